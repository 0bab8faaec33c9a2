//! Recommendations as the worker stored them (`crate::discovery::recommendations`): an
//! album's similar albums (`/api/album/{id}/similar`), a member's albums
//! "For you" (`/api/recommendations`), and the albums they dismissed.

use std::collections::HashMap;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::openapi::{SignedIn, Writes};
use super::{AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::{recommendations, run_blocking};
use crate::domain::recommendations::{FEWEST_SHARED, RECOMMENDATIONS_KEPT, SIMILAR_KEPT};
use crate::domain::timestamp::{before_now, now};
use crate::error::{AppError, AppResult, ErrorMessage};

const DEFAULT_LIMIT: u32 = 24;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(similar))
        .routes(routes!(for_you))
        .routes(routes!(dismissed))
        .routes(routes!(dismiss, undismiss))
}

/// An album recommended, and by how many members' ratings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Recommended {
    album: Album,
    /// Members who rated it highly: for a similar album, members who rated
    /// both; for "For you", members of like taste.
    members: u32,
    /// For "For you": the album the caller loved that this one is most
    /// like, when that is why it is recommended; null otherwise.
    #[schema(required)]
    like: Option<LovedAlbum>,
}

/// An album named and linked to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LovedAlbum {
    album_id: i64,
    title: String,
    slug: String,
    artist: String,
    artist_slug: String,
}

impl From<Album> for LovedAlbum {
    fn from(album: Album) -> Self {
        Self {
            album_id: album.album_id,
            title: album.title,
            slug: album.slug,
            artist: album.artist,
            artist_slug: album.artist_slug,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SimilarAlbums {
    /// Best first, at most 12.
    albums: Vec<Recommended>,
    /// Members who must have rated both albums highly.
    fewest_shared: u32,
}

/// The picks `(album, members, loved album it is like)` with their albums,
/// in their order.
fn with_albums(
    conn: &rusqlite::Connection,
    picks: Vec<(i64, u32, Option<i64>)>,
    reader: Option<i64>,
) -> rusqlite::Result<Vec<Recommended>> {
    let ids: Vec<i64> = picks.iter().map(|pick| pick.0).collect();
    let mut liked: Vec<i64> = picks.iter().filter_map(|pick| pick.2).collect();
    liked.sort_unstable();
    liked.dedup();
    let loved: HashMap<i64, Album> = albums::by_ids(conn, &liked, None)?
        .into_iter()
        .map(|album| (album.album_id, album))
        .collect();
    let found = albums::by_ids(conn, &ids, reader)?;
    Ok(found
        .into_iter()
        .filter_map(|album| {
            let &(_, members, like) = picks.iter().find(|pick| pick.0 == album.album_id)?;
            let like = like
                .and_then(|id| loved.get(&id).cloned())
                .map(LovedAlbum::from);
            Some(Recommended {
                album,
                members,
                like,
            })
        })
        .collect())
}

#[utoipa::path(
    get,
    path = "/album/{id}/similar",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "Albums the same members rated highly, weighed against how often each is rated, best first; worked out in the background", body = SimilarAlbums), (status = 404, description = "No such album", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn similar(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<SimilarAlbums>> {
    let reader = reader.map(|user| user.id);
    run_blocking(&state.pool, move |conn| {
        if !albums::exists(conn, id)? {
            return Err(AppError::NotFound(format!("No album with id {id}")));
        }
        let picks = recommendations::similar_to(conn, id, SIMILAR_KEPT as u32)?
            .into_iter()
            .map(|(album, members)| (album, members, None))
            .collect();
        Ok(Json(SimilarAlbums {
            albums: with_albums(conn, picks, reader)?,
            fewest_shared: FEWEST_SHARED,
        }))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ForYouQuery {
    /// How many to answer: 1 to 60, 24 by default.
    #[param(minimum = 1, maximum = 60)]
    limit: Option<u32>,
}

/// Where the member's recommendations stand.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
enum ForYouState {
    /// Worked out: `albums` holds them (it may be empty).
    Ready,
    /// Being worked out for the first time; ask again shortly.
    Working,
    /// The member turned recommendations off in their settings.
    Off,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ForYou {
    state: ForYouState,
    /// Best first, without what the member rated, wishlisted or dismissed.
    albums: Vec<Recommended>,
    /// Members of like taste whose ratings made them.
    neighbours: u32,
    /// When they were worked out.
    #[schema(required)]
    made_at: Option<String>,
}

#[utoipa::path(
    get,
    path = "/recommendations",
    tag = "catalogue",
    params(ForYouQuery),
    responses(SignedIn, (status = 200, description = "Albums rated highly by the members whose taste is most like the caller's, without what the caller rated, wishlisted or dismissed", body = ForYou), (status = 400, description = "A limit out of range", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn for_you(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<ForYouQuery>,
) -> AppResult<Json<ForYou>> {
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=RECOMMENDATIONS_KEPT as u32).contains(&limit) {
        return Err(AppError::BadRequest(format!(
            "limit: from 1 to {RECOMMENDATIONS_KEPT}"
        )));
    }
    let (wanted, made, albums) = run_blocking(&state.pool, move |conn| {
        if !recommendations::wanted_by(conn, caller.id)? {
            return Ok((false, None, Vec::new()));
        }
        let made = recommendations::made(conn, caller.id)?;
        let picks = recommendations::for_you(conn, caller.id, limit)?;
        Ok((true, made, with_albums(conn, picks, Some(caller.id))?))
    })
    .await?;
    let stale = made.as_ref().is_none_or(|(made_at, _)| {
        *made_at < before_now(crate::discovery::recommendations::FRESH_FOR)
    });
    if wanted && stale {
        state.recommender.ask(caller.id);
    }
    let state = match (&made, wanted) {
        (_, false) => ForYouState::Off,
        (None, true) => ForYouState::Working,
        (Some(_), true) => ForYouState::Ready,
    };
    let (made_at, neighbours) = made.map_or((None, 0), |(at, n)| (Some(at), n));
    Ok(Json(ForYou {
        state,
        albums,
        neighbours,
        made_at,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Dismissed {
    album: Album,
    dismissed_at: String,
}

#[utoipa::path(
    get,
    path = "/recommendations/dismissed",
    tag = "catalogue",
    responses(SignedIn, (status = 200, description = "The albums the caller asked not to be recommended, most recent first", body = Vec<Dismissed>)),
    security(("bearer" = []))
)]
async fn dismissed(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<Vec<Dismissed>>> {
    run_blocking(&state.pool, move |conn| {
        let rows = recommendations::dismissals(conn, caller.id)?;
        let ids: Vec<i64> = rows.iter().map(|row| row.0).collect();
        // Paired by id: an album read by id may be gone since.
        let mut found: HashMap<i64, Album> = albums::by_ids(conn, &ids, Some(caller.id))?
            .into_iter()
            .map(|album| (album.album_id, album))
            .collect();
        Ok(Json(
            rows.into_iter()
                .filter_map(|(id, dismissed_at)| {
                    let album = found.remove(&id)?;
                    Some(Dismissed {
                        album,
                        dismissed_at,
                    })
                })
                .collect(),
        ))
    })
    .await
}

#[utoipa::path(
    put,
    path = "/recommendations/dismissed/{album_id}",
    tag = "catalogue",
    params(("album_id" = i64, Path, description = "Album id")),
    responses(Writes, (status = 204, description = "The album will not be recommended to the caller again"), (status = 404, description = "No such album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn dismiss(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(album_id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            if !albums::exists(conn, album_id)? {
                return Err(AppError::NotFound(format!("No album with id {album_id}")));
            }
            recommendations::dismiss(conn, caller.id, album_id, &now())?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/recommendations/dismissed/{album_id}",
    tag = "catalogue",
    params(("album_id" = i64, Path, description = "Album id")),
    responses(Writes, (status = 204, description = "The album may be recommended again"), (status = 404, description = "The caller had not dismissed that album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn undismiss(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(album_id): AppPath<i64>,
) -> AppResult<StatusCode> {
    let undone = state
        .writer
        .write(move |conn| Ok(recommendations::undismiss(conn, caller.id, album_id)?))
        .await?;
    if undone {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound(
            "You had not dismissed that album".to_owned(),
        ))
    }
}
