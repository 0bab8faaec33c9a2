//! The HTTP shell: health, the UI fallback, JSON errors, headers, limits.

use crate::common;

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use axum::routing::post;
use axum::{Json, Router};
use common::{TestApp, request, send};
use halfstar::api::{AppJson, with_layers};
use serde_json::{Value, json};

#[tokio::test]
async fn health_answers_ok() {
    let app = TestApp::new();
    let response = app.get("/api/health").await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.json(), json!({ "status": "ok" }));
}

#[tokio::test]
async fn unknown_api_paths_answer_404_json() {
    let app = TestApp::new();
    for path in ["/api/nothing-here", "/api/album/x/y/z/w", "/api", "/api/"] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            response
                .header("content-type")
                .starts_with("application/json"),
            "{path}"
        );
        let message = response.json()["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert_eq!(message, format!("No API route for {path}"));
    }
}

#[tokio::test]
async fn a_wrong_method_answers_405_json_with_allow() {
    let app = TestApp::new();
    let response = app.call(Method::POST, "/api/health", None, None).await;
    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(response.header("allow").contains("GET"));
    assert_eq!(
        response.json(),
        json!({ "message": "POST is not allowed on /api/health" })
    );
}

#[tokio::test]
async fn client_routes_get_the_ui_shell_without_caching() {
    let app = TestApp::new();
    for path in [
        "/",
        "/charts/2020/rock",
        "/albums/sigur-ros/agaetis-byrjun",
        "/no/such/page",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        assert!(
            response.header("content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(response.header("cache-control"), "no-cache", "{path}");
        assert!(response.text().contains("halfstar"), "{path}");
    }
}

#[tokio::test]
async fn robots_favicon_and_manifest_are_files_not_the_shell() {
    let app = TestApp::new();

    let robots = app.get("/robots.txt").await;
    assert_eq!(robots.status, StatusCode::OK);
    assert_eq!(robots.header("content-type"), "text/plain; charset=utf-8");
    let rules = robots.text();
    assert!(
        !rules.contains("<html"),
        "robots.txt is the SPA shell: {rules}"
    );
    assert!(rules.contains("User-agent: *"), "{rules}");
    for private in [
        "/api/",
        "/grab-data",
        "/add-",
        "/login",
        "/sign-up",
        "/my-library",
    ] {
        assert!(
            rules
                .lines()
                .any(|line| line == format!("Disallow: {private}")),
            "{private}: {rules}"
        );
    }

    let favicon = app.get("/favicon.ico").await;
    assert_eq!(favicon.status, StatusCode::OK);
    assert_eq!(favicon.header("content-type"), "image/x-icon");
    // An ICO directory: reserved 0, type 1 (icon).
    assert_eq!(favicon.body[..4], [0, 0, 1, 0]);

    let manifest = app.get("/manifest.webmanifest").await;
    assert_eq!(manifest.status, StatusCode::OK);
    assert_eq!(manifest.header("content-type"), "application/manifest+json");
    let manifest = manifest.json();
    assert_eq!(manifest["name"], "halfstar");
    assert!(
        manifest["theme_color"]
            .as_str()
            .is_some_and(|c| c.starts_with('#'))
    );
    let icons = manifest["icons"].as_array().expect("icons");
    assert!(icons.iter().any(|icon| icon["sizes"] == "512x512"));
    for icon in icons {
        let src = icon["src"].as_str().expect("src");
        let image = app.get(src).await;
        assert_eq!(image.status, StatusCode::OK, "{src}");
        assert_eq!(image.header("content-type"), icon["type"], "{src}");
    }

    let shell = app.get("/").await.text();
    assert!(
        shell.contains(r#"<link rel="manifest" href="/manifest.webmanifest" />"#),
        "{shell}"
    );
}

/// The path of the JS bundle the built index.html loads.
fn script_path(index: &str) -> String {
    let start = index
        .find("/assets/")
        .expect("index.html names a bundle under /assets/ (build the UI: npm run build in ui/)");
    let end = start + index[start..].find('"').expect("closing quote");
    index[start..end].to_owned()
}

#[tokio::test]
async fn hashed_assets_are_cached_for_good_and_compressed() {
    let app = TestApp::new();
    let index = app.get("/").await.text();
    let script = script_path(&index);
    let response = app.get(&script).await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.header("content-type").contains("javascript"));
    assert_eq!(
        response.header("cache-control"),
        "public, max-age=31536000, immutable"
    );

    let plain = std::fs::read(format!("ui/dist{script}")).expect("the built bundle");
    assert_eq!(response.body, plain);
    assert_eq!(response.header("content-encoding"), "");

    // The copies compressed at build time go out as they are, the best one the browser takes.
    for (accept_encoding, encoding, suffix) in [
        ("gzip, deflate, br, zstd", "br", ".br"),
        ("gzip", "gzip", ".gz"),
        ("br;q=0, gzip", "gzip", ".gz"),
    ] {
        let mut compressed = request(Method::GET, &script, Body::empty());
        compressed
            .headers_mut()
            .insert(header::ACCEPT_ENCODING, accept_encoding.parse().unwrap());
        let response = app.send(compressed).await;
        assert_eq!(
            response.header("content-encoding"),
            encoding,
            "{accept_encoding}"
        );
        assert_eq!(response.header("vary"), "accept-encoding");
        let built = std::fs::read(format!("ui/dist{script}{suffix}")).expect("the compressed copy");
        assert!(
            response.body == built,
            "{accept_encoding}: the build's own {suffix} copy"
        );
    }
}

/// The headers every answer carries, whoever gave it.
const SECURITY_HEADERS: [&str; 5] = [
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
];

fn assert_security_headers(response: &common::TestResponse, what: &str) {
    let csp = response.header("content-security-policy");
    assert!(csp.contains("script-src 'self'"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert_eq!(
        response.header("x-content-type-options"),
        "nosniff",
        "{what}"
    );
    assert_eq!(
        response.header("referrer-policy"),
        "strict-origin-when-cross-origin",
        "{what}"
    );
    assert_eq!(response.header("x-frame-options"), "DENY", "{what}");
    assert!(
        response.header("permissions-policy").contains("camera=()"),
        "{what}"
    );
    for name in SECURITY_HEADERS {
        assert_eq!(
            response.headers.get_all(name).iter().count(),
            1,
            "{what}: {name} once"
        );
    }
}

/// A request body that never arrives: the request can only time out.
struct NeverEndingBody;

impl axum::body::HttpBody for NeverEndingBody {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::task::Poll::Pending
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let mut app = TestApp::new();
    app.state.request_timeout = std::time::Duration::from_secs(1);
    let (token, _) = app.member("vinylvera");
    for (path, status) in [
        ("/", StatusCode::OK),
        ("/charts/2020/rock", StatusCode::OK),
        ("/robots.txt", StatusCode::OK),
        ("/api/health", StatusCode::OK),
        ("/api/unknown", StatusCode::NOT_FOUND),
        ("/api/auth/me", StatusCode::UNAUTHORIZED),
        ("/media/%%%/320.webp", StatusCode::NOT_FOUND),
        ("/api/album/name/nobody/nothing", StatusCode::NOT_FOUND),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status, status, "{path}");
        assert_security_headers(&response, path);
    }
    let signed_in = app
        .call(Method::GET, "/api/auth/me", Some(&token), None)
        .await;
    assert_eq!(signed_in.status, StatusCode::OK);
    assert_security_headers(&signed_in, "signed in");
    let wrong_method = app.call(Method::POST, "/api/health", None, None).await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_security_headers(&wrong_method, "405");

    let mut malformed = request(Method::POST, "/api/auth/login", Body::from("{not json"));
    malformed
        .headers_mut()
        .insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
    let malformed = app.send(malformed).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_security_headers(&malformed, "400");

    let limit = app.state.max_body_bytes;
    let mut big = request(
        Method::POST,
        "/api/auth/login",
        Body::from(vec![b'x'; limit + 1]),
    );
    big.headers_mut()
        .insert(header::CONTENT_LENGTH, (limit + 1).into());
    let big = app.send(big).await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_security_headers(&big, "413");

    // A body that never comes: the time limit answers, not the route.
    let mut slow = request(Method::POST, "/api/auth/login", Body::new(NeverEndingBody));
    slow.headers_mut()
        .insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
    slow.headers_mut()
        .insert(header::CONTENT_LENGTH, 200.into());
    let slow = app.send(slow).await;
    assert_eq!(slow.status, StatusCode::REQUEST_TIMEOUT, "{}", slow.text());
    assert_security_headers(&slow, "408");
}

#[tokio::test]
async fn bodies_over_the_limit_answer_413_json() {
    let app = TestApp::new();
    let limit = app.state.max_body_bytes;
    let mut big = request(
        Method::POST,
        "/api/health",
        Body::from(vec![b'x'; limit + 1]),
    );
    big.headers_mut()
        .insert(header::CONTENT_LENGTH, (limit + 1).into());
    let response = app.send(big).await;
    assert_eq!(response.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        response.json()["message"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
}

/// A route that reads JSON through the API's extractor, under the real layers.
fn echo_router(app: &TestApp) -> Router {
    async fn echo(AppJson(body): AppJson<Value>) -> Json<Value> {
        Json(body)
    }
    with_layers(
        Router::new().route("/api/echo", post(echo)),
        app.state.max_body_bytes,
        app.state.request_timeout,
    )
}

fn json_request(body: impl Into<Body>) -> axum::http::Request<Body> {
    let mut request = request(Method::POST, "/api/echo", body.into());
    request
        .headers_mut()
        .insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
    request
}

#[tokio::test]
async fn malformed_json_answers_400_in_the_message_format() {
    let app = TestApp::new();
    let ok = send(echo_router(&app), json_request(r#"{"a":1}"#)).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.json(), json!({ "a": 1 }));

    let broken = send(echo_router(&app), json_request("{not json")).await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert!(broken.json()["message"].is_string());
}

#[tokio::test]
async fn undeclared_bodies_over_the_limit_answer_413_json() {
    let app = TestApp::new();
    let limit = app.state.max_body_bytes;
    // No Content-Length header: the limit applies while the extractor reads.
    let response = send(echo_router(&app), json_request(vec![b' '; limit + 10])).await;
    assert_eq!(response.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        response.json()["message"]
            .as_str()
            .unwrap()
            .contains("too large")
    );
}
