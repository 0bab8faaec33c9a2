//! The Atom feeds for feed readers (the albums just out, a member's reviews, a
//! list's changes), read as a reader would: parsed, with absolute links to
//! the site as the reader reached it, and nothing a visitor may not read.

use crate::common;

use std::str::FromStr;

use atom_syndication::Feed;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::TestApp;
use halfstar::config::PublicUrl;
use halfstar::domain::Role;
use serde_json::{Value, json};

/// A site whose public address is `http://music.example`.
fn site() -> TestApp {
    let mut app = TestApp::new();
    app.state.public_url = PublicUrl::parse("http://music.example").unwrap();
    app
}

/// The feed at `path`, asked for with no session (and a `Host` that names
/// another site, which links never follow).
async fn feed(app: &TestApp, path: &str) -> Feed {
    let request = Request::builder()
        .method(Method::GET)
        .uri(path)
        .header("host", "elsewhere.example")
        .body(Body::empty())
        .unwrap();
    let answer = app.send(request).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    assert!(
        answer
            .header("content-type")
            .starts_with("application/atom+xml"),
        "{path}"
    );
    Feed::from_str(&answer.text()).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn titles(feed: &Feed) -> Vec<&str> {
    feed.entries()
        .iter()
        .map(|entry| entry.title().as_str())
        .collect()
}

fn days_from_today(days: i64) -> String {
    (time::OffsetDateTime::now_utc().date() + time::Duration::days(days)).to_string()
}

async fn created(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let answer = app.call(Method::POST, path, Some(token), Some(body)).await;
    assert_eq!(
        answer.status,
        StatusCode::CREATED,
        "{path}: {}",
        answer.text()
    );
    answer.json()
}

#[tokio::test]
async fn the_new_releases_feed_lists_the_albums_just_out_with_absolute_links() {
    let app = site();
    app.artist_with_albums(
        "Fresh Band",
        &[
            ("Just Out", &days_from_today(-3)),
            ("Last Month", &days_from_today(-30)),
            ("Long Ago", &days_from_today(-400)),
            ("Coming Soon", &days_from_today(20)),
        ],
        &["Shoegaze".to_owned()],
    );
    let feed = feed(&app, "/api/feeds/new-releases").await;
    assert_eq!(
        titles(&feed),
        ["Fresh Band – Just Out", "Fresh Band – Last Month"]
    );
    let first = &feed.entries()[0];
    assert_eq!(
        first.links()[0].href(),
        "http://music.example/albums/fresh-band/just-out"
    );
    let content = first.content().unwrap().value().unwrap();
    assert!(content.contains("Shoegaze"), "{content}");
    assert_eq!(
        feed.links()
            .iter()
            .find(|link| link.rel() == "self")
            .unwrap()
            .href(),
        "http://music.example/api/feeds/new-releases"
    );
    assert_eq!(feed.updated().date_naive().to_string(), days_from_today(-3));
}

#[tokio::test]
async fn a_members_review_feed_leaves_out_what_an_admin_hid() {
    let app = site();
    let (vera, vera_id) = app.member("vinylvera");
    app.set_role(vera_id, Role::Admin);
    let (ada, _) = app.member("ada");
    app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let review = |album: &str, text: &str| json!({ "reviewText": text, "artistName": "Radiohead", "albumName": album });
    created(
        &app,
        &ada,
        "/api/review",
        review("OK Computer", "Still ahead of its time."),
    )
    .await;
    let hidden = created(
        &app,
        &ada,
        "/api/review",
        review("Kid A", "Cold & <brilliant>."),
    )
    .await;
    let hidden_id = hidden["reviewId"].as_i64().unwrap();

    let before = feed(&app, "/api/feeds/members/ada/reviews").await;
    assert_eq!(
        titles(&before),
        ["Kid A by Radiohead", "OK Computer by Radiohead"]
    );
    let kid_a = &before.entries()[0];
    // Written as text, read back as written: escaping is the feed's business.
    assert_eq!(
        kid_a.content().unwrap().value(),
        Some("Cold & <brilliant>.")
    );
    assert_eq!(kid_a.authors()[0].name(), "ada");
    assert!(
        kid_a.links()[0]
            .href()
            .starts_with("http://music.example/review/"),
        "{}",
        kid_a.links()[0].href()
    );

    let hide = app
        .call(
            Method::POST,
            "/api/admin/visibility",
            Some(&vera),
            Some(json!({ "itemKind": "review", "itemId": hidden_id, "hidden": true, "note": "spoilers" })),
        )
        .await;
    assert_eq!(hide.status, StatusCode::OK, "{}", hide.text());
    let after = feed(&app, "/api/feeds/members/ada/reviews").await;
    assert_eq!(titles(&after), ["OK Computer by Radiohead"]);

    let nobody = app
        .call(Method::GET, "/api/feeds/members/nobody/reviews", None, None)
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_lists_feed_tells_its_changes_and_a_private_list_has_none() {
    let app = site();
    let (theo, _) = app.member("lowend.theo");
    let (_, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let list = created(
        &app,
        &theo,
        "/api/list",
        json!({ "title": "Rainy days", "description": "" }),
    )
    .await;
    let id = list["listId"].as_i64().unwrap();
    for album in &albums[..2] {
        created(
            &app,
            &theo,
            &format!("/api/list/{id}/entries"),
            json!({ "albumId": album }),
        )
        .await;
    }
    let history = app
        .call(Method::GET, &format!("/api/list/{id}/history"), None, None)
        .await
        .json();
    let told: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|event| event["text"].as_str().unwrap())
        .collect();
    let path = format!("/api/feeds/lists/{id}");
    let feed = feed(&app, &path).await;
    assert_eq!(titles(&feed), told);
    assert_eq!(feed.entries().len(), 2);
    assert_eq!(feed.title().as_str(), "Rainy days, a list by lowend.theo");
    let ids: std::collections::HashSet<&str> =
        feed.entries().iter().map(|entry| entry.id()).collect();
    assert_eq!(ids.len(), 2, "each change an entry of its own");

    let private = app
        .call(
            Method::PATCH,
            &format!("/api/list/{id}"),
            Some(&theo),
            Some(json!({ "visibility": "private" })),
        )
        .await;
    assert_eq!(private.status, StatusCode::OK, "{}", private.text());
    let gone = app.call(Method::GET, &path, None, None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}
