//! The community API: ratings, library, wishlist, reviews, votes, comments,
//! shouts, posts and profile figures.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{RADIOHEAD, TestApp, TestResponse};
use halfstar::db::albums::{self, NewAlbum};
use halfstar::db::artists::{self, NewArtist};
use halfstar::domain::{AlbumType, Role};
use serde_json::{Value, json};

const NOW: &str = "2026-01-01T00:00:00.000Z";

fn message(response: &TestResponse) -> String {
    response.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

struct Seed {
    artist_id: i64,
    albums: Vec<i64>,
}

/// Radiohead with three albums, written straight to the database.
fn seed(app: &TestApp) -> Seed {
    let genres = ["Art Rock".to_owned(), "Electronic".to_owned()];
    let (artist_id, albums) = app.artist_with_albums("Radiohead", &RADIOHEAD, &genres);
    Seed { artist_id, albums }
}

async fn rate(app: &TestApp, token: &str, seed: &Seed, album: i64, number: Value) -> TestResponse {
    app.call(
        Method::POST,
        "/api/rating",
        Some(token),
        Some(json!({ "albumId": album, "artistId": seed.artist_id, "number": number })),
    )
    .await
}

fn counters(app: &TestApp, album: i64) -> (i64, f64) {
    let conn = app.conn();
    conn.query_row(
        "SELECT rating_count, rating_sum FROM albums WHERE id = ?1",
        [album],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

#[tokio::test]
async fn rating_twice_updates_one_row_and_keeps_the_counters() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let album = seed.albums[0];

    let first = rate(&app, &vera, &seed, album, json!(8)).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    let rating = first.json();
    assert_eq!(rating["number"], 8.0);
    assert_eq!(rating["userId"], vera_id);
    assert_eq!(rating["user"]["username"], "vinylvera");

    let again = rate(&app, &vera, &seed, album, json!("9.5")).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json()["ratingId"], rating["ratingId"]);
    assert_eq!(counters(&app, album), (1, 9.5));

    rate(&app, &theo, &seed, album, json!(6.5)).await;
    assert_eq!(counters(&app, album), (2, 16.0));
    let shown = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(shown["averageRating"], 8.0);
    assert_eq!(shown["numberOfRatings"], 2);

    // Library entry: a rating row without a number leaves the average alone.
    let library = rate(&app, &theo, &seed, seed.albums[1], json!("")).await;
    assert_eq!(library.status, StatusCode::CREATED);
    assert_eq!(library.json()["number"], Value::Null);
    assert_eq!(counters(&app, seed.albums[1]), (0, 0.0));
    // Turning the library entry into a rating counts it.
    rate(&app, &theo, &seed, seed.albums[1], json!(7)).await;
    assert_eq!(counters(&app, seed.albums[1]), (1, 7.0));
}

#[tokio::test]
async fn bad_ratings_are_refused_with_the_specs_messages() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let album = seed.albums[0];
    for number in [
        json!(0),
        json!(10.5),
        json!(7.25),
        json!("seven"),
        json!(-1),
        json!([8]),
        json!(true),
    ] {
        let response = rate(&app, &vera, &seed, album, number.clone()).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{number}");
        assert!(
            message(&response).starts_with("number must be one of"),
            "{number}"
        );
    }
    let no_artist = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&vera),
            Some(json!({ "albumId": album, "number": 8 })),
        )
        .await;
    assert_eq!(no_artist.status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&no_artist), "No artistId found for this rating.");
    let wrong_artist = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&vera),
            Some(json!({ "albumId": album, "artistId": 999, "number": 8 })),
        )
        .await;
    assert_eq!(wrong_artist.status, StatusCode::BAD_REQUEST);
    let missing_album = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&vera),
            Some(json!({ "albumId": 999, "artistId": seed.artist_id, "number": 8 })),
        )
        .await;
    assert_eq!(missing_album.status, StatusCode::NOT_FOUND);
    let anonymous = app
        .call(
            Method::POST,
            "/api/rating",
            None,
            Some(json!({ "albumId": album, "artistId": seed.artist_id })),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(counters(&app, album), (0, 0.0), "nothing half-written");
}

#[tokio::test]
async fn nobody_rates_changes_or_deletes_in_another_members_name() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, theo_id) = app.member("lowend.theo");
    let album = seed.albums[0];
    let posing = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&theo),
            Some(json!({ "albumId": album, "artistId": seed.artist_id, "number": 1, "userId": vera_id })),
        )
        .await;
    assert_eq!(posing.status, StatusCode::FORBIDDEN);
    let own_id = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&theo),
            Some(json!({ "albumId": album, "artistId": seed.artist_id, "number": 5, "userId": theo_id })),
        )
        .await;
    assert_eq!(own_id.status, StatusCode::CREATED);

    let veras = rate(&app, &vera, &seed, album, json!(9)).await.json();
    let path = format!("/api/rating/{}", veras["ratingId"]);
    let mut changed = veras.clone();
    changed["number"] = json!(1);
    let hijack = app
        .call(Method::PATCH, &path, Some(&theo), Some(changed.clone()))
        .await;
    assert_eq!(hijack.status, StatusCode::FORBIDDEN);
    let delete = app.call(Method::DELETE, &path, Some(&theo), None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
    assert_eq!(counters(&app, album), (2, 14.0));

    let own = app
        .call(Method::PATCH, &path, Some(&vera), Some(changed))
        .await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(own.json()["number"], 1.0);
    assert_eq!(counters(&app, album), (2, 6.0));
    let gone = app.call(Method::DELETE, &path, Some(&vera), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    assert_eq!(counters(&app, album), (1, 5.0));
    let missing = app
        .call(
            Method::PATCH,
            &path,
            Some(&vera),
            Some(json!({ "number": 3 })),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(message(&missing), "no existing rating found, can't update");
}

#[tokio::test]
async fn rating_lists_by_member_and_by_album() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, vera_id) = app.member("vinylvera");
    rate(&app, &vera, &seed, seed.albums[0], json!(9)).await;
    rate(&app, &vera, &seed, seed.albums[1], json!(null)).await;
    let mine = app.get(&format!("/api/rating/user/{vera_id}")).await.json();
    assert_eq!(mine.as_array().unwrap().len(), 2);
    assert!(
        mine.as_array()
            .unwrap()
            .iter()
            .all(|r| r["album"]["title"].is_string())
    );
    let by_name = app.get("/api/rating/user/name/VinylVera").await.json();
    assert_eq!(by_name, mine);
    let on_album = app
        .get(&format!("/api/rating/album/{}", seed.albums[1]))
        .await
        .json();
    assert_eq!(
        on_album,
        json!([]),
        "library entries are not ratings of the album"
    );
    let on_album = app
        .get(&format!("/api/rating/album/{}", seed.albums[0]))
        .await
        .json();
    assert_eq!(on_album[0]["user"]["username"], "vinylvera");

    let nobody = app.get("/api/rating/user/999").await;
    assert_eq!(
        (nobody.status, message(&nobody)),
        (StatusCode::NOT_FOUND, "No user".to_owned())
    );
    let nobody = app.get("/api/rating/user/name/ghost").await;
    assert_eq!(message(&nobody), "No user");
    assert_eq!(
        app.get("/api/rating/user/1?limit=0").await.status,
        StatusCode::BAD_REQUEST
    );
}

/// The album page's chart counts every rating, not one page: seven ratings
/// and a library entry, read back as a distribution and in pages of three.
#[tokio::test]
async fn an_albums_distribution_and_pages_cover_every_rating() {
    let app = TestApp::new();
    let seed = seed(&app);
    let album = seed.albums[0];
    for (n, number) in [9.0, 9.0, 9.0, 0.5, 10.0, 7.5, 9.0].into_iter().enumerate() {
        let (token, _) = app.member(&format!("rater{n}"));
        let rated = rate(&app, &token, &seed, album, json!(number)).await;
        assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
    }
    let (collector, _) = app.member("collector");
    rate(&app, &collector, &seed, album, json!(null)).await;

    let path = format!("/api/rating/album/{album}/distribution");
    let shown = app.get(&path).await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.text());
    let shown = shown.json();
    assert_eq!(shown["albumId"], album);
    assert_eq!(shown["total"], 7);
    let counts = shown["counts"].as_array().unwrap();
    let numbers: Vec<f64> = counts
        .iter()
        .map(|c| c["number"].as_f64().unwrap())
        .collect();
    let scale: Vec<f64> = (1..=20).map(|steps| f64::from(steps) / 2.0).collect();
    assert_eq!(numbers, scale, "all twenty values in order");
    let count = |number: f64| counts[(number * 2.0) as usize - 1]["count"].clone();
    assert_eq!(count(9.0), 4);
    assert_eq!(count(0.5), 1);
    assert_eq!(count(10.0), 1);
    assert_eq!(count(7.5), 1);
    assert_eq!(count(5.0), 0);

    let number_of_ratings = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json()["numberOfRatings"]
        .clone();
    assert_eq!(number_of_ratings, 7);
    let mut paged = Vec::new();
    for page in 1.. {
        let list = app
            .get(&format!("/api/rating/album/{album}?limit=3&page={page}"))
            .await
            .json();
        let list = list.as_array().unwrap().clone();
        if list.is_empty() {
            break;
        }
        assert!(list.len() <= 3);
        paged.extend(list);
    }
    assert_eq!(
        paged.len(),
        7,
        "the pages hold every rating and no library entry"
    );
    assert!(paged.iter().all(|rating| rating["number"].is_number()));

    let empty = app
        .get(&format!(
            "/api/rating/album/{}/distribution",
            seed.albums[1]
        ))
        .await
        .json();
    assert_eq!(empty["total"], 0);
    assert_eq!(empty["counts"].as_array().unwrap().len(), 20);
    let unknown = app.get("/api/rating/album/999999/distribution").await;
    assert_eq!(
        (unknown.status, message(&unknown)),
        (StatusCode::NOT_FOUND, "No album with id 999999".to_owned())
    );
    for bad in ["abc", "1.5", "-", "99999999999999999999"] {
        let response = app
            .get(&format!("/api/rating/album/{bad}/distribution"))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(!message(&response).is_empty(), "{bad}");
    }
}

/// A profile's shouts come newest first in pages, like its other lists.
#[tokio::test]
async fn a_profiles_shouts_are_paged_newest_first() {
    let app = TestApp::new();
    app.member("vinylvera");
    for n in 0..5 {
        let (token, _) = app.member(&format!("fan{n}"));
        let made = shout(&app, &token, &format!("shout {n}"), "vinylvera").await;
        assert_eq!(made.status, StatusCode::CREATED);
    }
    let texts = |list: Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|shout| shout["shoutText"].as_str().unwrap().to_owned())
            .collect()
    };
    let all = app.get("/api/shout/user/vinylvera").await.json();
    assert_eq!(
        texts(all),
        ["shout 4", "shout 3", "shout 2", "shout 1", "shout 0"]
    );
    let second = app
        .get("/api/shout/user/vinylvera?limit=2&page=2")
        .await
        .json();
    assert_eq!(texts(second), ["shout 2", "shout 1"]);
    let last = app
        .get("/api/shout/user/vinylvera?limit=2&page=3")
        .await
        .json();
    assert_eq!(texts(last), ["shout 0"]);
    for bad in ["limit=0", "page=0", "limit=201", "limit=two"] {
        let response = app.get(&format!("/api/shout/user/vinylvera?{bad}")).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
    }
}

#[tokio::test]
async fn the_wishlist_adds_once_checks_and_removes_only_for_its_owner() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let album = seed.albums[2];
    let body = json!({ "userId": vera_id, "albumId": album, "albumTitle": "Amnesiac" });
    let added = app
        .call(
            Method::POST,
            "/api/wishlistitem",
            Some(&vera),
            Some(body.clone()),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED);
    let item = added.json();
    assert_eq!(item["albumTitle"], "Amnesiac");
    let twice = app
        .call(
            Method::POST,
            "/api/wishlistitem",
            Some(&vera),
            Some(body.clone()),
        )
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert_eq!(message(&twice), "This album is already on your wishlist");
    let posing = app
        .call(Method::POST, "/api/wishlistitem", Some(&theo), Some(body))
        .await;
    assert_eq!(posing.status, StatusCode::FORBIDDEN);

    let check = app
        .get(&format!("/api/wishlistitem/user/{vera_id}/{album}"))
        .await
        .json();
    assert_eq!(check["wishlistitemId"], item["wishlistitemId"]);
    let list = app
        .get(&format!("/api/wishlistitem/user/{vera_id}"))
        .await
        .json();
    assert_eq!(list[0]["album"]["title"], "Amnesiac");

    let path = format!("/api/wishlistitem/{}", item["wishlistitemId"]);
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&theo), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&vera), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    let check = app
        .get(&format!("/api/wishlistitem/user/{vera_id}/{album}"))
        .await
        .json();
    assert_eq!(check, Value::Null);
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&vera), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

async fn vote_on_review(app: &TestApp, token: &str, review_id: i64, up: bool) -> TestResponse {
    let body = json!({ "reviewId": review_id, "postId": null, "isThumbsUp": up });
    app.call(Method::POST, "/api/reviewvote", Some(token), Some(body))
        .await
}

async fn comment_on_album(app: &TestApp, token: &str, album: i64, text: &str) -> TestResponse {
    let body = json!({ "commentText": text, "albumId": album, "reviewId": null, "postId": null });
    app.call(Method::POST, "/api/comment", Some(token), Some(body))
        .await
}

async fn shout(app: &TestApp, token: &str, text: &str, to: &str) -> TestResponse {
    let body = json!({ "shoutText": text, "userId": null, "recipientUsername": to });
    app.call(Method::POST, "/api/shout", Some(token), Some(body))
        .await
}

async fn review(app: &TestApp, token: &str, album: &str, text: &str) -> TestResponse {
    app.call(
        Method::POST,
        "/api/review",
        Some(token),
        Some(json!({ "reviewText": text, "albumName": album, "artistName": "Radiohead" })),
    )
    .await
}

#[tokio::test]
async fn reviews_validate_names_allow_one_per_album_and_link_neighbours() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (mira, _) = app.member("mira99");

    let validate = |artist: &str, album: &str| {
        let body = json!({ "artist": artist, "album": album });
        app.call(
            Method::POST,
            "/api/review/validate",
            Some(&vera),
            Some(body),
        )
    };
    let ok = validate("radiohead", "kid a").await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.json()["album"], "Kid A");
    let no_artist = validate("Radiohed", "Kid A").await;
    assert_eq!(
        (no_artist.status, message(&no_artist)),
        (
            StatusCode::NOT_FOUND,
            "No artist called Radiohed".to_owned()
        )
    );
    let no_album = validate("Radiohead", "Kid B").await;
    assert_eq!(message(&no_album), "Radiohead has no album called Kid B");

    rate(&app, &vera, &seed, seed.albums[1], json!(9.5)).await;
    let first = review(&app, &vera, "Kid A", "A leap.").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    let first = first.json();
    assert_eq!(first["reviewRating"], 9.5);
    assert_eq!(first["albumTitle"], "Kid A");
    let again = review(&app, &vera, "Kid A", "Still a leap.").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(
        message(&validate("Radiohead", "Kid A").await),
        "You have already reviewed this album"
    );
    for text in ["", "   ", &"x".repeat(20_001)] {
        let bad = review(&app, &theo, "Kid A", text).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert_eq!(message(&bad), "reviewText must be 1 to 20,000 characters");
    }
    assert_eq!(
        review(&app, &theo, "Kid A", &"x".repeat(20_000))
            .await
            .status,
        StatusCode::CREATED
    );
    let third = review(&app, &mira, "Kid A", "Cold, then warm.")
        .await
        .json();

    let middle_id = app.get("/api/review/kid-a").await.json()[1]["reviewId"].clone();
    let page = app
        .get(&format!("/api/review/kid-a/{middle_id}"))
        .await
        .json();
    assert_eq!(page["previousReviewId"], first["reviewId"]);
    assert_eq!(page["nextReviewId"], third["reviewId"]);
    assert_eq!(page["totalReviewsByUser"], 1);
    assert_eq!(page["reviewVotes"], json!([]));
    let wrong_album = app.get(&format!("/api/review/amnesiac/{middle_id}")).await;
    assert_eq!(wrong_album.status, StatusCode::NOT_FOUND);
    let album = app.get("/api/album/name/radiohead/kid-a").await.json();
    assert_eq!(album["numberOfReviews"], 3);
    let by_user = app.get("/api/review/user/mira99").await.json();
    assert_eq!(by_user[0]["reviewText"], "Cold, then warm.");

    let featured = app.get("/api/review/featured").await.json();
    let long = featured
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["user"]["username"] == "lowend.theo")
        .unwrap();
    assert_eq!(long["preview"].as_str().unwrap().chars().count(), 200);
    assert_eq!(
        app.get("/api/review/recent?limit=1").await.json()[0]["reviewId"],
        third["reviewId"]
    );
}

#[tokio::test]
async fn a_review_is_deleted_by_its_author_or_an_admin_with_its_comments() {
    let app = TestApp::new();
    seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (admin, admin_id) = app.member("the.admin");
    app.set_role(admin_id, Role::Admin);
    let mine = review(&app, &vera, "Kid A", "Mine.").await.json();
    let theirs = review(&app, &theo, "Kid A", "Theirs.").await.json();
    let comment = json!({ "commentText": "Nice", "reviewId": mine["reviewId"] });
    app.call(Method::POST, "/api/comment", Some(&theo), Some(comment))
        .await;

    let mine_path = format!("/api/review/{}", mine["reviewId"]);
    assert_eq!(
        app.call(Method::DELETE, &mine_path, Some(&theo), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &mine_path, Some(&vera), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    let theirs_path = format!("/api/review/{}", theirs["reviewId"]);
    assert_eq!(
        app.call(Method::DELETE, &theirs_path, Some(&admin), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.get("/api/album/name/radiohead/kid-a").await.json()["numberOfReviews"],
        0
    );
    let conn = app.conn();
    let left: i64 = conn
        .query_row("SELECT count(*) FROM comments", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0, "no orphaned comments");
}

#[tokio::test]
async fn votes_toggle_replace_and_refuse_your_own() {
    let app = TestApp::new();
    seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let written = review(&app, &vera, "OK Computer", "Paranoid.").await.json();
    let review_id = written["reviewId"].as_i64().unwrap();
    let up = vote_on_review(&app, &theo, review_id, true).await.json();
    assert_eq!(
        up,
        json!({ "userVote": true, "votesUp": 1, "votesDown": 0 })
    );
    let down = vote_on_review(&app, &theo, review_id, false).await.json();
    assert_eq!(
        down,
        json!({ "userVote": false, "votesUp": 0, "votesDown": 1 })
    );
    let back = vote_on_review(&app, &theo, review_id, false).await.json();
    assert_eq!(
        back,
        json!({ "userVote": null, "votesUp": 0, "votesDown": 0 })
    );
    let own = vote_on_review(&app, &vera, review_id, true).await;
    assert_eq!(
        (own.status, message(&own)),
        (
            StatusCode::BAD_REQUEST,
            "You can't vote on your own review".to_owned()
        )
    );

    vote_on_review(&app, &theo, review_id, true).await;
    let listed = app
        .get(&format!("/api/reviewvote/review/{}", written["reviewId"]))
        .await
        .json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let received = app.get("/api/reviewvote/user/vinylvera").await.json();
    assert_eq!(received[0]["isThumbsUp"], true);
    let both = json!({ "reviewId": 1, "postId": 1, "isThumbsUp": true });
    let bad = app
        .call(Method::POST, "/api/reviewvote", Some(&theo), Some(both))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let missing = json!({ "reviewId": 999, "isThumbsUp": true });
    let missing = app
        .call(Method::POST, "/api/reviewvote", Some(&theo), Some(missing))
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn comments_page_by_ten_and_are_rate_limited() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (admin, admin_id) = app.member("the.admin");
    app.set_role(admin_id, Role::Admin);
    let album = seed.albums[0];
    for n in 0..5 {
        let made = comment_on_album(&app, &vera, album, &format!("comment {n}")).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    }
    let limited = comment_on_album(&app, &vera, album, "one too many").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(message(&limited), "You are sending too many comments.");
    assert!(!limited.header("retry-after").is_empty());

    // Other members are not limited by Vera's burst; fill the album to twelve.
    let conn = app.conn();
    for n in 5..12 {
        let (token, _) = app.member(&format!("member{n}"));
        assert_eq!(
            comment_on_album(&app, &token, album, &format!("comment {n}"))
                .await
                .status,
            StatusCode::CREATED
        );
    }
    drop(conn);
    let first = app
        .get(&format!("/api/comment/album/{album}?page=1"))
        .await
        .json();
    assert_eq!(first["totalAlbumComments"], 12);
    assert_eq!(first["totalPages"], 2);
    assert_eq!(first["data"].as_array().unwrap().len(), 10);
    assert_eq!(first["data"][0]["commentText"], "comment 11");
    let second = app
        .get(&format!("/api/comment/album/{album}?page=2"))
        .await
        .json();
    assert_eq!(second["data"].as_array().unwrap().len(), 2);
    assert_eq!(
        app.get(&format!("/api/comment/album/{album}?page=0"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );

    for (body, expected) in [
        (
            json!({ "commentText": "", "albumId": album }),
            "commentText must be 1 to 2,000 characters",
        ),
        (
            json!({ "commentText": "x".repeat(2001), "albumId": album }),
            "commentText must be 1 to 2,000 characters",
        ),
        (
            json!({ "commentText": "two", "albumId": album, "postId": 1 }),
            "Give exactly one of",
        ),
        (json!({ "commentText": "none" }), "Give exactly one of"),
    ] {
        let response = app
            .call(Method::POST, "/api/comment", Some(&theo), Some(body))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert!(
            message(&response).starts_with(expected),
            "{}",
            message(&response)
        );
    }
    let elsewhere = json!({ "commentText": "hi", "postId": 999 });
    assert_eq!(
        app.call(Method::POST, "/api/comment", Some(&theo), Some(elsewhere))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let id = first["data"][9]["commentId"].clone();
    let path = format!("/api/comment/{id}");
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&theo), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&admin), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    // The admin removed "comment 2", one of Vera's five.
    let recent = app.get("/api/comment/recent/album").await.json();
    assert_eq!(recent[0]["album"]["title"], "OK Computer");
    assert_eq!(recent[0]["comment"]["commentText"], "comment 11");
    assert_eq!(
        app.get("/api/comment/user/vinylvera")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        4
    );
}

#[tokio::test]
async fn shouts_need_text_a_recipient_and_a_right_to_remove() {
    let app = TestApp::new();
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (mira, _) = app.member("mira99");
    let empty = shout(&app, &theo, "   ", "vinylvera").await;
    assert_eq!(
        (empty.status, message(&empty)),
        (
            StatusCode::BAD_REQUEST,
            "You can't send an empty shout".to_owned()
        )
    );
    let nobody = shout(&app, &theo, "hi", "ghost").await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    assert_eq!(
        shout(&app, &theo, &"x".repeat(1001), "vinylvera")
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    let posing = app
        .call(
            Method::POST,
            "/api/shout",
            Some(&theo),
            Some(json!({ "shoutText": "hi", "userId": vera_id, "recipientUsername": "mira99" })),
        )
        .await;
    assert_eq!(posing.status, StatusCode::FORBIDDEN);

    let made = shout(&app, &theo, "Great taste!", "vinylvera").await;
    assert_eq!(made.status, StatusCode::CREATED);
    let made = made.json();
    assert_eq!(made["recipientUsername"], "vinylvera");
    let wall = app.get("/api/shout/user/vinylvera").await.json();
    assert_eq!(wall[0]["user"]["username"], "lowend.theo");

    let path = format!("/api/shout/{}", made["shoutId"]);
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&mira), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&vera), None)
            .await
            .status,
        StatusCode::NO_CONTENT,
        "the profile's owner"
    );

    // Five a minute; refused shouts spent their places too, so a member
    // who has sent none counts them.
    let (rex, _) = app.member("rex");
    for n in 0..5 {
        assert_eq!(
            shout(&app, &rex, &format!("again {n}"), "mira99")
                .await
                .status,
            StatusCode::CREATED
        );
    }
    let limited = shout(&app, &rex, "and again", "mira99").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(message(&limited), "You are sending too many shouts.");
}

#[tokio::test]
async fn posts_are_written_read_edited_by_their_author_and_voted_on() {
    let app = TestApp::new();
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let made = app
        .call(
            Method::POST,
            "/api/post",
            Some(&vera),
            Some(json!({ "title": "Best of 2026", "postText": "My list.", "userId": null })),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED);
    let post_id = made.json()["postId"].clone();
    let path = format!("/api/post/{post_id}");
    let vote = json!({ "postId": post_id, "reviewId": null, "isThumbsUp": true });
    app.call(Method::POST, "/api/reviewvote", Some(&theo), Some(vote))
        .await;
    let shown = app.call(Method::GET, &path, Some(&theo), None).await.json();
    assert_eq!(shown["title"], "Best of 2026");
    assert_eq!(shown["userPostCount"], 1);
    assert_eq!(shown["votesUp"], 1);
    assert_eq!(shown["userVote"], true);
    assert_eq!(shown["postVotes"].as_array().unwrap().len(), 1);

    let edit = json!({ "updatedPostText": "My list, revised." });
    assert_eq!(
        app.call(Method::PATCH, &path, Some(&theo), Some(edit.clone()))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let edited = app
        .call(Method::PATCH, &path, Some(&vera), Some(edit))
        .await
        .json();
    assert_eq!(edited["postText"], "My list, revised.");
    let empty = app
        .call(
            Method::PATCH,
            &path,
            Some(&vera),
            Some(json!({ "updatedPostText": "" })),
        )
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    for body in [
        json!({ "title": "", "postText": "x" }),
        json!({ "title": "x", "postText": "" }),
    ] {
        let bad = app
            .call(Method::POST, "/api/post", Some(&vera), Some(body))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    }
    assert_eq!(
        app.get("/api/post/user/vinylvera").await.json()[0]["postId"],
        post_id
    );
    assert_eq!(
        app.get("/api/post/recent").await.json()[0]["postId"],
        post_id
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&theo), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&vera), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn profile_stats_add_up() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    rate(&app, &vera, &seed, seed.albums[0], json!(10)).await;
    rate(&app, &vera, &seed, seed.albums[1], json!(9)).await;
    rate(&app, &vera, &seed, seed.albums[2], json!(null)).await;
    let written = review(&app, &vera, "Kid A", "Yes.").await.json();
    let comment = json!({ "commentText": "Hm", "albumId": seed.albums[2] });
    app.call(Method::POST, "/api/comment", Some(&vera), Some(comment))
        .await;
    let post = json!({ "title": "Lists", "postText": "Mine.", "userId": null });
    let posted = app
        .call(Method::POST, "/api/post", Some(&vera), Some(post))
        .await;
    assert_eq!(posted.status, StatusCode::CREATED);
    for to in ["lowend.theo", "lowend.theo"] {
        assert_eq!(
            shout(&app, &vera, "Hi", to).await.status,
            StatusCode::CREATED
        );
    }
    assert_eq!(
        shout(&app, &theo, "Hello", "vinylvera").await.status,
        StatusCode::CREATED
    );
    for (token, up) in [(&theo, true)] {
        let body = json!({ "reviewId": written["reviewId"], "isThumbsUp": up });
        app.call(Method::POST, "/api/reviewvote", Some(token), Some(body))
            .await;
    }
    let stats = app.get("/api/user/username/vinylvera/stats").await.json();
    assert_eq!(stats["ratingsCount"], 2);
    assert_eq!(stats["libraryCount"], 1);
    assert_eq!(stats["reviewsCount"], 1);
    assert_eq!(stats["commentsCount"], 1);
    assert_eq!(stats["postsCount"], 1);
    // Shouts the member left, not those left on their profile.
    assert_eq!(stats["shoutsCount"], 2);
    assert_eq!(stats["score"], 2 * 3 + 4 + 500);
    assert_eq!(stats["approval"], 100.0);
    assert_eq!(stats["averageRating"], 9.5);
    assert_eq!(stats["favouriteGenre"], "Art Rock");
    let buckets = stats["ratingDistribution"].as_array().unwrap();
    assert_eq!(buckets.len(), 20);
    assert_eq!(buckets[19], json!({ "number": 10.0, "count": 1 }));
    assert_eq!(buckets[17], json!({ "number": 9.0, "count": 1 }));
    assert_eq!(stats["topGenres"][0]["percentage"], 50.0);
    assert_eq!(stats["topAlbums"][0]["title"], "OK Computer");
    assert_eq!(stats["topAlbums"][0]["userRating"], 10.0);
    assert_eq!(stats["recentlyCommented"][0]["title"], "Amnesiac");
    let quiet = app.get("/api/user/username/lowend.theo/stats").await.json();
    assert_eq!(quiet["approval"], Value::Null);
    assert_eq!(quiet["favouriteGenre"], Value::Null);
    assert_eq!(
        app.get("/api/user/username/ghost/stats").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_admin_removes_an_album_with_everything_about_it() {
    let app = TestApp::new();
    let seed = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (editor, editor_id) = app.member("crate_digger");
    app.set_role(editor_id, Role::Editor);
    let (admin, admin_id) = app.member("the.admin");
    app.set_role(admin_id, Role::Admin);
    let album = seed.albums[1];
    rate(&app, &vera, &seed, album, json!(8)).await;
    let written = review(&app, &vera, "Kid A", "Gone soon.").await.json();
    app.call(
        Method::POST,
        "/api/comment",
        Some(&editor),
        Some(json!({ "commentText": "a", "albumId": album })),
    )
    .await;
    app.call(
        Method::POST,
        "/api/comment",
        Some(&editor),
        Some(json!({ "commentText": "b", "reviewId": written["reviewId"] })),
    )
    .await;
    app.call(
        Method::POST,
        "/api/wishlistitem",
        Some(&editor),
        Some(json!({ "albumId": album })),
    )
    .await;

    let path = format!("/api/album/{album}");
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&editor), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&admin), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    let conn = app.conn();
    let orphans: i64 = conn
        .query_row(
            "SELECT (SELECT count(*) FROM ratings WHERE album_id = ?1)
                  + (SELECT count(*) FROM reviews WHERE album_id = ?1)
                  + (SELECT count(*) FROM comments)
                  + (SELECT count(*) FROM wishlist_items)
                  + (SELECT count(*) FROM album_genres WHERE album_id = ?1)
                  + (SELECT count(*) FROM album_rating_days WHERE album_id = ?1)",
            [album],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(orphans, 0);
    let problems: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(problems, 0);
    assert_eq!(
        app.call(Method::DELETE, &path, Some(&admin), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

/// Albums named like the fixed words of `/review/...` paths are still
/// reached: by their title as written, or with a letter percent-encoded, as
/// the UI sends any path segment that equals a fixed word.
#[tokio::test]
async fn reviews_of_albums_named_like_fixed_path_words_are_reached() {
    let app = TestApp::new();
    let titles = ["Recent", "Featured", "User", "Validate"];
    {
        let conn = app.conn();
        let artist = NewArtist {
            name: "Radiohead",
            description: "",
            picture_url: "",
            mbid: None,
        };
        let artist_id = artists::insert(&conn, &artist, NOW).unwrap();
        for title in titles {
            let album = NewAlbum {
                artist_id,
                title,
                release_date: "2001-01-01".parse().unwrap(),
                album_type: AlbumType::Lp,
                picture_url: "",
                genres: &[],
                styles: &[],
                mb_release_group: None,
            };
            albums::insert(&conn, &album, NOW).unwrap();
        }
    }
    let (vera, _) = app.member("vinylvera");
    for title in titles {
        let written = review(&app, &vera, title, &format!("On {title}.")).await;
        assert_eq!(written.status, StatusCode::CREATED, "{}", written.text());
        let id = written.json()["reviewId"].as_i64().unwrap();
        let lower = title.to_lowercase();
        let escaped = format!("%{:02X}{}", lower.as_bytes()[0], &lower[1..]);
        for segment in [title.to_owned(), escaped] {
            let list = app.get(&format!("/api/review/{segment}")).await;
            assert_eq!(list.status, StatusCode::OK, "{segment}: {}", list.text());
            assert_eq!(
                list.json()[0]["reviewText"],
                format!("On {title}."),
                "{segment}"
            );
            let one = app.get(&format!("/api/review/{segment}/{id}")).await;
            assert_eq!(one.status, StatusCode::OK, "{segment}/{id}: {}", one.text());
            assert_eq!(one.json()["reviewId"], id, "{segment}/{id}");
        }
    }
}
