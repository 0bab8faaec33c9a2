//! Members who rated an album apply descriptors to it: the album shows those
//! at least two members applied, a descriptor's page lists the albums it is
//! strong for, taking a rating away takes the descriptors with it, and bad
//! requests are refused whole.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse};
use serde_json::{Value, json};

async fn describe(app: &TestApp, token: &str, album: i64, words: Value) -> TestResponse {
    app.call(
        Method::PUT,
        &format!("/api/album/{album}/descriptors"),
        Some(token),
        Some(json!({ "descriptors": words })),
    )
    .await
}

/// The member rates the album; the rating's id.
async fn rate(app: &TestApp, token: &str, artist: i64, album: i64) -> i64 {
    let rated = app
        .call(
            Method::POST,
            "/api/rating",
            Some(token),
            Some(json!({ "albumId": album, "artistId": artist, "number": 8 })),
        )
        .await;
    assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
    rated.json()["ratingId"].as_i64().unwrap()
}

fn slugs(list: &Value) -> Vec<(String, i64)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["slug"].as_str().unwrap().to_owned(),
                a["members"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn descriptors_two_members_applied_are_the_albums_and_lead_to_the_descriptors_page() {
    let app = TestApp::new();
    let (artist, ids) = app.artist_with_albums(
        "Slowdive",
        &[("Souvlaki", "1993-05-17"), ("Pygmalion", "1995-02-06")],
        &["Shoegaze".to_owned()],
    );
    let (souvlaki, pygmalion) = (ids[0], ids[1]);
    let (ann, _) = app.member("ann");
    let (bob, _) = app.member("bob");
    let (cy, _) = app.member("cy");

    let unrated = describe(&app, &ann, souvlaki, json!(["dreamy"])).await;
    assert_eq!(unrated.status, StatusCode::CONFLICT, "{}", unrated.text());
    assert_eq!(
        unrated.json()["message"],
        "Rate the album before describing it"
    );

    rate(&app, &ann, artist, souvlaki).await;
    let bobs_rating = rate(&app, &bob, artist, souvlaki).await;
    rate(&app, &cy, artist, souvlaki).await;
    rate(&app, &ann, artist, pygmalion).await;
    rate(&app, &bob, artist, pygmalion).await;

    let first = describe(
        &app,
        &ann,
        souvlaki,
        json!(["Dreamy", "wall of sound", "lush"]),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    assert_eq!(first["mine"], json!(["dreamy", "lush", "wall-of-sound"]));
    assert_eq!(first["canDescribe"], true);
    assert_eq!(first["strongest"], json!([]), "one member is not enough");
    describe(&app, &bob, souvlaki, json!(["dreamy", "lush"])).await;
    describe(&app, &cy, souvlaki, json!(["dreamy"])).await;
    describe(&app, &ann, pygmalion, json!(["dreamy", "minimalistic"])).await;
    describe(&app, &bob, pygmalion, json!(["dreamy", "minimalistic"])).await;

    let anyone = app
        .call(
            Method::GET,
            &format!("/api/album/{souvlaki}/descriptors"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(
        slugs(&anyone["strongest"]),
        [("dreamy".to_owned(), 3), ("lush".to_owned(), 2)]
    );
    assert_eq!(
        slugs(&anyone["applied"]),
        [
            ("dreamy".to_owned(), 3),
            ("lush".to_owned(), 2),
            ("wall-of-sound".to_owned(), 1)
        ]
    );
    assert_eq!(anyone["mine"], json!([]));
    assert_eq!(anyone["canDescribe"], false);

    let page = app.get("/api/descriptor/dreamy").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text());
    let page = page.json();
    assert_eq!(page["descriptor"]["name"], "dreamy");
    assert_eq!(page["descriptor"]["kind"], "mood");
    let listed: Vec<(&str, i64)> = page["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["album"]["title"].as_str().unwrap(),
                a["members"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [("Souvlaki", 3), ("Pygmalion", 2)]);
    let lush = app.get("/api/descriptor/Lush?limit=1&page=2").await.json();
    assert_eq!(lush["albums"], json!([]), "one album, one to a page");
    let unknown = app.get("/api/descriptor/loud-ish").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json()["message"], "No descriptor called loud-ish");

    // Bob takes his rating away, and his descriptors with it.
    let gone = app
        .call(
            Method::DELETE,
            &format!("/api/rating/{bobs_rating}"),
            Some(&bob),
            None,
        )
        .await;
    assert!(gone.status.is_success(), "{}", gone.text());
    let after = app
        .call(
            Method::GET,
            &format!("/api/album/{souvlaki}/descriptors"),
            Some(&bob),
            None,
        )
        .await
        .json();
    assert_eq!(slugs(&after["strongest"]), [("dreamy".to_owned(), 2)]);
    assert_eq!(after["mine"], json!([]));
    assert_eq!(after["canDescribe"], false);

    let export = app
        .call(Method::GET, "/api/user/me/export", Some(&ann), None)
        .await
        .json();
    let exported: Vec<&str> = export["descriptors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["album"] == "Souvlaki")
        .map(|d| d["descriptor"].as_str().unwrap())
        .collect();
    assert_eq!(exported, ["dreamy", "lush", "wall-of-sound"]);
}

#[tokio::test]
async fn bad_descriptors_are_refused_whole_with_their_reason() {
    let app = TestApp::new();
    let (artist, ids) = app.artist_with_albums("Slowdive", &[("Pygmalion", "1995-02-06")], &[]);
    let album = ids[0];
    let (token, _) = app.member("ann");
    rate(&app, &token, artist, album).await;
    describe(&app, &token, album, json!(["sparse"])).await;

    let cases = [
        (
            json!(["sparse", "loud-ish"]),
            "descriptors: \"loud-ish\" is not one of the descriptors",
        ),
        (
            json!(["sparse", "Sparse"]),
            "descriptors: sparse is named twice",
        ),
        (
            json!([
                "calm", "cold", "dark", "dreamy", "eerie", "lonely", "sad", "soft", "warm"
            ]),
            "descriptors: at most 8 an album",
        ),
    ];
    for (words, message) in cases {
        let refused = describe(&app, &token, album, words).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(refused.json()["message"], message);
    }
    let missing = describe(&app, &token, 999_999, json!(["calm"])).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let still = app
        .call(
            Method::GET,
            &format!("/api/album/{album}/descriptors"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(still["mine"], json!(["sparse"]), "nothing half-written");
    let vocabulary = app.get("/api/descriptors").await.json();
    assert!(vocabulary.as_array().unwrap().len() >= 90);
}
