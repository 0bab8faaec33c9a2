//! Layers every response passes through: tracing, compression, security
//! headers, the head and body limits and the request timeout.

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use std::time::Duration;

use crate::error::AppError;

/// Scripts, styles, fonts and pictures come only from this server: covers,
/// artist pictures and avatars are its own copies (`/media`), so a page never
/// tells another host who reads it.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

/// The one route that takes a file as its body.
const FILE_UPLOAD_PATH: &str = "/api/import/ratings";
/// The end of the ListenBrainz-compatible API's submission path, under
/// either of its mounts.
const SUBMIT_LISTENS: &str = "/1/submit-listens";

pub fn apply(router: Router, max_body_bytes: usize, request_timeout: Duration) -> Router {
    let security_headers = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=()",
        ),
    ];
    let mut router = router
        .layer(middleware::from_fn(move |request, next| {
            refuse_large_bodies(max_body_bytes, request, next)
        }))
        .layer(DefaultBodyLimit::max(max_body_bytes))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(move |request, next| {
            time_limit(request_timeout, request, next)
        }))
        .layer(middleware::from_fn(super::head_limits::refuse_large_heads));
    // Outside every layer that answers by itself (the time limit's 408, the
    // 413s), so that no answer goes out without them.
    for (name, value) in security_headers {
        router = router.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ));
    }
    router.layer(TraceLayer::new_for_http())
}

/// Answers 413 before reading a body whose declared length is over the
/// limit; bodies without a length are cut off by `DefaultBodyLimit` as the
/// extractors read them.
async fn refuse_large_bodies(max_body_bytes: usize, request: Request, next: Next) -> Response {
    // A member's exported history is a file, not a form: its route reads
    // the body itself, up to its own limit.
    let path = request.uri().path();
    let max_body_bytes = if path == FILE_UPLOAD_PATH {
        crate::config::limits::MOST_IMPORT_BYTES
    } else if path.ends_with(SUBMIT_LISTENS) {
        // A player's import of up to 1,000 listens: the route's own limit
        // (2 MiB, read no further) refuses it, in the shape players read.
        return next.run(request).await;
    } else {
        max_body_bytes
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    match declared {
        Some(length) if length > max_body_bytes as u64 => AppError::PayloadTooLarge(format!(
            "Request body is too large (limit {max_body_bytes} bytes)"
        ))
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Ends a request that takes longer than `limit`, slow bodies included,
/// with a 408 the client can read.
async fn time_limit(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::RequestTimeout(format!(
            "The request was not finished within {} seconds",
            limit.as_secs()
        ))
        .into_response(),
    }
}
