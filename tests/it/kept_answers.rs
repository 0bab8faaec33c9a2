//! Answers kept in memory are shared by every caller, signed in or not,
//! with each member's own ratings put in; a write ends only the answers that
//! show what it changed, and each member sees their own write at once.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{RADIOHEAD, TestApp, TestResponse};
use halfstar::api::KeptAnswers;
use serde_json::json;

const HIT: &str = "halfstar; hit";
const MADE: &str = "halfstar; fwd=miss; stored";

fn keeping_answers() -> TestApp {
    let mut app = TestApp::new();
    app.state.kept_answers = KeptAnswers::new(Duration::from_secs(600));
    app
}

/// The test's own setup writes from another connection, which the server
/// counts as another process writing: let it notice them before the checks.
async fn settled() {
    tokio::time::sleep(Duration::from_millis(400)).await;
}

async fn read(app: &TestApp, path: &str, token: Option<&str>) -> TestResponse {
    let answer = app.call(Method::GET, path, token, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.text());
    answer
}

async fn rate(app: &TestApp, token: &str, artist: i64, album: i64, number: f64) {
    let body = json!({ "albumId": album, "artistId": artist, "number": number });
    let rated = app
        .call(Method::POST, "/api/rating", Some(token), Some(body))
        .await;
    assert!(rated.status.is_success(), "{}", rated.text());
}

/// A public list "Nineties" by the member of `token`, holding `album`.
async fn public_list(app: &TestApp, token: &str, album: i64) -> i64 {
    let list = json!({ "title": "Nineties", "description": "", "visibility": "public" });
    let made = app
        .call(Method::POST, "/api/list", Some(token), Some(list))
        .await;
    let list = made.json()["listId"].as_i64().unwrap();
    let entry = json!({ "albumId": album });
    let path = format!("/api/list/{list}/entries");
    let added = app
        .call(Method::POST, &path, Some(token), Some(entry))
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    list
}

#[tokio::test(flavor = "multi_thread")]
async fn members_share_an_album_answer_each_with_their_own_rating() {
    let app = keeping_answers();
    let (artist, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &[]);
    let (vera, _) = app.member("vera");
    let (otto, _) = app.member("otto");
    settled().await;
    rate(&app, &vera, artist, albums[0], 8.5).await;
    rate(&app, &otto, artist, albums[0], 3.0).await;
    let path = "/api/album/name/radiohead/ok-computer";

    let visitor = read(&app, path, None).await;
    assert_eq!(visitor.header("cache-status"), MADE);
    assert_eq!(visitor.json()["userRating"], json!(null));
    assert_eq!(visitor.json()["numberOfRatings"], 2);
    let hers = read(&app, path, Some(&vera)).await;
    assert_eq!(
        (
            hers.header("cache-status"),
            hers.json()["userRating"].clone()
        ),
        (HIT, json!(8.5))
    );
    assert_eq!(hers.header("etag"), "", "a member's answer is theirs alone");
    let his = read(&app, path, Some(&otto)).await;
    assert_eq!(his.json()["userRating"], 3.0);
    assert_eq!(
        read(&app, path, None).await.json()["userRating"],
        json!(null)
    );

    // Rating another album leaves this one's answer kept.
    rate(&app, &vera, artist, albums[1], 7.0).await;
    assert_eq!(read(&app, path, None).await.header("cache-status"), HIT);

    // A member sees their own change at once, and so does everyone else.
    rate(&app, &vera, artist, albums[0], 10.0).await;
    let hers = read(&app, path, Some(&vera)).await;
    assert_eq!(hers.header("cache-status"), MADE);
    assert_eq!(hers.json()["userRating"], 10.0);
    assert_eq!(hers.json()["averageRating"], 6.5);
    let his = read(&app, path, Some(&otto)).await;
    assert_eq!(
        (his.header("cache-status"), his.json()["userRating"].clone()),
        (HIT, json!(3.0))
    );
    assert_eq!(his.json()["averageRating"], 6.5);

    // A comment ends the album's comment page, not the album's answer.
    let comments = format!("/api/comment/album/{}?page=1", albums[0]);
    assert_eq!(
        read(&app, &comments, Some(&otto)).await.json()["data"],
        json!([])
    );
    let comment = json!({ "albumId": albums[0], "commentText": "Still sounds like the future." });
    let made = app
        .call(Method::POST, "/api/comment", Some(&vera), Some(comment))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let page = read(&app, &comments, Some(&otto)).await;
    assert_eq!(
        page.json()["data"][0]["commentText"],
        "Still sounds like the future."
    );
    assert_eq!(read(&app, path, None).await.header("cache-status"), HIT);

    // A write that does not say what it changed ends every answer.
    let post = json!({ "title": "Listening party", "postText": "Friday, bring records." });
    let posted = app
        .call(Method::POST, "/api/post", Some(&otto), Some(post))
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.text());
    assert_eq!(read(&app, path, None).await.header("cache-status"), MADE);

    // A token that no longer works is refused, not served as a visitor's.
    let out = app
        .call(Method::POST, "/api/auth/logout", Some(&otto), None)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    let refused = app.call(Method::GET, path, Some(&otto), None).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_members_list_shows_each_viewer_their_ratings_and_follows_every_album_in_it() {
    let app = keeping_answers();
    let (artist, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &[]);
    let (vera, _) = app.member("vera");
    let (otto, _) = app.member("otto");
    let (ida, _) = app.member("ida");
    settled().await;
    rate(&app, &vera, artist, albums[0], 9.0).await;
    rate(&app, &vera, artist, albums[1], 6.0).await;
    rate(&app, &otto, artist, albums[1], 4.0).await;
    let path = "/api/rating/user/name/vera";

    let seen_by_otto = read(&app, path, Some(&otto)).await;
    let list = seen_by_otto.json();
    let own: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["album"]["userRating"].clone())
        .collect();
    assert_eq!(
        own,
        [json!(4.0), json!(null)],
        "newest first: Kid A, then OK Computer"
    );
    let seen_by_vera = read(&app, path, Some(&vera)).await;
    assert_eq!(seen_by_vera.header("cache-status"), HIT);
    let own: Vec<_> = seen_by_vera
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["album"]["userRating"].clone())
        .collect();
    assert_eq!(own, [json!(6.0), json!(9.0)]);

    // Someone else's rating of an album in the list changes its average there.
    rate(&app, &ida, artist, albums[0], 1.0).await;
    let after = read(&app, path, None).await;
    assert_eq!(after.header("cache-status"), MADE);
    assert_eq!(after.json()[1]["album"]["averageRating"], 5.0);
    // An album not in it does not.
    rate(&app, &ida, artist, albums[2], 1.0).await;
    assert_eq!(read(&app, path, None).await.header("cache-status"), HIT);
}

/// A write that changes nothing a kept answer shows (notifications marked
/// read, even none of them) ends no kept answer, so no member can keep the
/// site's answers from being kept by sending such writes.
#[tokio::test(flavor = "multi_thread")]
async fn writes_that_change_nothing_shown_end_no_kept_answer() {
    let app = keeping_answers();
    app.artist_with_albums("Radiohead", &RADIOHEAD, &[]);
    let (vera, _) = app.member("vera");
    app.member("otto");
    settled().await;
    // One answer that names what it shows, one that names nothing.
    let paths = [
        "/api/album/name/radiohead/ok-computer",
        "/api/comment/recent",
    ];
    for path in paths {
        assert_eq!(read(&app, path, None).await.header("cache-status"), MADE);
        assert_eq!(read(&app, path, None).await.header("cache-status"), HIT);
    }
    for body in [json!({}), json!({ "ids": [] }), json!({ "ids": [12345] })] {
        let marked = app
            .call(
                Method::POST,
                "/api/notifications/read",
                Some(&vera),
                Some(body),
            )
            .await;
        assert_eq!(marked.status, StatusCode::OK, "{}", marked.text());
    }
    // A write that would change what kept answers show, but changes no row.
    let unfollowed = app
        .call(
            Method::DELETE,
            "/api/user/username/otto/follow",
            Some(&vera),
            None,
        )
        .await;
    assert!(unfollowed.status.is_success(), "{}", unfollowed.text());
    for path in paths {
        assert_eq!(
            read(&app, path, None).await.header("cache-status"),
            HIT,
            "{path}"
        );
    }
}

/// The popular lists are the same for every reader (only findable lists):
/// members share one kept answer, and a like ends it.
#[tokio::test(flavor = "multi_thread")]
async fn members_share_the_popular_lists_until_a_write_changes_them() {
    let app = keeping_answers();
    let (_, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &[]);
    let (vera, _) = app.member("vera");
    let (otto, _) = app.member("otto");
    settled().await;
    let list = public_list(&app, &vera, albums[0]).await;
    let path = "/api/list/popular?limit=6";
    let first = read(&app, path, Some(&otto)).await;
    assert_eq!(first.header("cache-status"), MADE);
    assert_eq!(first.json()[0]["likeCount"], 0);
    assert_eq!(
        read(&app, path, Some(&vera)).await.header("cache-status"),
        HIT
    );
    assert_eq!(read(&app, path, None).await.header("cache-status"), HIT);
    let liked = app
        .call(
            Method::POST,
            &format!("/api/list/{list}/like"),
            Some(&otto),
            None,
        )
        .await;
    assert!(liked.status.is_success(), "{}", liked.text());
    let after = read(&app, path, Some(&vera)).await;
    assert_eq!(after.header("cache-status"), MADE);
    assert_eq!(after.json()[0]["likeCount"], 1);
}

/// Search, the charts and the community's pages are the same for every
/// reader who sees no more than a visitor: members are served the answer a
/// visitor's read kept, with their own ratings put into the charts' albums.
#[tokio::test(flavor = "multi_thread")]
async fn members_share_search_charts_and_community_pages() {
    let app = keeping_answers();
    let (artist, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &["Rock".to_owned()]);
    let (vera, _) = app.member("vera");
    let (otto, _) = app.member("otto");
    settled().await;
    rate(&app, &otto, artist, albums[0], 6.0).await;
    rate(&app, &vera, artist, albums[0], 9.0).await;
    let chart = "/api/genre/top-rated/1997/rock";
    let lists_holding = format!("/api/list/album/{}", albums[0]);
    let shared = [
        "/api/search?q=radio",
        chart,
        "/api/genre/top-rated/rock",
        "/api/album/top-albums/year/1997",
        "/api/genre",
        "/api/genre/name/rock",
        "/api/review/featured",
        "/api/review/recent",
        "/api/review/user/vera",
        "/api/post/recent",
        "/api/post/user/vera",
        "/api/comment/recent/album",
        "/api/comment/recent/review",
        "/api/comment/recent/post",
        "/api/reviewvote/user/vera",
        "/api/shout/user/vera",
        &lists_holding,
    ];
    for path in shared {
        assert_eq!(
            read(&app, path, None).await.header("cache-status"),
            MADE,
            "{path}"
        );
        let hers = read(&app, path, Some(&vera)).await;
        assert_eq!(hers.header("cache-status"), HIT, "{path}");
    }
    let top = |answer: TestResponse| answer.json()["topTen"][0]["userRating"].clone();
    assert_eq!(top(read(&app, chart, Some(&vera)).await), json!(9.0));
    assert_eq!(top(read(&app, chart, Some(&otto)).await), json!(6.0));
    assert_eq!(top(read(&app, chart, None).await), json!(null));

    // A list made private leaves the shared answer of the lists holding an album at once.
    let list = public_list(&app, &vera, albums[0]).await;
    assert_eq!(read(&app, &lists_holding, None).await.json()["count"], 1);
    let kept = read(&app, &lists_holding, Some(&otto)).await;
    assert_eq!(
        (kept.header("cache-status"), kept.json()["count"].clone()),
        (HIT, json!(1))
    );
    let private = json!({ "visibility": "private" });
    let path = format!("/api/list/{list}");
    let changed = app
        .call(Method::PATCH, &path, Some(&vera), Some(private))
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text());
    let after = read(&app, &lists_holding, Some(&otto)).await.json();
    assert_eq!(
        (after["count"].clone(), after["lists"].clone()),
        (json!(0), json!([]))
    );
}
