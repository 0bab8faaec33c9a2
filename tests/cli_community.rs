//! `halfstar audit`, `signup`, `invite`, `user suspend` and `backup` noting
//! its time, against a real data directory.

mod common;

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
