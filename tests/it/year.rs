//! A member's year in music: the years that have one, the year's figures
//! from the diary, ratings, track ratings and reviews of that year only,
//! the picture to share, and bad input.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::{Value, json};

async fn get(app: &TestApp, path: &str) -> common::TestResponse {
    app.call(Method::GET, path, None, None).await
}

#[tokio::test]
async fn a_year_sums_up_that_years_listens_ratings_and_reviews() {
    let app = TestApp::new();
    let (_, radiohead) = app.artist_with_albums(
        "Radiohead",
        &[("OK Computer", "1997-05-21"), ("Kid A", "2000-10-02")],
        &[],
    );
    let (_, bjork) = app.artist_with_albums("Björk", &[("Homogenic", "1997-09-22")], &[]);
    let (mira, mira_id) = app.member("mira");
    let log = |album: i64, day: &str, relisten: bool| json!({"albumId": album, "listenedOn": day, "relisten": relisten});
    for body in [
        log(radiohead[0], "2025-03-12", false),
        log(radiohead[0], "2025-03-12", true),
        log(radiohead[0], "2025-11-02", true),
        log(bjork[0], "2025-06-01", false),
        log(radiohead[1], "2026-01-05", false),
    ] {
        let logged = app
            .call(Method::POST, "/api/diary", Some(&mira), Some(body))
            .await;
        assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text());
    }
    for (album, number) in [(radiohead[0], 9.5), (bjork[0], 8.0), (radiohead[1], 7.0)] {
        app.conn()
            .execute(
                "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)",
                rusqlite::params![
                    mira_id,
                    album,
                    number,
                    if album == radiohead[1] {
                        "2026-01-05T10:00:00.000Z"
                    } else {
                        "2025-07-01T10:00:00.000Z"
                    }
                ],
            )
            .unwrap();
    }
    app.conn()
        .execute(
            "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at)
             VALUES (?1, ?2, 'Cold and lovely.', '2025-08-01T00:00:00.000Z', '2025-08-01T00:00:00.000Z')",
            rusqlite::params![mira_id, bjork[0]],
        )
        .unwrap();
    app.conn()
        .execute(
            "INSERT INTO album_genres (album_id, genre_id, position)
             SELECT ?1, id, 0 FROM genres ORDER BY id LIMIT 1",
            [bjork[0]],
        )
        .unwrap();

    let years = get(&app, "/api/user/username/mira/years").await;
    assert_eq!(years.status, StatusCode::OK, "{}", years.text());
    assert_eq!(years.json()["years"], json!([2026, 2025]));

    let year = get(&app, "/api/user/username/mira/year/2025").await;
    assert_eq!(year.status, StatusCode::OK, "{}", year.text());
    let year: Value = year.json();
    assert_eq!(year["listens"], 4);
    assert_eq!(year["firstListens"], 2);
    assert_eq!(year["relistens"], 2);
    assert_eq!(year["albumsListened"], 2);
    assert_eq!(year["ratings"], 2, "the 2026 rating is 2026's");
    assert_eq!(year["averageRating"], 8.75);
    let spread = year["ratingSpread"].as_array().unwrap();
    assert_eq!(
        (spread.len(), &spread[15], &spread[18]),
        (20, &json!(1), &json!(1))
    );
    assert_eq!(
        year["days"],
        json!([
            {"day": "2025-03-12", "listens": 2},
            {"day": "2025-06-01", "listens": 1},
            {"day": "2025-11-02", "listens": 1}
        ])
    );
    let collage: Vec<(&str, u64)> = year["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["title"].as_str().unwrap(), a["listens"].as_u64().unwrap()))
        .collect();
    assert_eq!(collage, [("OK Computer", 3), ("Homogenic", 1)]);
    assert_eq!(
        year["topArtists"][0]["name"], "Radiohead",
        "{}",
        year["topArtists"]
    );
    assert_eq!(year["topArtists"][1]["name"], "Björk");
    assert_eq!(year["topGenres"].as_array().unwrap().len(), 1);
    assert_eq!(year["reviews"][0]["album"]["title"], "Homogenic");
    assert_eq!(year["reviews"][0]["rating"], 8.0);

    let quiet = get(&app, "/api/user/username/mira/year/2019").await.json();
    assert_eq!(
        (quiet["listens"].clone(), quiet["albums"].clone()),
        (json!(0), json!([]))
    );

    let picture = get(&app, "/api/user/username/mira/year/2025/image.svg").await;
    assert_eq!(picture.status, StatusCode::OK);
    assert_eq!(picture.header("content-type"), "image/svg+xml");
    assert!(
        picture
            .header("content-disposition")
            .contains("halfstar-mira-2025.svg")
    );
    let svg = picture.text();
    assert!(svg.contains("mira's 2025 in music"), "{svg}");
    assert!(svg.contains("4 listens · 2 albums · 2 ratings"), "{svg}");
}

#[tokio::test]
async fn bad_years_and_unknown_members_are_said() {
    let app = TestApp::new();
    app.member("mira");
    for path in [
        "/api/user/username/mira/year/1899",
        "/api/user/username/mira/year/2999",
        "/api/user/username/mira/year/last",
        "/api/user/username/mira/year/1899/image.svg",
    ] {
        let refused = get(&app, path).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{path}");
        let message = refused.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains("year"), "{path}: {message}");
    }
    for path in [
        "/api/user/username/nobody/years",
        "/api/user/username/nobody/year/2025",
        "/api/user/username/nobody/year/2025/image.svg",
    ] {
        assert_eq!(
            get(&app, path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    assert_eq!(
        get(&app, "/api/user/username/mira/years").await.json()["years"],
        json!([])
    );
}

/// (year, album, count) rows of a counter.
type Counts = Vec<(i64, i64, i64)>;

/// The counters as a recount from scratch finds them, none zero: listeners
/// (members who logged the album that year), and talk.
fn recounted(app: &TestApp) -> (Counts, Counts) {
    let rows = |sql: &str| -> Counts {
        app.conn()
            .prepare(sql)
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    };
    let kept = (
        rows(
            "SELECT year, album_id, listeners FROM album_year_listens WHERE listeners > 0
             ORDER BY 1, 2",
        ),
        rows("SELECT year, album_id, posts FROM album_year_talk WHERE posts > 0 ORDER BY 1, 2"),
    );
    let fresh = (
        rows(
            "SELECT CAST(substr(listened_on, 1, 4) AS INTEGER), album_id, count(DISTINCT user_id)
             FROM diary_entries GROUP BY 1, 2 ORDER BY 1, 2",
        ),
        rows(
            "SELECT year, album_id, sum(n) FROM (
                 SELECT CAST(substr(created_at, 1, 4) AS INTEGER) AS year, album_id, count(*) AS n
                 FROM reviews WHERE hidden_at IS NULL GROUP BY 1, 2
                 UNION ALL
                 SELECT CAST(substr(created_at, 1, 4) AS INTEGER), album_id, count(*)
                 FROM comments WHERE album_id IS NOT NULL AND hidden_at IS NULL GROUP BY 1, 2)
             GROUP BY 1, 2 ORDER BY 1, 2",
        ),
    );
    assert_eq!(kept, fresh, "the kept counters are a recount's");
    kept
}

#[tokio::test]
async fn the_communitys_year_counts_listens_and_shown_talk_as_they_change() {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums(
        "Radiohead",
        &[("OK Computer", "1997-05-21"), ("Kid A", "2000-10-02")],
        &[],
    );
    let (ok, kid) = (ids[0], ids[1]);
    let (mira, mira_id) = app.member("mira");
    let (theo, _) = app.member("theo");
    let mut entries = Vec::new();
    for (token, album, day) in [
        (&mira, ok, "2025-03-12"),
        (&mira, ok, "2025-04-01"),
        (&theo, ok, "2025-05-01"),
        (&theo, kid, "2025-05-02"),
        (&mira, kid, "2024-12-31"),
    ] {
        let logged = app
            .call(
                Method::POST,
                "/api/diary",
                Some(token),
                Some(json!({"albumId": album, "listenedOn": day})),
            )
            .await;
        assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text());
        entries.push(logged.json()["entryId"].as_i64().unwrap());
    }
    recounted(&app);
    // A listen moved to another year, and one removed.
    let moved = app
        .call(
            Method::PATCH,
            &format!("/api/diary/{}", entries[4]),
            Some(&mira),
            Some(json!({"listenedOn": "2025-01-02"})),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
    let removed = app
        .call(
            Method::DELETE,
            &format!("/api/diary/{}", entries[0]),
            Some(&mira),
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    recounted(&app);

    // Talk: two reviews and three comments on Kid A, one of each hidden, one comment gone.
    let conn = app.conn();
    for (user, text) in [(mira_id, "Cold."), (mira_id + 1, "Warm.")] {
        conn.execute(
            "INSERT INTO reviews (user_id, album_id, review_text, created_at, updated_at)
             VALUES (?1, ?2, ?3, '2025-06-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z')",
            rusqlite::params![user, kid, text],
        )
        .unwrap();
    }
    for n in 0..3 {
        conn.execute(
            "INSERT INTO comments (user_id, album_id, comment_text, created_at)
             VALUES (?1, ?2, 'Yes.', ?3)",
            rusqlite::params![mira_id, kid, format!("2025-07-0{}T00:00:00.000Z", n + 1)],
        )
        .unwrap();
    }
    conn.execute(
        "UPDATE reviews SET hidden_at = '2025-08-01' WHERE review_text = 'Warm.'",
        [],
    )
    .unwrap();
    conn.execute(
        "UPDATE comments SET hidden_at = '2025-08-01' WHERE created_at LIKE '2025-07-01%'",
        [],
    )
    .unwrap();
    conn.execute(
        "DELETE FROM comments WHERE created_at LIKE '2025-07-02%'",
        [],
    )
    .unwrap();
    drop(conn);
    let (listens, talk) = recounted(&app);
    assert_eq!(listens, [(2025, ok, 2), (2025, kid, 2)]);
    assert_eq!(talk, [(2025, kid, 2)]);

    let year = get(&app, "/api/year/2025/community").await;
    assert_eq!(year.status, StatusCode::OK, "{}", year.text());
    let year: Value = year.json();
    let listed = |key: &str| -> Vec<(String, i64)> {
        year[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["title"].as_str().unwrap().to_owned(),
                    a["count"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(listed("mostListened").len(), 2);
    assert_eq!(listed("mostDiscussed"), [("Kid A".to_owned(), 2)]);
    // Hidden again shown: counted again.
    app.conn()
        .execute("UPDATE reviews SET hidden_at = NULL", [])
        .unwrap();
    assert_eq!(recounted(&app).1, [(2025, kid, 3)]);
    assert_eq!(
        get(&app, "/api/year/1800/community").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn the_communitys_most_listened_counts_members_not_their_relistens() {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums(
        "Radiohead",
        &[("OK Computer", "1997-05-21"), ("Kid A", "2000-10-02")],
        &[],
    );
    let (ok, kid) = (ids[0], ids[1]);
    let (_, mira) = app.member("mira");
    let (_, theo) = app.member("theo");
    let (_, zoe) = app.member("zoe");
    let log = |user: i64, album: i64, day: &str| {
        app.conn()
            .execute(
                "INSERT INTO diary_entries (user_id, album_id, listened_on, source, created_at, updated_at)
                 VALUES (?1, ?2, ?3, 'member', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')",
                rusqlite::params![user, album, day],
            )
            .unwrap();
    };
    // One account's twenty-five listens against two members' one each.
    for day in 1..=25 {
        log(mira, ok, &format!("2025-03-{day:02}"));
    }
    log(theo, kid, "2025-04-01");
    log(theo, kid, "2025-04-02");
    log(zoe, kid, "2025-04-03");
    let most = || async {
        get(&app, "/api/year/2025/community").await.json()["mostListened"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["title"].as_str().unwrap().to_owned(),
                    a["count"].as_i64().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let listed = |rows: &[(&str, i64)]| -> Vec<(String, i64)> {
        rows.iter().map(|(t, n)| (t.to_string(), *n)).collect()
    };
    assert_eq!(most().await, listed(&[("Kid A", 2), ("OK Computer", 1)]));
    assert_eq!(recounted(&app).0, [(2025, ok, 1), (2025, kid, 2)]);

    // All but one of mira's listens gone: she still counts; her last gone, she does not.
    app.conn()
        .execute(
            "DELETE FROM diary_entries WHERE user_id = ?1 AND listened_on > '2025-03-01'",
            [mira],
        )
        .unwrap();
    assert_eq!(recounted(&app).0, [(2025, ok, 1), (2025, kid, 2)]);
    // Theo moves one of his two Kid A listens to OK Computer: he counts for both.
    app.conn()
        .execute(
            "UPDATE diary_entries SET album_id = ?1 WHERE user_id = ?2 AND listened_on = '2025-04-02'",
            [ok, theo],
        )
        .unwrap();
    assert_eq!(recounted(&app).0, [(2025, ok, 2), (2025, kid, 2)]);
    app.conn()
        .execute("DELETE FROM diary_entries WHERE user_id = ?1", [mira])
        .unwrap();
    // A deleted member's listens leave with them.
    app.conn()
        .execute("DELETE FROM users WHERE id = ?1", [zoe])
        .unwrap();
    assert_eq!(recounted(&app).0, [(2025, ok, 1), (2025, kid, 1)]);
    let left: i64 = app
        .conn()
        .query_row("SELECT count(*) FROM member_year_listens", [], |row| {
            row.get(0)
        })
        .unwrap();
    assert_eq!(left, 2, "theo's two rows, nobody else's");
}
