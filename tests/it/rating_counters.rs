//! Property: any sequence of rating creates, updates and deletes by many
//! members, made through the API, leaves every album's count and average
//! equal to a fresh aggregate over the ratings table.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::db::albums::{self, NewAlbum};
use halfstar::db::artists::{self, NewArtist};
use halfstar::domain::AlbumType;
use proptest::prelude::*;
use serde_json::json;

const MEMBERS: usize = 5;
const ALBUMS: usize = 3;

#[derive(Debug, Clone)]
enum Action {
    /// Rate (Some half steps) or add to the library (None) with POST.
    Rate(Option<u8>),
    /// Change an existing rating's number with PATCH.
    Change(Option<u8>),
    Delete,
}

fn action() -> impl Strategy<Value = Action> {
    let number = prop_oneof![1 => Just(None), 5 => (1u8..=20).prop_map(Some)];
    prop_oneof![
        3 => number.clone().prop_map(Action::Rate),
        2 => number.prop_map(Action::Change),
        1 => Just(Action::Delete),
    ]
}

fn step() -> impl Strategy<Value = (usize, usize, Action)> {
    (0..MEMBERS, 0..ALBUMS, action())
}

fn number_json(steps: Option<u8>) -> serde_json::Value {
    match steps {
        Some(s) if s % 2 == 0 => json!(s / 2),
        Some(s) => json!(format!("{}.5", s / 2)),
        None => json!(null),
    }
}

async fn run(steps: Vec<(usize, usize, Action)>) {
    let app = TestApp::new();
    let (artist_id, album_ids) = {
        let conn = app.conn();
        let artist = NewArtist {
            name: "Various",
            description: "",
            picture_url: "",
            mbid: None,
        };
        let artist_id = artists::insert(&conn, &artist, "2026-01-01T00:00:00.000Z").unwrap();
        let ids: Vec<i64> = (0..ALBUMS)
            .map(|n| {
                let title = format!("Album {n}");
                let album = NewAlbum {
                    artist_id,
                    title: &title,
                    release_date: "2000-01-01".parse().unwrap(),
                    album_type: AlbumType::Lp,
                    picture_url: "",
                    genres: &[],
                    styles: &[],
                    mb_release_group: None,
                };
                albums::insert(&conn, &album, "2026-01-01T00:00:00.000Z").unwrap()
            })
            .collect();
        (artist_id, ids)
    };
    let members: Vec<String> = (0..MEMBERS)
        .map(|n| app.member(&format!("member{n}")).0)
        .collect();

    for (member, album, action) in steps {
        let token = Some(members[member].as_str());
        let album_id = album_ids[album];
        let existing = app
            .call(
                Method::GET,
                &format!("/api/rating/user/name/member{member}"),
                None,
                None,
            )
            .await
            .json()
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["albumId"] == album_id)
            .map(|r| r["ratingId"].as_i64().unwrap());
        let response = match (action, existing) {
            (Action::Rate(number), _) => {
                let body = json!({ "albumId": album_id, "artistId": artist_id, "number": number_json(number) });
                app.call(Method::POST, "/api/rating", token, Some(body))
                    .await
            }
            (Action::Change(number), Some(id)) => {
                let body = json!({ "number": number_json(number) });
                app.call(
                    Method::PATCH,
                    &format!("/api/rating/{id}"),
                    token,
                    Some(body),
                )
                .await
            }
            (Action::Delete, Some(id)) => {
                app.call(Method::DELETE, &format!("/api/rating/{id}"), token, None)
                    .await
            }
            (_, None) => continue,
        };
        assert!(
            response.status.is_success(),
            "{}: {}",
            response.status,
            response.text()
        );
    }

    let conn = app.conn();
    let mismatches: i64 = conn
        .query_row(
            "SELECT count(*) FROM albums a
             WHERE a.rating_count <> (SELECT count(number) FROM ratings WHERE album_id = a.id)
                OR abs(a.rating_sum - (SELECT coalesce(sum(number), 0) FROM ratings WHERE album_id = a.id)) > 1e-9
                OR (SELECT count(number) FROM ratings WHERE album_id = a.id)
                   <> (SELECT coalesce(sum(count), 0) FROM album_rating_days WHERE album_id = a.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(mismatches, 0);
    // The API's averages agree with the table too.
    for album_id in album_ids {
        let shown = app
            .get(&format!("/api/album/name/album-{}", album_id - 1))
            .await;
        assert_eq!(shown.status, StatusCode::OK);
        let (count, average): (i64, Option<f64>) = conn
            .query_row(
                "SELECT count(number), avg(number) FROM ratings WHERE album_id = ?1",
                [album_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        let shown = shown.json();
        assert_eq!(shown["numberOfRatings"], count);
        let shown_average = shown["averageRating"].as_f64().unwrap();
        assert!((shown_average - average.unwrap_or(0.0)).abs() < 1e-9);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn counters_equal_a_fresh_aggregate(steps in prop::collection::vec(step(), 1..40)) {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(run(steps));
    }
}
