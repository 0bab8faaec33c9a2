//! The site's own address for the absolute links feeds and calendars need (a
//! feed reader has no page to resolve a relative link against): always the
//! configured public address (`config::PublicUrl`), whatever a request's
//! `Host` or `X-Forwarded-*` headers claim, so that a kept answer is the
//! same for every reader.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;

use crate::server::AppState;

/// Scheme, host and any path prefix, no trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteOrigin(pub String);

impl<S> FromRequestParts<S> for SiteOrigin
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(_: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(SiteOrigin(AppState::from_ref(state).public_url.to_string()))
    }
}
