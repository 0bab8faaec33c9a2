//! The listening diary: logging, changing and removing listens, the diary
//! page by month, "listened N times" on an album, the feed's grouped
//! listens, the export, bad input, and diary entries made from a player's
//! plays of most of an album in one sitting (never one a track).

use crate::common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{TestApp, TestResponse};
use serde_json::{Value, json};

struct Site {
    app: TestApp,
    ok_computer: i64,
    kid_a: i64,
}

fn site() -> Site {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums(
        "Radiohead",
        &[("OK Computer", "1997-05-21"), ("Kid A", "2000-10-02")],
        &[],
    );
    Site {
        app,
        ok_computer: ids[0],
        kid_a: ids[1],
    }
}

async fn log(s: &Site, session: &str, body: Value) -> TestResponse {
    s.app
        .call(Method::POST, "/api/diary", Some(session), Some(body))
        .await
}

async fn diary(s: &Site, username: &str, query: &str) -> Value {
    let answer = s
        .app
        .call(
            Method::GET,
            &format!("/api/user/username/{username}/diary{query}"),
            None,
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()
}

async fn my_listens(s: &Site, session: &str, album: i64) -> Value {
    let answer = s
        .app
        .call(
            Method::GET,
            &format!("/api/album/{album}/my-listens"),
            Some(session),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()
}

fn days(diary: &Value) -> Vec<(String, String)> {
    diary["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["listenedOn"].as_str().unwrap().to_owned(),
                entry["album"]["title"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn listens_are_logged_by_day_and_shown_by_month_and_on_the_album() {
    let s = site();
    let (mira, _) = s.app.member("mira");
    for (album, day) in [
        (s.ok_computer, "2026-03-12"),
        (s.kid_a, "2026-03-02"),
        (s.ok_computer, "2026-01-20"),
    ] {
        let logged = log(&s, &mira, json!({"albumId": album, "listenedOn": day})).await;
        assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text());
        assert_eq!(logged.json()["source"], "member");
    }
    let relisten = log(
        &s,
        &mira,
        json!({"albumId": s.ok_computer, "listenedOn": "2026-03-14", "rating": 9.5,
               "note": "  Still the best.  ", "relisten": true}),
    )
    .await;
    assert_eq!(relisten.status, StatusCode::CREATED, "{}", relisten.text());
    let entry = relisten.json();
    assert_eq!(entry["note"], "Still the best.");
    assert_eq!(entry["relisten"], true);
    assert_eq!(entry["rating"], 9.5);

    let page = diary(&s, "mira", "").await;
    assert_eq!(
        days(&page),
        [
            ("2026-03-14".to_owned(), "OK Computer".to_owned()),
            ("2026-03-12".to_owned(), "OK Computer".to_owned()),
            ("2026-03-02".to_owned(), "Kid A".to_owned()),
            ("2026-01-20".to_owned(), "OK Computer".to_owned()),
        ]
    );
    assert_eq!(
        page["months"],
        json!([{"month": "2026-03", "listens": 3}, {"month": "2026-01", "listens": 1}])
    );
    assert_eq!(page["next"], Value::Null);

    // Two at a time: the pages join up, and the months come once.
    let first = diary(&s, "mira", "?limit=2").await;
    let next = first["next"].as_str().unwrap();
    let second = diary(&s, "mira", &format!("?limit=2&before={next}")).await;
    let mut both = days(&first);
    both.extend(days(&second));
    assert_eq!(both, days(&page));
    assert_eq!(second["months"], json!([]));

    let mine = my_listens(&s, &mira, s.ok_computer).await;
    assert_eq!(mine["count"], 3);
    assert_eq!(mine["entries"][0]["listenedOn"], "2026-03-14");

    // A rating given with a listen becomes the member's rating of the album.
    let rating = s
        .app
        .call(Method::GET, "/api/rating/user/name/mira", Some(&mira), None)
        .await
        .json();
    let rated: Vec<f64> = rating
        .as_array()
        .or_else(|| rating["ratings"].as_array())
        .unwrap()
        .iter()
        .filter(|r| r["albumId"] == s.ok_computer)
        .map(|r| r["number"].as_f64().unwrap())
        .collect();
    assert_eq!(rated, [9.5]);

    // The same rating again is no new rating: followers are not told twice.
    let rated_at = || -> String {
        s.app
            .conn()
            .query_row(
                "SELECT updated_at FROM ratings WHERE album_id = ?1",
                [s.ok_computer],
                |row| row.get(0),
            )
            .unwrap()
    };
    let before = rated_at();
    let again = log(
        &s,
        &mira,
        json!({"albumId": s.ok_computer, "listenedOn": "2026-03-20", "rating": 9.5}),
    )
    .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(rated_at(), before);
}

#[tokio::test]
async fn a_member_changes_and_removes_only_their_own_entries() {
    let s = site();
    let (mira, _) = s.app.member("mira");
    let (theo, _) = s.app.member("theo");
    let entry = log(
        &s,
        &mira,
        json!({"albumId": s.kid_a, "listenedOn": "2026-03-02"}),
    )
    .await
    .json();
    let path = format!("/api/diary/{}", entry["entryId"]);
    let change = json!({"listenedOn": "2026-03-03", "rating": 8, "note": "Better on vinyl", "relisten": true});

    let by_theo = s
        .app
        .call(Method::PATCH, &path, Some(&theo), Some(change.clone()))
        .await;
    assert_eq!(by_theo.status, StatusCode::NOT_FOUND);
    assert_eq!(
        s.app
            .call(Method::DELETE, &path, Some(&theo), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let changed = s
        .app
        .call(Method::PATCH, &path, Some(&mira), Some(change))
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text());
    assert_eq!(changed.json()["listenedOn"], "2026-03-03");
    assert_eq!(changed.json()["note"], "Better on vinyl");
    assert_eq!(
        s.app.rows("ratings"),
        0,
        "changing an old entry leaves the album rating alone"
    );

    let removed = s.app.call(Method::DELETE, &path, Some(&mira), None).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    assert_eq!(s.app.rows("diary_entries"), 0);
    assert_eq!(
        s.app
            .call(Method::DELETE, &path, Some(&mira), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn bad_entries_are_refused_with_the_field_named_and_nothing_written() {
    let s = site();
    let (mira, _) = s.app.member("mira");
    let album = s.ok_computer;
    for (body, problem) in [
        (
            json!({"albumId": album, "listenedOn": "2026-02-30"}),
            "listenedOn",
        ),
        (
            json!({"albumId": album, "listenedOn": "2999-01-01"}),
            "future",
        ),
        (
            json!({"albumId": album, "listenedOn": "1899-12-31"}),
            "1900",
        ),
        (json!({"albumId": album, "rating": 7.3}), "rating"),
        (json!({"albumId": album, "rating": 11}), "rating"),
        (json!({"albumId": album, "note": "a".repeat(501)}), "note"),
        (json!({"albumId": album, "note": "bell\u{7}"}), "note"),
        (json!({"albumId": "OK Computer"}), "albumId"),
        (json!({}), "albumId"),
    ] {
        let refused = log(&s, &mira, body.clone()).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{body}");
        let message = refused.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains(problem), "{body}: {message}");
    }
    let logged = log(
        &s,
        &mira,
        json!({"albumId": album, "listenedOn": "2026-03-01"}),
    )
    .await;
    let path = format!("/api/diary/{}", logged.json()["entryId"]);
    let undated = s
        .app
        .call(
            Method::PATCH,
            &path,
            Some(&mira),
            Some(json!({"note": "Kept its day?"})),
        )
        .await;
    assert_eq!(undated.status, StatusCode::BAD_REQUEST);
    assert!(undated.text().contains("listenedOn is required"));
    s.app.call(Method::DELETE, &path, Some(&mira), None).await;
    let unknown = log(&s, &mira, json!({"albumId": 999_999})).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(s.app.rows("diary_entries"), 0);
    assert_eq!(s.app.rows("ratings"), 0);

    // Without a day, the listen is today's (UTC).
    let today = log(&s, &mira, json!({"albumId": album})).await.json();
    let now = time::OffsetDateTime::now_utc().date();
    assert_eq!(
        today["listenedOn"],
        format!(
            "{:04}-{:02}-{:02}",
            now.year(),
            now.month() as u8,
            now.day()
        )
    );
    let bad_cursor = s
        .app
        .call(
            Method::GET,
            "/api/user/username/mira/diary?before=yesterday",
            None,
            None,
        )
        .await;
    assert_eq!(bad_cursor.status, StatusCode::BAD_REQUEST);
    let nobody = s
        .app
        .call(Method::GET, "/api/user/username/nobody/diary", None, None)
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn followers_see_listens_grouped_in_their_feed_and_the_export_has_them() {
    let s = site();
    let (mira, _) = s.app.member("mira");
    let (theo, _) = s.app.member("theo");
    let followed = s
        .app
        .call(
            Method::POST,
            "/api/user/username/mira/follow",
            Some(&theo),
            None,
        )
        .await;
    assert!(followed.status.is_success(), "{}", followed.text());
    log(
        &s,
        &mira,
        json!({"albumId": s.kid_a, "listenedOn": "2026-03-02"}),
    )
    .await;
    log(
        &s,
        &mira,
        json!({"albumId": s.ok_computer, "listenedOn": "2026-03-03", "rating": 9, "relisten": true}),
    )
    .await;
    let feed = s
        .app
        .call(Method::GET, "/api/feed", Some(&theo), None)
        .await
        .json();
    let items = feed["items"].as_array().unwrap();
    let listens: Vec<&Value> = items.iter().filter(|i| i["kind"] == "listen").collect();
    assert_eq!(listens.len(), 1, "{feed}");
    assert_eq!(listens[0]["count"], 2);
    assert_eq!(listens[0]["link"], "/user/mira/diary");
    assert_eq!(listens[0]["albums"][0]["title"], "OK Computer");
    assert_eq!(listens[0]["albums"][0]["relisten"], true);
    assert_eq!(listens[0]["albums"][0]["listenedOn"], "2026-03-03");
    assert_eq!(listens[0]["albums"][0]["rating"], 9.0);

    // A member who keeps ratings out of feeds shows listens without them.
    s.app
        .conn()
        .execute("UPDATE users SET ratings_in_feeds = 0", [])
        .unwrap();
    let quiet = s
        .app
        .call(Method::GET, "/api/feed", Some(&theo), None)
        .await
        .json();
    let listen = quiet["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == "listen")
        .unwrap()
        .clone();
    assert_eq!(listen["albums"][0]["rating"], Value::Null);

    let export = s
        .app
        .call(Method::GET, "/api/user/me/export", Some(&mira), None)
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.text());
    let entries: Vec<(String, String)> = export.json()["diary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["listenedOn"].as_str().unwrap().to_owned(),
                e["album"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            ("2026-03-02".to_owned(), "Kid A".to_owned()),
            ("2026-03-03".to_owned(), "OK Computer".to_owned())
        ]
    );
}

const SITTING_START: i64 = 1_773_309_600; // 2026-03-12T10:00:00Z

async fn play(s: &Site, token: &str, listens: &[(i64, &str)]) {
    let payload: Vec<Value> = listens
        .iter()
        .map(|(at, track)| {
            json!({"listened_at": at, "track_metadata": {
                "artist_name": "Radiohead", "release_name": "OK Computer", "track_name": track,
                "additional_info": {"duration_ms": 240_000}}})
        })
        .collect();
    let kind = if listens.len() == 1 {
        "single"
    } else {
        "import"
    };
    let request = Request::builder()
        .method(Method::POST)
        .uri("/apis/listenbrainz/1/submit-listens")
        .header("authorization", format!("Token {token}"))
        .body(Body::from(
            json!({"listen_type": kind, "payload": payload}).to_string(),
        ))
        .unwrap();
    let answer = s.app.send(request).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
}

#[tokio::test]
async fn a_players_plays_of_most_of_an_album_in_one_sitting_make_one_diary_entry() {
    let s = site();
    let (mira, _) = s.app.member("mira");
    let editor = {
        let (token, id) = s.app.member("eddie");
        s.app.set_role(id, halfstar::domain::Role::Editor);
        token
    };
    let tracks: Vec<Value> = [
        "Airbag",
        "Paranoid Android",
        "Subterranean Homesick Alien",
        "Exit Music (For a Film)",
    ]
    .iter()
    .enumerate()
    .map(|(n, title)| json!({"disc": 1, "position": n + 1, "title": title, "lengthMs": 240_000}))
    .collect();
    let set = s
        .app
        .call(
            Method::PATCH,
            &format!("/api/album/{}", s.ok_computer),
            Some(&editor),
            Some(json!({ "tracks": tracks })),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text());
    let token = s
        .app
        .call(
            Method::POST,
            "/api/settings/player-token",
            Some(&mira),
            None,
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_owned();

    // Two tracks of four, one at a time: not yet most of the album.
    play(&s, &token, &[(SITTING_START, "Airbag")]).await;
    play(&s, &token, &[(SITTING_START + 240, "Paranoid Android")]).await;
    assert_eq!(s.app.rows("diary_entries"), 0);
    // The third makes it a listen; the fourth, in the same sitting, and the
    // same plays sent again, do not make another.
    play(
        &s,
        &token,
        &[(SITTING_START + 480, "Subterranean Homesick Alien")],
    )
    .await;
    assert_eq!(s.app.rows("diary_entries"), 1);
    play(
        &s,
        &token,
        &[(SITTING_START + 720, "Exit Music (For a Film)")],
    )
    .await;
    play(
        &s,
        &token,
        &[
            (SITTING_START, "Airbag"),
            (SITTING_START + 240, "Paranoid Android"),
            (SITTING_START + 480, "Subterranean Homesick Alien"),
        ],
    )
    .await;
    let page = diary(&s, "mira", "").await;
    assert_eq!(
        days(&page),
        [("2026-03-12".to_owned(), "OK Computer".to_owned())]
    );
    assert_eq!(page["entries"][0]["source"], "player");
    assert_eq!(page["entries"][0]["relisten"], false);

    // A history sent later, a day on, is a second sitting and a re-listen.
    let next_day = SITTING_START + 86_400;
    play(
        &s,
        &token,
        &[
            (next_day, "Airbag"),
            (next_day + 240, "Paranoid Android"),
            (next_day + 480, "Exit Music (For a Film)"),
        ],
    )
    .await;
    let page = diary(&s, "mira", "").await;
    assert_eq!(page["entries"].as_array().unwrap().len(), 2);
    assert_eq!(page["entries"][0]["listenedOn"], "2026-03-13");
    assert_eq!(page["entries"][0]["relisten"], true);

    // Kid A has no tracklist: its plays stay plays.
    let payload = json!({"listen_type": "import", "payload": (0..10).map(|n| json!({
        "listened_at": SITTING_START + 5000 + n * 200,
        "track_metadata": {"artist_name": "Radiohead", "release_name": "Kid A", "track_name": format!("Track {n}")}
    })).collect::<Vec<_>>()});
    let request = Request::builder()
        .method(Method::POST)
        .uri("/apis/listenbrainz/1/submit-listens")
        .header("authorization", format!("Token {token}"))
        .body(Body::from(payload.to_string()))
        .unwrap();
    assert_eq!(s.app.send(request).await.status, StatusCode::OK);
    assert_eq!(s.app.rows("diary_entries"), 2);
    let mine = my_listens(&s, &mira, s.kid_a).await;
    assert_eq!(mine["count"], 0);
}
