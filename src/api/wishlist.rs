//! Wishlists: albums a member wants to hear.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::Writes;
use super::shared::no_user;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::wishlist::{self, WishlistItem};
use crate::db::{albums, is_unique_violation, run_blocking, users};
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::{acting_as_self, optional_id};
use crate::http::paging::PageQuery;
use crate::reads::kept_answers::{Depends, Topic, Touched};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add))
        .routes(routes!(remove))
        .routes(routes!(by_user))
        .routes(routes!(one))
}

const LIST_DEFAULT: u32 = 2000;
const LIST_MOST: u32 = 5000;

#[utoipa::path(
    get,
    path = "/wishlistitem/user/{user_id}",
    tag = "wishlist",
    params(("user_id" = i64, Path, description = "Member id"), PageQuery),
    responses((status = 200, description = "A member's wishlist", body = Vec<WishlistItem>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_user(
    State(state): State<AppState>,
    viewer: MaybeUser,
    AppPath(user_id): AppPath<i64>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<(Depends, Json<Vec<WishlistItem>>)> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    let viewer = viewer.0.map(|u| u.id);
    run_blocking(&state.pool, move |conn| {
        users::by_id(conn, user_id)?.ok_or_else(no_user)?;
        let list = wishlist::by_user(conn, user_id, page, viewer)?;
        let albums = list.iter().map(|item| item.album_id);
        Ok((Depends::member_and_albums(user_id, albums), Json(list)))
    })
    .await
}

/// The member's wishlist entry for an album, or null when it is not there.
#[utoipa::path(
    get,
    path = "/wishlistitem/user/{user_id}/{album_id}",
    tag = "wishlist",
    params(("user_id" = i64, Path, description = "Member id"), ("album_id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "The entry, or null", body = Option<WishlistItem>)),
)]
async fn one(
    State(state): State<AppState>,
    AppPath((user_id, album_id)): AppPath<(i64, i64)>,
) -> AppResult<Json<Option<WishlistItem>>> {
    run_blocking(&state.pool, move |conn| {
        Ok(Json(wishlist::find(conn, user_id, album_id)?))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddBody {
    user_id: Option<Value>,
    album_id: Option<Value>,
}

#[utoipa::path(
    post,
    path = "/wishlistitem",
    tag = "wishlist",
    request_body = AddBody,
    responses(Writes, (status = 201, description = "Added", body = WishlistItem), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn add(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<AddBody>,
) -> AppResult<(StatusCode, Touched, Json<WishlistItem>)> {
    acting_as_self(&caller, &body.user_id)?;
    let album_id = optional_id(&body.album_id, "albumId")?
        .ok_or_else(|| AppError::BadRequest("albumId is required".to_owned()))?;
    state
        .writer
        .write(move |conn| {
            if albums::artist_of(conn, album_id)?.is_none() {
                return Err(AppError::NotFound(format!("No album with id {album_id}")));
            }
            let id = match wishlist::add(conn, caller.id, album_id, &now()) {
                Err(e) if is_unique_violation(&e) => {
                    return Err(AppError::Conflict(
                        "This album is already on your wishlist".to_owned(),
                    ));
                }
                other => other?,
            };
            let item = wishlist::by_id(conn, id)?.expect("the item exists");
            Ok((StatusCode::CREATED, touched(&item), Json(item)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/wishlistitem/{id}",
    tag = "wishlist",
    params(("id" = i64, Path, description = "Wishlist item id")),
    responses(Writes, (status = 204, description = "Removed"), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            let item = wishlist::by_id(conn, id)?
                .ok_or_else(|| AppError::NotFound("That album is not on a wishlist".to_owned()))?;
            if item.user_id != caller.id {
                return Err(AppError::Forbidden(
                    "You can only change your own wishlist".to_owned(),
                ));
            }
            wishlist::delete(conn, id)?;
            Ok((touched(&item), StatusCode::NO_CONTENT))
        })
        .await
}

/// What a wishlist change changes: the member's lists, and the album's.
fn touched(item: &WishlistItem) -> Touched {
    Touched(vec![
        Topic::Member(item.user_id),
        Topic::Album(item.album_id),
    ])
}
