//! Neither a password, its hash nor a session token reaches an API answer or a log
//! line, even with every log level on.

use crate::common;

use std::path::Path;

use common::server::RunningServer;

fn stored_hash(data_dir: &Path) -> String {
    let conn = rusqlite::Connection::open(data_dir.join("halfstar.db")).unwrap();
    conn.query_row(
        "SELECT password_hash FROM users WHERE username = 'vinylvera'",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn no_secret_appears_in_answers_or_logs() {
    const PASSWORD: &str = "pa55word-that-must-not-leak";
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("server.log");
    let server = RunningServer::start(
        dir.path(),
        std::fs::File::create(&log_path).unwrap().into(),
        &[("HALFSTAR_LOG", "trace")],
    );
    let http = |method, path, token, body: &str| server.http(method, path, token, body);

    let mut answers = Vec::new();
    let signup = http(
        "POST",
        "/api/auth/signup",
        None,
        &format!(
            r#"{{"username":"vinylvera","email":"vera@example.com","password":"{PASSWORD}"}}"#
        ),
    );
    assert!(signup.starts_with("HTTP/1.1 201"), "{signup}");
    let token = signup
        .split(r#""token":""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_owned();
    answers.push(http("GET", "/api/auth/me", Some(&token), ""));
    answers.push(http("GET", "/api/user/username/vinylvera", None, ""));
    answers.push(http(
        "POST",
        "/api/auth/login",
        None,
        r#"{"email":"vera@example.com","password":"not-the-password"}"#,
    ));
    let login = http(
        "POST",
        "/api/auth/login",
        None,
        &format!(r#"{{"username":"VinylVera","password":"{PASSWORD}"}}"#),
    );
    assert!(login.starts_with("HTTP/1.1 200"), "{login}");
    answers.push(login);
    answers.push(http("POST", "/api/auth/logout", Some(&token), ""));

    server.stop();

    let hash = stored_hash(dir.path());
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    let logs = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        logs.contains("/api/auth/login"),
        "the trace level logs requests"
    );
    let answers = answers.join("\n");
    for (what, text) in [("answers", &answers), ("logs", &logs)] {
        assert!(!text.contains(PASSWORD), "the password is in the {what}");
        assert!(!text.contains("$argon2"), "a hash is in the {what}");
        assert!(!text.contains(&hash), "the hash is in the {what}");
        assert!(
            !text.contains("passwordHash") && !text.contains("password_hash"),
            "{what}"
        );
    }
    assert!(!logs.contains(&token), "the token is in the logs");
}
