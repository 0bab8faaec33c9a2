//! The import page's calls: the lookups run on the server against a stand-in
//! for the sources, and the bulk album calls.

use crate::common;

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::TestApp;
use common::sources::MockSources;
use halfstar::domain::Role;
use halfstar::import::sources::Sources;
use serde_json::{Value, json};

fn app_with_sources(mock: &MockSources) -> TestApp {
    let mut app = TestApp::new();
    app.state.import_sources = Arc::new(Sources::new(mock.settings(true, false)));
    app
}

fn editor(app: &TestApp) -> String {
    let (token, id) = app.member("crate_digger");
    app.set_role(id, Role::Editor);
    token
}

#[tokio::test(flavor = "multi_thread")]
async fn only_editors_look_artists_up_and_the_answer_settles_who_it_is() {
    let mock = MockSources::start();
    let app = app_with_sources(&mock);
    let token = editor(&app);
    let (member, _) = app.member("lowend.theo");
    let path = "/api/import/artist?name=Radiohead";
    assert_eq!(
        app.call(Method::GET, path, None, None).await.status,
        StatusCode::UNAUTHORIZED
    );
    let refused = app.call(Method::GET, path, Some(&member), None).await;
    assert_eq!(
        (refused.status, refused.json()),
        (
            StatusCode::FORBIDDEN,
            json!({ "message": "Insufficient permissions" })
        )
    );

    let found = app.call(Method::GET, path, Some(&token), None).await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text());
    assert_eq!(
        found.json()["artist"],
        json!({
            "name": "Radiohead",
            "description": "Radiohead are an English rock band from Abingdon, Oxfordshire, formed in 1985.",
            "pictureUrl": "",
            "mbid": "a74b1b7f-71a5-4011-9441-d0b5e4122711"
        })
    );
    assert!(
        !found.text().contains("test-lastfm-key"),
        "keys never leave the server"
    );

    let unclear = app
        .call(
            Method::GET,
            "/api/import/artist?name=Nirvana",
            Some(&token),
            None,
        )
        .await
        .json();
    assert_eq!(unclear["artist"], Value::Null);
    let candidates = unclear["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 7, "every namesake");
    let uk = candidates
        .iter()
        .find(|c| c["mbid"] == "9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6")
        .unwrap();
    assert_eq!(
        uk,
        &json!({
            "mbid": "9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6",
            "name": "Nirvana",
            "disambiguation": "1960s UK psychedelic band",
            "artistType": "Group",
            "country": "GB",
            "activeYears": "1967–",
            "score": 100
        })
    );
    let missing = app
        .call(
            Method::GET,
            "/api/import/artist?name=Nobody%20Here",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json()["message"],
        "MusicBrainz has no artist called Nobody Here"
    );
    let blank = app
        .call(
            Method::GET,
            "/api/import/artist?name=%20",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(
        (blank.status, blank.json()["message"].clone()),
        (StatusCode::BAD_REQUEST, json!("name is required"))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn albums_are_previewed_then_added_updated_and_given_covers_in_bulk() {
    let mock = MockSources::start();
    let app = app_with_sources(&mock);
    let token = editor(&app);
    let preview = app
        .call(
            Method::GET,
            "/api/import/albums?name=radiohead",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
    let preview = preview.json();
    let albums = preview["albums"].as_array().unwrap().clone();
    assert_eq!(albums.len(), 4);
    assert_eq!(albums[1]["title"], "OK Computer");
    assert_eq!(albums[1]["genres"], "Alternative Rock, Art Rock, Rock");
    assert_eq!(albums[1]["releaseYear"], 1997);
    assert_eq!(albums[1]["type"], "LP");
    assert_eq!(albums[2]["title"], "Kid A");
    assert_eq!(albums[2]["releaseDate"], "2000-10-01");
    assert_eq!(albums[2]["releaseDatePrecision"], "month");
    let skipped = preview["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 12);
    assert!(skipped.contains(&json!({
        "title": "Creep", "kind": "single", "reason": "single (MusicBrainz: Single)"
    })));
    assert_eq!(preview["troubles"], json!([]));
    assert_eq!(preview["incomplete"], false);

    // Albums of an artist not yet in the catalogue are skipped, with the reason.
    let early = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(Value::Array(albums.clone())),
        )
        .await;
    assert_eq!(early.status, StatusCode::OK, "{}", early.text());
    assert_eq!(
        early.json()["skipped"][0]["reason"],
        "No artist called Radiohead: add the artist first"
    );

    let artist = preview["artist"].clone();
    let added = app
        .call(Method::POST, "/api/artist", Some(&token), Some(artist))
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let created = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(Value::Array(albums.clone())),
        )
        .await
        .json();
    assert_eq!(
        created["added"],
        json!(["Pablo Honey", "OK Computer", "Kid A", "A Moon Shaped Pool"])
    );
    let kid_a = app.get("/api/album/name/radiohead/kid-a").await.json();
    assert_eq!(
        (&kid_a["releaseDate"], &kid_a["releaseDatePrecision"]),
        (&json!("2000-10-01"), &json!("month")),
        "the precision travels from the preview to the catalogue"
    );
    let again = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(Value::Array(albums.clone())),
        )
        .await
        .json();
    assert_eq!(again["added"], json!([]));
    assert_eq!(again["skipped"][0]["reason"], "already in the catalogue");
    let album = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(album["releaseDate"], "1997-05-21");
    assert!(album["pictureUrl"].as_str().unwrap().ends_with("-500.jpg"));

    let mut changed = albums.clone();
    changed[1]["genres"] = json!("Art Rock");
    changed.push(
        json!({ "title": "Hail to the Thief", "artist": "Radiohead", "releaseDate": "2003-06-09" }),
    );
    let updated = app
        .call(
            Method::PATCH,
            "/api/album/update-many",
            Some(&token),
            Some(Value::Array(changed)),
        )
        .await
        .json();
    assert_eq!(updated["updated"], json!(["OK Computer"]));
    assert_eq!(
        updated["unchanged"],
        json!(["Pablo Honey", "Kid A", "A Moon Shaped Pool"]),
        "albums already as sent are not rewritten"
    );
    assert_eq!(
        updated["skipped"],
        json!([{ "title": "Hail to the Thief", "reason": "not in the catalogue" }])
    );
    let album = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(
        album["genres"],
        json!([{ "name": "Art Rock", "slug": "art-rock" }])
    );

    let photos = json!([{ "artist": "radiohead", "title": "kid a", "pictureUrl": "https://example.org/kid-a.jpg" }]);
    let covered = app
        .call(
            Method::PATCH,
            "/api/album/update-many/photos",
            Some(&token),
            Some(photos),
        )
        .await
        .json();
    assert_eq!(covered["updated"], json!(["kid a"]));
    assert_eq!(
        app.get("/api/album/name/radiohead/kid-a").await.json()["pictureUrl"],
        "https://example.org/kid-a.jpg"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_album_refuses_the_whole_call() {
    let mock = MockSources::start();
    let app = app_with_sources(&mock);
    let token = editor(&app);
    app.call(
        Method::POST,
        "/api/artist",
        Some(&token),
        Some(json!({ "name": "Radiohead" })),
    )
    .await;
    let albums = json!([
        { "title": "Pablo Honey", "artist": "Radiohead", "releaseDate": "1993-02-22" },
        { "title": "The Bends", "artist": "Radiohead", "releaseDate": "1995-13-13" }
    ]);
    let refused = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(albums),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .starts_with("albums[1]: releaseDate"),
        "{}",
        refused.text()
    );
    assert_eq!(
        app.get("/api/album/artist/radiohead").await.json(),
        json!([]),
        "nothing was written"
    );
    let empty = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(json!([])),
        )
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let bad_cover =
        json!([{ "artist": "Radiohead", "title": "x", "pictureUrl": "javascript:alert(1)" }]);
    let refused = app
        .call(
            Method::PATCH,
            "/api/album/update-many/photos",
            Some(&token),
            Some(bad_cover),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let (member, _) = app.member("lowend.theo");
    let denied = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&member),
            Some(json!([{ "title": "x", "artist": "Radiohead", "releaseDate": "2000" }])),
        )
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
}

/// The id is put into a MusicBrainz path: anything but a real one (`../`,
/// control characters) is refused before a source is called.
#[tokio::test(flavor = "multi_thread")]
async fn only_a_real_musicbrainz_id_is_sent_to_musicbrainz() {
    let mock = MockSources::start();
    let app = app_with_sources(&mock);
    let token = editor(&app);
    for lookup in ["artist", "albums"] {
        for mbid in ["..%2Frelease-group%2Fx", "tA%F3%AE%BB%A0-%C2%A7%0FJe", "42"] {
            let path = format!("/api/import/{lookup}?name=Radiohead&mbid={mbid}");
            let refused = app.call(Method::GET, &path, Some(&token), None).await;
            assert_eq!(
                (refused.status, refused.json()),
                (
                    StatusCode::BAD_REQUEST,
                    json!({ "message": "mbid must be a MusicBrainz id" })
                ),
                "{path}"
            );
        }
    }
    assert_eq!(mock.musicbrainz_requests(), Vec::<String>::new());

    // A blank id is no id: the name settles who it is.
    let blank = app
        .call(
            Method::GET,
            "/api/import/artist?name=Radiohead&mbid=%20",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(blank.status, StatusCode::OK, "{}", blank.text());
    let chosen = app
        .call(
            Method::GET,
            "/api/import/artist?name=Radiohead&mbid=A74B1B7F-71A5-4011-9441-D0B5E4122711",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text());
    assert_eq!(
        chosen.json()["artist"]["mbid"],
        "a74b1b7f-71a5-4011-9441-d0b5e4122711"
    );
}
