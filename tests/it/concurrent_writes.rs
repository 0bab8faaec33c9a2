//! Many members writing at once: every write is answered 2xx (none fails on
//! a busy database or a lost race) and the album's counters stay exact.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, json_call, send};
use halfstar::db::albums::{self, NewAlbum};
use halfstar::db::artists::{self, NewArtist};
use halfstar::domain::AlbumType;
use serde_json::json;

const MEMBERS: usize = 150;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_ratings_all_land_and_the_counters_stay_exact() {
    let app = TestApp::new();
    let (artist_id, album_id) = {
        let conn = app.conn();
        let artist = NewArtist {
            name: "Crowd",
            description: "",
            picture_url: "",
            mbid: None,
        };
        let artist_id = artists::insert(&conn, &artist, "2026-01-01T00:00:00.000Z").unwrap();
        let album = NewAlbum {
            artist_id,
            title: "Rush Hour",
            release_date: "2001-01-01".parse().unwrap(),
            album_type: AlbumType::Lp,
            picture_url: "",
            genres: &[],
            styles: &[],
            mb_release_group: None,
        };
        let album_id = albums::insert(&conn, &album, "2026-01-01T00:00:00.000Z").unwrap();
        (artist_id, album_id)
    };
    let tokens: Vec<String> = (0..MEMBERS)
        .map(|n| app.member(&format!("rusher{n}")).0)
        .collect();

    // Each member posts twice at once (a double click): one row each, never a 500.
    let mut calls = Vec::new();
    for (n, token) in tokens.iter().enumerate() {
        for number in [(n % 20 + 1) as f64 / 2.0, 10.0] {
            let request = json_call(
                Method::POST,
                "/api/rating",
                Some(token),
                Some(json!({ "albumId": album_id, "artistId": artist_id, "number": number })),
            );
            calls.push(tokio::spawn(send(app.router(), request)));
        }
    }
    for call in calls {
        let response = call.await.unwrap();
        assert!(
            response.status == StatusCode::CREATED || response.status == StatusCode::OK,
            "{} {}",
            response.status,
            response.text()
        );
    }

    let conn = app.conn();
    let (rows, count, sum, kept_count, kept_sum): (i64, i64, f64, i64, f64) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM ratings WHERE album_id = ?1),
                    (SELECT count(number) FROM ratings WHERE album_id = ?1),
                    (SELECT coalesce(sum(number), 0) FROM ratings WHERE album_id = ?1),
                    rating_count, rating_sum
             FROM albums WHERE id = ?1",
            [album_id],
            |row| {
                Ok((
                    row.get(0)?,
                    row.get(1)?,
                    row.get(2)?,
                    row.get(3)?,
                    row.get(4)?,
                ))
            },
        )
        .unwrap();
    assert_eq!(rows, MEMBERS as i64, "one row per member");
    assert_eq!((kept_count, kept_sum), (count, sum));
}
