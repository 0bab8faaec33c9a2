//! The admin page's calls: members (search, role, suspension, sign-out),
//! who may join, the audit log and the site's figures. Every change is
//! recorded in the audit log with the admin's note, in the same transaction.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::AdminOnly;
use super::shared::{checked_text, named};
use super::{Admin, AppJson, AppPath, AppQuery, AppState};
use crate::db::audit::{self, Action, Actor, Entry};
use crate::db::members::{self, MemberOverview};
use crate::db::site_settings::{self, Signup};
use crate::db::stats::{self, SiteFigures};
use crate::db::users::{self, FOR_GOOD, User};
use crate::db::{run_blocking, sessions};
use crate::domain::timestamp::{after_now, now};
use crate::domain::words::count_of;
use crate::domain::{Role, SignupMode};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::PageQuery;
use crate::server::state::TaskState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(public_signup))
        .routes(routes!(signup, set_signup))
        .routes(routes!(list_members))
        .routes(routes!(set_role))
        .routes(routes!(suspend, unsuspend))
        .routes(routes!(sign_out))
        .routes(routes!(audit_log))
        .routes(routes!(figures))
}

/// Notes are for other admins: bounded, one paragraph or a few.
const MOST_NOTE_CHARS: usize = 1000;
/// A suspension's reason is shown to the member.
const MOST_REASON_CHARS: usize = 500;
const MEMBERS_PER_PAGE: u32 = 25;
const ENTRIES_PER_PAGE: u32 = 50;
/// Ten years: longer is "for good".
const MOST_SUSPENSION_DAYS: i64 = 3650;

#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignupSettings {
    mode: SignupMode,
    members_may_invite: bool,
}

impl From<Signup> for SignupSettings {
    fn from(signup: Signup) -> Self {
        Self {
            mode: signup.mode,
            members_may_invite: signup.members_may_invite,
        }
    }
}

pub(super) fn checked_note(note: &str) -> AppResult<String> {
    checked_text(note, "note", MOST_NOTE_CHARS)
}

#[utoipa::path(
    get,
    path = "/site/signup",
    tag = "admin",
    responses((status = 200, description = "Who may join: the sign-up page says so", body = SignupSettings)),
)]
async fn public_signup(State(state): State<AppState>) -> AppResult<Json<SignupSettings>> {
    let signup = run_blocking(&state.pool, |conn| Ok(site_settings::signup(conn)?)).await?;
    Ok(Json(signup.into()))
}

#[utoipa::path(
    get,
    path = "/admin/signup",
    tag = "admin",
    responses(AdminOnly, (status = 200, description = "Who may join", body = SignupSettings)),
    security(("bearer" = []))
)]
async fn signup(State(state): State<AppState>, Admin(_): Admin) -> AppResult<Json<SignupSettings>> {
    public_signup(State(state)).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignupChange {
    mode: SignupMode,
    #[serde(default)]
    members_may_invite: bool,
    #[serde(default)]
    note: String,
}

#[utoipa::path(
    put,
    path = "/admin/signup",
    tag = "admin",
    request_body = SignupChange,
    responses(AdminOnly, (status = 200, description = "Who may join, as changed", body = SignupSettings), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn set_signup(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppJson(change): AppJson<SignupChange>,
) -> AppResult<Json<SignupSettings>> {
    let note = checked_note(&change.note)?;
    let signup = Signup {
        mode: change.mode,
        members_may_invite: change.members_may_invite,
    };
    state
        .writer
        .write(move |conn| {
            site_settings::set_signup(conn, signup)?;
            let details = signup.describe();
            let action = Action {
                action: "signup-mode",
                target: "the site",
                details: &details,
                note: &note,
            };
            audit::record(conn, Actor::member(&admin), &action, &now())?;
            Ok(())
        })
        .await?;
    Ok(Json(signup.into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MemberQuery {
    /// Part of a username or email, any case.
    #[serde(default)]
    q: String,
    /// Which page, from 1.
    page: Option<u32>,
}

#[derive(Serialize, ToSchema)]
struct MemberPage {
    members: Vec<MemberOverview>,
    page: u32,
    pages: u32,
    total: i64,
}

fn pages(total: i64, per_page: u32) -> u32 {
    (total.max(0) as u64).div_ceil(u64::from(per_page)).max(1) as u32
}

#[utoipa::path(
    get,
    path = "/admin/members",
    tag = "admin",
    params(MemberQuery),
    responses(AdminOnly, (status = 200, description = "Members, newest first, 25 a page", body = MemberPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn list_members(
    State(state): State<AppState>,
    Admin(_): Admin,
    AppQuery(query): AppQuery<MemberQuery>,
) -> AppResult<Json<MemberPage>> {
    let page_number = query.page.unwrap_or(1);
    let page = PageQuery {
        limit: None,
        page: query.page,
    }
    .page(MEMBERS_PER_PAGE, MEMBERS_PER_PAGE)?;
    let search = query.q.trim().to_owned();
    let (members, total) = run_blocking(&state.pool, move |conn| {
        Ok(members::search(conn, &search, page, &now())?)
    })
    .await?;
    Ok(Json(MemberPage {
        members,
        page: page_number,
        pages: pages(total, MEMBERS_PER_PAGE),
        total,
    }))
}

#[derive(Deserialize, ToSchema)]
struct RoleChange {
    role: Role,
    #[serde(default)]
    note: String,
}

/// Runs an admin's change to one member in one write, records it, and
/// answers the member as they are after it.
async fn change_member(
    state: &AppState,
    admin: User,
    username: String,
    change: impl FnOnce(&rusqlite::Connection, &User) -> AppResult<(&'static str, String)>
    + Send
    + 'static,
    note: String,
) -> AppResult<Json<MemberOverview>> {
    let (member, user_id) = state
        .writer
        .write(move |conn| {
            let member = named(conn, &username)?;
            let (action, details) = change(conn, &member)?;
            let entry = Action {
                action,
                target: &member.username,
                details: &details,
                note: &note,
            };
            audit::record(conn, Actor::member(&admin), &entry, &now())?;
            Ok((members::by_id(conn, member.id, &now())?, member.id))
        })
        .await?;
    // Their next read must not be answered from a session kept from before.
    state.kept_sessions.forget_member(user_id);
    Ok(Json(member))
}

#[utoipa::path(
    put,
    path = "/admin/members/{username}/role",
    tag = "admin",
    params(("username" = String, Path, description = "The member's username")),
    request_body = RoleChange,
    responses(AdminOnly, (status = 200, description = "The member with the new role", body = MemberOverview), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage), (status = 409, description = "It would leave the site without an admin", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn set_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(username): AppPath<String>,
    AppJson(body): AppJson<RoleChange>,
) -> AppResult<Json<MemberOverview>> {
    let note = checked_note(&body.note)?;
    let role = body.role;
    let change = move |conn: &rusqlite::Connection, member: &User| {
        if member.role == Role::Admin && role != Role::Admin && members::admin_count(conn)? <= 1 {
            return Err(AppError::Conflict(
                "There must be at least one admin.".to_owned(),
            ));
        }
        if role == Role::Admin {
            // An admin cannot be suspended, so a promotion ends a suspension.
            members::lift_suspension(conn, member.id)?;
        }
        users::set_role(conn, member.id, role)?;
        Ok(("role", format!("{} to {}", member.role, role)))
    };
    change_member(&state, admin, username, change, note).await
}

#[derive(Deserialize, ToSchema)]
struct SuspensionChange {
    /// 1 to 3650 days; null or absent for good.
    days: Option<i64>,
    /// Shown to the member.
    #[serde(default)]
    reason: String,
    #[serde(default)]
    note: String,
}

#[utoipa::path(
    post,
    path = "/admin/members/{username}/suspension",
    tag = "admin",
    params(("username" = String, Path, description = "The member's username")),
    request_body = SuspensionChange,
    responses(AdminOnly, (status = 200, description = "The member, suspended: they can sign in and read, not write", body = MemberOverview), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage), (status = 409, description = "The member is an admin", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn suspend(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(username): AppPath<String>,
    AppJson(body): AppJson<SuspensionChange>,
) -> AppResult<Json<MemberOverview>> {
    let note = checked_note(&body.note)?;
    let suspension = Suspending::checked(body.days, &body.reason)?;
    let change = move |conn: &rusqlite::Connection, member: &User| {
        Ok(("suspend", suspension.apply(conn, member)?))
    };
    change_member(&state, admin, username, change, note).await
}

/// A suspension as an admin asked for it, checked.
pub(super) struct Suspending {
    until: String,
    reason: String,
    span: String,
}

impl Suspending {
    pub(super) fn checked(days: Option<i64>, reason: &str) -> AppResult<Self> {
        let reason = checked_text(reason, "reason", MOST_REASON_CHARS)?;
        if reason.is_empty() {
            return Err(AppError::BadRequest(
                "reason is required: the member is shown it".to_owned(),
            ));
        }
        let (until, span) = match days {
            None => (FOR_GOOD.to_owned(), "for good".to_owned()),
            Some(days @ 1..=MOST_SUSPENSION_DAYS) => (
                after_now(Duration::days(days)),
                format!("for {}", count_of(days.unsigned_abs(), "day")),
            ),
            Some(_) => {
                return Err(AppError::BadRequest(format!(
                    "days must be 1 to {MOST_SUSPENSION_DAYS}, or null for good"
                )));
            }
        };
        Ok(Self {
            until,
            reason,
            span,
        })
    }

    /// Suspends the member (never an admin); answers the audit log's details.
    pub(super) fn apply(&self, conn: &rusqlite::Connection, member: &User) -> AppResult<String> {
        if member.role == Role::Admin {
            return Err(AppError::Conflict(
                "An admin cannot be suspended: take the role away first.".to_owned(),
            ));
        }
        members::suspend(conn, member.id, &self.until, &self.reason)?;
        Ok(format!("{}: {}", self.span, self.reason))
    }
}

#[derive(Deserialize, ToSchema, Default)]
struct NoteOnly {
    #[serde(default)]
    note: String,
}

#[utoipa::path(
    delete,
    path = "/admin/members/{username}/suspension",
    tag = "admin",
    params(("username" = String, Path, description = "The member's username")),
    request_body(content = NoteOnly, description = "Optional: why it is lifted"),
    responses(AdminOnly, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 200, description = "The member, no longer suspended", body = MemberOverview), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unsuspend(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(username): AppPath<String>,
    body: Bytes,
) -> AppResult<Json<MemberOverview>> {
    // A DELETE may come without a body; one that is sent must be right.
    let body: NoteOnly = if body.iter().all(u8::is_ascii_whitespace) {
        NoteOnly::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|error| AppError::BadRequest(format!("the body is not a note: {error}")))?
    };
    let note = checked_note(&body.note)?;
    let change = |conn: &rusqlite::Connection, member: &User| {
        members::lift_suspension(conn, member.id)?;
        Ok(("unsuspend", String::new()))
    };
    change_member(&state, admin, username, change, note).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Ended {
    /// How many sessions were ended.
    ended: usize,
    /// How many long-lived keys (player token, calendar link) were revoked.
    keys_revoked: usize,
}

#[utoipa::path(
    post,
    path = "/admin/members/{username}/sign-out",
    tag = "admin",
    params(("username" = String, Path, description = "The member's username")),
    request_body = NoteOnly,
    responses(AdminOnly, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 200, description = "Every session of the member ended, and every long-lived key revoked", body = Ended), (status = 404, description = "No such member", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn sign_out(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(username): AppPath<String>,
    AppJson(body): AppJson<NoteOnly>,
) -> AppResult<Json<Ended>> {
    let note = checked_note(&body.note)?;
    let (ended, user_id) = state
        .writer
        .write(move |conn| {
            let member = named(conn, &username)?;
            let ended = sessions::end_all(conn, member.id)?;
            let details = format!(
                "{} sessions ended, {} keys revoked",
                ended.sessions, ended.keys
            );
            let entry = Action {
                action: "sign-out",
                target: &member.username,
                details: &details,
                note: &note,
            };
            audit::record(conn, Actor::member(&admin), &entry, &now())?;
            Ok((ended, member.id))
        })
        .await?;
    state.kept_sessions.forget_member(user_id);
    Ok(Json(Ended {
        ended: ended.sessions,
        keys_revoked: ended.keys,
    }))
}

#[derive(Serialize, ToSchema)]
struct AuditPage {
    entries: Vec<Entry>,
    page: u32,
    pages: u32,
    total: i64,
}

#[utoipa::path(
    get,
    path = "/admin/audit",
    tag = "admin",
    params(PageQuery),
    responses(AdminOnly, (status = 200, description = "Moderation and admin actions, newest first", body = AuditPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn audit_log(
    State(state): State<AppState>,
    Admin(_): Admin,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<AuditPage>> {
    let page_number = query.page.unwrap_or(1);
    let page = PageQuery {
        limit: None,
        page: query.page,
    }
    .page(ENTRIES_PER_PAGE, ENTRIES_PER_PAGE)?;
    let (entries, total) =
        run_blocking(&state.pool, move |conn| Ok(audit::page(conn, page)?)).await?;
    Ok(Json(AuditPage {
        entries,
        page: page_number,
        pages: pages(total, ENTRIES_PER_PAGE),
        total,
    }))
}

/// The site's size, and the address its links begin with.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AdminFigures {
    #[serde(flatten)]
    figures: SiteFigures,
    /// What every absolute link (feeds, calendars, mail) begins with.
    public_url: String,
    /// False when `--public-url` is unset and links begin with the listening address.
    public_url_configured: bool,
    /// The background tasks: which run, and when each last finished a round.
    tasks: Vec<TaskState>,
}

#[utoipa::path(
    get,
    path = "/admin/figures",
    tag = "admin",
    responses(AdminOnly, (status = 200, description = "The site's size, its public address and its background tasks", body = AdminFigures)),
    security(("bearer" = []))
)]
async fn figures(State(state): State<AppState>, Admin(_): Admin) -> AppResult<Json<AdminFigures>> {
    let figures = run_blocking(&state.pool, |conn| Ok(stats::site_figures(conn)?)).await?;
    Ok(Json(AdminFigures {
        figures,
        public_url: state.public_url.to_string(),
        public_url_configured: state.public_url.is_configured(),
        tasks: state.tasks.states(),
    }))
}
