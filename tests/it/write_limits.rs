//! Every kind of write has a per-member allowance: past it the answer is 429
//! with `Retry-After` and a message saying what to slow down, nothing is
//! written, the allowance holds under parallel requests, and refused
//! requests leave the answers kept for visitors alone.

use crate::common;

use std::num::NonZeroU32;
use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::{RADIOHEAD, TestApp};
use halfstar::http::throttle::{Limits, WriteLimits};
use serde_json::{Value, json};

#[tokio::test]
async fn each_kind_of_write_is_refused_past_its_allowance_with_nothing_written() {
    let mut app = TestApp::new();
    app.state.limits = Arc::new(Limits::new(&common::one_write_of_each_kind()));
    let (vera, vera_id) = app.sign_up("vinylvera").await;
    let (theo, _) = app.sign_up("lowend_theo").await;
    let (mira, _) = app.sign_up("mira99").await;
    app.set_role(vera_id, halfstar::domain::Role::Editor);
    let (artist, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &["Rock".to_owned()]);

    // Theo writes something for Vera to vote on.
    let review = json!({ "reviewText": "Great.", "albumName": "Kid A", "artistName": "Radiohead" });
    let theos = app
        .call(Method::POST, "/api/review", Some(&theo), Some(review))
        .await
        .json();
    let post = json!({ "title": "Theo's", "postText": "Hello", "userId": null });
    let theos_post = app
        .call(Method::POST, "/api/post", Some(&theo), Some(post))
        .await
        .json();

    let writes: Vec<(&str, &str, Value, Value, &str)> = vec![
        (
            "/api/comment",
            "comments",
            json!({ "commentText": "one", "albumId": albums[0] }),
            json!({ "commentText": "two", "albumId": albums[0] }),
            "You are sending too many comments.",
        ),
        (
            "/api/shout",
            "shouts",
            json!({ "shoutText": "one", "recipientUsername": "lowend_theo" }),
            json!({ "shoutText": "two", "recipientUsername": "lowend_theo" }),
            "You are sending too many shouts.",
        ),
        (
            "/api/post",
            "posts",
            json!({ "title": "One", "postText": "one" }),
            json!({ "title": "Two", "postText": "two" }),
            "You are posting too often; try again in 60 minutes",
        ),
        (
            "/api/review",
            "reviews",
            json!({ "reviewText": "One.", "albumName": "OK Computer", "artistName": "Radiohead" }),
            json!({ "reviewText": "Two.", "albumName": "Amnesiac", "artistName": "Radiohead" }),
            "You are writing reviews too fast; try again in 60 minutes",
        ),
        (
            "/api/reviewvote",
            "votes",
            json!({ "reviewId": theos["reviewId"], "isThumbsUp": true }),
            json!({ "postId": theos_post["postId"], "isThumbsUp": true }),
            "You are voting too fast; try again in 60 seconds",
        ),
        (
            "/api/rating",
            "ratings",
            json!({ "albumId": albums[0], "artistId": artist, "number": 8 }),
            json!({ "albumId": albums[1], "artistId": artist, "number": 7 }),
            "You are rating too fast; try again in 60 seconds",
        ),
        (
            "/api/wishlistitem",
            "wishlist_items",
            json!({ "albumId": albums[0] }),
            json!({ "albumId": albums[1] }),
            "You are changing your wishlist too fast; try again in 60 seconds",
        ),
        (
            "/api/artist",
            "artists",
            json!({ "name": "Slowdive", "description": "", "pictureUrl": "" }),
            json!({ "name": "Ride", "description": "", "pictureUrl": "" }),
            "You are editing the catalogue too fast; try again in 60 seconds",
        ),
        (
            "/api/list",
            "lists",
            json!({ "title": "One" }),
            json!({ "title": "Two" }),
            "You are changing lists too fast; try again in 60 seconds",
        ),
    ];
    for (path, table, first, second, message) in writes {
        let allowed = app.call(Method::POST, path, Some(&vera), Some(first)).await;
        assert!(allowed.status.is_success(), "{path}: {}", allowed.text());
        let before = app.rows(table);
        let refused = app
            .call(Method::POST, path, Some(&vera), Some(second))
            .await;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert_eq!(refused.json()["message"], message, "{path}");
        let retry: u64 = refused.header("retry-after").parse().unwrap();
        assert!(retry >= 59, "{path}: {retry}");
        assert_eq!(app.rows(table), before, "{path}: nothing written");
        // Another member's allowance is their own.
        let theirs = app
            .call(Method::POST, path, Some(&mira), Some(json!({})))
            .await;
        assert_ne!(theirs.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_allowance_holds_under_parallel_requests() {
    let mut app = TestApp::new();
    app.state.limits = Arc::new(Limits::new(&WriteLimits {
        posts_per_hour: NonZeroU32::new(3).unwrap(),
        ..WriteLimits::DEFAULT
    }));
    let (vera, _) = app.sign_up("vinylvera").await;
    let router = app.router();
    let sent = (0..24).map(|n| {
        let body = json!({ "title": format!("Post {n}"), "postText": "text" });
        let request = common::json_call(Method::POST, "/api/post", Some(&vera), Some(body));
        tokio::spawn(common::send(router.clone(), request))
    });
    let mut statuses = Vec::new();
    for answer in sent.collect::<Vec<_>>() {
        statuses.push(answer.await.unwrap().status);
    }
    let created = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((created, refused), (3, 21));
    assert_eq!(app.rows("posts"), 3);
}

#[tokio::test]
async fn refused_writes_leave_kept_answers_and_successful_ones_end_them() {
    let mut app = TestApp::new();
    app.state.kept_answers = halfstar::api::KeptAnswers::new(std::time::Duration::from_secs(600));
    app.state.limits = Arc::new(Limits::new(&common::one_write_of_each_kind()));
    let (vera, _) = app.sign_up("vinylvera").await;
    let (_, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &["Rock".to_owned()]);
    let path = "/api/comment/recent";
    // The setup's writes came from outside the server, which notices them
    // within 25 ms and ends what it kept: let that pass first.
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let first = app.get(path).await;
    assert_eq!(first.json().as_array().unwrap().len(), 0);
    let comment = |text: &str| json!({ "commentText": text, "albumId": albums[0] });
    assert!(
        app.call(
            Method::POST,
            "/api/rating",
            Some(&vera),
            Some(json!({ "number": 99 }))
        )
        .await
        .status
        .is_client_error()
    );
    assert_eq!(
        app.call(
            Method::POST,
            "/api/comment",
            None,
            Some(comment("anonymous"))
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED
    );
    let after_refusals = app.get(path).await;
    assert_eq!(
        after_refusals.header("cache-status"),
        "halfstar; hit",
        "refusals end nothing"
    );

    assert_eq!(
        app.call(
            Method::POST,
            "/api/comment",
            Some(&vera),
            Some(comment("mine"))
        )
        .await
        .status,
        StatusCode::CREATED
    );
    let after_comment = app.get(path).await;
    assert_ne!(
        after_comment.header("cache-status"),
        "halfstar; hit",
        "a comment ends it"
    );
    assert_eq!(after_comment.json().as_array().unwrap().len(), 1);
    let kept = app.get(path).await;
    assert_eq!(
        app.call(
            Method::POST,
            "/api/comment",
            Some(&vera),
            Some(comment("too soon"))
        )
        .await
        .status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(app.get(path).await.header("etag"), kept.header("etag"));
}
