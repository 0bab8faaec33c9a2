//! Any name works in any path: artists, albums and members whose names hold
//! URL specials, quotes, emoji, accents or right-to-left text can be added
//! and are found again by name and by the slug the UI's links carry.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::{Value, json};

/// One path segment, as the UI's encodeURIComponent makes it.
fn segment(name: &str) -> String {
    name.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

async fn editor() -> (TestApp, String) {
    TestApp::with_editor("name_keeper").await
}

async fn add_artist(app: &TestApp, token: &str, name: &str) -> Value {
    app.add_artist(token, name).await
}

async fn add_album(app: &TestApp, token: &str, artist: &str, title: &str) -> Value {
    let body = json!({
        "artist": artist, "title": title, "releaseDate": "2001-02-03",
        "pictureUrl": "", "genres": "Rock", "type": "LP"
    });
    let response = app
        .call(Method::POST, "/api/album", Some(token), Some(body))
        .await;
    assert_eq!(
        response.status,
        StatusCode::CREATED,
        "{artist} / {title}: {}",
        response.text()
    );
    response.json()
}

/// The artist's name that `GET /api/artist/name/{reference}` answers with.
async fn artist_named(app: &TestApp, reference: &str) -> String {
    let response = app
        .get(&format!("/api/artist/name/{}", segment(reference)))
        .await;
    assert_eq!(
        response.status,
        StatusCode::OK,
        "{reference:?}: {}",
        response.text()
    );
    response.json()["name"].as_str().unwrap().to_owned()
}

/// The album's title that `GET /api/album/name/{artist}/{title}` answers with.
async fn album_titled(app: &TestApp, artist: &str, title: &str) -> String {
    let path = format!("/api/album/name/{}/{}", segment(artist), segment(title));
    let response = app.get(&path).await;
    assert_eq!(
        response.status,
        StatusCode::OK,
        "{path}: {}",
        response.text()
    );
    response.json()["title"].as_str().unwrap().to_owned()
}

const CATALOGUE: &[(&str, &str)] = &[
    ("AC/DC", "High Voltage / Live?"),
    ("100% Pure", "50% Off"),
    ("#1 Record", "#2 & #3"),
    ("R&B + Soul", "A+B=C & D"),
    ("\"Quoted\" 'Name'", "\"Title\" 'Here'"),
    ("Sigur Rós", "Ágætis byrjun"),
    ("🎸 Emoji", "🎶🎶"),
    ("موسيقى", "أغنية الليل"),
    ("שלום עולם", "שיר חדש"),
    ("?", "%"),
    ("..", "."),
    ("50%2F50", "%E0%A4%A"),
    ("Recent", "Validate"),
];

#[tokio::test]
async fn every_name_is_found_by_name_and_by_slug() {
    let (app, token) = editor().await;
    for (artist, title) in CATALOGUE {
        let added = add_artist(&app, &token, artist).await;
        let album = add_album(&app, &token, artist, title).await;
        let artist_slug = added["slug"].as_str().unwrap();
        let album_slug = album["slug"].as_str().unwrap();
        assert_eq!(album["artistSlug"], artist_slug);
        for slug in [artist_slug, album_slug] {
            assert!(!slug.is_empty(), "{artist} / {title}: an empty slug");
            assert!(slug != "." && slug != "..", "{slug:?} is a step in a path");
            assert!(
                !slug.contains(['/', '?', '#', '%', '\\']),
                "{slug:?} would break a path"
            );
        }

        assert_eq!(artist_named(&app, artist).await, *artist);
        assert_eq!(artist_named(&app, artist_slug).await, *artist);
        assert_eq!(album_titled(&app, artist, title).await, *title);
        assert_eq!(album_titled(&app, artist_slug, album_slug).await, *title);

        let albums = app
            .get(&format!("/api/album/artist/{}", segment(artist_slug)))
            .await;
        assert_eq!(albums.status, StatusCode::OK);
        assert_eq!(albums.json()[0]["title"], *title);
    }
}

#[tokio::test]
async fn names_that_are_steps_in_a_path_are_found_with_a_trailing_space() {
    // A browser resolves `/artists/..` to `/`, even written `%2E%2E`; the UI
    // sends `..%20` instead, and every lookup ignores the space.
    let (app, token) = editor().await;
    add_artist(&app, &token, "..").await;
    add_album(&app, &token, "..", ".").await;
    assert_eq!(artist_named(&app, ".. ").await, "..");
    assert_eq!(album_titled(&app, ".. ", ". ").await, ".");
}

#[tokio::test]
async fn a_slug_in_a_link_leads_to_its_own_artist_even_when_it_is_another_name() {
    let (app, token) = editor().await;
    let what = add_artist(&app, &token, "What?").await;
    let plain = add_artist(&app, &token, "What").await;
    assert_eq!(what["slug"], "what");
    assert_eq!(plain["slug"], "what-2");
    // The link to `What?` carries `what`, which is also the other's name.
    assert_eq!(artist_named(&app, "what").await, "What?");
    assert_eq!(artist_named(&app, "What").await, "What");
    assert_eq!(artist_named(&app, "what-2").await, "What");
    assert_eq!(artist_named(&app, "What?").await, "What?");

    // Names with nothing to make a slug from get stand-ins, each its own.
    let question = add_artist(&app, &token, "?").await;
    let percent = add_artist(&app, &token, "%").await;
    let word = add_artist(&app, &token, "Artist").await;
    assert_ne!(question["slug"], percent["slug"]);
    for (added, name) in [(&question, "?"), (&percent, "%"), (&word, "Artist")] {
        assert_eq!(
            artist_named(&app, added["slug"].as_str().unwrap()).await,
            name
        );
        assert_eq!(artist_named(&app, name).await, name);
    }
}

#[tokio::test]
async fn an_album_slug_in_a_link_leads_to_its_own_album() {
    let (app, token) = editor().await;
    add_artist(&app, &token, "What?").await;
    let why = add_album(&app, &token, "What?", "Why?").await;
    let plain = add_album(&app, &token, "What?", "Why").await;
    let artist_slug = why["artistSlug"].as_str().unwrap();
    assert_eq!(why["slug"], "why");
    assert_eq!(plain["slug"], "why-2");
    assert_eq!(album_titled(&app, artist_slug, "why").await, "Why?");
    assert_eq!(album_titled(&app, artist_slug, "why-2").await, "Why");
    assert_eq!(album_titled(&app, "What?", "Why").await, "Why");
    assert_eq!(album_titled(&app, "What?", "Why?").await, "Why?");
}

#[tokio::test]
async fn unknown_names_answer_404_with_a_message() {
    let app = TestApp::new();
    for name in ["%E0%A4%A", "%", "No/Such?Band#", "🎻", ".. "] {
        let response = app
            .get(&format!("/api/artist/name/{}", segment(name)))
            .await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{name}");
        assert!(response.json()["message"].is_string());
    }
}

#[tokio::test]
async fn usernames_keep_their_rules_and_allowed_ones_are_reachable() {
    let app = TestApp::new();
    for username in ["...", "dot.ted_name-1"] {
        app.sign_up(username).await;
        let response = app
            .get(&format!("/api/user/username/{}", segment(username)))
            .await;
        assert_eq!(response.status, StatusCode::OK, "{username}");
        assert_eq!(response.json()["username"], username);
    }
    for refused in ["a/b", "what?", "100%", "mé", "#tag", "a b"] {
        let body = json!({
            "username": refused, "email": "someone@example.org",
            "password": "a-good-password", "profilePictureUrl": ""
        });
        let response = app
            .call(Method::POST, "/api/auth/signup", None, Some(body))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{refused}");
        assert!(
            response.json()["message"]
                .as_str()
                .unwrap()
                .starts_with("username"),
            "{refused}"
        );
    }
}
