//! `halfstar user ...` against a real data directory.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::json;

/// Runs `halfstar --data-dir DIR user ARGS`, feeding `stdin`.
fn user(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(dir)
        .arg("user")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().expect("finishes")
}

fn out(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn create(dir: &Path, name: &str) -> Output {
    let email = format!("{name}@example.org");
    user(
        dir,
        &["create", name, "--email", &email],
        "a-good-password\n",
    )
}

#[test]
fn create_and_list_members() {
    let dir = tempfile::tempdir().unwrap();
    let created = create(dir.path(), "vinylvera");
    assert!(created.status.success(), "{}", out(&created));
    let admin = user(
        dir.path(),
        &[
            "create",
            "boss",
            "--email",
            "boss@example.org",
            "--role",
            "admin",
        ],
        "another-password\n",
    );
    assert!(admin.status.success(), "{}", out(&admin));

    let list = out(&user(dir.path(), &["list"], ""));
    assert!(
        list.contains("vinylvera") && list.contains("boss"),
        "{list}"
    );
    assert!(
        list.lines()
            .any(|l| l.starts_with("boss") && l.contains("admin")),
        "{list}"
    );
    assert!(!list.contains("argon2"), "{list}");
}

#[test]
fn create_refuses_bad_or_taken_names_and_short_passwords() {
    let dir = tempfile::tempdir().unwrap();
    assert!(create(dir.path(), "vinylvera").status.success());
    let taken = create(dir.path(), "VinylVera");
    assert!(!taken.status.success());
    assert!(out(&taken).contains("already taken"), "{}", out(&taken));
    let bad_name = create(dir.path(), "x");
    assert!(
        out(&bad_name).contains("username must be"),
        "{}",
        out(&bad_name)
    );
    let short = user(
        dir.path(),
        &["create", "tom", "--email", "tom@example.org"],
        "short\n",
    );
    assert!(!short.status.success());
    assert!(out(&short).contains("password must be"), "{}", out(&short));
    let list = out(&user(dir.path(), &["list"], ""));
    assert!(!list.contains("tom"), "{list}");
}

#[test]
fn the_password_is_never_an_argument() {
    let dir = tempfile::tempdir().unwrap();
    let refused = user(
        dir.path(),
        &[
            "create",
            "vera",
            "--email",
            "v@example.org",
            "--password",
            "a-good-password",
        ],
        "",
    );
    assert!(!refused.status.success());
}

#[tokio::test]
async fn a_promoted_editor_can_make_editor_only_calls() {
    let dir = tempfile::tempdir().unwrap();
    assert!(create(dir.path(), "vinylvera").status.success());
    let promoted = user(
        dir.path(),
        &["promote", "VINYLVERA", "--role", "editor"],
        "",
    );
    assert!(promoted.status.success(), "{}", out(&promoted));

    let app = TestApp::at(dir);
    let login = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            Some(json!({ "email": "vinylvera@example.org", "password": "a-good-password" })),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text());
    assert_eq!(login.json()["user"]["role"], "editor");
    let token = login.json()["token"].as_str().unwrap().to_owned();
    let add_artist = |name: &str| {
        app.call(
            Method::POST,
            "/api/artist",
            Some(&token),
            Some(json!({ "name": name })),
        )
    };
    let added = add_artist("Ride").await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());

    let demoted = user(app.dir.path(), &["demote", "vinylvera"], "");
    assert!(demoted.status.success(), "{}", out(&demoted));
    let refused = add_artist("Lush").await;
    assert_eq!(
        (refused.status, refused.json()),
        (
            StatusCode::FORBIDDEN,
            json!({ "message": "Insufficient permissions" })
        )
    );
}

#[tokio::test]
async fn reset_password_replaces_it_and_signs_the_member_out() {
    let dir = tempfile::tempdir().unwrap();
    assert!(create(dir.path(), "vinylvera").status.success());
    let app = TestApp::at(dir);
    let log_in = |password: &'static str| {
        app.call(
            Method::POST,
            "/api/auth/login",
            None,
            Some(json!({ "email": "vinylvera@example.org", "password": password })),
        )
    };
    let token = log_in("a-good-password").await.json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let player = app
        .call(
            Method::POST,
            "/api/settings/player-token",
            Some(&token),
            None,
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_owned();

    let reset = user(
        app.dir.path(),
        &["reset-password", "vinylvera"],
        "a-new-password\n",
    );
    assert!(reset.status.success(), "{}", out(&reset));
    assert!(
        out(&reset).contains("1 sessions signed out, 1 keys revoked"),
        "{}",
        out(&reset)
    );
    let plays = app
        .send(
            axum::http::Request::get("/apis/listenbrainz/1/user/vinylvera/listens")
                .header("authorization", format!("Token {player}"))
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(
        plays.status,
        StatusCode::UNAUTHORIZED,
        "the player token ended too"
    );
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        log_in("a-good-password").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(log_in("a-new-password").await.status, StatusCode::OK);
}

#[test]
fn delete_needs_confirmation_and_keeps_counters_exact() {
    let dir = tempfile::tempdir().unwrap();
    let demo = Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(dir.path())
        .arg("demo")
        .output()
        .unwrap();
    assert!(demo.status.success(), "{}", out(&demo));
    let conn = rusqlite::Connection::open(dir.path().join("halfstar.db")).unwrap();
    let reviewer: String = conn
        .query_row(
            "SELECT u.username FROM users u JOIN reviews r ON r.user_id = u.id
             GROUP BY u.id ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();

    let unconfirmed = user(dir.path(), &["delete", &reviewer], "");
    assert!(!unconfirmed.status.success());
    assert!(out(&unconfirmed).contains("--yes"));
    let deleted = user(dir.path(), &["delete", &reviewer, "--yes"], "");
    assert!(deleted.status.success(), "{}", out(&deleted));

    let remaining: i64 = conn
        .query_row(
            "SELECT count(*) FROM users WHERE username = ?1",
            [&reviewer],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(remaining, 0);
    let mismatched: i64 = conn
        .query_row(
            "SELECT count(*) FROM albums a WHERE
               a.rating_count <> (SELECT count(number) FROM ratings r WHERE r.album_id = a.id)
            OR a.rating_sum <> (SELECT coalesce(sum(number), 0) FROM ratings r WHERE r.album_id = a.id)
            OR a.review_count <> (SELECT count(*) FROM reviews v WHERE v.album_id = a.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(mismatched, 0);
    let tallies: i64 = conn
        .query_row(
            "SELECT count(*) FROM posts p WHERE p.votes_up + p.votes_down <>
               (SELECT count(*) FROM votes WHERE post_id = p.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(tallies, 0);
    assert!(
        !user(dir.path(), &["delete", "nobody-here", "--yes"], "")
            .status
            .success()
    );
}

#[tokio::test]
async fn an_admin_renames_changes_the_email_of_and_signs_out_a_member() {
    let dir = tempfile::tempdir().unwrap();
    assert!(create(dir.path(), "vinylvera").status.success());
    assert!(create(dir.path(), "mira99").status.success());
    let taken = user(dir.path(), &["rename", "vinylvera", "MIRA99"], "");
    assert!(!taken.status.success());
    assert!(out(&taken).contains("already taken"), "{}", out(&taken));
    let renamed = user(dir.path(), &["rename", "vinylvera", "vera_spins"], "");
    assert!(renamed.status.success(), "{}", out(&renamed));
    let taken = user(
        dir.path(),
        &["email", "vera_spins", "mira99@example.org"],
        "",
    );
    assert!(
        out(&taken).contains("already registered"),
        "{}",
        out(&taken)
    );
    let emailed = user(
        dir.path(),
        &["email", "vera_spins", "vera@elsewhere.org"],
        "",
    );
    assert!(emailed.status.success(), "{}", out(&emailed));

    let app = TestApp::at(dir);
    let signed_in = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            Some(json!({ "email": "vera@elsewhere.org", "password": "a-good-password" })),
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::OK);
    assert_eq!(signed_in.json()["user"]["username"], "vera_spins");
    let old_link = app.get("/api/user/username/vinylvera").await.json();
    assert_eq!(old_link["username"], "vera_spins");
    let token = signed_in.json()["token"].as_str().unwrap().to_owned();
    let calendar = app
        .call(Method::POST, "/api/settings/calendar", Some(&token), None)
        .await
        .json()["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let calendar = &calendar[calendar.find("/api/").unwrap()..];

    let signed_out = user(app.dir.path(), &["sign-out", "vinylvera"], "");
    assert!(
        out(&signed_out).contains("1 sessions signed out, 1 keys revoked"),
        "{}",
        out(&signed_out)
    );
    assert_eq!(
        app.get(calendar).await.status,
        StatusCode::NOT_FOUND,
        "the calendar link ended too"
    );
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
}
