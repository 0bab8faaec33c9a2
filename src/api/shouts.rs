//! Shouts: short messages left on a member's profile.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::follows;
use crate::db::hidden::Reader;
use crate::db::notifications::{self, Subject};
use crate::db::run_blocking;
use crate::db::shouts::{self, Shout};
use crate::domain::NotificationKind;
use crate::domain::Role;
use crate::domain::text;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::claims::acting_as_self;
use crate::http::paging::PageQuery;
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(remove))
        .routes(routes!(on_profile))
}

pub const MAX_SHOUT_CHARS: usize = 1_000;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewShout {
    #[serde(default)]
    shout_text: String,
    user_id: Option<Value>,
    #[serde(default)]
    recipient_username: String,
}

#[utoipa::path(
    post,
    path = "/shout",
    tag = "shouts",
    request_body = NewShout,
    responses(SignedIn, (status = 201, description = "Posted", body = Shout), (status = 400, description = "You can't send an empty shout", body = ErrorMessage), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "No user", body = ErrorMessage), (status = 429, description = "You are sending too many shouts.", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<NewShout>,
) -> AppResult<(StatusCode, Json<Shout>)> {
    acting_as_self(&caller, &body.user_id)?;
    let text = body.shout_text.trim().to_owned();
    if text.is_empty() {
        return Err(AppError::BadRequest(
            "You can't send an empty shout".to_owned(),
        ));
    }
    if text.chars().count() > MAX_SHOUT_CHARS {
        return Err(AppError::BadRequest(
            "shoutText must be at most 1,000 characters".to_owned(),
        ));
    }
    text::multi_line(&text, "shoutText").map_err(AppError::BadRequest)?;
    let recipient = body.recipient_username.trim().to_owned();
    let pool = state.pool.clone();
    let recipient = run_blocking(&pool, move |conn| shared::named(conn, &recipient)).await?;
    state
        .writer
        .write(move |conn| {
            if follows::blocks(conn, recipient.id, caller.id)? {
                return Err(AppError::Forbidden(
                    "You can't shout on this member's profile.".to_owned(),
                ));
            }
            let id = shouts::insert(conn, caller.id, recipient.id, &text, &now())?;
            let subject = Subject::Shout(id);
            let mut told = Vec::new();
            if notifications::notify(
                conn,
                recipient.id,
                NotificationKind::Shout,
                caller.id,
                subject,
                &now(),
            )? {
                told.push(recipient.id);
            }
            notifications::mentions(conn, &text, caller.id, subject, &told, &now())?;
            let shout = shouts::by_id(conn, id)?.expect("the shout exists");
            Ok((StatusCode::CREATED, Json(shout)))
        })
        .await
}

/// The author, the profile's owner or an admin may remove a shout.
#[utoipa::path(
    delete,
    path = "/shout/{id}",
    tag = "shouts",
    params(("id" = i64, Path, description = "Shout id")),
    responses(SignedIn, (status = 204, description = "Deleted"), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let (author, recipient) = shouts::parties(conn, id)?
                .ok_or_else(|| AppError::NotFound(format!("No shout with id {id}")))?;
            if caller.id != author && caller.id != recipient && caller.role != Role::Admin {
                return Err(AppError::Forbidden(
                    "Only the author, the profile's owner or an admin can delete this shout"
                        .to_owned(),
                ));
            }
            shouts::delete(conn, id)?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}

#[utoipa::path(
    get,
    path = "/shout/user/{username}",
    tag = "shouts",
    params(("username" = String, Path, description = "The profile owner"), PageQuery),
    responses((status = 200, description = "The shouts on a member's profile", body = Vec<Shout>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn on_profile(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Vec<Shout>>> {
    let page = query.page(50, 200)?;
    run_blocking(&state.pool, move |conn| {
        let user = shared::named(conn, &username)?;
        let reader = Reader::of(caller.as_ref());
        Ok(Json(shouts::on_profile(conn, user.id, page, reader)?))
    })
    .await
}
