//! `/new`'s albums: those just released and those to come, which the
//! catalogue gains from imports and from the server's own check for new
//! releases (`crate::discovery::new_releases`), filtered by the artists a member follows,
//! a genre, or their wishlist.

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::atom::{self, About, Item};
use super::openapi::{SignedIn, Writes};
use super::{Admin, AppJson, AppQuery, AppState, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::new_releases::ReleaseCheck;
use crate::db::{artists, genres, new_releases, run_blocking};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::site_origin::SiteOrigin;

/// Albums a page.
const PAGE: u32 = 24;
/// Pages one may go through.
const MOST_PAGES: u32 = 50;
/// How far back "recent" goes.
const RECENT_DAYS: i64 = 90;

/// Today and the first day of "recent", as release dates are stored.
fn recent_window() -> (String, String) {
    let today = OffsetDateTime::now_utc().date();
    (
        today.to_string(),
        (today - time::Duration::days(RECENT_DAYS)).to_string(),
    )
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(releases))
        .routes(routes!(feed))
        .routes(routes!(checks))
        .routes(routes!(check_now))
}

#[derive(Deserialize, Clone, Copy, PartialEq, ToSchema)]
#[serde(rename_all = "lowercase")]
enum When {
    Recent,
    Upcoming,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct NewQuery {
    /// `recent` (released in the last 90 days, newest first; the default)
    /// or `upcoming` (dated after today, soonest first).
    #[param(inline)]
    when: Option<When>,
    /// Only the artists the caller follows (signed in).
    followed: Option<bool>,
    /// Only albums on the caller's wishlist (signed in).
    wishlist: Option<bool>,
    /// Only albums of this genre (name or slug).
    genre: Option<String>,
    /// From 1 to 50; 1 by default.
    #[param(minimum = 1, maximum = 50)]
    page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewReleases {
    /// At most 24, in date order.
    albums: Vec<Album>,
    /// Whether a next page has more.
    has_more: bool,
}

#[utoipa::path(
    get,
    path = "/new-releases",
    tag = "catalogue",
    params(NewQuery),
    responses((status = 200, description = "Albums released lately or to come, filtered as asked", body = NewReleases), (status = 400, description = "A filter out of range, or an unknown genre", body = ErrorMessage), (status = 401, description = "`followed` or `wishlist` asked for signed out", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn releases(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppQuery(query): AppQuery<NewQuery>,
) -> AppResult<Json<NewReleases>> {
    let page = query.page.unwrap_or(1);
    if !(1..=MOST_PAGES).contains(&page) {
        return Err(AppError::BadRequest(format!(
            "page: from 1 to {MOST_PAGES}"
        )));
    }
    let reader = reader.map(|user| user.id);
    let mine = |asked: Option<bool>| -> AppResult<Option<i64>> {
        match (asked.unwrap_or(false), reader) {
            (false, _) => Ok(None),
            (true, Some(id)) => Ok(Some(id)),
            (true, None) => Err(AppError::Unauthorized(
                "Log in to see the new releases of the artists you follow or your wishlist".into(),
            )),
        }
    };
    let followed_by = mine(query.followed)?;
    let wished_by = mine(query.wishlist)?;
    let (today, since) = recent_window();
    run_blocking(&state.pool, move |conn| {
        let genre_id = match query
            .genre
            .as_deref()
            .map(str::trim)
            .filter(|g| !g.is_empty())
        {
            Some(name) => Some(
                genres::find(conn, name)?
                    .ok_or_else(|| {
                        AppError::BadRequest(format!(
                            "genre: no genre called {}",
                            name.chars().take(60).collect::<String>()
                        ))
                    })?
                    .genre_id,
            ),
            None => None,
        };
        let asked = new_releases::Asked {
            upcoming: query.when == Some(When::Upcoming),
            today: &today,
            since: &since,
            followed_by,
            wished_by,
            genre_id,
            limit: PAGE + 1,
            offset: (page - 1) * PAGE,
        };
        let mut ids = new_releases::releases(conn, &asked)?;
        let has_more = ids.len() > PAGE as usize;
        ids.truncate(PAGE as usize);
        let found = albums::by_ids(conn, &ids, reader)?;
        Ok(Json(NewReleases {
            albums: found,
            has_more,
        }))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/feeds/new-releases",
    tag = "feeds",
    responses((status = 200, description = "An Atom feed of the albums released in the last 90 days, newest first (30 at most)", content_type = "application/atom+xml", body = String)),
)]
async fn feed(
    State(state): State<AppState>,
    SiteOrigin(origin): SiteOrigin,
) -> AppResult<Response> {
    let (today, since) = recent_window();
    let found = run_blocking(&state.pool, move |conn| {
        let asked = new_releases::Asked {
            upcoming: false,
            today: &today,
            since: &since,
            followed_by: None,
            wished_by: None,
            genre_id: None,
            limit: atom::MOST_ENTRIES,
            offset: 0,
        };
        let ids = new_releases::releases(conn, &asked)?;
        let found = albums::by_ids(conn, &ids, None)?;
        Ok(found)
    })
    .await?;
    let items = found
        .into_iter()
        .map(|album| {
            let genres: Vec<&str> = album.genres.iter().map(|g| g.name.as_str()).collect();
            Item {
                id: format!("/feeds/new-releases#album-{}", album.album_id),
                title: format!("{} – {}", album.artist, album.title),
                page: format!("/albums/{}/{}", album.artist_slug, album.slug),
                updated: format!("{}T00:00:00Z", album.release_date),
                published: None,
                author: Some(album.artist.clone()),
                content: if genres.is_empty() {
                    format!("Released {}.", album.release_date)
                } else {
                    format!("Released {}. {}.", album.release_date, genres.join(", "))
                },
            }
        })
        .collect();
    let about = About {
        origin: &origin,
        feed_path: "/api/feeds/new-releases",
        page: "/new",
        title: "New releases on halfstar".to_owned(),
        subtitle: "Albums released in the last 90 days".to_owned(),
        changed: None,
    };
    Ok(atom::feed(about, items))
}

/// Checks the admin page lists.
const CHECKS_SHOWN: u32 = 50;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReleaseChecks {
    /// Whether the server checks by itself (`serve --new-releases`).
    checking: bool,
    /// Artists MusicBrainz knows by id: each is asked about once a day.
    artists_to_check: i64,
    /// The latest checks, newest first (50 at most).
    checks: Vec<ReleaseCheck>,
}

#[utoipa::path(
    get,
    path = "/admin/new-releases",
    tag = "admin",
    responses(SignedIn, (status = 200, description = "The check for new releases: whether it runs, and its latest checks", body = ReleaseChecks), (status = 403, description = "Not an admin", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn checks(State(state): State<AppState>, Admin(_): Admin) -> AppResult<Json<ReleaseChecks>> {
    let checking = state.checks_new_releases;
    run_blocking(&state.pool, move |conn| {
        Ok(Json(ReleaseChecks {
            checking,
            artists_to_check: new_releases::artists_to_check(conn)?,
            checks: new_releases::latest_checks(conn, CHECKS_SHOWN)?,
        }))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
struct CheckWanted {
    /// The artist's name or slug.
    artist: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckDone {
    artist_id: i64,
    /// The titles of the albums the check added.
    added: Vec<String>,
    /// What a source failed to give; empty when nothing failed.
    trouble: String,
}

#[utoipa::path(
    post,
    path = "/admin/new-releases/checks",
    tag = "admin",
    request_body = CheckWanted,
    responses(Writes, (status = 200, description = "The artist was asked about now; what was added", body = CheckDone), (status = 400, description = "No artist named, or one MusicBrainz does not know by id", body = ErrorMessage), (status = 403, description = "Not an admin", body = ErrorMessage), (status = 404, description = "No such artist", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn check_now(
    State(state): State<AppState>,
    Admin(_): Admin,
    AppJson(body): AppJson<CheckWanted>,
) -> AppResult<Json<CheckDone>> {
    let named = body
        .artist
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .ok_or_else(|| AppError::BadRequest("artist is required".to_owned()))?
        .chars()
        .take(200)
        .collect::<String>();
    let artist_id = run_blocking(&state.pool, move |conn| {
        artists::find(conn, &named)?
            .ok_or_else(|| AppError::NotFound(format!("No artist called {named}")))
    })
    .await?;
    let checked = crate::discovery::new_releases::check_artist(&state, artist_id).await?;
    Ok(Json(CheckDone {
        artist_id: checked.artist_id,
        added: checked.added,
        trouble: checked.trouble,
    }))
}
