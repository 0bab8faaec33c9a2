//! Plays from music players through the ListenBrainz-compatible API: the
//! player token's life in Settings, `validate-token`, `submit-listens` under
//! both mounts, matching to the catalogue, the listened queue, the missing
//! view, the export, and the bounds (allowances, suspension, body size,
//! listens per request).

use crate::common;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{TestApp, TestResponse};
use halfstar::http::throttle::Limits;
use serde_json::{Value, json};

const OK_COMPUTER_GROUP: &str = "b1392450-e666-3926-a536-22c65f834433";

/// A catalogue of Radiohead's OK Computer (with its release group) and Kid A.
fn catalogue(app: &TestApp) -> (i64, i64) {
    let (_, ids) = app.artist_with_albums(
        "Radiohead",
        &[("OK Computer", "1997-05-21"), ("Kid A", "2000-10-02")],
        &[],
    );
    app.conn()
        .execute(
            "UPDATE albums SET mb_release_group = ?1 WHERE id = ?2",
            rusqlite::params![OK_COMPUTER_GROUP, ids[0]],
        )
        .unwrap();
    (ids[0], ids[1])
}

async fn make_token(app: &TestApp, session: &str) -> String {
    let made = app
        .call(
            Method::POST,
            "/api/settings/player-token",
            Some(session),
            None,
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    made.json()["token"].as_str().unwrap().to_owned()
}

/// A call as a player makes it: `Authorization: Token`, a body without a
/// Content-Type (as liblistenbrainz sends it).
async fn player(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<String>,
) -> TestResponse {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(token) = token {
        request = request.header("authorization", format!("Token {token}"));
    }
    let body = body.map(Body::from).unwrap_or_else(Body::empty);
    app.send(request.body(body).unwrap()).await
}

async fn submit(app: &TestApp, token: &str, body: Value) -> TestResponse {
    player(
        app,
        Method::POST,
        "/apis/listenbrainz/1/submit-listens",
        Some(token),
        Some(body.to_string()),
    )
    .await
}

fn listen(at: i64, artist: &str, album: Option<&str>, track: &str, group: Option<&str>) -> Value {
    let mut metadata = json!({"artist_name": artist, "track_name": track});
    if let Some(album) = album {
        metadata["release_name"] = json!(album);
    }
    if let Some(group) = group {
        metadata["additional_info"] = json!({"release_group_mbid": group});
    }
    json!({"listened_at": at, "track_metadata": metadata})
}

async fn queue(app: &TestApp, session: &str) -> Vec<(String, u64)> {
    let answer = app
        .call(Method::GET, "/api/user/me/listened", Some(session), None)
        .await;
    answer.json()["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            (
                entry["album"]["title"].as_str().unwrap().to_owned(),
                entry["plays"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_token_is_made_shown_once_validated_replaced_and_revoked() {
    let app = TestApp::new();
    let (session, _) = app.member("navi");
    let status = app
        .call(
            Method::GET,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await;
    assert_eq!(status.json(), json!({"token": null}));
    let token = make_token(&app, &session).await;
    let status = app
        .call(
            Method::GET,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await
        .json();
    assert!(status["token"]["createdAt"].is_string(), "{status}");
    assert!(!status.to_string().contains(&token), "never shown again");

    for path in ["/apis/listenbrainz/1/validate-token", "/1/validate-token"] {
        let valid = player(&app, Method::GET, path, Some(&token), None).await;
        assert_eq!(valid.status, StatusCode::OK);
        assert_eq!(
            valid.json(),
            json!({"code": 200, "message": "Token valid.", "valid": true, "user_name": "navi"})
        );
    }
    let by_query = app
        .get(&format!(
            "/apis/listenbrainz/1/validate-token?token={token}"
        ))
        .await;
    assert_eq!(by_query.json()["valid"], true);
    let wrong = player(&app, Method::GET, "/1/validate-token", Some("nope"), None).await;
    assert_eq!(wrong.json()["valid"], false);
    for elsewhere in [
        "/1/user/navi/playing-now",
        "/apis/listenbrainz/1/stats/sitewide/artists",
    ] {
        let unknown = app.get(elsewhere).await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{elsewhere}");
        assert_eq!(unknown.json()["code"], 404);
    }
    let none = app.get("/1/validate-token").await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
    assert!(
        none.json()["error"]
            .as_str()
            .unwrap()
            .contains("player token")
    );
    // A session token is not a player token.
    let session_as_player =
        player(&app, Method::GET, "/1/validate-token", Some(&session), None).await;
    assert_eq!(session_as_player.json()["valid"], false);

    let newer = make_token(&app, &session).await;
    assert_ne!(newer, token);
    let old = player(&app, Method::GET, "/1/validate-token", Some(&token), None).await;
    assert_eq!(old.json()["valid"], false, "a new token replaces the old");

    let revoked = app
        .call(
            Method::DELETE,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    let refused = submit(
        &app,
        &newer,
        json!({"listen_type": "single", "payload": [listen(1_700_000_000, "a", None, "b", None)]}),
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("Invalid player token")
    );
    let again = app
        .call(
            Method::DELETE,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn plays_match_by_release_group_then_names_and_the_rest_wait_in_the_missing_view() {
    let app = TestApp::new();
    let (ok_computer, kid_a) = catalogue(&app);
    let (session, user_id) = app.member("navi");
    let token = make_token(&app, &session).await;

    let single = submit(
        &app,
        &token,
        json!({"listen_type": "single", "payload": [listen(1_700_000_000, "Radiohed", Some("Wrong Name"), "Airbag", Some(OK_COMPUTER_GROUP))]}),
    )
    .await;
    assert_eq!(single.status, StatusCode::OK, "{}", single.text());
    assert_eq!(single.json(), json!({"status": "ok"}));
    let playing = submit(
        &app,
        &token,
        json!({"listen_type": "playing_now", "payload": [{"track_metadata": {"artist_name": "Radiohead", "track_name": "Idioteque", "release_name": "Kid A"}}]}),
    )
    .await;
    assert_eq!(playing.status, StatusCode::OK);
    assert_eq!(app.rows("player_listens"), 1, "playing now is not kept");

    let import = json!({"listen_type": "import", "payload": [
        listen(1_700_000_100, "Radiohead", Some("OK Computer"), "Paranoid Android", None),
        listen(1_700_000_200, "radiohead", Some("kid a"), "Everything in Its Right Place", None),
        listen(1_700_000_300, "Radiohead", Some("Kid A"), "Kid A", None),
        listen(1_700_000_400, "Burial", Some("Untrue"), "Archangel", None),
        listen(1_700_000_500, "Burial", Some("Untrue"), "Near Dark", None),
        listen(1_700_000_600, "Someone", None, "A single", None),
    ]});
    let answer = player(
        &app,
        Method::POST,
        "/1/submit-listens",
        Some(&token),
        Some(import.to_string()),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    // Sent again, as a retrying scrobbler does: nothing counts twice.
    assert_eq!(submit(&app, &token, import).await.status, StatusCode::OK);

    assert_eq!(app.rows("player_listens"), 7);
    let mut listened = queue(&app, &session).await;
    listened.sort();
    assert_eq!(
        listened,
        [("Kid A".to_owned(), 2), ("OK Computer".to_owned(), 2)]
    );
    let matched: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM player_listens WHERE user_id = ?1 AND album_id IN (?2, ?3)",
            rusqlite::params![user_id, ok_computer, kid_a],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(matched, 4);

    let missing = app
        .call(
            Method::GET,
            "/api/user/me/player-listens/unmatched",
            Some(&session),
            None,
        )
        .await
        .json();
    assert_eq!(missing["total"], 2);
    assert_eq!(missing["albums"][0]["artist"], "Burial");
    assert_eq!(missing["albums"][0]["album"], "Untrue");
    assert_eq!(missing["albums"][0]["plays"], 2);
    assert_eq!(
        missing["albums"][0]["lastListenedAt"],
        "2023-11-14T22:21:40.000Z"
    );
    assert_eq!(missing["albums"][1]["album"], "");

    let export = app
        .call(Method::GET, "/api/user/me/export", Some(&session), None)
        .await
        .json();
    let plays = export["playerPlays"].as_array().unwrap();
    assert_eq!(plays.len(), 7);
    assert_eq!(plays[0]["track"], "Airbag");
    assert_eq!(plays[0]["albumId"], ok_computer);

    let token_used = app
        .call(
            Method::GET,
            "/api/settings/player-token",
            Some(&session),
            None,
        )
        .await
        .json();
    assert!(token_used["token"]["lastUsedAt"].is_string());
}

/// The plays of albums the catalogue lacks wait for them: an editor adding
/// one, or the catalogue import learning an album's release group, counts
/// them as if the album had been there.
#[tokio::test]
async fn plays_waiting_in_the_missing_view_join_the_album_an_editor_adds() {
    const MEZZANINE_GROUP: &str = "2f8e1b37-8a36-3a08-9e4e-8e1b1c5f1d2a";
    let (app, editor) = TestApp::with_editor("editor_eve").await;
    let (_, albums) = app.artist_with_albums("Massive Attack", &[("Mezzanine", "1998-04-20")], &[]);
    let mezzanine = albums[0];
    let (session, user_id) = app.member("navi");
    let token = make_token(&app, &session).await;
    let sent = submit(
        &app,
        &token,
        json!({"listen_type": "import", "payload": [
            listen(1_700_000_100, "Burial", Some("Untrue"), "Archangel", None),
            listen(1_700_000_400, "burial", Some("Untrue [Remastered]"), "Near Dark", None),
            listen(1_700_000_700, "Massive Attack", Some("Mezzanine Sessions"), "Angel", Some(MEZZANINE_GROUP)),
            listen(1_700_000_900, "Massive Attack", Some("Mezzanine Sessions"), "Teardrop", Some(MEZZANINE_GROUP)),
            listen(1_700_001_000, "Burial", Some("Rival Dealer"), "Come Down to Us", None),
        ]}),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
    let missing = |app: &TestApp| {
        app.conn()
            .prepare("SELECT release_name FROM player_unmatched WHERE user_id = ?1 ORDER BY 1")
            .unwrap()
            .query_map([user_id], |row| row.get::<_, String>(0))
            .unwrap()
            .collect::<rusqlite::Result<Vec<_>>>()
            .unwrap()
    };
    assert_eq!(
        missing(&app),
        [
            "Mezzanine Sessions",
            "Rival Dealer",
            "Untrue",
            "Untrue [Remastered]"
        ]
    );
    assert!(queue(&app, &session).await.is_empty());

    app.add_artist(&editor, "Burial").await;
    let added = app
        .call(
            Method::POST,
            "/api/album",
            Some(&editor),
            Some(json!({"artist": "Burial", "title": "Untrue", "releaseDate": "2007-11-05"})),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let untrue = added.json()["albumId"].as_i64().unwrap();
    assert_eq!(queue(&app, &session).await, [("Untrue".to_owned(), 2)]);

    halfstar::db::imports::set_release_group(&app.conn(), mezzanine, MEZZANINE_GROUP).unwrap();
    let mut listened = queue(&app, &session).await;
    listened.sort();
    assert_eq!(
        listened,
        [("Mezzanine".to_owned(), 2), ("Untrue".to_owned(), 2)]
    );
    assert_eq!(missing(&app), ["Rival Dealer"]);
    let albums_of_plays: Vec<Option<i64>> = app
        .conn()
        .prepare("SELECT album_id FROM player_listens WHERE user_id = ?1 ORDER BY listened_at")
        .unwrap()
        .query_map([user_id], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(
        albums_of_plays,
        [
            Some(untrue),
            Some(untrue),
            Some(mezzanine),
            Some(mezzanine),
            None
        ]
    );
}

/// A scrobbler reads its member's plays back, as ListenBrainz answers them,
/// to send nothing twice; nobody else's token reads them.
#[tokio::test]
async fn a_members_own_token_reads_their_plays_back_newest_first() {
    let app = TestApp::new();
    catalogue(&app);
    let (session, _) = app.member("navi");
    let token = make_token(&app, &session).await;
    let (other_session, _) = app.member("snoop");
    let other_token = make_token(&app, &other_session).await;
    let payload: Vec<Value> = (0..5)
        .map(|n| {
            listen(
                1_700_000_000 + n * 100,
                "Radiohead",
                Some("Kid A"),
                &format!("Track {n}"),
                None,
            )
        })
        .collect();
    let sent = submit(
        &app,
        &token,
        json!({"listen_type": "import", "payload": payload}),
    )
    .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());

    let read = |path: &'static str, token: Option<String>| {
        let app = &app;
        async move { player(app, Method::GET, path, token.as_deref(), None).await }
    };
    let times = |answer: &TestResponse| -> Vec<i64> {
        answer.json()["payload"]["listens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|listen| listen["listened_at"].as_i64().unwrap())
            .collect()
    };
    let all = read(
        "/apis/listenbrainz/1/user/navi/listens",
        Some(token.clone()),
    )
    .await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text());
    let body = all.json();
    assert_eq!(body["payload"]["count"], 5);
    assert_eq!(body["payload"]["user_id"], "navi");
    assert_eq!(body["payload"]["latest_listen_ts"], 1_700_000_400);
    assert_eq!(body["payload"]["oldest_listen_ts"], 1_700_000_000);
    assert_eq!(
        body["payload"]["listens"][0]["track_metadata"]["track_name"],
        "Track 4"
    );
    assert_eq!(
        body["payload"]["listens"][0]["track_metadata"]["release_name"],
        "Kid A"
    );
    assert_eq!(
        times(&read("/1/user/Navi/listens?count=2", Some(token.clone())).await),
        [1_700_000_400, 1_700_000_300]
    );
    assert_eq!(
        times(
            &read(
                "/1/user/navi/listens?max_ts=1700000300&count=2",
                Some(token.clone())
            )
            .await
        ),
        [1_700_000_200, 1_700_000_100]
    );
    assert_eq!(
        times(
            &read(
                "/1/user/navi/listens?min_ts=1700000000&count=2",
                Some(token.clone())
            )
            .await
        ),
        [1_700_000_200, 1_700_000_100],
        "from a point on: the earliest after it, newest first"
    );
    assert_eq!(
        times(
            &read(
                "/1/user/navi/listens?min_ts=1700000100&max_ts=1700000400",
                Some(token.clone())
            )
            .await
        ),
        [1_700_000_300, 1_700_000_200]
    );

    let refused = read("/1/user/navi/listens?count=0", Some(token.clone())).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json()["code"], 400);
    assert_eq!(
        read("/1/user/navi/listens?count=lots", Some(token.clone()))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        read("/1/user/navi/listens", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let others = read("/1/user/navi/listens", Some(other_token.clone())).await;
    assert_eq!(others.status, StatusCode::FORBIDDEN, "{}", others.text());
    assert_eq!(
        read("/1/user/snoop/listens", Some(other_token))
            .await
            .json()["payload"]["count"],
        0
    );
}

#[tokio::test]
async fn bad_submissions_are_refused_whole_with_listenbrainz_errors() {
    let app = TestApp::new();
    catalogue(&app);
    let (session, _) = app.member("navi");
    let token = make_token(&app, &session).await;
    let good = listen(1_700_000_000, "Radiohead", Some("Kid A"), "Kid A", None);
    let cases = [
        ("{not json".to_owned(), "Cannot parse JSON"),
        (json!({"listen_type": "single", "payload": [good, good]}).to_string(), "exactly one listen"),
        (
            json!({"listen_type": "import", "payload": [good, {"listened_at": 5, "track_metadata": {"artist_name": "a", "track_name": "b"}}]}).to_string(),
            "Listen 1: listened_at 5 is outside",
        ),
        (
            json!({"listen_type": "import", "payload": vec![good.clone(); 1001]}).to_string(),
            "at most 1000",
        ),
    ];
    for (body, expected) in cases {
        let answer = player(
            &app,
            Method::POST,
            "/apis/listenbrainz/1/submit-listens",
            Some(&token),
            Some(body),
        )
        .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        let error = answer.json();
        assert_eq!(error["code"], 400);
        assert!(
            error["error"].as_str().unwrap().contains(expected),
            "{error}"
        );
        assert_eq!(error["error"], error["message"]);
    }
    assert_eq!(
        app.rows("player_listens"),
        0,
        "nothing of a refused submission is kept"
    );

    // Over the limit, with its length declared or not: refused in ListenBrainz's shape.
    let too_large = "x".repeat(halfstar::api::listenbrainz::MOST_SUBMISSION_BYTES + 1);
    for declared in [false, true] {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri("/1/submit-listens")
            .header("authorization", format!("Token {token}"));
        if declared {
            request = request.header("content-length", too_large.len());
        }
        let answer = app
            .send(request.body(Body::from(too_large.clone())).unwrap())
            .await;
        assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(answer.json()["code"], 413, "declared: {declared}");
    }

    let unsigned = player(
        &app,
        Method::POST,
        "/1/submit-listens",
        None,
        Some("{}".to_owned()),
    )
    .await;
    assert_eq!(unsigned.status, StatusCode::UNAUTHORIZED);
    assert!(
        unsigned.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("Not signed in")
    );
}

#[tokio::test]
async fn a_suspended_member_s_player_is_refused_and_plays_have_an_hourly_allowance() {
    let mut limits = common::one_write_of_each_kind();
    limits.player_submissions_per_minute = std::num::NonZeroU32::new(100).unwrap();
    limits.player_plays_per_hour = std::num::NonZeroU32::new(3).unwrap();
    let mut app = TestApp::new();
    app.state.limits = Arc::new(Limits::new(&limits));
    let (session, user_id) = app.member("navi");
    let token = make_token(&app, &session).await;
    let two = |start: i64| {
        json!({"listen_type": "import", "payload": [
            listen(start, "Burial", Some("Untrue"), "Archangel", None),
            listen(start + 1, "Burial", Some("Untrue"), "Near Dark", None),
        ]})
    };
    assert_eq!(
        submit(&app, &token, two(1_700_000_000)).await.status,
        StatusCode::OK
    );
    let over = submit(&app, &token, two(1_700_001_000)).await;
    assert_eq!(
        over.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        over.text()
    );
    assert!(!over.header("retry-after").is_empty());
    assert_eq!(app.rows("player_listens"), 2);

    app.suspend(user_id, "spam");
    let suspended = submit(&app, &token, two(1_700_002_000)).await;
    assert_eq!(suspended.status, StatusCode::FORBIDDEN);
    assert!(
        suspended.json()["error"]
            .as_str()
            .unwrap()
            .contains("suspended")
    );
}

#[tokio::test]
async fn a_members_plays_and_token_go_with_their_account() {
    let app = TestApp::new();
    catalogue(&app);
    let (session, user_id) = app.member("navi");
    let token = make_token(&app, &session).await;
    let body = json!({"listen_type": "single", "payload": [listen(1_700_000_000, "Burial", Some("Untrue"), "Archangel", None)]});
    assert_eq!(submit(&app, &token, body).await.status, StatusCode::OK);
    app.conn()
        .execute("DELETE FROM users WHERE id = ?1", [user_id])
        .unwrap();
    for table in ["player_tokens", "player_listens", "player_unmatched"] {
        assert_eq!(app.rows(table), 0, "{table}");
    }
}
