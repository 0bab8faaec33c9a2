//! Answers to anonymous reads, kept until the next write. Most visitors are
//! not signed in and ask for the same few pages (home, the charts, popular
//! albums); those answers are the same for all of them until something is
//! written. Any successful write through this server forgets every kept answer at once,
//! so members always see what they just did. Writes made by another process
//! (the CLI's imports and role changes) show once the answer's time is up.
//!
//! Each kept answer carries an `ETag`, so a browser revalidating a page it
//! has gets a bodyless 304.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::HttpBody;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use moka::sync::Cache;
use sha2::{Digest, Sha256};

use crate::error::AppError;

/// Bigger answers (long lists) are served fresh rather than held in memory.
const MOST_KEPT_BYTES: u64 = 256 * 1024;
/// Roughly how many bytes of answers are kept in all.
const KEPT_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Clone)]
pub struct KeptAnswers {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    answers: Cache<String, Arc<Answer>>,
    /// Counts writes; an answer kept before the latest one is stale.
    writes: AtomicU64,
}

struct Answer {
    after_write: u64,
    headers: HeaderMap,
    etag: HeaderValue,
    body: Bytes,
}

impl KeptAnswers {
    /// Answers kept for at most `keep`; zero keeps none.
    pub fn new(keep: Duration) -> Self {
        let inner = (!keep.is_zero()).then(|| {
            Arc::new(Inner {
                answers: Cache::builder()
                    .max_capacity(KEPT_BYTES)
                    .weigher(|key: &String, answer: &Arc<Answer>| {
                        u32::try_from(key.len() + answer.body.len()).unwrap_or(u32::MAX)
                    })
                    .time_to_live(keep)
                    .build(),
                writes: AtomicU64::new(0),
            })
        });
        Self { inner }
    }
}

impl Default for KeptAnswers {
    fn default() -> Self {
        Self::new(Duration::ZERO)
    }
}

/// The middleware: serves a kept answer when there is a current one, keeps
/// new answers to anonymous reads, and forgets them all on a write.
pub async fn serve_or_keep(
    State(kept): State<KeptAnswers>,
    request: Request,
    next: Next,
) -> Response {
    let Some(inner) = kept.inner else {
        return next.run(request).await;
    };
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let response = next.run(request).await;
        // After the write has committed, so no answer read before it
        // survives. A refused write changed nothing (each is one
        // transaction), so it leaves the kept answers be: otherwise anyone
        // could empty them with a stream of bad requests.
        if response.status().is_success() {
            inner.writes.fetch_add(1, Ordering::SeqCst);
        }
        return response;
    }
    // A signed-in reader's answers carry their own ratings and votes.
    if request.headers().contains_key(header::AUTHORIZATION) {
        return next.run(request).await;
    }
    let key = request.uri().to_string();
    let writes_before = inner.writes.load(Ordering::SeqCst);
    let revalidating = request.headers().get(header::IF_NONE_MATCH).cloned();
    if let Some(answer) = inner.answers.get(&key)
        && answer.after_write == writes_before
    {
        return answer.respond(revalidating.as_ref());
    }

    let response = next.run(request).await;
    let small = response
        .body()
        .size_hint()
        .upper()
        .is_some_and(|bytes| bytes <= MOST_KEPT_BYTES);
    if response.status() != StatusCode::OK || !small {
        return response;
    }
    let (parts, body) = response.into_parts();
    let body = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(body) => body,
        Err(error) => return AppError::Internal(anyhow::anyhow!(error)).into_response(),
    };
    let answer = Arc::new(Answer {
        after_write: writes_before,
        etag: etag_of(&body),
        headers: parts.headers,
        body,
    });
    // Kept only if no write happened while it was being made.
    if inner.writes.load(Ordering::SeqCst) == writes_before {
        inner.answers.insert(key, answer.clone());
    }
    answer.respond(revalidating.as_ref())
}

impl Answer {
    fn respond(&self, revalidating: Option<&HeaderValue>) -> Response {
        if revalidating == Some(&self.etag) {
            return (
                StatusCode::NOT_MODIFIED,
                [(header::ETAG, self.etag.clone())],
            )
                .into_response();
        }
        let mut headers = self.headers.clone();
        headers.insert(header::ETAG, self.etag.clone());
        (headers, Body::from(self.body.clone())).into_response()
    }
}

fn etag_of(body: &[u8]) -> HeaderValue {
    let digest = URL_SAFE_NO_PAD.encode(&Sha256::digest(body)[..12]);
    HeaderValue::from_str(&format!("\"{digest}\"")).expect("base64url is a valid header value")
}
