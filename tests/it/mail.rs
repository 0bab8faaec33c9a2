//! Mail through a real SMTP server (aiosmtpd, `scripts/mail-server`): the
//! server binary sends its outbox there, and the tests read the Maildir as
//! a member's mail program would, follow the links, and check the headers.
//! Also a server that refuses for good (5xx), one that is away and comes
//! back (retried), STARTTLS with a home CA, and `halfstar email test`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::mail::*;
use common::server::halfstar;
use serde_json::{Value, json};

#[test]
fn a_forgotten_password_is_recovered_through_the_mailed_link() {
    let smtp = MailServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &[]);
    let old_session = sign_up(&server, "vera");

    let (status, options) = call(&server, "GET", "/api/site/sign-in", None, Value::Null);
    assert_eq!(
        (status, &options["passwordResetByMail"]),
        (200, &json!(true))
    );

    // The same answer whether or not an account has the address.
    let known = forgot(&server, "Vera@Example.org");
    let unknown = forgot(&server, "nobody@example.org");
    assert_eq!(known.0, 202, "{}", known.1);
    assert_eq!(known, unknown);

    let mails = smtp.wait_for(1);
    let mail = &mails[0];
    assert_eq!(header(mail, "To"), Some("vera@example.org"));
    assert_eq!(
        header(mail, "From"),
        Some("\"Our music\" <music@example.org>")
    );
    assert_eq!(
        header(mail, "Subject"),
        Some("Choose a new password on music.example")
    );
    assert_eq!(header(mail, "Auto-Submitted"), Some("auto-generated"));
    assert!(
        header(mail, "Content-Type").is_some_and(|kind| kind.starts_with("multipart/alternative")),
        "{mail}"
    );
    assert!(
        mail.contains("text/plain") && mail.contains("text/html"),
        "{mail}"
    );
    assert!(header(mail, "Message-ID").is_some_and(|id| id.ends_with("@music.example>")));
    // Links only from the public address, never the listening one (the
    // head names the listening address: aiosmtpd's X-Peer).
    let body = mail.split_once("\n\n").unwrap().1;
    assert!(!readable(body).contains("127.0.0.1"), "{mail}");
    let link = link_in(mail, &format!("{PUBLIC}/reset-password#token="));
    let token = link.split("#token=").nth(1).unwrap();

    // A wrong token changes nothing.
    let (status, body) = call(
        &server,
        "POST",
        "/api/auth/reset-password",
        None,
        json!({"token": "not-the-token", "newPassword": "a-new-password"}),
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("expired or was used")
    );

    let (status, body) = call(
        &server,
        "POST",
        "/api/auth/reset-password",
        None,
        json!({"token": token, "newPassword": "a-new-password"}),
    );
    assert_eq!(status, 204, "{body}");
    // Every session ended; the old password no longer works, the new one does.
    let (status, _) = call(
        &server,
        "GET",
        "/api/auth/me",
        Some(&old_session),
        Value::Null,
    );
    assert_eq!(status, 401);
    let log_in = |password: &str| {
        call(
            &server,
            "POST",
            "/api/auth/login",
            None,
            json!({"email": "vera@example.org", "password": password}),
        )
        .0
    };
    assert_eq!(log_in("the-first-password"), 401);
    assert_eq!(log_in("a-new-password"), 200);
    // Once only.
    let (status, _) = call(
        &server,
        "POST",
        "/api/auth/reset-password",
        None,
        json!({"token": token, "newPassword": "another-password"}),
    );
    assert_eq!(status, 400);

    let mails = smtp.wait_for(2);
    let told = &mails[1];
    assert_eq!(
        header(told, "Subject"),
        Some("Your password on music.example was changed")
    );
    assert!(
        readable(told).contains(&format!("{PUBLIC}/forgot-password")),
        "{told}"
    );
    // Nothing was mailed for the address without an account.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(smtp.mails().len(), 2);
    let states = outbox_states(dir.path());
    assert!(
        states
            .iter()
            .all(|(_, state, _, answer)| state == "sent" && answer.starts_with("250")),
        "{states:?}"
    );
}

#[test]
fn a_server_that_refuses_the_address_marks_it_undeliverable() {
    let smtp = MailServer::start(&["--refuse", "550 5.1.1 No such user here"]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &[]);
    sign_up(&server, "gone");
    assert_eq!(forgot(&server, "gone@example.org").0, 202);
    wait_until("the mail is given up", || {
        outbox_states(dir.path())
            .first()
            .is_some_and(|(_, state, _, _)| state == "given-up")
    });
    let (_, state, tries, why) = &outbox_states(dir.path())[0];
    assert_eq!((state.as_str(), *tries), ("given-up", 1), "{why}");
    assert!(why.contains("550"), "{why}");
    let conn = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
    let reason: String = conn
        .query_row(
            "SELECT reason FROM mail_undeliverable WHERE address = 'gone@example.org'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert!(reason.contains("No such user"), "{reason}");
    // Nothing more is queued for it.
    assert_eq!(forgot(&server, "gone@example.org").0, 202);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(outbox_states(dir.path()).len(), 1);
}

#[test]
fn mail_waits_while_the_server_is_away_and_goes_when_it_is_back() {
    // A port nothing listens on, until the mail server starts there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(
        dir.path(),
        &format!("smtp://127.0.0.1:{port}"),
        &[("HALFSTAR_MAIL_RETRY_SECONDS", "1")],
    );
    sign_up(&server, "patient");
    assert_eq!(forgot(&server, "patient@example.org").0, 202);
    wait_until("a first try failed", || {
        outbox_states(dir.path())
            .first()
            .is_some_and(|(_, _, tries, _)| *tries >= 1)
    });
    let (_, state, _, why) = &outbox_states(dir.path())[0];
    assert_eq!(state, "waiting", "{why}");

    let smtp = MailServer::start(&["--port", &port.to_string()]);
    let mails = smtp.wait_for(1);
    assert!(readable(&mails[0]).contains("/reset-password#token="));
    wait_until("the outbox says sent", || {
        outbox_states(dir.path())[0].1 == "sent"
    });
}

/// A home CA, and a certificate for 127.0.0.1 it signed: the CA's file (to
/// trust), and the server's certificate and key.
fn home_certificate(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let at = |name: &str| dir.join(name);
    let openssl = |args: &[&str]| {
        let made = Command::new("openssl")
            .current_dir(dir)
            .args(args)
            .output()
            .expect("openssl runs");
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
    };
    openssl(&[
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=home CA",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
    ]);
    openssl(&[
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=mail.home",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
    ]);
    std::fs::write(
        at("server.ext"),
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n",
    )
    .unwrap();
    openssl(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "server.ext",
        "-out",
        "server.pem",
    ]);
    (at("ca.pem"), at("server.pem"), at("server.key"))
}

#[test]
fn starttls_with_a_home_ca_and_the_test_command() {
    let certs = tempfile::tempdir().unwrap();
    let (ca, cert, key) = home_certificate(certs.path());
    let smtp = MailServer::start(&[
        "--tls-cert",
        cert.to_str().unwrap(),
        "--tls-key",
        key.to_str().unwrap(),
    ]);
    let url = format!("smtp://127.0.0.1:{}?tls=required", smtp.port);
    let data = tempfile::tempdir().unwrap();
    let test = |ca: Option<&Path>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_halfstar"));
        command
            .arg("--data-dir")
            .arg(data.path())
            .args(["email", "test", "someone@example.org", "--smtp-url", &url])
            .args(["--mail-from", "music@example.org", "--public-url", PUBLIC]);
        if let Some(ca) = ca {
            command.arg("--smtp-ca-file").arg(ca);
        }
        command.output().unwrap()
    };
    // Without the home CA the certificate is not trusted: not sent.
    let untrusted = test(None);
    assert!(!untrusted.status.success());
    assert!(
        String::from_utf8_lossy(&untrusted.stderr).contains("not sent"),
        "{untrusted:?}"
    );
    assert!(smtp.mails().is_empty());

    let sent = test(Some(&ca));
    let said = String::from_utf8_lossy(&sent.stdout);
    assert!(sent.status.success(), "{sent:?}");
    assert!(
        said.starts_with("sent: the mail server answered 250"),
        "{said}"
    );
    let mails = smtp.wait_for(1);
    assert_eq!(
        header(&mails[0], "Subject"),
        Some("A test from halfstar at music.example")
    );
    // The server takes mail only after STARTTLS (require_starttls): its
    // arrival is the proof that the session was encrypted.

    // The server sends its outbox over the same settings.
    let server = serve_with_mail(
        data.path(),
        &url,
        &[("HALFSTAR_SMTP_CA_FILE", ca.to_str().unwrap())],
    );
    sign_up(&server, "secure");
    assert_eq!(forgot(&server, "secure@example.org").0, 202);
    smtp.wait_for(2);
}

#[test]
fn bad_mail_settings_stop_the_server_and_the_test_command_with_a_reason() {
    let data = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(data.path())
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--smtp-url",
            "smtp://mail.example",
        ])
        .env_remove("HALFSTAR_MAIL_FROM")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--mail-from"),
        "{out:?}"
    );

    let out = halfstar(data.path(), &["email", "test", "a@example.org"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--smtp-url"),
        "{out:?}"
    );
}

#[test]
fn an_admin_mails_an_invite_and_its_link_signs_the_friend_up() {
    let smtp = MailServer::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with_mail(dir.path(), &smtp.url(), &[]);
    let admin = sign_up(&server, "vera");
    let promoted = halfstar(dir.path(), &["user", "promote", "vera", "--role", "admin"]);
    assert!(promoted.status.success(), "{promoted:?}");
    let (status, invite) = call(
        &server,
        "POST",
        "/api/invites",
        Some(&admin),
        json!({"maxUses": 1, "expiresInDays": 7, "email": "friend@example.org"}),
    );
    assert_eq!(status, 201, "{invite}");
    let mails = smtp.wait_for(1);
    assert_eq!(header(&mails[0], "To"), Some("friend@example.org"));
    assert_eq!(
        header(&mails[0], "Subject"),
        Some("vera invites you to halfstar at music.example")
    );
    let link = link_in(&mails[0], &format!("{PUBLIC}/sign-up?invite="));
    let code = link.split("invite=").nth(1).unwrap();
    assert_eq!(code, invite["code"].as_str().unwrap());
}
