//! The mail tests' real SMTP server (aiosmtpd, `scripts/mail-server`),
//! the server binary set up to send through it, and ways to read what it
//! delivered as a member's mail program would.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::server::RunningServer;

/// aiosmtpd on a port of its own, writing what it takes to a Maildir.
pub struct MailServer {
    child: Child,
    pub port: u16,
    maildir: tempfile::TempDir,
}

impl MailServer {
    pub fn start(args: &[&str]) -> Self {
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

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every mail delivered so far, raw, oldest first.
    pub fn mails(&self) -> Vec<String> {
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
    pub fn wait_for(&self, count: usize) -> Vec<String> {
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

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A mail's header, unfolded.
pub fn header<'a>(mail: &'a str, name: &str) -> Option<&'a str> {
    let head = mail.split("\n\n").next().unwrap_or(mail);
    head.lines()
        .find(|line| {
            line.split_once(':')
                .is_some_and(|(key, _)| key.eq_ignore_ascii_case(name))
        })
        .map(|line| line.split_once(':').unwrap().1.trim())
}

/// The mail's text with quoted-printable's soft breaks and `=3D` undone.
pub fn readable(mail: &str) -> String {
    mail.replace("\r\n", "\n")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The first link in `mail` that begins with `start`.
pub fn link_in(mail: &str, start: &str) -> String {
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
pub fn answer(raw: &str) -> (u16, Value) {
    let status = raw.split(' ').nth(1).unwrap().parse().unwrap();
    let body = raw.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

pub fn call(
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

pub const PUBLIC: &str = "https://music.example";

pub fn serve_with_mail(data: &Path, smtp_url: &str, more: &[(&str, &str)]) -> RunningServer {
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
pub fn sign_up(server: &RunningServer, name: &str) -> String {
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

pub fn forgot(server: &RunningServer, email: &str) -> (u16, Value) {
    call(
        server,
        "POST",
        "/api/auth/forgot-password",
        None,
        json!({"email": email}),
    )
}

/// Reads the running server's database (WAL lets a reader in beside it).
pub fn outbox_states(data: &Path) -> Vec<(String, String, i64, String)> {
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

pub fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
