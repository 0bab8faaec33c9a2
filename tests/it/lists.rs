//! Lists: making, editing, ordering and discussing them, who may see which
//! (a private list never shows in another member's answers, counts or
//! search), the 1,000-album limit and ordering under parallel requests.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse};
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Scene {
    app: TestApp,
    /// The author.
    mira: String,
    /// Another member.
    theo: String,
    albums: Vec<i64>,
}

fn scene() -> Scene {
    let app = TestApp::new();
    let (mira, _) = app.member("mira99");
    let (theo, _) = app.member("lowend.theo");
    let (_, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    Scene {
        app,
        mira,
        theo,
        albums,
    }
}

impl Scene {
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> TestResponse {
        self.app.call(method, path, token, body).await
    }

    /// A list of the author's, with the albums on it; its id.
    async fn list(&self, title: &str, visibility: &str, albums: &[i64]) -> i64 {
        let made = self
            .call(
                Method::POST,
                "/api/list",
                Some(&self.mira),
                Some(json!({ "title": title, "description": "Argue below.", "visibility": visibility })),
            )
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
        let id = made.json()["listId"].as_i64().unwrap();
        for album in albums {
            let added = self.add(id, *album).await;
            assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
        }
        id
    }

    async fn add(&self, list: i64, album: i64) -> TestResponse {
        self.call(
            Method::POST,
            &format!("/api/list/{list}/entries"),
            Some(&self.mira),
            Some(json!({ "albumId": album })),
        )
        .await
    }

    async fn page(&self, list: i64, token: Option<&str>) -> TestResponse {
        self.call(Method::GET, &format!("/api/list/{list}"), token, None)
            .await
    }

    /// The entries' album ids in order, checking the positions run 1, 2, 3...
    async fn order(&self, list: i64) -> Vec<i64> {
        let page = self.page(list, Some(&self.mira)).await.json();
        let entries = page["entries"].as_array().unwrap();
        for (index, entry) in entries.iter().enumerate() {
            assert_eq!(entry["position"], index as i64 + 1, "{page}");
        }
        entries
            .iter()
            .map(|entry| entry["album"]["albumId"].as_i64().unwrap())
            .collect()
    }

    async fn entry_ids(&self, list: i64) -> Vec<i64> {
        let page = self.page(list, Some(&self.mira)).await.json();
        page["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| entry["entryId"].as_i64().unwrap())
            .collect()
    }

    /// The ids of the lists in an answer holding `key` (or the answer itself).
    async fn list_ids(&self, path: &str, token: Option<&str>, key: &str) -> Vec<i64> {
        let answer = self.call(Method::GET, path, token, None).await.json();
        let lists = if key.is_empty() {
            &answer
        } else {
            &answer[key]
        };
        lists
            .as_array()
            .unwrap_or_else(|| panic!("{path}: {answer}"))
            .iter()
            .map(|list| list["listId"].as_i64().unwrap())
            .collect()
    }
}

#[tokio::test]
async fn an_author_makes_orders_notes_and_discusses_a_list() {
    let s = scene();
    let [ok, kid_a, amnesiac] = s.albums[..] else {
        panic!("three albums")
    };
    let list = s
        .list("Best of Radiohead", "public", &[ok, kid_a, amnesiac])
        .await;
    let page = s.page(list, None).await.json();
    assert_eq!(page["list"]["title"], "Best of Radiohead");
    assert_eq!(page["list"]["slug"], "best-of-radiohead");
    assert_eq!(page["list"]["ranked"], true);
    assert_eq!(page["list"]["entryCount"], 3);
    assert_eq!(page["list"]["author"]["username"], "mira99");
    assert_eq!(page["canEdit"], false);
    assert_eq!(page["entries"][0]["album"]["title"], "OK Computer");
    assert_eq!(s.page(list, Some(&s.mira)).await.json()["canEdit"], true);

    // Moved by position: the last first, then the first last.
    let entries = s.entry_ids(list).await;
    let moved = s
        .call(
            Method::PATCH,
            &format!("/api/list/{list}/entries/{}", entries[2]),
            Some(&s.mira),
            Some(json!({ "position": 1, "note": "The one that aged best." })),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
    assert_eq!(
        moved.json()["entries"][0]["note"],
        "The one that aged best."
    );
    assert_eq!(s.order(list).await, [amnesiac, ok, kid_a]);
    s.call(
        Method::PATCH,
        &format!("/api/list/{list}/entries/{}", entries[2]),
        Some(&s.mira),
        Some(json!({ "position": 99 })),
    )
    .await;
    assert_eq!(s.order(list).await, [ok, kid_a, amnesiac]);

    // Renamed, unordered, described; what was not sent stays.
    let renamed = s
        .call(
            Method::PATCH,
            &format!("/api/list/{list}"),
            Some(&s.mira),
            Some(json!({ "title": "Radiohead, ranked?", "ranked": false })),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
    let renamed = renamed.json();
    assert_eq!(renamed["slug"], "radiohead-ranked");
    assert_eq!(renamed["ranked"], false);
    assert_eq!(renamed["description"], "Argue below.");
    assert_eq!(renamed["visibility"], "public");

    // Another member likes it once and comments.
    for _ in 0..2 {
        let liked = s
            .call(
                Method::POST,
                &format!("/api/list/{list}/like"),
                Some(&s.theo),
                None,
            )
            .await;
        assert_eq!(liked.json(), json!({ "liked": true, "likeCount": 1 }));
    }
    let own = s
        .call(
            Method::POST,
            &format!("/api/list/{list}/like"),
            Some(&s.mira),
            None,
        )
        .await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    let page = s.page(list, Some(&s.theo)).await.json();
    assert_eq!(page["likedByMe"], true);
    assert_eq!(page["list"]["likeCount"], 1);
    let commented = s
        .call(
            Method::POST,
            "/api/comment",
            Some(&s.theo),
            Some(json!({ "commentText": "Kid A first, surely.", "listId": list })),
        )
        .await;
    assert_eq!(
        commented.status,
        StatusCode::CREATED,
        "{}",
        commented.text()
    );
    assert_eq!(commented.json()["listId"], list);
    let comments = s
        .call(
            Method::GET,
            &format!("/api/comment/list/{list}"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(comments["totalListComments"], 1);
    assert_eq!(comments["data"][0]["commentText"], "Kid A first, surely.");
    assert_eq!(s.page(list, None).await.json()["list"]["commentCount"], 1);
    let unliked = s
        .call(
            Method::DELETE,
            &format!("/api/list/{list}/like"),
            Some(&s.theo),
            None,
        )
        .await;
    assert_eq!(unliked.json(), json!({ "liked": false, "likeCount": 0 }));
    // Liked again and taken back again: the owner was told of the like once.
    for method in [Method::POST, Method::DELETE] {
        s.call(
            method,
            &format!("/api/list/{list}/like"),
            Some(&s.theo),
            None,
        )
        .await;
    }
    let told = s
        .call(Method::GET, "/api/notifications", Some(&s.mira), None)
        .await
        .json();
    let told: Vec<(&str, &str)> = told["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            (
                item["text"].as_str().unwrap(),
                item["link"].as_str().unwrap(),
            )
        })
        .collect();
    let page = format!("/list/{list}/radiohead-ranked");
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(
        told[0].0,
        "lowend.theo commented on your list “Radiohead, ranked?”"
    );
    assert!(
        told[0].1.starts_with(&format!("{page}#comment-")),
        "{told:?}"
    );
    assert_eq!(
        told[1],
        (
            "lowend.theo liked your list “Radiohead, ranked?”",
            page.as_str()
        )
    );

    // Taken off, and the history says what came and went.
    let removed = s
        .call(
            Method::DELETE,
            &format!("/api/list/{list}/entries/{}", entries[1]),
            Some(&s.mira),
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    assert_eq!(s.order(list).await, [ok, amnesiac]);
    let history = s
        .call(
            Method::GET,
            &format!("/api/list/{list}/history"),
            None,
            None,
        )
        .await
        .json();
    assert_eq!(history[0]["text"], "Kid A by Radiohead was removed");
    assert_eq!(history[3]["text"], "OK Computer by Radiohead was added");

    // The export carries it, in order.
    let export = s
        .call(Method::GET, "/api/user/me/export", Some(&s.mira), None)
        .await
        .json();
    assert_eq!(export["lists"][0]["title"], "Radiohead, ranked?");
    assert_eq!(
        export["lists"][0]["entries"][1]["album"]["title"],
        "Amnesiac"
    );
    let theirs = s
        .call(Method::GET, "/api/user/me/export", Some(&s.theo), None)
        .await
        .json();
    assert_eq!(
        theirs["comments"][0]["on"]["list"]["title"],
        "Radiohead, ranked?"
    );

    // Deleted with everything on it.
    let deleted = s
        .call(
            Method::DELETE,
            &format!("/api/list/{list}"),
            Some(&s.mira),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        s.page(list, Some(&s.mira)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(s.app.rows("list_entries"), 0);
    assert_eq!(s.app.rows("comments"), 0);
}

#[tokio::test]
async fn a_private_list_is_nowhere_for_anyone_else_and_an_unlisted_one_only_by_its_link() {
    let s = scene();
    let (admin, admin_id) = s.app.member("vinylvera");
    s.app.set_role(admin_id, Role::Admin);
    let album = s.albums[0];
    let public = s.list("Radiohead openers", "public", &[album]).await;
    let unlisted = s.list("Radiohead drafts", "unlisted", &[album]).await;
    let private = s.list("Radiohead secrets", "private", &[album]).await;

    for token in [None, Some(s.theo.as_str()), Some(admin.as_str())] {
        assert_eq!(
            s.list_ids("/api/list/user/mira99", token, "").await,
            [public]
        );
        let holding = s
            .call(
                Method::GET,
                &format!("/api/list/album/{album}"),
                token,
                None,
            )
            .await
            .json();
        assert_eq!(holding["count"], 1, "{holding}");
        assert_eq!(
            s.list_ids(&format!("/api/list/album/{album}"), token, "lists")
                .await,
            [public]
        );
        assert_eq!(s.list_ids("/api/list/popular", token, "").await, [public]);
        assert_eq!(
            s.list_ids("/api/search?q=radiohead", token, "lists").await,
            [public]
        );
        assert_eq!(s.page(unlisted, token).await.status, StatusCode::OK);
        assert_eq!(s.page(private, token).await.status, StatusCode::NOT_FOUND);
        let comments = s
            .call(
                Method::GET,
                &format!("/api/comment/list/{private}"),
                token,
                None,
            )
            .await;
        assert_eq!(comments.status, StatusCode::NOT_FOUND);
        let history = s
            .call(
                Method::GET,
                &format!("/api/list/{private}/history"),
                token,
                None,
            )
            .await;
        assert_eq!(history.status, StatusCode::NOT_FOUND);
    }
    // Its author sees all three, newest changed first.
    let mut mine = s.list_ids("/api/list/user/mira99", Some(&s.mira), "").await;
    mine.sort_unstable();
    assert_eq!(mine, [public, unlisted, private]);
    let chooser = s
        .call(
            Method::GET,
            &format!("/api/list/mine?albumId={}", s.albums[1]),
            Some(&s.mira),
            None,
        )
        .await
        .json();
    assert_eq!(chooser.as_array().unwrap().len(), 3);
    assert_eq!(chooser[0]["containsAlbum"], false);

    // Nobody else may like, comment on, report, change or delete the private one.
    let theo = Some(s.theo.as_str());
    let attempts = [
        (Method::POST, format!("/api/list/{private}/like"), None),
        (
            Method::POST,
            "/api/comment".to_owned(),
            Some(json!({ "commentText": "hi", "listId": private })),
        ),
        (
            Method::POST,
            "/api/reports".to_owned(),
            Some(json!({ "itemKind": "list", "itemId": private, "reason": "spam" })),
        ),
        (
            Method::PATCH,
            format!("/api/list/{private}"),
            Some(json!({ "title": "Mine now" })),
        ),
        (Method::DELETE, format!("/api/list/{private}"), None),
        (
            Method::POST,
            format!("/api/list/{private}/entries"),
            Some(json!({ "albumId": s.albums[1] })),
        ),
    ];
    for (method, path, body) in attempts {
        let refused = s.call(method.clone(), &path, theo, body).await;
        assert_eq!(refused.status, StatusCode::NOT_FOUND, "{method} {path}");
    }
    // The unlisted one may be read and discussed by its link, not changed.
    let changed = s
        .call(
            Method::PATCH,
            &format!("/api/list/{unlisted}"),
            theo,
            Some(json!({ "visibility": "public" })),
        )
        .await;
    assert_eq!(changed.status, StatusCode::FORBIDDEN);
    let commented = s
        .call(
            Method::POST,
            "/api/comment",
            theo,
            Some(json!({ "commentText": "Found it by its link.", "listId": unlisted })),
        )
        .await;
    assert_eq!(commented.status, StatusCode::CREATED);
    // A comment does not lead others to the unlisted list.
    let recent = s
        .call(Method::GET, "/api/comment/recent", None, None)
        .await
        .json();
    assert_eq!(recent, json!([]));
    assert_eq!(
        s.call(Method::GET, "/api/comment/user/lowend.theo", None, None)
            .await
            .json(),
        json!([])
    );

    // Made private, the public one vanishes for everyone else at once.
    s.call(
        Method::PATCH,
        &format!("/api/list/{public}"),
        Some(&s.mira),
        Some(json!({ "visibility": "private" })),
    )
    .await;
    assert_eq!(
        s.list_ids("/api/list/user/mira99", theo, "").await,
        Vec::<i64>::new()
    );
    let holding = s
        .call(Method::GET, &format!("/api/list/album/{album}"), theo, None)
        .await
        .json();
    assert_eq!(holding["count"], 0);
    assert_eq!(s.page(public, theo).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_reported_list_hidden_by_an_admin_is_gone_for_others_but_not_its_author() {
    let s = scene();
    let (admin, admin_id) = s.app.member("vinylvera");
    s.app.set_role(admin_id, Role::Admin);
    let list = s
        .list("Buy cheap vinyl at spam.example", "public", &[s.albums[0]])
        .await;
    let reported = s
        .call(
            Method::POST,
            "/api/reports",
            Some(&s.theo),
            Some(json!({ "itemKind": "list", "itemId": list, "reason": "spam" })),
        )
        .await;
    assert_eq!(reported.status, StatusCode::CREATED, "{}", reported.text());
    let queue = s
        .call(Method::GET, "/api/admin/reports", Some(&admin), None)
        .await
        .json();
    assert_eq!(queue["items"][0]["itemKind"], "list");
    assert_eq!(
        queue["items"][0]["link"],
        format!("/list/{list}/buy-cheap-vinyl-at-spam-example")
    );
    let hidden = s
        .call(
            Method::POST,
            "/api/admin/reports/resolve",
            Some(&admin),
            Some(json!({ "itemKind": "list", "itemId": list, "action": "hide" })),
        )
        .await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.text());
    assert_eq!(
        s.page(list, Some(&s.theo)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        s.list_ids("/api/list/popular", None, "").await,
        Vec::<i64>::new()
    );
    let own = s.page(list, Some(&s.mira)).await.json();
    assert_eq!(own["list"]["hidden"], true);
    assert_eq!(
        s.page(list, Some(&admin)).await.json()["list"]["hidden"],
        true
    );
}

#[tokio::test]
async fn an_album_leaving_the_catalogue_leaves_its_lists_and_says_so() {
    let s = scene();
    let (artist, others) = s.app.artist_with_albums(
        "Portishead",
        &[("Dummy", "1994-08-22"), ("Third", "2008-04-28")],
        &[],
    );
    let list = s
        .list(
            "Trip hop and more",
            "public",
            &[s.albums[0], others[0], others[1]],
        )
        .await;
    let (admin, admin_id) = s.app.member("vinylvera");
    s.app.set_role(admin_id, Role::Admin);
    let deleted = s
        .call(
            Method::DELETE,
            &format!("/api/album/{}", s.albums[0]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
    assert_eq!(s.order(list).await, [others[0], others[1]]);
    // An artist's albums going with it leave too.
    s.app
        .conn()
        .execute("DELETE FROM artists WHERE id = ?1", [artist])
        .unwrap();
    assert_eq!(s.order(list).await, Vec::<i64>::new());
    let history = s
        .call(
            Method::GET,
            &format!("/api/list/{list}/history"),
            None,
            None,
        )
        .await
        .json();
    let texts: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|event| event["text"].as_str().unwrap())
        .collect();
    assert!(
        texts.contains(&"OK Computer by Radiohead left the catalogue and this list"),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"Third by Portishead left the catalogue and this list"),
        "{texts:?}"
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message_and_changes_nothing() {
    let s = scene();
    let list = s.list("Keepers", "public", &[s.albums[0]]).await;
    let entry = s.entry_ids(list).await[0];
    let too_long = "x".repeat(121);
    let cases = [
        (
            Method::POST,
            "/api/list".to_owned(),
            json!({ "title": "  " }),
            StatusCode::BAD_REQUEST,
            "title",
        ),
        (
            Method::POST,
            "/api/list".to_owned(),
            json!({ "title": too_long }),
            StatusCode::BAD_REQUEST,
            "title",
        ),
        (
            Method::POST,
            "/api/list".to_owned(),
            json!({ "title": "Ok", "visibility": "secret" }),
            StatusCode::BAD_REQUEST,
            "visibility",
        ),
        (
            Method::PATCH,
            format!("/api/list/{list}"),
            json!({ "title": "" }),
            StatusCode::BAD_REQUEST,
            "title",
        ),
        (
            Method::POST,
            format!("/api/list/{list}/entries"),
            json!({}),
            StatusCode::BAD_REQUEST,
            "albumId",
        ),
        (
            Method::POST,
            format!("/api/list/{list}/entries"),
            json!({ "albumId": 999_999 }),
            StatusCode::NOT_FOUND,
            "No album",
        ),
        (
            Method::POST,
            format!("/api/list/{list}/entries"),
            json!({ "albumId": s.albums[0] }),
            StatusCode::CONFLICT,
            "on this list already",
        ),
        (
            Method::PATCH,
            format!("/api/list/{list}/entries/{entry}"),
            json!({ "position": 0 }),
            StatusCode::BAD_REQUEST,
            "position",
        ),
        (
            Method::PATCH,
            format!("/api/list/{list}/entries/{entry}"),
            json!({ "note": "x".repeat(1001) }),
            StatusCode::BAD_REQUEST,
            "note",
        ),
        (
            Method::PATCH,
            format!("/api/list/{list}/entries/999999"),
            json!({ "position": 1 }),
            StatusCode::NOT_FOUND,
            "No entry",
        ),
        (
            Method::POST,
            "/api/comment".to_owned(),
            json!({ "commentText": "hi", "listId": list, "albumId": s.albums[0] }),
            StatusCode::BAD_REQUEST,
            "exactly one",
        ),
    ];
    for (method, path, body, status, said) in cases {
        let refused = s
            .call(method.clone(), &path, Some(&s.mira), Some(body.clone()))
            .await;
        assert_eq!(
            refused.status,
            status,
            "{method} {path} {body}: {}",
            refused.text()
        );
        let message = refused.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains(said), "{message}");
    }
    let visitor = s
        .call(
            Method::POST,
            "/api/list",
            None,
            Some(json!({ "title": "Mine" })),
        )
        .await;
    assert_eq!(visitor.status, StatusCode::UNAUTHORIZED);
    assert_eq!(s.app.rows("lists"), 1);
    assert_eq!(s.order(list).await, [s.albums[0]]);
}

#[tokio::test]
async fn a_list_holds_a_thousand_albums_even_when_added_at_once() {
    let s = scene();
    let titles: Vec<(String, String)> = (0..1002)
        .map(|n| (format!("Take {n}"), "2001-01-01".to_owned()))
        .collect();
    let borrowed: Vec<(&str, &str)> = titles
        .iter()
        .map(|(t, d)| (t.as_str(), d.as_str()))
        .collect();
    let (_, albums) = s.app.artist_with_albums("Prolific", &borrowed, &[]);
    let list = s.list("Everything", "public", &[]).await;
    s.app
        .conn()
        .execute(
            "INSERT INTO list_entries (list_id, album_id, position, note, added_at)
             SELECT ?1, id, id, '', '2026-01-01T00:00:00.000Z' FROM albums
             WHERE id IN (SELECT value FROM json_each(?2))",
            rusqlite::params![list, serde_json::to_string(&albums[..998]).unwrap()],
        )
        .unwrap();
    let (a, b, c) = tokio::join!(
        s.add(list, albums[998]),
        s.add(list, albums[999]),
        s.add(list, albums[1000])
    );
    let mut statuses = [a.status, b.status, c.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::CONFLICT
        ]
    );
    let full = [a, b, c]
        .into_iter()
        .find(|r| r.status == StatusCode::CONFLICT)
        .unwrap();
    assert_eq!(full.json()["message"], "A list holds at most 1,000 albums.");
    assert_eq!(
        s.page(list, None).await.json()["entries"]
            .as_array()
            .unwrap()
            .len(),
        1000
    );
}

#[tokio::test]
async fn moves_sent_at_once_leave_every_entry_once_in_a_gapless_order() {
    let s = scene();
    let titles: Vec<(String, String)> = (0..30)
        .map(|n| (format!("Side {n}"), "1999-01-01".to_owned()))
        .collect();
    let borrowed: Vec<(&str, &str)> = titles
        .iter()
        .map(|(t, d)| (t.as_str(), d.as_str()))
        .collect();
    let (_, albums) = s.app.artist_with_albums("Shuffled", &borrowed, &[]);
    let list = s.list("Shuffle", "public", &albums).await;
    let entries = s.entry_ids(list).await;
    let moves: Vec<_> = entries
        .iter()
        .enumerate()
        .map(|(n, entry)| {
            let path = format!("/api/list/{list}/entries/{entry}");
            let position = (n * 7) % 30 + 1;
            let request = common::json_call(
                Method::PATCH,
                &path,
                Some(&s.mira),
                Some(json!({ "position": position })),
            );
            tokio::spawn(common::send(s.app.router(), request))
        })
        .collect();
    let mut statuses = Vec::new();
    for call in moves {
        statuses.push(call.await.unwrap().status);
    }
    assert!(
        statuses.iter().all(|status| *status == StatusCode::OK),
        "{statuses:?}"
    );
    let mut order = s.order(list).await;
    order.sort_unstable();
    let mut expected = albums.clone();
    expected.sort_unstable();
    assert_eq!(order, expected);
}

#[tokio::test]
async fn a_visitors_kept_list_page_follows_every_change_it_shows() {
    let mut s = scene();
    s.app.state.kept_answers = halfstar::api::KeptAnswers::new(std::time::Duration::from_secs(600));
    let list = s.list("Kept", "public", &[s.albums[0]]).await;
    let first = s.page(list, None).await;
    assert_eq!(first.header("cache-status"), "halfstar; fwd=miss; stored");
    assert_eq!(
        s.page(list, None).await.header("cache-status"),
        "halfstar; hit"
    );

    s.call(
        Method::POST,
        "/api/comment",
        Some(&s.theo),
        Some(json!({ "commentText": "Nice.", "listId": list })),
    )
    .await;
    assert_eq!(s.page(list, None).await.json()["list"]["commentCount"], 1);
    let artist = s.page(list, None).await.json()["entries"][0]["album"]["artistId"].clone();
    let rated = s
        .call(
            Method::POST,
            "/api/rating",
            Some(&s.theo),
            Some(json!({ "albumId": s.albums[0], "artistId": artist, "number": 8 })),
        )
        .await;
    assert_eq!(rated.status, StatusCode::CREATED, "{}", rated.text());
    assert_eq!(
        s.page(list, None).await.json()["entries"][0]["album"]["averageRating"],
        8.0
    );
    s.add(list, s.albums[1]).await;
    assert_eq!(s.page(list, None).await.json()["list"]["entryCount"], 2);
}

async fn like(s: &Scene, token: &str, list: i64, method: Method) -> TestResponse {
    s.call(method, &format!("/api/list/{list}/like"), Some(token), None)
        .await
}

/// The counts popular lists are ordered by are kept as likes and entries
/// come and go (deletions that cascade from an album, a list or a member
/// among them), and `halfstar check` finds them exact; the popular lists
/// are read from their index, not counted by their reader.
#[tokio::test]
async fn popular_lists_follow_kept_counts_of_likes_and_entries() {
    let s = scene();
    let (admin, admin_id) = s.app.member("vinylvera");
    s.app.set_role(admin_id, Role::Admin);
    let (otto, _) = s.app.member("otto");
    let first = s.list("First", "public", &s.albums[..1]).await;
    let second = s.list("Second", "public", &s.albums).await;
    let empty = s.list("Empty", "public", &[]).await;
    let popular = || s.list_ids("/api/list/popular?limit=10", None, "");
    assert_eq!(popular().await, [second, first], "newest first; none empty");

    assert!(
        like(&s, &s.theo, first, Method::POST)
            .await
            .status
            .is_success()
    );
    assert!(
        like(&s, &otto, first, Method::POST)
            .await
            .status
            .is_success()
    );
    assert!(
        like(&s, &otto, second, Method::POST)
            .await
            .status
            .is_success()
    );
    assert_eq!(popular().await, [first, second], "the most liked first");
    let summary = s.page(first, None).await.json();
    assert_eq!(summary["list"]["likeCount"], 2);

    // Otto's account goes (as the CLI deletes it): his likes go with him.
    s.app
        .conn()
        .execute("DELETE FROM users WHERE username = 'otto'", [])
        .unwrap();
    assert_eq!(s.page(first, None).await.json()["list"]["likeCount"], 1);
    assert!(
        like(&s, &s.theo, second, Method::POST)
            .await
            .status
            .is_success()
    );
    assert!(
        like(&s, &s.theo, first, Method::DELETE)
            .await
            .status
            .is_success()
    );
    // The only album of the first list leaves the catalogue: the list is empty.
    let deleted = s
        .call(
            Method::DELETE,
            &format!("/api/album/{}", s.albums[0]),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
    s.call(
        Method::DELETE,
        &format!("/api/list/{empty}"),
        Some(&s.mira),
        None,
    )
    .await;
    assert_eq!(popular().await, [second]);

    let counts: Vec<(i64, i64, i64)> = s
        .app
        .conn()
        .prepare("SELECT id, like_count, entry_count FROM lists ORDER BY id")
        .unwrap()
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(counts, [(first, 0, 0), (second, 1, 2)]);
    let health = halfstar::db::check(&s.app.dir.path().join("halfstar.db")).unwrap();
    assert_eq!(health.counters_off, 0);
    s.app
        .conn()
        .execute("UPDATE lists SET like_count = 7 WHERE id = ?1", [second])
        .unwrap();
    let health = halfstar::db::check(&s.app.dir.path().join("halfstar.db")).unwrap();
    assert_eq!(health.counters_off, 1, "check finds a counter that is off");

    let plan: Vec<String> = s
        .app
        .conn()
        .prepare(
            "EXPLAIN QUERY PLAN SELECT l.id FROM lists l
             WHERE l.visibility = 'public' AND l.hidden_at IS NULL AND l.entry_count > 0
             ORDER BY l.like_count DESC, l.updated_at DESC, l.id DESC LIMIT 6",
        )
        .unwrap()
        .query_map([], |row| row.get(3))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        plan.iter().any(|step| step.contains("lists_popular"))
            && !plan.iter().any(|step| step.contains("TEMP B-TREE")),
        "{plan:?}"
    );
}

/// Search finds public lists by the words their titles start with, accents
/// folded, under their current title, and forgets deleted ones.
#[tokio::test]
async fn search_finds_lists_by_word_prefixes_under_their_current_title() {
    let s = scene();
    let album = s.albums[0];
    let list = s.list("Café crème mornings", "public", &[album]).await;
    let other = s.list("Night drives", "public", &[album]).await;
    assert_eq!(
        s.list_ids("/api/search?q=cafe%20cre", None, "lists").await,
        [list]
    );
    assert_eq!(
        s.list_ids("/api/search?q=MORN", None, "lists").await,
        [list]
    );
    // Words, not pieces of them.
    assert_eq!(
        s.list_ids("/api/search?q=orning", None, "lists").await,
        Vec::<i64>::new()
    );
    let renamed = s
        .call(
            Method::PATCH,
            &format!("/api/list/{list}"),
            Some(&s.mira),
            Some(json!({ "title": "Evening records" })),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
    assert_eq!(
        s.list_ids("/api/search?q=morn", None, "lists").await,
        Vec::<i64>::new()
    );
    assert_eq!(
        s.list_ids("/api/search?q=even", None, "lists").await,
        [list]
    );
    let deleted = s
        .call(
            Method::DELETE,
            &format!("/api/list/{other}"),
            Some(&s.mira),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text());
    assert_eq!(
        s.list_ids("/api/search?q=night", None, "lists").await,
        Vec::<i64>::new()
    );
}
