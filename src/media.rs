//! `/media/{key}/{width}.webp`: the site's own copy of a picture saved as the
//! address `key` names, at one of its widths (`server::tasks::pictures`
//! fills the store while the server runs).
//!
//! A picture not fetched yet (or refused) answers a transparent stand-in,
//! not an error, so the page's generated cover beneath shows through and the
//! browser logs nothing; an address nobody saved is 404.

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::db::{pictures, run_blocking};
use crate::error::AppError;
use crate::http::AppPath;
use crate::pictures::{WIDTHS, url_of_key};
use crate::server::AppState;

/// A fetched picture at one address never changes; a new address is a new
/// picture. Kept by browsers for 30 days, then revalidated by its ETag.
const KEPT_FOR: &str = "public, max-age=2592000";
const STAND_IN: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>";

pub fn router() -> Router<AppState> {
    Router::new().route("/media/{key}/{file}", get(serve))
}

async fn serve(
    State(state): State<AppState>,
    AppPath((key, file)): AppPath<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound("No such picture".to_owned());
    let width = file
        .strip_suffix(".webp")
        .and_then(|w| w.parse::<u32>().ok())
        .filter(|w| WIDTHS.contains(w))
        .ok_or_else(not_found)?;
    let url = url_of_key(&key).ok_or_else(not_found)?;
    let (found, wanted) = run_blocking(&state.pool, move |conn| {
        let found = pictures::size(conn, &url, width)?;
        let wanted = found.is_some() || pictures::is_wanted(conn, &url)?;
        Ok((found, wanted))
    })
    .await?;
    let Some((etag, bytes)) = found else {
        if !wanted {
            return Err(not_found());
        }
        return Ok((
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            STAND_IN,
        )
            .into_response());
    };
    let etag_value = HeaderValue::from_str(&etag).expect("an ETag is ASCII");
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|asked| asked.as_bytes() == etag.as_bytes())
    {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, etag_value),
                (header::CACHE_CONTROL, HeaderValue::from_static(KEPT_FOR)),
            ],
        )
            .into_response());
    }
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/webp")),
            (header::ETAG, etag_value),
            (header::CACHE_CONTROL, HeaderValue::from_static(KEPT_FOR)),
        ],
        bytes,
    )
        .into_response())
}
