//! Follows, blocks, the activity feed, notifications and taste
//! compatibility: each event tells exactly the member it concerns, once,
//! and never the actor, a member who blocked them, or of private content.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse, json_call, send};
use halfstar::db::notifications::{MOST_FROM_MEMBERS_AN_HOUR, MOST_FROM_ONE_MEMBER_AN_HOUR};
use halfstar::domain::Role;
use serde_json::{Value, json};

struct Scene {
    app: TestApp,
    mira: String,
    theo: String,
    ada: String,
    artist: i64,
    albums: Vec<i64>,
}

fn scene() -> Scene {
    let app = TestApp::new();
    let (mira, _) = app.member("mira99");
    let (theo, _) = app.member("lowend.theo");
    let (ada, _) = app.member("ada.l");
    let (artist, albums) = app.artist_with_albums("Radiohead", &common::RADIOHEAD, &[]);
    Scene {
        app,
        mira,
        theo,
        ada,
        artist,
        albums,
    }
}

impl Scene {
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> TestResponse {
        self.app.call(method, path, Some(token), body).await
    }

    async fn ok(&self, method: Method, path: &str, token: &str, body: Option<Value>) -> Value {
        let response = self.call(method.clone(), path, token, body).await;
        assert!(
            response.status.is_success(),
            "{method} {path}: {} {}",
            response.status,
            response.text()
        );
        if response.body.is_empty() {
            Value::Null
        } else {
            response.json()
        }
    }

    async fn follow(&self, token: &str, username: &str) -> TestResponse {
        self.call(
            Method::POST,
            &format!("/api/user/username/{username}/follow"),
            token,
            None,
        )
        .await
    }

    /// The member's notifications, as (kind, text).
    async fn told(&self, token: &str) -> Vec<(String, String)> {
        let page = self
            .ok(Method::GET, "/api/notifications", token, None)
            .await;
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| {
                (
                    item["kind"].as_str().unwrap().to_owned(),
                    item["text"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    async fn unread(&self, token: &str) -> i64 {
        self.ok(Method::GET, "/api/notifications/unread", token, None)
            .await["unread"]
            .as_i64()
            .unwrap()
    }

    async fn review(&self, token: &str, album: &str, text: &str) -> i64 {
        self.ok(
            Method::POST,
            "/api/review",
            token,
            Some(json!({ "reviewText": text, "artistName": "Radiohead", "albumName": album })),
        )
        .await["reviewId"]
            .as_i64()
            .unwrap()
    }

    async fn comment(&self, token: &str, on: Value) -> TestResponse {
        let mut body = on;
        body["commentText"] = json!(body["commentText"].as_str().unwrap_or("Agreed."));
        self.call(Method::POST, "/api/comment", token, Some(body))
            .await
    }

    async fn rate(&self, token: &str, album: i64, number: f64) {
        self.ok(
            Method::POST,
            "/api/rating",
            token,
            Some(json!({ "albumId": album, "artistId": self.artist, "number": number })),
        )
        .await;
    }

    async fn feed(&self, token: &str) -> Value {
        self.ok(Method::GET, "/api/feed", token, None).await
    }
}

fn pair(kind: &str, text: &str) -> (String, String) {
    (kind.to_owned(), text.to_owned())
}

#[tokio::test]
async fn following_is_counted_told_once_and_undone() {
    let s = scene();
    let social = s.follow(&s.theo, "mira99").await.json();
    assert_eq!(social["followers"], 1);
    assert_eq!(social["youFollow"], true);
    // Followed, unfollowed and followed again: told once.
    s.ok(
        Method::DELETE,
        "/api/user/username/mira99/follow",
        &s.theo,
        None,
    )
    .await;
    s.follow(&s.theo, "mira99").await;
    assert_eq!(
        s.told(&s.mira).await,
        [pair("follow", "lowend.theo followed you")]
    );
    assert_eq!(s.told(&s.theo).await, []);
    let seen = s
        .app
        .call(Method::GET, "/api/user/username/mira99/social", None, None)
        .await
        .json();
    assert_eq!(
        seen,
        json!({ "followers": 1, "following": 0, "youFollow": false, "followsYou": false, "youBlock": false })
    );
    let mine = s
        .ok(
            Method::GET,
            "/api/user/username/mira99/social",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(mine["followsYou"], false);
    let theirs = s
        .ok(
            Method::GET,
            "/api/user/username/lowend.theo/social",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(theirs["followsYou"], true);
    let followers = s
        .ok(
            Method::GET,
            "/api/user/username/mira99/followers",
            &s.ada,
            None,
        )
        .await;
    assert_eq!(followers[0]["username"], "lowend.theo");
    let following = s
        .ok(
            Method::GET,
            "/api/user/username/lowend.theo/following",
            &s.ada,
            None,
        )
        .await;
    assert_eq!(following[0]["username"], "mira99");

    // Mira removes Theo as a follower.
    let removed = s
        .ok(
            Method::DELETE,
            "/api/user/username/lowend.theo/follower",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(removed["followsYou"], false);
    let yourself = s.follow(&s.mira, "mira99").await;
    assert_eq!(yourself.status, StatusCode::BAD_REQUEST);
    let nobody = s.follow(&s.mira, "nobody-here").await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    let visitor = s
        .app
        .call(Method::POST, "/api/user/username/mira99/follow", None, None)
        .await;
    assert_eq!(visitor.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_event_tells_the_member_it_concerns_exactly_once() {
    let s = scene();
    let review = s.review(&s.mira, "Kid A", "Cold and perfect.").await;
    // Theo comments on Mira's review: Mira is told.
    assert_eq!(
        s.comment(&s.theo, json!({ "reviewId": review }))
            .await
            .status,
        StatusCode::CREATED
    );
    // Ada comments too, mentioning Mira and Theo: Mira is told once (a
    // comment on her review), Theo as an earlier commenter, not twice.
    let mentioned = s
        .comment(
            &s.ada,
            json!({ "reviewId": review, "commentText": "@mira99 @lowend.theo both right" }),
        )
        .await;
    assert_eq!(mentioned.status, StatusCode::CREATED);
    // Likes: three members, grouped into one item.
    let (extra, _) = s.app.member("extra.one");
    for token in [&s.theo, &s.ada, &extra] {
        s.ok(
            Method::POST,
            "/api/reviewvote",
            token,
            Some(json!({ "reviewId": review, "isThumbsUp": true })),
        )
        .await;
    }
    // A thumbs down is not told; unliking and liking again is not told twice.
    s.ok(
        Method::POST,
        "/api/reviewvote",
        &extra,
        Some(json!({ "reviewId": review, "isThumbsUp": false })),
    )
    .await;
    s.ok(
        Method::POST,
        "/api/reviewvote",
        &extra,
        Some(json!({ "reviewId": review, "isThumbsUp": true })),
    )
    .await;
    // A shout on Mira's profile, naming Ada.
    let shout = s
        .ok(
            Method::POST,
            "/api/shout",
            &s.theo,
            Some(json!({ "shoutText": "Great taste, @ada.l.", "recipientUsername": "mira99" })),
        )
        .await;

    assert_eq!(
        s.told(&s.mira).await,
        [
            pair("shout", "lowend.theo shouted on your profile"),
            pair("vote", "3 people liked your review of Kid A"),
            pair("comment", "ada.l commented on your review of Kid A"),
            pair("comment", "lowend.theo commented on your review of Kid A"),
        ]
    );
    assert_eq!(
        s.told(&s.theo).await,
        [pair("reply", "ada.l also commented on a review of Kid A")]
    );
    assert_eq!(
        s.told(&s.ada).await,
        [pair(
            "mention",
            "lowend.theo mentioned you in a shout on mira99’s profile"
        )]
    );
    assert_eq!(s.unread(&s.mira).await, 4);

    // Each link leads to the comment or shout itself: the page scrolls to it.
    let links = |page: &Value| -> Vec<String> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["link"].as_str().unwrap().to_owned())
            .collect()
    };
    let shout_at = format!("/user/mira99#shout-{}", shout["shoutId"]);
    let page = s.ok(Method::GET, "/api/notifications", &s.mira, None).await;
    let mira_links = links(&page);
    assert_eq!(mira_links[0], shout_at);
    assert!(
        mira_links[2].starts_with(&format!("/review/kid-a/{review}#comment-")),
        "{mira_links:?}"
    );
    assert_ne!(mira_links[2], mira_links[3], "each comment its own");
    let page = s.ok(Method::GET, "/api/notifications", &s.ada, None).await;
    assert_eq!(links(&page), [shout_at]);

    // Read one item (all its rows), then all.
    let page = s.ok(Method::GET, "/api/notifications", &s.mira, None).await;
    let likes = page["items"][1]["ids"].clone();
    assert_eq!(likes.as_array().unwrap().len(), 3);
    let left = s
        .ok(
            Method::POST,
            "/api/notifications/read",
            &s.mira,
            Some(json!({ "ids": likes })),
        )
        .await;
    assert_eq!(left["unread"], 3);
    let page = s.ok(Method::GET, "/api/notifications", &s.mira, None).await;
    assert_eq!(page["items"][1]["read"], true);
    assert_eq!(page["items"][1]["link"], format!("/review/kid-a/{review}"));
    let left = s
        .ok(
            Method::POST,
            "/api/notifications/read",
            &s.mira,
            Some(json!({})),
        )
        .await;
    assert_eq!(left["unread"], 0);
}

#[tokio::test]
async fn a_mention_tells_its_member_but_not_of_private_or_hidden_content() {
    let s = scene();
    let (admin, admin_id) = s.app.member("vinylvera");
    s.app.set_role(admin_id, Role::Admin);
    // In a post, edited twice with the same mention: told once.
    let post = s
        .ok(
            Method::POST,
            "/api/post",
            &s.theo,
            Some(json!({ "title": "Ask @mira99", "postText": "What now?" })),
        )
        .await["postId"]
        .as_i64()
        .unwrap();
    for _ in 0..2 {
        s.ok(
            Method::PATCH,
            &format!("/api/post/{post}"),
            &s.theo,
            Some(json!({ "updatedPostText": "Still asking @mira99" })),
        )
        .await;
    }
    assert_eq!(
        s.told(&s.mira).await,
        [pair(
            "mention",
            "lowend.theo mentioned you in the post “Ask @mira99”"
        )]
    );
    // In a private list: the list is Theo's alone, so Mira hears nothing.
    s.ok(
        Method::POST,
        "/api/list",
        &s.theo,
        Some(json!({ "title": "For @mira99", "description": "secret", "visibility": "private" })),
    )
    .await;
    assert_eq!(s.told(&s.mira).await.len(), 1);
    // In a comment an admin then hides: it goes from her notifications.
    let comment = s
        .comment(
            &s.theo,
            json!({ "albumId": s.albums[0], "commentText": "@mira99 listen to this" }),
        )
        .await
        .json()["commentId"]
        .as_i64()
        .unwrap();
    assert_eq!(s.told(&s.mira).await.len(), 2);
    s.ok(
        Method::POST,
        "/api/admin/visibility",
        &admin,
        Some(json!({ "itemKind": "comment", "itemId": comment, "hidden": true })),
    )
    .await;
    assert_eq!(s.told(&s.mira).await.len(), 1);
    assert_eq!(s.unread(&s.mira).await, 1);
    // Mentioning oneself tells nobody.
    s.comment(
        &s.mira,
        json!({ "albumId": s.albums[0], "commentText": "note to @mira99" }),
    )
    .await;
    assert_eq!(s.told(&s.mira).await.len(), 1);
}

#[tokio::test]
async fn a_blocked_member_cannot_reach_the_blocker_and_neither_sees_the_other() {
    let s = scene();
    s.follow(&s.theo, "mira99").await;
    s.follow(&s.mira, "lowend.theo").await;
    s.rate(&s.theo, s.albums[0], 4.0).await;
    assert_eq!(s.feed(&s.mira).await["items"].as_array().unwrap().len(), 1);

    let blocked = s
        .ok(
            Method::POST,
            "/api/user/username/lowend.theo/block",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(blocked["youBlock"], true);
    assert_eq!(blocked["followers"], 0);
    assert_eq!(blocked["following"], 0);
    let review = s.review(&s.mira, "Kid A", "Still great.").await;
    let attempts = [
        s.follow(&s.theo, "mira99").await,
        s.call(
            Method::POST,
            "/api/shout",
            &s.theo,
            Some(json!({ "shoutText": "hey", "recipientUsername": "mira99" })),
        )
        .await,
        s.comment(&s.theo, json!({ "reviewId": review })).await,
    ];
    for refused in attempts {
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text());
        // "They are not told", as the block dialog says.
        assert!(!refused.text().contains("block"), "{}", refused.text());
    }
    // The blocker cannot follow either, until they unblock.
    assert_eq!(
        s.follow(&s.mira, "lowend.theo").await.status,
        StatusCode::FORBIDDEN
    );
    // A mention or a comment on an album both discuss tells her nothing.
    s.comment(
        &s.theo,
        json!({ "albumId": s.albums[0], "commentText": "@mira99 hello?" }),
    )
    .await;
    s.comment(
        &s.mira,
        json!({ "albumId": s.albums[1], "commentText": "First." }),
    )
    .await;
    s.comment(
        &s.theo,
        json!({ "albumId": s.albums[1], "commentText": "Second." }),
    )
    .await;
    // Theo's follow before the block is no longer shown either.
    assert_eq!(s.told(&s.mira).await, []);
    assert_eq!(s.unread(&s.mira).await, 0);

    s.ok(
        Method::DELETE,
        "/api/user/username/lowend.theo/block",
        &s.mira,
        None,
    )
    .await;
    assert_eq!(s.follow(&s.theo, "mira99").await.status, StatusCode::OK);
    let blocks = s.ok(Method::GET, "/api/blocks", &s.mira, None).await;
    assert_eq!(blocks, json!([]));
}

#[tokio::test]
async fn the_feed_shows_what_followed_members_did_grouped_and_paged() {
    let s = scene();
    s.follow(&s.mira, "lowend.theo").await;
    for (album, number) in s.albums.iter().zip([9.0, 8.5, 7.0]) {
        s.rate(&s.theo, *album, number).await;
    }
    let feed = s.feed(&s.mira).await;
    let items = feed["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{feed}");
    assert_eq!(items[0]["kind"], "rating");
    assert_eq!(items[0]["count"], 3);
    assert_eq!(items[0]["actor"]["username"], "lowend.theo");
    assert_eq!(items[0]["albums"].as_array().unwrap().len(), 3);

    let review = s.review(&s.theo, "Amnesiac", "Underrated sibling.").await;
    s.ok(
        Method::POST,
        "/api/list",
        &s.theo,
        Some(json!({ "title": "Public picks" })),
    )
    .await;
    s.ok(
        Method::POST,
        "/api/list",
        &s.theo,
        Some(json!({ "title": "Hidden picks", "visibility": "unlisted" })),
    )
    .await;
    s.ok(
        Method::POST,
        "/api/post",
        &s.theo,
        Some(json!({ "title": "Hello", "postText": "Hi all" })),
    )
    .await;
    // Ada is not followed: nothing of hers shows.
    s.rate(&s.ada, s.albums[0], 2.0).await;
    let kinds: Vec<String> = s.feed(&s.mira).await["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(kinds, ["post", "list", "review", "rating"]);
    let feed = s.feed(&s.mira).await;
    assert_eq!(
        feed["items"][2]["link"],
        format!("/review/amnesiac/{review}")
    );
    assert_eq!(feed["items"][1]["text"], "Public picks");

    // Paged: two events a page, each page going on from the last.
    let first = s.ok(Method::GET, "/api/feed?limit=2", &s.mira, None).await;
    assert_eq!(first["items"].as_array().unwrap().len(), 2);
    let next = first["next"].as_str().unwrap();
    let second = s
        .ok(
            Method::GET,
            &format!("/api/feed?limit=2&before={}", urlencode(next)),
            &s.mira,
            None,
        )
        .await;
    assert_eq!(second["items"][0]["kind"], "review");
    let bad = s
        .call(Method::GET, "/api/feed?before=nonsense", &s.mira, None)
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    // Theo keeps his ratings out of feeds.
    let settings = s
        .ok(
            Method::PUT,
            "/api/settings/community",
            &s.theo,
            Some(json!({ "ratingsInFeeds": false })),
        )
        .await;
    assert_eq!(settings["ratingsInFeeds"], false);
    assert_eq!(settings["notifications"]["newAlbum"], true);
    let kinds = s.feed(&s.mira).await["items"].as_array().unwrap().len();
    assert_eq!(kinds, 3);
}

fn urlencode(text: &str) -> String {
    text.replace('%', "%25")
        .replace('~', "%7E")
        .replace(':', "%3A")
}

#[tokio::test]
async fn a_followed_artists_new_album_reaches_the_feed_and_notifications() {
    let s = scene();
    let followed = s
        .ok(
            Method::POST,
            &format!("/api/artist/{}/follow", s.artist),
            &s.mira,
            None,
        )
        .await;
    assert_eq!(followed, json!({ "following": true, "followers": 1 }));
    let (_, _) = s
        .app
        .artist_with_albums("Portishead", &[("Dummy", "1994-08-22")], &[]);
    s.app.conn()
        .execute(
            "INSERT INTO albums (artist_id, title, title_key, slug, search_key, release_date, created_at, updated_at)
             VALUES (?1, 'Hail to the Thief', 'hail to the thief', 'hail-to-the-thief', 'hail to the thief',
                     '2003-06-09', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second'),
                     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second'))",
            [s.artist],
        )
        .unwrap();
    assert_eq!(
        s.told(&s.mira).await,
        [pair(
            "new-album",
            "New album by Radiohead: Hail to the Thief"
        )]
    );
    let feed = s.feed(&s.mira).await;
    // Only the album that came after the follow, not the back catalogue.
    assert_eq!(feed["items"].as_array().unwrap().len(), 1, "{feed}");
    assert_eq!(feed["items"][0]["kind"], "new-album");
    assert_eq!(
        feed["items"][0]["link"],
        "/albums/radiohead/hail-to-the-thief"
    );
    assert_eq!(s.told(&s.theo).await, []);
    // Turned off, the kind is not shown.
    let mut switches = s
        .ok(Method::GET, "/api/settings/community", &s.mira, None)
        .await["notifications"]
        .clone();
    switches["newAlbum"] = json!(false);
    s.ok(
        Method::PUT,
        "/api/settings/community",
        &s.mira,
        Some(json!({ "notifications": switches })),
    )
    .await;
    assert_eq!(s.told(&s.mira).await, []);
    let mine = s
        .ok(Method::GET, "/api/user/me/artists", &s.mira, None)
        .await;
    assert_eq!(mine[0]["name"], "Radiohead");
    let export = s
        .ok(Method::GET, "/api/user/me/export", &s.mira, None)
        .await;
    assert_eq!(export["followedArtists"], json!(["Radiohead"]));
    assert_eq!(export["notificationsOff"], json!(["new-album"]));
}

#[tokio::test]
async fn compatibility_needs_five_shared_albums_and_follows_the_measure() {
    let s = scene();
    let titles: Vec<(String, String)> = (0..5)
        .map(|n| (format!("Shared {n}"), "2000-01-01".to_owned()))
        .collect();
    let borrowed: Vec<(&str, &str)> = titles
        .iter()
        .map(|(t, d)| (t.as_str(), d.as_str()))
        .collect();
    let (artist, albums) = s.app.artist_with_albums("Both", &borrowed, &[]);
    let rate = |token: String, album: i64, number: f64| {
        let s = &s;
        async move {
            s.ok(
                Method::POST,
                "/api/rating",
                &token,
                Some(json!({ "albumId": album, "artistId": artist, "number": number })),
            )
            .await;
        }
    };
    let mine = [2.0, 4.0, 6.0, 8.0, 10.0];
    let theirs = [4.0, 4.0, 8.0, 6.0, 10.0];
    for n in 0..4 {
        rate(s.mira.clone(), albums[n], mine[n]).await;
        rate(s.theo.clone(), albums[n], theirs[n]).await;
    }
    let few = s
        .ok(
            Method::GET,
            "/api/user/username/lowend.theo/compatibility",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(few["score"], Value::Null);
    assert_eq!(few["sharedAlbums"], 4);
    assert_eq!(
        few["message"],
        "You have rated 4 albums in common; 5 are needed for a figure."
    );
    rate(s.mira.clone(), albums[4], mine[4]).await;
    rate(s.theo.clone(), albums[4], theirs[4]).await;
    let enough = s
        .ok(
            Method::GET,
            "/api/user/username/lowend.theo/compatibility",
            &s.mira,
            None,
        )
        .await;
    // The hand-computed case of the measure's own tests.
    assert_eq!(enough["score"], 64);
    assert_eq!(enough["agree"][0]["album"]["title"], "Shared 4");
    assert_eq!(enough["disagree"][0]["yours"], 6.0);
    assert_eq!(enough["disagree"][0]["theirs"], 8.0);
    let yourself = s
        .call(
            Method::GET,
            "/api/user/username/mira99/compatibility",
            &s.mira,
            None,
        )
        .await;
    assert_eq!(yourself.status, StatusCode::BAD_REQUEST);
}

/// Makes a public list for each `(token, description)` at once, each its own
/// request in parallel, as a script would; every one must be made.
async fn lists_at_once(app: &TestApp, made: Vec<(String, String)>) {
    let calls: Vec<_> = made
        .into_iter()
        .enumerate()
        .map(|(n, (token, description))| {
            let body = json!({ "title": format!("Flood {n}"), "description": description });
            let request = json_call(Method::POST, "/api/list", Some(&token), Some(body));
            tokio::spawn(send(app.router(), request))
        })
        .collect();
    for call in calls {
        let response = call.await.unwrap();
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    }
}

/// How many notifications the member has, by whom: (actor id, count).
fn told_by(app: &TestApp, member: i64) -> Vec<(i64, i64)> {
    app.conn()
        .prepare(
            "SELECT actor_id, count(*) FROM notifications WHERE user_id = ?1
             GROUP BY actor_id ORDER BY actor_id",
        )
        .unwrap()
        .query_map([member], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_lists_naming_the_same_ten_members_tell_each_at_most_the_bound() {
    let app = TestApp::new();
    let (flooder, flooder_id) = app.member("flooder");
    let named: Vec<(String, i64)> = (0..10).map(|n| app.member(&format!("target{n}"))).collect();
    let description: String = (0..10).map(|n| format!("@target{n} ")).collect();
    lists_at_once(&app, vec![(flooder, description); 60]).await;

    for (token, id) in &named {
        assert_eq!(
            told_by(&app, *id),
            [(flooder_id, MOST_FROM_ONE_MEMBER_AN_HOUR)]
        );
        let page = app
            .call(
                Method::GET,
                "/api/notifications?limit=100",
                Some(token),
                None,
            )
            .await
            .json();
        assert_eq!(
            page["items"].as_array().unwrap().len() as i64,
            MOST_FROM_ONE_MEMBER_AN_HOUR
        );
        let unread = app
            .call(Method::GET, "/api/notifications/unread", Some(token), None)
            .await
            .json();
        assert_eq!(unread["unread"], MOST_FROM_ONE_MEMBER_AN_HOUR);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_members_at_once_tell_one_member_at_most_the_hourly_bound() {
    let app = TestApp::new();
    let (_, target) = app.member("target");
    let actors: Vec<String> = (0..12)
        .map(|n| app.member(&format!("crowd{n}")).0)
        .collect();
    // Each of twelve members names her in twelve lists, all at once: 144
    // mentions, of which each member's first ten could be told.
    let made = actors
        .iter()
        .flat_map(|token| (0..12).map(|_| (token.clone(), "Ask @target".to_owned())))
        .collect();
    lists_at_once(&app, made).await;

    let told = told_by(&app, target);
    assert!(
        told.iter().all(|&(_, n)| n <= MOST_FROM_ONE_MEMBER_AN_HOUR),
        "{told:?}"
    );
    let total: i64 = told.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, MOST_FROM_MEMBERS_AN_HOUR, "{told:?}");
}
