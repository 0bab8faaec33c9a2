//! A member's music-player side: the player token their players and
//! scrobblers send to the ListenBrainz-compatible API (made, shown once,
//! revoked in Settings), and the plays those sent of albums the catalogue
//! lacks (the import page's "missing" view).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use super::openapi::{SignedIn, Writes};
use super::{AppQuery, AppState, CurrentUser};
use crate::auth::token_hash;
use crate::db::player_listens::{self, TokenStatus, UnmatchedAlbum};
use crate::db::run_blocking;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::OffsetQuery;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/settings/player-token",
            get(status).post(make).delete(revoke),
        )
        .route("/user/me/player-listens/unmatched", get(unmatched))
}

/// This module's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(status, make, revoke, unmatched))]
pub struct Doc;

#[derive(Serialize, ToSchema)]
struct PlayerTokenState {
    /// None until the member makes one.
    #[schema(required)]
    token: Option<TokenStatus>,
}

#[utoipa::path(
    get,
    path = "/api/settings/player-token",
    tag = "music players",
    responses(SignedIn, (status = 200, description = "Whether the caller has a player token, when it was made and last used (never the token itself)", body = PlayerTokenState)),
    security(("bearer" = []))
)]
async fn status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<PlayerTokenState>> {
    let token = run_blocking(&state.pool, move |conn| {
        Ok(player_listens::token_status(conn, user.id)?)
    })
    .await?;
    Ok(Json(PlayerTokenState { token }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewPlayerToken {
    /// Shown this once: only its hash is kept.
    token: String,
    created_at: String,
}

#[utoipa::path(
    post,
    path = "/api/settings/player-token",
    tag = "music players",
    responses(Writes, (status = 201, description = "A new player token, replacing any other (players using the old one stop being accepted)", body = NewPlayerToken)),
    security(("bearer" = []))
)]
async fn make(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<(StatusCode, Json<NewPlayerToken>)> {
    let token = crate::player_listens::new_token();
    let (hash, created_at) = (token_hash(&token), now());
    let made = created_at.clone();
    state
        .writer
        .write(move |conn| Ok(player_listens::set_token(conn, user.id, &hash, &made)?))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(NewPlayerToken { token, created_at }),
    ))
}

#[utoipa::path(
    delete,
    path = "/api/settings/player-token",
    tag = "music players",
    responses(Writes, (status = 204, description = "Revoked: players sending it are refused"), (status = 404, description = "The caller has no player token", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            if player_listens::revoke_token(conn, user.id)? {
                Ok(StatusCode::NO_CONTENT)
            } else {
                Err(AppError::NotFound(
                    "You have no player token to revoke".to_owned(),
                ))
            }
        })
        .await
}

#[derive(Serialize, ToSchema)]
struct UnmatchedAlbums {
    albums: Vec<UnmatchedAlbum>,
    total: i64,
}

#[utoipa::path(
    get,
    path = "/api/user/me/player-listens/unmatched",
    tag = "music players",
    params(OffsetQuery),
    responses(SignedIn, (status = 200, description = "Albums the caller's players played that the catalogue lacks, most played first", body = UnmatchedAlbums)),
    security(("bearer" = []))
)]
async fn unmatched(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(query): AppQuery<OffsetQuery>,
) -> AppResult<Json<UnmatchedAlbums>> {
    let page = query.page(50)?;
    let (albums, total) = run_blocking(&state.pool, move |conn| {
        Ok(player_listens::unmatched(conn, user.id, page)?)
    })
    .await?;
    Ok(Json(UnmatchedAlbums { albums, total }))
}
