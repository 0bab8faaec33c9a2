//! The catalogue API: artists, albums, genres, charts and search.

use crate::common;

use axum::body::Body;
use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse, request};
use halfstar::db::{self, ratings, users};
use halfstar::domain::{RatingValue, Role};
use serde_json::{Value, json};

fn message(response: &TestResponse) -> String {
    response.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn titles(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|album| album["title"].as_str().unwrap().to_owned())
        .collect()
}

/// An app with an editor signed in.
async fn with_editor() -> (TestApp, String) {
    TestApp::with_editor("crate_digger").await
}

async fn add_artist(app: &TestApp, token: &str, name: &str) -> Value {
    app.add_artist(token, name).await
}

async fn add_album(app: &TestApp, token: &str, body: Value) -> TestResponse {
    app.call(Method::POST, "/api/album", Some(token), Some(body))
        .await
}

async fn album(
    app: &TestApp,
    token: &str,
    artist: &str,
    title: &str,
    date: &str,
    genres: &str,
) -> i64 {
    let body = json!({ "artist": artist, "title": title, "releaseDate": date, "genres": genres, "type": "LP" });
    let response = add_album(app, token, body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["albumId"].as_i64().unwrap()
}

/// Members who only rate, made directly (signing up hashes a password each time).
fn raters(app: &TestApp, count: usize) -> Vec<i64> {
    let conn = app.conn();
    let first: i64 = conn
        .query_row("SELECT count(*) FROM users", [], |r| r.get(0))
        .unwrap();
    (0..count)
        .map(|n| {
            let name = format!("rater{}", first as usize + n);
            let user = users::NewUser {
                username: &name,
                email: &format!("{name}@example.org"),
                password_hash: "not-a-hash",
                profile_picture_url: "",
                role: Role::User,
            };
            users::insert(&conn, &user, "2026-01-01T00:00:00.000Z").unwrap()
        })
        .collect()
}

/// Rates `album_id` once by each of `numbers`, `days_ago` days back.
fn rate_many(app: &TestApp, album_id: i64, numbers: &[f64], days_ago: i64) {
    let members = raters(app, numbers.len());
    let when = halfstar::domain::timestamp::before_now(time::Duration::days(days_ago));
    let mut conn = app.conn();
    let tx = conn.transaction().unwrap();
    for (user_id, number) in members.iter().zip(numbers) {
        let value = RatingValue::from_f64(*number).expect("a half step");
        ratings::upsert(&tx, *user_id, album_id, Some(value), &when).unwrap();
    }
    tx.commit().unwrap();
}

#[tokio::test]
async fn artists_are_found_by_name_or_slug_in_any_case_and_without_accents() {
    let (app, token) = with_editor().await;
    let bjork = add_artist(&app, &token, "Björk").await;
    let sigur = add_artist(&app, &token, "Sigur Rós").await;
    assert_eq!(bjork["slug"], "bjork");
    assert_eq!(sigur["slug"], "sigur-ros");
    for (path, id) in [
        ("Bj%C3%B6rk", &bjork),
        ("BJ%C3%96RK", &bjork),
        ("bjork", &bjork),
        ("sigur-ros", &sigur),
        ("Sigur%20Ros", &sigur),
        ("SIGUR%20R%C3%93S", &sigur),
    ] {
        let found = app.get(&format!("/api/artist/name/{path}")).await;
        assert_eq!(found.status, StatusCode::OK, "{path}");
        assert_eq!(found.json()["artistId"], id["artistId"], "{path}");
    }
    let missing = app.get("/api/artist/name/nobody").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(message(&missing), "No artist called nobody");
}

#[tokio::test]
async fn catalogue_writes_need_the_editor_role() {
    let (app, editor) = with_editor().await;
    let artist = add_artist(&app, &editor, "Radiohead").await;
    let (member, _) = app.sign_up("mira99").await;
    let artist_id = artist["artistId"].as_i64().unwrap();
    let writes = [
        (
            Method::POST,
            "/api/artist".to_owned(),
            json!({ "name": "Blur" }),
        ),
        (
            Method::PATCH,
            format!("/api/artist/{artist_id}"),
            json!({ "name": "Blur" }),
        ),
        (
            Method::POST,
            "/api/album".to_owned(),
            json!({ "artist": "Radiohead", "title": "Kid A", "releaseDate": "2000-10-02" }),
        ),
        (
            Method::PATCH,
            "/api/album/1".to_owned(),
            json!({ "title": "Kid B" }),
        ),
    ];
    for (method, path, body) in writes {
        let anonymous = app
            .call(method.clone(), &path, None, Some(body.clone()))
            .await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{path}");
        let refused = app.call(method, &path, Some(&member), Some(body)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(message(&refused), "Insufficient permissions");
    }
    let (admin, admin_id) = app.sign_up("vinylvera").await;
    app.set_role(admin_id, Role::Admin);
    let by_admin = app
        .call(
            Method::POST,
            "/api/artist",
            Some(&admin),
            Some(json!({ "name": "Blur" })),
        )
        .await;
    assert_eq!(by_admin.status, StatusCode::CREATED);
    assert_eq!(
        app.get("/api/album/name/kid-a").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn artist_fields_are_checked_and_names_are_unique() {
    let (app, token) = with_editor().await;
    let cases = [
        (json!({ "description": "no name" }), "name is required"),
        (json!({ "name": "   " }), "name is required"),
        (
            json!({ "name": "x".repeat(301) }),
            "name must be at most 300 characters",
        ),
        (
            json!({ "name": "Blur", "pictureUrl": "javascript:alert(1)" }),
            "pictureUrl must be an http(s) URL or empty",
        ),
        (json!({ "name": 7 }), "name"),
    ];
    for (body, expected) in cases {
        let response = app
            .call(
                Method::POST,
                "/api/artist",
                Some(&token),
                Some(body.clone()),
            )
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            message(&response).contains(expected),
            "{body}: {}",
            message(&response)
        );
    }
    add_artist(&app, &token, "Björk").await;
    let duplicate = app
        .call(
            Method::POST,
            "/api/artist",
            Some(&token),
            Some(json!({ "name": "BJÖRK" })),
        )
        .await;
    assert_eq!(duplicate.status, StatusCode::CONFLICT);
    assert_eq!(message(&duplicate), "An artist called BJÖRK already exists");
}

#[tokio::test]
async fn editing_an_artist_keeps_what_is_not_sent_and_renames_its_slug() {
    let (app, token) = with_editor().await;
    let artist = add_artist(&app, &token, "On a Friday").await;
    add_artist(&app, &token, "Blur").await;
    let path = format!("/api/artist/{}", artist["artistId"]);
    let described = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "description": "Oxford band" })),
        )
        .await;
    assert_eq!(described.status, StatusCode::OK);
    assert_eq!(described.json()["name"], "On a Friday");
    assert_eq!(described.json()["description"], "Oxford band");

    let renamed = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "name": "Radiohead" })),
        )
        .await;
    assert_eq!(renamed.json()["slug"], "radiohead");
    assert_eq!(renamed.json()["description"], "Oxford band");
    assert_eq!(
        app.get("/api/artist/name/radiohead").await.status,
        StatusCode::OK
    );

    let clash = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "name": "blur" })),
        )
        .await;
    assert_eq!(clash.status, StatusCode::CONFLICT);
    let missing = app
        .call(
            Method::PATCH,
            "/api/artist/999",
            Some(&token),
            Some(json!({ "name": "X" })),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_album_carries_every_field_and_derives_its_year() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Radiohead").await;
    let response = add_album(
        &app,
        &token,
        json!({
            "artist": "radiohead",
            "title": "OK Computer",
            "releaseDate": "1997-05-21",
            "releaseYear": 1850,
            "pictureUrl": "https://covers.example/ok.jpg",
            "genres": "Art Rock, alternative rock, zeuhl",
            "styles": ["Art Rock"],
            "type": "lp"
        }),
    )
    .await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    let album = response.json();
    assert_eq!(album["title"], "OK Computer");
    assert_eq!(album["artist"], "Radiohead");
    assert_eq!(album["releaseDate"], "1997-05-21");
    assert_eq!(album["releaseYear"], 1997);
    assert_eq!(album["type"], "LP");
    assert_eq!(album["slug"], "ok-computer");
    assert_eq!(album["pictureUrl"], "https://covers.example/ok.jpg");
    assert_eq!(album["styles"], json!(["Art Rock"]));
    assert_eq!(album["averageRating"], 0.0);
    assert_eq!(album["numberOfRatings"], 0);
    assert_eq!(album["numberOfReviews"], 0);
    assert_eq!(album["userRating"], Value::Null);
    let genres: Vec<&str> = album["genres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    // Known genres keep the list's spelling; an unknown one is created.
    assert_eq!(genres, ["Art Rock", "Alternative Rock", "Zeuhl"]);
    assert_eq!(
        app.get("/api/genre/name/zeuhl").await.status,
        StatusCode::OK
    );

    let year_only = add_album(
        &app,
        &token,
        json!({ "artist": "Radiohead", "title": "Pablo Honey", "releaseDate": "1993" }),
    )
    .await;
    assert_eq!(year_only.json()["releaseDate"], "1993-01-01");
    let month = add_album(
        &app,
        &token,
        json!({ "artist": "Radiohead", "title": "The Bends", "releaseDate": "1995-03", "type": "LP" }),
    )
    .await;
    assert_eq!(month.json()["releaseDate"], "1995-03-01");
}

/// `releaseDate` and `releaseDatePrecision` of an album in an answer.
fn date_of(album: &Value) -> (&str, &str) {
    (
        album["releaseDate"].as_str().unwrap_or("none"),
        album["releaseDatePrecision"].as_str().unwrap_or("none"),
    )
}

#[tokio::test]
async fn a_release_date_keeps_the_precision_it_was_given_in_every_answer() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Radiohead").await;
    let added = add_album(
        &app,
        &token,
        json!({ "artist": "Radiohead", "title": "Pablo Honey", "releaseDate": "2019", "genres": "Rock" }),
    )
    .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let id = added.json()["albumId"].as_i64().unwrap();
    assert_eq!(date_of(&added.json()), ("2019-01-01", "year"));
    assert_eq!(added.json()["releaseYear"], 2019);
    album(&app, &token, "Radiohead", "The Bends", "2019-05", "Rock").await;
    album(&app, &token, "Radiohead", "Kid A", "2018-12-31", "Rock").await;
    album(&app, &token, "Radiohead", "Amnesiac", "2019-01-02", "Rock").await;

    let page = app
        .get("/api/album/name/radiohead/pablo-honey")
        .await
        .json();
    assert_eq!(date_of(&page), ("2019-01-01", "year"));
    // Lists sort a year or month at the first day of its period.
    let list = app.get("/api/album/artist/radiohead").await.json();
    assert_eq!(
        titles(&list),
        ["The Bends", "Amnesiac", "Pablo Honey", "Kid A"]
    );
    let dates: Vec<_> = list.as_array().unwrap().iter().map(date_of).collect();
    assert_eq!(
        dates,
        [
            ("2019-05-01", "month"),
            ("2019-01-02", "day"),
            ("2019-01-01", "year"),
            ("2018-12-31", "day")
        ]
    );
    let chart = app.get("/api/album/top-albums/year/2019").await.json();
    assert_eq!(
        titles(&chart["mostRecent"]),
        ["The Bends", "Amnesiac", "Pablo Honey"]
    );
    assert_eq!(date_of(&chart["mostRecent"][2]), ("2019-01-01", "year"));
    let genre = app.get("/api/genre/top-rated/all-time/rock").await;
    assert_eq!(genre.status, StatusCode::OK, "{}", genre.text());
    assert_eq!(
        date_of(&genre.json()["mostRecent"][2]),
        ("2019-01-01", "year")
    );

    // The member export says it too.
    let (member, _) = app.sign_up("mira99").await;
    let rated = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&member),
            Some(json!({ "albumId": id, "artistId": 1, "number": 8 })),
        )
        .await;
    assert!(rated.status.is_success(), "{}", rated.text());
    let export = app
        .call(Method::GET, "/api/user/me/export", Some(&member), None)
        .await
        .json();
    assert_eq!(
        date_of(&export["library"][0]["album"]),
        ("2019-01-01", "year")
    );

    let path = format!("/api/album/{id}");
    let patch = |body: Value| app.call(Method::PATCH, &path, Some(&token), Some(body));
    // An edit that leaves the date alone keeps its precision.
    let renamed = patch(json!({ "title": "Pablo Honey (Remaster)" })).await;
    assert_eq!(date_of(&renamed.json()), ("2019-01-01", "year"));
    // The album sent back as it was answered keeps it too.
    let sent_back = patch(renamed.json()).await;
    assert_eq!(sent_back.status, StatusCode::OK, "{}", sent_back.text());
    assert_eq!(date_of(&sent_back.json()), ("2019-01-01", "year"));
    let full = patch(json!({ "releaseDate": "2019-02-22" })).await;
    assert_eq!(date_of(&full.json()), ("2019-02-22", "day"));
    let slug = full.json()["slug"].as_str().unwrap().to_owned();
    let page = app
        .get(&format!("/api/album/name/radiohead/{slug}"))
        .await
        .json();
    assert_eq!(date_of(&page), ("2019-02-22", "day"));
    let narrowed = patch(json!({ "releaseDatePrecision": "month" })).await;
    assert_eq!(date_of(&narrowed.json()), ("2019-02-01", "month"));

    for (body, wanted) in [
        (json!({ "releaseDate": "2019-13" }), "releaseDate"),
        (json!({ "releaseDate": "19" }), "releaseDate"),
        (json!({ "releaseDate": "2019-02-30" }), "releaseDate"),
        (
            json!({ "releaseDatePrecision": "decade" }),
            "releaseDatePrecision",
        ),
        (
            json!({ "releaseDate": "2019", "releaseDatePrecision": "day" }),
            "releaseDatePrecision",
        ),
    ] {
        let refused = patch(body.clone()).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            message(&refused).contains(wanted),
            "{body}: {}",
            message(&refused)
        );
    }
    let refused = add_album(
        &app,
        &token,
        json!({ "artist": "Radiohead", "title": "Hail", "releaseDate": "2003-5" }),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(message(&refused).starts_with("releaseDate must be"));

    // Albums added in bulk keep it as well.
    let many = app
        .call(
            Method::POST,
            "/api/album/create-many",
            Some(&token),
            Some(json!([{ "artist": "Radiohead", "title": "Hail to the Thief", "releaseDate": "2003-06" }])),
        )
        .await;
    assert_eq!(many.status, StatusCode::OK, "{}", many.text());
    let hail = app
        .get("/api/album/name/radiohead/hail-to-the-thief")
        .await
        .json();
    assert_eq!(date_of(&hail), ("2003-06-01", "month"));
}

#[tokio::test]
async fn a_joined_string_is_split_at_commas_but_a_listed_name_keeps_its_own() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Ry Cooder").await;
    let listed = add_album(
        &app,
        &token,
        json!({ "artist": "Ry Cooder", "title": "Paris, Texas", "releaseDate": "1985",
                "genres": ["Folk, World, & Country", { "name": "Soundtrack" }], "type": "Other" }),
    )
    .await;
    assert_eq!(listed.status, StatusCode::CREATED, "{}", listed.text());
    let names: Vec<String> = listed.json()["genres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Folk, World, & Country", "Soundtrack"]);

    let joined = add_album(
        &app,
        &token,
        json!({ "artist": "Ry Cooder", "title": "Bop Till You Drop", "releaseDate": "1979",
                "genres": "blues, rock ,", "type": "LP" }),
    )
    .await;
    let names: Vec<String> = joined.json()["genres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Blues", "Rock"]);
}

#[tokio::test]
async fn bad_album_fields_are_named() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Radiohead").await;
    let base = json!({ "artist": "Radiohead", "title": "Kid A", "releaseDate": "2000-10-02", "type": "LP" });
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    let eleven: Vec<String> = (1..=11).map(|n| format!("genre {n}")).collect();
    let cases = [
        (with("title", json!("")), "title is required"),
        (
            with("title", json!("t".repeat(301))),
            "title must be at most 300",
        ),
        (with("releaseDate", json!("2000-02-30")), "releaseDate"),
        (with("releaseDate", json!("10/02/2000")), "releaseDate"),
        (with("releaseDate", json!("")), "releaseDate"),
        (
            with("type", json!("Single")),
            "type must be one of LP, EP, Live, Other",
        ),
        (with("genres", json!(eleven)), "genres: at most 10"),
        (
            with("pictureUrl", json!("ftp://covers.example/a.jpg")),
            "pictureUrl",
        ),
        (with("artist", json!("")), "artist is required"),
    ];
    for (body, expected) in cases {
        let response = add_album(&app, &token, body.clone()).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            message(&response).contains(expected),
            "{body}: {}",
            message(&response)
        );
    }
    let unknown = add_album(&app, &token, with("artist", json!("Blur"))).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        message(&unknown),
        "No artist called Blur: add the artist first"
    );
    let no_date = add_album(
        &app,
        &token,
        json!({ "artist": "Radiohead", "title": "Kid A" }),
    )
    .await;
    assert_eq!(message(&no_date), "releaseDate is required");
}

#[tokio::test]
async fn duplicates_are_refused_but_a_title_may_repeat_across_types_and_artists() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Queen").await;
    add_artist(&app, &token, "ABBA").await;
    album(&app, &token, "Queen", "Greatest Hits", "1981-10-26", "Rock").await;
    let again = add_album(
        &app,
        &token,
        json!({ "artist": "Queen", "title": "GREATEST HITS", "releaseDate": "1981", "type": "LP" }),
    )
    .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    let live = add_album(
        &app,
        &token,
        json!({ "artist": "Queen", "title": "Greatest Hits", "releaseDate": "1982", "type": "Live" }),
    )
    .await;
    assert_eq!(live.status, StatusCode::CREATED);
    assert_eq!(live.json()["slug"], "greatest-hits-2");
    let abba = album(&app, &token, "ABBA", "Greatest Hits", "1975-11-17", "Pop").await;

    // The title's own slug names each artist's album, whatever slug it was given.
    let found = app.get("/api/album/name/abba/greatest-hits").await;
    assert_eq!(found.json()["albumId"], abba);
    let found = app.get("/api/album/name/ABBA/Greatest%20Hits").await;
    assert_eq!(found.json()["albumId"], abba);
    let missing = app.get("/api/album/name/abba/waterloo").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(message(&missing), "abba has no album called waterloo");
}

#[tokio::test]
async fn editing_an_album_keeps_what_is_not_sent() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Radiohead").await;
    add_artist(&app, &token, "Thom Yorke").await;
    let id = album(
        &app,
        &token,
        "Radiohead",
        "Kid A",
        "2000-10-02",
        "Electronic, Art Rock",
    )
    .await;
    let path = format!("/api/album/{id}");
    let edited = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "genres": [{ "name": "Electronic" }, { "name": "Ambient" }], "releaseYear": 1999 })),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
    let edited = edited.json();
    assert_eq!(edited["title"], "Kid A");
    assert_eq!(edited["releaseYear"], 2000);
    assert_eq!(
        edited["genres"],
        json!([{ "name": "Electronic", "slug": "electronic" }, { "name": "Ambient", "slug": "ambient" }])
    );

    let moved = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "title": "The Eraser", "artist": "thom yorke", "releaseDate": "2006-07-10" })),
        )
        .await
        .json();
    assert_eq!(moved["artist"], "Thom Yorke");
    assert_eq!(moved["slug"], "the-eraser");
    assert_eq!(moved["releaseYear"], 2006);
    let bad = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "type": "Single" })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let missing = app
        .call(
            Method::PATCH,
            "/api/album/999",
            Some(&token),
            Some(json!({ "title": "X" })),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn albums_named_like_fixed_path_words_are_found() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "The Words").await;
    for title in ["Recent", "Featured", "popular-albums", "top-albums"] {
        album(&app, &token, "The Words", title, "2001-01-01", "").await;
    }
    for (path, title) in [
        ("/api/album/name/Recent", "Recent"),
        ("/api/album/name/featured", "Featured"),
        ("/api/album/name/popular-albums", "popular-albums"),
        ("/api/album/name/the-words/top-albums", "top-albums"),
        ("/api/album/name/the-words/recent", "Recent"),
    ] {
        let found = app.get(path).await;
        assert_eq!(found.status, StatusCode::OK, "{path}");
        assert_eq!(found.json()["title"], title, "{path}");
    }
}

#[tokio::test]
async fn an_artists_albums_come_newest_first_with_the_callers_rating() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Radiohead").await;
    let bends = album(&app, &token, "Radiohead", "The Bends", "1995-03-13", "").await;
    album(&app, &token, "Radiohead", "Kid A", "2000-10-02", "").await;
    album(&app, &token, "Radiohead", "OK Computer", "1997-05-21", "").await;
    let (member, member_id) = app.sign_up("mira99").await;
    {
        let mut conn = app.conn();
        let tx = conn.transaction().unwrap();
        let nine = RatingValue::from_f64(9.0);
        ratings::upsert(&tx, member_id, bends, nine, "2026-01-01T00:00:00.000Z").unwrap();
        tx.commit().unwrap();
    }
    let mine = app
        .call(
            Method::GET,
            "/api/album/artist/radiohead",
            Some(&member),
            None,
        )
        .await
        .json();
    assert_eq!(titles(&mine), ["Kid A", "OK Computer", "The Bends"]);
    assert_eq!(mine[2]["userRating"], 9.0);
    assert_eq!(mine[2]["averageRating"], 9.0);
    assert_eq!(mine[0]["userRating"], Value::Null);
    let anonymous = app.get("/api/album/artist/radiohead").await.json();
    assert_eq!(anonymous[2]["userRating"], Value::Null);
    let artist = app.get("/api/artist/name/radiohead").await.json();
    assert_eq!(
        (
            artist["averageRating"].as_f64(),
            artist["numberOfRatings"].as_i64()
        ),
        (Some(9.0), Some(1))
    );
    assert_eq!(
        app.get("/api/album/artist/blur").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn one_perfect_rating_ranks_below_two_hundred_averaging_nine_point_two() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Various").await;
    let lone = album(&app, &token, "Various", "One Ten", "2001-01-01", "Rock").await;
    let loved = album(&app, &token, "Various", "Much Loved", "2001-01-01", "Rock").await;
    let middling = album(&app, &token, "Various", "Middling", "2001-01-01", "Rock").await;
    rate_many(&app, lone, &[10.0], 400);
    // 200 ratings: 40 of 10 and 160 of 9 average 9.2.
    let mut two_hundred = vec![10.0; 40];
    two_hundred.extend(vec![9.0; 160]);
    rate_many(&app, loved, &two_hundred, 400);
    rate_many(&app, middling, &[5.0; 30], 400);

    let chart = app
        .get("/api/genre/top-rated/all-time/all-genres")
        .await
        .json();
    assert_eq!(
        titles(&chart["topTen"]),
        ["Much Loved", "One Ten", "Middling"]
    );
    let loved_average = chart["topTen"][0]["averageRating"].as_f64().unwrap();
    assert!((loved_average - 9.2).abs() < 1e-9);
    assert_eq!(
        titles(&chart["mostPopular"]),
        ["Much Loved", "Middling", "One Ten"]
    );
}

/// The issue 17 case: on a fresh site whose only ratings are one 10/10 and
/// fifteen 9/10s, the fifteen rank first in every scope; they still do once
/// the rest of the site is busy and their year and genre stay quiet.
#[tokio::test]
async fn fifteen_nines_outrank_one_ten_in_every_scope() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Various").await;
    let lone = album(
        &app,
        &token,
        "Various",
        "One Ten",
        "2003-04-01",
        "Krautrock",
    )
    .await;
    let nines = album(
        &app,
        &token,
        "Various",
        "Fifteen Nines",
        "2003-09-01",
        "Krautrock",
    )
    .await;
    rate_many(&app, lone, &[10.0], 1);
    rate_many(&app, nines, &[9.0; 15], 1);
    let scopes = [
        "/api/genre/top-rated/all-time/all-genres",
        "/api/genre/top-rated/all-genres",
        "/api/album/top-albums/year/2003",
        "/api/genre/top-rated/krautrock",
        "/api/genre/top-rated/2003/krautrock",
    ];
    for path in scopes {
        let chart = app.get(path).await.json();
        assert_eq!(
            titles(&chart["topTen"]),
            ["Fifteen Nines", "One Ten"],
            "{path}"
        );
    }

    // A busy site elsewhere: the quiet year and genre keep the same order.
    let busy = album(&app, &token, "Various", "Busy", "1990-01-01", "Pop").await;
    rate_many(&app, busy, &[7.0; 300], 1);
    for path in &scopes[2..] {
        let chart = app.get(path).await.json();
        assert_eq!(
            titles(&chart["topTen"]),
            ["Fifteen Nines", "One Ten"],
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_prior_weight_is_configurable_and_ties_go_to_more_ratings_then_title() {
    let (mut app, token) = with_editor().await;
    add_artist(&app, &token, "Various").await;
    let b = album(&app, &token, "Various", "B Side", "2001-01-01", "").await;
    let a = album(&app, &token, "Various", "A Side", "2001-01-01", "").await;
    let more = album(&app, &token, "Various", "C Side", "2001-01-01", "").await;
    rate_many(&app, b, &[8.0, 8.0], 1);
    rate_many(&app, a, &[8.0, 8.0], 1);
    rate_many(&app, more, &[8.0, 8.0, 8.0], 1);
    let chart = app.get("/api/album/top-albums/year/2001").await.json();
    assert_eq!(titles(&chart["topTen"]), ["C Side", "A Side", "B Side"]);

    // With no prior, the raw mean decides: a lone 10 beats many 9s.
    let lone = album(&app, &token, "Various", "Lone", "2001-01-01", "").await;
    rate_many(&app, lone, &[10.0], 1);
    let many = album(&app, &token, "Various", "Many", "2001-01-01", "").await;
    rate_many(&app, many, &[9.5; 50], 1);
    app.state.chart_prior_weight = 0.0;
    let raw = app
        .get("/api/album/top-albums/year/2001?limit=2")
        .await
        .json();
    assert_eq!(titles(&raw["topTen"]), ["Lone", "Many"]);
    app.state.chart_prior_weight = 5.0;
    let weighted = app
        .get("/api/album/top-albums/year/2001?limit=2")
        .await
        .json();
    assert_eq!(titles(&weighted["topTen"]), ["Many", "Lone"]);
}

#[tokio::test]
async fn charts_filter_by_year_and_genre_and_page() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Various").await;
    let rated = [
        ("Rock 97 A", "1997-01-01", "Rock", 9.0),
        ("Rock 97 B", "1997-06-01", "Rock, Shoegaze", 8.0),
        ("Rock 97 C", "1997-12-01", "rock", 7.0),
        ("Jazz 97", "1997-03-01", "Jazz", 10.0),
        ("Rock 99", "1999-01-01", "Rock", 9.5),
    ];
    for (title, date, genres, number) in rated {
        let id = album(&app, &token, "Various", title, date, genres).await;
        rate_many(&app, id, &[number; 3], 10);
    }
    album(
        &app,
        &token,
        "Various",
        "Unrated Rock 97",
        "1997-12-31",
        "Rock",
    )
    .await;

    let rock_97 = app.get("/api/genre/top-rated/1997/rock").await.json();
    assert_eq!(
        titles(&rock_97["topTen"]),
        ["Rock 97 A", "Rock 97 B", "Rock 97 C"]
    );
    assert_eq!(
        titles(&rock_97["mostRecent"]),
        ["Unrated Rock 97", "Rock 97 C", "Rock 97 B", "Rock 97 A"]
    );
    let all_1997 = app.get("/api/album/top-albums/year/1997").await.json();
    assert_eq!(titles(&all_1997["topTen"])[0], "Jazz 97");
    assert_eq!(titles(&all_1997["topTen"]).len(), 4);
    let rock = app.get("/api/genre/top-rated/Rock").await.json();
    assert_eq!(titles(&rock["topTen"])[0], "Rock 99");
    let shoegaze = app
        .get("/api/genre/top-rated/all-time/shoegaze")
        .await
        .json();
    assert_eq!(titles(&shoegaze["topTen"]), ["Rock 97 B"]);

    let page_two = app
        .get("/api/genre/top-rated/1997/rock?limit=2&page=2")
        .await
        .json();
    assert_eq!(titles(&page_two["topTen"]), ["Rock 97 C"]);
    assert_eq!(titles(&page_two["mostRecent"]), ["Rock 97 B", "Rock 97 A"]);
    for bad in ["limit=0", "limit=101", "page=0", "limit=ten"] {
        let response = app.get(&format!("/api/genre/top-rated/rock?{bad}")).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let bad_year = app.get("/api/genre/top-rated/97/rock").await;
    assert_eq!(bad_year.status, StatusCode::BAD_REQUEST);
    let unknown = app.get("/api/genre/top-rated/1997/polka-noir").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(message(&unknown), "No genre called polka-noir");
}

#[tokio::test]
async fn popular_albums_favour_the_last_thirty_days_then_all_time() {
    let (app, token) = with_editor().await;
    add_artist(&app, &token, "Various").await;
    let classic = album(&app, &token, "Various", "Old Favourite", "1970-01-01", "").await;
    let fresh = album(&app, &token, "Various", "New Buzz", "2026-01-01", "").await;
    let steady = album(&app, &token, "Various", "Steady", "1980-01-01", "").await;
    album(&app, &token, "Various", "Nobody Rated", "1990-01-01", "").await;
    rate_many(&app, classic, &[8.0; 20], 200);
    rate_many(&app, fresh, &[7.0; 3], 2);
    rate_many(&app, steady, &[6.0; 5], 90);
    let popular = app.get("/api/album/popular-albums").await.json();
    assert_eq!(titles(&popular), ["New Buzz", "Old Favourite", "Steady"]);
    let one = app.get("/api/album/popular-albums?limit=1").await.json();
    assert_eq!(titles(&one), ["New Buzz"]);
    assert_eq!(
        app.get("/api/album/popular-albums?limit=500").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn genres_are_listed_and_found_by_name_or_slug() {
    let app = TestApp::new();
    let all = app.get("/api/genre").await.json();
    assert!(all.as_array().unwrap().len() > 100);
    for path in ["hip-hop", "Hip%20Hop", "HIP%20HOP"] {
        let genre = app.get(&format!("/api/genre/name/{path}")).await;
        assert_eq!(genre.status, StatusCode::OK, "{path}");
        let genre = genre.json();
        assert_eq!(genre["name"], "Hip Hop");
        assert!(genre["description"].as_str().unwrap().len() > 40);
    }
    assert_eq!(
        app.get("/api/genre/name/polka-noir").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn search_matches_prefixes_without_accents_and_refuses_bad_queries() {
    let (mut app, token) = with_editor().await;
    // Kept as a server keeps them: every change to the catalogue below must
    // still show in the next search.
    app.state.rankings = halfstar::api::Rankings::new(std::time::Duration::from_secs(600));
    add_artist(&app, &token, "Sigur Rós").await;
    add_artist(&app, &token, "Radiohead").await;
    album(&app, &token, "Sigur Rós", "Ágætis byrjun", "1999-06-12", "").await;
    album(&app, &token, "Radiohead", "OK Computer", "1997-05-21", "").await;

    let found = app.get("/api/search?q=sig").await.json();
    assert_eq!(found["artists"][0]["name"], "Sigur Rós");
    let found = app.get("/api/search?q=agaet").await.json();
    assert_eq!(found["albums"][0]["title"], "Ágætis byrjun");
    assert_eq!(found["albums"][0]["artist"], "Sigur Rós");
    let found = app.get("/api/search?q=%C3%81G%C3%86T").await.json();
    assert_eq!(found["albums"][0]["title"], "Ágætis byrjun");
    let found = app.get("/api/search?q=ok%20comp").await.json();
    assert_eq!(found["albums"][0]["title"], "OK Computer");
    // Album words may also match the artist's name; title words weigh more.
    let found = app.get("/api/search?q=radiohead%20ok").await.json();
    assert_eq!(found["albums"][0]["title"], "OK Computer");
    let found = app.get("/api/search?q=sigur").await.json();
    assert_eq!(found["albums"][0]["title"], "Ágætis byrjun");
    album(&app, &token, "Radiohead", "Kid A", "2000-10-02", "").await;
    album(
        &app,
        &token,
        "Sigur Rós",
        "Radiohead Covers",
        "2001-01-01",
        "",
    )
    .await;
    let found = app.get("/api/search?q=radiohead").await.json();
    assert_eq!(found["albums"][0]["title"], "Radiohead Covers");
    assert_eq!(found["albums"].as_array().unwrap().len(), 3);
    // Renaming the artist renames it in the album index too.
    let radiohead = app.get("/api/artist/name/radiohead").await.json();
    let renamed = app
        .call(
            Method::PATCH,
            &format!("/api/artist/{}", radiohead["artistId"]),
            Some(&token),
            Some(json!({ "name": "On A Friday", "description": "", "pictureUrl": "" })),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
    let found = app.get("/api/search?q=friday%20kid").await.json();
    assert_eq!(found["albums"][0]["title"], "Kid A");
    assert_eq!(found["albums"][0]["artist"], "On A Friday");
    let found = app.get("/api/search?q=radiohead").await.json();
    assert_eq!(found["albums"].as_array().unwrap().len(), 1, "{found}");

    let one = app.get("/api/search?q=a&limit=1").await.json();
    assert_eq!(one["albums"].as_array().unwrap().len(), 1);
    for bad in ["0", "26", "x"] {
        let response = app.get(&format!("/api/search?q=a&limit={bad}")).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "limit={bad}");
    }
    let nothing = app.get("/api/search?q=zzz").await.json();
    assert_eq!(nothing, json!({ "artists": [], "albums": [], "lists": [] }));
    let syntax = app.get("/api/search?q=%22AND%20OR%20NEAR(%2A").await;
    assert_eq!(syntax.status, StatusCode::OK);

    for bad in ["", "q=", "q=%20%20", &format!("q={}", "a".repeat(101))] {
        let response = app.get(&format!("/api/search?{bad}")).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(message(&response), "q must be 1 to 100 characters");
    }
}

#[tokio::test]
async fn the_demo_catalogue_answers_every_endpoint() {
    let app = TestApp::new();
    {
        let mut conn = app.conn();
        halfstar::demo::load(&mut conn, "demo-hash").unwrap();
    }
    let artist = app.get("/api/artist/name/radiohead").await.json();
    assert_eq!(artist["name"], "Radiohead");
    let albums = app.get("/api/album/artist/radiohead").await.json();
    assert!(albums.as_array().unwrap().len() >= 5);
    let album = app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(album["releaseYear"], 1997);
    // Albums the demo knows only by year are dated by year, not made-up 1 Januaries.
    let coltrane = app
        .get("/api/album/name/john-coltrane/a-love-supreme")
        .await
        .json();
    assert_eq!(coltrane["releaseDatePrecision"], "year");
    assert_eq!(coltrane["releaseYear"], 1965);
    let first_januaries: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM albums
             WHERE release_date LIKE '%-01-01' AND release_date_precision = 'day'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(first_januaries, 0);
    assert_eq!(
        app.get("/api/album/name/ok-computer").await.json()["albumId"],
        album["albumId"]
    );

    // Every figure shown equals a fresh aggregate of the ratings.
    let conn = app.conn();
    let (count, sum): (i64, f64) = conn
        .query_row(
            "SELECT count(number), coalesce(sum(number), 0) FROM ratings WHERE album_id = ?1",
            [album["albumId"].as_i64().unwrap()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(album["numberOfRatings"], count);
    assert!((album["averageRating"].as_f64().unwrap() - sum / count as f64).abs() < 1e-9);

    let popular = app.get("/api/album/popular-albums").await.json();
    assert_eq!(popular.as_array().unwrap().len(), 20);
    let chart = app
        .get("/api/genre/top-rated/all-time/all-genres")
        .await
        .json();
    for list in ["topTen", "mostPopular", "mostRecent"] {
        assert_eq!(chart[list].as_array().unwrap().len(), 10, "{list}");
    }
    let rock = app.get("/api/genre/top-rated/rock").await.json();
    assert!(!rock["topTen"].as_array().unwrap().is_empty());
    let year = app.get("/api/album/top-albums/year/1997").await.json();
    assert!(
        year["mostRecent"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["releaseYear"] == 1997)
    );
    let search = app.get("/api/search?q=radio").await.json();
    assert_eq!(search["artists"][0]["name"], "Radiohead");
    drop(conn);
    let _ = db::checkpoint(&app.setup);
}

#[tokio::test]
async fn kept_answers_end_at_the_next_write_and_revalidate_with_etags() {
    let (mut app, token) = with_editor().await;
    app.state.kept_answers = halfstar::api::KeptAnswers::new(std::time::Duration::from_secs(600));
    let artist = add_artist(&app, &token, "Slowdive").await;
    let id = album(&app, &token, "Slowdive", "Souvlaki", "1993-05-17", "").await;
    let path = "/api/album/name/slowdive/souvlaki";

    let first = app.get(path).await;
    assert_eq!(first.json()["numberOfRatings"], 0);
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"'), "{etag:?}");
    let again = app.get(path).await;
    assert_eq!(
        (again.header("etag"), again.body.clone()),
        (etag.as_str(), first.body)
    );

    let mut revalidate = request(Method::GET, path, Body::empty());
    revalidate
        .headers_mut()
        .insert("if-none-match", etag.parse().unwrap());
    let unchanged = app.send(revalidate).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
    assert!(unchanged.body.is_empty());

    // A member's rating shows at once, to them and to everyone else.
    let (member, _) = app.sign_up("shoegazer").await;
    let rated = app
        .call(
            Method::POST,
            "/api/rating",
            Some(&member),
            Some(json!({ "albumId": id, "artistId": artist["artistId"], "number": 9 })),
        )
        .await;
    assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
    let after = app.get(path).await;
    assert_eq!(after.json()["numberOfRatings"], 1);
    assert_ne!(after.header("etag"), etag);
    let mine = app.call(Method::GET, path, Some(&member), None).await;
    assert_eq!(mine.json()["userRating"], 9.0);
    assert_eq!(mine.header("etag"), "", "a signed-in answer is never kept");

    // Errors are never kept.
    assert_eq!(
        app.get("/api/album/name/slowdive/pygmalion").await.status,
        StatusCode::NOT_FOUND
    );
    album(&app, &token, "Slowdive", "Pygmalion", "1995-02-06", "").await;
    assert_eq!(
        app.get("/api/album/name/slowdive/pygmalion").await.status,
        StatusCode::OK
    );
}

/// The slow orders are computed ahead of readers: a chart scope and a busy
/// search beginning are then served as the sweep left them, with nothing
/// computed on the request (an album the sweep did not see is not in them
/// until they are computed again).
#[tokio::test]
async fn swept_orders_are_served_without_computing_them() {
    let mut app = TestApp::new();
    let keep = std::time::Duration::from_secs(600);
    app.state.rankings = halfstar::api::Rankings::new(keep);
    let names: Vec<String> = (0..1100).map(|n| format!("Velvet {n}")).collect();
    let albums: Vec<(&str, &str)> = names
        .iter()
        .map(|name| (name.as_str(), "1997-05-21"))
        .collect();
    app.artist_with_albums("Harbor Lights", &albums, &["Rock".to_owned()]);
    let stopped = halfstar::api::sweep_orders(&app.conn(), &app.state.rankings, 5.0, &|| true);
    assert!(
        stopped.unwrap().is_none(),
        "a sweep told to stop keeps nothing"
    );
    let swept = halfstar::api::sweep_orders(&app.conn(), &app.state.rankings, 5.0, &|| false)
        .unwrap()
        .expect("not stopped");
    assert!(swept.chart_scopes >= 4, "{swept:?}");
    assert!(swept.search_beginnings >= 3, "{swept:?}");

    // Written behind the server's back: no kept order is forgotten.
    app.artist_with_albums(
        "Velvet Later",
        &[("Velvet Newest", "1997-12-31")],
        &["Rock".to_owned()],
    );
    let chart = app.get("/api/genre/top-rated/1997/rock").await.json();
    assert_eq!(chart["mostRecent"].as_array().unwrap().len(), 10);
    assert!(!chart.to_string().contains("Velvet Newest"), "{chart}");
    let found = app.get("/api/search?q=ve&limit=25").await.json();
    assert_eq!(found["albums"].as_array().unwrap().len(), 25);
    assert!(!found.to_string().contains("Velvet Newest"), "{found}");
    // A beginning the sweep left alone is computed when asked.
    let found = app.get("/api/search?q=velvet%20new").await.json();
    assert_eq!(found["albums"][0]["title"], "Velvet Newest");
}
