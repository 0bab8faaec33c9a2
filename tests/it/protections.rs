//! The protections every operation of `/api/openapi.json` must have, checked
//! from the description alone, so that a new operation cannot forget one:
//! a signed-out caller gets 401 from every operation that needs a member, a
//! suspended member gets 403 from every write but the few they may still
//! make, and every write is charged to a named allowance.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::domain::Role;
use halfstar::http::allowances::{Allowance, write_route};
use halfstar::http::throttle::Limits;
use serde_json::{Value, json};

/// What a suspended member may still do: sign in and out, end sessions,
/// change their password, delete their account, acknowledge warnings and
/// mark notifications read (reading, their data export among it, is never
/// refused).
const ALLOWED_WHILE_SUSPENDED: &[(&str, &str)] = &[
    ("POST", "/api/auth/signup"),
    ("POST", "/api/auth/login"),
    // A suspended member may still recover their account (and only read).
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/reset-password"),
    ("POST", "/api/auth/confirm-sign-up"),
    ("POST", "/api/auth/confirm-email"),
    // A mail's link turns it off without signing in; so may settings.
    ("POST", "/api/mail/unsubscribe/{token}"),
    ("PUT", "/api/settings/mail"),
    // Signing in through the provider, as signing in with a password.
    ("POST", "/api/auth/sign-on/start"),
    ("POST", "/api/auth/sign-on/finish"),
    ("POST", "/api/auth/logout"),
    ("DELETE", "/api/auth/sessions"),
    ("DELETE", "/api/auth/sessions/{session_id}"),
    ("DELETE", "/api/settings/player-token"),
    ("DELETE", "/api/settings/calendar"),
    ("PUT", "/api/auth/password"),
    ("POST", "/api/auth/delete-account"),
    ("POST", "/api/auth/warnings/{warning_id}/seen"),
    // Following a notification marks it read.
    ("POST", "/api/notifications/read"),
    // Checks a draft review; writes nothing.
    ("POST", "/api/review/validate"),
];

/// Reads that only an editor adding to the catalogue makes (look-ups in
/// MusicBrainz, charged to the catalogue allowance): refused while
/// suspended, as the additions they prepare are.
const CATALOGUE_LOOK_UPS: &[&str] = &["/api/import/artist", "/api/import/albums"];

/// Reads through a long-lived key (a player token) rather than a session:
/// a suspended member's keys answer nothing until the suspension ends.
const KEY_READS: &[&str] = &["/apis/listenbrainz/1/user/{user_name}/listens"];

struct Operation {
    method: Method,
    /// As described, with `{parameters}`.
    path: String,
    /// Needs a signed-in member: no anonymous alternative in `security`.
    needs_member: bool,
    /// The member is named by a music player's token rather than a session.
    by_player_token: bool,
}

impl Operation {
    fn is_write(&self) -> bool {
        !matches!(self.method, Method::GET | Method::HEAD)
    }

    /// The path with every parameter filled in: a number parses as any id,
    /// and names nothing that exists, which is fine: every protection here
    /// answers before anything is looked up.
    fn concrete_path(&self) -> String {
        let mut path = String::new();
        for (i, part) in self.path.split(['{', '}']).enumerate() {
            path.push_str(if i % 2 == 1 { "1" } else { part });
        }
        path
    }

    fn describe(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

async fn operations(app: &TestApp) -> Vec<Operation> {
    let doc = app.get("/api/openapi.json").await.json();
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if !["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                continue;
            }
            let method = method.to_uppercase().parse::<Method>().unwrap();
            let needs_member = operation["security"]
                .as_array()
                .is_some_and(|alternatives| {
                    !alternatives.is_empty()
                        && alternatives.iter().all(|alternative| {
                            alternative.as_object().is_some_and(|a| !a.is_empty())
                        })
                });
            let by_player_token = operation["security"]
                .as_array()
                .is_some_and(|alternatives| {
                    alternatives
                        .iter()
                        .any(|alternative| alternative.get("player_token").is_some())
                });
            found.push(Operation {
                method,
                path: path.clone(),
                needs_member,
                by_player_token,
            });
        }
    }
    assert!(found.len() > 100, "the description lists the API");
    found
}

/// Calls `operation` as the member of session `token` (none: signed out);
/// an operation of music players gets a player token of that member.
async fn call(app: &TestApp, operation: &Operation, token: Option<&str>) -> (StatusCode, String) {
    let body = operation.is_write().then(|| json!({}));
    let mut request = common::json_call(
        operation.method.clone(),
        &operation.concrete_path(),
        token,
        body,
    );
    if operation.by_player_token
        && let Some(session) = token
    {
        let player = player_token_of(app, session);
        request.headers_mut().insert(
            "authorization",
            format!("Token {player}").parse().expect("header"),
        );
    }
    let response = app.send(request).await;
    let message = serde_json::from_slice::<Value>(&response.body)
        .ok()
        .and_then(|body| body["message"].as_str().map(str::to_owned))
        .unwrap_or_default();
    (response.status, message)
}

/// A new session of the member: every call gets its own, so that calls
/// ending sessions (signing out, everywhere too) leave the rest be.
fn session(app: &TestApp, user_id: i64) -> String {
    let token = halfstar::auth::new_token();
    let now = halfstar::domain::timestamp::now();
    let expires = halfstar::domain::timestamp::after_now(time::Duration::days(1));
    let client = halfstar::db::sessions::Client {
        user_agent: "test",
        address: "127.0.0.1",
    };
    let hash = halfstar::auth::token_hash(&token);
    halfstar::db::sessions::insert(&app.conn(), &hash, user_id, &client, &now, &expires).unwrap();
    token
}

/// A new player token of the member of `session`.
fn player_token_of(app: &TestApp, session: &str) -> String {
    let conn = app.conn();
    let user_id: i64 = conn
        .query_row(
            "SELECT user_id FROM sessions WHERE token_hash = ?1",
            [halfstar::auth::token_hash(session)],
            |row| row.get(0),
        )
        .expect("a session");
    let token = halfstar::player_listens::new_token();
    let hash = halfstar::auth::token_hash(&token);
    halfstar::db::member_tokens::set_token(
        &conn,
        halfstar::db::member_tokens::TokenKind::Player,
        user_id,
        &hash,
        &halfstar::db::sessions::Client {
            user_agent: "test",
            address: "127.0.0.1",
        },
        "2026-01-01T00:00:00.000Z",
    )
    .expect("token");
    token
}

#[tokio::test]
async fn a_signed_out_caller_gets_401_from_every_operation_that_needs_a_member() {
    let app = TestApp::new();
    let mut checked = 0;
    for operation in operations(&app).await {
        if !operation.needs_member {
            continue;
        }
        let (status, message) = call(&app, &operation, None).await;
        // A player is told which token to send.
        let message = match message.split_once(':') {
            Some((said, _)) if operation.by_player_token => said.to_owned(),
            _ => message,
        };
        assert_eq!(
            (status, message.as_str()),
            (StatusCode::UNAUTHORIZED, "Not signed in"),
            "{}",
            operation.describe()
        );
        checked += 1;
    }
    assert!(checked > 70, "{checked} operations need a member");
}

#[tokio::test]
async fn a_suspended_member_gets_403_from_every_write_but_the_few_allowed() {
    let app = TestApp::new();
    // An admin, so that no role check answers first.
    let (_, id) = app.member("suspended_sam");
    app.set_role(id, Role::Admin);
    app.suspend(id, "testing");
    let mut refused = BTreeSet::new();
    for operation in operations(&app).await {
        if !operation.is_write() {
            let (status, message) = call(&app, &operation, Some(&session(&app, id))).await;
            let suspended = status == StatusCode::FORBIDDEN && message.contains("suspended");
            assert_eq!(
                suspended,
                CATALOGUE_LOOK_UPS.contains(&operation.path.as_str())
                    || KEY_READS.contains(&operation.path.as_str()),
                "a suspended member still reads: {}",
                operation.describe()
            );
            continue;
        }
        let allowed =
            ALLOWED_WHILE_SUSPENDED.contains(&(operation.method.as_str(), operation.path.as_str()));
        let (status, message) = call(&app, &operation, Some(&session(&app, id))).await;
        let suspended = status == StatusCode::FORBIDDEN && message.contains("suspended");
        assert_eq!(
            suspended,
            !allowed,
            "{}: {status} {message}",
            operation.describe()
        );
        if suspended {
            refused.insert(operation.describe());
        }
    }
    assert!(refused.len() > 50, "{refused:?}");
    for &(method, path) in ALLOWED_WHILE_SUSPENDED {
        let route = write_route(&method.parse().unwrap(), path).expect("registered");
        assert!(route.while_suspended, "{method} {path}");
    }
}

/// Every write of the description is in the registry of allowances, and
/// each one charged before its handler runs is refused the second time
/// when its allowance is one: the registry is what is enforced.
#[tokio::test]
async fn every_write_is_charged_to_a_named_allowance() {
    let mut app = TestApp::new();
    app.state.limits = Arc::new(Limits::new(&common::one_write_of_each_kind()));
    let mut charged_first = 0;
    for (n, operation) in operations(&app)
        .await
        .into_iter()
        .filter(Operation::is_write)
        .enumerate()
    {
        let route = write_route(&operation.method, &operation.path)
            .unwrap_or_else(|| panic!("{} has no allowance", operation.describe()));
        match route.allowance {
            Allowance::Member(_) => {
                assert!(operation.needs_member, "{}", operation.describe());
                // A member of their own, so that writes sharing a kind do
                // not spend each other's allowance.
                let (_, id) = app.member(&format!("writer_{n}"));
                app.set_role(id, Role::Admin);
                let (first, message) = call(&app, &operation, Some(&session(&app, id))).await;
                assert_ne!(
                    first,
                    StatusCode::TOO_MANY_REQUESTS,
                    "{}: {message}",
                    operation.describe()
                );
                let (second, message) = call(&app, &operation, Some(&session(&app, id))).await;
                assert_eq!(
                    second,
                    StatusCode::TOO_MANY_REQUESTS,
                    "{}: {message}",
                    operation.describe()
                );
                charged_first += 1;
            }
            Allowance::MemberWhenAccepted(_) => assert!(operation.needs_member),
            Allowance::Stranger(limit) => {
                assert!(!operation.needs_member && !limit.is_empty())
            }
            Allowance::ReadsOnly => {}
        }
    }
    assert!(charged_first > 60, "{charged_first}");
}
