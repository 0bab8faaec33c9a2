//! The embedded UI. Files of `ui/dist` are served as they are; any other
//! path that is not under `/api` gets `index.html`, so client routes such as
//! `/charts/2020/rock` survive a reload.

use axum::extract::OriginalUri;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "ui/dist"]
#[allow_missing = true]
struct Ui;

/// Vite puts content-hashed bundles under `assets/`: they never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `index.html` names the current bundles, so it is revalidated every time.
const REVALIDATE: &str = "no-cache";

const UI_NOT_BUILT: &str = "<!doctype html><title>halfstar</title>\
    <h1>The halfstar UI is not built</h1>\
    <p>This binary was built with HALFSTAR_SKIP_UI_BUILD=1. Build it again without that \
    variable (with npm available) to embed the web interface; the API under /api works.</p>";

pub async fn serve_ui(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    // `/api` itself and `/api/` miss the nested API router's fallback.
    if path == "api" || path.starts_with("api/") {
        return crate::api::unknown_api_path(OriginalUri(uri))
            .await
            .into_response();
    }
    if let Some(file) = Ui::get(path).filter(|_| !path.is_empty() && path != "index.html") {
        let cache = if path.starts_with("assets/") {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        return file_response(path, file.data.into_owned(), cache);
    }
    match Ui::get("index.html") {
        Some(index) => file_response("index.html", index.data.into_owned(), REVALIDATE),
        None => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, REVALIDATE)],
            Html(UI_NOT_BUILT),
        )
            .into_response(),
    }
}

fn file_response(path: &str, body: Vec<u8>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let is_text = mime.type_() == mime_guess::mime::TEXT || mime.subtype() == "javascript";
    let content_type = if is_text {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let content_type = HeaderValue::from_str(&content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        ],
        body,
    )
        .into_response()
}
