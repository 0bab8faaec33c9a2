//! Ratings and library entries: one row per member and album.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::{SignedIn, Writes};
use super::shared::no_user;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::ratings::{self, Rating};
use crate::db::stats::Bucket;
use crate::db::{albums, run_blocking, users};
use crate::domain::RatingValue;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, optional_id};
use crate::http::paging::PageQuery;
use crate::reads::kept_answers::{Depends, Topic, Touched};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(rate))
        .routes(routes!(change, remove))
        .routes(routes!(by_user_id))
        .routes(routes!(by_username))
        .routes(routes!(by_album))
        .routes(routes!(distribution))
}

/// A member's whole library fits one page for all but the largest collections.
const USER_LIST_DEFAULT: u32 = 2000;
const USER_LIST_MOST: u32 = 5000;
const ALBUM_LIST_DEFAULT: u32 = 100;
const ALBUM_LIST_MOST: u32 = 500;

fn no_rating() -> AppError {
    AppError::NotFound("no existing rating found, can't update".to_owned())
}

/// The rating in a body: one of the twenty half steps as a number or a
/// decimal string; null or empty makes a library entry.
fn parse_number(value: &Option<Value>) -> AppResult<Option<RatingValue>> {
    let bad = || {
        AppError::BadRequest(
            "number must be one of 0.5, 1, 1.5, ... 10, or empty for a library entry".to_owned(),
        )
    };
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.parse().map(Some).map_err(|_| bad()),
        Some(Value::Number(n)) => n
            .as_f64()
            .and_then(RatingValue::from_f64)
            .map(Some)
            .ok_or_else(bad),
        Some(_) => Err(bad()),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RateBody {
    album_id: Option<Value>,
    artist_id: Option<Value>,
    number: Option<Value>,
    user_id: Option<Value>,
}

/// Rates an album or adds it to the library; a second call for the same
/// album changes the existing row. 201 when a row was made, 200 otherwise.
#[utoipa::path(
    post,
    path = "/rating",
    tag = "ratings",
    request_body = RateBody,
    responses(Writes, (status = 201, description = "Rated or added to the library", body = Rating), (status = 200, description = "The existing rating was changed", body = Rating), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn rate(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<RateBody>,
) -> AppResult<(StatusCode, Touched, Json<Rating>)> {
    acting_as_self(&caller, &body.user_id)?;
    let album_id = optional_id(&body.album_id, "albumId")?
        .ok_or_else(|| AppError::BadRequest("albumId is required".to_owned()))?;
    let artist_id = optional_id(&body.artist_id, "artistId")?
        .ok_or_else(|| AppError::BadRequest("No artistId found for this rating.".to_owned()))?;
    let number = parse_number(&body.number)?;
    state
        .writer
        .write(move |conn| {
            let album_artist = albums::artist_of(conn, album_id)?
                .ok_or_else(|| AppError::NotFound(format!("No album with id {album_id}")))?;
            if album_artist != artist_id {
                return Err(AppError::BadRequest(
                    "artistId is not the artist of this album".to_owned(),
                ));
            }
            let (id, existed) = ratings::upsert(conn, caller.id, album_id, number, &now())?;
            let rating = ratings::by_id(conn, id)?.expect("the rating exists");
            let status = if existed {
                StatusCode::OK
            } else {
                StatusCode::CREATED
            };
            Ok((status, touched(&rating), Json(rating)))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChangeBody {
    number: Option<Value>,
    user_id: Option<Value>,
}

/// Changes the number of one's own rating (the UI sends the whole rating
/// back with the number replaced; only the number is read).
#[utoipa::path(
    patch,
    path = "/rating/{rating_id}",
    tag = "ratings",
    params(("rating_id" = i64, Path, description = "Rating id")),
    request_body = ChangeBody,
    responses(Writes, (status = 200, description = "Changed", body = Rating), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(rating_id): AppPath<i64>,
    AppJson(body): AppJson<ChangeBody>,
) -> AppResult<(Touched, Json<Rating>)> {
    acting_as_self(&caller, &body.user_id)?;
    let number = parse_number(&body.number)?;
    state
        .writer
        .write(move |conn| {
            let existing = ratings::by_id(conn, rating_id)?.ok_or_else(no_rating)?;
            if existing.user_id != caller.id {
                return Err(AppError::Forbidden(
                    "You can only change your own rating".to_owned(),
                ));
            }
            ratings::upsert(conn, caller.id, existing.album_id, number, &now())?;
            let rating = ratings::by_id(conn, rating_id)?.expect("the rating exists");
            Ok((touched(&rating), Json(rating)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/rating/{rating_id}",
    tag = "ratings",
    params(("rating_id" = i64, Path, description = "Rating id")),
    responses(SignedIn, (status = 204, description = "Deleted"), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(rating_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            let existing = ratings::by_id(conn, rating_id)?
                .ok_or_else(|| AppError::NotFound(format!("No rating with id {rating_id}")))?;
            if existing.user_id != caller.id {
                return Err(AppError::Forbidden(
                    "You can only delete your own rating".to_owned(),
                ));
            }
            ratings::delete(conn, rating_id)?;
            Ok((touched(&existing), StatusCode::NO_CONTENT))
        })
        .await
}

async fn list_for_user(
    state: AppState,
    viewer: Option<i64>,
    user: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<Option<users::User>> + Send + 'static,
    query: PageQuery,
) -> AppResult<(Depends, Json<Vec<Rating>>)> {
    let page = query.page(USER_LIST_DEFAULT, USER_LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let user = user(conn)?.ok_or_else(no_user)?;
        let list = ratings::by_user(conn, user.id, page, viewer)?;
        let albums = list.iter().map(|rating| rating.album_id);
        Ok((Depends::member_and_albums(user.id, albums), Json(list)))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/rating/user/{user_id}",
    tag = "ratings",
    params(("user_id" = i64, Path, description = "Member id"), PageQuery),
    responses((status = 200, description = "A member's ratings and library, each with its album", body = Vec<Rating>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_user_id(
    State(state): State<AppState>,
    viewer: MaybeUser,
    AppPath(user_id): AppPath<i64>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<(Depends, Json<Vec<Rating>>)> {
    let viewer = viewer.0.map(|u| u.id);
    list_for_user(
        state,
        viewer,
        move |conn| users::by_id(conn, user_id),
        query,
    )
    .await
}

#[utoipa::path(
    get,
    path = "/rating/user/name/{username}",
    tag = "ratings",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "A member's ratings and library, each with its album", body = Vec<Rating>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_username(
    State(state): State<AppState>,
    viewer: MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<(Depends, Json<Vec<Rating>>)> {
    let viewer = viewer.0.map(|u| u.id);
    list_for_user(
        state,
        viewer,
        move |conn| users::by_username(conn, &username),
        query,
    )
    .await
}

#[utoipa::path(
    get,
    path = "/rating/album/{album_id}",
    tag = "ratings",
    params(("album_id" = i64, Path, description = "Album id"), PageQuery),
    responses((status = 200, description = "An album's ratings, newest first", body = Vec<Rating>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_album(
    State(state): State<AppState>,
    AppPath(album_id): AppPath<i64>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<(Depends, Json<Vec<Rating>>)> {
    let page = query.page(ALBUM_LIST_DEFAULT, ALBUM_LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        if albums::artist_of(conn, album_id)?.is_none() {
            return Err(AppError::NotFound(format!("No album with id {album_id}")));
        }
        let list = ratings::by_album(conn, album_id, page)?;
        Ok((Depends(vec![Topic::Album(album_id)]), Json(list)))
    })
    .await
}

/// How an album's ratings spread over the scale.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RatingDistribution {
    album_id: i64,
    /// Every rating with a number; library entries are not ratings.
    total: i64,
    /// The twenty values 0.5 to 10 in order, zeros included.
    counts: Vec<Bucket>,
}

/// Counts over all of an album's ratings, not one page of them, for the
/// album page's chart.
#[utoipa::path(
    get,
    path = "/rating/album/{album_id}/distribution",
    tag = "ratings",
    params(("album_id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "How many ratings gave each value", body = RatingDistribution), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn distribution(
    State(state): State<AppState>,
    AppPath(album_id): AppPath<i64>,
) -> AppResult<(Depends, Json<RatingDistribution>)> {
    run_blocking(&state.pool, move |conn| {
        if albums::artist_of(conn, album_id)?.is_none() {
            return Err(AppError::NotFound(format!("No album with id {album_id}")));
        }
        let counts = ratings::distribution(conn, album_id)?;
        let distribution = RatingDistribution {
            album_id,
            total: counts.iter().map(|bucket| bucket.count).sum(),
            counts,
        };
        Ok((Depends(vec![Topic::Album(album_id)]), Json(distribution)))
    })
    .await
}

/// What a change to a rating changes: its album's figures and its member's.
fn touched(rating: &Rating) -> Touched {
    Touched(vec![
        Topic::Album(rating.album_id),
        Topic::Member(rating.user_id),
    ])
}
