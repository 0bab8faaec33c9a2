//! Following members and artists, and blocking members.

use axum::Json;
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::shared;
use super::{AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::follows::{self, ArtistFollow, FollowedArtist, Social};
use crate::db::notifications::{self, Subject};
use crate::db::users::{Author, User};
use crate::db::{artists, run_blocking};
use crate::domain::NotificationKind;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::PageQuery;
use crate::reads::kept_answers::{Topic, Touched};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(social))
        .routes(routes!(follow, unfollow))
        .routes(routes!(remove_follower))
        .routes(routes!(block, unblock))
        .routes(routes!(followers))
        .routes(routes!(following))
        .routes(routes!(my_blocks))
        .routes(routes!(artist_follow, follow_artist, unfollow_artist))
        .routes(routes!(my_artists))
}

const LIST_DEFAULT: u32 = 50;
const LIST_MOST: u32 = 200;

#[utoipa::path(
    get,
    path = "/user/username/{username}/social",
    tag = "follows",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "Followers and following, and how the member stands to the caller", body = Social), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn social(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
) -> AppResult<Json<Social>> {
    run_blocking(&state.pool, move |conn| {
        let member = shared::named(conn, &username)?;
        Ok(Json(follows::social(
            conn,
            member.id,
            caller.map(|c| c.id),
        )?))
    })
    .await
}

/// What a change between the caller and the member named does.
#[derive(Clone, Copy)]
enum Change {
    Follow,
    Unfollow,
    RemoveFollower,
    Block,
    Unblock,
}

async fn change(
    state: AppState,
    caller: User,
    username: String,
    change: Change,
) -> AppResult<(Touched, Json<Social>)> {
    state
        .writer
        .write(move |conn| {
            let member = shared::named(conn, &username)?;
            if member.id == caller.id {
                return Err(AppError::BadRequest(
                    "That is you: pick another member".to_owned(),
                ));
            }
            match change {
                Change::Follow => {
                    if follows::blocked_either_way(conn, caller.id, member.id)? {
                        return Err(AppError::Forbidden(
                            "You can't follow this member.".to_owned(),
                        ));
                    }
                    if follows::follow(conn, caller.id, member.id, &now())? {
                        notifications::notify(
                            conn,
                            member.id,
                            NotificationKind::Follow,
                            caller.id,
                            Subject::Nothing,
                            &now(),
                        )?;
                    }
                }
                Change::Unfollow => {
                    follows::unfollow(conn, caller.id, member.id)?;
                }
                Change::RemoveFollower => {
                    follows::unfollow(conn, member.id, caller.id)?;
                }
                Change::Block => follows::block(conn, caller.id, member.id, &now())?,
                Change::Unblock => {
                    follows::unblock(conn, caller.id, member.id)?;
                }
            }
            let social = follows::social(conn, member.id, Some(caller.id))?;
            let touched = Touched(vec![Topic::Member(member.id), Topic::Member(caller.id)]);
            Ok((touched, Json(social)))
        })
        .await
}

#[utoipa::path(
    post,
    path = "/user/username/{username}/follow",
    tag = "follows",
    params(("username" = String, Path, description = "Whom to follow")),
    responses(SignedIn, (status = 200, description = "Followed (following twice changes nothing)", body = Social), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 403, description = "One of the two blocked the other, or the caller is suspended", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn follow(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<(Touched, Json<Social>)> {
    change(state, caller, username, Change::Follow).await
}

#[utoipa::path(
    delete,
    path = "/user/username/{username}/follow",
    tag = "follows",
    params(("username" = String, Path, description = "Whom to stop following")),
    responses(SignedIn, (status = 200, description = "Not following", body = Social), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unfollow(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<(Touched, Json<Social>)> {
    change(state, caller, username, Change::Unfollow).await
}

#[utoipa::path(
    delete,
    path = "/user/username/{username}/follower",
    tag = "follows",
    params(("username" = String, Path, description = "The follower to remove")),
    responses(SignedIn, (status = 200, description = "They no longer follow the caller", body = Social), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove_follower(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<(Touched, Json<Social>)> {
    change(state, caller, username, Change::RemoveFollower).await
}

#[utoipa::path(
    post,
    path = "/user/username/{username}/block",
    tag = "follows",
    params(("username" = String, Path, description = "Whom to block")),
    responses(SignedIn, (status = 200, description = "Blocked: follows between the two end, and the member can no longer follow, shout at, comment on or mention the caller", body = Social), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn block(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<(Touched, Json<Social>)> {
    change(state, caller, username, Change::Block).await
}

#[utoipa::path(
    delete,
    path = "/user/username/{username}/block",
    tag = "follows",
    params(("username" = String, Path, description = "Whom to unblock")),
    responses(SignedIn, (status = 200, description = "Unblocked", body = Social), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unblock(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<(Touched, Json<Social>)> {
    change(state, caller, username, Change::Unblock).await
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/followers",
    tag = "follows",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "Who follows the member, the newest first", body = Vec<Author>), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn followers(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Author>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let member = shared::named(conn, &username)?;
        Ok(Json(follows::followers(conn, member.id, page)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/following",
    tag = "follows",
    params(("username" = String, Path, description = "Username"), PageQuery),
    responses((status = 200, description = "Whom the member follows, the newest first", body = Vec<Author>), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn following(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Author>>> {
    let page = query.page(LIST_DEFAULT, LIST_MOST)?;
    run_blocking(&state.pool, move |conn| {
        let member = shared::named(conn, &username)?;
        Ok(Json(follows::following(conn, member.id, page)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/blocks",
    tag = "follows",
    responses(SignedIn, (status = 200, description = "The members the caller blocked", body = Vec<Author>)),
    security(("bearer" = []))
)]
async fn my_blocks(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<Vec<Author>>> {
    run_blocking(&state.pool, move |conn| {
        Ok(Json(follows::blocked_by(conn, caller.id)?))
    })
    .await
}

fn no_artist(id: i64) -> AppError {
    AppError::NotFound(format!("No artist {id}"))
}

#[utoipa::path(
    get,
    path = "/artist/{id}/follow",
    tag = "follows",
    params(("id" = i64, Path, description = "Artist id")),
    responses((status = 200, description = "How many follow the artist, and whether the caller does", body = ArtistFollow), (status = 404, description = "No such artist", body = ErrorMessage)),
)]
async fn artist_follow(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(artist_id): AppPath<i64>,
) -> AppResult<Json<ArtistFollow>> {
    run_blocking(&state.pool, move |conn| {
        artists::by_id(conn, artist_id)?.ok_or_else(|| no_artist(artist_id))?;
        Ok(Json(follows::artist_follow(
            conn,
            artist_id,
            caller.map(|c| c.id),
        )?))
    })
    .await
}

async fn set_artist_follow(
    state: AppState,
    caller: User,
    artist_id: i64,
    follow: bool,
) -> AppResult<(Touched, Json<ArtistFollow>)> {
    state
        .writer
        .write(move |conn| {
            artists::by_id(conn, artist_id)?.ok_or_else(|| no_artist(artist_id))?;
            follows::set_artist_follow(conn, caller.id, artist_id, follow, &now())?;
            let answer = follows::artist_follow(conn, artist_id, Some(caller.id))?;
            Ok((Touched(vec![Topic::Member(caller.id)]), Json(answer)))
        })
        .await
}

#[utoipa::path(
    post,
    path = "/artist/{id}/follow",
    tag = "follows",
    params(("id" = i64, Path, description = "Artist id")),
    responses(SignedIn, (status = 200, description = "Followed: the artist's new albums come to the caller's feed and notifications", body = ArtistFollow), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No such artist", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn follow_artist(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(artist_id): AppPath<i64>,
) -> AppResult<(Touched, Json<ArtistFollow>)> {
    set_artist_follow(state, caller, artist_id, true).await
}

#[utoipa::path(
    delete,
    path = "/artist/{id}/follow",
    tag = "follows",
    params(("id" = i64, Path, description = "Artist id")),
    responses(SignedIn, (status = 200, description = "Not followed", body = ArtistFollow), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No such artist", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unfollow_artist(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(artist_id): AppPath<i64>,
) -> AppResult<(Touched, Json<ArtistFollow>)> {
    set_artist_follow(state, caller, artist_id, false).await
}

#[utoipa::path(
    get,
    path = "/user/me/artists",
    tag = "follows",
    responses(SignedIn, (status = 200, description = "The artists the caller follows, by name", body = Vec<FollowedArtist>)),
    security(("bearer" = []))
)]
async fn my_artists(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<Vec<FollowedArtist>>> {
    run_blocking(&state.pool, move |conn| {
        Ok(Json(follows::followed_artists(conn, caller.id)?))
    })
    .await
}
