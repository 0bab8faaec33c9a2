//! Catalogue history: every change to an album or artist is a revision an
//! editor can see and revert; members suggest corrections editors accept or
//! decline.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Scene {
    app: TestApp,
    editor: String,
    member: String,
    admin: String,
    album: i64,
}

async fn scene() -> Scene {
    let app = TestApp::new();
    let (editor, editor_id) = app.member("crate_digger");
    app.set_role(editor_id, Role::Editor);
    let (admin, admin_id) = app.member("vinylvera");
    app.set_role(admin_id, Role::Admin);
    let (member, _) = app.member("lowend.theo");
    app.add_artist(&editor, "Radiohead").await;
    let added = app
        .call(
            Method::POST,
            "/api/album",
            Some(&editor),
            Some(
                json!({ "artist": "Radiohead", "title": "OK Computer", "releaseDate": "1997-05-21",
                         "type": "LP", "genres": "Alternative Rock", "pictureUrl": "" }),
            ),
        )
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let album = added.json()["albumId"].as_i64().unwrap();
    Scene {
        app,
        editor,
        member,
        admin,
        album,
    }
}

async fn history(s: &Scene) -> Vec<Value> {
    let answer = s
        .app
        .call(
            Method::GET,
            &format!("/api/album/{}/history", s.album),
            Some(&s.editor),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()["revisions"].as_array().unwrap().clone()
}

async fn edit(s: &Scene, body: Value) {
    let answer = s
        .app
        .call(
            Method::PATCH,
            &format!("/api/album/{}", s.album),
            Some(&s.editor),
            Some(body),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
}

async fn revert(s: &Scene, token: &str, revision: &Value) -> common::TestResponse {
    s.app
        .call(
            Method::POST,
            &format!("/api/revisions/{}/revert", revision["revisionId"]),
            Some(token),
            Some(json!({ "note": "vandalism" })),
        )
        .await
}

#[tokio::test]
async fn edits_are_revisions_an_editor_sees_and_reverts() {
    let s = scene().await;
    edit(
        &s,
        json!({ "title": "OK Computa", "genres": "Rock, Britpop" }),
    )
    .await;
    let revisions = history(&s).await;
    assert_eq!(revisions.len(), 2, "{revisions:?}");
    let (edited, added) = (&revisions[0], &revisions[1]);
    assert_eq!(added["action"], "add");
    assert_eq!(added["before"], Value::Null);
    assert_eq!(added["after"]["title"], "OK Computer");
    assert_eq!(edited["action"], "edit");
    assert_eq!(edited["actor"], "crate_digger");
    assert_eq!(edited["entityName"], "OK Computa");
    assert_eq!(edited["before"]["title"], "OK Computer");
    assert_eq!(edited["before"]["genres"], json!(["Alternative Rock"]));
    assert_eq!(edited["after"]["genres"], json!(["Rock", "Britpop"]));

    for token in [&s.member] {
        let refused = revert(&s, token, edited).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let hidden = s
            .app
            .call(
                Method::GET,
                &format!("/api/album/{}/history", s.album),
                Some(token),
                None,
            )
            .await;
        assert_eq!(hidden.status, StatusCode::FORBIDDEN);
    }
    let reverted = revert(&s, &s.editor, edited).await;
    assert_eq!(reverted.status, StatusCode::OK, "{}", reverted.text());
    let revision = reverted.json();
    assert_eq!(revision["action"], "revert");
    assert_eq!(
        revision["note"],
        format!("reverts revision {}: vandalism", edited["revisionId"])
    );
    let album = s.app.get("/api/album/name/radiohead/ok-computer").await;
    assert_eq!(
        album.status,
        StatusCode::OK,
        "the title and its page are back"
    );
    let names: Vec<Value> = album.json()["genres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].clone())
        .collect();
    assert_eq!(names, [json!("Alternative Rock")]);
    assert_eq!(history(&s).await.len(), 3);

    let again = revert(&s, &s.editor, edited).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "already as before it");
    let addition = revert(&s, &s.editor, added).await;
    assert_eq!(
        (addition.status, addition.json()["message"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("An addition cannot be reverted: an admin can delete it.")
        )
    );
    let missing = s
        .app
        .call(
            Method::POST,
            "/api/revisions/9999/revert",
            Some(&s.editor),
            Some(json!({})),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_deleted_album_keeps_its_history_and_cannot_be_reverted_into_being() {
    let s = scene().await;
    let removed = s
        .app
        .call(
            Method::DELETE,
            &format!("/api/album/{}", s.album),
            Some(&s.admin),
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    let revisions = history(&s).await;
    assert_eq!(revisions[0]["action"], "delete");
    assert_eq!(revisions[0]["actor"], "vinylvera");
    assert_eq!(revisions[0]["after"], Value::Null);
    assert_eq!(revisions[0]["before"]["title"], "OK Computer");
    let gone = revert(&s, &s.editor, &revisions[0]).await;
    assert_eq!(gone.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn members_suggest_corrections_that_editors_accept_or_decline() {
    let s = scene().await;
    let suggest = |fields: Value, note: &str| {
        s.app.call(
            Method::POST,
            "/api/change-requests",
            Some(&s.member),
            Some(json!({ "entityKind": "album", "entityId": s.album, "fields": fields, "note": note })),
        )
    };
    let bad = suggest(json!({ "releaseDate": "1997-02-30" }), "").await;
    assert_eq!(
        bad.status,
        StatusCode::BAD_REQUEST,
        "checked as an edit would be"
    );
    let empty = suggest(json!({}), "").await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let date = suggest(
        json!({ "releaseDate": "1997-06-16" }),
        "the UK release was in June",
    )
    .await;
    assert_eq!(date.status, StatusCode::CREATED, "{}", date.text());
    let genre = suggest(json!({ "genres": "Pop" }), "").await;
    assert_eq!(genre.status, StatusCode::CREATED);
    let nothing = s
        .app
        .call(
            Method::POST,
            "/api/change-requests",
            Some(&s.member),
            Some(json!({ "entityKind": "artist", "entityId": 999, "fields": { "name": "X" } })),
        )
        .await;
    assert_eq!(nothing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        history(&s).await.len(),
        1,
        "a suggestion changes nothing yet"
    );

    let refused = s
        .app
        .call(Method::GET, "/api/change-requests", Some(&s.member), None)
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let open = s
        .app
        .call(Method::GET, "/api/change-requests", Some(&s.editor), None)
        .await
        .json();
    let requests = open["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0]["requester"], "lowend.theo");
    assert_eq!(
        requests[0]["fields"],
        json!({ "releaseDate": "1997-06-16" })
    );
    assert_eq!(requests[0]["current"]["releaseDate"], "1997-05-21");
    let counts = s
        .app
        .call(Method::GET, "/api/admin/counts", Some(&s.editor), None)
        .await;
    assert_eq!(
        counts.json(),
        json!({ "openReports": null, "openChangeRequests": 2 })
    );

    let id = |r: &Value| r["requestId"].as_i64().unwrap();
    let accepted = s
        .app
        .call(
            Method::POST,
            &format!("/api/change-requests/{}/accept", id(&requests[0])),
            Some(&s.editor),
            Some(json!({ "note": "checked the sleeve" })),
        )
        .await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.text());
    assert_eq!(accepted.json()["status"], "accepted");
    let album = s
        .app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json();
    assert_eq!(album["releaseDate"], "1997-06-16");
    let latest = &history(&s).await[0];
    assert_eq!(latest["action"], "request");
    assert_eq!(latest["actor"], "crate_digger");
    assert_eq!(
        latest["note"],
        format!(
            "change request {} by lowend.theo: checked the sleeve",
            id(&requests[0])
        )
    );

    let declined = s
        .app
        .call(
            Method::POST,
            &format!("/api/change-requests/{}/decline", id(&requests[1])),
            Some(&s.editor),
            Some(json!({ "note": "not pop" })),
        )
        .await;
    assert_eq!(declined.json()["status"], "declined");
    let twice = s
        .app
        .call(
            Method::POST,
            &format!("/api/change-requests/{}/accept", id(&requests[1])),
            Some(&s.editor),
            Some(json!({})),
        )
        .await;
    assert_eq!(
        twice.status,
        StatusCode::NOT_FOUND,
        "a closed request stays closed"
    );
    let genres = s
        .app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json()["genres"]
        .clone();
    assert_eq!(genres[0]["name"], "Alternative Rock");
    let open = s
        .app
        .call(Method::GET, "/api/change-requests", Some(&s.editor), None)
        .await
        .json();
    assert_eq!(open["requests"], json!([]));
    let export = s
        .app
        .call(Method::GET, "/api/user/me/export", Some(&s.member), None)
        .await
        .json();
    let statuses: Vec<&str> = export["changeRequests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["accepted", "declined"]);
}

/// A change request keeps only the fields the edit would change, as the
/// edit checks them: junk a member sends along is not stored, nor shown to
/// editors.
#[tokio::test]
async fn a_change_request_keeps_only_what_the_edit_would_change() {
    let s = scene().await;
    let junk = "x".repeat(200_000);
    let sent = s
        .app
        .call(
            Method::POST,
            "/api/change-requests",
            Some(&s.member),
            Some(json!({
                "entityKind": "album",
                "entityId": s.album,
                "fields": {
                    "title": "  OK Computer OKNOTOK  ",
                    "type": "LP",
                    "junk": junk,
                    "nested": { "more": [junk.clone(), junk.clone()] },
                    "mbReleaseGroup": null,
                },
                "note": "the reissue's title",
            })),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text());
    let open = s
        .app
        .call(Method::GET, "/api/change-requests", Some(&s.editor), None)
        .await
        .json();
    let fields = &open["requests"][0]["fields"];
    let names: Vec<&String> = fields.as_object().unwrap().keys().collect();
    assert_eq!(names, ["title"], "only the changed field");
    assert_eq!(
        fields["title"], "OK Computer OKNOTOK",
        "trimmed as the edit trims it"
    );
    let stored: i64 = s
        .app
        .conn()
        .query_row(
            "SELECT max(length(fields_json)) FROM change_requests",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert!(stored < 100, "{stored} bytes stored");

    let unchanged = s
        .app
        .call(
            Method::POST,
            "/api/change-requests",
            Some(&s.member),
            Some(json!({
                "entityKind": "album",
                "entityId": s.album,
                "fields": { "title": "OK Computer", "junk": junk },
            })),
        )
        .await;
    assert_eq!(unchanged.status, StatusCode::BAD_REQUEST);
    assert!(
        unchanged.json()["message"]
            .as_str()
            .unwrap()
            .contains("change nothing")
    );
}

/// The member who suggested a correction is told when an editor accepts or
/// declines it, with a link to what it was of, unless they turned that off.
#[tokio::test]
async fn a_member_is_told_when_their_correction_is_accepted_or_declined() {
    let scene = scene().await;
    let s = &scene;
    let told = || async {
        let answer = s
            .app
            .call(Method::GET, "/api/notifications", Some(&s.member), None)
            .await
            .json();
        answer["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| {
                (
                    item["text"].as_str().unwrap().to_owned(),
                    item["link"].as_str().unwrap().to_owned(),
                )
            })
            .collect::<Vec<_>>()
    };
    let artist = s
        .app
        .get("/api/album/name/radiohead/ok-computer")
        .await
        .json()["artistId"]
        .as_i64()
        .unwrap();
    let suggest = |kind: &str, id: i64, fields: Value| {
        let body = json!({ "entityKind": kind, "entityId": id, "fields": fields, "note": "" });
        async move {
            let made = s
                .app
                .call(
                    Method::POST,
                    "/api/change-requests",
                    Some(&s.member),
                    Some(body),
                )
                .await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
            made.json()["requestId"].as_i64().unwrap()
        }
    };
    let close = |id: i64, how: &'static str| async move {
        let closed = s
            .app
            .call(
                Method::POST,
                &format!("/api/change-requests/{id}/{how}"),
                Some(&s.editor),
                Some(json!({})),
            )
            .await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text());
    };

    let date = suggest("album", s.album, json!({ "releaseDate": "1997-06-16" })).await;
    let name = suggest("artist", artist, json!({ "name": "Radiohead (UK)" })).await;
    assert_eq!(told().await, [], "nothing is told before an editor acts");
    close(date, "accept").await;
    close(name, "decline").await;
    assert_eq!(
        told().await,
        [
            (
                "crate_digger declined your correction to Radiohead".to_owned(),
                "/artists/radiohead".to_owned()
            ),
            (
                "crate_digger accepted your correction to OK Computer".to_owned(),
                "/albums/radiohead/ok-computer".to_owned()
            ),
        ]
    );

    let mut switches = s
        .app
        .call(
            Method::GET,
            "/api/settings/community",
            Some(&s.member),
            None,
        )
        .await
        .json()["notifications"]
        .clone();
    assert_eq!(switches["correction"], true);
    switches["correction"] = json!(false);
    s.app
        .call(
            Method::PUT,
            "/api/settings/community",
            Some(&s.member),
            Some(json!({ "notifications": switches })),
        )
        .await;
    assert_eq!(told().await, [], "turned off, corrections are not shown");
}
