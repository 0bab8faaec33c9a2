//! A member's music-player side: the player token their players and
//! scrobblers send to the ListenBrainz-compatible API (made, shown once,
//! revoked in Settings), and the plays those sent of albums the catalogue
//! lacks (the import page's "missing" view).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::member_tokens;
use super::openapi::{SignedIn, Writes};
use super::{AppQuery, AppState, CurrentUser};
use crate::db::member_tokens::{TokenKind, TokenStatus};
use crate::db::player_listens::{self, UnmatchedAlbum};
use crate::db::run_blocking;
use crate::error::{AppResult, ErrorMessage};
use crate::http::client_seen::ClientSeen;
use crate::http::paging::OffsetQuery;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status, make, revoke))
        .routes(routes!(unmatched))
}

#[derive(Serialize, ToSchema)]
struct PlayerTokenState {
    /// None until the member makes one.
    #[schema(required)]
    token: Option<TokenStatus>,
}

#[utoipa::path(
    get,
    path = "/settings/player-token",
    tag = "music players",
    responses(SignedIn, (status = 200, description = "Whether the caller has a player token, when it was made and last used (never the token itself)", body = PlayerTokenState)),
    security(("bearer" = []))
)]
async fn status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<PlayerTokenState>> {
    let token = member_tokens::status(&state, TokenKind::Player, user.id).await?;
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
    path = "/settings/player-token",
    tag = "music players",
    responses(Writes, (status = 201, description = "A new player token, replacing any other (players using the old one stop being accepted)", body = NewPlayerToken)),
    security(("bearer" = []))
)]
async fn make(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    made_from: ClientSeen,
) -> AppResult<(StatusCode, Json<NewPlayerToken>)> {
    let token = crate::player_listens::new_token();
    let created_at =
        member_tokens::make(&state, TokenKind::Player, user.id, &token, made_from).await?;
    Ok((
        StatusCode::CREATED,
        Json(NewPlayerToken { token, created_at }),
    ))
}

#[utoipa::path(
    delete,
    path = "/settings/player-token",
    tag = "music players",
    responses(Writes, (status = 204, description = "Revoked: players sending it are refused (allowed while suspended)"), (status = 404, description = "The caller has no player token", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<StatusCode> {
    member_tokens::revoke(
        &state,
        TokenKind::Player,
        user.id,
        "You have no player token to revoke",
    )
    .await
}

#[derive(Serialize, ToSchema)]
struct UnmatchedAlbums {
    albums: Vec<UnmatchedAlbum>,
    total: i64,
}

#[utoipa::path(
    get,
    path = "/user/me/player-listens/unmatched",
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
