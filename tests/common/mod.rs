//! The harness: the real router on a temporary database, driven in process.

#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use halfstar::{AppState, app, db};
use http_body_util::BodyExt;
use tempfile::TempDir;
use tower::ServiceExt;

pub struct TestApp {
    pub dir: TempDir,
    pub state: AppState,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

impl TestApp {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("temporary directory");
        let pool = db::open(dir.path()).expect("database");
        Self {
            dir,
            state: AppState::new(pool),
        }
    }

    pub fn router(&self) -> Router {
        app(self.state.clone())
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        send(self.router(), request).await
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(request(Method::GET, path, Body::empty())).await
    }
}

pub fn request(method: Method, path: &str, body: Body) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .body(body)
        .expect("request")
}

pub async fn send(router: Router, request: Request<Body>) -> TestResponse {
    let response = router.oneshot(request).await.expect("infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    TestResponse {
        status,
        headers,
        body,
    }
}
