//! The benchmark's made-up community: deterministic, with exact counters.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::db::seed::synthetic::{self, Scale};

const TINY: Scale = Scale {
    artists: 20,
    albums: 200,
    users: 100,
    ratings: 3_000,
    reviews: 100,
    comments: 500,
    posts: 30,
    lists: 20,
    follows_each: 5,
    notifications_each: 10,
    signed_in: 10,
};

fn fingerprint(app: &TestApp) -> (i64, f64, String) {
    let conn = app.conn();
    conn.query_row(
        "SELECT (SELECT count(*) FROM ratings), (SELECT total(number) FROM ratings),
                (SELECT group_concat(title, '|') FROM (SELECT title FROM albums ORDER BY id LIMIT 5))",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .unwrap()
}

#[tokio::test]
async fn the_same_scale_makes_the_same_community_with_exact_counters() {
    let first = TestApp::new();
    let second = TestApp::new();
    for app in [&first, &second] {
        let made = synthetic::generate(&mut app.conn(), TINY, &|_| {}).unwrap();
        assert_eq!((made.albums, made.users, made.ratings), (200, 100, 3_000));
    }
    assert_eq!(fingerprint(&first), fingerprint(&second));

    let conn = first.conn();
    let wrong: i64 = conn
        .query_row(
            "SELECT count(*) FROM albums a WHERE a.rating_count <> (SELECT count(number) FROM ratings WHERE album_id = a.id)
                OR a.rating_sum <> (SELECT total(number) FROM ratings WHERE album_id = a.id)
                OR a.review_count <> (SELECT count(*) FROM reviews WHERE album_id = a.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(wrong, 0);
    let (lists, entries): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM lists), (SELECT count(*) FROM list_entries)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(lists, 20);
    assert!(entries >= 20 * 5, "{entries} entries");
    // A few albums get most ratings, as on real sites.
    let top_share: f64 = conn
        .query_row(
            "SELECT (SELECT total(rating_count) FROM (SELECT rating_count FROM albums ORDER BY rating_count DESC LIMIT 20))
                    / (SELECT total(rating_count) FROM albums)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        top_share > 0.3,
        "the top tenth of albums has {top_share:.2} of the ratings"
    );
    drop(conn);

    let me = first
        .call(
            Method::GET,
            "/api/auth/me",
            Some(&synthetic::member_token(3)),
            None,
        )
        .await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["username"], "member3");
    let rated = first
        .call(
            Method::POST,
            "/api/rating",
            Some(&synthetic::member_token(3)),
            Some(serde_json::json!({ "albumId": 1, "artistId": 1, "number": 7.5 })),
        )
        .await;
    assert!(rated.status.is_success(), "{}", rated.text());
}
