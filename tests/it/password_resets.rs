//! Mail's calls in the process: a forgotten password and a mailed invite,
//! what is answered and kept, with mail off and on (no SMTP server here: the
//! outbox is read instead; the mail itself is `mail.rs`'s).

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse};
use serde_json::{Value, json};

fn mailing() -> TestApp {
    let mut app = TestApp::new();
    app.state.sends_mail = true;
    app
}

async fn forgot(app: &TestApp, email: &str) -> TestResponse {
    app.call(
        Method::POST,
        "/api/auth/forgot-password",
        None,
        Some(json!({ "email": email })),
    )
    .await
}

async fn reset(app: &TestApp, token: &str, password: &str) -> TestResponse {
    app.call(
        Method::POST,
        "/api/auth/reset-password",
        None,
        Some(json!({ "token": token, "newPassword": password })),
    )
    .await
}

/// The token in the newest waiting mail of the outbox.
fn mailed_token(app: &TestApp) -> String {
    let text: String = app
        .conn()
        .query_row(
            "SELECT text_body FROM mail_outbox WHERE kind = 'password-reset' ORDER BY id DESC LIMIT 1",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let at = text.find("#token=").expect("a link") + "#token=".len();
    text[at..].split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn with_no_mail_set_up_nothing_is_offered_or_kept() {
    let app = TestApp::new();
    let (_, _) = app.sign_up("vera").await;
    let options = app.get("/api/site/sign-in").await;
    assert_eq!(
        options.json(),
        json!({
            "passwordResetByMail": false,
            "signUpsConfirmedByMail": false,
            "singleSignOn": null,
            "passwordLogin": "on",
        })
    );
    let asked = forgot(&app, "vera@example.org").await;
    assert_eq!(asked.status, StatusCode::NOT_FOUND, "{}", asked.text());
    assert!(
        asked.json()["message"]
            .as_str()
            .unwrap()
            .contains("sends no mail")
    );
    let reset = reset(&app, "anything", "a-new-password").await;
    assert_eq!(reset.status, StatusCode::NOT_FOUND);
    assert_eq!(app.rows("mail_outbox"), 0);
    assert_eq!(app.rows("password_resets"), 0);
}

#[tokio::test]
async fn asking_answers_alike_with_or_without_an_account() {
    let app = mailing();
    app.sign_up("vera").await;
    let known = forgot(&app, "vera@example.org").await;
    let unknown = forgot(&app, "nobody@example.org").await;
    assert_eq!(known.status, StatusCode::ACCEPTED);
    assert_eq!(
        (known.status, known.json()),
        (unknown.status, unknown.json())
    );
    assert_eq!(app.rows("mail_outbox"), 1, "one mail, for the account");
    // Kept only hashed.
    let token = mailed_token(&app);
    let kept: Vec<u8> = app
        .conn()
        .query_row("SELECT token_hash FROM password_resets", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_eq!(kept, halfstar::auth::token_hash(&token));
    assert_ne!(kept, token.as_bytes());

    for bad in [json!({}), json!({ "email": "not an address" })] {
        let answer = app
            .call(Method::POST, "/api/auth/forgot-password", None, Some(bad))
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text());
        assert!(answer.json()["message"].is_string());
    }
}

#[tokio::test]
async fn a_new_link_ends_the_old_and_a_link_works_once_for_thirty_minutes() {
    let app = mailing();
    let (session, id) = app.sign_up("vera").await;
    forgot(&app, "vera@example.org").await;
    let first = mailed_token(&app);
    forgot(&app, "vera@example.org").await;
    let second = mailed_token(&app);
    assert_ne!(first, second);
    let dead = reset(&app, &first, "a-new-password").await;
    assert_eq!(dead.status, StatusCode::BAD_REQUEST, "{}", dead.text());

    let short = reset(&app, &second, "short").await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert!(
        short.json()["message"]
            .as_str()
            .unwrap()
            .contains("newPassword")
    );
    let changed = reset(&app, &second, "a-new-password").await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&session), None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED, "signed out everywhere");
    assert_eq!(app.rows("password_resets"), 0);
    let told: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM mail_outbox WHERE kind = 'password-changed' AND to_address = 'vera@example.org'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(told, 1);

    forgot(&app, "vera@example.org").await;
    let late = mailed_token(&app);
    app.conn()
        .execute(
            "UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?1",
            [id],
        )
        .unwrap();
    let expired = reset(&app, &late, "a-third-password").await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST);
    assert!(
        expired.json()["message"]
            .as_str()
            .unwrap()
            .contains("expired")
    );
}

#[tokio::test]
async fn asking_is_limited_per_address_typed() {
    let app = mailing();
    app.sign_up("vera").await;
    for _ in 0..5 {
        assert_eq!(
            forgot(&app, "vera@example.org").await.status,
            StatusCode::ACCEPTED
        );
    }
    let refused = forgot(&app, "VERA@example.org").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(!refused.header("retry-after").is_empty());
    let message: Value = refused.json()["message"].clone();
    assert!(
        message
            .as_str()
            .unwrap()
            .contains("Too many password resets"),
        "{message}"
    );
    assert_eq!(app.rows("mail_outbox"), 5, "the refused ask mailed nothing");
}

#[tokio::test]
async fn a_password_changed_in_settings_is_told_by_mail() {
    let app = mailing();
    let (session, _) = app.sign_up("vera").await;
    let changed = app
        .call(
            Method::PUT,
            "/api/auth/password",
            Some(&session),
            Some(
                json!({ "currentPassword": "a-good-password", "newPassword": "another-good-one" }),
            ),
        )
        .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    let kinds: String = app
        .conn()
        .query_row("SELECT group_concat(kind) FROM mail_outbox", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_eq!(kinds, "password-changed");
}

async fn ask_invite(app: &TestApp, token: &str, email: &str) -> TestResponse {
    app.call(
        Method::POST,
        "/api/invites",
        Some(token),
        Some(json!({ "maxUses": 1, "expiresInDays": 7, "email": email })),
    )
    .await
}

#[tokio::test]
async fn only_admins_mail_invites_and_only_when_the_site_sends_mail() {
    let mut app = TestApp::new();
    let (admin, admin_id) = app.member("vera_admin");
    app.set_role(admin_id, halfstar::domain::Role::Admin);
    let (member, _) = app.member("mira");
    let no_mail = ask_invite(&app, &admin, "friend@example.org").await;
    assert_eq!(
        no_mail.status,
        StatusCode::BAD_REQUEST,
        "{}",
        no_mail.text()
    );
    assert!(
        no_mail.json()["message"]
            .as_str()
            .unwrap()
            .contains("sends no mail")
    );
    assert_eq!(app.rows("invites"), 0, "nothing half made");

    app.state.sends_mail = true;
    let bad = ask_invite(&app, &admin, "not an address").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let by_member = ask_invite(&app, &member, "friend@example.org").await;
    assert_eq!(
        by_member.status,
        StatusCode::FORBIDDEN,
        "{}",
        by_member.text()
    );
    let mailed = ask_invite(&app, &admin, "friend@example.org").await;
    assert_eq!(mailed.status, StatusCode::CREATED, "{}", mailed.text());
    let code = mailed.json()["code"].as_str().unwrap().to_owned();
    let (to, text): (String, String) = app
        .conn()
        .query_row(
            "SELECT to_address, text_body FROM mail_outbox WHERE kind = 'invite'",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert_eq!(to, "friend@example.org");
    assert!(text.contains(&format!("/sign-up?invite={code}")), "{text}");

    // An address the mail server refused gets no invite, and none is made.
    app.conn()
        .execute(
            "INSERT INTO mail_undeliverable (address, reason, at) VALUES ('gone@example.org', '550', '2026-01-01')",
            [],
        )
        .unwrap();
    let refused = ask_invite(&app, &admin, "gone@example.org").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.rows("invites"), 1);
}

fn confirming() -> TestApp {
    let mut app = mailing();
    app.state.confirms_sign_ups = true;
    app
}

async fn sign_up_as(app: &TestApp, username: &str, email: &str) -> TestResponse {
    let body = json!({ "username": username, "email": email, "password": "a-good-password", "profilePictureUrl": "" });
    app.call(Method::POST, "/api/auth/signup", None, Some(body))
        .await
}

/// The token in the newest mail of `kind`, and where it went.
fn mailed(app: &TestApp, kind: &str) -> (String, String) {
    let (to, text): (String, String) = app
        .conn()
        .query_row(
            "SELECT to_address, text_body FROM mail_outbox WHERE kind = ?1 ORDER BY id DESC LIMIT 1",
            [kind],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap_or_else(|_| panic!("no {kind} mail"));
    let token = text
        .split("#token=")
        .nth(1)
        .map(|rest| rest.split_whitespace().next().unwrap().to_owned())
        .unwrap_or_default();
    (to, token)
}

#[tokio::test]
async fn a_confirmed_sign_up_waits_for_its_link_and_answers_alike_for_a_taken_address() {
    let app = confirming();
    app.member("vera");
    let fresh = sign_up_as(&app, "mira", "mira@example.org").await;
    let taken = sign_up_as(&app, "someone", "vera@example.org").await;
    assert_eq!(fresh.status, StatusCode::ACCEPTED, "{}", fresh.text());
    assert_eq!(fresh.status, taken.status);
    let said = |answer: &TestResponse| {
        answer.json()["message"]
            .as_str()
            .unwrap()
            .replace("mira@", "vera@")
    };
    assert_eq!(
        said(&fresh),
        said(&taken),
        "the same words, but the address"
    );
    assert_eq!(app.rows("users"), 1, "no account before the link");
    // The owner of the taken address is told, by mail.
    assert_eq!(mailed(&app, "already-a-member").0, "vera@example.org");
    // A taken username still says so: names are public.
    let name_taken = sign_up_as(&app, "vera", "other@example.org").await;
    assert_eq!(name_taken.status, StatusCode::CONFLICT);

    let (to, token) = mailed(&app, "confirm-sign-up");
    assert_eq!(to, "mira@example.org");
    let confirm = |token: String| {
        let app = &app;
        async move {
            app.call(
                Method::POST,
                "/api/auth/confirm-sign-up",
                None,
                Some(json!({ "token": token })),
            )
            .await
        }
    };
    let made = confirm(token.clone()).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let session = made.json()["token"].as_str().unwrap().to_owned();
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&session), None)
        .await;
    assert_eq!(me.json()["username"], "mira");
    let again = confirm(token).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST, "once only");
    assert_eq!(app.rows("users"), 2);
}

#[tokio::test]
async fn with_mail_an_email_change_waits_for_the_new_address_and_tells_the_old() {
    let app = mailing();
    let (session, _) = app.sign_up("vera").await;
    let change = app
        .call(
            Method::PUT,
            "/api/auth/email",
            Some(&session),
            Some(json!({ "email": "vera@new.example", "password": "a-good-password" })),
        )
        .await;
    assert_eq!(change.status, StatusCode::ACCEPTED, "{}", change.text());
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&session), None)
        .await;
    assert_eq!(
        me.json()["email"],
        "vera@example.org",
        "unchanged until confirmed"
    );
    assert_eq!(mailed(&app, "email-changing").0, "vera@example.org");
    let (to, token) = mailed(&app, "confirm-email");
    assert_eq!(to, "vera@new.example");
    let confirmed = app
        .call(
            Method::POST,
            "/api/auth/confirm-email",
            None,
            Some(json!({ "token": token })),
        )
        .await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text());
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&session), None)
        .await;
    assert_eq!(me.json()["email"], "vera@new.example");
    let bad = app
        .call(
            Method::POST,
            "/api/auth/confirm-email",
            None,
            Some(json!({ "token": "" })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

async fn mail_status(app: &TestApp, session: &str) -> Value {
    app.call(Method::GET, "/api/settings/mail", Some(session), None)
        .await
        .json()
}

#[tokio::test]
async fn settings_say_when_the_mail_server_refused_the_members_address() {
    let app = mailing();
    let (session, _) = app.member("vera");
    let status = mail_status(&app, &session).await;
    assert_eq!(status["sendsMail"], true);
    assert_eq!(status["undeliverable"], Value::Null);
    app.conn()
        .execute(
            "INSERT INTO mail_undeliverable (address, reason, at) VALUES ('Vera@example.org', '550 no such user', '2026-01-01')",
            [],
        )
        .unwrap();
    assert_eq!(
        mail_status(&app, &session).await["undeliverable"],
        "550 no such user"
    );
}
