//! Reports and the admins' queue: reporting, one open report per member and
//! item (also when sent at once), and each way of resolving them.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Scene {
    app: TestApp,
    vera: String,
    theo: String,
    ada: String,
    troll: String,
    album: i64,
    comment: i64,
}

/// An admin, two members and a troll whose comment on an album they report.
async fn scene() -> Scene {
    let app = TestApp::new();
    let (vera, vera_id) = app.member("vinylvera");
    app.set_role(vera_id, Role::Admin);
    let (theo, _) = app.member("lowend.theo");
    let (ada, _) = app.member("ada");
    let (troll, _) = app.member("troll");
    let (_, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let posted = app
        .call(
            Method::POST,
            "/api/comment",
            Some(&troll),
            Some(json!({ "commentText": "buy cheap vinyl at spam.example", "albumId": albums[0] })),
        )
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.text());
    let comment = posted.json()["commentId"].as_i64().unwrap();
    Scene {
        app,
        vera,
        theo,
        ada,
        troll,
        album: albums[0],
        comment,
    }
}

async fn report(s: &Scene, token: &str, reason: &str) -> common::TestResponse {
    s.app
        .call(
            Method::POST,
            "/api/reports",
            Some(token),
            Some(json!({ "itemKind": "comment", "itemId": s.comment, "reason": reason, "note": "a link farm" })),
        )
        .await
}

async fn resolve(s: &Scene, body: Value) -> common::TestResponse {
    s.app
        .call(
            Method::POST,
            "/api/admin/reports/resolve",
            Some(&s.vera),
            Some(body),
        )
        .await
}

async fn queue(s: &Scene) -> Value {
    s.app
        .call(Method::GET, "/api/admin/reports", Some(&s.vera), None)
        .await
        .json()
}

#[tokio::test]
async fn members_report_once_and_admins_see_the_reports_grouped_by_item() {
    let s = scene().await;
    let first = report(&s, &s.theo, "spam").await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
    let again = report(&s, &s.theo, "abuse").await;
    assert_eq!(
        (again.status, again.json()["message"].clone()),
        (
            StatusCode::CONFLICT,
            json!("You have reported this already; an admin will look at it.")
        )
    );
    assert_eq!(
        report(&s, &s.ada, "off-topic").await.status,
        StatusCode::CREATED
    );
    let own = report(&s, &s.troll, "spam").await;
    assert_eq!(
        (own.status, own.json()["message"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("You cannot report your own comment.")
        )
    );
    let missing = s
        .app
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.theo),
            Some(json!({ "itemKind": "review", "itemId": 999, "reason": "spam" })),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let bad_reason = report(&s, &s.vera, "boring").await;
    assert_eq!(bad_reason.status, StatusCode::BAD_REQUEST);
    let profile = s
        .app
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.theo),
            Some(json!({ "itemKind": "profile", "itemId": 4, "reason": "abuse" })),
        )
        .await;
    assert_eq!(profile.status, StatusCode::CREATED, "the troll's profile");

    let items = queue(&s).await["items"].clone();
    assert_eq!(items.as_array().unwrap().len(), 2, "{items}");
    let comment = &items[0];
    assert_eq!(comment["itemKind"], "comment");
    assert_eq!(comment["author"], "troll");
    assert_eq!(comment["text"], "buy cheap vinyl at spam.example");
    assert_eq!(comment["link"], "/albums/radiohead/ok-computer");
    let reasons: Vec<&str> = comment["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["spam", "off-topic"]);
    assert_eq!(comment["reports"][0]["reporter"], "lowend.theo");
    assert_eq!(comment["reports"][0]["note"], "a link farm");
    assert_eq!(items[1]["link"], "/user/troll");
    let counts = s
        .app
        .call(Method::GET, "/api/admin/counts", Some(&s.vera), None)
        .await;
    assert_eq!(
        counts.json(),
        json!({ "openReports": 2, "openChangeRequests": 0 })
    );

    for (method, path) in [
        (Method::GET, "/api/admin/reports"),
        (Method::POST, "/api/admin/reports/resolve"),
    ] {
        let body = (method == Method::POST)
            .then(|| json!({ "itemKind": "comment", "itemId": s.comment, "action": "delete" }));
        let refused = s.app.call(method.clone(), path, Some(&s.theo), body).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(
        s.app.rows("comments"),
        1,
        "a member's refused call deleted nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_reports_sent_at_once_make_one() {
    let s = scene().await;
    let (a, b, c) = tokio::join!(
        report(&s, &s.theo, "spam"),
        report(&s, &s.theo, "spam"),
        report(&s, &s.theo, "abuse")
    );
    let created = [a.status, b.status, c.status]
        .iter()
        .filter(|status| **status == StatusCode::CREATED)
        .count();
    assert_eq!(created, 1);
    assert_eq!(s.app.rows("reports"), 1);
}

#[tokio::test]
async fn dismissing_and_deleting_close_every_report_of_the_item_and_are_audited() {
    let s = scene().await;
    report(&s, &s.theo, "spam").await;
    let dismissed = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "dismiss", "note": "fine, a shop they run" }),
    )
    .await;
    assert_eq!(dismissed.json(), json!({ "closed": 1 }));
    assert_eq!(queue(&s).await["items"], json!([]));
    assert_eq!(s.app.rows("comments"), 1);
    // Dismissed, it can be reported again.
    report(&s, &s.theo, "spam").await;
    report(&s, &s.ada, "spam").await;
    let deleted = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "delete", "note": "spam after all" }),
    )
    .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    assert_eq!(deleted.json(), json!({ "closed": 2 }));
    assert_eq!(s.app.rows("comments"), 0);
    let page = s
        .app
        .get(&format!("/api/comment/album/{}", s.album))
        .await
        .json();
    assert_eq!(page["data"], json!([]));
    let gone = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "delete" }),
    )
    .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);

    let log = s
        .app
        .call(Method::GET, "/api/admin/audit", Some(&s.vera), None)
        .await
        .json();
    let actions: Vec<(&str, &str, &str)> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["target"].as_str().unwrap(),
                e["note"].as_str().unwrap(),
            )
        })
        .collect();
    let target = format!("comment {} by troll", s.comment);
    assert_eq!(
        actions,
        [
            ("report-deleted", target.as_str(), "spam after all"),
            ("report-dismissed", target.as_str(), "fine, a shop they run"),
        ]
    );
}

#[tokio::test]
async fn a_warning_waits_for_its_member_and_a_suspension_stops_their_writes() {
    let s = scene().await;
    report(&s, &s.theo, "spam").await;
    let no_message = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "warn" }),
    )
    .await;
    assert_eq!(no_message.status, StatusCode::BAD_REQUEST);
    let warned = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "warn",
                "message": "No advertising in comments, please.", "note": "first time" }),
    )
    .await;
    assert_eq!(warned.status, StatusCode::OK, "{}", warned.text());
    let mine = s
        .app
        .call(Method::GET, "/api/auth/warnings", Some(&s.troll), None)
        .await
        .json();
    assert_eq!(
        mine["warnings"][0]["message"],
        "No advertising in comments, please."
    );
    let id = mine["warnings"][0]["warningId"].as_i64().unwrap();
    let theirs = s
        .app
        .call(Method::GET, "/api/auth/warnings", Some(&s.theo), None)
        .await
        .json();
    assert_eq!(theirs["warnings"], json!([]), "nobody else sees it");
    let not_theirs = s
        .app
        .call(
            Method::POST,
            &format!("/api/auth/warnings/{id}/seen"),
            Some(&s.theo),
            None,
        )
        .await;
    assert_eq!(not_theirs.status, StatusCode::NOT_FOUND);
    let read = s
        .app
        .call(
            Method::POST,
            &format!("/api/auth/warnings/{id}/seen"),
            Some(&s.troll),
            None,
        )
        .await;
    assert_eq!(read.status, StatusCode::NO_CONTENT);
    let mine = s
        .app
        .call(Method::GET, "/api/auth/warnings", Some(&s.troll), None)
        .await
        .json();
    assert_eq!(mine["warnings"], json!([]));
    let export = s
        .app
        .call(Method::GET, "/api/user/me/export", Some(&s.troll), None)
        .await
        .json();
    assert_eq!(
        export["warnings"][0]["message"],
        "No advertising in comments, please."
    );
    assert!(export["warnings"][0]["seenAt"].is_string());
    let export = s
        .app
        .call(Method::GET, "/api/user/me/export", Some(&s.theo), None)
        .await
        .json();
    assert_eq!(export["reports"][0]["reason"], "spam");
    assert_eq!(export["reports"][0]["resolution"], "warned");
    assert_eq!(export["warnings"], json!([]), "nobody else's warnings");

    report(&s, &s.ada, "spam").await;
    let suspended = resolve(
        &s,
        json!({ "itemKind": "comment", "itemId": s.comment, "action": "suspend",
                "days": 3, "reason": "Advertising after a warning", "note": "second time" }),
    )
    .await;
    assert_eq!(suspended.status, StatusCode::OK, "{}", suspended.text());
    let refused = s
        .app
        .call(
            Method::POST,
            "/api/comment",
            Some(&s.troll),
            Some(json!({ "commentText": "again", "albumId": s.album })),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .ends_with(": Advertising after a warning. You can read, but not write.")
    );
    let reporting = report(&s, &s.troll, "spam").await;
    assert_eq!(
        reporting.status,
        StatusCode::FORBIDDEN,
        "a suspended member does not report either"
    );
}
