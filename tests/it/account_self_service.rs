//! A member managing their own account: sessions listed and ended, the
//! password, email and username changed, the account deleted with the
//! albums' counters kept exact, and sessions ending at their absolute
//! lifetime however much they are used.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{RADIOHEAD, TestApp, TestResponse};
use serde_json::{Value, json};

const PASSWORD: &str = "a-good-password";

async fn log_in(app: &TestApp, username: &str, password: &str, agent: &str) -> TestResponse {
    let body = json!({ "username": username, "password": password });
    let mut request = common::json_call(Method::POST, "/api/auth/login", None, Some(body));
    request
        .headers_mut()
        .insert("user-agent", agent.parse().unwrap());
    app.send(request).await
}

async fn token_for(app: &TestApp, username: &str, agent: &str) -> String {
    let response = log_in(app, username, PASSWORD, agent).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()["token"].as_str().unwrap().to_owned()
}

async fn me(app: &TestApp, token: &str) -> StatusCode {
    app.call(Method::GET, "/api/auth/me", Some(token), None)
        .await
        .status
}

fn message(response: &TestResponse) -> String {
    response.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

#[tokio::test]
async fn a_member_lists_their_sessions_and_ends_one_or_all() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    app.sign_up("mira99").await;
    let laptop = token_for(&app, "vinylvera", FIREFOX).await;
    let phone = token_for(&app, "vinylvera", IPHONE).await;
    let miras = token_for(&app, "mira99", FIREFOX).await;

    let listed = app
        .call(Method::GET, "/api/auth/sessions", Some(&laptop), None)
        .await;
    assert_eq!(listed.status, StatusCode::OK);
    let sessions = listed.json();
    let sessions = sessions.as_array().unwrap();
    assert_eq!(
        sessions.len(),
        3,
        "sign-up's, the laptop's and the phone's: {sessions:?}"
    );
    let devices: Vec<&str> = sessions
        .iter()
        .map(|s| s["device"].as_str().unwrap())
        .collect();
    assert!(devices.contains(&"Firefox on Linux") && devices.contains(&"Safari on iPhone"));
    let current: Vec<&Value> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["device"], "Firefox on Linux");
    let phone_session = sessions
        .iter()
        .find(|s| s["device"] == "Safari on iPhone")
        .unwrap()["sessionId"]
        .as_str()
        .unwrap()
        .to_owned();

    // Another member cannot end it, nor see it.
    let path = format!("/api/auth/sessions/{phone_session}");
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&miras), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let theirs = app
        .call(Method::GET, "/api/auth/sessions", Some(&miras), None)
        .await
        .json();
    assert_eq!(theirs.as_array().unwrap().len(), 2);
    assert_eq!(me(&app, &phone).await, StatusCode::OK);

    assert_eq!(
        app.call(Method::DELETE, &path, Some(&laptop), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(me(&app, &phone).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &laptop).await, StatusCode::OK);

    let everywhere = app
        .call(Method::DELETE, "/api/auth/sessions", Some(&laptop), None)
        .await;
    assert_eq!(everywhere.status, StatusCode::NO_CONTENT);
    assert_eq!(me(&app, &laptop).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &miras).await, StatusCode::OK, "only hers");
}

#[tokio::test]
async fn changing_the_password_asks_for_the_old_one_and_ends_other_sessions() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let here = token_for(&app, "vinylvera", FIREFOX).await;
    let elsewhere = token_for(&app, "vinylvera", IPHONE).await;
    let change =
        |current: &str, new: &str| json!({ "currentPassword": current, "newPassword": new });

    let wrong = app
        .call(
            Method::PUT,
            "/api/auth/password",
            Some(&here),
            Some(change("not-it-at-all", "another-good-one")),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(message(&wrong), "That is not your password");
    let short = app
        .call(
            Method::PUT,
            "/api/auth/password",
            Some(&here),
            Some(change(PASSWORD, "short")),
        )
        .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert!(
        message(&short).starts_with("newPassword"),
        "{}",
        message(&short)
    );
    assert_eq!(
        me(&app, &elsewhere).await,
        StatusCode::OK,
        "nothing changed yet"
    );

    let changed = app
        .call(
            Method::PUT,
            "/api/auth/password",
            Some(&here),
            Some(change(PASSWORD, "another-good-one")),
        )
        .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text());
    assert_eq!(me(&app, &here).await, StatusCode::OK);
    assert_eq!(me(&app, &elsewhere).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        log_in(&app, "vinylvera", PASSWORD, FIREFOX).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        log_in(&app, "vinylvera", "another-good-one", FIREFOX)
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn wrong_passwords_on_account_changes_count_as_failed_log_ins() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    let token = token_for(&app, "vinylvera", FIREFOX).await;
    for _ in 0..10 {
        let body = json!({ "email": "new@example.org", "password": "a-wrong-guess" });
        let answer = app
            .call(Method::PUT, "/api/auth/email", Some(&token), Some(body))
            .await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
    }
    let body = json!({ "email": "new@example.org", "password": PASSWORD });
    let refused = app
        .call(Method::PUT, "/api/auth/email", Some(&token), Some(body))
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(message(&refused).starts_with("Too many failed log-ins"));
}

#[tokio::test]
async fn changing_the_email_needs_the_password_and_a_free_address() {
    let app = TestApp::new();
    app.sign_up("vinylvera").await;
    app.sign_up("mira99").await;
    let token = token_for(&app, "vinylvera", FIREFOX).await;
    let change = |email: &str| json!({ "email": email, "password": PASSWORD });
    let taken = app
        .call(
            Method::PUT,
            "/api/auth/email",
            Some(&token),
            Some(change("MIRA99@example.org")),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    let bad = app
        .call(
            Method::PUT,
            "/api/auth/email",
            Some(&token),
            Some(change("not an email")),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let changed = app
        .call(
            Method::PUT,
            "/api/auth/email",
            Some(&token),
            Some(change("Vera@Elsewhere.org")),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text());
    assert_eq!(changed.json()["email"], "vera@elsewhere.org");
    let by_new = json!({ "email": "vera@elsewhere.org", "password": PASSWORD });
    let again = app
        .call(Method::POST, "/api/auth/login", None, Some(by_new))
        .await;
    assert_eq!(again.status, StatusCode::OK);
}

#[tokio::test]
async fn email_changes_cannot_ask_who_is_registered_faster_than_their_allowance() {
    let app = TestApp::new();
    for name in ["vinylvera", "mira99", "shoegaze_sam", "crate_digger"] {
        app.sign_up(name).await;
    }
    let vera = token_for(&app, "vinylvera", FIREFOX).await;
    let change = |email: &str| json!({ "email": email, "password": PASSWORD });
    let ask = |token: String, email: &'static str| {
        let body = change(email);
        let app = &app;
        async move {
            app.call(Method::PUT, "/api/auth/email", Some(&token), Some(body))
                .await
        }
    };
    let registered = ["mira99@example.org", "shoegaze_sam@example.org"];
    let mut statuses = Vec::new();
    for email in registered.iter().cycle().take(5) {
        statuses.push(ask(vera.clone(), email).await.status);
    }
    assert_eq!(statuses, [StatusCode::CONFLICT; 5]);
    let refused = ask(vera.clone(), "crate_digger@example.org").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(message(&refused).starts_with("Too many email changes"));
    assert!(refused.header("retry-after").parse::<u64>().unwrap() > 60);

    // Another member asking about the same address shares its allowance,
    // of which three asks are spent.
    let sam = token_for(&app, "shoegaze_sam", FIREFOX).await;
    let mut statuses = Vec::new();
    for _ in 0..3 {
        statuses.push(ask(sam.clone(), "mira99@example.org").await.status);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CONFLICT,
            StatusCode::CONFLICT,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    assert_eq!(
        ask(sam, "crate_digger@example.org").await.status,
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn a_new_username_keeps_old_links_working_until_someone_takes_the_name() {
    let app = TestApp::new();
    let (vera, vera_id) = app.sign_up("vinylvera").await;
    let (mira, _) = app.sign_up("mira99").await;
    let rename = |name: &str| json!({ "username": name });
    let taken = app
        .call(
            Method::PUT,
            "/api/auth/username",
            Some(&vera),
            Some(rename("MIRA99")),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(message(&taken), "username is already taken");
    let bad = app
        .call(
            Method::PUT,
            "/api/auth/username",
            Some(&vera),
            Some(rename("no spaces allowed")),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    let renamed = app
        .call(
            Method::PUT,
            "/api/auth/username",
            Some(&vera),
            Some(rename("vera_spins")),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
    assert_eq!(renamed.json()["username"], "vera_spins");
    let old_link = app.get("/api/user/username/VinylVera").await;
    assert_eq!(old_link.status, StatusCode::OK);
    assert_eq!(old_link.json()["username"], "vera_spins");
    assert_eq!(old_link.json()["userId"], vera_id);
    assert_eq!(
        log_in(&app, "vera_spins", PASSWORD, FIREFOX).await.status,
        StatusCode::OK
    );
    assert_eq!(
        log_in(&app, "vinylvera", PASSWORD, FIREFOX).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The old name is free again: whoever takes it owns its links.
    let taken_over = app
        .call(
            Method::PUT,
            "/api/auth/username",
            Some(&mira),
            Some(rename("vinylvera")),
        )
        .await;
    assert_eq!(taken_over.status, StatusCode::OK);
    assert_eq!(
        app.get("/api/user/username/vinylvera").await.json()["username"],
        "vinylvera"
    );
    assert_eq!(
        app.get("/api/user/username/mira99").await.json()["username"],
        "vinylvera"
    );
}

#[tokio::test]
async fn deleting_the_account_needs_the_password_and_keeps_counters_exact() {
    let app = TestApp::new();
    let (vera, _) = app.sign_up("vinylvera").await;
    let (theo, _) = app.sign_up("lowend_theo").await;
    let (artist, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &["Rock".to_owned()]);
    for (token, number) in [(&vera, 9), (&theo, 5)] {
        let body = json!({ "albumId": albums[0], "artistId": artist, "number": number });
        let rated = app
            .call(Method::POST, "/api/rating", Some(token), Some(body))
            .await;
        assert_eq!(rated.status, StatusCode::CREATED);
    }
    let review =
        json!({ "reviewText": "Mine.", "albumName": "OK Computer", "artistName": "Radiohead" });
    assert_eq!(
        app.call(Method::POST, "/api/review", Some(&vera), Some(review))
            .await
            .status,
        StatusCode::CREATED
    );

    let wrong = app
        .call(
            Method::POST,
            "/api/auth/delete-account",
            Some(&vera),
            Some(json!({ "password": "not-my-password" })),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let missing = app
        .call(
            Method::POST,
            "/api/auth/delete-account",
            Some(&vera),
            Some(json!({})),
        )
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(me(&app, &vera).await, StatusCode::OK);

    let deleted = app
        .call(
            Method::POST,
            "/api/auth/delete-account",
            Some(&vera),
            Some(json!({ "password": PASSWORD })),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
    assert_eq!(me(&app, &vera).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.get("/api/user/username/vinylvera").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/review/ok-computer")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        0
    );
    let album = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(album["numberOfRatings"], 1);
    assert_eq!(album["averageRating"], 5.0);
    let conn = app.conn();
    let (count, sum): (i64, f64) = conn
        .query_row(
            "SELECT rating_count, rating_sum FROM albums WHERE id = ?1",
            [albums[0]],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert_eq!((count, sum), (1, 5.0));
}

#[tokio::test]
async fn sessions_end_at_their_absolute_lifetime_however_much_they_are_used() {
    let mut app = TestApp::new();
    app.state.session_max_age = time::Duration::days(180);
    app.sign_up("vinylvera").await;
    let token = token_for(&app, "vinylvera", FIREFOX).await;
    assert_eq!(me(&app, &token).await, StatusCode::OK);
    // Opened 181 days ago and used a minute ago: its idle expiry is far off.
    let opened = halfstar::domain::timestamp::before_now(time::Duration::days(181));
    let conn = app.conn();
    conn.execute(
        "UPDATE sessions SET created_at = ?1 WHERE token_hash = ?2",
        rusqlite::params![opened, halfstar::auth::token_hash(&token)],
    )
    .unwrap();
    drop(conn);
    assert_eq!(me(&app, &token).await, StatusCode::UNAUTHORIZED);
    let listed = token_for(&app, "vinylvera", FIREFOX).await;
    let sessions = app
        .call(Method::GET, "/api/auth/sessions", Some(&listed), None)
        .await
        .json();
    assert!(
        sessions
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["createdAt"].as_str().unwrap() > opened.as_str())
    );
}
