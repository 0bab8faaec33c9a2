//! The site's own address: every absolute link comes from `--public-url`,
//! never from a request's `Host` or `X-Forwarded-*` headers, and no kept
//! answer takes a shape from a header it is not keyed by. Checked over
//! every GET operation of `/api/openapi.json`, so a new one cannot forget.

use crate::common;

use std::collections::HashMap;
use std::process::Stdio;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::server::{RunningServer, halfstar};
use common::{TestApp, TestResponse};
use halfstar::api::KeptAnswers;
use halfstar::config::PublicUrl;
use serde_json::Value;

const PUBLIC: &str = "https://music.example";

/// Every header a client could use to claim another address or scheme.
const FORGED: &[(&str, &str)] = &[
    ("host", "evil.example"),
    ("x-forwarded-host", "evil.example"),
    ("x-forwarded-proto", "http"),
    ("x-forwarded-port", "6666"),
    ("x-forwarded-prefix", "/evil-prefix"),
    ("x-forwarded-server", "evil.example"),
    ("forwarded", "host=evil.example;proto=http"),
    ("x-original-url", "/evil-prefix/"),
];

/// What a forged header would leave in an answer it shaped: its host, its
/// prefix, or the public address under the scheme it claimed.
fn forged_trace(answer: &TestResponse) -> Option<String> {
    let mut texts = vec![String::from_utf8_lossy(&answer.body).into_owned()];
    texts.extend(
        answer
            .headers
            .iter()
            .map(|(name, value)| format!("{name}: {}", String::from_utf8_lossy(value.as_bytes()))),
    );
    let needles = [
        "evil.example",
        "evil-prefix",
        ":6666",
        "http://music.example",
    ];
    texts.into_iter().find_map(|text| {
        let needle = needles.iter().find(|needle| text.contains(*needle))?;
        let at = text.find(needle).unwrap_or(0);
        let from = text.floor_char_boundary(at.saturating_sub(100));
        let to = text.ceil_char_boundary((at + 100).min(text.len()));
        Some(format!("{needle} in ...{}...", &text[from..to]))
    })
}

/// A site with the demo's community, its answers kept (as `serve` keeps
/// them), and a public address of its own.
fn demo_site(trust_proxy: bool) -> TestApp {
    let mut app = TestApp::new();
    let hash = halfstar::auth::hash_password(halfstar::demo::DEMO_PASSWORD).unwrap();
    halfstar::demo::load(&mut app.conn(), &hash).unwrap();
    app.state.trust_proxy = trust_proxy;
    app.state.public_url = PublicUrl::parse(PUBLIC).unwrap();
    app.state.kept_answers = KeptAnswers::new(Duration::from_secs(60));
    app
}

/// A value for each path parameter that names something of the demo's, so
/// that the answers are real ones (an unknown name only answers 404).
fn parameters(app: &TestApp, calendar_token: &str) -> HashMap<&'static str, String> {
    let conn = app.conn();
    let one = |sql: &str| -> String {
        conn.query_row(sql, [], |row| row.get::<_, rusqlite::types::Value>(0))
            .map(|value| match value {
                rusqlite::types::Value::Integer(n) => n.to_string(),
                rusqlite::types::Value::Text(text) => text,
                other => panic!("{sql}: {other:?}"),
            })
            .unwrap_or_else(|error| panic!("{sql}: {error}"))
    };
    let reviewer = "SELECT user_id FROM reviews ORDER BY id LIMIT 1";
    let album = "SELECT album_id FROM reviews ORDER BY id LIMIT 1";
    let mut values = HashMap::new();
    let username = one(&format!(
        "SELECT username FROM users WHERE id = ({reviewer})"
    ));
    let album_slug = one(&format!("SELECT slug FROM albums WHERE id = ({album})"));
    let artist_slug = one(&format!(
        "SELECT artists.slug FROM albums JOIN artists ON artists.id = albums.artist_id
         WHERE albums.id = ({album})"
    ));
    values.insert("username", username.clone());
    values.insert("user_name", username);
    values.insert("user_id", one(reviewer));
    values.insert("album_id", one(album));
    values.insert("id", one(album));
    values.insert("title", album_slug.clone());
    values.insert("album_title", album_slug);
    values.insert("artist", artist_slug.clone());
    values.insert("artist_name", artist_slug.clone());
    values.insert("name", artist_slug);
    values.insert(
        "list_id",
        one("SELECT id FROM lists WHERE visibility = 'public' ORDER BY id LIMIT 1"),
    );
    values.insert("genre", one("SELECT slug FROM genres ORDER BY id LIMIT 1"));
    values.insert("year", time::OffsetDateTime::now_utc().year().to_string());
    values.insert("token", calendar_token.to_owned());
    values
}

/// Every GET operation of the description, with its parameters filled in.
async fn get_paths(app: &TestApp, values: &HashMap<&'static str, String>) -> Vec<String> {
    let doc: Value = app.get("/api/openapi.json").await.json();
    let mut paths = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if item.get("get").is_none() {
            continue;
        }
        let mut concrete = String::new();
        for (i, part) in path.split(['{', '}']).enumerate() {
            if i % 2 == 1 {
                concrete.push_str(values.get(part).map_or("1", String::as_str));
            } else {
                concrete.push_str(part);
            }
        }
        paths.push(concrete);
    }
    assert!(paths.len() > 80, "the description lists the reads");
    paths
}

async fn read(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
    token: Option<&str>,
) -> TestResponse {
    let mut request = Request::builder().method(Method::GET).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    app.send(request.body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn no_forged_address_reaches_any_answer_nor_the_next_readers() {
    for trust_proxy in [false, true] {
        let app = demo_site(trust_proxy);
        let member_id: i64 = app
            .conn()
            .query_row(
                "SELECT user_id FROM reviews ORDER BY id LIMIT 1",
                [],
                |row| row.get(0),
            )
            .unwrap();
        let session = app.session_of(member_id);
        // Made by a caller claiming another address: the link is still the site's.
        let mut making = Request::builder()
            .method(Method::POST)
            .uri("/api/settings/calendar")
            .header("authorization", format!("Bearer {session}"));
        for (name, value) in FORGED {
            making = making.header(*name, *value);
        }
        let made = app.send(making.body(Body::empty()).unwrap()).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
        let url = made.json()["url"].as_str().unwrap().to_owned();
        assert!(
            url.starts_with(&format!("{PUBLIC}/api/feeds/calendar/")),
            "{url}"
        );
        let calendar_token = url.rsplit('/').next().unwrap().to_owned();
        let list = app
            .call(
                Method::POST,
                "/api/list",
                Some(&session),
                Some(serde_json::json!({"title": "Rainy days", "description": ""})),
            )
            .await;
        assert_eq!(list.status, StatusCode::CREATED, "{}", list.text());
        let list_id = list.json()["listId"].as_i64().unwrap();
        let album: i64 = app
            .conn()
            .query_row(
                "SELECT album_id FROM reviews ORDER BY id LIMIT 1",
                [],
                |row| row.get(0),
            )
            .unwrap();
        let entry = app
            .call(
                Method::POST,
                &format!("/api/list/{list_id}/entries"),
                Some(&session),
                Some(serde_json::json!({"albumId": album})),
            )
            .await;
        assert_eq!(entry.status, StatusCode::CREATED, "{}", entry.text());
        let values = parameters(&app, &calendar_token);

        let mut answered = 0;
        let mut with_links = Vec::new();
        for path in get_paths(&app, &values).await {
            // The forger first, so that an answer it shaped would be the one kept.
            let forged = read(&app, &path, FORGED, None).await;
            let forged_member = read(&app, &path, FORGED, Some(&session)).await;
            let plain = read(&app, &path, &[], None).await;
            for (who, answer) in [
                ("the forger", &forged),
                ("a signed-in forger", &forged_member),
                ("the next reader", &plain),
            ] {
                if let Some(trace) = forged_trace(answer) {
                    panic!(
                        "{path} (trust proxy: {trust_proxy}) answered {who} with a forged \
                         address: {trace}"
                    );
                }
            }
            if plain.status == StatusCode::OK {
                answered += 1;
                if forged.status == StatusCode::OK && plain.header("cache-status").contains("hit") {
                    assert_eq!(plain.body, forged.body, "{path}: the kept answer changed");
                }
            }
            if String::from_utf8_lossy(&plain.body).contains(&format!("{PUBLIC}/")) {
                with_links.push(path.split('/').take(4).collect::<Vec<_>>().join("/"));
            }
        }
        // The feeds: new releases, a member's reviews, a list's.
        assert_eq!(
            with_links,
            [
                "/api/feeds/lists",
                "/api/feeds/members",
                "/api/feeds/new-releases"
            ],
            "the answers with absolute links"
        );
        assert!(answered > 60, "{answered} reads answered 200");
    }
}

#[test]
fn a_public_url_that_is_not_a_site_address_stops_the_server_at_start() {
    let data = tempfile::tempdir().unwrap();
    for (bad, said) in [
        ("music.example", "not an address"),
        ("ftp://music.example", "http:// or https://"),
        ("https://music.example/?page=1", "query"),
    ] {
        let refused = halfstar(
            data.path(),
            &["serve", "--listen", "127.0.0.1:0", "--public-url", bad],
        );
        assert!(!refused.status.success(), "{bad} was accepted");
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(said), "{bad}: {stderr}");
    }
}

#[test]
fn without_a_public_url_the_server_says_so_once_and_links_follow_the_listening_address() {
    let data = tempfile::tempdir().unwrap();
    let log = data.path().join("serve.log");
    let server = RunningServer::start(
        data.path(),
        Stdio::from(std::fs::File::create(&log).unwrap()),
        &[],
    );
    let answer = server.http("GET", "/api/feeds/new-releases", None, "");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let origin = format!("http://127.0.0.1:{}/", server.port);
    assert!(answer.contains(&origin), "{answer}");
    server.stop();
    let said = std::fs::read_to_string(&log).unwrap();
    let warnings = said.matches("no public URL is set").count();
    assert_eq!(warnings, 1, "{said}");
}
