//! Hidden items: an admin hides a review, comment, post or shout (from the
//! report queue or directly); it is then shown only to its author and to
//! admins, and leaves every list, page, count and shared answer of everyone
//! else, until an admin shows it again.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::api::{KeptAnswers, KeptSessions};
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Scene {
    app: TestApp,
    vera: String,
    troll: String,
    ada: String,
    album: i64,
    comment: i64,
    review: i64,
    post: i64,
    shout: i64,
    /// Ada's comment under the troll's review.
    answer: i64,
}

/// An admin (vera), a troll who writes one of each kind of item, and a
/// member (ada) who answers the troll's review. Answers and sessions are
/// kept, as on a running site.
async fn scene() -> Scene {
    let mut app = TestApp::new();
    app.state.kept_answers = KeptAnswers::new(Duration::from_secs(600));
    app.state.kept_sessions = KeptSessions::new(Duration::from_secs(600));
    let (vera, vera_id) = app.member("vinylvera");
    app.set_role(vera_id, Role::Admin);
    let (troll, _) = app.member("troll");
    let (ada, _) = app.member("ada");
    let (_, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let album = albums[0];
    let created = |path: &'static str, token: String, body: Value| {
        let app = &app;
        async move {
            let response = app.call(Method::POST, path, Some(&token), Some(body)).await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
            response.json()
        }
    };
    let comment = created(
        "/api/comment",
        troll.clone(),
        json!({ "commentText": "buy cheap vinyl at spam.example", "albumId": album }),
    )
    .await["commentId"]
        .as_i64()
        .unwrap();
    let review = created(
        "/api/review",
        troll.clone(),
        json!({ "reviewText": "Overrated. Visit spam.example.", "artistName": "Radiohead", "albumName": "OK Computer" }),
    )
    .await["reviewId"]
        .as_i64()
        .unwrap();
    let post = created(
        "/api/post",
        troll.clone(),
        json!({ "title": "Cheap vinyl", "postText": "spam.example has it all" }),
    )
    .await["postId"]
        .as_i64()
        .unwrap();
    let shout = created(
        "/api/shout",
        troll.clone(),
        json!({ "shoutText": "follow me at spam.example", "recipientUsername": "ada" }),
    )
    .await["shoutId"]
        .as_i64()
        .unwrap();
    let answer = created(
        "/api/comment",
        ada.clone(),
        json!({ "commentText": "Not overrated at all.", "reviewId": review }),
    )
    .await["commentId"]
        .as_i64()
        .unwrap();
    Scene {
        app,
        vera,
        troll,
        ada,
        album,
        comment,
        review,
        post,
        shout,
        answer,
    }
}

impl Scene {
    async fn read(&self, token: Option<&str>, path: &str) -> common::TestResponse {
        self.app.call(Method::GET, path, token, None).await
    }

    async fn json(&self, token: Option<&str>, path: &str) -> Value {
        let response = self.read(token, path).await;
        assert_eq!(
            response.status,
            StatusCode::OK,
            "{path}: {}",
            response.text()
        );
        response.json()
    }

    async fn set_hidden(&self, kind: &str, id: i64, hidden: bool) -> common::TestResponse {
        self.app
            .call(
                Method::POST,
                "/api/admin/visibility",
                Some(&self.vera),
                Some(json!({ "itemKind": kind, "itemId": id, "hidden": hidden, "note": "see report" })),
            )
            .await
    }

    /// The ids under `key` in each item of a list answer, and the list's
    /// `hidden` marks.
    async fn ids(&self, token: Option<&str>, path: &str, key: &str) -> Vec<(i64, bool)> {
        let answer = self.json(token, path).await;
        let list = answer.get("data").unwrap_or(&answer);
        list.as_array()
            .unwrap_or_else(|| panic!("{path}: not a list: {answer}"))
            .iter()
            .map(|item| {
                let item = item.get("comment").unwrap_or(item);
                (
                    item[key].as_i64().unwrap(),
                    item["hidden"].as_bool().unwrap(),
                )
            })
            .collect()
    }
}

#[tokio::test]
async fn a_comment_hidden_from_the_queue_is_shown_only_to_its_author_and_admins() {
    let s = scene().await;
    let comments = format!("/api/comment/album/{}", s.album);
    // Everyone's answer is kept before the hide: it must not outlive it.
    for token in [None, Some(s.ada.as_str()), Some(s.troll.as_str())] {
        assert_eq!(s.json(token, &comments).await["totalAlbumComments"], 1);
    }
    let reported = s
        .app
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.ada),
            Some(json!({ "itemKind": "comment", "itemId": s.comment, "reason": "spam" })),
        )
        .await;
    assert_eq!(reported.status, StatusCode::CREATED);
    let hidden = s
        .app
        .call(
            Method::POST,
            "/api/admin/reports/resolve",
            Some(&s.vera),
            Some(json!({ "itemKind": "comment", "itemId": s.comment, "action": "hide", "note": "link farm" })),
        )
        .await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.text());
    assert_eq!(hidden.json(), json!({ "closed": 1 }));

    for token in [None, Some(s.ada.as_str())] {
        let page = s.json(token, &comments).await;
        assert_eq!(page["data"], json!([]), "{token:?}");
        assert_eq!(page["totalAlbumComments"], 0);
        assert_eq!(page["totalPages"], 0);
        let recent = s.ids(token, "/api/comment/recent", "commentId").await;
        assert!(!recent.iter().any(|&(id, _)| id == s.comment));
        assert_eq!(
            s.ids(token, "/api/comment/user/troll", "commentId").await,
            []
        );
    }
    for token in [&s.troll, &s.vera] {
        let page = s.json(Some(token), &comments).await;
        assert_eq!(page["totalAlbumComments"], 1);
        assert_eq!(page["data"][0]["commentId"], s.comment);
        assert_eq!(page["data"][0]["hidden"], true);
        assert_eq!(
            s.ids(Some(token), "/api/comment/user/troll", "commentId")
                .await,
            [(s.comment, true)]
        );
    }
    // The public figures leave it out for everyone, its author included.
    let stats = s
        .json(Some(&s.troll), "/api/user/username/troll/stats")
        .await;
    assert_eq!(stats["commentsCount"], 0);

    let queue = s.json(Some(&s.vera), "/api/admin/reports").await;
    assert_eq!(queue["items"], json!([]));
    let log = s.json(Some(&s.vera), "/api/admin/audit").await;
    assert_eq!(log["entries"][0]["action"], "report-hidden");
    assert_eq!(log["entries"][0]["note"], "link farm");
    // Reported again by someone who cannot see it: there is nothing there.
    let again = s
        .app
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.ada),
            Some(json!({ "itemKind": "comment", "itemId": s.comment, "reason": "spam" })),
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // Shown again, everyone sees it unmarked.
    let shown = s.set_hidden("comment", s.comment, false).await;
    assert_eq!(shown.json(), json!({ "hidden": false }));
    for token in [None, Some(s.ada.as_str()), Some(s.troll.as_str())] {
        let page = s.json(token, &comments).await;
        assert_eq!(page["data"][0]["commentId"], s.comment);
        assert_eq!(page["data"][0]["hidden"], false);
    }
    let log = s.json(Some(&s.vera), "/api/admin/audit").await;
    assert_eq!(log["entries"][0]["action"], "show");
    assert_eq!(
        log["entries"][0]["target"],
        format!("comment {} by troll", s.comment)
    );
}

#[tokio::test]
async fn a_hidden_review_leaves_its_album_page_lists_counts_and_answers() {
    let s = scene().await;
    let reviews = "/api/review/ok-computer";
    let page = format!("/api/review/ok-computer/{}", s.review);
    let on_review = format!("/api/comment/review/{}", s.review);
    let album_page = "/api/album/name/radiohead/ok-computer";
    assert_eq!(s.json(None, album_page).await["numberOfReviews"], 1);
    assert_eq!(s.ids(None, reviews, "reviewId").await, [(s.review, false)]);

    let hidden = s.set_hidden("review", s.review, true).await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.text());
    assert_eq!(hidden.json(), json!({ "hidden": true }));

    for token in [None, Some(s.ada.as_str())] {
        assert_eq!(s.json(token, album_page).await["numberOfReviews"], 0);
        assert_eq!(s.ids(token, reviews, "reviewId").await, []);
        assert_eq!(s.ids(token, "/api/review/recent", "reviewId").await, []);
        assert_eq!(s.ids(token, "/api/review/featured", "reviewId").await, []);
        assert_eq!(s.ids(token, "/api/review/user/troll", "reviewId").await, []);
        assert_eq!(s.read(token, &page).await.status, StatusCode::NOT_FOUND);
        // The answers under it go with it, even their own author's.
        assert_eq!(s.json(token, &on_review).await["totalReviewComments"], 0);
        assert_eq!(s.ids(token, "/api/comment/user/ada", "commentId").await, []);
        assert_eq!(
            s.json(token, "/api/user/username/troll/stats").await["reviewsCount"],
            0
        );
    }
    for token in [&s.troll, &s.vera] {
        assert_eq!(
            s.ids(Some(token), reviews, "reviewId").await,
            [(s.review, true)]
        );
        let one = s.json(Some(token), &page).await;
        assert_eq!(one["hidden"], true);
        assert_eq!(
            s.ids(Some(token), &on_review, "commentId").await,
            [(s.answer, false)]
        );
    }
    // Nobody else may answer, vote on or report what they cannot see.
    let comment = s
        .app
        .call(
            Method::POST,
            "/api/comment",
            Some(&s.ada),
            Some(json!({ "commentText": "Hello?", "reviewId": s.review })),
        )
        .await;
    assert_eq!(comment.status, StatusCode::NOT_FOUND);
    let vote = s
        .app
        .call(
            Method::POST,
            "/api/reviewvote",
            Some(&s.ada),
            Some(json!({ "reviewId": s.review, "isThumbsUp": false })),
        )
        .await;
    assert_eq!(vote.status, StatusCode::NOT_FOUND);
    let report = s
        .app
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.ada),
            Some(json!({ "itemKind": "review", "itemId": s.review, "reason": "spam" })),
        )
        .await;
    assert_eq!(report.status, StatusCode::NOT_FOUND);

    // Deleting a hidden review leaves the album's count right.
    let deleted = s
        .app
        .call(
            Method::DELETE,
            &format!("/api/review/{}", s.review),
            Some(&s.troll),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(s.json(None, album_page).await["numberOfReviews"], 0);
    let health = halfstar::db::check(&s.app.dir.path().join("halfstar.db")).unwrap();
    assert_eq!(health.counters_off, 0);
}

#[tokio::test]
async fn a_hidden_review_shown_again_counts_again() {
    let s = scene().await;
    let album_page = "/api/album/name/radiohead/ok-computer";
    s.set_hidden("review", s.review, true).await;
    // Asking twice changes nothing, and is not logged twice.
    s.set_hidden("review", s.review, true).await;
    assert_eq!(s.json(None, album_page).await["numberOfReviews"], 0);
    s.set_hidden("review", s.review, false).await;
    assert_eq!(s.json(None, album_page).await["numberOfReviews"], 1);
    assert_eq!(
        s.ids(Some(&s.ada), "/api/review/ok-computer", "reviewId")
            .await,
        [(s.review, false)]
    );
    let log = s.json(Some(&s.vera), "/api/admin/audit").await;
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["show", "hide"]);
    let health = halfstar::db::check(&s.app.dir.path().join("halfstar.db")).unwrap();
    assert_eq!(health.counters_off, 0);
}

#[tokio::test]
async fn hidden_posts_and_shouts_are_gone_for_others_even_the_profile_they_are_on() {
    let s = scene().await;
    let post = format!("/api/post/{}", s.post);
    let shouts = "/api/shout/user/ada";
    assert_eq!(
        s.ids(Some(&s.ada), shouts, "shoutId").await,
        [(s.shout, false)]
    );
    s.set_hidden("post", s.post, true).await;
    s.set_hidden("shout", s.shout, true).await;

    for token in [None, Some(s.ada.as_str())] {
        assert_eq!(s.read(token, &post).await.status, StatusCode::NOT_FOUND);
        assert_eq!(s.ids(token, "/api/post/recent", "postId").await, []);
        assert_eq!(s.ids(token, "/api/post/user/troll", "postId").await, []);
        assert_eq!(s.ids(token, shouts, "shoutId").await, []);
        let stats = s.json(token, "/api/user/username/troll/stats").await;
        assert_eq!(
            (stats["postsCount"].clone(), stats["shoutsCount"].clone()),
            (json!(0), json!(0))
        );
    }
    for token in [&s.troll, &s.vera] {
        assert_eq!(s.json(Some(token), &post).await["hidden"], true);
        assert_eq!(
            s.ids(Some(token), "/api/post/recent", "postId").await,
            [(s.post, true)]
        );
        assert_eq!(
            s.ids(Some(token), shouts, "shoutId").await,
            [(s.shout, true)]
        );
    }
    let vote = s
        .app
        .call(
            Method::POST,
            "/api/reviewvote",
            Some(&s.ada),
            Some(json!({ "postId": s.post, "isThumbsUp": true })),
        )
        .await;
    assert_eq!(vote.status, StatusCode::NOT_FOUND);
    // Its author may still edit and delete it.
    let edited = s
        .app
        .call(
            Method::PATCH,
            &post,
            Some(&s.troll),
            Some(json!({ "updatedPostText": "Sorry, no more links." })),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    assert_eq!(edited.json()["hidden"], true);
}

#[tokio::test]
async fn only_admins_hide_and_only_what_can_be_hidden() {
    let s = scene().await;
    let (editor, editor_id) = s.app.member("eddie");
    s.app.set_role(editor_id, Role::Editor);
    for token in [&s.ada, &editor, &s.troll] {
        let refused = s
            .app
            .call(
                Method::POST,
                "/api/admin/visibility",
                Some(token),
                Some(json!({ "itemKind": "comment", "itemId": s.comment, "hidden": true })),
            )
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
    let visitor = s
        .app
        .call(
            Method::POST,
            "/api/admin/visibility",
            None,
            Some(json!({ "itemKind": "comment", "itemId": s.comment, "hidden": true })),
        )
        .await;
    assert_eq!(visitor.status, StatusCode::UNAUTHORIZED);
    let profile = s.set_hidden("profile", 1, true).await;
    assert_eq!(profile.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        profile.json()["message"],
        "A profile cannot be hidden: suspend the member instead."
    );
    let missing = s.set_hidden("comment", 999_999, true).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let bad = s
        .app
        .call(
            Method::POST,
            "/api/admin/visibility",
            Some(&s.vera),
            Some(json!({ "itemKind": "playlist", "itemId": s.comment, "hidden": true })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["message"].as_str().unwrap().contains("itemKind"));
    // Nothing was hidden by any of that.
    assert_eq!(
        s.json(None, &format!("/api/comment/album/{}", s.album))
            .await["totalAlbumComments"],
        1
    );
}

#[tokio::test]
async fn the_votes_of_a_hidden_review_or_post_go_with_it() {
    let s = scene().await;
    for body in [
        json!({ "reviewId": s.review, "isThumbsUp": false }),
        json!({ "postId": s.post, "isThumbsUp": true }),
    ] {
        let voted = s
            .app
            .call(Method::POST, "/api/reviewvote", Some(&s.ada), Some(body))
            .await;
        assert_eq!(voted.status, StatusCode::OK, "{}", voted.text());
    }
    let on_review = format!("/api/reviewvote/review/{}", s.review);
    let on_post = format!("/api/reviewvote/post/{}", s.post);
    let received = "/api/reviewvote/user/troll";
    let count = |answer: Value| answer.as_array().unwrap().len();
    // Read (and kept) before the hide: the hide must end those answers too.
    assert_eq!(count(s.json(None, &on_review).await), 1);
    assert_eq!(count(s.json(None, &on_post).await), 1);
    assert_eq!(count(s.json(None, received).await), 2);

    s.set_hidden("review", s.review, true).await;
    s.set_hidden("post", s.post, true).await;
    for token in [None, Some(s.ada.as_str())] {
        assert_eq!(s.json(token, &on_review).await, json!([]), "{token:?}");
        assert_eq!(s.json(token, &on_post).await, json!([]), "{token:?}");
        assert_eq!(s.json(token, received).await, json!([]), "{token:?}");
    }
    for token in [&s.troll, &s.vera] {
        assert_eq!(count(s.json(Some(token), &on_review).await), 1);
        assert_eq!(count(s.json(Some(token), &on_post).await), 1);
        assert_eq!(count(s.json(Some(token), received).await), 2);
    }
    // Shown again, everyone sees them again.
    s.set_hidden("review", s.review, false).await;
    assert_eq!(count(s.json(None, &on_review).await), 1);
    assert_eq!(count(s.json(None, received).await), 1);
}

#[tokio::test]
async fn a_profile_counts_no_comment_its_comment_list_leaves_out() {
    let s = scene().await;
    let list = s
        .app
        .call(
            Method::POST,
            "/api/list",
            Some(&s.troll),
            Some(json!({ "title": "Cheap vinyl", "description": "" })),
        )
        .await
        .json();
    let on_list = s
        .app
        .call(
            Method::POST,
            "/api/comment",
            Some(&s.ada),
            Some(json!({ "commentText": "Nope.", "listId": list["listId"] })),
        )
        .await;
    assert_eq!(on_list.status, StatusCode::CREATED, "{}", on_list.text());
    let stats = "/api/user/username/ada/stats";
    let comments_count = |stats: Value| stats["commentsCount"].as_i64().unwrap();
    // Kept before each change: the change must end them.
    assert_eq!(comments_count(s.json(None, stats).await), 2);

    let private = s
        .app
        .call(
            Method::PATCH,
            &format!("/api/list/{}", list["listId"]),
            Some(&s.troll),
            Some(json!({ "visibility": "private" })),
        )
        .await;
    assert_eq!(private.status, StatusCode::OK, "{}", private.text());
    for token in [None, Some(s.ada.as_str())] {
        assert_eq!(comments_count(s.json(token, stats).await), 1, "{token:?}");
        assert_eq!(
            s.ids(token, "/api/comment/user/ada", "commentId").await,
            [(s.answer, false)]
        );
    }
    s.set_hidden("review", s.review, true).await;
    for token in [None, Some(s.ada.as_str())] {
        let figures = s.json(token, stats).await;
        assert_eq!(comments_count(figures.clone()), 0, "{token:?}");
        // The profile's score counts comments too.
        assert_eq!(figures["score"], 0);
    }
}
