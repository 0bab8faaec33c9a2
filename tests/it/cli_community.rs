//! `halfstar audit`, `signup`, `invite`, `user suspend` and `backup` noting
//! its time, against a real data directory.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::json;

fn halfstar(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_halfstar"))
        .arg("--data-dir")
        .arg(dir)
        .args(args)
        .output()
        .expect("runs")
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[tokio::test]
async fn the_command_line_runs_the_community_and_the_site_sees_it_at_once() {
    let app = TestApp::new();
    let dir = app.dir.path();
    let (theo, _) = app.member("lowend.theo");
    app.member("vinylvera");

    let promoted = halfstar(
        dir,
        &[
            "user",
            "promote",
            "vinylvera",
            "--role",
            "admin",
            "--note",
            "founder",
        ],
    );
    assert!(promoted.status.success(), "{}", said(&promoted));
    let suspended = halfstar(
        dir,
        &[
            "user",
            "suspend",
            "lowend.theo",
            "--days",
            "3",
            "--reason",
            "Spam",
            "--note",
            "bot-like",
        ],
    );
    assert!(suspended.status.success(), "{}", said(&suspended));
    assert!(said(&suspended).contains("lowend.theo is suspended for 3 days."));
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&theo), None)
        .await
        .json();
    assert_eq!(me["suspension"]["reason"], "Spam");
    let refused = halfstar(dir, &["user", "suspend", "vinylvera", "--reason", "x"]);
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("an admin cannot be suspended"),
        "{}",
        said(&refused)
    );
    let demoted = halfstar(dir, &["user", "demote", "vinylvera"]);
    assert!(!demoted.status.success(), "the only admin stays");
    assert!(
        halfstar(dir, &["user", "unsuspend", "lowend.theo"])
            .status
            .success()
    );

    let mode = halfstar(
        dir,
        &["signup", "invite", "--note", "closing the doors a little"],
    );
    assert!(mode.status.success(), "{}", said(&mode));
    assert_eq!(app.get("/api/site/signup").await.json()["mode"], "invite");
    let shown = halfstar(dir, &["signup"]);
    assert_eq!(
        said(&shown).trim(),
        "sign-up invite; members may not invite"
    );
    let bad = halfstar(dir, &["signup", "ajar"]);
    assert!(!bad.status.success());

    let made = halfstar(dir, &["invite", "create", "--uses", "2", "--days", "3"]);
    assert!(made.status.success(), "{}", said(&made));
    let text = said(&made);
    let code = text
        .split("invite=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a code")
        .to_owned();
    let joined = app
        .call(
            Method::POST,
            "/api/auth/signup",
            None,
            Some(json!({
                "username": "newcomer", "email": "newcomer@example.org",
                "password": "a-good-password", "inviteCode": code
            })),
        )
        .await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    let listed = said(&halfstar(dir, &["invite", "list"]));
    assert!(
        listed.contains("1/2 used") && listed.contains("(command line)"),
        "{listed}"
    );
    assert!(halfstar(dir, &["invite", "revoke", "1"]).status.success());
    assert!(said(&halfstar(dir, &["invite", "list"])).contains("revoked"));

    let log = said(&halfstar(dir, &["audit"]));
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 6, "refused commands are not recorded: {log}");
    assert!(
        lines[0].contains("(command line)  invite-revoke invite 1"),
        "{log}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("suspend lowend.theo (for 3 days: Spam) — bot-like")),
        "{log}"
    );
    assert!(
        lines[5].contains("role vinylvera (user to admin) — founder"),
        "{log}"
    );

    let backup = tempfile::tempdir().unwrap();
    let file = backup.path().join("copy.db");
    assert!(
        halfstar(dir, &["backup", file.to_str().unwrap()])
            .status
            .success()
    );
    let (vera, vera_id) = app.member("second_admin");
    app.set_role(vera_id, halfstar::domain::Role::Admin);
    let figures = app
        .call(Method::GET, "/api/admin/figures", Some(&vera), None)
        .await
        .json();
    assert!(
        figures["lastBackup"]
            .as_str()
            .is_some_and(|at| at.len() == 24),
        "{figures}"
    );
}

/// How many comments a visitor sees, once it is `expected` or a few
/// seconds have passed: the site notices another process's writes within
/// a moment, and its kept answers end then.
async fn comments_seen(app: &TestApp, path: &str, expected: i64) -> i64 {
    let mut seen = -1;
    for _ in 0..50 {
        seen = app.get(path).await.json()["totalAlbumComments"]
            .as_i64()
            .unwrap();
        if seen == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    seen
}

#[tokio::test]
async fn the_command_line_works_the_report_queue_while_the_site_serves() {
    let mut app = TestApp::new();
    app.state.kept_answers = halfstar::api::KeptAnswers::new(std::time::Duration::from_secs(600));
    let dir = app.dir.path().to_owned();
    let (troll, _) = app.member("troll");
    let (ada, _) = app.member("ada");
    let (_, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let posted = app
        .call(
            Method::POST,
            "/api/comment",
            Some(&troll),
            Some(json!({ "commentText": "buy cheap vinyl at spam.example", "albumId": albums[0] })),
        )
        .await;
    let comment = posted.json()["commentId"].as_i64().unwrap();
    let id = comment.to_string();
    let reported = app
        .call(
            Method::POST,
            "/api/reports",
            Some(&ada),
            Some(json!({ "itemKind": "comment", "itemId": comment, "reason": "spam", "note": "a link farm" })),
        )
        .await;
    assert_eq!(reported.status, StatusCode::CREATED);
    let comments = format!("/api/comment/album/{}", albums[0]);
    assert_eq!(app.get(&comments).await.json()["totalAlbumComments"], 1);

    let queue = halfstar(&dir, &["moderation", "queue"]);
    assert!(queue.status.success(), "{}", said(&queue));
    let listed = said(&queue);
    assert!(
        listed.contains(&format!("comment {comment} by troll")),
        "{listed}"
    );
    assert!(
        listed.contains("“buy cheap vinyl at spam.example”"),
        "{listed}"
    );
    assert!(listed.contains("ada spam: “a link farm”"), "{listed}");

    let hidden = halfstar(
        &dir,
        &["moderation", "hide", "comment", &id, "--note", "spam"],
    );
    assert!(hidden.status.success(), "{}", said(&hidden));
    assert_eq!(
        said(&hidden).trim(),
        format!("Hid comment {comment} by troll; 1 report closed.")
    );
    assert_eq!(comments_seen(&app, &comments, 0).await, 0);
    let own = app
        .call(Method::GET, &comments, Some(&troll), None)
        .await
        .json();
    assert_eq!(own["data"][0]["hidden"], true);
    assert_eq!(
        said(&halfstar(&dir, &["moderation", "queue"])).trim(),
        "Nothing reported."
    );

    let shown = halfstar(&dir, &["moderation", "show", "comment", &id]);
    assert!(shown.status.success(), "{}", said(&shown));
    assert_eq!(comments_seen(&app, &comments, 1).await, 1);

    let warned = halfstar(
        &dir,
        &[
            "moderation",
            "warn",
            "comment",
            &id,
            "No more adverts, please.",
        ],
    );
    assert!(warned.status.success(), "{}", said(&warned));
    let warnings = app
        .call(Method::GET, "/api/auth/warnings", Some(&troll), None)
        .await
        .json();
    assert_eq!(
        warnings["warnings"][0]["message"],
        "No more adverts, please."
    );

    let refused = halfstar(&dir, &["moderation", "hide", "profile", "1"]);
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("A profile cannot be hidden: suspend the member instead."),
        "{}",
        said(&refused)
    );
    let unknown = halfstar(&dir, &["moderation", "hide", "playlist", "1"]);
    assert!(!unknown.status.success());
    assert!(
        said(&unknown).contains("itemKind must be one of"),
        "{}",
        said(&unknown)
    );
    let missing = halfstar(&dir, &["moderation", "delete", "comment", "999999"]);
    assert!(!missing.status.success());
    assert!(
        said(&missing).contains("comment 999999 is gone"),
        "{}",
        said(&missing)
    );

    let deleted = halfstar(
        &dir,
        &["moderation", "delete", "comment", &id, "--note", "enough"],
    );
    assert!(deleted.status.success(), "{}", said(&deleted));
    assert_eq!(comments_seen(&app, &comments, 0).await, 0);

    let log = said(&halfstar(&dir, &["audit"]));
    let target = format!("comment {comment} by troll");
    for line in [
        format!("(command line)  report-hidden {target} — spam"),
        format!("(command line)  show {target}"),
        format!("(command line)  report-warned {target} (No more adverts, please.)"),
        format!("(command line)  report-deleted {target} — enough"),
    ] {
        assert!(log.contains(&line), "{line} not in:\n{log}");
    }
}
