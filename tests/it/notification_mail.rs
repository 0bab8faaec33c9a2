//! Notification mail through the real SMTP server: a member asks for a kind,
//! what happens after is mailed with a link to it, and the mail's
//! `List-Unsubscribe` address takes one POST (RFC 8058) that turns the kind
//! off without signing in; the weekly digest tells what is unread.

use crate::common;

use std::time::Duration;

use common::mail::*;
use common::server::{RunningServer, halfstar};
use serde_json::{Value, json};

const QUICK: [(&str, &str); 1] = [("HALFSTAR_MAIL_NOTIFICATIONS_SECONDS", "1")];

fn post(server: &RunningServer, token: &str, title: &str, text: &str) -> i64 {
    let (status, body) = call(
        server,
        "POST",
        "/api/post",
        Some(token),
        json!({"title": title, "postText": text}),
    );
    assert_eq!(status, 201, "{body}");
    body["postId"].as_i64().unwrap()
}

fn comment_on_post(server: &RunningServer, token: &str, post: i64, text: &str) {
    let (status, body) = call(
        server,
        "POST",
        "/api/comment",
        Some(token),
        json!({"commentText": text, "postId": post, "albumId": null, "reviewId": null}),
    );
    assert_eq!(status, 201, "{body}");
}

fn choose(server: &RunningServer, token: &str, choice: Value) -> Value {
    let (status, body) = call(server, "PUT", "/api/settings/mail", Some(token), choice);
    assert_eq!(status, 200, "{body}");
    body
}

/// The notification mail the member asked for, as their settings say.
fn mailed(server: &RunningServer, token: &str) -> Value {
    let (status, body) = call(
        server,
        "GET",
        "/api/settings/mail",
        Some(token),
        Value::Null,
    );
    assert_eq!(status, 200, "{body}");
    body["mailed"].clone()
}

/// The token at the end of a `List-Unsubscribe` header.
fn unsubscribe_token(mail: &str) -> String {
    let header = header(mail, "List-Unsubscribe").expect("a List-Unsubscribe header");
    let url = header.trim_start_matches('<').trim_end_matches('>');
    let prefix = format!("{PUBLIC}/unsubscribe/");
    assert!(url.starts_with(&prefix), "{url}");
    url[prefix.len()..].to_owned()
}

/// What a mail program does with `List-Unsubscribe-Post`: one POST of the
/// form body, no cookies, no sign-in.
fn one_click(server: &RunningServer, token: &str) -> reqwest::StatusCode {
    halfstar::outgoing::client_builder("a mail program", Duration::from_secs(10))
        .build()
        .unwrap()
        .post(format!(
            "http://127.0.0.1:{}/unsubscribe/{token}",
            server.port
        ))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .unwrap()
        .status()
}

/// Waits long enough for several of the task's rounds, then says no more
/// mail than `count` came.
fn no_more_than(smtp: &MailServer, count: usize) {
    std::thread::sleep(Duration::from_secs(3));
    assert_eq!(smtp.mails().len(), count, "{:#?}", smtp.mails());
}

#[test]
fn a_comment_is_mailed_and_one_click_turns_replies_off() {
    let smtp = MailServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &QUICK);
    let vera = sign_up(&server, "vera");
    let tom = sign_up(&server, "tom");
    assert_eq!(
        mailed(&server, &vera),
        json!({"replies": false, "mentions": false, "newReleases": false, "digest": false})
    );
    let topic = post(&server, &vera, "Best of the year", "Mine is Kid A.");
    // Before she asks: told on the site only.
    comment_on_post(&server, &tom, topic, "Too early to say.");
    let chosen = choose(&server, &vera, json!({"replies": true}));
    assert_eq!(chosen["mailed"]["replies"], true);
    assert_eq!(chosen["mailed"]["mentions"], false, "not sent: unchanged");
    no_more_than(&smtp, 0);

    comment_on_post(&server, &tom, topic, "Mine is Amnesiac.");
    let mails = smtp.wait_for(1);
    let mail = &mails[0];
    assert_eq!(header(mail, "To"), Some("vera@example.org"));
    assert!(
        readable(mail).contains("tom commented on your post"),
        "{}",
        readable(mail)
    );
    assert_eq!(
        header(mail, "List-Unsubscribe-Post"),
        Some("List-Unsubscribe=One-Click")
    );
    assert_eq!(header(mail, "Auto-Submitted"), Some("auto-generated"));
    let page = link_in(mail, &format!("{PUBLIC}/post/{topic}"));
    assert!(page.contains("#comment-"), "{page}");
    let token = unsubscribe_token(mail);
    let body = readable(mail).split_once("\n\n").unwrap().1.to_owned();
    assert_eq!(
        link_in(&body, &format!("{PUBLIC}/unsubscribe/")),
        format!("{PUBLIC}/unsubscribe/{token}"),
        "the text's link is the header's"
    );

    // Opening the link (a GET, as a mail scanner would) changes nothing.
    let (status, asked) = call(
        &server,
        "GET",
        &format!("/api/mail/unsubscribe/{token}"),
        None,
        Value::Null,
    );
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["kind"], "replies");
    assert_eq!(asked["username"], "vera");
    assert_eq!(asked["subscribed"], true);
    let page = server.http("GET", &format!("/unsubscribe/{token}"), None, "");
    assert!(
        page.starts_with("HTTP/1.1 200"),
        "the page that asks first: {page}"
    );

    assert_eq!(one_click(&server, &token), 200);
    assert_eq!(mailed(&server, &vera)["replies"], false);
    assert_eq!(one_click(&server, &token), 200, "twice changes nothing");
    let last = if token.ends_with('A') { 'B' } else { 'A' };
    let wrong = format!("{}{last}", &token[..42]);
    assert_eq!(one_click(&server, &wrong), 404);
    assert_eq!(one_click(&server, "not-a-token"), 404);

    comment_on_post(&server, &tom, topic, "Or Hail to the Thief.");
    no_more_than(&smtp, 1);

    // Turned on again, the old mail's link still turns it off.
    choose(&server, &vera, json!({"replies": true}));
    assert_eq!(one_click(&server, &token), 200);
    assert_eq!(mailed(&server, &vera)["replies"], false);
}

#[test]
fn mentions_are_mailed_but_not_from_a_blocked_member() {
    let smtp = MailServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &QUICK);
    let vera = sign_up(&server, "vera");
    let tom = sign_up(&server, "tom");
    let ada = sign_up(&server, "ada");
    choose(&server, &vera, json!({"mentions": true, "replies": false}));
    post(&server, &tom, "Ask @vera", "She knows.");
    let mails = smtp.wait_for(1);
    assert!(
        readable(&mails[0]).contains("tom mentioned you"),
        "{}",
        readable(&mails[0])
    );

    let (status, _) = call(
        &server,
        "POST",
        "/api/user/username/ada/block",
        Some(&vera),
        Value::Null,
    );
    assert!(status < 300, "{status}");
    post(&server, &ada, "Ask @vera too", "Or not.");
    no_more_than(&smtp, 1);
}

#[test]
fn the_weekly_digest_tells_what_is_unread_and_unsubscribes_by_its_link() {
    let smtp = MailServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &QUICK);
    let vera = sign_up(&server, "vera");
    let tom = sign_up(&server, "tom");
    choose(&server, &vera, json!({"digest": true}));
    let (status, _) = call(
        &server,
        "POST",
        "/api/user/username/vera/follow",
        Some(&tom),
        Value::Null,
    );
    assert!(status < 300, "{status}");
    // Not due for a week; nothing is sent meanwhile.
    no_more_than(&smtp, 0);

    let due = halfstar(dir.path(), &["email", "digests-now"]);
    assert!(due.status.success(), "{due:?}");
    assert_eq!(
        String::from_utf8_lossy(&due.stdout).trim(),
        "1 weekly digests are due now"
    );
    let mails = smtp.wait_for(1);
    let digest = readable(&mails[0]);
    assert_eq!(
        header(&mails[0], "Subject"),
        Some("Your week on halfstar at music.example")
    );
    assert!(digest.contains("tom followed you"), "{digest}");
    assert_eq!(
        link_in(&mails[0], &format!("{PUBLIC}/user/")),
        format!("{PUBLIC}/user/tom")
    );

    // Read, nothing is left to tell: no digest.
    let (status, _) = call(
        &server,
        "POST",
        "/api/notifications/read",
        Some(&vera),
        json!({}),
    );
    assert_eq!(status, 200);
    halfstar(dir.path(), &["email", "digests-now"]);
    no_more_than(&smtp, 1);

    let token = unsubscribe_token(&mails[0]);
    let (status, done) = call(
        &server,
        "POST",
        &format!("/api/mail/unsubscribe/{token}"),
        None,
        Value::Null,
    );
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["what"], "the weekly digest");
    assert_eq!(done["subscribed"], false);
    let due = halfstar(dir.path(), &["email", "digests-now"]);
    assert_eq!(
        String::from_utf8_lossy(&due.stdout).trim(),
        "0 weekly digests are due now"
    );
}

#[test]
fn without_mail_nothing_can_be_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let server = RunningServer::start(dir.path(), std::process::Stdio::null(), &[]);
    let vera = sign_up(&server, "vera");
    let (status, body) = call(
        &server,
        "PUT",
        "/api/settings/mail",
        Some(&vera),
        json!({"digest": true}),
    );
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("sends no mail"));
    assert_eq!(mailed(&server, &vera)["digest"], false);
}
