//! Public profiles: `/user/{userId}`, `/user/username/{username}`, and the
//! owner's profile picture.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::shared::{named, no_user};
use super::{AppJson, AppPath, AppState, CurrentUser};
use crate::db::run_blocking;
use crate::db::users::{self, User};
use crate::domain::PictureUrl;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::kept_answers::{Depends, Topic};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_id, update))
        .routes(routes!(by_username))
        .routes(routes!(stats))
}

/// What anyone may see of a member: never the email or the password.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicUser {
    pub user_id: i64,
    pub username: String,
    pub created_at: String,
    pub profile_picture_url: String,
    #[schema(value_type = crate::domain::Role)]
    pub role: &'static str,
}

impl From<User> for PublicUser {
    fn from(user: User) -> Self {
        Self {
            user_id: user.id,
            username: user.username,
            created_at: user.created_at,
            profile_picture_url: user.profile_picture_url,
            role: user.role.as_str(),
        }
    }
}

#[utoipa::path(
    get,
    path = "/user/{user_id}",
    tag = "users",
    params(("user_id" = i64, Path, description = "Member id")),
    responses((status = 200, description = "A public profile", body = PublicUser), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_id(
    State(state): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<PublicUser>> {
    let user = run_blocking(&state.pool, move |conn| Ok(users::by_id(conn, id)?)).await?;
    user.map(|u| Json(u.into())).ok_or_else(no_user)
}

#[utoipa::path(
    get,
    path = "/user/username/{username}",
    tag = "users",
    params(("username" = String, Path, description = "Username, any case")),
    responses((status = 200, description = "A public profile", body = PublicUser), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_username(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
) -> AppResult<(Depends, Json<PublicUser>)> {
    let user = run_blocking(&state.pool, move |conn| {
        Ok(users::by_username(conn, &username)?)
    })
    .await?;
    let user = user.ok_or_else(no_user)?;
    Ok((Depends(vec![Topic::Member(user.id)]), Json(user.into())))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProfileChange {
    profile_picture_url: Option<String>,
}

/// Only the profile's owner changes its picture.
#[utoipa::path(
    patch,
    path = "/user/{user_id}",
    tag = "users",
    params(("user_id" = i64, Path, description = "Member id; must be the caller")),
    request_body = ProfileChange,
    responses(SignedIn, (status = 200, description = "The changed profile", body = PublicUser), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Not allowed for this caller", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn update(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(change): AppJson<ProfileChange>,
) -> AppResult<Json<PublicUser>> {
    if id != caller.id {
        return Err(AppError::Forbidden(
            "You can only change your own profile".to_owned(),
        ));
    }
    let url = change
        .profile_picture_url
        .ok_or_else(|| AppError::BadRequest("profilePictureUrl is required".to_owned()))?;
    let url = PictureUrl::parse(&url, "profilePictureUrl").map_err(AppError::BadRequest)?;
    let user = state
        .writer
        .write(move |conn| {
            users::set_picture(conn, id, url.as_str())?;
            Ok(users::by_id(conn, id)?)
        })
        .await?;
    state.kept_sessions.forget_member(id);
    user.map(|u| Json(u.into())).ok_or_else(no_user)
}

/// The profile's figures: counts, approval, score, genres, charts and albums.
#[utoipa::path(
    get,
    path = "/user/username/{username}/stats",
    tag = "users",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "Profile figures", body = crate::db::stats::ProfileStats), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn stats(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
) -> AppResult<(Depends, Json<crate::db::stats::ProfileStats>)> {
    run_blocking(&state.pool, move |conn| {
        let user = named(conn, &username)?;
        let stats = crate::db::stats::for_user(conn, user.id, &user.created_at)?;
        let albums = [
            &stats.top_albums,
            &stats.recently_rated,
            &stats.recently_commented,
        ]
        .into_iter()
        .flatten()
        .map(|album| album.album_id);
        let depends = Depends::member_and_albums(user.id, albums);
        Ok((depends, Json(stats)))
    })
    .await
}
