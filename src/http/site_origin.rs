//! The site's own address as the caller reached it (`http://host:port`), for
//! the absolute links feeds and calendars need: a feed reader has no page to
//! resolve a relative link against.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::api::AppState;

/// Scheme and host, no trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteOrigin(pub String);

impl<S> FromRequestParts<S> for SiteOrigin
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        Ok(origin_of(&parts.headers, state.trust_proxy))
    }
}

/// Behind a trusted proxy its `X-Forwarded-Proto` and `-Host` say how the
/// member reached the site; otherwise the `Host` header over plain HTTP.
fn origin_of(headers: &HeaderMap, trust_proxy: bool) -> SiteOrigin {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(|value| value.split(',').next().unwrap_or("").trim())
            .filter(|value| !value.is_empty())
    };
    let forwarded = |name| if trust_proxy { header(name) } else { None };
    let scheme = match forwarded("x-forwarded-proto") {
        Some("https") => "https",
        _ => "http",
    };
    let host = forwarded("x-forwarded-host")
        .or_else(|| header("host"))
        .filter(|host| host.chars().all(is_host_char))
        .unwrap_or("localhost");
    SiteOrigin(format!("{scheme}://{host}"))
}

/// A name, an IPv4 or bracketed IPv6 address, and a port: nothing that could
/// break out of a link.
fn is_host_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(lines: &[(&'static str, &'static str)], trust_proxy: bool) -> String {
        let mut headers = HeaderMap::new();
        for (name, value) in lines {
            headers.insert(*name, value.parse().unwrap());
        }
        origin_of(&headers, trust_proxy).0
    }

    #[test]
    fn the_host_header_names_the_site() {
        assert_eq!(
            origin(&[("host", "music.example:8080")], false),
            "http://music.example:8080"
        );
        assert_eq!(origin(&[], false), "http://localhost");
    }

    #[test]
    fn a_proxy_is_believed_only_when_trusted() {
        let proxied = [
            ("host", "127.0.0.1:3000"),
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "music.example"),
        ];
        assert_eq!(origin(&proxied, true), "https://music.example");
        assert_eq!(origin(&proxied, false), "http://127.0.0.1:3000");
    }

    #[test]
    fn a_host_that_could_break_a_link_is_not_used() {
        assert_eq!(origin(&[("host", "evil\"><x")], false), "http://localhost");
        assert_eq!(origin(&[("host", "a/b")], false), "http://localhost");
    }
}
