//! Members vote an album's genres: the editors' genres stand until three
//! members voted, then the album's genres follow the votes (recorded in its
//! history); an editor's lock keeps them; bad ballots are refused whole.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse};
use halfstar::domain::Role;
use serde_json::{Value, json};

async fn vote(app: &TestApp, token: &str, album: i64, votes: Value) -> TestResponse {
    app.call(
        Method::PUT,
        &format!("/api/album/{album}/genre-votes"),
        Some(token),
        Some(json!({ "votes": votes })),
    )
    .await
}

fn genres_of(app: &TestApp, album: i64) -> Vec<String> {
    app.conn()
        .prepare(
            "SELECT g.name FROM album_genres ag JOIN genres g ON g.id = ag.genre_id
             WHERE ag.album_id = ?1 ORDER BY ag.position",
        )
        .unwrap()
        .query_map([album], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

#[tokio::test]
async fn three_members_votes_decide_an_albums_genres_unless_an_editor_locks_them() {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums(
        "Slowdive",
        &[("Souvlaki", "1993-05-17")],
        &["Rock".to_owned()],
    );
    let souvlaki = ids[0];
    let (ann, _) = app.member("ann");
    let (bob, _) = app.member("bob");
    let (cy, _) = app.member("cy");
    let shoegaze_and_dream_pop =
        json!([{"genre": "shoegaze", "primary": true}, {"genre": "Dream Pop", "primary": false}]);

    let first = vote(&app, &ann, souvlaki, shoegaze_and_dream_pop.clone()).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let first = first.json();
    assert_eq!(
        (&first["voters"], &first["decided"], &first["enoughVoters"]),
        (&json!(1), &json!(false), &json!(3))
    );
    assert_eq!(
        first["mine"],
        json!([{"genre": "Shoegaze", "primary": true}, {"genre": "Dream Pop", "primary": false}])
    );
    assert_eq!(
        vote(
            &app,
            &bob,
            souvlaki,
            json!([{"genre": "Shoegaze", "primary": true}])
        )
        .await
        .status,
        StatusCode::OK
    );
    assert_eq!(
        genres_of(&app, souvlaki),
        ["Rock"],
        "two voters: the editors' genres stand"
    );

    let third = vote(&app, &cy, souvlaki, shoegaze_and_dream_pop)
        .await
        .json();
    assert_eq!(third["decided"], true);
    assert_eq!(genres_of(&app, souvlaki), ["Shoegaze", "Dream Pop"]);
    assert_eq!(third["genres"], json!(["Shoegaze", "Dream Pop"]));
    let anyone = app
        .call(
            Method::GET,
            &format!("/api/album/{souvlaki}/genre-votes"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(
        anyone["tally"],
        json!([{"genre": "Dream Pop", "primary": 0, "secondary": 2},
               {"genre": "Shoegaze", "primary": 3, "secondary": 0}])
    );
    assert_eq!(
        anyone["mine"],
        json!([]),
        "signed out: no votes of one's own"
    );
    // An editor locks them; the votes go on, and change nothing until unlocked.
    let (editor, editor_id) = app.member("eddie");
    app.set_role(editor_id, Role::Editor);
    let history = app
        .call(
            Method::GET,
            &format!("/api/album/{souvlaki}/history"),
            Some(&editor),
            None,
        )
        .await;
    assert!(
        history.text().contains("genres from 3 members' votes"),
        "{}",
        history.text()
    );

    let lock = |token: String, locked: bool| {
        let app = &app;
        async move {
            app.call(
                Method::PUT,
                &format!("/api/album/{souvlaki}/genre-lock"),
                Some(&token),
                Some(json!({ "locked": locked })),
            )
            .await
        }
    };
    assert_eq!(lock(ann.clone(), true).await.status, StatusCode::FORBIDDEN);
    let locked = lock(editor.clone(), true).await;
    assert_eq!(locked.status, StatusCode::OK, "{}", locked.text());
    assert_eq!(
        (
            locked.json()["locked"].clone(),
            locked.json()["decided"].clone()
        ),
        (json!(true), json!(false))
    );
    let noise_pop = json!([{"genre": "Noise Rock", "primary": true}]);
    for token in [&ann, &bob] {
        assert_eq!(
            vote(&app, token, souvlaki, noise_pop.clone()).await.status,
            StatusCode::OK
        );
    }
    assert_eq!(genres_of(&app, souvlaki), ["Shoegaze", "Dream Pop"]);
    lock(editor, false).await;
    assert_eq!(genres_of(&app, souvlaki), ["Noise Rock"]);

    // Taking one's vote back leaves the genres as the votes last made them.
    let taken_back = vote(&app, &cy, souvlaki, json!([])).await.json();
    assert_eq!(taken_back["voters"], 2);
    assert_eq!(taken_back["mine"], json!([]));
    assert_eq!(genres_of(&app, souvlaki), ["Noise Rock"]);

    let export = app
        .call(Method::GET, "/api/user/me/export", Some(&ann), None)
        .await
        .json();
    assert_eq!(export["genreVotes"][0]["genre"], "Noise Rock");
    assert_eq!(export["genreVotes"][0]["album"], "Souvlaki");
}

#[tokio::test]
async fn a_bad_ballot_is_refused_whole_with_its_reason() {
    let app = TestApp::new();
    let (_, ids) = app.artist_with_albums("Slowdive", &[("Pygmalion", "1995-02-06")], &[]);
    let album = ids[0];
    let (token, _) = app.member("ann");
    vote(
        &app,
        &token,
        album,
        json!([{"genre": "Ambient", "primary": true}]),
    )
    .await;
    for (votes, reason) in [
        (
            json!([{"genre": "Glitter Gaze", "primary": true}]),
            "\"Glitter Gaze\" is not one of the site's genres",
        ),
        (
            json!([{"genre": "Ambient", "primary": true}, {"genre": "ambient", "primary": false}]),
            "Ambient is named twice",
        ),
        (
            json!(
                [
                    "ambient",
                    "post-rock",
                    "slowcore",
                    "dream pop",
                    "shoegaze",
                    "drone",
                    "folk"
                ]
                .map(|g| json!({"genre": g, "primary": false}))
            ),
            "at most 6 genres",
        ),
        (
            json!(
                ["ambient", "post-rock", "slowcore", "dream pop"]
                    .map(|g| json!({"genre": g, "primary": true}))
            ),
            "at most 3 primary",
        ),
    ] {
        let refused = vote(&app, &token, album, votes).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{}",
            refused.text()
        );
        assert!(
            refused.json()["message"].as_str().unwrap().contains(reason),
            "{}",
            refused.text()
        );
    }
    let kept = app
        .call(
            Method::GET,
            &format!("/api/album/{album}/genre-votes"),
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(
        kept["mine"],
        json!([{"genre": "Ambient", "primary": true}]),
        "nothing half-written"
    );
    assert_eq!(
        vote(&app, &token, 999_999, json!([])).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.call(
            Method::PUT,
            &format!("/api/album/{album}/genre-votes"),
            None,
            Some(json!({"votes": []}))
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED
    );
}
