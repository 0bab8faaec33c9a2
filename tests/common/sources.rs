//! A stand-in for MusicBrainz, the Cover Art Archive, Last.fm and Discogs on
//! 127.0.0.1, answering with the recorded shapes under `tests/fixtures/import/`.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use halfstar::import::sources::SourceSettings;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import");
pub const LASTFM_KEY: &str = "test-lastfm-key";
pub const DISCOGS_TOKEN: &str = "test-discogs-token";

/// What the stand-in saw, and the trouble it was told to make.
#[derive(Default)]
pub struct Log {
    /// Every MusicBrainz request: path and query.
    pub musicbrainz: Vec<String>,
    pub user_agents: Vec<String>,
    /// Answer this many MusicBrainz browse requests with 503 first.
    pub throttle_browses: u32,
    /// Answer this many Last.fm requests with its rate-limit error (29) first.
    pub lastfm_busy: u32,
}

pub struct MockSources {
    pub base: String,
    pub log: Arc<Mutex<Log>>,
}

type Shared = Arc<Mutex<Log>>;

fn fixture(name: &str) -> Option<String> {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).ok()
}

fn json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn record(log: &Shared, headers: &HeaderMap, line: String) {
    let mut log = log.lock().unwrap();
    log.musicbrainz.push(line);
    if let Some(agent) = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
    {
        log.user_agents.push(agent.to_owned());
    }
}

async fn search(
    State(log): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let query = q.get("query").cloned().unwrap_or_default();
    record(&log, &headers, format!("search {query}"));
    // MusicBrainz's search ignores case.
    let folded = query.to_lowercase();
    let name = if folded.contains("radiohead") {
        "mb-search-radiohead.json"
    } else if folded.contains("prolific") {
        return json(
            StatusCode::OK,
            format!(
                r#"{{"count":1,"offset":0,"artists":[{{"id":"{PROLIFIC}","type":"Person","score":100,"name":"Prolific"}}]}}"#
            ),
        );
    } else if folded.contains("nirvana") {
        "mb-search-nirvana.json"
    } else {
        return json(
            StatusCode::OK,
            r#"{"created":"2026-10-02T23:10:47.187Z","count":0,"offset":0,"artists":[]}"#.into(),
        );
    };
    json(StatusCode::OK, fixture(name).unwrap())
}

async fn artist(
    State(log): State<Shared>,
    headers: HeaderMap,
    Path(mbid): Path<String>,
) -> Response {
    record(&log, &headers, format!("artist {mbid}"));
    if mbid == "a74b1b7f-71a5-4011-9441-d0b5e4122711" {
        return json(StatusCode::OK, fixture("mb-artist-radiohead.json").unwrap());
    }
    json(StatusCode::NOT_FOUND, r#"{"error":"Not Found","help":"For usage, please see: https://musicbrainz.org/development/mmd"}"#.into())
}

async fn browse(
    State(log): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let offset = q.get("offset").cloned().unwrap_or_default();
    record(
        &log,
        &headers,
        format!(
            "browse {} offset {offset}",
            q.get("artist").cloned().unwrap_or_default()
        ),
    );
    {
        let mut log = log.lock().unwrap();
        if log.throttle_browses > 0 {
            log.throttle_browses -= 1;
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "1")],
                r#"{"error": "Your requests are exceeding the allowable rate limit. Please see https://wiki.musicbrainz.org/XMLWebService for more information."}"#,
            )
                .into_response();
        }
    }
    if q.get("limit")
        .and_then(|l| l.parse::<u32>().ok())
        .is_none_or(|l| l > 100)
    {
        return json(
            StatusCode::BAD_REQUEST,
            r#"{"error":"limit must be 1 to 100"}"#.into(),
        );
    }
    if q.get("artist").map(String::as_str) == Some(PROLIFIC) {
        return json(StatusCode::OK, prolific_groups());
    }
    match fixture(&format!("mb-release-groups-radiohead-{offset}.json")) {
        Some(body)
            if q.get("artist").map(String::as_str)
                == Some("a74b1b7f-71a5-4011-9441-d0b5e4122711") =>
        {
            json(StatusCode::OK, body)
        }
        _ => json(
            StatusCode::OK,
            r#"{"release-group-count":0,"release-group-offset":0,"release-groups":[]}"#.into(),
        ),
    }
}

/// An artist with 30 albums: one page of MusicBrainz's 100.
pub const PROLIFIC: &str = "11111111-2222-3333-4444-555555555555";

fn prolific_groups() -> String {
    let groups: Vec<String> = (1..=30)
        .map(|n| {
            format!(
                r#"{{"id":"00000000-0000-0000-0000-{n:012}","title":"Album {n}","first-release-date":"{}","primary-type":"Album","secondary-types":[]}}"#,
                1970 + n
            )
        })
        .collect();
    format!(
        r#"{{"release-group-count":30,"release-group-offset":0,"release-groups":[{}]}}"#,
        groups.join(",")
    )
}

/// Like the real archive: a redirect to the index, kept on another path.
async fn cover_redirect(Path(mbid): Path<String>) -> Response {
    if fixture(&format!("caa-{mbid}.json")).is_none() {
        return (
            StatusCode::NOT_FOUND,
            format!("No cover art found for release group {mbid}"),
        )
            .into_response();
    }
    Redirect::temporary(&format!("/archive/{mbid}/index.json")).into_response()
}

async fn cover_index(Path(mbid): Path<String>) -> Response {
    json(
        StatusCode::OK,
        fixture(&format!("caa-{mbid}.json")).unwrap(),
    )
}

async fn last_fm(State(log): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Response {
    {
        let mut log = log.lock().unwrap();
        if log.lastfm_busy > 0 {
            log.lastfm_busy -= 1;
            return json(
                StatusCode::OK,
                r#"{"error":29,"message":"Rate limit exceeded - Your IP has made too many requests in a short period","links":[]}"#.into(),
            );
        }
    }
    if q.get("api_key").map(String::as_str) != Some(LASTFM_KEY) {
        return json(
            StatusCode::FORBIDDEN,
            r#"{"error":10,"message":"Invalid API key - You must be granted a valid key by last.fm","links":[]}"#.into(),
        );
    }
    let name = match (
        q.get("method").map(String::as_str),
        q.get("album").map(String::as_str),
    ) {
        (Some("album.gettoptags"), Some("OK Computer")) => "lastfm-toptags-ok-computer.json",
        (Some("album.gettoptags"), Some("Kid A")) => "lastfm-toptags-kid-a.json",
        (Some("artist.getinfo"), _) if q.get("artist").map(String::as_str) == Some("Radiohead") => {
            "lastfm-artist-radiohead.json"
        }
        // Last.fm reports a missing album with HTTP 200 and an error code.
        _ => {
            return json(
                StatusCode::OK,
                r#"{"error":6,"message":"Album not found","links":[]}"#.into(),
            );
        }
    };
    json(StatusCode::OK, fixture(name).unwrap())
}

async fn discogs(headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    let expected = format!("Discogs token={DISCOGS_TOKEN}");
    if headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        != Some(expected.as_str())
    {
        return json(
            StatusCode::UNAUTHORIZED,
            r#"{"message": "You must authenticate to access this resource."}"#.into(),
        );
    }
    let name = match q.get("type").map(String::as_str) {
        Some("artist")
            if q.get("q")
                .is_some_and(|n| n.eq_ignore_ascii_case("radiohead")) =>
        {
            "discogs-artist-search.json"
        }
        Some("artist") => return json(StatusCode::OK, r#"{"pagination":{},"results":[]}"#.into()),
        _ => "discogs-search.json",
    };
    let mut response = json(StatusCode::OK, fixture(name).unwrap());
    let headers = response.headers_mut();
    headers.insert("x-discogs-ratelimit", "60".parse().unwrap());
    headers.insert("x-discogs-ratelimit-used", "1".parse().unwrap());
    headers.insert("x-discogs-ratelimit-remaining", "59".parse().unwrap());
    response
}

async fn discogs_artist(Path(id): Path<String>) -> Response {
    match fixture(&format!("discogs-artist-{id}.json")) {
        Some(body) => json(StatusCode::OK, body),
        None => json(
            StatusCode::NOT_FOUND,
            r#"{"message": "Artist not found."}"#.into(),
        ),
    }
}

impl MockSources {
    /// Serves every source from one address in a background thread of its own.
    pub fn start() -> Self {
        let log: Shared = Arc::default();
        let router = Router::new()
            .route("/ws/2/artist", get(search))
            .route("/ws/2/artist/{mbid}", get(artist))
            .route("/ws/2/release-group", get(browse))
            .route("/release-group/{mbid}", get(cover_redirect))
            .route("/archive/{mbid}/index.json", get(cover_index))
            .route("/2.0/", get(last_fm))
            .route("/database/search", get(discogs))
            .route("/artists/{id}", get(discogs_artist))
            .with_state(log.clone());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let address: SocketAddr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                axum::serve(listener, router).await.unwrap();
            });
        });
        Self {
            base: format!("http://{address}"),
            log,
        }
    }

    /// Settings that send every source here, with or without the keys.
    pub fn settings(&self, lastfm: bool, discogs: bool) -> SourceSettings {
        SourceSettings {
            musicbrainz_url: self.base.clone(),
            coverart_url: self.base.clone(),
            lastfm_url: self.base.clone(),
            discogs_url: self.base.clone(),
            lastfm_key: lastfm.then(|| LASTFM_KEY.to_owned()),
            discogs_token: discogs.then(|| DISCOGS_TOKEN.to_owned()),
            contact: "mailto:admin@example.org".into(),
            musicbrainz_interval: Duration::from_millis(5),
            timeout: Duration::from_secs(5),
            backoff: Duration::from_millis(10),
        }
    }

    pub fn musicbrainz_requests(&self) -> Vec<String> {
        self.log.lock().unwrap().musicbrainz.clone()
    }
}
