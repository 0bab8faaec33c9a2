//! The words of each mail, plain and HTML. Every link begins with the public
//! address.

use html_escape::encode_text;

use super::Letter;
use crate::config::PublicUrl;
use crate::domain::MailKind;
use crate::notices::Notification;

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

/// How long a sign-up's or an email change's link works.
pub const ADDRESS_LINK_HOURS: i64 = 24;

/// The link that finishes a sign-up, to the address it names.
pub fn confirm_sign_up(site: &PublicUrl, username: &str, token: &str) -> Letter {
    let link = format!("{site}/confirm-sign-up#token={token}");
    let text = format!(
        "Hello {username},\n\n\
         to finish signing up to halfstar at {host}, open this link (it works for \
         {ADDRESS_LINK_HOURS} hours, once):\n\n\
         {link}\n\n\
         If you did not sign up, ignore this mail: no account is made.\n",
        host = site.host(),
    );
    letter(
        "confirm-sign-up",
        format!("Finish signing up on {}", site.host()),
        text,
        &[&link],
    )
}

/// Told to an address that already has an account, when someone signs up
/// with it: the sign-up's answer does not say so, this mail does.
pub fn already_a_member(site: &PublicUrl, username: &str) -> Letter {
    let log_in = format!("{site}/login");
    let reset = format!("{site}/forgot-password");
    let text = format!(
        "Hello {username},\n\n\
         someone just tried to sign up to halfstar at {host} with this address, which \
         already has an account: yours. If it was you, log in:\n\n\
         {log_in}\n\n\
         or, if you forgot your password, choose a new one:\n\n\
         {reset}\n\n\
         If it was not you, ignore this mail: nothing changed.\n",
        host = site.host(),
    );
    letter(
        "already-a-member",
        format!("You already have an account on {}", site.host()),
        text,
        &[&log_in, &reset],
    )
}

/// The link that confirms a new email, to the new address.
pub fn confirm_email_change(site: &PublicUrl, username: &str, token: &str) -> Letter {
    let link = format!("{site}/confirm-email#token={token}");
    let text = format!(
        "Hello {username},\n\n\
         to make this the email of your halfstar account at {host}, open this link (it \
         works for {ADDRESS_LINK_HOURS} hours, once):\n\n\
         {link}\n\n\
         If you did not ask, ignore this mail: nothing changes.\n",
        host = site.host(),
    );
    letter(
        "confirm-email",
        format!("Confirm your new email on {}", site.host()),
        text,
        &[&link],
    )
}

/// Told to the old address when a change to a new one is asked.
pub fn email_changing(site: &PublicUrl, username: &str, new_email: &str) -> Letter {
    let reset = format!("{site}/forgot-password");
    let text = format!(
        "Hello {username},\n\n\
         the email of your halfstar account at {host} is to change to {new_email}, once that \
         address confirms it. If you did not ask, someone has your password: choose a new one \
         at once, which also ends the change:\n\n\
         {reset}\n",
        host = site.host(),
    );
    letter(
        "email-changing",
        format!("Your email on {} is changing", site.host()),
        text,
        &[&reset],
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

/// Where one POST (RFC 8058) or the page a GET opens turns a kind of
/// mail off, without signing in.
pub fn unsubscribe_link(site: &PublicUrl, token: &str) -> String {
    format!("{site}/unsubscribe/{token}")
}

/// How every notification mail ends: why it came, and how to stop it.
fn why_and_how_to_stop(site: &PublicUrl, kind: MailKind, unsubscribe: &str) -> String {
    format!(
        "You get this because you asked for {what} on halfstar at {host}. To stop it, open:\n\n\
         {unsubscribe}\n\n\
         Or choose which mail you get in your settings:\n\n\
         {site}/settings/account\n",
        what = kind.describe(),
        host = site.host(),
    )
}

/// One notification mailed: its sentence, and the page it is about.
pub fn notification(
    site: &PublicUrl,
    username: &str,
    kind: MailKind,
    told: &Notification,
    token: &str,
) -> Letter {
    let page = format!("{site}{}", told.link);
    let unsubscribe = unsubscribe_link(site, token);
    let text = format!(
        "Hello {username},\n\n\
         {sentence}:\n\n\
         {page}\n\n\
         {end}",
        sentence = told.text,
        end = why_and_how_to_stop(site, kind, &unsubscribe),
    );
    let settings = format!("{site}/settings/account");
    let mut letter = letter(
        kind.as_str(),
        format!("{} (halfstar at {})", told.text, site.host()),
        text,
        &[&page, &unsubscribe, &settings],
    );
    letter.unsubscribe = Some(unsubscribe);
    letter
}

/// The most a weekly digest lists; the rest are counted.
pub const DIGEST_MOST: usize = 20;

/// A week's unread notifications, told in one mail.
pub fn digest(
    site: &PublicUrl,
    username: &str,
    told: &[Notification],
    more: bool,
    token: &str,
) -> Letter {
    let unsubscribe = unsubscribe_link(site, token);
    let mut links = Vec::new();
    let mut text = format!(
        "Hello {username},\n\nhere is what happened on halfstar at {host} this week that you have not read yet:\n\n",
        host = site.host(),
    );
    for item in told {
        let page = format!("{site}{}", item.link);
        text.push_str(&format!("{}:\n\n{page}\n\n", item.text));
        links.push(page);
    }
    let all = format!("{site}/notifications");
    text.push_str(if more {
        "And more: see them all at\n\n"
    } else {
        "Every notification is at\n\n"
    });
    text.push_str(&format!("{all}\n\n"));
    links.push(all);
    text.push_str(&why_and_how_to_stop(site, MailKind::Digest, &unsubscribe));
    let settings = format!("{site}/settings/account");
    links.push(unsubscribe.clone());
    links.push(settings);
    let links: Vec<&str> = links.iter().map(String::as_str).collect();
    let mut letter = letter(
        MailKind::Digest.as_str(),
        format!("Your week on halfstar at {}", site.host()),
        text,
        &links,
    );
    letter.unsubscribe = Some(unsubscribe);
    letter
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
