//! A member's long-lived keys (the player token, the calendar link) are
//! sessions of their kind: listed beside the sessions, kept only as hashes,
//! ended by every way a member's sessions end, and refused while the member
//! is suspended (when the member may still revoke them). Each way is walked
//! for every kind of key, so a new kind or a new way cannot forget it.

use crate::common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{TestApp, TestResponse};
use halfstar::db::member_tokens::TokenKind;
use halfstar::domain::Role;
use serde_json::{Value, json};

const PASSWORD: &str = "a-good-password";

/// A key as made: its kind and the secret a program sends.
struct Key {
    kind: TokenKind,
    secret: String,
}

/// Makes the member's key of `kind` through the API, from a program that
/// names itself.
async fn make(app: &TestApp, session: &str, kind: TokenKind) -> Key {
    let path = match kind {
        TokenKind::Player => "/api/settings/player-token",
        TokenKind::Calendar => "/api/settings/calendar",
    };
    let request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("authorization", format!("Bearer {session}"))
        .header(
            "user-agent",
            "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0",
        )
        .body(Body::empty())
        .unwrap();
    let made = app.send(request).await;
    assert_eq!(made.status, StatusCode::CREATED, "{path}: {}", made.text());
    let made = made.json();
    let secret = match kind {
        TokenKind::Player => made["token"].as_str().unwrap().to_owned(),
        TokenKind::Calendar => made["url"]
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_owned(),
    };
    Key { kind, secret }
}

/// Uses the key as its program would.
async fn use_key(app: &TestApp, key: &Key, username: &str) -> TestResponse {
    let request = match key.kind {
        TokenKind::Player => Request::builder()
            .uri(format!("/apis/listenbrainz/1/user/{username}/listens"))
            .header("authorization", format!("Token {}", key.secret))
            .header("user-agent", "Navidrome/0.53")
            .body(Body::empty()),
        TokenKind::Calendar => Request::builder()
            .uri(format!("/api/feeds/calendar/{}", key.secret))
            .header("user-agent", "DAVx5/4.4")
            .body(Body::empty()),
    };
    app.send(request.unwrap()).await
}

/// What a key that no longer works answers: the player API's 401, the
/// calendar's 404.
fn ended_status(kind: TokenKind) -> StatusCode {
    match kind {
        TokenKind::Player => StatusCode::UNAUTHORIZED,
        TokenKind::Calendar => StatusCode::NOT_FOUND,
    }
}

/// A member signed up through the API (with a password to change), with
/// one key of every kind, each working.
async fn member_with_keys(app: &TestApp, username: &str) -> (String, i64, Vec<Key>) {
    let (session, id) = app.sign_up(username).await;
    let mut keys = Vec::new();
    for kind in TokenKind::ALL {
        let key = make(app, &session, kind).await;
        let used = use_key(app, &key, username).await;
        assert_eq!(used.status, StatusCode::OK, "{kind:?}: {}", used.text());
        keys.push(key);
    }
    (session, id, keys)
}

async fn assert_every_key_refused(app: &TestApp, keys: &[Key], username: &str, after: &str) {
    for key in keys {
        let used = use_key(app, key, username).await;
        assert_eq!(
            used.status,
            ended_status(key.kind),
            "{:?} after {after}: {}",
            key.kind,
            used.text()
        );
    }
}

/// The ways a member's sessions end, each by its own route.
#[derive(Debug, Clone, Copy)]
enum Ending {
    SignOutEverywhere,
    PasswordChange,
    AdminSignOut,
    AccountDeletion,
}

async fn end(app: &TestApp, ending: Ending, session: &str, username: &str) {
    let admin = || {
        let (token, id) = app.member(&format!("admin_for_{username}"));
        app.set_role(id, Role::Admin);
        token
    };
    let (method, path, token, body) = match ending {
        Ending::SignOutEverywhere => (
            Method::DELETE,
            "/api/auth/sessions".to_owned(),
            session.to_owned(),
            None,
        ),
        Ending::PasswordChange => (
            Method::PUT,
            "/api/auth/password".to_owned(),
            session.to_owned(),
            Some(json!({"currentPassword": PASSWORD, "newPassword": "another-good-password"})),
        ),
        Ending::AdminSignOut => (
            Method::POST,
            format!("/api/admin/members/{username}/sign-out"),
            admin(),
            Some(json!({"note": "a stolen session"})),
        ),
        Ending::AccountDeletion => (
            Method::POST,
            "/api/auth/delete-account".to_owned(),
            session.to_owned(),
            Some(json!({"password": PASSWORD})),
        ),
    };
    let ended = app.call(method, &path, Some(&token), body).await;
    assert!(
        ended.status.is_success(),
        "{ending:?}: {} {}",
        ended.status,
        ended.text()
    );
    if let Ending::AdminSignOut = ending {
        assert_eq!(ended.json()["keysRevoked"], json!(2), "{}", ended.text());
    }
}

#[tokio::test]
async fn every_key_ends_with_every_way_a_members_sessions_end() {
    let app = TestApp::new();
    for (n, ending) in [
        Ending::SignOutEverywhere,
        Ending::PasswordChange,
        Ending::AdminSignOut,
        Ending::AccountDeletion,
    ]
    .into_iter()
    .enumerate()
    {
        let username = format!("owner{n}");
        let (session, _, keys) = member_with_keys(&app, &username).await;
        end(&app, ending, &session, &username).await;
        assert_every_key_refused(&app, &keys, &username, &format!("{ending:?}")).await;
    }
}

#[tokio::test]
async fn keys_are_listed_beside_the_sessions_and_end_from_there() {
    let app = TestApp::new();
    let (session, _, keys) = member_with_keys(&app, "lister").await;
    // Their use is noted beside the answer: wait for it.
    let mut listed = Value::Null;
    for _ in 0..100 {
        listed = app
            .call(Method::GET, "/api/auth/sessions", Some(&session), None)
            .await
            .json();
        let used = listed
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["kind"] != "browser" && s["lastUsedAt"].is_string())
            .count();
        if used == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let of_kind = |kind: &str| -> Value {
        listed
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["kind"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in {listed}"))
            .clone()
    };
    assert_eq!(of_kind("browser")["current"], json!(true));
    let player = of_kind("player-token");
    assert_eq!(player["device"], json!("Navidrome/0.53"), "{player}");
    assert!(player["lastUsedAt"].is_string(), "{player}");
    assert!(player["createdAt"].is_string(), "{player}");
    assert_eq!(player["current"], json!(false));
    assert_eq!(of_kind("calendar-link")["device"], json!("DAVx5/4.4"));

    // Only hashes are kept: no column of the keys' tables holds a secret.
    let conn = app.conn();
    for (table, key) in [("player_tokens", &keys[0]), ("calendar_tokens", &keys[1])] {
        let stored: Vec<u8> = conn
            .query_row(&format!("SELECT token_hash FROM {table}"), [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(stored, halfstar::auth::token_hash(&key.secret));
        let dump: String = conn
            .query_row(
                &format!(
                    "SELECT quote(token_hash) || created_at || address || user_agent FROM {table}"
                ),
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert!(!dump.contains(&key.secret), "{table} holds the secret");
    }
    drop(conn);

    // Ended from the list, as a session is: the player token, by its id.
    let id = player["sessionId"].as_str().unwrap();
    let ended = app
        .call(
            Method::DELETE,
            &format!("/api/auth/sessions/{id}"),
            Some(&session),
            None,
        )
        .await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text());
    assert_eq!(
        use_key(&app, &keys[0], "lister").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        use_key(&app, &keys[1], "lister").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_suspended_members_keys_answer_nothing_and_can_still_be_revoked() {
    let app = TestApp::new();
    let (session, id, keys) = member_with_keys(&app, "suspended").await;
    app.suspend(id, "spam");
    app.state.kept_sessions.forget_member(id);
    for key in &keys {
        let used = use_key(&app, key, "suspended").await;
        assert_eq!(
            used.status,
            StatusCode::FORBIDDEN,
            "{:?}: {}",
            key.kind,
            used.text()
        );
        assert!(used.text().contains("suspended"), "{}", used.text());
    }
    let validated = app
        .send(
            Request::builder()
                .uri("/apis/listenbrainz/1/validate-token")
                .header("authorization", format!("Token {}", keys[0].secret))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .json();
    assert_eq!(validated["valid"], json!(false), "{validated}");
    let submitted = app
        .send(
            Request::builder()
                .method(Method::POST)
                .uri("/apis/listenbrainz/1/submit-listens")
                .header("authorization", format!("Token {}", keys[0].secret))
                .body(Body::from(
                    json!({"listen_type": "single", "payload": [{
                        "listened_at": 1_700_000_000,
                        "track_metadata": {"artist_name": "A", "track_name": "B", "release_name": "C"}
                    }]})
                    .to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(
        submitted.status,
        StatusCode::FORBIDDEN,
        "{}",
        submitted.text()
    );

    // Making a new key is writing; revoking one is not.
    let remade = app
        .call(
            Method::POST,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await;
    assert_eq!(remade.status, StatusCode::FORBIDDEN, "{}", remade.text());
    for path in ["/api/settings/player-token", "/api/settings/calendar"] {
        let revoked = app.call(Method::DELETE, path, Some(&session), None).await;
        assert_eq!(
            revoked.status,
            StatusCode::NO_CONTENT,
            "{path}: {}",
            revoked.text()
        );
    }
    // Once the suspension ends, the revoked keys stay revoked.
    app.conn()
        .execute(
            "UPDATE users SET suspended_until = NULL, suspension_reason = '' WHERE id = ?1",
            [id],
        )
        .unwrap();
    assert_every_key_refused(&app, &keys, "suspended", "revoked while suspended").await;
}
