//! The server's own check for new releases, against a stand-in MusicBrainz:
//! followed artists first, new albums added under the import's rules and told
//! to their followers, deleted ones never added again, an outage harmless.

use crate::common;

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::TestApp;
use common::sources::{FRESH, MockSources, fresh_album};
use halfstar::db::artists::{self, NewArtist};
use halfstar::discovery::new_releases::check_next;
use halfstar::domain::Role;
use halfstar::import::sources::Sources;

fn add_artist(app: &TestApp, name: &str, mbid: &str) -> i64 {
    let artist = NewArtist {
        name,
        description: "",
        picture_url: "",
        mbid: Some(mbid),
    };
    artists::insert(&app.conn(), &artist, "2026-01-01T00:00:00.000Z").unwrap()
}

/// As if a day had passed since every artist was last asked about.
fn a_day_later(app: &TestApp) {
    app.conn()
        .execute(
            "UPDATE release_checks SET checked_at = '2020-01-01T00:00:00.000Z'",
            [],
        )
        .unwrap();
}

async fn titles_of(app: &TestApp, artist: &str) -> Vec<(String, String)> {
    let albums = app
        .call(
            Method::GET,
            &format!("/api/album/artist/{artist}"),
            None,
            None,
        )
        .await
        .json();
    albums
        .as_array()
        .unwrap()
        .iter()
        .map(|album| {
            (
                album["title"].as_str().unwrap().to_owned(),
                album["releaseDate"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn told(app: &TestApp, token: &str) -> Vec<String> {
    let answer = app
        .call(Method::GET, "/api/notifications", Some(token), None)
        .await
        .json();
    answer["items"]
        .as_array()
        .unwrap_or_else(|| panic!("notifications: {answer}"))
        .iter()
        .filter(|item| item["kind"] == "new-album")
        .map(|item| item["text"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn new_albums_of_followed_artists_arrive_by_themselves_and_deleted_ones_stay_away() {
    let mock = MockSources::start();
    let mut app = TestApp::new();
    app.state.import_sources = Arc::new(Sources::new(mock.settings(true, false)));
    mock.log.lock().unwrap().fresh_groups = vec![fresh_album(1, "First Light", "2019-04-05")];
    // Asked about last, though older: nobody follows them.
    let other = add_artist(
        &app,
        "Somebody Else",
        "12345678-1234-1234-1234-123456789012",
    );
    let fresh = add_artist(&app, "Fresh", FRESH);
    let (member, _) = app.member("mira99");
    let follow = app
        .call(
            Method::POST,
            &format!("/api/artist/{fresh}/follow"),
            Some(&member),
            None,
        )
        .await;
    assert_eq!(follow.status, StatusCode::OK, "{}", follow.text());

    let first = check_next(&app.state)
        .await
        .unwrap()
        .expect("an artist due");
    assert_eq!(
        (first.artist_id, first.added.clone()),
        (fresh, vec!["First Light".to_owned()])
    );
    assert_eq!(first.trouble, "");
    let second = check_next(&app.state)
        .await
        .unwrap()
        .expect("another artist due");
    assert_eq!((second.artist_id, second.added.len()), (other, 0));
    // Each artist is asked about once a day.
    assert_eq!(check_next(&app.state).await.unwrap(), None);
    assert_eq!(
        titles_of(&app, "fresh").await,
        [("First Light".to_owned(), "2019-04-05".to_owned())]
    );

    // An upcoming album, a day later: added with its date to come, and told.
    mock.log
        .lock()
        .unwrap()
        .fresh_groups
        .push(fresh_album(2, "Second Wind", "2031-03-01"));
    a_day_later(&app);
    let checked = check_next(&app.state).await.unwrap().unwrap();
    assert_eq!(checked.added, ["Second Wind"]);
    let albums = titles_of(&app, "fresh").await;
    assert!(
        albums.contains(&("Second Wind".to_owned(), "2031-03-01".to_owned())),
        "{albums:?}"
    );
    let notices = told(&app, &member).await;
    assert!(
        notices.contains(&"New album by Fresh: Second Wind".to_owned()),
        "{notices:?}"
    );
    assert!(
        notices.contains(&"New album by Fresh: First Light".to_owned()),
        "{notices:?}"
    );
    // Its history says where it came from.
    let added: i64 = app
        .conn()
        .query_row(
            "SELECT count(*) FROM revisions r JOIN albums a ON a.id = r.entity_id
             WHERE r.entity_kind = 'album' AND a.title = 'Second Wind'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(added, 1);

    // An admin deletes it: no later check adds it again.
    let (editor, editor_id) = app.member("crate_digger");
    app.set_role(editor_id, Role::Admin);
    let id: i64 = app
        .conn()
        .query_row(
            "SELECT id FROM albums WHERE title = 'Second Wind'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let deleted = app
        .call(
            Method::DELETE,
            &format!("/api/album/{id}"),
            Some(&editor),
            None,
        )
        .await;
    assert!(deleted.status.is_success(), "{}", deleted.text());
    a_day_later(&app);
    let checked = check_next(&app.state).await.unwrap().unwrap();
    assert_eq!((checked.artist_id, checked.added.len()), (fresh, 0));
    assert_eq!(titles_of(&app, "fresh").await.len(), 1);

    // MusicBrainz down: nothing lost, the trouble recorded, asked again a day later.
    mock.log.lock().unwrap().musicbrainz_down = true;
    mock.log
        .lock()
        .unwrap()
        .fresh_groups
        .push(fresh_album(3, "Third Time", "2025-01-01"));
    a_day_later(&app);
    let checked = check_next(&app.state).await.unwrap().unwrap();
    assert_eq!(checked.added.len(), 0);
    assert!(
        checked.trouble.contains("MusicBrainz"),
        "{}",
        checked.trouble
    );
    assert_eq!(titles_of(&app, "fresh").await.len(), 1);
    mock.log.lock().unwrap().musicbrainz_down = false;
    a_day_later(&app);
    assert_eq!(
        check_next(&app.state).await.unwrap().unwrap().added,
        ["Third Time"]
    );
}

fn days_from_today(days: i64) -> String {
    (time::OffsetDateTime::now_utc().date() + time::Duration::days(days)).to_string()
}

async fn listed(app: &TestApp, query: &str, token: Option<&str>) -> Vec<String> {
    let answer = app
        .call(
            Method::GET,
            &format!("/api/new-releases{query}"),
            token,
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{query}: {}", answer.text());
    answer.json()["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|album| album["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn new_page_lists_recent_and_upcoming_albums_filtered_by_follows_genres_and_wishlist() {
    let app = TestApp::new();
    let (last_week, last_month, long_ago, next_month, next_year) = (
        days_from_today(-7),
        days_from_today(-30),
        days_from_today(-400),
        days_from_today(30),
        days_from_today(365),
    );
    let (followed, followed_albums) = app.artist_with_albums(
        "Followed Band",
        &[
            ("Just Out", &last_week),
            ("Old Favourite", &long_ago),
            ("Coming Soon", &next_month),
        ],
        &["Shoegaze".to_owned()],
    );
    app.artist_with_albums(
        "Somebody Else",
        &[("Last Month", &last_month), ("Next Year", &next_year)],
        &["Jazz".to_owned()],
    );
    let (member, member_id) = app.member("mira99");
    let follow = app
        .call(
            Method::POST,
            &format!("/api/artist/{followed}/follow"),
            Some(&member),
            None,
        )
        .await;
    assert_eq!(follow.status, StatusCode::OK);

    assert_eq!(listed(&app, "", None).await, ["Just Out", "Last Month"]);
    assert_eq!(
        listed(&app, "?when=upcoming", None).await,
        ["Coming Soon", "Next Year"]
    );
    assert_eq!(
        listed(&app, "?when=upcoming&followed=true", Some(&member)).await,
        ["Coming Soon"]
    );
    assert_eq!(listed(&app, "?genre=jazz", None).await, ["Last Month"]);
    assert!(
        listed(&app, "?wishlist=true", Some(&member))
            .await
            .is_empty()
    );
    let wished = app
        .call(
            Method::POST,
            "/api/wishlistitem",
            Some(&member),
            Some(serde_json::json!({ "userId": member_id, "albumId": followed_albums[2], "albumTitle": "Coming Soon" })),
        )
        .await;
    assert_eq!(wished.status, StatusCode::CREATED, "{}", wished.text());
    assert_eq!(
        listed(&app, "?when=upcoming&wishlist=true", Some(&member)).await,
        ["Coming Soon"]
    );

    // Signed out, the member's own filters are refused; bad filters are named.
    for (query, status, word) in [
        ("?followed=true", StatusCode::UNAUTHORIZED, "Log in"),
        ("?wishlist=true", StatusCode::UNAUTHORIZED, "Log in"),
        ("?page=0", StatusCode::BAD_REQUEST, "page"),
        ("?page=51", StatusCode::BAD_REQUEST, "page"),
        ("?genre=no-such-genre", StatusCode::BAD_REQUEST, "genre"),
        ("?when=someday", StatusCode::BAD_REQUEST, "when"),
    ] {
        let answer = app
            .call(
                Method::GET,
                &format!("/api/new-releases{query}"),
                None,
                None,
            )
            .await;
        assert_eq!(answer.status, status, "{query}");
        let message = answer.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains(word), "{query}: {message}");
    }
}

async fn texts_of_kind(app: &TestApp, token: &str, kind: &str) -> Vec<String> {
    let answer = app
        .call(Method::GET, "/api/notifications", Some(token), None)
        .await
        .json();
    answer["items"]
        .as_array()
        .unwrap_or_else(|| panic!("notifications: {answer}"))
        .iter()
        .filter(|item| item["kind"] == kind)
        .map(|item| item["text"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn followers_are_told_again_on_release_day_once() {
    let app = TestApp::new();
    let today = days_from_today(0);
    let (followed, followed_albums) = app.artist_with_albums(
        "Followed Band",
        &[
            ("Out Today", &today),
            ("Coming Soon", &days_from_today(30)),
            ("Added Today", &today),
        ],
        &[],
    );
    app.artist_with_albums("Somebody Else", &[("Also Today", &today)], &[]);
    // Heard of only as it came out: the new-album notice says it all.
    app.conn()
        .execute(
            "UPDATE albums SET created_at = ?2 WHERE id = ?1",
            rusqlite::params![followed_albums[2], halfstar::domain::timestamp::now()],
        )
        .unwrap();
    let (fan, _) = app.member("fan");
    let (other, _) = app.member("other");
    let follow = app
        .call(
            Method::POST,
            &format!("/api/artist/{followed}/follow"),
            Some(&fan),
            None,
        )
        .await;
    assert_eq!(follow.status, StatusCode::OK);

    assert_eq!(
        halfstar::discovery::release_days::tell(&app.state, today.clone())
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        texts_of_kind(&app, &fan, "release-day").await,
        ["Out today: Out Today by Followed Band"]
    );
    assert!(texts_of_kind(&app, &other, "release-day").await.is_empty());
    // A day is told once, however often the server looks.
    assert_eq!(
        halfstar::discovery::release_days::tell(&app.state, today)
            .await
            .unwrap(),
        0
    );
    assert_eq!(texts_of_kind(&app, &fan, "release-day").await.len(), 1);

    // Muted like any other kind.
    let muted = app
        .call(
            Method::PUT,
            "/api/settings/community",
            Some(&fan),
            Some(serde_json::json!({ "notifications": {
                "comment": true, "reply": true, "vote": true, "shout": true, "follow": true,
                "mention": true, "newAlbum": true, "correction": true, "releaseDay": false } })),
        )
        .await;
    assert_eq!(muted.status, StatusCode::OK, "{}", muted.text());
    assert!(texts_of_kind(&app, &fan, "release-day").await.is_empty());
}

/// The iCal date of a day some days from today.
fn ical_day(days: i64) -> String {
    days_from_today(days).replace('-', "")
}

#[tokio::test]
async fn a_private_calendar_lists_followed_artists_albums_and_its_link_can_be_replaced_and_revoked()
{
    let app = TestApp::new();
    let (followed, _) = app.artist_with_albums(
        "Followed Band",
        &[
            ("Coming Soon", &days_from_today(30)),
            ("Last Week", &days_from_today(-7)),
            ("Long Ago", &days_from_today(-400)),
            ("Some Month", "2031-05"),
        ],
        &[],
    );
    app.artist_with_albums(
        "Somebody Else",
        &[("Not Followed", &days_from_today(30))],
        &[],
    );
    let (fan, _) = app.member("fan");
    app.call(
        Method::POST,
        &format!("/api/artist/{followed}/follow"),
        Some(&fan),
        None,
    )
    .await;

    let signed_out = app
        .call(Method::POST, "/api/settings/calendar", None, None)
        .await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    let none = app
        .call(Method::GET, "/api/settings/calendar", Some(&fan), None)
        .await;
    assert_eq!(none.json()["link"], serde_json::Value::Null);

    let made = app
        .call(Method::POST, "/api/settings/calendar", Some(&fan), None)
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
    let url = made.json()["url"].as_str().unwrap().to_owned();
    let path = &url[url
        .find("/api/feeds/calendar/")
        .expect("a calendar address")..];
    let calendar = app.call(Method::GET, path, None, None).await;
    assert_eq!(calendar.status, StatusCode::OK, "{}", calendar.text());
    assert!(calendar.header("content-type").starts_with("text/calendar"));
    let text = calendar.text();
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
    for (title, days) in [("Coming Soon", 30), ("Last Week", -7)] {
        let event = text
            .split("BEGIN:VEVENT")
            .find(|event| event.contains(title))
            .unwrap_or_else(|| panic!("{title} in {text}"));
        assert!(
            event.contains(&format!("DTSTART;VALUE=DATE:{}", ical_day(days))),
            "{event}"
        );
        assert!(
            event.contains(&format!("DTEND;VALUE=DATE:{}", ical_day(days + 1))),
            "{event}"
        );
        assert!(event.contains("SUMMARY:Followed Band – "), "{event}");
    }
    for left_out in ["Long Ago", "Not Followed", "Some Month"] {
        assert!(!text.contains(left_out), "{left_out} in {text}");
    }
    // Its reading is noted beside the answer, soon after.
    let mut used = serde_json::Value::Null;
    for _ in 0..100 {
        used = app
            .call(Method::GET, "/api/settings/calendar", Some(&fan), None)
            .await
            .json();
        if used["link"]["lastUsedAt"].is_string() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(used["link"]["lastUsedAt"].is_string(), "{used}");

    // A new link replaces the old one; a revoked one reads nothing.
    let remade = app
        .call(Method::POST, "/api/settings/calendar", Some(&fan), None)
        .await
        .json();
    let new_url = remade["url"].as_str().unwrap();
    let new_path = &new_url[new_url.find("/api/feeds/calendar/").unwrap()..];
    assert_eq!(
        app.call(Method::GET, path, None, None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.call(Method::GET, new_path, None, None).await.status,
        StatusCode::OK
    );
    let revoked = app
        .call(Method::DELETE, "/api/settings/calendar", Some(&fan), None)
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    let gone = app.call(Method::GET, new_path, None, None).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert!(gone.json()["message"].as_str().unwrap().contains("revoked"));
    assert_eq!(
        app.call(Method::DELETE, "/api/settings/calendar", Some(&fan), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_checks_an_artist_now_and_sees_the_latest_checks() {
    let mock = MockSources::start();
    let mut app = TestApp::new();
    app.state.import_sources = Arc::new(Sources::new(mock.settings(true, false)));
    mock.log.lock().unwrap().fresh_groups = vec![fresh_album(1, "First Light", "2019-04-05")];
    let fresh = add_artist(&app, "Fresh", FRESH);
    app.artist_with_albums("Unknown To MusicBrainz", &[("Tape", "2001-01-01")], &[]);
    let (admin, admin_id) = app.member("vinylvera");
    app.set_role(admin_id, Role::Admin);
    let (member, _) = app.member("mira99");
    let check = |token: &str, artist: &str| {
        let (app, token, body) = (
            &app,
            token.to_owned(),
            serde_json::json!({ "artist": artist }),
        );
        async move {
            app.call(
                Method::POST,
                "/api/admin/new-releases/checks",
                Some(&token),
                Some(body),
            )
            .await
        }
    };

    assert_eq!(check(&member, "Fresh").await.status, StatusCode::FORBIDDEN);
    let done = check(&admin, "fresh").await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text());
    assert_eq!(
        done.json(),
        serde_json::json!({ "artistId": fresh, "added": ["First Light"], "trouble": "" })
    );
    // Asked again at once (not a day later): nothing new.
    assert_eq!(
        check(&admin, "Fresh").await.json()["added"],
        serde_json::json!([])
    );

    for (artist, status, word) in [
        (
            "Unknown To MusicBrainz",
            StatusCode::BAD_REQUEST,
            "MusicBrainz id",
        ),
        ("Nobody At All", StatusCode::NOT_FOUND, "No artist"),
        ("  ", StatusCode::BAD_REQUEST, "artist is required"),
    ] {
        let refused = check(&admin, artist).await;
        assert_eq!(refused.status, status, "{artist}");
        let message = refused.json()["message"].as_str().unwrap().to_owned();
        assert!(message.contains(word), "{artist}: {message}");
    }

    let shown = app
        .call(Method::GET, "/api/admin/new-releases", Some(&admin), None)
        .await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.text());
    let shown = shown.json();
    assert_eq!(shown["checking"], false);
    assert_eq!(shown["artistsToCheck"], 1);
    assert_eq!(shown["checks"][0]["artist"], "Fresh");
    assert_eq!(shown["checks"][0]["added"], 0);
    assert_eq!(
        app.call(Method::GET, "/api/admin/new-releases", Some(&member), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}
