//! Sessions kept in memory end as soon as the account changes, whether the
//! change comes through the site or from another process (the CLI).

use crate::common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::api::KeptSessions;
use halfstar::domain::Role;
use serde_json::json;

fn keeping_sessions() -> TestApp {
    let mut app = TestApp::new();
    app.state.kept_sessions = KeptSessions::new(Duration::from_secs(600));
    app
}

async fn me(app: &TestApp, token: &str) -> (StatusCode, serde_json::Value) {
    let answer = app
        .call(Method::GET, "/api/auth/me", Some(token), None)
        .await;
    let status = answer.status;
    (
        status,
        if status == StatusCode::OK {
            answer.json()
        } else {
            json!(null)
        },
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn logging_out_and_ending_sessions_end_kept_sessions_at_once() {
    let app = keeping_sessions();
    let (token, _) = app.sign_up("vinylvera").await;
    assert_eq!(me(&app, &token).await.0, StatusCode::OK);
    let out = app
        .call(Method::POST, "/api/auth/logout", Some(&token), None)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&app, &token).await.0, StatusCode::UNAUTHORIZED);

    let (first, _) = app.sign_up("crate_digger").await;
    let login = json!({ "email": "crate_digger@example.org", "password": "a-good-password" });
    let second = app
        .call(Method::POST, "/api/auth/login", None, Some(login))
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(me(&app, &first).await.0, StatusCode::OK);
    let ended = app
        .call(Method::DELETE, "/api/auth/sessions", Some(&second), None)
        .await;
    assert!(ended.status.is_success(), "{}", ended.text());
    assert_eq!(me(&app, &first).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_role_taken_away_by_another_process_holds_for_the_very_next_write() {
    let app = keeping_sessions();
    let (token, id) = app.sign_up("vinylvera").await;
    app.set_role(id, Role::Editor);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(me(&app, &token).await.1["role"], "editor");
    // As `halfstar user demote` does, and at once an artist is submitted.
    app.set_role(id, Role::User);
    let artist = json!({ "name": "Lush", "description": "", "pictureUrl": "" });
    let refused = app
        .call(Method::POST, "/api/artist", Some(&token), Some(artist))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_made_by_another_process_shows_within_a_moment() {
    let app = keeping_sessions();
    let (token, id) = app.sign_up("vinylvera").await;
    assert_eq!(me(&app, &token).await.1["role"], "user");
    // As `halfstar user role` does: another connection writes the database.
    app.set_role(id, Role::Editor);
    let started = Instant::now();
    while me(&app, &token).await.1["role"] != "editor" {
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "the kept session outlived the change"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    app.conn()
        .execute("DELETE FROM sessions WHERE user_id = ?1", [id])
        .unwrap();
    let started = Instant::now();
    while me(&app, &token).await.0 != StatusCode::UNAUTHORIZED {
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "a signed-out session lived on"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
