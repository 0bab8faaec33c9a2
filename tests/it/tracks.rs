//! Tracklists and track ratings: editors set a tracklist through the
//! album's edit (a revision, revertible), members rate tracks independently
//! of the album, counters follow every write, and bad input is refused.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Site {
    app: TestApp,
    editor: String,
    album: i64,
}

fn tracklist() -> Value {
    json!([
        {"disc": 1, "position": 1, "title": "Airbag", "lengthMs": 284_000},
        {"disc": 1, "position": 2, "title": "Paranoid Android", "lengthMs": 383_000},
        {"disc": 1, "position": 3, "title": "Subterranean Homesick Alien", "lengthMs": 267_000,
         "recordingMbid": "5A1B2C3D-0000-4000-8000-000000000003"}
    ])
}

async fn site() -> Site {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums("Radiohead", &[("OK Computer", "1997-05-21")], &[]);
    let (editor, id) = app.member("eddie");
    app.set_role(id, Role::Editor);
    Site {
        app,
        editor,
        album: ids[0],
    }
}

async fn set_tracks(s: &Site, tracks: Value) -> common::TestResponse {
    s.app
        .call(
            Method::PATCH,
            &format!("/api/album/{}", s.album),
            Some(&s.editor),
            Some(json!({ "tracks": tracks })),
        )
        .await
}

async fn tracks(s: &Site, token: Option<&str>) -> Value {
    let answer = s
        .app
        .call(
            Method::GET,
            &format!("/api/album/{}/tracks", s.album),
            token,
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()
}

async fn rate(s: &Site, token: &str, track: i64, number: f64) -> common::TestResponse {
    s.app
        .call(
            Method::PUT,
            &format!("/api/track/{track}/rating"),
            Some(token),
            Some(json!({ "number": number })),
        )
        .await
}

fn ids(list: &Value) -> Vec<i64> {
    list["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["trackId"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn an_editor_sets_a_tracklist_as_a_revision_that_can_be_reverted() {
    let s = site().await;
    let empty = tracks(&s, None).await;
    assert_eq!(empty["tracks"], json!([]));
    assert_eq!(empty["totalLengthMs"], 0);

    assert_eq!(set_tracks(&s, tracklist()).await.status, StatusCode::OK);
    let list = tracks(&s, None).await;
    assert_eq!(list["tracks"][1]["title"], "Paranoid Android");
    assert_eq!(
        list["tracks"][2]["recordingMbid"],
        "5a1b2c3d-0000-4000-8000-000000000003"
    );
    assert_eq!(list["totalLengthMs"], 934_000);
    assert_eq!(list["everyLengthKnown"], true);

    let history = s
        .app
        .call(
            Method::GET,
            &format!("/api/album/{}/history", s.album),
            Some(&s.editor),
            None,
        )
        .await
        .json();
    let latest = &history["revisions"][0];
    assert_eq!(latest["before"]["tracks"], json!([]));
    assert_eq!(latest["after"]["tracks"][0]["title"], "Airbag");
    let reverted = s
        .app
        .call(
            Method::POST,
            &format!("/api/revisions/{}/revert", latest["revisionId"]),
            Some(&s.editor),
            Some(json!({"note": "wrong release"})),
        )
        .await;
    assert_eq!(reverted.status, StatusCode::OK, "{}", reverted.text());
    assert_eq!(tracks(&s, None).await["tracks"], json!([]));

    // An edit without "tracks" leaves them be.
    set_tracks(&s, tracklist()).await;
    let retitled = s
        .app
        .call(
            Method::PATCH,
            &format!("/api/album/{}", s.album),
            Some(&s.editor),
            Some(json!({"title": "OK Computer"})),
        )
        .await;
    assert_eq!(retitled.status, StatusCode::OK);
    assert_eq!(
        tracks(&s, None).await["tracks"].as_array().unwrap().len(),
        3
    );
}

#[tokio::test]
async fn members_rate_tracks_without_touching_their_album_rating() {
    let s = site().await;
    set_tracks(&s, tracklist()).await;
    let track_ids = ids(&tracks(&s, None).await);
    let (mira, _) = s.app.member("mira");
    let (theo, _) = s.app.member("theo");

    for (track, number) in track_ids.iter().zip([9.0, 10.0, 7.5]) {
        let rated = rate(&s, &mira, *track, number).await;
        assert_eq!(rated.status, StatusCode::OK, "{}", rated.text());
        assert_eq!(rated.json()["userRating"], number);
    }
    rate(&s, &theo, track_ids[1], 8.0).await;
    rate(&s, &theo, track_ids[0], 6.0).await;
    let changed = rate(&s, &theo, track_ids[0], 7.0).await.json();
    assert_eq!(changed["averageRating"], 8.0);
    assert_eq!(changed["numberOfRatings"], 2);

    let as_mira = tracks(&s, Some(&mira)).await;
    assert_eq!(as_mira["tracks"][1]["averageRating"], 9.0);
    assert_eq!(as_mira["tracks"][1]["userRating"], 10.0);
    assert_eq!(as_mira["tracks"][2]["numberOfRatings"], 1);
    // Best: two ratings at least, highest average first.
    assert_eq!(as_mira["bestTrackIds"], json!([track_ids[1], track_ids[0]]));
    let signed_out = tracks(&s, None).await;
    assert_eq!(signed_out["tracks"][1]["userRating"], Value::Null);

    let album = s
        .app
        .call(
            Method::GET,
            "/api/album/name/radiohead/ok-computer",
            Some(&mira),
            None,
        )
        .await
        .json();
    assert_eq!(album["numberOfRatings"], 0, "no album rating came of it");
    assert_eq!(album["userRating"], Value::Null);

    let gone = s
        .app
        .call(
            Method::DELETE,
            &format!("/api/track/{}/rating", track_ids[2]),
            Some(&mira),
            None,
        )
        .await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    let again = s
        .app
        .call(
            Method::DELETE,
            &format!("/api/track/{}/rating", track_ids[2]),
            Some(&mira),
            None,
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(tracks(&s, None).await["tracks"][2]["numberOfRatings"], 0);

    let top = s
        .app
        .call(
            Method::GET,
            "/api/user/username/mira/top-tracks",
            None,
            None,
        )
        .await
        .json();
    let top: Vec<(&str, f64, &str)> = top
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["title"].as_str().unwrap(),
                t["number"].as_f64().unwrap(),
                t["albumSlug"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        top,
        [
            ("Paranoid Android", 10.0, "ok-computer"),
            ("Airbag", 9.0, "ok-computer")
        ]
    );
    let nobody = s
        .app
        .call(
            Method::GET,
            "/api/user/username/nobody/top-tracks",
            None,
            None,
        )
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);

    let export = s
        .app
        .call(Method::GET, "/api/user/me/export", Some(&mira), None)
        .await
        .json();
    let exported: Vec<(String, f64)> = export["trackRatings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["track"].as_str().unwrap().to_owned(),
                r["number"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        exported,
        [
            ("Airbag".to_owned(), 9.0),
            ("Paranoid Android".to_owned(), 10.0)
        ]
    );
}

#[tokio::test]
async fn a_corrected_tracklist_keeps_the_ratings_of_the_places_it_keeps() {
    let s = site().await;
    set_tracks(&s, tracklist()).await;
    let before = ids(&tracks(&s, None).await);
    let (mira, mira_id) = s.app.member("mira");
    rate(&s, &mira, before[0], 9.0).await;
    rate(&s, &mira, before[2], 6.0).await;

    let corrected = json!([
        {"disc": 1, "position": 1, "title": "Airbag (remastered)", "lengthMs": 284_500},
        {"disc": 1, "position": 2, "title": "Paranoid Android", "lengthMs": 383_000}
    ]);
    assert_eq!(set_tracks(&s, corrected).await.status, StatusCode::OK);
    let after = tracks(&s, Some(&mira)).await;
    assert_eq!(ids(&after), before[..2]);
    assert_eq!(after["tracks"][0]["userRating"], 9.0);
    assert_eq!(after["tracks"][0]["title"], "Airbag (remastered)");
    assert_eq!(
        s.app.rows("track_ratings"),
        1,
        "the third track went with its rating"
    );

    // A member leaving takes their ratings out of the counts.
    s.app
        .conn()
        .execute("DELETE FROM users WHERE id = ?1", [mira_id])
        .unwrap();
    assert_eq!(tracks(&s, None).await["tracks"][0]["numberOfRatings"], 0);
}

#[tokio::test]
async fn bad_tracklists_and_ratings_get_clear_answers_and_change_nothing() {
    let s = site().await;
    let duplicate =
        json!([{"disc": 1, "position": 1, "title": "a"}, {"disc": 1, "position": 1, "title": "b"}]);
    let refused = set_tracks(&s, duplicate).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.json()["message"],
        "tracks[1]: disc 1 has two tracks at position 1"
    );
    let bad_id = json!([{"disc": 1, "position": 1, "title": "a", "recordingMbid": "nope"}]);
    assert_eq!(set_tracks(&s, bad_id).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(s.app.rows("tracks"), 0);

    let (member, _) = s.app.member("mira");
    let not_editor = s
        .app
        .call(
            Method::PATCH,
            &format!("/api/album/{}", s.album),
            Some(&member),
            Some(json!({"tracks": tracklist()})),
        )
        .await;
    assert_eq!(not_editor.status, StatusCode::FORBIDDEN);

    set_tracks(&s, tracklist()).await;
    let track = ids(&tracks(&s, None).await)[0];
    for number in [0.0, 10.5, 7.25] {
        let answer = rate(&s, &member, track, number).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{number}");
        assert_eq!(
            answer.json()["message"],
            "number must be 0.5 to 10 in half steps"
        );
    }
    assert_eq!(
        rate(&s, &member, 999_999, 8.0).await.status,
        StatusCode::NOT_FOUND
    );
    let missing = s
        .app
        .call(Method::GET, "/api/album/999999/tracks", None, None)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(s.app.rows("track_ratings"), 0);
}

#[tokio::test]
async fn followers_see_track_ratings_grouped_unless_ratings_stay_out_of_feeds() {
    let s = site().await;
    assert_eq!(set_tracks(&s, tracklist()).await.status, StatusCode::OK);
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
    let list = tracks(&s, None).await;
    for (track, number) in ids(&list).into_iter().zip([9.0, 8.5]) {
        assert_eq!(rate(&s, &mira, track, number).await.status, StatusCode::OK);
    }
    let feed = |token: String| {
        let app = &s.app;
        async move {
            app.call(Method::GET, "/api/feed", Some(&token), None)
                .await
                .json()["items"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|item| item["kind"] == "track-rating")
                .cloned()
                .collect::<Vec<Value>>()
        }
    };
    let told = feed(theo.clone()).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["count"], 2);
    assert_eq!(told[0]["text"], "Paranoid Android 8.5, Airbag 9.0");
    assert_eq!(told[0]["albums"][0]["title"], "OK Computer");
    assert_eq!(told[0]["link"], "/albums/radiohead/ok-computer");

    s.app
        .conn()
        .execute(
            "UPDATE users SET ratings_in_feeds = 0 WHERE username = 'mira'",
            [],
        )
        .unwrap();
    assert!(feed(theo).await.is_empty());
}
