//! Notifications, the member's community settings, and taste
//! compatibility with another member.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::shared;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser};
use crate::db::follows;
use crate::db::notifications::{self, Switches};
use crate::db::{ratings, recommendations, run_blocking};
use crate::domain::compatibility::{self, MINIMUM_SHARED};
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::notices::Notification;
use crate::reads::kept_answers::Touched;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(unread))
        .routes(routes!(mark_read))
        .routes(routes!(settings, change_settings))
        .routes(routes!(compatibility_with))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct NotificationQuery {
    /// The `next` of the page before.
    before: Option<i64>,
    /// How many events, 1 to 100 (30 when absent); likes grouped make fewer items.
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

#[derive(Serialize, ToSchema)]
struct Notifications {
    items: Vec<Notification>,
    /// Pass as `before` for the next page; null at the end.
    #[schema(required)]
    next: Option<i64>,
}

#[utoipa::path(
    get,
    path = "/notifications",
    tag = "notifications",
    params(NotificationQuery),
    responses(SignedIn, (status = 200, description = "The caller's notifications, newest first", body = Notifications), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn list(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<NotificationQuery>,
) -> AppResult<Json<Notifications>> {
    let limit = query.limit.unwrap_or(30);
    if !(1..=100).contains(&limit) {
        return Err(AppError::BadRequest("limit must be 1 to 100".to_owned()));
    }
    run_blocking(&state.pool, move |conn| {
        let (told, next) = notifications::page(conn, caller.id, query.before, limit)?;
        let items = told.into_iter().map(Notification::from).collect();
        Ok(Json(Notifications { items, next }))
    })
    .await
}

#[derive(Serialize, ToSchema)]
struct Unread {
    /// Unread notifications, likes of one thing counting once.
    unread: i64,
}

#[utoipa::path(
    get,
    path = "/notifications/unread",
    tag = "notifications",
    responses(SignedIn, (status = 200, description = "How many notifications wait unread", body = Unread)),
    security(("bearer" = []))
)]
async fn unread(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<Unread>> {
    run_blocking(&state.pool, move |conn| {
        Ok(Json(Unread {
            unread: notifications::unread(conn, caller.id)?,
        }))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
struct ReadRequest {
    /// The notifications read; absent: all of them.
    ids: Option<Vec<i64>>,
}

#[utoipa::path(
    post,
    path = "/notifications/read",
    tag = "notifications",
    request_body = ReadRequest,
    responses(SignedIn, (status = 200, description = "Marked read; how many still wait", body = Unread), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn mark_read(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<ReadRequest>,
) -> AppResult<(Touched, Json<Unread>)> {
    if body.ids.as_ref().is_some_and(|ids| ids.len() > 1000) {
        return Err(AppError::BadRequest(
            "ids may name at most 1,000 notifications".to_owned(),
        ));
    }
    let unread = state
        .writer
        .write(move |conn| {
            notifications::mark_read(conn, caller.id, body.ids.as_deref(), &now())?;
            Ok(Json(Unread {
                unread: notifications::unread(conn, caller.id)?,
            }))
        })
        .await?;
    // Notifications are only ever shown to their member, fresh.
    Ok((Touched::nothing_shared(), unread))
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CommunitySettings {
    /// Whether the member's ratings show in their followers' feeds.
    ratings_in_feeds: bool,
    /// Whether albums are recommended to the member ("For you").
    recommendations: bool,
    /// Which kinds of notification the member is told of.
    notifications: Switches,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SettingsChange {
    ratings_in_feeds: Option<bool>,
    recommendations: Option<bool>,
    notifications: Option<Switches>,
}

fn settings_of(conn: &rusqlite::Connection, user: i64) -> AppResult<CommunitySettings> {
    Ok(CommunitySettings {
        ratings_in_feeds: follows::ratings_in_feeds(conn, user)?,
        recommendations: recommendations::wanted_by(conn, user)?,
        notifications: notifications::switches(conn, user)?,
    })
}

#[utoipa::path(
    get,
    path = "/settings/community",
    tag = "notifications",
    responses(SignedIn, (status = 200, description = "The caller's feed and notification settings", body = CommunitySettings)),
    security(("bearer" = []))
)]
async fn settings(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<CommunitySettings>> {
    run_blocking(&state.pool, move |conn| {
        Ok(Json(settings_of(conn, caller.id)?))
    })
    .await
}

#[utoipa::path(
    put,
    path = "/settings/community",
    tag = "notifications",
    request_body = SettingsChange,
    responses(SignedIn, (status = 200, description = "Changed; what was not sent stays", body = CommunitySettings), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change_settings(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<SettingsChange>,
) -> AppResult<Json<CommunitySettings>> {
    let turned_on = body.recommendations == Some(true);
    let changed = state
        .writer
        .write(move |conn| {
            if let Some(shown) = body.ratings_in_feeds {
                follows::set_ratings_in_feeds(conn, caller.id, shown)?;
            }
            if let Some(wanted) = body.recommendations {
                recommendations::set_wanted(conn, caller.id, wanted)?;
            }
            if let Some(switches) = &body.notifications {
                notifications::set_switches(conn, caller.id, switches)?;
            }
            Ok(Json(settings_of(conn, caller.id)?))
        })
        .await?;
    // Asked once the setting is written, so the worker sees it on.
    if turned_on {
        state.recommender.ask(caller.id);
    }
    Ok(changed)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SharedAlbum {
    album: ratings::AlbumNames,
    yours: f64,
    theirs: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Compatibility {
    /// Albums both rated.
    shared_albums: usize,
    /// Fewer shared albums give no figure.
    minimum_shared: usize,
    /// 0 (opposite tastes) to 100; 50 is no relation; null below the minimum.
    #[schema(required)]
    score: Option<u8>,
    /// What the figure means, or why there is none.
    message: String,
    /// The shared albums rated most alike, the best loved first.
    agree: Vec<SharedAlbum>,
    /// The shared albums rated furthest apart.
    disagree: Vec<SharedAlbum>,
}

const SHOWN_EACH: usize = 5;

#[utoipa::path(
    get,
    path = "/user/username/{username}/compatibility",
    tag = "follows",
    params(("username" = String, Path, description = "The other member")),
    responses(SignedIn, (status = 200, description = "How alike the caller's and the member's ratings are", body = Compatibility), (status = 400, description = "The caller themselves", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn compatibility_with(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(username): AppPath<String>,
) -> AppResult<Json<Compatibility>> {
    run_blocking(&state.pool, move |conn| {
        let member = shared::named(conn, &username)?;
        if member.id == caller.id {
            return Err(AppError::BadRequest(
                "Compatibility is with another member".to_owned(),
            ));
        }
        let shared = ratings::shared(conn, caller.id, member.id)?;
        let pairs: Vec<(f64, f64)> = shared.iter().map(|s| (s.mine, s.theirs)).collect();
        let score = compatibility::score(&pairs);
        let n = shared.len();
        let message = match score {
            Some(score) => format!(
                "{score}% from the {n} albums you both rated: 50% is no relation, 100% the same taste."
            ),
            None => format!(
                "You have rated {n} album{} in common; {MINIMUM_SHARED} are needed for a figure.",
                if n == 1 { "" } else { "s" }
            ),
        };
        let as_shared = |s: &ratings::Shared| SharedAlbum {
            album: s.album.clone(),
            yours: s.mine,
            theirs: s.theirs,
        };
        let mut by_gap: Vec<&ratings::Shared> = shared.iter().collect();
        by_gap.sort_by(|a, b| {
            a.gap()
                .total_cmp(&b.gap())
                .then((b.mine + b.theirs).total_cmp(&(a.mine + a.theirs)))
        });
        let agree = by_gap.iter().take(SHOWN_EACH).map(|s| as_shared(s)).collect();
        let mut apart: Vec<&ratings::Shared> = shared.iter().filter(|s| s.gap() > 0.0).collect();
        apart.sort_by(|a, b| {
            b.gap()
                .total_cmp(&a.gap())
                .then((b.mine + b.theirs).total_cmp(&(a.mine + a.theirs)))
        });
        let disagree = apart.iter().take(SHOWN_EACH).map(|s| as_shared(s)).collect();
        Ok(Json(Compatibility {
            shared_albums: n,
            minimum_shared: MINIMUM_SHARED,
            score,
            message,
            agree,
            disagree,
        }))
    })
    .await
}
