//! The community API's edges: every write without a session, comments and
//! votes on reviews and posts, and the shout limit's `Retry-After`.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::db::albums::{self, NewAlbum};
use halfstar::db::artists::{self, NewArtist};
use halfstar::domain::AlbumType;
use serde_json::{Value, json};

/// One artist with one album, written straight to the database.
fn seed_album(app: &TestApp) -> i64 {
    let conn = app.conn();
    let artist = NewArtist {
        name: "Slowdive",
        description: "",
        picture_url: "",
        mbid: None,
    };
    let artist_id = artists::insert(&conn, &artist, "2026-01-01T00:00:00.000Z").unwrap();
    let album = NewAlbum {
        artist_id,
        title: "Souvlaki",
        release_date: "1993-05-17".parse().unwrap(),
        album_type: AlbumType::Lp,
        picture_url: "",
        genres: &["Shoegaze".to_owned()],
        styles: &[],
        mb_release_group: None,
    };
    albums::insert(&conn, &album, "2026-01-01T00:00:00.000Z").unwrap()
}

/// Every write of the community and catalogue API, with a body that would be
/// accepted from a signed-in editor.
fn writes(album: i64) -> Vec<(Method, String, Option<Value>)> {
    vec![
        (
            Method::POST,
            "/api/rating".into(),
            Some(json!({ "albumId": album, "artistId": 1, "number": 8 })),
        ),
        (
            Method::PATCH,
            "/api/rating/1".into(),
            Some(json!({ "number": 7 })),
        ),
        (Method::DELETE, "/api/rating/1".into(), None),
        (
            Method::POST,
            "/api/wishlistitem".into(),
            Some(json!({ "albumId": album })),
        ),
        (Method::DELETE, "/api/wishlistitem/1".into(), None),
        (
            Method::POST,
            "/api/review".into(),
            Some(
                json!({ "reviewText": "Lovely.", "albumName": "Souvlaki", "artistName": "Slowdive" }),
            ),
        ),
        (Method::DELETE, "/api/review/1".into(), None),
        (
            Method::POST,
            "/api/reviewvote".into(),
            Some(json!({ "reviewId": 1, "isThumbsUp": true })),
        ),
        (
            Method::POST,
            "/api/comment".into(),
            Some(json!({ "commentText": "hi", "albumId": album })),
        ),
        (Method::DELETE, "/api/comment/1".into(), None),
        (
            Method::POST,
            "/api/shout".into(),
            Some(json!({ "shoutText": "hi", "recipientUsername": "vinylvera" })),
        ),
        (Method::DELETE, "/api/shout/1".into(), None),
        (
            Method::POST,
            "/api/post".into(),
            Some(json!({ "title": "t", "postText": "p" })),
        ),
        (
            Method::PATCH,
            "/api/post/1".into(),
            Some(json!({ "updatedPostText": "p" })),
        ),
        (Method::DELETE, "/api/post/1".into(), None),
        (
            Method::PATCH,
            "/api/user/1".into(),
            Some(json!({ "profilePictureUrl": "" })),
        ),
        (
            Method::POST,
            "/api/artist".into(),
            Some(json!({ "name": "Ride" })),
        ),
        (
            Method::PATCH,
            "/api/artist/1".into(),
            Some(json!({ "description": "x" })),
        ),
        (
            Method::POST,
            "/api/album".into(),
            Some(
                json!({ "title": "Nowhere", "artist": "Ride", "releaseDate": "1990", "type": "LP" }),
            ),
        ),
        (
            Method::PATCH,
            "/api/album/1".into(),
            Some(json!({ "title": "x" })),
        ),
        (Method::DELETE, format!("/api/album/{album}"), None),
        (Method::POST, "/api/auth/logout".into(), None),
    ]
}

#[tokio::test]
async fn every_write_without_a_valid_session_is_401_and_changes_nothing() {
    let app = TestApp::new();
    let album = seed_album(&app);
    let (vera, _) = app.member("vinylvera");
    app.call(
        Method::POST,
        "/api/rating",
        Some(&vera),
        Some(json!({ "albumId": album, "artistId": 1, "number": 9 })),
    )
    .await;
    let before = app.get("/api/rating/user/name/vinylvera").await.json();

    for token in [None, Some("not-a-real-token")] {
        for (method, path, body) in writes(album) {
            let response = app.call(method.clone(), &path, token, body).await;
            assert_eq!(
                (response.status, response.json()),
                (
                    StatusCode::UNAUTHORIZED,
                    json!({ "message": "Not signed in" })
                ),
                "{method} {path} with token {token:?}"
            );
        }
    }
    assert_eq!(
        app.get("/api/rating/user/name/vinylvera").await.json(),
        before
    );
    assert_eq!(
        app.get("/api/album/name/slowdive/souvlaki").await.json()["numberOfRatings"],
        1
    );
}

#[tokio::test]
async fn comments_on_reviews_and_posts_are_listed_with_what_they_are_about() {
    let app = TestApp::new();
    let album = seed_album(&app);
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let review = app
        .call(
            Method::POST,
            "/api/review",
            Some(&vera),
            Some(json!({ "reviewText": "Washes over you.", "albumName": "souvlaki", "artistName": "slowdive" })),
        )
        .await;
    assert_eq!(review.status, StatusCode::CREATED, "{}", review.text());
    let review_id = review.json()["reviewId"].as_i64().unwrap();
    let post = app
        .call(
            Method::POST,
            "/api/post",
            Some(&vera),
            Some(json!({ "title": "Shoegaze starters", "postText": "Begin here." })),
        )
        .await;
    let post_id = post.json()["postId"].as_i64().unwrap();

    let on = |target: &str, id: i64, text: &str| json!({ "commentText": text, target: id });
    for body in [
        on("albumId", album, "on the album"),
        on("reviewId", review_id, "on the review"),
        on("postId", post_id, "on the post"),
    ] {
        let made = app
            .call(Method::POST, "/api/comment", Some(&theo), Some(body))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    }
    let posing = app
        .call(
            Method::POST,
            "/api/comment",
            Some(&theo),
            Some(json!({ "commentText": "as vera", "postId": post_id, "userId": vera_id })),
        )
        .await;
    assert_eq!(posing.status, StatusCode::FORBIDDEN);
    let missing = app
        .call(
            Method::POST,
            "/api/comment",
            Some(&theo),
            Some(on("reviewId", review_id + 100, "nowhere")),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let on_review = app
        .get(&format!("/api/comment/review/{review_id}"))
        .await
        .json();
    assert_eq!(on_review["totalReviewComments"], 1);
    assert_eq!(on_review["totalPages"], 1);
    assert!(on_review.get("totalAlbumComments").is_none());
    assert_eq!(on_review["data"][0]["commentText"], "on the review");
    assert_eq!(on_review["data"][0]["user"]["username"], "lowend.theo");
    let on_post = app
        .get(&format!("/api/comment/post/{post_id}"))
        .await
        .json();
    assert_eq!(on_post["totalPostComments"], 1);
    assert_eq!(on_post["data"][0]["commentText"], "on the post");
    let nothing = app.get("/api/comment/post/9999").await.json();
    assert_eq!(nothing["totalPostComments"], 0);
    assert_eq!(nothing["data"], json!([]));

    let all = app.get("/api/comment/recent").await.json();
    let texts: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["comment"]["commentText"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["on the post", "on the review", "on the album"]);
    let reviews = app.get("/api/comment/recent/review").await.json();
    assert_eq!(reviews.as_array().unwrap().len(), 1);
    assert_eq!(reviews[0]["reviewId"], review_id);
    assert_eq!(
        reviews[0]["album"]["title"], "Souvlaki",
        "a review's comment names the reviewed album"
    );
    let posts = app.get("/api/comment/recent/post").await.json();
    assert_eq!(posts.as_array().unwrap().len(), 1);
    assert_eq!(
        posts[0]["post"],
        json!({ "postId": post_id, "title": "Shoegaze starters" })
    );
    assert_eq!(
        app.get("/api/comment/recent?limit=51").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn votes_on_a_post_are_listed_and_count_toward_its_authors_approval() {
    let app = TestApp::new();
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (mira, _) = app.member("mira99");
    let post_id = app
        .call(
            Method::POST,
            "/api/post",
            Some(&vera),
            Some(json!({ "title": "Hello", "postText": "First post." })),
        )
        .await
        .json()["postId"]
        .as_i64()
        .unwrap();
    for (token, up) in [(&theo, true), (&mira, false)] {
        let cast = app
            .call(
                Method::POST,
                "/api/reviewvote",
                Some(token),
                Some(json!({ "postId": post_id, "isThumbsUp": up })),
            )
            .await;
        assert_eq!(cast.status, StatusCode::OK, "{}", cast.text());
    }
    let listed = app
        .get(&format!("/api/reviewvote/post/{post_id}"))
        .await
        .json();
    let mut ups: Vec<bool> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|vote| vote["isThumbsUp"].as_bool().unwrap())
        .collect();
    ups.sort();
    assert_eq!(ups, [false, true]);
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["postId"] == post_id)
    );
    let stats = app.get("/api/user/username/vinylvera/stats").await.json();
    assert_eq!(stats["approval"], 50.0);
    let own = app
        .call(
            Method::POST,
            "/api/reviewvote",
            Some(&vera),
            Some(json!({ "postId": post_id, "isThumbsUp": true })),
        )
        .await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    let missing = app
        .call(
            Method::POST,
            "/api/reviewvote",
            Some(&theo),
            Some(json!({ "postId": post_id + 1, "isThumbsUp": true })),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_shout_limit_says_when_to_try_again() {
    let app = TestApp::new();
    app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let shout = |text: String| json!({ "shoutText": text, "recipientUsername": "vinylvera" });
    for n in 0..5 {
        let made = app
            .call(
                Method::POST,
                "/api/shout",
                Some(&theo),
                Some(shout(format!("hi {n}"))),
            )
            .await;
        assert_eq!(made.status, StatusCode::CREATED);
    }
    let limited = app
        .call(
            Method::POST,
            "/api/shout",
            Some(&theo),
            Some(shout("more".into())),
        )
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = limited.header("retry-after").parse().expect("seconds");
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
    assert_eq!(
        app.get("/api/shout/user/vinylvera")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        5
    );
}
