//! Reports: any member reports a review, comment, post, shout or profile;
//! admins see the open ones grouped by item and dismiss them, hide or delete
//! the item, warn its author or suspend them, each with a note in the audit
//! log. Warnings wait for their member to read them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::admin::{Suspending, checked_note};
use super::openapi::{AdminOnly, SignedIn};
use super::shared::checked_text;
use super::{Admin, AppJson, AppPath, AppState, CurrentUser, Editor};
use crate::db::audit::Actor;
use crate::db::hidden::Reader;
use crate::db::lists;
use crate::db::moderation::{self, Item, Treatment};
use crate::db::reports::{self, NewReport, ReportedItem};
use crate::db::warnings::{self, Warning};
use crate::db::{change_requests, is_unique_violation, run_blocking, users};
use crate::domain::timestamp::now;
use crate::domain::{ItemKind, ReportReason, Role};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::kept_answers::Touched;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(report))
        .routes(routes!(queue))
        .routes(routes!(resolve))
        .routes(routes!(set_visibility))
        .routes(routes!(counts))
        .routes(routes!(my_warnings))
        .routes(routes!(seen))
}

const MOST_REPORT_NOTE_CHARS: usize = 1000;
const MOST_WARNING_CHARS: usize = 1000;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ReportRequest {
    item_kind: ItemKind,
    item_id: i64,
    reason: ReportReason,
    #[serde(default)]
    note: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Reported {
    report_id: i64,
}

#[utoipa::path(
    post,
    path = "/reports",
    tag = "moderation",
    request_body = ReportRequest,
    responses(SignedIn, (status = 201, description = "Reported: the admins will see it in their queue", body = Reported), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No such item", body = ErrorMessage), (status = 409, description = "The caller has an open report of it already", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn report(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<ReportRequest>,
) -> AppResult<(StatusCode, Json<Reported>)> {
    let note = checked_text(&body.note, "note", MOST_REPORT_NOTE_CHARS)?;
    let report_id = state
        .writer
        .write(move |conn| {
            let kind = body.item_kind;
            let reader = Reader::of(Some(&user));
            let found = reports::context(conn, kind, body.item_id)?;
            // A private list is not there for anyone but its author.
            let list_closed =
                kind == ItemKind::List && lists::summary(conn, body.item_id, reader)?.is_none();
            let found =
                found.filter(|item| !list_closed && reader.sees(item.author_id, item.hidden));
            let Some(item) = found else {
                return Err(AppError::NotFound(format!(
                    "No {} {}",
                    kind.as_str(),
                    body.item_id
                )));
            };
            if item.author_id == user.id {
                return Err(AppError::BadRequest(format!(
                    "You cannot report your own {}.",
                    kind.as_str()
                )));
            }
            let new = NewReport {
                reporter_id: user.id,
                kind,
                item_id: body.item_id,
                reason: body.reason,
                note: &note,
            };
            match reports::create(conn, &new, &now()) {
                Ok(id) => Ok(id),
                Err(error) if is_unique_violation(&error) => Err(AppError::Conflict(
                    "You have reported this already; an admin will look at it.".to_owned(),
                )),
                Err(error) => Err(error.into()),
            }
        })
        .await?;
    Ok((StatusCode::CREATED, Json(Reported { report_id })))
}

#[derive(Serialize, ToSchema)]
struct Queue {
    /// Reported items, the longest waiting first, each with its open reports.
    items: Vec<ReportedItem>,
}

#[utoipa::path(
    get,
    path = "/admin/reports",
    tag = "moderation",
    responses(AdminOnly, (status = 200, description = "The open reports, grouped by item", body = Queue)),
    security(("bearer" = []))
)]
async fn queue(State(state): State<AppState>, Admin(_): Admin) -> AppResult<Json<Queue>> {
    let items = run_blocking(&state.pool, |conn| Ok(reports::open_queue(conn)?)).await?;
    Ok(Json(Queue { items }))
}

/// What an admin does about a reported item.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
enum Resolution {
    /// Nothing wrong: close the reports.
    Dismiss,
    /// Show the review, comment, post or shout only to its author and the
    /// admins (not a profile).
    Hide,
    /// Delete the review, comment, post or shout (not a profile).
    Delete,
    /// Send its author a warning they see until they have read it.
    Warn,
    /// Suspend its author (`days`, `reason`).
    Suspend,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResolveRequest {
    item_kind: ItemKind,
    item_id: i64,
    action: Resolution,
    /// For the audit log.
    #[serde(default)]
    note: String,
    /// Warn: what the member is told.
    #[serde(default)]
    message: String,
    /// Suspend: 1 to 3650 days, or null for good.
    days: Option<i64>,
    /// Suspend: shown to the member.
    #[serde(default)]
    reason: String,
}

#[derive(Serialize, ToSchema)]
struct Resolved {
    /// How many open reports were closed.
    closed: usize,
}

#[utoipa::path(
    post,
    path = "/admin/reports/resolve",
    tag = "moderation",
    request_body = ResolveRequest,
    responses(AdminOnly, (status = 200, description = "Acted on, and every open report of the item closed", body = Resolved), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "The item is gone (only dismissing is left)", body = ErrorMessage), (status = 409, description = "Its author is an admin", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn resolve(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppJson(body): AppJson<ResolveRequest>,
) -> AppResult<Json<Resolved>> {
    let note = checked_note(&body.note)?;
    let message = checked_text(&body.message, "message", MOST_WARNING_CHARS)?;
    let suspending = match body.action {
        Resolution::Suspend => Some(Suspending::checked(body.days, &body.reason)?),
        _ => None,
    };
    if matches!(body.action, Resolution::Warn) && message.is_empty() {
        return Err(AppError::BadRequest(
            "message is required: the member is shown it".to_owned(),
        ));
    }
    let (closed, author_id) = state
        .writer
        .write(move |conn| {
            let item = Item::find(conn, body.item_kind, body.item_id)?;
            let actor = Actor::member(&admin);
            let treatment = match body.action {
                Resolution::Dismiss => Treatment::Dismiss,
                Resolution::Hide => Treatment::Hide,
                Resolution::Delete => Treatment::Delete,
                Resolution::Warn => Treatment::Warn(&message),
                Resolution::Suspend => {
                    let author = item.present()?;
                    let member = users::by_id(conn, author.author_id)?
                        .ok_or_else(|| AppError::NotFound(format!("{} is gone", item.target)))?;
                    let details = suspending.as_ref().expect("checked").apply(conn, &member)?;
                    let closed = moderation::close(
                        conn,
                        actor,
                        &item,
                        "suspended",
                        &details,
                        &note,
                        &now(),
                    )?;
                    return Ok((closed, Some(member.id)));
                }
            };
            let closed = moderation::resolve(conn, actor, &item, treatment, &note, &now())?;
            Ok((closed, item.found.map(|found| found.author_id)))
        })
        .await?;
    if let Some(author_id) = author_id {
        // A suspension holds for their very next read of their own account.
        state.kept_sessions.forget_member(author_id);
    }
    Ok(Json(Resolved { closed }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VisibilityRequest {
    item_kind: ItemKind,
    item_id: i64,
    /// True hides the item, false shows it to everyone again.
    hidden: bool,
    /// For the audit log.
    #[serde(default)]
    note: String,
}

#[derive(Serialize, ToSchema)]
struct Visibility {
    hidden: bool,
}

/// Hides an item, or shows it again, outside the report queue; its open
/// reports stay open.
#[utoipa::path(
    post,
    path = "/admin/visibility",
    tag = "moderation",
    request_body = VisibilityRequest,
    responses(AdminOnly, (status = 200, description = "Hidden or shown as asked (asking again changes nothing)", body = Visibility), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such item", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn set_visibility(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppJson(body): AppJson<VisibilityRequest>,
) -> AppResult<Json<Visibility>> {
    let note = checked_note(&body.note)?;
    let author_id = state
        .writer
        .write(move |conn| {
            let item = Item::find(conn, body.item_kind, body.item_id)?;
            moderation::set_hidden(
                conn,
                Actor::member(&admin),
                &item,
                body.hidden,
                &note,
                &now(),
            )?;
            Ok(item.found.map(|found| found.author_id))
        })
        .await?;
    if let Some(author_id) = author_id {
        // Whether the author has anything hidden is kept with their session.
        state.kept_sessions.forget_member(author_id);
    }
    Ok(Json(Visibility {
        hidden: body.hidden,
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct StaffCounts {
    /// Reported items waiting in the queue; null for an editor, who does not moderate.
    #[schema(required)]
    open_reports: Option<i64>,
    /// Change requests waiting for an editor.
    open_change_requests: i64,
}

#[utoipa::path(
    get,
    path = "/admin/counts",
    tag = "moderation",
    responses(SignedIn, (status = 200, description = "What waits for the staff: reports (admins) and change requests", body = StaffCounts), (status = 403, description = "Neither an editor nor an admin", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn counts(
    State(state): State<AppState>,
    Editor(staff): Editor,
) -> AppResult<Json<StaffCounts>> {
    let admin = staff.role == Role::Admin;
    let counts = run_blocking(&state.pool, move |conn| {
        Ok(StaffCounts {
            open_reports: admin.then(|| reports::open_items(conn)).transpose()?,
            open_change_requests: change_requests::open_count(conn)?,
        })
    })
    .await?;
    Ok(Json(counts))
}

#[derive(Serialize, ToSchema)]
struct WarningList {
    warnings: Vec<Warning>,
}

#[utoipa::path(
    get,
    path = "/auth/warnings",
    tag = "moderation",
    responses(SignedIn, (status = 200, description = "The caller's warnings not yet read, oldest first", body = WarningList)),
    security(("bearer" = []))
)]
async fn my_warnings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<WarningList>> {
    let warnings = run_blocking(&state.pool, move |conn| {
        Ok(warnings::unseen(conn, user.id)?)
    })
    .await?;
    Ok(Json(WarningList { warnings }))
}

#[utoipa::path(
    post,
    path = "/auth/warnings/{warning_id}/seen",
    tag = "moderation",
    params(("warning_id" = i64, Path, description = "The warning's id")),
    responses(SignedIn, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 204, description = "Read: it is not shown again"), (status = 404, description = "No such warning of the caller's", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn seen(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(warning_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            if warnings::mark_seen(conn, user.id, warning_id, &now())? {
                // A warning is only ever shown to its member.
                Ok((Touched::nothing_shared(), StatusCode::NO_CONTENT))
            } else {
                Err(AppError::NotFound("No such warning to read".to_owned()))
            }
        })
        .await
}
