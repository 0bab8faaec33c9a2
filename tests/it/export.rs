//! A member's own data: `GET /api/user/me/export` and `halfstar export-user`.

use crate::common;

use axum::http::{Method, StatusCode};
use common::server::halfstar;
use common::{RADIOHEAD, TestApp};
use serde_json::{Value, json};

/// Radiohead with three albums; their ids.
fn seed(app: &TestApp) -> Vec<i64> {
    app.artist_with_albums("Radiohead", &RADIOHEAD, &[]).1
}

/// A signed-in call that must succeed; its JSON answer.
async fn ok(app: &TestApp, token: &str, method: Method, path: &str, body: Value) -> Value {
    let response = app.call(method, path, Some(token), Some(body)).await;
    assert!(response.status.is_success(), "{path}: {}", response.text());
    response.json()
}

/// Both members do one of everything, on each other's things too.
async fn community(app: &TestApp, albums: &[i64], vera: &str, theo: &str) {
    for (token, rated, kept) in [(vera, albums[0], albums[1]), (theo, albums[1], albums[2])] {
        let rate = |album: i64, number: Value| json!({ "albumId": album, "artistId": 1, "number": number });
        ok(
            app,
            token,
            Method::POST,
            "/api/rating",
            rate(rated, json!(8.5)),
        )
        .await;
        ok(
            app,
            token,
            Method::POST,
            "/api/rating",
            rate(kept, json!("")),
        )
        .await;
        let wish = json!({ "albumId": albums[2], "albumTitle": "Amnesiac" });
        ok(app, token, Method::POST, "/api/wishlistitem", wish).await;
    }
    let review = |text: &str, album: &str| json!({ "reviewText": text, "albumName": album, "artistName": "Radiohead" });
    let veras_review = ok(
        app,
        vera,
        Method::POST,
        "/api/review",
        review("Vera on OK Computer", "OK Computer"),
    )
    .await;
    let theos_review = ok(
        app,
        theo,
        Method::POST,
        "/api/review",
        review("Theo on Kid A", "Kid A"),
    )
    .await;
    let post = json!({ "title": "Vera's list", "postText": "Mine." });
    let veras_post = ok(app, vera, Method::POST, "/api/post", post).await;
    let post = json!({ "title": "Theo's list", "postText": "His." });
    let theos_post = ok(app, theo, Method::POST, "/api/post", post).await;

    let comment = |text: &str, on: &str, id: &Value| json!({ "commentText": text, on: id });
    let on_album = comment("Vera on the album", "albumId", &json!(albums[0]));
    ok(app, vera, Method::POST, "/api/comment", on_album).await;
    let on_review = comment(
        "Vera on Theo's review",
        "reviewId",
        &theos_review["reviewId"],
    );
    ok(app, vera, Method::POST, "/api/comment", on_review).await;
    let on_post = comment("Theo on Vera's post", "postId", &veras_post["postId"]);
    ok(app, theo, Method::POST, "/api/comment", on_post).await;

    let shout = |text: &str, to: &str| json!({ "shoutText": text, "recipientUsername": to });
    ok(
        app,
        vera,
        Method::POST,
        "/api/shout",
        shout("Hi Theo", "lowend.theo"),
    )
    .await;
    ok(
        app,
        theo,
        Method::POST,
        "/api/shout",
        shout("Hi Vera", "vinylvera"),
    )
    .await;

    let vote = |review: &Value, post: &Value, up: bool| json!({ "reviewId": review, "postId": post, "isThumbsUp": up });
    ok(
        app,
        vera,
        Method::POST,
        "/api/reviewvote",
        vote(&theos_review["reviewId"], &Value::Null, false),
    )
    .await;
    ok(
        app,
        vera,
        Method::POST,
        "/api/reviewvote",
        vote(&Value::Null, &theos_post["postId"], true),
    )
    .await;
    ok(
        app,
        theo,
        Method::POST,
        "/api/reviewvote",
        vote(&veras_review["reviewId"], &Value::Null, true),
    )
    .await;
}

fn titles(section: &Value, pointer: &str) -> Vec<String> {
    section
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {section}"))
        .iter()
        .map(|item| {
            item.pointer(pointer)
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_owned()
        })
        .collect()
}

#[tokio::test]
async fn a_member_downloads_everything_they_wrote_and_nothing_else() {
    let app = TestApp::new();
    let albums = seed(&app);
    let (vera, vera_id) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    community(&app, &albums, &vera, &theo).await;

    let signed_out = app.get("/api/user/me/export").await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);

    let response = app
        .call(Method::GET, "/api/user/me/export", Some(&vera), None)
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let today = &halfstar::domain::timestamp::now()[..10];
    assert_eq!(
        response.header("content-disposition"),
        format!("attachment; filename=\"halfstar-vinylvera-{today}.json\"")
    );
    assert_eq!(response.header("cache-control"), "no-store");
    assert!(!response.text().contains("not-a-hash"), "no password hash");
    let export = response.json();

    assert_eq!(export["format"], "halfstar-user-export");
    assert_eq!(export["formatVersion"], 1);
    assert_eq!(export["member"]["userId"], vera_id);
    assert_eq!(export["member"]["email"], "vinylvera@example.org");
    assert_eq!(
        titles(&export["library"], "/album/title"),
        ["OK Computer", "Kid A"]
    );
    assert_eq!(export["library"][0]["rating"], 8.5);
    assert_eq!(export["library"][1]["rating"], Value::Null);
    assert_eq!(
        export["library"][0]["album"]["page"],
        "/albums/radiohead/ok-computer"
    );
    assert_eq!(titles(&export["ratings"], "/album/title"), ["OK Computer"]);
    assert_eq!(titles(&export["wishlist"], "/album/title"), ["Amnesiac"]);
    assert_eq!(
        titles(&export["reviews"], "/reviewText"),
        ["Vera on OK Computer"]
    );
    assert_eq!(export["reviews"][0]["votesUp"], 1, "Theo's vote is counted");
    assert_eq!(titles(&export["posts"], "/title"), ["Vera's list"]);
    assert_eq!(
        titles(&export["comments"], "/commentText"),
        ["Vera on the album", "Vera on Theo's review"]
    );
    assert_eq!(export["comments"][0]["on"]["album"]["title"], "OK Computer");
    assert_eq!(
        export["comments"][1]["on"]["review"]["author"],
        "lowend.theo"
    );
    assert_eq!(
        export["comments"][1]["on"]["review"]["album"]["title"],
        "Kid A"
    );
    assert_eq!(titles(&export["shouts"], "/shoutText"), ["Hi Theo"]);
    assert_eq!(export["shouts"][0]["recipient"], "lowend.theo");
    let votes = export["votes"].as_array().unwrap();
    assert_eq!(votes.len(), 2);
    assert_eq!(votes[0]["on"]["review"]["author"], "lowend.theo");
    assert_eq!(votes[0]["thumbsUp"], false);
    assert_eq!(votes[1]["on"]["post"]["title"], "Theo's list");
    assert_eq!(votes[1]["thumbsUp"], true);

    // The command line gives the same file, bar the moment it was made.
    let cli = halfstar(app.dir.path(), &["export-user", "VinylVera"]);
    assert!(
        cli.status.success(),
        "{}",
        String::from_utf8_lossy(&cli.stderr)
    );
    let mut from_cli: Value = serde_json::from_slice(&cli.stdout).expect("JSON on stdout");
    let mut from_api = export;
    from_cli["exportedAt"] = Value::Null;
    from_api["exportedAt"] = Value::Null;
    assert_eq!(from_cli, from_api);
}

#[tokio::test]
async fn the_command_writes_a_file_and_names_an_unknown_member() {
    let app = TestApp::new();
    let albums = seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    community(&app, &albums, &vera, &theo).await;

    let file = app.dir.path().join("theo.json");
    let written = halfstar(
        app.dir.path(),
        &[
            "export-user",
            "lowend.theo",
            "--output",
            file.to_str().unwrap(),
        ],
    );
    let said = String::from_utf8_lossy(&written.stderr);
    assert!(written.status.success(), "{said}");
    assert!(
        said.contains(
            "2 library albums (1 rated), 1 wishlist, 1 review, 1 post, 1 comment, 1 shout, 1 vote"
        ),
        "{said}"
    );
    let export: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(export["member"]["username"], "lowend.theo");
    assert_eq!(
        titles(&export["comments"], "/on/post/title"),
        ["Vera's list"]
    );

    let unknown = halfstar(app.dir.path(), &["export-user", "nobody"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&unknown.stderr).trim(),
        "error: no member called nobody"
    );
    assert!(unknown.stdout.is_empty());
}

#[tokio::test]
async fn the_export_names_no_list_or_post_the_member_may_no_longer_see() {
    let app = TestApp::new();
    seed(&app);
    let (vera, _) = app.member("vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (admin, admin_id) = app.member("moderator");
    app.set_role(admin_id, halfstar::domain::Role::Admin);
    let new_list = |title: &str| json!({ "title": title, "description": "" });
    let secret = ok(&app, &theo, Method::POST, "/api/list", new_list("Gifts")).await;
    let unlisted = ok(
        &app,
        &theo,
        Method::POST,
        "/api/list",
        new_list("Road trip"),
    )
    .await;
    let post = json!({ "title": "Spoilers", "postText": "Soon." });
    let post = ok(&app, &theo, Method::POST, "/api/post", post).await;
    for list in [&secret, &unlisted] {
        let id = &list["listId"];
        let comment = json!({ "commentText": "Nice", "listId": id });
        ok(&app, &vera, Method::POST, "/api/comment", comment).await;
        ok(
            &app,
            &vera,
            Method::POST,
            &format!("/api/list/{id}/like"),
            json!({}),
        )
        .await;
    }
    let vote = json!({ "postId": post["postId"], "isThumbsUp": true });
    ok(&app, &vera, Method::POST, "/api/reviewvote", vote).await;

    // Since then: one list renamed and made private, the other unlisted,
    // and the post hidden by an admin.
    let private = json!({ "title": "Gifts for Vera", "visibility": "private" });
    let path = format!("/api/list/{}", secret["listId"]);
    ok(&app, &theo, Method::PATCH, &path, private).await;
    let path = format!("/api/list/{}", unlisted["listId"]);
    ok(
        &app,
        &theo,
        Method::PATCH,
        &path,
        json!({ "visibility": "unlisted" }),
    )
    .await;
    let hide = json!({ "itemKind": "post", "itemId": post["postId"], "hidden": true });
    ok(&app, &admin, Method::POST, "/api/admin/visibility", hide).await;

    let export = ok(&app, &vera, Method::GET, "/api/user/me/export", Value::Null).await;
    let on_lists: Vec<Value> = export["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|comment| comment["on"]["list"].clone())
        .collect();
    assert_eq!(
        on_lists,
        [
            json!({ "listId": secret["listId"], "title": null }),
            json!({ "listId": unlisted["listId"], "title": "Road trip" }),
        ]
    );
    let liked: Vec<Value> = export["listLikes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|like| like["list"].clone())
        .collect();
    assert_eq!(liked, on_lists, "{export}");
    assert_eq!(
        export["votes"][0]["on"]["post"],
        json!({ "postId": post["postId"], "title": null })
    );
    let text = export.to_string();
    assert!(!text.contains("Gifts"), "{text}");
    assert!(!text.contains("Spoilers"), "{text}");

    // Their author's own export still names them.
    let own = ok(&app, &theo, Method::GET, "/api/user/me/export", Value::Null).await;
    assert_eq!(
        titles(&own["lists"], "/title"),
        ["Gifts for Vera", "Road trip"]
    );
    assert_eq!(titles(&own["posts"], "/title"), ["Spoilers"]);
}
