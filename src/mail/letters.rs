//! The words of each mail, plain and HTML. Every link begins with the public
//! address.

use html_escape::encode_text;

use super::Letter;
use crate::config::PublicUrl;

/// How long a forgotten password's link works.
pub const RESET_LINK_MINUTES: i64 = 30;

/// Sent by `halfstar email test`.
pub fn test(site: &PublicUrl) -> Letter {
    let text = format!(
        "This is a test from halfstar at {site}. Mail from the site reaches this address.\n"
    );
    letter(
        "test",
        format!("A test from halfstar at {}", site.host()),
        text,
        &[],
    )
}

/// A forgotten password's link: the page it opens asks for the new
/// password, and only that form's POST uses the token.
pub fn password_reset(site: &PublicUrl, username: &str, token: &str) -> Letter {
    let link = format!("{site}/reset-password#token={token}");
    let text = format!(
        "Hello {username},\n\n\
         someone (we hope you) asked to choose a new password for your halfstar account at {host}. \
         Open this link to choose one; it works for {RESET_LINK_MINUTES} minutes, once:\n\n\
         {link}\n\n\
         If you did not ask, ignore this mail: your password stays as it is.\n",
        host = site.host(),
    );
    letter(
        "password-reset",
        format!("Choose a new password on {}", site.host()),
        text,
        &[&link],
    )
}

/// Told after a password changed, by a reset or in settings.
pub fn password_changed(site: &PublicUrl, username: &str) -> Letter {
    let again = format!("{site}/forgot-password");
    let text = format!(
        "Hello {username},\n\n\
         the password of your halfstar account at {host} was just changed, and every device \
         signed in to it was signed out.\n\n\
         If you did not change it, choose a new password at once:\n\n\
         {again}\n",
        host = site.host(),
    );
    letter(
        "password-changed",
        format!("Your password on {} was changed", site.host()),
        text,
        &[&again],
    )
}

/// An invite link an admin mailed.
pub fn invite(site: &PublicUrl, inviter: &str, code: &str, until: &str) -> Letter {
    let link = format!("{site}/sign-up?invite={code}");
    let text = format!(
        "Hello,\n\n\
         {inviter} invites you to join halfstar at {host}, a community for rating and \
         reviewing music albums. Sign up with this link (it works until {until}):\n\n\
         {link}\n\n\
         If you do not know {inviter}, ignore this mail.\n",
        host = site.host(),
    );
    letter(
        "invite",
        format!("{inviter} invites you to halfstar at {}", site.host()),
        text,
        &[&link],
    )
}

/// The HTML part is the plain text's paragraphs, with each of `links` (a
/// paragraph of its own in the text) made a link.
fn letter(kind: &'static str, subject: String, text: String, links: &[&str]) -> Letter {
    let paragraphs: Vec<String> = text
        .trim_end()
        .split("\n\n")
        .map(|paragraph| {
            if links.contains(&paragraph) {
                let href = html_escape::encode_double_quoted_attribute(paragraph);
                format!("<p><a href=\"{href}\">{}</a></p>", encode_text(paragraph))
            } else {
                format!("<p>{}</p>", encode_text(paragraph).replace('\n', "<br>"))
            }
        })
        .collect();
    let html = format!(
        "<!doctype html>\n<html><body style=\"font-family: sans-serif; line-height: 1.5\">\n{}\n</body></html>\n",
        paragraphs.join("\n")
    );
    Letter {
        kind,
        subject,
        text,
        html,
        unsubscribe: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reset_links_to_the_public_address_in_both_parts() {
        let site = PublicUrl::parse("https://music.example/hs").unwrap();
        let letter = password_reset(&site, "vera<b>", "TOKEN-1");
        let link = "https://music.example/hs/reset-password#token=TOKEN-1";
        assert!(letter.text.contains(link), "{}", letter.text);
        assert!(
            letter.html.contains(&format!("<a href=\"{link}\">")),
            "{}",
            letter.html
        );
        assert!(
            letter.html.contains("vera&lt;b&gt;"),
            "escaped: {}",
            letter.html
        );
        assert!(letter.text.contains("30 minutes"));
        assert_eq!(letter.subject, "Choose a new password on music.example");
    }
}
