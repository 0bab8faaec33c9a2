//! Bringing ratings in: each format read against the demo catalogue, the
//! preview and the member's choices, writing once (a second import of the
//! same file changes nothing), "the file wins", the listened queue, files
//! larger than ordinary bodies, other members' imports, parallel
//! confirmations, a round trip through both exports into a fresh site, and
//! the bounds on uploads and on imports held.

use crate::common;

use std::convert::Infallible;
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{Method, Request, StatusCode};
use common::{TestApp, TestResponse};
use halfstar::http::throttle::{Limits, WriteLimits};
use halfstar::member_import::jobs::{ImportLimits, Jobs};
use serde_json::{Value, json};
use tokio::sync::mpsc;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/member-import");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).expect("fixture")
}

/// A site with the demo catalogue and community, and a new member's token.
fn demo_site(member: &str) -> (TestApp, String, i64) {
    let app = TestApp::new();
    halfstar::demo::load(&mut app.conn(), "not-a-hash").expect("demo");
    let (token, id) = app.member(member);
    (app, token, id)
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>, query: &str) -> TestResponse {
    let request = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/import/ratings?{query}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/octet-stream")
        // As browsers send it: the server refuses a declared length over its limit unread.
        .header("content-length", bytes.len().to_string())
        .body(Body::from(bytes))
        .expect("request");
    app.send(request).await
}

/// Uploads a fixture and waits until it is read and matched.
async fn prepared(app: &TestApp, token: &str, name: &str) -> Value {
    let started = upload(app, token, fixture(name), &format!("fileName={name}")).await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    settled(app, token, started.json()["importId"].as_str().unwrap()).await
}

async fn settled(app: &TestApp, token: &str, id: &str) -> Value {
    for _ in 0..500 {
        let job = app
            .call(
                Method::GET,
                &format!("/api/import/ratings/{id}"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(job.status, StatusCode::OK, "{}", job.text());
        let job = job.json();
        if !["reading", "matching", "writing"].contains(&job["status"].as_str().unwrap()) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the import did not settle");
}

async fn rows(app: &TestApp, token: &str, id: &str, status: &str) -> Vec<Value> {
    let answer = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{id}/rows?status={status}&limit=200"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()["rows"].as_array().unwrap().clone()
}

async fn confirm(app: &TestApp, token: &str, id: &str, file_wins: bool) -> TestResponse {
    app.call(
        Method::POST,
        &format!("/api/import/ratings/{id}/confirm"),
        Some(token),
        Some(json!({ "fileWins": file_wins })),
    )
    .await
}

/// The member's ratings as (artist, title, number), sorted.
fn ratings_of(app: &TestApp, user_id: i64) -> Vec<(String, String, Option<f64>)> {
    let conn = app.conn();
    let mut statement = conn
        .prepare(
            "SELECT ar.name, a.title, r.number FROM ratings r JOIN albums a ON a.id = r.album_id
             JOIN artists ar ON ar.id = a.artist_id WHERE r.user_id = ?1 ORDER BY 1, 2",
        )
        .unwrap();
    statement
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn album_id(app: &TestApp, artist: &str, title: &str) -> i64 {
    app.conn()
        .query_row(
            "SELECT a.id FROM albums a JOIN artists ar ON ar.id = a.artist_id
             WHERE ar.name = ?1 AND a.title = ?2",
            [artist, title],
            |row| row.get(0),
        )
        .expect("album")
}

/// The member rates an album from its page.
async fn rate(app: &TestApp, token: &str, album_id: i64, number: f64) {
    let artist_id: i64 = app
        .conn()
        .query_row(
            "SELECT artist_id FROM albums WHERE id = ?1",
            [album_id],
            |r| r.get(0),
        )
        .unwrap();
    let rated = app
        .call(
            Method::POST,
            "/api/rating",
            Some(token),
            Some(json!({ "albumId": album_id, "artistId": artist_id, "number": number })),
        )
        .await;
    assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
}

/// The albums' counters agree with their ratings.
fn counters_are_exact(app: &TestApp) {
    let wrong: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM albums a WHERE rating_count !=
               (SELECT count(*) FROM ratings r WHERE r.album_id = a.id AND r.number IS NOT NULL)
             OR rating_sum != (SELECT coalesce(sum(number), 0) FROM ratings r WHERE r.album_id = a.id)
             OR review_count != (SELECT count(*) FROM reviews v WHERE v.album_id = a.id)",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(wrong, 0, "albums whose counters disagree with their rows");
}

#[tokio::test]
async fn a_rym_export_is_previewed_fixed_and_written_once() {
    let (app, token, me) = demo_site("vinyl_newcomer");
    let job = prepared(&app, &token, "rym.csv").await;
    let id = job["importId"].as_str().unwrap().to_owned();
    assert_eq!(job["status"], "ready");
    assert_eq!(job["format"], "rym");
    assert_eq!(
        job["counts"],
        json!({ "rows": 12, "matched": 9, "uncertain": 2, "missing": 1, "skipped": 0 })
    );
    assert_eq!(
        ratings_of(&app, me),
        [],
        "nothing is written before confirming"
    );

    let uncertain = rows(&app, &token, &id, "uncertain").await;
    let in_rainbow = &uncertain[0];
    assert_eq!(in_rainbow["title"], "In Rainbow");
    assert_eq!(in_rainbow["candidates"][0]["title"], "In Rainbows");
    assert!(in_rainbow["candidates"][0]["score"].as_u64().unwrap() < 100);
    assert_eq!(uncertain[1]["artist"], "Joni Mitchel");
    let missing = rows(&app, &token, &id, "missing").await;
    assert_eq!(missing[0]["artist"], "Cocteau Twins");
    assert_eq!(missing[0]["line"], 9);
    let matched = rows(&app, &token, &id, "matched").await;
    let sigur = matched.iter().find(|r| r["artist"] == "Sigur Rós").unwrap();
    assert_eq!(sigur["album"]["title"], "Ágætis byrjun");
    assert_eq!(sigur["how"], "name");
    let beatles = matched.iter().find(|r| r["title"] == "Abbey Road").unwrap();
    assert_eq!(beatles["album"]["artist"], "The Beatles");

    // The member picks the first uncertain row's candidate and leaves the other out.
    let chosen = app
        .call(
            Method::PUT,
            &format!("/api/import/ratings/{id}/rows/{}", in_rainbow["row"]),
            Some(&token),
            Some(json!({ "albumId": in_rainbow["candidates"][0]["albumId"] })),
        )
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text());
    assert_eq!(chosen.json()["status"], "matched");
    assert_eq!(chosen.json()["how"], "chosen");
    // Leaving out a row that matched by name keeps its album on offer.
    let ok_computer_row = matched
        .iter()
        .find(|r| r["title"] == "OK Computer")
        .unwrap();
    let path = format!("/api/import/ratings/{id}/rows/{}", ok_computer_row["row"]);
    let left_out = app
        .call(
            Method::PUT,
            &path,
            Some(&token),
            Some(json!({ "albumId": null })),
        )
        .await
        .json();
    assert_eq!(left_out["status"], "uncertain");
    assert_eq!(left_out["candidates"][0]["title"], "OK Computer");
    let taken_back = app
        .call(
            Method::PUT,
            &path,
            Some(&token),
            Some(json!({ "albumId": left_out["candidates"][0]["albumId"] })),
        )
        .await;
    assert_eq!(taken_back.json()["status"], "matched");
    let missing_csv = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{id}/missing.csv"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(
        missing_csv.text(),
        "Artist,Title,Year,Rating,Line\nCocteau Twins,Heaven or Las Vegas,1990,10.0,9\n"
    );
    assert!(missing_csv.header("content-type").starts_with("text/csv"));

    let job = settled(&app, &token, &id).await;
    assert_eq!(
        job["effects"],
        json!({ "ratingsAdded": 8, "ratingsDiffering": 0, "ratingsSame": 0, "libraryAdded": 1,
                "wishlistAdded": 1, "listened": 0, "reviewsAdded": 1, "trackRatings": 0,
                "playerPlays": 0, "genreVotes": 0, "descriptors": 0, "dismissals": 0 })
    );
    let done = confirm(&app, &token, &id, false).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text());
    assert_eq!(done.json()["status"], "done");
    assert_eq!(done.json()["result"]["ratingsAdded"], 8);

    let mine = ratings_of(&app, me);
    let number_of = |title: &str| mine.iter().find(|(_, t, _)| t == title).map(|r| r.2);
    assert_eq!(number_of("OK Computer"), Some(Some(10.0)));
    assert_eq!(number_of("In Rainbows"), Some(Some(9.0)));
    assert_eq!(number_of("Ágætis byrjun"), Some(Some(8.0)));
    assert_eq!(
        number_of("Kind of Blue"),
        Some(None),
        "owned, unrated: a library entry"
    );
    assert_eq!(number_of("Blue"), None, "the uncertain row left out");
    assert_eq!(mine.len(), 9);
    let wished: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM wishlist_items WHERE user_id = ?1 AND album_id = ?2",
            [me, album_id(&app, "Talking Heads", "Remain in Light")],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(wished, 1);
    let review: String = app
        .conn()
        .query_row(
            "SELECT review_text FROM reviews WHERE user_id = ?1",
            [me],
            |row| row.get(0),
        )
        .unwrap();
    assert!(review.starts_with("\"Nights\" splits"), "{review}");
    counters_are_exact(&app);
    assert_eq!(
        app.call(
            Method::POST,
            &format!("/api/import/ratings/{id}/confirm"),
            Some(&token),
            Some(json!({}))
        )
        .await
        .status,
        StatusCode::CONFLICT,
        "a done import is not written again"
    );

    // The album page shows the rating to everyone.
    let ok_computer = album_id(&app, "Radiohead", "OK Computer");
    let page = app.get(&format!("/api/rating/album/{ok_computer}")).await;
    assert!(page.text().contains("vinyl_newcomer"), "{}", page.text());

    // The same file again: nothing to add, and confirming changes nothing.
    let before = ratings_of(&app, me);
    let again = prepared(&app, &token, "rym.csv").await;
    assert_eq!(again["effects"]["ratingsAdded"], 0);
    assert_eq!(again["effects"]["libraryAdded"], 0);
    assert_eq!(again["effects"]["wishlistAdded"], 0);
    assert_eq!(again["effects"]["reviewsAdded"], 0);
    assert_eq!(again["effects"]["ratingsSame"], 7);
    let id = again["importId"].as_str().unwrap();
    let result = confirm(&app, &token, id, true).await.json()["result"].clone();
    assert_eq!(result["ratingsAdded"], 0);
    assert_eq!(result["ratingsChanged"], 0);
    assert_eq!(result["reviewsKept"], 1);
    assert_eq!(ratings_of(&app, me), before);
    assert_eq!(app.rows(&format!("wishlist_items WHERE user_id = {me}")), 1);
    counters_are_exact(&app);
}

#[tokio::test]
async fn the_members_own_ratings_stay_unless_the_file_wins() {
    let (app, token, me) = demo_site("vinyl_newcomer");
    let ok_computer = album_id(&app, "Radiohead", "OK Computer");
    rate(&app, &token, ok_computer, 6.5).await;

    let job = prepared(&app, &token, "rym.csv").await;
    assert_eq!(job["effects"]["ratingsDiffering"], 1);
    let matched = rows(&app, &token, job["importId"].as_str().unwrap(), "matched").await;
    let row = matched
        .iter()
        .find(|r| r["title"] == "OK Computer")
        .unwrap();
    assert_eq!(
        (row["rating"].as_f64(), row["currentRating"].as_f64()),
        (Some(10.0), Some(6.5))
    );
    let kept = confirm(&app, &token, job["importId"].as_str().unwrap(), false).await;
    assert_eq!(kept.json()["result"]["ratingsKept"], 1);
    let number = |app: &TestApp| {
        app.conn()
            .query_row(
                "SELECT number FROM ratings WHERE user_id = ?1 AND album_id = ?2",
                [me, ok_computer],
                |r| r.get::<_, f64>(0),
            )
            .unwrap()
    };
    assert_eq!(number(&app), 6.5);

    let job = prepared(&app, &token, "rym.csv").await;
    let won = confirm(&app, &token, job["importId"].as_str().unwrap(), true).await;
    assert_eq!(won.json()["result"]["ratingsChanged"], 1);
    assert_eq!(number(&app), 10.0);
    counters_are_exact(&app);
}

#[tokio::test]
async fn discogs_stars_are_doubled_and_names_meet() {
    let (app, token, me) = demo_site("vinyl_newcomer");
    let job = prepared(&app, &token, "discogs-collection.csv").await;
    assert_eq!(job["format"], "discogs-collection");
    assert!(
        job["notes"][0]
            .as_str()
            .unwrap()
            .contains("twice its stars")
    );
    assert_eq!(job["counts"]["matched"], 5);
    assert_eq!(job["counts"]["missing"], 1);
    let id = job["importId"].as_str().unwrap();
    let matched = rows(&app, &token, id, "matched").await;
    let nevermind = matched
        .iter()
        .find(|r| r["artist"] == "Nirvana (2)")
        .unwrap();
    assert_eq!(nevermind["album"]["artist"], "Nirvana");
    assert_eq!(nevermind["rating"], 8.0);
    let mezzanine = matched
        .iter()
        .find(|r| r["artist"] == "Massive Attack")
        .unwrap();
    assert_eq!(mezzanine["album"]["title"], "Mezzanine");
    confirm(&app, &token, id, false).await;
    let mine = ratings_of(&app, me);
    assert!(mine.contains(&("Björk".to_owned(), "Post".to_owned(), Some(6.0))));
    assert!(mine.contains(&("Daft Punk".to_owned(), "Discovery".to_owned(), None)));

    let wants = prepared(&app, &token, "discogs-wantlist.csv").await;
    assert_eq!(wants["format"], "discogs-wantlist");
    assert_eq!(wants["effects"]["wishlistAdded"], 3);
}

/// The member's listened queue: (title, plays), most played first.
async fn queue(app: &TestApp, token: &str) -> Vec<(String, u64)> {
    let answer = app
        .call(Method::GET, "/api/user/me/listened", Some(token), None)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["album"]["title"].as_str().unwrap().to_owned(),
                a["plays"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn listens_fill_the_queue_which_rating_and_dismissing_empty() {
    let (app, token, _) = demo_site("vinyl_newcomer");
    // Untrue carries the release group the ListenBrainz file names, under
    // another title: only the id can match it.
    let untrue = album_id(&app, "Burial", "Untrue");
    app.conn()
        .execute(
            "UPDATE albums SET mb_release_group = '9e0f2a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
                    title = 'Untrue (Hyperdub)', title_key = 'untrue (hyperdub)' WHERE id = ?1",
            [untrue],
        )
        .unwrap();
    let job = prepared(&app, &token, "listenbrainz.zip").await;
    assert_eq!(job["format"], "listenbrainz");
    let id = job["importId"].as_str().unwrap();
    let matched = rows(&app, &token, id, "matched").await;
    let burial = matched.iter().find(|r| r["artist"] == "Burial").unwrap();
    assert_eq!(
        (burial["how"].as_str(), burial["plays"].as_u64()),
        (Some("musicbrainz"), Some(2))
    );
    assert_eq!(job["effects"]["listened"], 3);
    confirm(&app, &token, id, false).await;

    assert_eq!(
        queue(&app, &token).await,
        [
            ("Mezzanine".to_owned(), 3),
            ("Untrue (Hyperdub)".to_owned(), 2),
            ("Blonde".to_owned(), 1)
        ]
    );
    let mezzanine = album_id(&app, "Massive Attack", "Mezzanine");
    rate(&app, &token, mezzanine, 9.0).await;
    let blonde = album_id(&app, "Frank Ocean", "Blonde");
    let dismissed = app
        .call(
            Method::DELETE,
            &format!("/api/user/me/listened/{blonde}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(dismissed.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.call(
            Method::DELETE,
            &format!("/api/user/me/listened/{blonde}"),
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        queue(&app, &token).await,
        [("Untrue (Hyperdub)".to_owned(), 2)]
    );

    // The same history again: nothing comes back.
    let again = prepared(&app, &token, "listenbrainz.jsonl").await;
    assert_eq!(again["effects"]["listened"], 0);
    confirm(&app, &token, again["importId"].as_str().unwrap(), false).await;
    assert_eq!(
        queue(&app, &token).await,
        [("Untrue (Hyperdub)".to_owned(), 2)]
    );
}

#[tokio::test]
async fn lastfm_scrobbles_are_counted_by_album() {
    let (app, token, _) = demo_site("vinyl_newcomer");
    let job = prepared(&app, &token, "lastfm.csv").await;
    assert_eq!(job["format"], "lastfm");
    assert_eq!(
        job["counts"],
        json!({ "rows": 4, "matched": 3, "uncertain": 0, "missing": 1, "skipped": 0 })
    );
    assert!(
        job["notes"]
            .to_string()
            .contains("1 listen had no album name")
    );
    let matched = rows(&app, &token, job["importId"].as_str().unwrap(), "matched").await;
    let plays: Vec<_> = matched
        .iter()
        .map(|r| (r["title"].as_str().unwrap(), r["plays"].as_u64().unwrap()))
        .collect();
    assert_eq!(plays, [("Kid A", 4), ("Untrue", 3), ("Syro", 2)]);
    assert_eq!(job["effects"]["listened"], 3);
}

/// Kid A's scrobbles in the fixture are four of its tracks, five minutes
/// apart: most of a six-track list, so one sitting makes one diary entry,
/// however often the history is imported.
#[tokio::test]
async fn a_sitting_of_most_of_an_album_goes_to_the_diary_once() {
    let (app, token, user_id) = demo_site("diary_importer");
    let kid_a = album_id(&app, "Radiohead", "Kid A");
    for (position, title) in [
        "Everything in Its Right Place",
        "Kid A",
        "The National Anthem",
        "How to Disappear Completely",
        "Treefingers",
        "Optimistic",
    ]
    .iter()
    .enumerate()
    {
        app.conn()
            .execute(
                "INSERT INTO tracks (album_id, disc, position, title) VALUES (?1, 1, ?2, ?3)",
                rusqlite::params![kid_a, position as i64 + 1, title],
            )
            .unwrap();
    }
    for time in 0..2 {
        let job = prepared(&app, &token, "lastfm.csv").await;
        let id = job["importId"].as_str().unwrap();
        let written = confirm(&app, &token, id, false).await;
        assert_eq!(written.status, StatusCode::OK, "{}", written.text());
        let written = settled(&app, &token, id).await;
        assert_eq!(
            written["result"]["diaryLogged"],
            if time == 0 { 1 } else { 0 },
            "{written}"
        );
    }
    let entries: Vec<(i64, String, String)> = app
        .conn()
        .prepare("SELECT album_id, listened_on, source FROM diary_entries WHERE user_id = ?1")
        .unwrap()
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    // Untrue and Syro have no tracklist: their plays stay in the queue only.
    assert_eq!(
        entries,
        [(kid_a, "2024-01-31".to_owned(), "import".to_owned())]
    );
}

/// A member's diary as (artist, album, day, rating, note, re-listen), in order.
fn diary_of(
    site: &TestApp,
    user_id: i64,
) -> Vec<(String, String, String, Option<f64>, String, bool)> {
    site.conn()
        .prepare(
            "SELECT ar.name, al.title, d.listened_on, d.rating, d.note, d.relisten
             FROM diary_entries d JOIN albums al ON al.id = d.album_id
             JOIN artists ar ON ar.id = al.artist_id
             WHERE d.user_id = ?1 ORDER BY d.listened_on, al.title",
        )
        .unwrap()
        .query_map([user_id], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
            ))
        })
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

#[tokio::test]
async fn the_diary_moves_with_halfstars_export_once_and_bad_entries_are_said() {
    let (old_site, token, old_me) = demo_site("diary_mover");
    for (artist, title, body) in [
        (
            "Radiohead",
            "Kid A",
            json!({"listenedOn": "2026-03-12", "rating": 9, "note": "Cold.", "relisten": true}),
        ),
        ("Radiohead", "Kid A", json!({"listenedOn": "2025-12-01"})),
        (
            "Björk",
            "Homogenic",
            json!({"listenedOn": "2026-01-05", "note": "Jóga!"}),
        ),
    ] {
        let mut body = body;
        body["albumId"] = json!(album_id(&old_site, artist, title));
        let logged = old_site
            .call(Method::POST, "/api/diary", Some(&token), Some(body))
            .await;
        assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text());
    }
    let theirs = diary_of(&old_site, old_me);
    assert_eq!(theirs.len(), 3);
    let mut export: Value = old_site
        .call(Method::GET, "/api/user/me/export", Some(&token), None)
        .await
        .json();
    export["diary"].as_array_mut().unwrap().push(
        json!({"artist": "Radiohead", "album": "Kid A", "albumId": 1, "listenedOn": "12/03/2026",
                     "rating": null, "note": "", "relisten": false, "source": "member"}),
    );
    let bytes = serde_json::to_vec(&export).unwrap();

    let (new_site, token, me) = demo_site("diary_mover");
    for time in 0..2 {
        let started = upload(&new_site, &token, bytes.clone(), "fileName=export.json").await;
        assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
        let id = started.json()["importId"].as_str().unwrap().to_owned();
        let job = settled(&new_site, &token, &id).await;
        assert_eq!(job["counts"]["skipped"], 1, "{job}");
        let skipped = rows(&new_site, &token, &id, "skipped").await;
        assert!(
            skipped[0]
                .to_string()
                .contains("diary entry 4: listenedOn must be a date"),
            "{skipped:?}"
        );
        confirm(&new_site, &token, &id, false).await;
        let written = settled(&new_site, &token, &id).await;
        assert_eq!(
            written["result"]["diaryLogged"],
            if time == 0 { 3 } else { 0 },
            "{written}"
        );
    }
    assert_eq!(diary_of(&new_site, me), theirs);
}

/// Gives the album a tracklist of these titles, disc 1 from position 1.
fn tracklist(site: &TestApp, album_id: i64, titles: &[&str]) -> Vec<i64> {
    titles
        .iter()
        .enumerate()
        .map(|(at, title)| {
            site.conn()
                .query_row(
                    "INSERT INTO tracks (album_id, disc, position, title) VALUES (?1, 1, ?2, ?3)
                     RETURNING id",
                    rusqlite::params![album_id, at as i64 + 1, title],
                    |row| row.get(0),
                )
                .unwrap()
        })
        .collect()
}

/// A member's track ratings as (track title, number), by title.
fn track_ratings_of(site: &TestApp, user_id: i64) -> Vec<(String, f64)> {
    site.conn()
        .prepare(
            "SELECT t.title, r.number FROM track_ratings r JOIN tracks t ON t.id = r.track_id
             WHERE r.user_id = ?1 ORDER BY t.title",
        )
        .unwrap()
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// A member's plays as (track, album id), oldest first.
fn plays_of(site: &TestApp, user_id: i64) -> Vec<(String, Option<i64>)> {
    site.conn()
        .prepare(
            "SELECT track_name, album_id FROM player_listens WHERE user_id = ?1
             ORDER BY listened_at",
        )
        .unwrap()
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// Uploads an export, confirms it and answers the job as previewed and as written.
async fn imported(site: &TestApp, token: &str, bytes: &[u8], file_wins: bool) -> (Value, Value) {
    let started = upload(site, token, bytes.to_vec(), "fileName=export.json").await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    let id = started.json()["importId"].as_str().unwrap().to_owned();
    let preview = settled(site, token, &id).await;
    assert_eq!(preview["status"], "ready", "{preview}");
    let written = confirm(site, token, &id, file_wins).await;
    assert_eq!(written.status, StatusCode::OK, "{}", written.text());
    (preview, settled(site, token, &id).await)
}

#[tokio::test]
async fn track_ratings_and_player_plays_move_with_halfstars_export() {
    const KID_A: [&str; 4] = [
        "Everything in Its Right Place",
        "Kid A",
        "The National Anthem",
        "Idioteque",
    ];
    let (old_site, token, old_me) = demo_site("track_mover");
    let kid_a = album_id(&old_site, "Radiohead", "Kid A");
    let tracks = tracklist(&old_site, kid_a, &KID_A);
    for (track, number) in [(tracks[0], 9.5), (tracks[2], 8.0), (tracks[3], 10.0)] {
        let rated = old_site
            .call(
                Method::PUT,
                &format!("/api/track/{track}/rating"),
                Some(&token),
                Some(json!({ "number": number })),
            )
            .await;
        assert!(rated.status.is_success(), "{}", rated.text());
    }
    let made = old_site
        .call(
            Method::POST,
            "/api/settings/player-token",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let player_token = made.json()["token"].as_str().unwrap().to_owned();
    let listen = |at: i64, album: &str, track: &str| {
        json!({"listened_at": at, "track_metadata": {"artist_name": "Radiohead",
               "release_name": album, "track_name": track,
               "additional_info": {"media_player": "Navidrome", "duration_ms": 250000}}})
    };
    let sent = old_site
        .send(
            Request::builder()
                .method(Method::POST)
                .uri("/apis/listenbrainz/1/submit-listens")
                .header("authorization", format!("Token {player_token}"))
                .body(Body::from(
                    json!({"listen_type": "import", "payload": [
                        listen(1_767_000_000, "Kid A", "Idioteque"),
                        listen(1_767_000_300, "Kid A", "Kid A"),
                        listen(1_767_000_600, "Amnesiac (Collector's Edition)", "Knives Out"),
                    ]})
                    .to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
    let mut export: Value = old_site
        .call(Method::GET, "/api/user/me/export", Some(&token), None)
        .await
        .json();
    assert_eq!(
        export["trackRatings"].as_array().unwrap().len(),
        3,
        "{export}"
    );
    assert_eq!(export["playerPlays"][0]["player"], "Navidrome");
    export["trackRatings"].as_array_mut().unwrap().push(json!({
        "artist": "Radiohead", "album": "Kid A", "albumId": kid_a, "disc": 1, "position": 2,
        "track": "Kid A", "number": 11, "updatedAt": "2026-01-01T00:00:00.000Z"}));
    export["playerPlays"].as_array_mut().unwrap().push(json!({
        "listenedAt": "yesterday", "artist": "Radiohead", "album": "Kid A", "track": "Kid A"}));
    let bytes = serde_json::to_vec(&export).unwrap();

    // The new site lists Kid A's tracks in another order and lacks one.
    let (new_site, token, me) = demo_site("track_mover");
    let kid_a_here = album_id(&new_site, "Radiohead", "Kid A");
    let here = tracklist(
        &new_site,
        kid_a_here,
        &[
            "The National Anthem",
            "Kid A",
            "Everything in Its Right Place",
        ],
    );
    new_site
        .call(
            Method::PUT,
            &format!("/api/track/{}/rating", here[0]),
            Some(&token),
            Some(json!({ "number": 5.0 })),
        )
        .await;

    let (preview, first) = imported(&new_site, &token, &bytes, false).await;
    assert_eq!(
        [
            &preview["effects"]["trackRatings"],
            &preview["effects"]["playerPlays"]
        ],
        [&json!(3), &json!(3)],
        "{preview}"
    );
    assert_eq!(first["counts"]["skipped"], 2, "{first}");
    let result = &first["result"];
    assert_eq!(
        [
            &result["trackRatingsAdded"],
            &result["trackRatingsKept"],
            &result["trackRatingsUnplaced"],
            &result["playerPlaysKept"]
        ],
        [&json!(1), &json!(1), &json!(1), &json!(3)],
        "{first}"
    );
    assert_eq!(
        track_ratings_of(&new_site, me),
        [
            ("Everything in Its Right Place".to_owned(), 9.5),
            ("The National Anthem".to_owned(), 5.0)
        ]
    );
    assert_eq!(
        plays_of(&new_site, me),
        [
            ("Idioteque".to_owned(), Some(kid_a_here)),
            ("Kid A".to_owned(), Some(kid_a_here)),
            ("Knives Out".to_owned(), None)
        ],
        "a play of an album this catalogue lacks is kept unmatched"
    );
    let missing = new_site
        .call(
            Method::GET,
            "/api/user/me/player-listens/unmatched",
            Some(&token),
            None,
        )
        .await;
    assert!(
        missing.text().contains("Amnesiac (Collector's Edition)"),
        "{}",
        missing.text()
    );

    // Again, the file winning: the differing rating changes, nothing doubles.
    let (_, again) = imported(&new_site, &token, &bytes, true).await;
    let result = &again["result"];
    assert_eq!(
        [
            &result["trackRatingsAdded"],
            &result["trackRatingsChanged"],
            &result["playerPlaysKept"]
        ],
        [&json!(0), &json!(1), &json!(0)],
        "{again}"
    );
    assert_eq!(
        track_ratings_of(&new_site, me)[1],
        ("The National Anthem".to_owned(), 8.0)
    );
    assert_eq!(plays_of(&new_site, me).len(), 3);
    assert_eq!(plays_of(&old_site, old_me).len(), 3);
}

#[tokio::test]
async fn imports_are_their_members_own() {
    let (app, token, _) = demo_site("vinyl_newcomer");
    let (other, _) = app.member("snooper");
    let job = prepared(&app, &token, "discogs-wantlist.csv").await;
    let id = job["importId"].as_str().unwrap();
    for (method, path, body) in [
        (Method::GET, format!("/api/import/ratings/{id}"), None),
        (
            Method::GET,
            format!("/api/import/ratings/{id}/rows?status=matched"),
            None,
        ),
        (
            Method::GET,
            format!("/api/import/ratings/{id}/missing.csv"),
            None,
        ),
        (
            Method::PUT,
            format!("/api/import/ratings/{id}/rows/0"),
            Some(json!({ "albumId": null })),
        ),
        (
            Method::POST,
            format!("/api/import/ratings/{id}/accept-best"),
            None,
        ),
        (
            Method::POST,
            format!("/api/import/ratings/{id}/rematch"),
            None,
        ),
        (
            Method::POST,
            format!("/api/import/ratings/{id}/confirm"),
            Some(json!({})),
        ),
        (Method::DELETE, format!("/api/import/ratings/{id}"), None),
    ] {
        let answer = app
            .call(method.clone(), &path, Some(&other), body.clone())
            .await;
        assert_eq!(
            answer.status,
            StatusCode::NOT_FOUND,
            "{method} {path}: {}",
            answer.text()
        );
        let anonymous = app.call(method.clone(), &path, None, body).await;
        assert_eq!(
            anonymous.status,
            StatusCode::UNAUTHORIZED,
            "{method} {path}"
        );
    }
    let none = app
        .call(
            Method::GET,
            "/api/import/ratings/current",
            Some(&other),
            None,
        )
        .await;
    assert_eq!((none.status, none.json()), (StatusCode::OK, Value::Null));
    assert_eq!(
        app.call(
            Method::GET,
            "/api/import/ratings/current",
            Some(&token),
            None
        )
        .await
        .json()["importId"],
        id
    );
    assert_eq!(
        app.rows(
            "wishlist_items WHERE user_id IN (SELECT id FROM users WHERE username = 'snooper')"
        ),
        0
    );
    let discarded = app
        .call(
            Method::DELETE,
            &format!("/api/import/ratings/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(discarded.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.call(
            Method::GET,
            &format!("/api/import/ratings/{id}"),
            Some(&token),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn bad_files_and_choices_get_clear_answers() {
    let (app, token, _) = demo_site("vinyl_newcomer");
    let empty = upload(&app, &token, Vec::new(), "").await;
    assert_eq!(
        (empty.status, empty.json()["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("The file is empty."))
    );
    let unknown = upload(&app, &token, b"when,what\nmonday,coffee\n".to_vec(), "").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(
        unknown.json()["message"]
            .as_str()
            .unwrap()
            .contains("Rate Your Music")
    );
    let wrong_format = upload(&app, &token, fixture("rym.csv"), "format=lastfm").await;
    assert_eq!(wrong_format.status, StatusCode::BAD_REQUEST);
    assert!(
        wrong_format.json()["message"]
            .as_str()
            .unwrap()
            .contains("Last.fm")
    );
    let no_such_format = upload(&app, &token, fixture("rym.csv"), "format=spotify").await;
    assert_eq!(no_such_format.status, StatusCode::BAD_REQUEST);

    // A file whose every row is broken fails with the first reason.
    let broken = upload(
        &app,
        &token,
        b"RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n\"1\",\"\",\"Burial\",\"\",\"\",\"Untrue\",\"2007\",\"12\",\"o\",\"\",\"\",\"\"\n".to_vec(),
        "",
    )
    .await;
    let failed = settled(&app, &token, broken.json()["importId"].as_str().unwrap()).await;
    assert_eq!(failed["status"], "failed");
    assert_eq!(
        failed["message"],
        "No album in this file could be read (line 2: the rating \"12\" is not a number from 1 to 10)."
    );

    // More than an ordinary request body (1 MB), well within the file limit.
    let mut big = b"uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\n".to_vec();
    for n in 0..30_000 {
        big.extend_from_slice(
            format!("{n},\"31 Jan 2024, 18:00\",Radiohead,,Kid A,,Track {n},\n").as_bytes(),
        );
    }
    assert!(big.len() > 1024 * 1024);
    let job = upload(&app, &token, big, "fileName=big.csv").await;
    assert_eq!(job.status, StatusCode::ACCEPTED, "{}", job.text());
    let job = settled(&app, &token, job.json()["importId"].as_str().unwrap()).await;
    assert_eq!(job["counts"]["rows"], 1);
    let id = job["importId"].as_str().unwrap();
    assert_eq!(rows(&app, &token, id, "matched").await[0]["plays"], 30_000);

    let declared_too_large = Request::builder()
        .method(Method::POST)
        .uri("/api/import/ratings")
        .header("authorization", format!("Bearer {token}"))
        .header("content-length", (65 * 1024 * 1024).to_string())
        .body(Body::from("x"))
        .unwrap();
    assert_eq!(
        app.send(declared_too_large).await.status,
        StatusCode::PAYLOAD_TOO_LARGE
    );

    for (body, status) in [
        (json!({ "albumId": 999_999 }), StatusCode::BAD_REQUEST),
        (json!({ "albumId": "seven" }), StatusCode::BAD_REQUEST),
    ] {
        let answer = app
            .call(
                Method::PUT,
                &format!("/api/import/ratings/{id}/rows/0"),
                Some(&token),
                Some(body),
            )
            .await;
        assert_eq!(answer.status, status, "{}", answer.text());
        assert!(answer.json()["message"].is_string());
    }
    let no_row = app
        .call(
            Method::PUT,
            &format!("/api/import/ratings/{id}/rows/7"),
            Some(&token),
            Some(json!({ "albumId": null })),
        )
        .await;
    assert_eq!(no_row.status, StatusCode::NOT_FOUND);
    let bad_status = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{id}/rows?status=maybe"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(bad_status.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn parallel_confirmations_write_once() {
    let (app, token, me) = demo_site("vinyl_newcomer");
    let job = prepared(&app, &token, "rym.csv").await;
    let id = job["importId"].as_str().unwrap().to_owned();
    let attempts: Vec<_> = (0..6)
        .map(|_| {
            let (router, token, id) = (app.router(), token.clone(), id.clone());
            tokio::spawn(async move {
                common::send(
                    router,
                    common::json_call(
                        Method::POST,
                        &format!("/api/import/ratings/{id}/confirm"),
                        Some(&token),
                        Some(json!({ "fileWins": true })),
                    ),
                )
                .await
                .status
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for attempt in attempts {
        statuses.push(attempt.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT)
    );
    assert_eq!(ratings_of(&app, me).len(), 8);
    counters_are_exact(&app);
}

#[tokio::test]
async fn a_member_moves_to_a_fresh_site_with_either_export() {
    let (old_site, token, old_me) = demo_site("vinyl_newcomer");
    let job = prepared(&old_site, &token, "rym.csv").await;
    let id = job["importId"].as_str().unwrap();
    old_site
        .call(
            Method::POST,
            &format!("/api/import/ratings/{id}/accept-best"),
            Some(&token),
            None,
        )
        .await;
    confirm(&old_site, &token, id, false).await;
    let job = prepared(&old_site, &token, "halfstar.json").await;
    confirm(&old_site, &token, job["importId"].as_str().unwrap(), false).await;
    let theirs = ratings_of(&old_site, old_me);
    assert!(theirs.contains(&("Radiohead".to_owned(), "The Bends".to_owned(), Some(8.5))));
    assert_eq!(theirs.len(), 13, "{theirs:?}");

    let json_export = old_site
        .call(Method::GET, "/api/user/me/export", Some(&token), None)
        .await
        .body;
    let csv_export = old_site
        .call(
            Method::GET,
            "/api/user/me/export/ratings.csv",
            Some(&token),
            None,
        )
        .await;
    assert!(
        csv_export
            .header("content-disposition")
            .contains("halfstar-vinyl_newcomer-ratings.csv")
    );

    for (name, bytes) in [
        ("export.json", json_export),
        ("ratings.csv", csv_export.body),
    ] {
        let (new_site, token, me) = demo_site("vinyl_newcomer");
        let started = upload(&new_site, &token, bytes, &format!("fileName={name}")).await;
        assert_eq!(
            started.status,
            StatusCode::ACCEPTED,
            "{name}: {}",
            started.text()
        );
        let job = settled(
            &new_site,
            &token,
            started.json()["importId"].as_str().unwrap(),
        )
        .await;
        assert_eq!(job["counts"]["uncertain"], 0, "{name}");
        assert_eq!(job["counts"]["missing"], 0, "{name}");
        confirm(&new_site, &token, job["importId"].as_str().unwrap(), false).await;
        assert_eq!(ratings_of(&new_site, me), theirs, "{name}");
        let wished = |site: &TestApp, user: i64| {
            site.rows(&format!("wishlist_items WHERE user_id = {user}"))
        };
        assert_eq!(wished(&new_site, me), wished(&old_site, old_me), "{name}");
        assert_eq!(wished(&new_site, me), 2, "{name}");
        assert_eq!(
            new_site.rows(
                "reviews WHERE user_id IN (SELECT id FROM users WHERE username = 'vinyl_newcomer')"
            ),
            2,
            "{name}"
        );
    }
}

#[test]
fn the_cli_imports_for_a_member_and_lists_what_it_left_out() {
    let (app, _, me) = demo_site("vinyl_newcomer");
    let file = format!("{FIXTURES}/rym.csv");
    let dry = common::server::halfstar(
        app.dir.path(),
        &["import-user", "vinyl_newcomer", &file, "--dry-run"],
    );
    let said = String::from_utf8_lossy(&dry.stdout).into_owned();
    assert!(
        dry.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&dry.stderr)
    );
    assert!(
        said.contains("12 albums in the file: 9 matched, 2 uncertain, 1 not in the catalogue"),
        "{said}"
    );
    assert!(
        said.contains("line 9: Cocteau Twins – Heaven or Las Vegas"),
        "{said}"
    );
    assert!(
        said.contains("line 11: Radiohead – In Rainbow?  Radiohead – In Rainbows (2007, 99%)"),
        "{said}"
    );
    assert!(said.contains("Dry run, nothing written"), "{said}");
    assert_eq!(ratings_of(&app, me), []);

    let run = common::server::halfstar(
        app.dir.path(),
        &["import-user", "vinyl_newcomer", &file, "--accept-best"],
    );
    let said = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("9 ratings added"), "{said}");
    assert!(
        said.contains("Uncertain (the first candidate taken"),
        "{said}"
    );
    assert_eq!(ratings_of(&app, me).len(), 10);
    counters_are_exact(&app);

    let again = common::server::halfstar(
        app.dir.path(),
        &["import-user", "vinyl_newcomer", &file, "--accept-best"],
    );
    assert!(
        String::from_utf8_lossy(&again.stdout)
            .contains("0 ratings added, 0 changed, 0 of theirs kept, 9 the same")
    );
    let nobody = common::server::halfstar(app.dir.path(), &["import-user", "nobody", &file]);
    assert!(!nobody.status.success());
    assert!(String::from_utf8_lossy(&nobody.stderr).contains("no member called nobody"));
}

/// Cells a spreadsheet would read as formulas, in both of the site's CSV
/// files, come out after a quote (shown as text); halfstar's importer reads
/// its own export back as it was.
#[tokio::test]
async fn exports_keep_spreadsheet_formulas_out_and_read_back_as_they_were() {
    const EVIL: &str = "=HYPERLINK(\"http://evil.example/\",\"Click\")";
    let app = TestApp::new();
    let (token, me) = app.member("vinylvera");
    // Straight to the database, as any editor or an older import could have left them.
    let (_, mut ids) = app.artist_with_albums(
        EVIL,
        &[
            ("+1", "2001-01-01"),
            ("-2", "2002-01-01"),
            ("@SUM(1)", "2003-01-01"),
            ("\tTab", "2004-01-01"),
            ("\rReturn", "2005-01-01"),
        ],
        &[],
    );
    ids.extend(
        app.artist_with_albums("-ness", &[("Plain", "2006-01-01")], &[])
            .1,
    );
    for &id in &ids {
        rate(&app, &token, id, 7.5).await;
    }
    let review = "=1+1 is the best song.\nOr -2.";
    let reviewed = app
        .call(
            Method::POST,
            "/api/review",
            Some(&token),
            Some(json!({ "reviewText": review, "albumName": "+1", "artistName": EVIL })),
        )
        .await;
    assert_eq!(reviewed.status, StatusCode::CREATED, "{}", reviewed.text());

    let export = app
        .call(
            Method::GET,
            "/api/user/me/export/ratings.csv",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let cells = csv_cells(&export.body);
    assert_no_formula(&cells);
    let quoted_evil = format!("'{}", html_escape::encode_text(EVIL));
    for expected in [
        quoted_evil.as_str(),
        "'+1",
        "'-2",
        "'@SUM(1)",
        "'\tTab",
        "'\rReturn",
        "'-ness",
        "'=1+1 is the best song.<br>Or -2.",
    ] {
        assert!(
            cells.iter().flatten().any(|cell| cell == expected),
            "{expected:?} in {cells:?}"
        );
    }

    // Read back by another member of the site: the same albums, the same review.
    let (other, other_id) = app.member("mira99");
    let started = upload(&app, &other, export.body, "fileName=ratings.csv").await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    let id = started.json()["importId"].as_str().unwrap().to_owned();
    let job = settled(&app, &other, &id).await;
    assert_eq!(job["counts"]["matched"], ids.len(), "{job}");
    let read: Vec<(String, String)> = rows(&app, &other, &id, "matched")
        .await
        .iter()
        .map(|row| {
            (
                row["artist"].as_str().unwrap().to_owned(),
                row["title"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for name in [EVIL, "-ness"] {
        assert!(read.iter().any(|(artist, _)| artist == name), "{read:?}");
    }
    for title in ["+1", "-2", "@SUM(1)", "Tab", "Return", "Plain"] {
        assert!(read.iter().any(|(_, t)| t == title), "{title}: {read:?}");
    }
    let confirmed = confirm(&app, &other, &id, false).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text());
    assert_eq!(ratings_of(&app, other_id), ratings_of(&app, me));
    let review_read: String = app
        .conn()
        .query_row(
            "SELECT review_text FROM reviews WHERE user_id = ?1",
            [other_id],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(review_read, review);

    // A file naming albums the catalogue lacks: its missing-albums CSV.
    let file = format!(
        "RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n\
         \"1\",\"\",\"{}\",\"\",\"\",\"@Home Tapes\",\"2007\",\"8\",\"o\",\"\",\"\",\"\"\n\
         \"2\",\"\",\"+44\",\"\",\"\",\"-Minus\",\"2008\",\"6\",\"o\",\"\",\"\",\"\"\n",
        EVIL.replace('"', "\"\"")
    );
    let (third, _) = app.member("crate_digger");
    let started = upload(&app, &third, file.into_bytes(), "fileName=mine.csv").await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    let id = started.json()["importId"].as_str().unwrap().to_owned();
    let job = settled(&app, &third, &id).await;
    assert_eq!(job["counts"]["missing"], 2, "{job}");
    let missing = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{id}/missing.csv"),
            Some(&third),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::OK);
    let cells = csv_cells(&missing.body);
    assert_no_formula(&cells);
    assert_eq!(cells[0], ["Artist", "Title", "Year", "Rating", "Line"]);
    assert_eq!(
        cells[1][..2],
        [format!("'{EVIL}"), "'@Home Tapes".to_owned()]
    );
    assert_eq!(cells[2][..2], ["'+44", "'-Minus"]);
}

/// Every cell of a CSV file, untrimmed.
fn csv_cells(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes)
        .records()
        .map(|record| record.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

fn assert_no_formula(cells: &[Vec<String>]) {
    for cell in cells.iter().flatten() {
        assert!(
            !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
            "a formula cell: {cell:?}"
        );
    }
}

/// A request body the test hands over piece by piece, as a slow client
/// sends it; `taken` counts the bytes the server has read of it.
struct Fed {
    pieces: mpsc::UnboundedReceiver<Bytes>,
    taken: Arc<AtomicUsize>,
}

impl http_body::Body for Fed {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        let piece = std::task::ready!(self.pieces.poll_recv(cx));
        Poll::Ready(piece.map(|bytes| {
            self.taken.fetch_add(bytes.len(), Ordering::SeqCst);
            Ok(http_body::Frame::data(bytes))
        }))
    }
}

/// An upload whose body the test feeds through the sender (closing it ends
/// the file); no length is declared, so only reading it can find its size.
fn fed_upload(
    token: &str,
) -> (
    Request<Body>,
    mpsc::UnboundedSender<Bytes>,
    Arc<AtomicUsize>,
) {
    let (feed, pieces) = mpsc::unbounded_channel();
    let taken = Arc::new(AtomicUsize::new(0));
    let request = Request::builder()
        .method(Method::POST)
        .uri("/api/import/ratings?fileName=rym.csv")
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/octet-stream")
        .body(Body::new(Fed {
            pieces,
            taken: taken.clone(),
        }))
        .expect("request");
    (request, feed, taken)
}

fn with_import_limits(app: &mut TestApp, limits: ImportLimits) {
    app.state.rating_imports = Arc::new(Jobs::new(limits, app.dir.path().to_owned()));
}

/// The member's uploads sent at once: one is received, the others are
/// refused before a byte of them is read, and only the accepted file is
/// charged to the member's allowance of uploads.
#[tokio::test]
async fn a_members_uploads_at_once_are_refused_unread_and_only_accepted_files_are_charged() {
    const AT_ONCE: usize = 8;
    let (mut app, token, _) = demo_site("eager_uploader");
    app.state.limits = Arc::new(Limits::new(&WriteLimits {
        file_imports_per_hour: NonZeroU32::new(2).unwrap(),
        ..WriteLimits::DEFAULT
    }));
    let file = Bytes::from(fixture("rym.csv"));
    let (answers, mut answered) = mpsc::unbounded_channel();
    let mut feeds = Vec::new();
    let mut taken = Vec::new();
    for at in 0..AT_ONCE {
        let (request, feed, read) = fed_upload(&token);
        // The start of the file is on its way; the rest waits.
        feed.send(file.slice(..64)).unwrap();
        feeds.push(feed);
        taken.push(read);
        let (router, answers) = (app.router(), answers.clone());
        tokio::spawn(async move {
            answers.send((at, common::send(router, request).await)).ok();
        });
    }
    let mut refused = Vec::new();
    for _ in 1..AT_ONCE {
        let (at, answer) = tokio::time::timeout(Duration::from_secs(10), answered.recv())
            .await
            .expect("refused without waiting for the file")
            .unwrap();
        assert_eq!(answer.status, StatusCode::CONFLICT, "{}", answer.text());
        assert_eq!(
            answer.json()["message"],
            "Your previous file is still being uploaded; wait for it to finish, then upload again."
        );
        refused.push(at);
    }
    assert!(
        answered.try_recv().is_err(),
        "one upload waits for its file"
    );
    for at in &refused {
        assert_eq!(taken[*at].load(Ordering::SeqCst), 0, "upload {at} was read");
    }
    let receiving = (0..AT_ONCE).find(|at| !refused.contains(at)).unwrap();
    feeds[receiving].send(file.slice(64..)).unwrap();
    feeds.clear();
    let (at, accepted) = answered.recv().await.unwrap();
    assert_eq!(at, receiving);
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.text());
    assert_eq!(taken[receiving].load(Ordering::SeqCst), file.len());
    settled(&app, &token, accepted.json()["importId"].as_str().unwrap()).await;

    // Files refused for what they are are not charged either.
    let empty = upload(&app, &token, Vec::new(), "").await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let unknown = upload(&app, &token, b"when,what\nmonday,coffee\n".to_vec(), "").await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);

    // The allowance of two was charged once: one more file, then no more.
    let second = upload(&app, &token, fixture("rym.csv"), "").await;
    assert_eq!(second.status, StatusCode::ACCEPTED, "{}", second.text());
    settled(&app, &token, second.json()["importId"].as_str().unwrap()).await;
    let third = upload(&app, &token, fixture("rym.csv"), "").await;
    assert_eq!(
        third.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        third.text()
    );
}

#[tokio::test]
async fn a_file_is_refused_as_soon_as_it_passes_the_limit_and_nothing_of_it_is_kept() {
    let (mut app, token, _) = demo_site("oversharer");
    let spool = tempfile::tempdir().unwrap();
    app.state.rating_imports = Arc::new(Jobs::new(ImportLimits::DEFAULT, spool.path().to_owned()));
    let (request, feed, taken) = fed_upload(&token);
    let megabyte = Bytes::from(vec![b' '; 1024 * 1024]);
    feed.send(Bytes::from(fixture("rym.csv"))).unwrap();
    for _ in 0..64 {
        feed.send(megabyte.clone()).unwrap();
    }
    // The sender stays open: the answer cannot wait for the end of the file.
    let answer = tokio::time::timeout(Duration::from_secs(60), app.send(request))
        .await
        .expect("answered before the file ends");
    assert_eq!(
        answer.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        answer.text()
    );
    assert!(answer.json()["message"].as_str().unwrap().contains("64 MB"));
    assert!(taken.load(Ordering::SeqCst) <= 65 * 1024 * 1024);
    drop(feed);
    assert_eq!(
        std::fs::read_dir(spool.path()).unwrap().count(),
        0,
        "no part of the file is left on disk"
    );
    let again = upload(&app, &token, fixture("rym.csv"), "").await;
    assert_eq!(
        again.status,
        StatusCode::ACCEPTED,
        "the member may send another file"
    );
}

/// With one place on the site: a written or discarded import gives it back
/// at once, and a member's new file replaces their own import.
#[tokio::test]
async fn written_and_discarded_imports_give_their_place_back_at_once() {
    let (mut app, first, _) = demo_site("first_importer");
    with_import_limits(
        &mut app,
        ImportLimits {
            places: 1,
            ..ImportLimits::DEFAULT
        },
    );
    let (second, _) = app.member("second_importer");
    let job = prepared(&app, &first, "rym.csv").await;
    let id = job["importId"].as_str().unwrap();
    let full = upload(&app, &second, fixture("rym.csv"), "").await;
    assert_eq!(
        full.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        full.text()
    );
    assert_eq!(full.header("retry-after"), "120");

    // The first member's new file replaces their import; it needs no second place.
    let replacing = prepared(&app, &first, "discogs-wantlist.csv").await;
    let replacing = replacing["importId"].as_str().unwrap();
    let replaced = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{id}"),
            Some(&first),
            None,
        )
        .await;
    assert_eq!(replaced.status, StatusCode::NOT_FOUND);

    let written = confirm(&app, &first, replacing, false).await;
    assert_eq!(written.status, StatusCode::OK, "{}", written.text());
    let shown = app
        .call(
            Method::GET,
            &format!("/api/import/ratings/{replacing}"),
            Some(&first),
            None,
        )
        .await;
    assert_eq!(
        shown.json()["status"],
        "done",
        "the page still shows what it did"
    );
    assert_eq!(shown.json()["counts"], written.json()["counts"]);

    let job = prepared(&app, &second, "rym.csv").await;
    let id = job["importId"].as_str().unwrap();
    let discarded = app
        .call(
            Method::DELETE,
            &format!("/api/import/ratings/{id}"),
            Some(&second),
            None,
        )
        .await;
    assert_eq!(discarded.status, StatusCode::NO_CONTENT);
    let after_discard = upload(&app, &first, fixture("rym.csv"), "").await;
    assert_eq!(
        after_discard.status,
        StatusCode::ACCEPTED,
        "{}",
        after_discard.text()
    );
}

#[tokio::test]
async fn an_import_left_idle_gives_its_place_back_and_one_looked_at_keeps_it() {
    let idle = Duration::from_millis(600);
    let (mut app, first, _) = demo_site("idle_importer");
    with_import_limits(&mut app, ImportLimits { idle, places: 1 });
    let (second, _) = app.member("waiting_importer");
    let job = prepared(&app, &first, "rym.csv").await;
    let id = job["importId"].as_str().unwrap();
    let path = format!("/api/import/ratings/{id}");
    for _ in 0..8 {
        tokio::time::sleep(idle / 4).await;
        let looked_at = app.call(Method::GET, &path, Some(&first), None).await;
        assert_eq!(looked_at.status, StatusCode::OK, "looked at: kept");
    }
    let full = upload(&app, &second, fixture("rym.csv"), "").await;
    assert_eq!(full.status, StatusCode::SERVICE_UNAVAILABLE);

    tokio::time::sleep(idle * 2).await;
    let freed = upload(&app, &second, fixture("rym.csv"), "").await;
    assert_eq!(freed.status, StatusCode::ACCEPTED, "{}", freed.text());
    let forgotten = app.call(Method::GET, &path, Some(&first), None).await;
    assert_eq!(forgotten.status, StatusCode::NOT_FOUND);
    assert!(
        forgotten.json()["message"]
            .as_str()
            .unwrap()
            .contains("forgotten after 1 second unused"),
        "{}",
        forgotten.text()
    );
}

/// Forty accounts holding a one-row import each leave room for everyone else.
#[tokio::test]
async fn a_crowd_of_small_imports_does_not_fill_the_site() {
    let (app, token, _) = demo_site("late_importer");
    let one_row: Vec<u8> = fixture("rym.csv")
        .split_inclusive(|byte| *byte == b'\n')
        .take(2)
        .flatten()
        .copied()
        .collect();
    for n in 0..40 {
        let (holder, _) = app.member(&format!("holder_{n}"));
        let held = upload(&app, &holder, one_row.clone(), "").await;
        assert_eq!(held.status, StatusCode::ACCEPTED, "{}", held.text());
        settled(&app, &holder, held.json()["importId"].as_str().unwrap()).await;
    }
    let mine = upload(&app, &token, fixture("rym.csv"), "").await;
    assert_eq!(mine.status, StatusCode::ACCEPTED, "{}", mine.text());
}

/// Imported reviews keep the day their file gives (the import's, when it
/// gives none), are marked as imported, and stay off the home page's panels
/// and the feed, so one member's import does not fill them.
#[tokio::test]
async fn imported_reviews_keep_their_age_and_stay_off_the_home_page() {
    let (app, token, me) = demo_site("vinyl_newcomer");
    let (follower, _) = app.sign_up("reads_the_feed").await;
    app.call(
        Method::POST,
        "/api/user/username/vinyl_newcomer/follow",
        Some(&follower),
        None,
    )
    .await;
    for file in ["halfstar.json", "rym.csv"] {
        let job = prepared(&app, &token, file).await;
        let id = job["importId"].as_str().unwrap();
        app.call(
            Method::POST,
            &format!("/api/import/ratings/{id}/accept-best"),
            Some(&token),
            None,
        )
        .await;
        confirm(&app, &token, id, false).await;
    }
    let written: Vec<(String, String, bool)> = app
        .conn()
        .prepare(
            "SELECT a.title, rv.created_at, rv.imported FROM reviews rv
             JOIN albums a ON a.id = rv.album_id WHERE rv.user_id = ?1 ORDER BY a.title",
        )
        .unwrap()
        .query_map([me], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(written.len(), 2, "{written:?}");
    assert!(
        written.iter().all(|(_, _, imported)| *imported),
        "{written:?}"
    );
    let aerial = written
        .iter()
        .find(|(title, ..)| title == "Aerial")
        .unwrap();
    assert_eq!(
        aerial.1, "2025-03-02T10:00:00.000Z",
        "the file's date is kept"
    );
    let undated = written
        .iter()
        .find(|(title, ..)| title != "Aerial")
        .unwrap();
    assert!(
        undated.1.as_str() > "2026",
        "a review without a date is the import's: {undated:?}"
    );

    let by_me = |answer: &Value| {
        answer
            .as_array()
            .unwrap()
            .iter()
            .filter(|review| review["user"]["username"] == "vinyl_newcomer")
            .count()
    };
    let recent = app.get("/api/review/recent?limit=50").await.json();
    assert_eq!(by_me(&recent), 0, "{recent}");
    let featured = app.get("/api/review/featured").await.json();
    assert_eq!(by_me(&featured), 0, "{featured}");
    let feed = app
        .call(Method::GET, "/api/feed", Some(&follower), None)
        .await
        .json();
    assert!(
        !feed.to_string().contains("\"kind\":\"review\""),
        "the feed leaves imported reviews out: {feed}"
    );
    let mine = app.get("/api/review/user/vinyl_newcomer").await.json();
    assert_eq!(by_me(&mine), 2, "their profile shows them: {mine}");
    assert!(
        mine.as_array()
            .unwrap()
            .iter()
            .all(|review| review["imported"] == true)
    );
}

/// What a member thinks of albums beyond ratings, on a site: (album, genre,
/// primary) votes, (album, descriptor) words, and dismissed albums.
type Opinions = (
    Vec<(String, String, bool)>,
    Vec<(String, String)>,
    Vec<String>,
);

fn opinions_of(site: &TestApp, user_id: i64) -> Opinions {
    let conn = site.conn();
    let rows = |sql: &str| -> Vec<(String, String, bool)> {
        conn.prepare(sql)
            .unwrap()
            .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    };
    let votes = rows(
        "SELECT a.title, g.name, v.is_primary FROM genre_votes v JOIN albums a ON a.id = v.album_id
         JOIN genres g ON g.id = v.genre_id WHERE v.user_id = ?1 ORDER BY a.title, g.name",
    );
    let words = rows(
        "SELECT a.title, d.descriptor, 0 FROM descriptor_votes d JOIN albums a ON a.id = d.album_id
         WHERE d.user_id = ?1 ORDER BY a.title, d.descriptor",
    );
    let dismissed = rows(
        "SELECT a.title, '', 0 FROM recommendation_dismissals d JOIN albums a ON a.id = d.album_id
         WHERE d.user_id = ?1 ORDER BY a.title",
    );
    (
        votes,
        words.into_iter().map(|(a, d, _)| (a, d)).collect(),
        dismissed.into_iter().map(|(a, _, _)| a).collect(),
    )
}

#[tokio::test]
async fn genre_votes_descriptors_and_dismissals_move_with_halfstars_export_once() {
    let (old_site, token, old_me) = demo_site("opinionated");
    let kid_a = album_id(&old_site, "Radiohead", "Kid A");
    let radiohead: i64 = old_site
        .conn()
        .query_row(
            "SELECT artist_id FROM albums WHERE id = ?1",
            [kid_a],
            |row| row.get(0),
        )
        .unwrap();
    let homogenic = album_id(&old_site, "Björk", "Homogenic");
    let call = |method: Method, path: String, body: Value| {
        let (site, token) = (&old_site, token.clone());
        async move {
            let answer = site.call(method, &path, Some(&token), Some(body)).await;
            assert!(answer.status.is_success(), "{path}: {}", answer.text());
        }
    };
    call(
        Method::POST,
        "/api/rating".into(),
        json!({ "albumId": kid_a, "artistId": radiohead, "number": 9 }),
    )
    .await;
    call(
        Method::PUT,
        format!("/api/album/{kid_a}/genre-votes"),
        json!({ "votes": [{ "genre": "Electronic", "primary": true }, { "genre": "Rock", "primary": false }] }),
    )
    .await;
    call(
        Method::PUT,
        format!("/api/album/{kid_a}/descriptors"),
        json!({ "descriptors": ["anxious", "bittersweet"] }),
    )
    .await;
    call(
        Method::PUT,
        format!("/api/recommendations/dismissed/{homogenic}"),
        json!({}),
    )
    .await;
    let theirs = opinions_of(&old_site, old_me);
    assert_eq!(theirs.0.len(), 2, "{theirs:?}");
    let mut export: Value = old_site
        .call(Method::GET, "/api/user/me/export", Some(&token), None)
        .await
        .json();
    export["descriptors"].as_array_mut().unwrap().push(
        json!({"artist": "Radiohead", "album": "Kid A", "albumId": 1, "descriptor": "not-a-word", "appliedAt": "2026-01-01T00:00:00.000Z"}),
    );
    let bytes = serde_json::to_vec(&export).unwrap();

    let (new_site, token, me) = demo_site("opinionated");
    let started = upload(&new_site, &token, bytes.clone(), "fileName=export.json").await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    let id = started.json()["importId"].as_str().unwrap().to_owned();
    let preview = settled(&new_site, &token, &id).await;
    let opinions_of_effects = |job: &Value| {
        let effects = &job["effects"];
        (
            effects["genreVotes"].clone(),
            effects["descriptors"].clone(),
            effects["dismissals"].clone(),
        )
    };
    // The preview says what confirming will do, as the result says what it did.
    assert_eq!(
        opinions_of_effects(&preview),
        (json!(1), json!(1), json!(1)),
        "{preview}"
    );
    let skipped = rows(&new_site, &token, &id, "skipped").await;
    assert!(
        skipped[0]
            .to_string()
            .contains("descriptor 3: not a word of this site's vocabulary"),
        "{skipped:?}"
    );
    confirm(&new_site, &token, &id, false).await;
    let written = settled(&new_site, &token, &id).await;
    let result = &written["result"];
    assert_eq!(
        (
            &result["genreVotesAdded"],
            &result["descriptorsAdded"],
            &result["dismissalsAdded"]
        ),
        (&json!(1), &json!(1), &json!(1)),
        "{written}"
    );
    assert_eq!(opinions_of(&new_site, me), theirs);

    // Again: nothing twice, and the preview says so.
    let (preview, again) = imported(&new_site, &token, &bytes, false).await;
    assert_eq!(
        opinions_of_effects(&preview),
        (json!(0), json!(0), json!(0)),
        "{preview}"
    );
    let result = &again["result"];
    assert_eq!(
        (
            &result["genreVotesAdded"],
            &result["descriptorsAdded"],
            &result["dismissalsAdded"]
        ),
        (&json!(0), &json!(0), &json!(0)),
        "{again}"
    );
    assert_eq!(opinions_of(&new_site, me), theirs);
}
