//! `/media/{key}/{width}.webp`: the site's own copy of a picture saved as the
//! address `key` names, at one of its widths; and the background fetching
//! that fills the store while the server runs.
//!
//! A picture not fetched yet (or refused) answers a transparent stand-in,
//! not an error, so the page's generated cover beneath shows through and the
//! browser logs nothing; an address nobody saved is 404.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::{AppPath, AppState};
use crate::config::PictureSettings;
use crate::db::{pictures, run_blocking};
use crate::domain::timestamp;
use crate::error::AppError;
use crate::pictures::fetch::Fetcher;
use crate::pictures::{WIDTHS, url_of_key, worker};

/// A fetched picture at one address never changes; a new address is a new
/// picture. Kept by browsers for 30 days, then revalidated by its ETag.
const KEPT_FOR: &str = "public, max-age=2592000";
const STAND_IN: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>";
/// How often an idle fetcher looks for new addresses.
const IDLE_PAUSE: Duration = Duration::from_millis(500);

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

/// Fetches due pictures on a thread of its own for as long as the server
/// runs: a few at a time, written through the writer, never on a request's
/// path.
pub fn start_fetching(state: &AppState, settings: &PictureSettings) {
    if !settings.fetch_pictures {
        return;
    }
    let fetcher = Fetcher::new(settings.fetching());
    let in_flight = settings.pictures_in_flight as usize;
    let (pool, writer) = (state.pool.clone(), state.writer.clone());
    let runtime = tokio::runtime::Handle::current();
    std::thread::Builder::new()
        .name("picture-fetcher".to_owned())
        .spawn(move || {
            loop {
                let due = pool
                    .get()
                    .map_err(|error| error.to_string())
                    .and_then(|conn| {
                        pictures::due(&conn, &timestamp::now(), (in_flight * 4) as u32)
                            .map_err(|error| error.to_string())
                    });
                let due = match due {
                    Ok(due) if !due.is_empty() => due,
                    Ok(_) => {
                        std::thread::sleep(IDLE_PAUSE);
                        continue;
                    }
                    Err(error) => {
                        tracing::warn!(error, "cannot read the pictures to fetch");
                        std::thread::sleep(IDLE_PAUSE * 20);
                        continue;
                    }
                };
                let outcomes = worker::fetch_all(&due, &fetcher, in_flight, &|| {});
                let written = runtime.block_on(writer.write(move |conn| {
                    worker::record(conn, &outcomes)?;
                    Ok(())
                }));
                if let Err(error) = written {
                    tracing::warn!(%error, "cannot keep fetched pictures");
                    std::thread::sleep(IDLE_PAUSE * 20);
                }
            }
        })
        .expect("a thread starts");
}
