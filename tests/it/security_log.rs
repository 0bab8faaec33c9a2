//! The security log against the release binary: failed log-ins, limits hit,
//! keys that name nobody, refused permissions (the music players' API's
//! too) and admin deletions are each one line of the
//! documented shape, with the client address and never a password or a
//! token; and the shipped fail2ban filter (run through Debian's
//! `fail2ban-regex`) finds exactly the addresses that failed, even when a
//! typed name pretends to be another address.

use crate::common;

use std::fs::File;
use std::net::IpAddr;
use std::path::Path;
use std::process::Command;

use common::server::{RunningServer, http_from, http_with_headers, release_binary};

const VALIDATE: &str = "/apis/listenbrainz/1/validate-token";
const SUBMIT: &str = "/apis/listenbrainz/1/submit-listens";

const FILTER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fail2ban/filter.d/halfstar.conf"
);

fn client(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

fn status(answer: &str) -> u16 {
    answer[9..12].parse().unwrap()
}

fn token(answer: &str) -> String {
    let body = answer.split_once("\r\n\r\n").unwrap().1;
    let json: serde_json::Value = serde_json::from_str(body).unwrap();
    json["token"].as_str().unwrap().to_owned()
}

/// The addresses the filter finds in `log`, in order.
fn banned_addresses(log: &Path) -> Vec<String> {
    let output = Command::new("fail2ban-regex")
        .args(["--out", "ip"])
        .arg(log)
        .arg(FILTER)
        .output()
        .expect("fail2ban-regex is installed (apt-get install -y fail2ban; .ci/run does it)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_security_log_has_one_shape_and_the_fail2ban_filter_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let log_path = dir.path().join("halfstar.log");
    let server = RunningServer::start_binary(
        &release_binary(),
        &dir.path().join("data"),
        File::create(&log_path).unwrap().into(),
        &[("HALFSTAR_DEMO", "1"), ("HALFSTAR_SIGN_UPS_PER_HOUR", "1")],
    );
    let port = server.port;
    let login = |from, name: &str, password: &str| {
        let body = format!(r#"{{"username":"{name}","password":"{password}"}}"#);
        http_from(port, from, "POST", "/api/auth/login", None, &body)
    };

    for _ in 0..2 {
        assert_eq!(
            status(&login(client(2), "vinylvera", "secret-guess-1")),
            401
        );
    }
    // A name that pretends to be the log line of another address.
    let forged = r#"x\" client=192.0.2.99 WARN halfstar::security: login-failed client=192.0.2.98"#;
    assert_eq!(status(&login(client(3), forged, "secret-guess-2")), 401);
    // A limit hit: the second sign-up from one address within the hour.
    for n in 0..2 {
        let body = format!(
            r#"{{"username":"newcomer{n}","email":"n{n}@example.org","password":"secret-sign-up-3"}}"#
        );
        let answer = http_from(port, client(4), "POST", "/api/auth/signup", None, &body);
        assert_eq!(status(&answer), if n == 0 { 201 } else { 429 });
    }
    // A member refused an admin's action, and the admin doing it.
    let mira = token(&login(client(5), "mira99", "halfstar-demo"));
    let vera = token(&login(client(6), "vinylvera", "halfstar-demo"));
    let refused = http_from(port, client(5), "DELETE", "/api/album/1", Some(&mira), "");
    assert_eq!(status(&refused), 403);
    let removed = http_from(port, client(6), "DELETE", "/api/comment/1", Some(&vera), "");
    assert_eq!(status(&removed), 204, "{removed}");
    // Keys guessed: a player token and a calendar link that name nobody.
    let guessed = [(
        "Authorization",
        "Token 00000000-0000-4000-8000-000000000000",
    )];
    let validated = http_with_headers(port, client(7), "GET", VALIDATE, &guessed, "");
    assert!(validated.contains(r#""valid":false"#), "{validated}");
    let submitted = http_with_headers(port, client(7), "POST", SUBMIT, &guessed, "{}");
    assert_eq!(status(&submitted), 401, "{submitted}");
    let calendar = http_from(
        port,
        client(8),
        "GET",
        "/api/feeds/calendar/guessed",
        None,
        "",
    );
    assert_eq!(status(&calendar), 404, "{calendar}");
    // A player token refused another member's plays.
    let made = http_from(
        port,
        client(5),
        "POST",
        "/api/settings/player-token",
        Some(&mira),
        "",
    );
    assert_eq!(status(&made), 201, "{made}");
    let player = token(&made);
    let authorization = format!("Token {player}");
    let others = http_with_headers(
        port,
        client(9),
        "GET",
        "/apis/listenbrainz/1/user/vinylvera/listens",
        &[("Authorization", &authorization)],
        "",
    );
    assert_eq!(status(&others), 403, "{others}");
    server.stop();

    let log = std::fs::read_to_string(&log_path).unwrap();
    let security: Vec<&str> = log
        .lines()
        .filter(|line| line.contains("halfstar::security:"))
        .collect();
    let shape = |line: &str| {
        let (stamp, rest) = line.split_once(' ').unwrap();
        assert!(stamp.ends_with('Z') && stamp.len() == 27, "{line}");
        let rest = rest.trim_start();
        let (level, rest) = rest.split_once(" halfstar::security: ").unwrap();
        let (kind, rest) = rest.split_once(" client=").unwrap();
        let client = rest.split(' ').next().unwrap();
        (level.to_owned(), kind.to_owned(), client.to_owned())
    };
    let seen: Vec<(String, String, String)> = security.iter().map(|line| shape(line)).collect();
    let expected = [
        ("WARN", "login-failed", "127.0.0.2"),
        ("WARN", "login-failed", "127.0.0.2"),
        ("WARN", "login-failed", "127.0.0.3"),
        ("WARN", "limit-hit", "127.0.0.4"),
        ("WARN", "permission-refused", "127.0.0.5"),
        ("INFO", "admin-action", "127.0.0.6"),
        ("WARN", "key-refused", "127.0.0.7"),
        ("WARN", "key-refused", "127.0.0.7"),
        ("WARN", "key-refused", "127.0.0.8"),
        ("WARN", "permission-refused", "127.0.0.9"),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(seen, expected, "{}", security.join("\n"));
    assert!(
        security[4].contains(r#"user="mira99" request="DELETE /api/album/1" status=403"#),
        "{}",
        security[4]
    );
    assert!(security[5].contains(r#"user="vinylvera" request="DELETE /api/comment/1" status=204"#));
    assert!(
        security[6].ends_with(r#"key="player token""#),
        "{}",
        security[6]
    );
    assert!(
        security[8].ends_with(r#"key="calendar link""#),
        "{}",
        security[8]
    );
    assert!(
        security[9].contains(
            r#"user="mira99" request="GET /apis/listenbrainz/1/user/vinylvera/listens" status=403"#
        ),
        "{}",
        security[9]
    );
    // (The demo's shared password is announced at start, on purpose.)
    for secret in [
        "secret-guess-1",
        "secret-guess-2",
        "secret-sign-up-3",
        &mira,
        &vera,
        &player,
    ] {
        assert!(!log.contains(secret), "the log holds {secret}");
    }

    assert_eq!(
        banned_addresses(&log_path),
        [
            "127.0.0.2",
            "127.0.0.2",
            "127.0.0.3",
            "127.0.0.4",
            "127.0.0.7",
            "127.0.0.7",
            "127.0.0.8"
        ]
    );
}
