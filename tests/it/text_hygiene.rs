//! Text fields refuse NUL and other control characters (running text keeps
//! its line breaks) and names and titles refuse bidirectional overrides;
//! each refusal is a 400 naming the field, with nothing written.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::{Value, json};

const NUL: &str = "a\u{0}b";
const ESCAPE: &str = "red \u{1b}[31m text";
const OVERRIDE: &str = "cover\u{202E}gnp.exe";

async fn refused(app: &TestApp, token: &str, method: Method, path: &str, body: Value, field: &str) {
    let response = app
        .call(method, path, Some(token), Some(body.clone()))
        .await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST, "{path} {body}");
    let message = response.json()["message"].as_str().unwrap().to_owned();
    assert!(message.starts_with(field), "{path}: {message}");
}

#[tokio::test]
async fn catalogue_names_refuse_controls_and_overrides() {
    let (app, editor) = TestApp::with_editor("crate_digger").await;
    for name in [NUL, "two\nlines", OVERRIDE] {
        let body = json!({ "name": name, "description": "", "pictureUrl": "" });
        refused(&app, &editor, Method::POST, "/api/artist", body, "name").await;
    }
    let body =
        json!({ "name": "Radiohead", "description": format!("bad {NUL}"), "pictureUrl": "" });
    refused(
        &app,
        &editor,
        Method::POST,
        "/api/artist",
        body,
        "description",
    )
    .await;
    let body = json!({ "name": "Radiohead", "description": "", "pictureUrl": "https://example.org/a\tb.jpg" });
    refused(
        &app,
        &editor,
        Method::POST,
        "/api/artist",
        body,
        "pictureUrl",
    )
    .await;
    assert_eq!(app.rows("artists"), 0);

    let described =
        json!({ "name": "Radiohead", "description": "Line one.\n\nLine two.", "pictureUrl": "" });
    let created = app
        .call(Method::POST, "/api/artist", Some(&editor), Some(described))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    for (title, genres) in [
        (OVERRIDE, json!(["Rock"])),
        ("Kid A", json!([format!("Rock{NUL}")])),
    ] {
        let body = json!({ "artist": "Radiohead", "title": title, "releaseDate": "2000-10-02", "genres": genres });
        let field = if title == OVERRIDE { "title" } else { "genres" };
        refused(&app, &editor, Method::POST, "/api/album", body, field).await;
    }
    assert_eq!(app.rows("albums"), 0);
}

#[tokio::test]
async fn members_writing_refuse_controls_but_keep_line_breaks() {
    let app = TestApp::new();
    let (token, _) = app.sign_up("vinylvera").await;
    app.sign_up("mira99").await;
    app.artist_with_albums("Radiohead", &common::RADIOHEAD[..1], &["Rock".to_owned()]);

    let post =
        |title: &str, text: &str| json!({ "title": title, "postText": text, "userId": null });
    refused(
        &app,
        &token,
        Method::POST,
        "/api/post",
        post(OVERRIDE, "fine"),
        "title",
    )
    .await;
    refused(
        &app,
        &token,
        Method::POST,
        "/api/post",
        post("Fine", NUL),
        "postText",
    )
    .await;
    let review =
        json!({ "reviewText": ESCAPE, "albumName": "OK Computer", "artistName": "Radiohead" });
    refused(
        &app,
        &token,
        Method::POST,
        "/api/review",
        review,
        "reviewText",
    )
    .await;
    let comment = json!({ "commentText": NUL, "albumId": 1 });
    refused(
        &app,
        &token,
        Method::POST,
        "/api/comment",
        comment,
        "commentText",
    )
    .await;
    let shout = json!({ "shoutText": ESCAPE, "recipientUsername": "mira99" });
    refused(&app, &token, Method::POST, "/api/shout", shout, "shoutText").await;
    for table in ["posts", "reviews", "comments", "shouts"] {
        assert_eq!(app.rows(table), 0, "{table}");
    }

    let written = app
        .call(
            Method::POST,
            "/api/review",
            Some(&token),
            Some(json!({ "reviewText": "First line.\r\n\tSecond line.", "albumName": "OK Computer", "artistName": "Radiohead" })),
        )
        .await;
    assert_eq!(written.status, StatusCode::CREATED, "{}", written.text());
    assert_eq!(
        written.json()["reviewText"],
        "First line.\r\n\tSecond line."
    );
}

#[tokio::test]
async fn sign_up_refuses_controls_and_overrides_in_the_email_and_picture() {
    let app = TestApp::new();
    for (email, picture, field) in [
        ("vera\u{202E}@example.org", "", "email"),
        (
            "vera@example.org",
            "https://example.org/\na.png",
            "profilePictureUrl",
        ),
    ] {
        let body = json!({ "username": "vinylvera", "email": email, "password": "a-good-password", "profilePictureUrl": picture });
        let response = app
            .call(Method::POST, "/api/auth/signup", None, Some(body))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert!(
            response.json()["message"]
                .as_str()
                .unwrap()
                .starts_with(field)
        );
    }
    assert_eq!(app.rows("users"), 0);
}

/// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR and U+0085 NEXT LINE:
/// browsers and editors break lines at each of them.
const LINE_BREAKS: [char; 3] = ['\u{2028}', '\u{2029}', '\u{85}'];

#[tokio::test]
async fn one_line_fields_refuse_every_line_and_paragraph_separator() {
    let (app, editor) = TestApp::with_editor("crate_digger").await;
    for separator in LINE_BREAKS {
        let broken = format!("Radio{separator}head");
        let artist = json!({ "name": broken, "description": "", "pictureUrl": "" });
        refused(&app, &editor, Method::POST, "/api/artist", artist, "name").await;
        let picture = format!("https://example.org/a{separator}b.jpg");
        let artist = json!({ "name": "Radiohead", "description": "", "pictureUrl": picture });
        refused(
            &app,
            &editor,
            Method::POST,
            "/api/artist",
            artist,
            "pictureUrl",
        )
        .await;
    }
    assert_eq!(app.rows("artists"), 0);

    // Running text keeps them, as it keeps `\n`.
    let described = json!({ "name": "Radiohead", "description": "Line one.\u{2028}Line two.\u{2029}", "pictureUrl": "" });
    let created = app
        .call(Method::POST, "/api/artist", Some(&editor), Some(described))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let artist_id = created.json()["artistId"].clone();

    for separator in LINE_BREAKS {
        let broken = format!("Kid{separator}A");
        let album = json!({ "artist": "Radiohead", "title": broken, "releaseDate": "2000-10-02", "genres": ["Rock"] });
        refused(&app, &editor, Method::POST, "/api/album", album, "title").await;
        let rename = json!({ "name": broken });
        refused(
            &app,
            &editor,
            Method::PATCH,
            &format!("/api/artist/{artist_id}"),
            rename,
            "name",
        )
        .await;
        let list = json!({ "title": broken, "description": "" });
        refused(&app, &editor, Method::POST, "/api/list", list, "title").await;
        let post = json!({ "title": broken, "postText": "fine", "userId": null });
        refused(&app, &editor, Method::POST, "/api/post", post, "title").await;
    }
    for table in ["albums", "lists", "posts"] {
        assert_eq!(app.rows(table), 0, "{table}");
    }
    let kept = app.get("/api/artist/name/radiohead").await;
    assert_eq!(kept.json()["name"], "Radiohead", "{}", kept.text());
}

#[tokio::test]
async fn an_uploaded_file_name_is_kept_on_one_line() {
    let app = TestApp::new();
    let (token, _) = app.sign_up("vinylvera").await;
    let file = "RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n\
        \"1\",\"\",\"Burial\",\"\",\"\",\"Untrue\",\"2007\",\"8\",\"o\",\"\",\"\",\"\"\n";
    let request = axum::http::Request::builder()
        .method(Method::POST)
        // "my\u{2028}ratings\u{2029}\u{85}.csv", percent-encoded.
        .uri("/api/import/ratings?fileName=my%E2%80%A8ratings%E2%80%A9%C2%85.csv")
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "text/csv")
        .header("content-length", file.len().to_string())
        .body(axum::body::Body::from(file))
        .unwrap();
    let started = app.send(request).await;
    assert_eq!(started.status, StatusCode::ACCEPTED, "{}", started.text());
    assert_eq!(started.json()["fileName"], "myratings.csv");
}
