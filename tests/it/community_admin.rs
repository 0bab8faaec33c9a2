//! Running a community from the site: who may join and invites, suspensions,
//! roles, sign-outs, the audit log and the site's figures; every admin call
//! refused to everyone else.

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use halfstar::domain::Role;
use serde_json::{Value, json};

fn admin(app: &TestApp, name: &str) -> String {
    let (token, id) = app.member(name);
    app.set_role(id, Role::Admin);
    token
}

async fn sign_up_with(app: &TestApp, username: &str, invite: Option<&str>) -> common::TestResponse {
    let mut body = json!({
        "username": username,
        "email": format!("{username}@example.org"),
        "password": "a-good-password",
        "profilePictureUrl": ""
    });
    if let Some(code) = invite {
        body["inviteCode"] = json!(code);
    }
    app.call(Method::POST, "/api/auth/signup", None, Some(body))
        .await
}

async fn set_signup(app: &TestApp, token: &str, mode: &str, members_may_invite: bool) -> Value {
    let answer = app
        .call(
            Method::PUT,
            "/api/admin/signup",
            Some(token),
            Some(json!({ "mode": mode, "membersMayInvite": members_may_invite, "note": format!("now {mode}") })),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    answer.json()
}

async fn invite(app: &TestApp, token: &str, max_uses: i64) -> common::TestResponse {
    app.call(
        Method::POST,
        "/api/invites",
        Some(token),
        Some(json!({ "maxUses": max_uses, "expiresInDays": 7 })),
    )
    .await
}

#[tokio::test]
async fn only_admins_reach_the_admin_calls() {
    let app = TestApp::new();
    let (member, _) = app.member("lowend.theo");
    let (editor, editor_id) = app.member("crate_digger");
    app.set_role(editor_id, Role::Editor);
    let calls: &[(Method, &str, Option<Value>)] = &[
        (Method::GET, "/api/admin/members", None),
        (Method::GET, "/api/admin/signup", None),
        (
            Method::PUT,
            "/api/admin/signup",
            Some(json!({ "mode": "closed" })),
        ),
        (
            Method::PUT,
            "/api/admin/members/lowend.theo/role",
            Some(json!({ "role": "admin" })),
        ),
        (
            Method::POST,
            "/api/admin/members/lowend.theo/suspension",
            Some(json!({ "reason": "x" })),
        ),
        (
            Method::DELETE,
            "/api/admin/members/lowend.theo/suspension",
            None,
        ),
        (
            Method::POST,
            "/api/admin/members/lowend.theo/sign-out",
            Some(json!({})),
        ),
        (Method::GET, "/api/admin/audit", None),
        (Method::GET, "/api/admin/figures", None),
    ];
    for (method, path, body) in calls {
        let anonymous = app.call(method.clone(), path, None, body.clone()).await;
        assert_eq!(
            anonymous.status,
            StatusCode::UNAUTHORIZED,
            "{method} {path}"
        );
        for token in [&member, &editor] {
            let refused = app
                .call(method.clone(), path, Some(token), body.clone())
                .await;
            assert_eq!(
                (refused.status, refused.json()),
                (
                    StatusCode::FORBIDDEN,
                    json!({ "message": "Insufficient permissions" })
                ),
                "{method} {path}"
            );
        }
    }
    assert_eq!(app.rows("audit_log"), 0, "nothing was done");
    let me = app
        .call(Method::GET, "/api/auth/me", Some(&member), None)
        .await
        .json();
    assert_eq!(me["role"], "user");
    assert_eq!(me["suspension"], Value::Null);
}

#[tokio::test]
async fn the_sign_up_mode_decides_who_joins_and_an_invite_is_used_up() {
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    assert_eq!(
        app.get("/api/site/signup").await.json(),
        json!({ "mode": "open", "membersMayInvite": false })
    );

    set_signup(&app, &vera, "closed", false).await;
    let closed = sign_up_with(&app, "newcomer", None).await;
    assert_eq!(
        (closed.status, closed.json()["message"].clone()),
        (
            StatusCode::FORBIDDEN,
            json!("Sign-up is closed on this site.")
        )
    );

    set_signup(&app, &vera, "invite", false).await;
    assert_eq!(app.get("/api/site/signup").await.json()["mode"], "invite");
    let uninvited = sign_up_with(&app, "newcomer", None).await;
    assert_eq!(
        uninvited.json()["message"],
        "Joining this site needs an invite."
    );
    let made = invite(&app, &vera, 1).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let made = made.json();
    let code = made["code"].as_str().unwrap().to_owned();
    assert_eq!(code.len(), 16);
    assert_eq!(made["link"], format!("/sign-up?invite={code}"));
    assert_eq!(
        (made["uses"].clone(), made["maxUses"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(made["createdBy"], "vinylvera");

    let wrong = sign_up_with(&app, "newcomer", Some("not-a-real-code")).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(
        wrong.json()["message"],
        "This invite can no longer be used: it has expired, been used up or been revoked."
    );
    let joined = sign_up_with(&app, "newcomer", Some(&code)).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    let again = sign_up_with(&app, "second_comer", Some(&code)).await;
    assert_eq!(
        again.status,
        StatusCode::FORBIDDEN,
        "a single-use invite is used up"
    );
    let listed = app
        .call(Method::GET, "/api/invites", Some(&vera), None)
        .await
        .json();
    assert_eq!(listed["invites"][0]["uses"], 1);
}

#[tokio::test]
async fn a_failed_sign_up_spends_no_use_and_a_revoked_invite_lets_nobody_in() {
    // Apart from the test above: sign-ups are limited to five an hour per address.
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    app.member("newcomer");
    set_signup(&app, &vera, "invite", false).await;
    // A failed sign-up (a taken name) does not spend a use.
    let twice = invite(&app, &vera, 1).await.json();
    let code = twice["code"].as_str().unwrap();
    let taken = sign_up_with(&app, "newcomer", Some(code)).await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    let listed = app
        .call(Method::GET, "/api/invites", Some(&vera), None)
        .await
        .json();
    assert_eq!(listed["invites"][0]["uses"], 0, "{listed}");
    // A revoked invite lets nobody in.
    let revoked = app
        .call(
            Method::DELETE,
            &format!("/api/invites/{}", twice["inviteId"]),
            Some(&vera),
            None,
        )
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    let refused = sign_up_with(&app, "third_comer", Some(code)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_sign_ups_cannot_share_an_invite_s_last_use() {
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    set_signup(&app, &vera, "invite", false).await;
    let code = invite(&app, &vera, 2).await.json()["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let attempt = |n: u32| {
        let (app, code) = (&app, code.clone());
        async move {
            sign_up_with(app, &format!("racer{n}"), Some(&code))
                .await
                .status
        }
    };
    let (a, b, c, d) = tokio::join!(attempt(0), attempt(1), attempt(2), attempt(3));
    let statuses = [a, b, c, d];
    let joined = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::FORBIDDEN)
        .count();
    assert_eq!((joined, refused), (2, 2), "{statuses:?}");
}

#[tokio::test]
async fn members_invite_only_when_the_site_lets_them() {
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (ada, _) = app.member("ada");
    let refused = invite(&app, &theo, 1).await;
    assert_eq!(
        (refused.status, refused.json()["message"].clone()),
        (
            StatusCode::FORBIDDEN,
            json!("Only admins can make invites on this site.")
        )
    );
    set_signup(&app, &vera, "invite", true).await;
    let own = invite(&app, &theo, 3).await;
    assert_eq!(own.status, StatusCode::CREATED, "{}", own.text());
    let admins = invite(&app, &vera, 1).await.json();
    let mine = app
        .call(Method::GET, "/api/invites", Some(&theo), None)
        .await
        .json();
    assert_eq!(
        mine["invites"].as_array().unwrap().len(),
        1,
        "only their own"
    );
    let export = app
        .call(Method::GET, "/api/user/me/export", Some(&theo), None)
        .await
        .json();
    assert_eq!(
        export["invites"][0]["maxUses"], 3,
        "in the member's own export"
    );
    assert_eq!(mine["invites"][0]["createdBy"], "lowend.theo");
    let all = app
        .call(Method::GET, "/api/invites", Some(&vera), None)
        .await
        .json();
    assert_eq!(
        all["invites"].as_array().unwrap().len(),
        2,
        "an admin sees every invite"
    );
    let not_theirs = app
        .call(
            Method::DELETE,
            &format!("/api/invites/{}", admins["inviteId"]),
            Some(&ada),
            None,
        )
        .await;
    assert_eq!(not_theirs.status, StatusCode::FORBIDDEN);
    for (field, body) in [
        ("maxUses", json!({ "maxUses": 0, "expiresInDays": 7 })),
        ("maxUses", json!({ "maxUses": 101, "expiresInDays": 7 })),
        (
            "expiresInDays",
            json!({ "maxUses": 1, "expiresInDays": 91 }),
        ),
    ] {
        let bad = app
            .call(Method::POST, "/api/invites", Some(&vera), Some(body))
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.json()["message"].as_str().unwrap().starts_with(field));
    }
}

#[tokio::test]
async fn a_suspended_member_reads_but_cannot_write_until_it_is_lifted() {
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let (artist_id, album_ids) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    let rate =
        |number: f64| json!({ "albumId": album_ids[0], "artistId": artist_id, "number": number });
    let suspended = app
        .call(
            Method::POST,
            "/api/admin/members/lowend.theo/suspension",
            Some(&vera),
            Some(json!({ "days": 7, "reason": "Spam in comments", "note": "third warning" })),
        )
        .await;
    assert_eq!(suspended.status, StatusCode::OK, "{}", suspended.text());
    let member = suspended.json();
    assert_eq!(member["suspension"]["reason"], "Spam in comments");
    let until = member["suspension"]["until"].as_str().unwrap().to_owned();

    let me = app
        .call(Method::GET, "/api/auth/me", Some(&theo), None)
        .await
        .json();
    assert_eq!(me["suspension"]["until"], until.as_str());
    let refused = app
        .call(Method::POST, "/api/rating", Some(&theo), Some(rate(8.0)))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let message = refused.json()["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("Your account is suspended until ")
            && message.ends_with(": Spam in comments. You can read, but not write."),
        "{message}"
    );
    let comment = app
        .call(
            Method::POST,
            "/api/comment",
            Some(&theo),
            Some(json!({ "commentText": "hello", "albumId": album_ids[0] })),
        )
        .await;
    assert_eq!(comment.status, StatusCode::FORBIDDEN);
    let read = app.get("/api/album/name/radiohead/ok-computer").await;
    assert_eq!(read.status, StatusCode::OK, "reading goes on");
    assert_eq!(app.rows("ratings") + app.rows("comments"), 0);

    let lifted = app
        .call(
            Method::DELETE,
            "/api/admin/members/lowend.theo/suspension",
            Some(&vera),
            Some(json!({ "note": "apologised" })),
        )
        .await;
    assert_eq!(lifted.status, StatusCode::OK, "{}", lifted.text());
    assert_eq!(lifted.json()["suspension"], Value::Null);
    let rated = app
        .call(Method::POST, "/api/rating", Some(&theo), Some(rate(8.0)))
        .await;
    assert!(rated.status.is_success(), "{}", rated.text());

    let for_good = app
        .call(
            Method::POST,
            "/api/admin/members/lowend.theo/suspension",
            Some(&vera),
            Some(json!({ "days": null, "reason": "abuse" })),
        )
        .await
        .json();
    assert_eq!(
        for_good["suspension"],
        json!({ "until": null, "reason": "abuse" })
    );
    let refused = app
        .call(Method::POST, "/api/rating", Some(&theo), Some(rate(9.0)))
        .await;
    assert_eq!(
        refused.json()["message"],
        "Your account is suspended: abuse. You can read, but not write."
    );

    for (body, message) in [
        (
            json!({ "days": 7, "reason": " " }),
            "reason is required: the member is shown it",
        ),
        (
            json!({ "days": 0, "reason": "x" }),
            "days must be 1 to 3650, or null for good",
        ),
        (
            json!({ "days": 7, "reason": "x".repeat(501) }),
            "reason must be at most 500 characters",
        ),
    ] {
        let bad = app
            .call(
                Method::POST,
                "/api/admin/members/lowend.theo/suspension",
                Some(&vera),
                Some(body),
            )
            .await;
        assert_eq!(
            (bad.status, bad.json()["message"].clone()),
            (StatusCode::BAD_REQUEST, json!(message))
        );
    }
    let admin_suspended = app
        .call(
            Method::POST,
            "/api/admin/members/vinylvera/suspension",
            Some(&vera),
            Some(json!({ "reason": "x" })),
        )
        .await;
    assert_eq!(admin_suspended.status, StatusCode::CONFLICT);
    let nobody = app
        .call(
            Method::POST,
            "/api/admin/members/nobody/suspension",
            Some(&vera),
            Some(json!({ "reason": "x" })),
        )
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn roles_sign_outs_and_every_action_in_the_audit_log() {
    let app = TestApp::new();
    let vera = admin(&app, "vinylvera");
    let (theo, _) = app.member("lowend.theo");
    let promoted = app
        .call(
            Method::PUT,
            "/api/admin/members/lowend.theo/role",
            Some(&vera),
            Some(json!({ "role": "editor", "note": "imports for us" })),
        )
        .await;
    assert_eq!(promoted.status, StatusCode::OK, "{}", promoted.text());
    assert_eq!(promoted.json()["role"], "editor");
    let last_admin = app
        .call(
            Method::PUT,
            "/api/admin/members/vinylvera/role",
            Some(&vera),
            Some(json!({ "role": "user" })),
        )
        .await;
    assert_eq!(
        (last_admin.status, last_admin.json()["message"].clone()),
        (
            StatusCode::CONFLICT,
            json!("There must be at least one admin.")
        )
    );
    let bad_role = app
        .call(
            Method::PUT,
            "/api/admin/members/lowend.theo/role",
            Some(&vera),
            Some(json!({ "role": "king" })),
        )
        .await;
    assert_eq!(bad_role.status, StatusCode::BAD_REQUEST);

    let ended = app
        .call(
            Method::POST,
            "/api/admin/members/lowend.theo/sign-out",
            Some(&vera),
            Some(json!({ "note": "shared password" })),
        )
        .await;
    assert_eq!(ended.json(), json!({ "ended": 1, "keysRevoked": 0 }));
    let gone = app
        .call(Method::GET, "/api/auth/me", Some(&theo), None)
        .await;
    assert_eq!(gone.status, StatusCode::UNAUTHORIZED);
    set_signup(&app, &vera, "invite", false).await;

    let log = app
        .call(Method::GET, "/api/admin/audit", Some(&vera), None)
        .await
        .json();
    let entries: Vec<(String, String, String, String, String)> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
            (
                text("actor"),
                text("action"),
                text("target"),
                text("details"),
                text("note"),
            )
        })
        .collect();
    let vera_said = |action: &str, target: &str, details: &str, note: &str| {
        (
            "vinylvera".to_owned(),
            action.to_owned(),
            target.to_owned(),
            details.to_owned(),
            note.to_owned(),
        )
    };
    assert_eq!(
        entries,
        [
            vera_said(
                "signup-mode",
                "the site",
                "sign-up invite; members may not invite",
                "now invite"
            ),
            vera_said(
                "sign-out",
                "lowend.theo",
                "1 sessions ended, 0 keys revoked",
                "shared password"
            ),
            vera_said("role", "lowend.theo", "user to editor", "imports for us"),
        ],
        "newest first, refused changes not recorded"
    );
    assert_eq!(log["total"], 3);

    let members = app
        .call(Method::GET, "/api/admin/members?q=THEO", Some(&vera), None)
        .await
        .json();
    assert_eq!(members["total"], 1);
    assert_eq!(members["members"][0]["username"], "lowend.theo");
    assert_eq!(members["members"][0]["role"], "editor");
    let like = app
        .call(Method::GET, "/api/admin/members?q=%25", Some(&vera), None)
        .await
        .json();
    assert_eq!(like["total"], 0, "LIKE's wildcards are taken literally");

    let figures = app
        .call(Method::GET, "/api/admin/figures", Some(&vera), None)
        .await
        .json();
    assert_eq!(figures["members"], 2);
    assert!(figures["databaseBytes"].as_i64().unwrap() > 0);
    assert_eq!(figures["lastBackup"], Value::Null);
}

#[tokio::test]
async fn the_member_search_takes_any_text_and_any_page() {
    let app = TestApp::new();
    let (admin, admin_id) = app.member("vinylvera");
    app.set_role(admin_id, Role::Admin);
    for path in [
        "/api/admin/members?page=16777215&q=%C2%B6R%00%C3%A5",
        "/api/admin/members?q=%00%00%00",
        "/api/admin/members?q=a%00",
        "/api/admin/members?page=4294967295",
    ] {
        let answer = app.call(Method::GET, path, Some(&admin), None).await;
        assert!(
            answer.status == StatusCode::OK || answer.status == StatusCode::BAD_REQUEST,
            "{path}: {} {}",
            answer.status,
            answer.text()
        );
    }
}
