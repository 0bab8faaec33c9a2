//! The embedded UI. Files of `ui/dist` are served as they are; any other
//! path that is not under `/api` gets `index.html`, so client routes such as
//! `/charts/2020/rock` survive a reload. The hashed bundles come with copies
//! compressed at build time (brotli 11, gzip 9), sent to browsers that take
//! them instead of compressing each answer again.

use std::borrow::Cow;

use axum::body::Bytes;
use axum::extract::OriginalUri;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
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

/// The build's compressed copies, best first, as `Accept-Encoding` names them.
const PRECOMPRESSED: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

pub async fn serve_ui(uri: Uri, headers: HeaderMap) -> Response {
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
        if let Some(response) = precompressed(path, &headers, cache) {
            return response;
        }
        return file_response(path, file.data, cache);
    }
    match Ui::get("index.html") {
        Some(index) => file_response("index.html", index.data, REVALIDATE),
        None => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, REVALIDATE)],
            Html(UI_NOT_BUILT),
        )
            .into_response(),
    }
}

/// The build's compressed copy of `path` in the best encoding the browser accepts, if any.
fn precompressed(path: &str, headers: &HeaderMap, cache: &'static str) -> Option<Response> {
    let accepted = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect::<Vec<_>>()
        .join(",");
    PRECOMPRESSED.iter().find_map(|&(encoding, suffix)| {
        if !accepts(&accepted, encoding) {
            return None;
        }
        let file = Ui::get(&format!("{path}{suffix}"))?;
        let mut response = file_response(path, file.data, cache);
        let answer = response.headers_mut();
        answer.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        answer.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        Some(response)
    })
}

/// Whether an `Accept-Encoding` list takes `encoding` (named, or by `*`, and not refused with `q=0`).
fn accepts(accept_encoding: &str, encoding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|param| {
            param
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        if name.eq_ignore_ascii_case(encoding) {
            named = Some(!refused);
        } else if name == "*" {
            any = Some(!refused);
        }
    }
    named.or(any).unwrap_or(false)
}

fn file_response(path: &str, body: Cow<'static, [u8]>, cache: &'static str) -> Response {
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
        // The release binary's files are static: sent without a copy.
        match body {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        },
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::accepts;

    #[test]
    fn accept_encoding_is_read_as_browsers_and_proxies_write_it() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("gzip, deflate, br, zstd", "gzip"));
        assert!(accepts("GZIP", "gzip"));
        assert!(accepts("*", "br"));
        assert!(accepts("br;q=0.5, gzip;q=1.0", "br"));
        assert!(!accepts("gzip", "br"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(!accepts("*, br; q=0", "br"));
        assert!(!accepts("*;q=0", "gzip"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("identity", "gzip"));
    }
}
