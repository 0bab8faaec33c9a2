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
    /// Every Last.fm request's method and how it named its subject.
    pub lastfm: Vec<String>,
    /// Every Discogs request: path and query.
    pub discogs: Vec<String>,
    /// Make Last.fm, Discogs or the Cover Art Archive fail as the real ones do.
    pub trouble: Option<Trouble>,
    /// Answer the browse page at this offset with an HTML 502 page this many times.
    pub failing_page: Option<(u32, u32)>,
    /// Answer every browse of releases (tracklists) with 503.
    pub failing_tracklists: bool,
    /// The release groups of the artist `FRESH`: a test releases an album by adding one.
    pub fresh_groups: Vec<serde_json::Value>,
    /// Answer every MusicBrainz browse with 503, as in an outage.
    pub musicbrainz_down: bool,
}

/// Ways the optional sources fail in the wild.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Trouble {
    /// Last.fm's front end answering a plain-text 404.
    LastFmPlainText404,
    /// Last.fm refusing the key: HTTP 403 with its JSON error 10.
    LastFmBadKey,
    /// Discogs behind a proxy that answers an HTML 502 page.
    DiscogsHtml502,
    /// The Cover Art Archive too slow to answer within the timeout.
    CoverArtSlow,
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
    if q.get("limit")
        .and_then(|l| l.parse::<u32>().ok())
        .is_none_or(|l| l > 100)
    {
        return json(
            StatusCode::BAD_REQUEST,
            r#"{"error":"limit must be 1 to 100"}"#.into(),
        );
    }
    let name = if folded.contains("radiohead") {
        "mb-search-radiohead.json"
    } else if folded.contains("宇多田") {
        "mb-search-utada.json"
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
    let fixture_name = match mbid.as_str() {
        RADIOHEAD => "mb-artist-radiohead.json",
        UTADA => "mb-artist-utada.json",
        NIRVANA_UK => "mb-artist-nirvana-uk.json",
        PROLIFIC => {
            return json(
                StatusCode::OK,
                format!(
                    r#"{{"id":"{PROLIFIC}","type":"Person","name":"Prolific","genres":[],"relations":[]}}"#
                ),
            );
        }
        FRESH => {
            return json(
                StatusCode::OK,
                format!(
                    r#"{{"id":"{FRESH}","type":"Group","name":"Fresh","genres":[],"relations":[]}}"#
                ),
            );
        }
        _ => "",
    };
    if let Some(body) = fixture(fixture_name).filter(|_| !fixture_name.is_empty()) {
        return json(StatusCode::OK, body);
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
    let offset: u32 = offset.parse().unwrap_or(0);
    {
        let mut log = log.lock().unwrap();
        if log.musicbrainz_down {
            return json(
                StatusCode::SERVICE_UNAVAILABLE,
                r#"{"error": "MusicBrainz is down for maintenance"}"#.into(),
            );
        }
        if log.throttle_browses > 0 {
            log.throttle_browses -= 1;
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "1")],
                r#"{"error": "Your requests are exceeding the allowable rate limit. Please see https://wiki.musicbrainz.org/XMLWebService for more information."}"#,
            )
                .into_response();
        }
        if let Some((at, times)) = log.failing_page
            && at == offset
            && times > 0
        {
            log.failing_page = Some((at, times - 1));
            return (
                StatusCode::BAD_GATEWAY,
                [(header::CONTENT_TYPE, "text/html")],
                "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n",
            )
                .into_response();
        }
    }
    let Some(limit) = q
        .get("limit")
        .and_then(|l| l.parse::<u32>().ok())
        .filter(|l| *l <= 100)
    else {
        return json(
            StatusCode::BAD_REQUEST,
            r#"{"error":"limit must be 1 to 100"}"#.into(),
        );
    };
    let fresh = log.lock().unwrap().fresh_groups.clone();
    let all: serde_json::Value = match q.get("artist").map(String::as_str) {
        Some(FRESH) => {
            serde_json::json!({"release-group-count": fresh.len(), "release-groups": fresh})
        }
        Some(PROLIFIC) => serde_json::from_str(&prolific_groups()).unwrap(),
        Some(RADIOHEAD) => {
            serde_json::from_str(&fixture("mb-release-groups-radiohead.json").unwrap()).unwrap()
        }
        Some(UTADA) => {
            serde_json::from_str(&fixture("mb-release-groups-utada.json").unwrap()).unwrap()
        }
        Some(NIRVANA_UK) => {
            serde_json::from_str(&fixture("mb-release-groups-nirvana-uk.json").unwrap()).unwrap()
        }
        _ => serde_json::json!({"release-group-count": 0, "release-groups": []}),
    };
    // Pages as MusicBrainz cuts them: `limit` groups from `offset`.
    let groups = all["release-groups"].as_array().unwrap();
    let from = (offset as usize).min(groups.len());
    let page = &groups[from..(from + limit as usize).min(groups.len())];
    json(
        StatusCode::OK,
        serde_json::json!({
            "release-group-count": groups.len(),
            "release-group-offset": offset,
            "release-groups": page,
        })
        .to_string(),
    )
}

/// The official releases of a release group with their recordings, as
/// MusicBrainz's browse answers them: a reissue with a bonus track, the
/// first issue on vinyl and on CD the same day, and a bootleg. The first
/// issue on CD stands for the album: tracks "<n>. <first 8 of the id>".
async fn releases(
    State(log): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let group = q.get("release-group").cloned().unwrap_or_default();
    record(&log, &headers, format!("releases {group}"));
    if log.lock().unwrap().failing_tracklists {
        return json(
            StatusCode::SERVICE_UNAVAILABLE,
            r#"{"error":"down"}"#.into(),
        );
    }
    let short: String = group.chars().take(8).collect();
    let release = |id: &str, status: &str, date: &str, format: &str, count: u32| {
        let tracks: Vec<serde_json::Value> = (1..=count)
            .map(|n| {
                serde_json::json!({
                    "id": format!("{id}-track-{n}"),
                    "position": n,
                    "number": n.to_string(),
                    "title": format!("{n}. {short}"),
                    "length": 180_000 + n * 1000,
                    "recording": {"id": format!("{short}-0000-4000-8000-{n:012}"), "title": format!("{n}. {short}")}
                })
            })
            .collect();
        serde_json::json!({
            "id": format!("{short}-{id}"), "status": status, "date": date,
            "media": [{"position": 1, "format": format, "track-count": count, "tracks": tracks}]
        })
    };
    let all = [
        release("reissue", "Official", "2009-03-24", "CD", 4),
        release("vinyl", "Official", "1997-05-21", "12\" Vinyl", 3),
        release("cd", "Official", "1997-05-21", "CD", 3),
        release("bootleg", "Bootleg", "1990-01-01", "CD", 9),
    ];
    json(
        StatusCode::OK,
        serde_json::json!({"release-count": all.len(), "release-offset": 0, "releases": all})
            .to_string(),
    )
}

pub const RADIOHEAD: &str = "a74b1b7f-71a5-4011-9441-d0b5e4122711";
pub const UTADA: &str = "d3a4b5c6-7d8e-4f9a-8b0c-1d2e3f4a5b6c";
pub const NIRVANA_UK: &str = "9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6";

/// An artist whose albums a test releases one by one (`Log::fresh_groups`).
pub const FRESH: &str = "66666666-7777-8888-9999-000000000000";

/// A studio album of `FRESH` as MusicBrainz lists it; the archive has its front cover.
pub fn fresh_album(number: u32, title: &str, date: &str) -> serde_json::Value {
    serde_json::json!({
        "id": format!("00000000-0000-0000-0000-{:012}", 900_000 + number),
        "title": title, "first-release-date": date,
        "primary-type": "Album", "secondary-types": []
    })
}

/// An artist with 230 albums: three pages of MusicBrainz's 100.
pub const PROLIFIC: &str = "11111111-2222-3333-4444-555555555555";

fn prolific_groups() -> String {
    let groups: Vec<String> = (1..=230)
        .map(|n| {
            format!(
                r#"{{"id":"00000000-0000-0000-0000-{n:012}","title":"Album {n}","first-release-date":"{}","primary-type":"Album","secondary-types":[]}}"#,
                1750 + n
            )
        })
        .collect();
    format!(
        r#"{{"release-group-count":230,"release-group-offset":0,"release-groups":[{}]}}"#,
        groups.join(",")
    )
}

/// Release groups the archive has a front cover for, beside the recorded ones.
const COVERED: &[&str] = &[
    "0a0b1c2d-3e4f-3a5b-8c6d-7e8f9a0b1c2d",
    "e2f3a4b5-c6d7-3e8f-9a0b-1c2d3e4f5a6b",
    "11a2b3c4-d5e6-3f7a-8b9c-0d1e2f3a4b5c",
    "22b3c4d5-e6f7-3a8b-9c0d-1e2f3a4b5c6d",
    "33c4d5e6-f7a8-3b9c-8d1e-2f3a4b5c6d7e",
    "44d5e6f7-a8b9-3c0d-9e2f-3a4b5c6d7e8f",
    "55e6f7a8-b9c0-3d1e-8f3a-4b5c6d7e8f9a",
    "7a1b2c3d-4e5f-3a6b-8c7d-9e0f1a2b3c4d",
    "8b2c3d4e-5f6a-3b7c-9d8e-0f1a2b3c4d5e",
    "9c3d4e5f-6a7b-3c8d-8e9f-1a2b3c4d5e6f",
];

/// The release a generated cover belongs to: the group's id with another first part.
pub fn cover_release(release_group: &str) -> String {
    format!("7e1ea5e0{}", &release_group[8..])
}

/// An index as the archive writes one: the front image and its thumbnails over http.
fn generated_index(release_group: &str) -> Option<String> {
    let prolific = release_group.starts_with("00000000-0000-0000-0000-");
    if !COVERED.contains(&release_group) && !prolific {
        return None;
    }
    let release = cover_release(release_group);
    let image =
        |suffix: &str| format!("http://coverartarchive.org/release/{release}/4242{suffix}.jpg");
    Some(
        serde_json::json!({
            "images": [{
                "approved": true, "back": false, "comment": "", "edit": 40000001, "front": true,
                "id": 4242, "image": image(""), "types": ["Front"],
                "thumbnails": {"250": image("-250"), "500": image("-500"), "1200": image("-1200"),
                               "small": image("-250"), "large": image("-500")},
            }],
            "release": format!("https://musicbrainz.org/release/{release}"),
        })
        .to_string(),
    )
}

fn cover_index_of(release_group: &str) -> Option<String> {
    fixture(&format!("caa-{release_group}.json")).or_else(|| generated_index(release_group))
}

/// Like the real archive: a redirect to the index, kept on another path.
async fn cover_redirect(State(log): State<Shared>, Path(mbid): Path<String>) -> Response {
    let trouble = log.lock().unwrap().trouble;
    if trouble == Some(Trouble::CoverArtSlow) {
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    if cover_index_of(&mbid).is_none() {
        return (
            StatusCode::NOT_FOUND,
            format!("No cover art found for release group {mbid}"),
        )
            .into_response();
    }
    Redirect::temporary(&format!("/archive/{mbid}/index.json")).into_response()
}

async fn cover_index(Path(mbid): Path<String>) -> Response {
    json(StatusCode::OK, cover_index_of(&mbid).unwrap())
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
    let get = |key: &str| q.get(key).map(String::as_str).unwrap_or_default();
    let method = get("method");
    let subject = if q.contains_key("mbid") {
        format!("mbid={}", get("mbid"))
    } else {
        format!("artist={} album={}", get("artist"), get("album"))
    };
    let trouble = {
        let mut log = log.lock().unwrap();
        log.lastfm
            .push(format!("{method} {}", subject.trim_end_matches(" album=")));
        log.trouble
    };
    match trouble {
        Some(Trouble::LastFmPlainText404) => {
            return (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/plain")],
                "Not Found\n",
            )
                .into_response();
        }
        Some(Trouble::LastFmBadKey) => {
            return json(
                StatusCode::FORBIDDEN,
                r#"{"error":10,"message":"Invalid API key - You must be granted a valid key by last.fm","links":[]}"#.into(),
            );
        }
        _ => {}
    }
    if q.get("api_key").map(String::as_str) != Some(LASTFM_KEY) {
        return json(
            StatusCode::FORBIDDEN,
            r#"{"error":10,"message":"Invalid API key - You must be granted a valid key by last.fm","links":[]}"#.into(),
        );
    }
    let cant_wait = format!(
        "mbid={}",
        cover_release("55e6f7a8-b9c0-3d1e-8f3a-4b5c6d7e8f9a")
    );
    let name = match (method, subject.as_str()) {
        ("album.gettoptags", "mbid=76df3287-6cda-33eb-8e9a-044b5e15ffdd") => {
            "lastfm-toptags-kid-a.json"
        }
        ("album.gettoptags", s) if s == cant_wait => "lastfm-toptags-cant-wait.json",
        ("album.gettoptags", "artist=Radiohead album=OK Computer") => {
            "lastfm-toptags-ok-computer.json"
        }
        ("album.gettoptags", "artist=Radiohead album=Kid A") => "lastfm-toptags-kid-a.json",
        ("album.gettoptags", "artist=宇多田ヒカル album=BADモード") => {
            "lastfm-toptags-bad-mode.json"
        }
        (
            "artist.getinfo",
            "mbid=a74b1b7f-71a5-4011-9441-d0b5e4122711" | "artist=Radiohead album=",
        ) => "lastfm-artist-radiohead.json",
        // Asked by name, Last.fm answers with the best-known namesake.
        ("artist.getinfo", "artist=Nirvana album=") => "lastfm-artist-nirvana.json",
        ("artist.getinfo", _) => {
            return json(
                StatusCode::OK,
                r#"{"error":6,"message":"The artist you supplied could not be found","links":[]}"#
                    .into(),
            );
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

async fn discogs(
    State(log): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(response) = discogs_trouble(&log, format!("search {q:?}")) {
        return response;
    }
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

/// Notes the request; answers for Discogs when it is told to fail.
fn discogs_trouble(log: &Shared, line: String) -> Option<Response> {
    let mut log = log.lock().unwrap();
    log.discogs.push(line);
    (log.trouble == Some(Trouble::DiscogsHtml502)).then(|| {
        (
            StatusCode::BAD_GATEWAY,
            [(header::CONTENT_TYPE, "text/html; charset=UTF-8")],
            "<!DOCTYPE html>\n<html><head><title>discogs.com | 502: Bad gateway</title></head><body><h1>Bad gateway</h1><p>Cloudflare</p></body></html>",
        )
            .into_response()
    })
}

async fn discogs_artist(State(log): State<Shared>, Path(id): Path<String>) -> Response {
    if let Some(response) = discogs_trouble(&log, format!("artist {id}")) {
        return response;
    }
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
            .route("/ws/2/release", get(releases))
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
