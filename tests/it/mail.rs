//! Mail through a real SMTP server (aiosmtpd, `scripts/mail-server`): the
//! server binary sends its outbox there, and the tests read the Maildir as
//! a member's mail program would, follow the links, and check the headers.
//! Also a server that refuses for good (5xx), one that is away and comes
//! back (retried), STARTTLS with a home CA, and `halfstar email test`.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::server::{RunningServer, halfstar};
use serde_json::{Value, json};

/// aiosmtpd on a port of its own, writing what it takes to a Maildir.
struct MailServer {
    child: Child,
    port: u16,
    maildir: tempfile::TempDir,
}

impl MailServer {
    fn start(args: &[&str]) -> Self {
        let maildir = tempfile::tempdir().unwrap();
        let mut child = Command::new(root().join("scripts/mail-server"))
            .arg("--maildir")
            .arg(maildir.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("scripts/mail-server starts (it installs aiosmtpd into .venv-mail)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Self {
            child,
            port,
            maildir,
        }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every mail delivered so far, raw, oldest first.
    fn mails(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.path().join("new")) else {
            return Vec::new();
        };
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
            .map(|entry| entry.unwrap().path())
            .map(|path| (path.metadata().unwrap().modified().unwrap(), path))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|(_, path)| std::fs::read_to_string(path).unwrap())
            .collect()
    }

    /// Waits (up to 20 s) until `count` mails have arrived.
    fn wait_for(&self, count: usize) -> Vec<String> {
        wait_until(&format!("{count} mails arrive"), || {
            self.mails().len() >= count
        });
        self.mails()
    }
}

impl Drop for MailServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A mail's header, unfolded.
fn header<'a>(mail: &'a str, name: &str) -> Option<&'a str> {
    let head = mail.split("\n\n").next().unwrap_or(mail);
    head.lines()
        .find(|line| {
            line.split_once(':')
                .is_some_and(|(key, _)| key.eq_ignore_ascii_case(name))
        })
        .map(|line| line.split_once(':').unwrap().1.trim())
}

/// The mail's text with quoted-printable's soft breaks and `=3D` undone.
fn readable(mail: &str) -> String {
    mail.replace("\r\n", "\n")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The first link in `mail` that begins with `start`.
fn link_in(mail: &str, start: &str) -> String {
    let text = readable(mail);
    let at = text
        .find(start)
        .unwrap_or_else(|| panic!("no link to {start} in {text}"));
    text[at..]
        .split(|c: char| c.is_whitespace() || c == '"' || c == '<')
        .next()
        .unwrap()
        .to_owned()
}

/// The status and JSON body (if any) of a raw answer.
fn answer(raw: &str) -> (u16, Value) {
    let status = raw.split(' ').nth(1).unwrap().parse().unwrap();
    let body = raw.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn call(
    server: &RunningServer,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    answer(&server.http(method, path, token, &body))
}

const PUBLIC: &str = "https://music.example";

fn serve_with_mail(data: &Path, smtp_url: &str, more: &[(&str, &str)]) -> RunningServer {
    let mut env = vec![
        ("HALFSTAR_SMTP_URL", smtp_url),
        ("HALFSTAR_MAIL_FROM", "music@example.org"),
        ("HALFSTAR_MAIL_FROM_NAME", "Our music"),
        ("HALFSTAR_PUBLIC_URL", PUBLIC),
        ("HALFSTAR_NEW_RELEASES", "false"),
        ("HALFSTAR_FETCH_PICTURES", "false"),
    ];
    env.extend_from_slice(more);
    RunningServer::start(data, Stdio::null(), &env)
}

/// Signs up `name` with `name@example.org`: their token.
fn sign_up(server: &RunningServer, name: &str) -> String {
    let (status, body) = call(
        server,
        "POST",
        "/api/auth/signup",
        None,
        json!({"username": name, "email": format!("{name}@example.org"), "password": "the-first-password", "profilePictureUrl": ""}),
    );
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

fn forgot(server: &RunningServer, email: &str) -> (u16, Value) {
    call(
        server,
        "POST",
        "/api/auth/forgot-password",
        None,
        json!({"email": email}),
    )
}

/// Reads the running server's database (WAL lets a reader in beside it).
fn outbox_states(data: &Path) -> Vec<(String, String, i64, String)> {
    let conn = rusqlite::Connection::open(data.join("halfstar.db")).unwrap();
    let mut statement = conn
        .prepare("SELECT to_address, state, tries, answer FROM mail_outbox ORDER BY id")
        .unwrap();
    statement
        .query_map([], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

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
