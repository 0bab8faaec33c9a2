//! Accounts and sessions: sign-up, log-in, log-out, tokens, profiles, limits.

use crate::common;

use std::net::SocketAddr;

use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Method, StatusCode};
use common::{TestApp, json_call, send};
use halfstar::domain::Role;
use serde_json::{Value, json};

fn signup_body(username: &str, email: &str, password: &str, picture: &str) -> Value {
    json!({ "username": username, "email": email, "password": password, "profilePictureUrl": picture })
}

async fn log_in(app: &TestApp, email: &str, password: &str) -> common::TestResponse {
    app.call(
        Method::POST,
        "/api/auth/login",
        None,
        Some(json!({ "email": email, "password": password })),
    )
    .await
}

fn message(response: &common::TestResponse) -> String {
    response.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn sign_up_answers_a_token_and_the_user_without_secrets() {
    let app = TestApp::new();
    let body = signup_body(
        "vinylvera",
        "Vera@Example.org",
        "a-good-password",
        "https://example.org/v.png",
    );
    let response = app
        .call(Method::POST, "/api/auth/signup", None, Some(body))
        .await;
    assert_eq!(response.status, StatusCode::CREATED);
    let json = response.json();
    assert_eq!(json["token"].as_str().unwrap().len(), 43);
    let user = &json["user"];
    assert_eq!(user["username"], "vinylvera");
    assert_eq!(
        user["email"], "vera@example.org",
        "emails are kept lower-cased"
    );
    assert_eq!(user["role"], "user");
    assert_eq!(user["profilePictureUrl"], "https://example.org/v.png");
    assert_eq!(&user["createdAt"].as_str().unwrap()[4..5], "-");
    let text = response.text();
    assert!(
        !text.contains("a-good-password") && !text.contains("argon2"),
        "{text}"
    );

    let me = app
        .call(Method::GET, "/api/auth/me", json["token"].as_str(), None)
        .await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["userId"], user["userId"]);
    assert_eq!(me.json()["email"], "vera@example.org");
}

#[tokio::test]
async fn each_bad_sign_up_field_is_named() {
    let app = TestApp::new();
    let cases = [
        (
            signup_body("ab", "a@example.org", "a-good-password", ""),
            "username",
        ),
        (
            signup_body("has space", "a@example.org", "a-good-password", ""),
            "username",
        ),
        (
            signup_body(&"x".repeat(31), "a@example.org", "a-good-password", ""),
            "username",
        ),
        (
            signup_body("vera", "not-an-email", "a-good-password", ""),
            "email",
        ),
        (signup_body("vera", "", "a-good-password", ""), "email"),
        (
            signup_body("vera", "a@example.org", "short", ""),
            "password",
        ),
        (
            signup_body("vera", "a@example.org", &"p".repeat(257), ""),
            "password",
        ),
        (
            signup_body(
                "vera",
                "a@example.org",
                "a-good-password",
                "javascript:alert(1)",
            ),
            "profilePictureUrl",
        ),
        (
            signup_body(
                "vera",
                "a@example.org",
                "a-good-password",
                "ftp://example.org/a.png",
            ),
            "profilePictureUrl",
        ),
        (json!({}), "username"),
    ];
    for (body, field) in cases {
        let response = app
            .call(Method::POST, "/api/auth/signup", None, Some(body.clone()))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            message(&response).starts_with(field),
            "{body}: {}",
            message(&response)
        );
    }
    let malformed = app
        .send({
            let mut request = json_call(Method::POST, "/api/auth/signup", None, None);
            *request.body_mut() = "{\"username\":".into();
            request
                .headers_mut()
                .insert("content-type", "application/json".parse().unwrap());
            request
        })
        .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert!(malformed.json()["message"].is_string());
}

#[tokio::test]
async fn taken_usernames_and_emails_in_any_case_answer_409() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    for (body, what) in [
        (
            signup_body("VinylVera", "other@example.org", "a-good-password", ""),
            "username",
        ),
        (
            signup_body("someone", "VINYLVERA@example.org", "a-good-password", ""),
            "email",
        ),
    ] {
        let response = app
            .call(Method::POST, "/api/auth/signup", None, Some(body))
            .await;
        assert_eq!(response.status, StatusCode::CONFLICT);
        assert!(
            message(&response).starts_with(what),
            "{}",
            message(&response)
        );
    }
}

#[tokio::test]
async fn log_in_by_email_in_any_case_or_by_username() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let response = log_in(&app, "VinylVera@EXAMPLE.org", "a-good-password").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(response.json()["user"]["username"], "vinylvera");
    let token = response.json()["token"].as_str().unwrap().to_owned();
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(me.status, StatusCode::OK);

    let by_name = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            Some(json!({ "username": "VINYLVERA", "email": "", "password": "a-good-password" })),
        )
        .await;
    assert_eq!(by_name.status, StatusCode::OK);
}

#[tokio::test]
async fn wrong_password_and_unknown_email_get_the_same_answer() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let wrong = log_in(&app, "vinylvera@example.org", "not-the-password").await;
    let unknown = log_in(&app, "nobody@example.org", "not-the-password").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.body, unknown.body);
    let missing = log_in(&app, "vinylvera@example.org", "").await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert!(message(&missing).starts_with("password"));
}

#[tokio::test]
async fn logout_revokes_the_token() {
    let app = TestApp::new();
    let (token, _) = app.sign_up("vinylvera").await;
    let out = app
        .call(Method::POST, "/api/auth/logout", Some(&token), None)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me.json(), json!({ "message": "Not signed in" }));
    let again = app
        .call(Method::POST, "/api/auth/logout", Some(&token), None)
        .await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn missing_malformed_and_expired_tokens_answer_401() {
    let app = TestApp::new();
    let (token, user_id) = app.sign_up("vinylvera").await;
    for header in [None, Some("made-up-token")] {
        let me = app.call(Method::GET, "/api/auth/me", header, None).await;
        assert_eq!(me.status, StatusCode::UNAUTHORIZED);
        assert_eq!(me.json(), json!({ "message": "Not signed in" }));
    }
    app.conn()
        .execute(
            "UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?1",
            [user_id],
        )
        .unwrap();
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn using_a_session_slides_its_expiry_forward() {
    let app = TestApp::new();
    let (token, user_id) = app.sign_up("vinylvera").await;
    let conn = app.conn();
    conn.execute(
        "UPDATE sessions SET last_used_at = '2000-01-01T00:00:00.000Z',
                             expires_at = '2999-01-01T00:00:00.000Z' WHERE user_id = ?1",
        [user_id],
    )
    .unwrap();
    assert_eq!(
        app.call(Method::GET, "/api/auth/me", Some(&token), None)
            .await
            .status,
        StatusCode::OK
    );
    let (last_used, expires): (String, String) = conn
        .query_row(
            "SELECT last_used_at, expires_at FROM sessions WHERE user_id = ?1",
            [user_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(last_used.as_str() > "2026", "{last_used}");
    assert!(expires.as_str() < "2999", "30 days from now: {expires}");
}

#[tokio::test]
async fn public_profiles_by_id_and_username_hide_the_email() {
    let app = TestApp::new();
    let (_, user_id) = app.sign_up("vinylvera").await;
    for path in [
        format!("/api/user/{user_id}"),
        "/api/user/username/VinylVera".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        let json = response.json();
        assert_eq!(json["userId"], user_id);
        assert_eq!(json["username"], "vinylvera");
        assert!(
            json.get("email").is_none() && json.get("password").is_none(),
            "{json}"
        );
        assert!(json["createdAt"].is_string() && json["role"] == "user");
    }
    assert_eq!(app.get("/api/user/999").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/user/username/nobody").await.status,
        StatusCode::NOT_FOUND
    );
    let bad = app.get("/api/user/not-a-number").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["message"].is_string());
}

#[tokio::test]
async fn only_the_owner_changes_a_profile_picture() {
    let app = TestApp::new();
    let (vera, vera_id) = app.sign_up("vinylvera").await;
    let (tom, _) = app.sign_up("tom").await;
    let path = format!("/api/user/{vera_id}");
    let picture = json!({ "profilePictureUrl": "https://example.org/new.png" });

    let signed_out = app
        .call(Method::PATCH, &path, None, Some(picture.clone()))
        .await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let other = app
        .call(Method::PATCH, &path, Some(&tom), Some(picture.clone()))
        .await;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    let bad = app
        .call(
            Method::PATCH,
            &path,
            Some(&vera),
            Some(json!({ "profilePictureUrl": "javascript:x" })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(message(&bad).starts_with("profilePictureUrl"));

    let owner = app
        .call(Method::PATCH, &path, Some(&vera), Some(picture))
        .await;
    assert_eq!(owner.status, StatusCode::OK);
    assert_eq!(
        app.get(&path).await.json()["profilePictureUrl"],
        "https://example.org/new.png"
    );
    let cleared = app
        .call(
            Method::PATCH,
            &path,
            Some(&vera),
            Some(json!({ "profilePictureUrl": "" })),
        )
        .await;
    assert_eq!(cleared.json()["profilePictureUrl"], "");
}

#[tokio::test]
async fn ten_failed_logins_for_an_account_from_one_address_block_that_pair_with_retry_after() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    for _ in 0..10 {
        let wrong = log_in(&app, "vinylvera@example.org", "not-the-password").await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    }
    // Blocked even with the right password, so guessing learns nothing.
    let blocked = log_in(&app, "VINYLVERA@example.org", "a-good-password").await;
    assert_eq!(blocked.status, StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = blocked.header("retry-after").parse().unwrap();
    assert!((800..=900).contains(&retry), "{retry}");
    assert!(message(&blocked).contains("Too many failed log-ins"));
}

/// The app as the client at `address` (`10.1.1.1:5000`, `[2001:db8::1]:5000`) reaches it.
fn from(app: &TestApp, address: &str) -> axum::Router {
    let address: SocketAddr = address.parse().unwrap();
    app.router().layer(MockConnectInfo(address))
}

async fn log_in_from(router: axum::Router, body: Value) -> common::TestResponse {
    send(
        router,
        json_call(Method::POST, "/api/auth/login", None, Some(body)),
    )
    .await
}

#[tokio::test]
async fn wrong_log_ins_naming_an_email_are_limited_alike_whether_or_not_it_is_registered() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    // One run of guesses: first by a username, then by an email. Only a
    // registered email has a username of its own account beside it.
    let run = |address: &'static str, username: &'static str, email: &'static str| {
        let router = from(&app, address);
        async move {
            let mut statuses = Vec::new();
            for _ in 0..5 {
                let body = json!({ "username": username, "password": "not-the-password" });
                statuses.push(log_in_from(router.clone(), body).await.status);
            }
            for _ in 0..11 {
                let body = json!({ "email": email, "password": "not-the-password" });
                statuses.push(log_in_from(router.clone(), body).await.status);
            }
            statuses
        }
    };
    let (registered, unknown) = tokio::join!(
        run("10.4.4.1:5000", "vinylvera", "VinylVera@example.org"),
        run("10.4.4.2:5000", "nobody", "Nobody@example.org"),
    );
    assert_eq!(registered, unknown);
    assert_eq!(registered[..15], [StatusCode::UNAUTHORIZED; 15]);
    assert_eq!(registered[15], StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn right_passwords_count_too_but_never_against_strangers() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let right = json!({ "username": "vinylvera", "password": "a-good-password" });
    // Signed in from home, then again and again.
    for _ in 0..10 {
        let answer = log_in_from(from(&app, "10.5.5.1:5000"), right.clone()).await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    let refused = log_in_from(from(&app, "10.5.5.1:5000"), right.clone()).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(message(&refused).starts_with("Too many log-ins"));
    assert!(refused.header("retry-after").parse::<u64>().unwrap() > 60);
    // A stranger guessing is answered as for any name.
    let guess = json!({ "username": "vinylvera", "password": "not-the-password" });
    let stranger = log_in_from(from(&app, "10.5.5.2:5000"), guess).await;
    assert_eq!(stranger.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn emails_beyond_a_to_z_are_one_address_in_any_case() {
    let app = TestApp::new();
    let body = signup_body("unal", "Ünal@Example.org", "a-good-password", "");
    let created = app
        .call(Method::POST, "/api/auth/signup", None, Some(body))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let again = signup_body("unal2", "ünal@example.org", "a-good-password", "");
    let taken = app
        .call(Method::POST, "/api/auth/signup", None, Some(again))
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    for typed in ["ünal@example.org", "ÜNAL@EXAMPLE.ORG"] {
        let response = log_in(&app, typed, "a-good-password").await;
        assert_eq!(response.status, StatusCode::OK, "{typed}");
    }
}

#[tokio::test]
async fn thirty_failed_logins_from_one_address_block_that_address() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let from = |address: &str| {
        let address: SocketAddr = address.parse().unwrap();
        app.router().layer(MockConnectInfo(address))
    };
    for n in 0..30 {
        let body =
            json!({ "email": format!("guess{n}@example.org"), "password": "not-the-password" });
        let request = json_call(Method::POST, "/api/auth/login", None, Some(body));
        assert_eq!(
            send(from("10.1.1.1:5000"), request).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let good = json!({ "email": "vinylvera@example.org", "password": "a-good-password" });
    let request = json_call(Method::POST, "/api/auth/login", None, Some(good.clone()));
    assert_eq!(
        send(from("10.1.1.1:6000"), request).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    let request = json_call(Method::POST, "/api/auth/login", None, Some(good));
    assert_eq!(
        send(from("10.2.2.2:5000"), request).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn sign_ups_are_limited_per_address() {
    let app = TestApp::new();
    let router = app
        .router()
        .layer(MockConnectInfo("10.3.3.3:1".parse::<SocketAddr>().unwrap()));
    for n in 0..5 {
        let body = signup_body(
            &format!("member{n}"),
            &format!("m{n}@example.org"),
            "a-good-password",
            "",
        );
        let request = json_call(Method::POST, "/api/auth/signup", None, Some(body));
        assert_eq!(
            send(router.clone(), request).await.status,
            StatusCode::CREATED
        );
    }
    let body = signup_body("member9", "m9@example.org", "a-good-password", "");
    let response = send(
        router,
        json_call(Method::POST, "/api/auth/signup", None, Some(body)),
    )
    .await;
    assert_eq!(response.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(response.header("retry-after").parse::<u64>().unwrap() > 0);
}

#[tokio::test]
async fn forty_failed_log_ins_from_one_ipv6_64_do_not_all_reach_the_password_check() {
    let app = TestApp::new();
    let mut statuses = Vec::new();
    for n in 1..=40 {
        // Each from its own address of the /64, each naming its own email.
        let router = from(&app, &format!("[2001:db8:1:2:{n:x}::{n:x}]:5000"));
        let body =
            json!({ "email": format!("guess{n}@example.org"), "password": "not-the-password" });
        statuses.push(log_in_from(router, body).await.status);
    }
    assert_eq!(statuses[..30], [StatusCode::UNAUTHORIZED; 30]);
    assert_eq!(statuses[30..], [StatusCode::TOO_MANY_REQUESTS; 10]);
    let body = json!({ "email": "guess@example.org", "password": "not-the-password" });
    let next_64 = log_in_from(from(&app, "[2001:db8:1:3::1]:5000"), body).await;
    assert_eq!(next_64.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn eight_sign_ups_from_one_ipv6_64_do_not_all_succeed() {
    let app = TestApp::new();
    let sign_up = |address: String, n: usize| {
        let body = signup_body(
            &format!("member{n}"),
            &format!("m{n}@example.org"),
            "a-good-password",
            "",
        );
        let router = from(&app, &address);
        async move {
            send(
                router,
                json_call(Method::POST, "/api/auth/signup", None, Some(body)),
            )
            .await
            .status
        }
    };
    let mut statuses = Vec::new();
    for n in 1..=8 {
        statuses.push(sign_up(format!("[2001:db8:7:8::{n:x}]:5000"), n).await);
    }
    assert_eq!(statuses[..5], [StatusCode::CREATED; 5]);
    assert_eq!(statuses[5..], [StatusCode::TOO_MANY_REQUESTS; 3]);
    let next_64 = sign_up("[2001:db8:7:9::1]:5000".to_owned(), 9).await;
    assert_eq!(next_64, StatusCode::CREATED);
}

#[tokio::test]
async fn sign_ups_cannot_ask_who_is_registered_faster_than_their_allowance() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let router = from(&app, "10.6.6.6:5000");
    let mut statuses = Vec::new();
    for n in 0..6 {
        let body = signup_body(
            &format!("prober{n}"),
            "vinylvera@example.org",
            "a-good-password",
            "",
        );
        let request = json_call(Method::POST, "/api/auth/signup", None, Some(body));
        statuses.push(send(router.clone(), request).await.status);
    }
    assert_eq!(statuses[..5], [StatusCode::CONFLICT; 5]);
    assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn role_extractors_guard_by_role() {
    use axum::Router;
    use axum::routing::get;
    use halfstar::api::{Admin, Editor, with_layers};

    let app = TestApp::new();
    let (token, user_id) = app.sign_up("vinylvera").await;
    let guarded = || {
        let routes = Router::new()
            .route(
                "/api/editor-only",
                get(|Editor(user): Editor| async move { user.username }),
            )
            .route(
                "/api/admin-only",
                get(|Admin(user): Admin| async move { user.username }),
            )
            .with_state(app.state.clone());
        with_layers(routes, app.state.max_body_bytes, app.state.request_timeout)
    };
    let call = |path: &str, token: Option<&str>| json_call(Method::GET, path, token, None);

    assert_eq!(
        send(guarded(), call("/api/editor-only", None)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let forbidden = send(guarded(), call("/api/editor-only", Some(&token))).await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
    assert_eq!(
        forbidden.json(),
        json!({ "message": "Insufficient permissions" })
    );

    app.set_role(user_id, Role::Editor);
    assert_eq!(
        send(guarded(), call("/api/editor-only", Some(&token)))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        send(guarded(), call("/api/admin-only", Some(&token)))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    app.set_role(user_id, Role::Admin);
    assert_eq!(
        send(guarded(), call("/api/editor-only", Some(&token)))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        send(guarded(), call("/api/admin-only", Some(&token)))
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
    let sign_up_from = |router: axum::Router, n: usize, forwarded: &str| {
        let body = signup_body(
            &format!("member{n}"),
            &format!("m{n}@example.org"),
            "a-good-password",
            "",
        );
        let mut request = json_call(Method::POST, "/api/auth/signup", None, Some(body));
        request
            .headers_mut()
            .insert("x-forwarded-for", forwarded.parse().unwrap());
        async move { send(router, request).await.status }
    };
    let proxy: SocketAddr = "127.0.0.1:9".parse().unwrap();

    // Trusted: each forwarded client has its own allowance, though all come through one proxy.
    let mut app = TestApp::new();
    app.state.trust_proxy = true;
    let router = app.router().layer(MockConnectInfo(proxy));
    for n in 0..6 {
        let client = format!("203.0.113.{n}");
        assert_eq!(
            sign_up_from(router.clone(), n, &format!("198.51.100.7, {client}")).await,
            StatusCode::CREATED
        );
    }

    // Not trusted: the header is ignored, so varying it does not escape the limit.
    let app = TestApp::new();
    let router = app.router().layer(MockConnectInfo(proxy));
    let mut statuses = Vec::new();
    for n in 0..6 {
        statuses.push(sign_up_from(router.clone(), n, &format!("203.0.113.{n}")).await);
    }
    assert_eq!(statuses[..5], [StatusCode::CREATED; 5]);
    assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS);
}

/// The app as a reverse proxy on 127.0.0.1 reaches it.
fn behind_proxy(app: &TestApp) -> axum::Router {
    let proxy: SocketAddr = "127.0.0.1:9".parse().unwrap();
    app.router().layer(MockConnectInfo(proxy))
}

fn log_in_forwarded(
    router: axum::Router,
    username: &str,
    forwarded: &str,
    password: &str,
) -> impl Future<Output = StatusCode> + use<> {
    let body = json!({ "username": username, "password": password });
    let mut request = json_call(Method::POST, "/api/auth/login", None, Some(body));
    request
        .headers_mut()
        .insert("x-forwarded-for", forwarded.parse().unwrap());
    async move { send(router, request).await.status }
}

#[tokio::test]
async fn a_forwarded_entry_that_does_not_parse_is_an_unknown_client_not_the_one_before() {
    let mut app = TestApp::new();
    app.state.trust_proxy = true;
    app.sign_up("vinylvera").await;
    let router = behind_proxy(&app);
    let log_in_via = |forwarded: &str, password: &str| {
        log_in_forwarded(router.clone(), "vinylvera", forwarded, password)
    };

    // The client wrote "198.51.100.9"; the proxy appended what it could not
    // tell, so nothing is known and nothing is counted against 198.51.100.9.
    let malformed = [
        "unknown",
        ":51234",
        "garbage",
        "999.0.0.1",
        "",
        "fe80::1%eth0",
    ];
    for entry in malformed.iter().cycle().take(10) {
        let forwarded = format!("198.51.100.9, {entry}");
        assert_eq!(
            log_in_via(&forwarded, "not-the-password").await,
            StatusCode::UNAUTHORIZED,
            "{forwarded}"
        );
    }
    assert_eq!(
        log_in_via("198.51.100.9", "a-good-password").await,
        StatusCode::OK
    );
    // All the unknown clients share one allowance, now used up.
    assert_eq!(
        log_in_via("203.0.113.1, unknown", "a-good-password").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn forwarded_addresses_with_ports_count_as_the_address() {
    let mut app = TestApp::new();
    app.state.trust_proxy = true;
    // One account for each form, so that neither waits on the other's failures.
    app.sign_up("four").await;
    app.sign_up("six").await;
    let router = behind_proxy(&app);
    let log_in_via = |account: &str, forwarded: &str, password: &str| {
        log_in_forwarded(router.clone(), account, forwarded, password)
    };
    for (account, with_ports, bare) in [
        ("four", "203.0.113.5:", "203.0.113.5"),
        ("six", "[2001:db8::5]:", "2001:db8::5"),
    ] {
        for port in 0..10 {
            let forwarded = format!("{with_ports}{}", 40000 + port);
            assert_eq!(
                log_in_via(account, &forwarded, "not-the-password").await,
                StatusCode::UNAUTHORIZED
            );
        }
        assert_eq!(
            log_in_via(account, bare, "a-good-password").await,
            StatusCode::TOO_MANY_REQUESTS,
            "{bare}"
        );
        assert_eq!(
            log_in_via(account, "203.0.113.6", "a-good-password").await,
            StatusCode::OK
        );
    }
}
