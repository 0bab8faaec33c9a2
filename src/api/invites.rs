//! Invite links: admins make them whenever, members too when the site is
//! invite-only and lets them; each has a number of uses and an expiry, and
//! its maker or an admin can revoke it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::{AppJson, AppPath, AppState, CurrentUser};
use crate::auth::new_invite_code;
use crate::db::audit::{self, Action, Actor};
use crate::db::invites::{self, Invite, NewInvite};
use crate::db::users::User;
use crate::db::{run_blocking, site_settings};
use crate::domain::timestamp::{after_now, now};
use crate::domain::{Email, Role, SignupMode};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::mail::{self, letters};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(revoke))
}

const MOST_USES: i64 = 100;
const MOST_DAYS: i64 = 90;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InviteRequest {
    /// 1 to 100 sign-ups.
    max_uses: i64,
    /// 1 to 90 days.
    expires_in_days: i64,
    /// Mails the link there too (admins, when the site sends mail).
    #[serde(default)]
    email: String,
}

#[derive(Serialize, ToSchema)]
struct InviteList {
    invites: Vec<Invite>,
}

#[utoipa::path(
    post,
    path = "/invites",
    tag = "invites",
    request_body = InviteRequest,
    responses(SignedIn, (status = 201, description = "A new invite link (mailed when an email was given)", body = Invite), (status = 400, description = "Bad input; the message names the field (an email when the site sends no mail, or one mail cannot reach)", body = ErrorMessage), (status = 403, description = "Members may not invite on this site (nor mail invites at all), or the caller is suspended", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<InviteRequest>,
) -> AppResult<(StatusCode, Json<Invite>)> {
    if !(1..=MOST_USES).contains(&body.max_uses) {
        return Err(AppError::BadRequest(format!(
            "maxUses must be 1 to {MOST_USES}"
        )));
    }
    if !(1..=MOST_DAYS).contains(&body.expires_in_days) {
        return Err(AppError::BadRequest(format!(
            "expiresInDays must be 1 to {MOST_DAYS}"
        )));
    }
    let mail_to = invite_mail_to(&state, &user, &body.email)?;
    let site = state.public_url.clone();
    let expires_at = after_now(Duration::days(body.expires_in_days));
    let invite = state
        .writer
        .write(move |conn| {
            if user.role != Role::Admin {
                let signup = site_settings::signup(conn)?;
                if signup.mode != SignupMode::Invite || !signup.members_may_invite {
                    return Err(AppError::Forbidden(
                        "Only admins can make invites on this site.".to_owned(),
                    ));
                }
            }
            let code = new_invite_code();
            let id = invites::create(
                conn,
                &NewInvite {
                    code: &code,
                    created_by: Some(user.id),
                    expires_at: &expires_at,
                    max_uses: body.max_uses,
                },
                &now(),
            )?;
            if let Some(to) = &mail_to {
                let letter = letters::invite(&site, &user.username, &code, &expires_at[..10]);
                if mail::post(conn, to.as_str(), &letter, &now())?.is_none() {
                    return Err(AppError::BadRequest(format!(
                        "Mail cannot reach {}: the mail server refused it before",
                        to.as_str()
                    )));
                }
            }
            let mailed = mail_to
                .as_ref()
                .map(|to| format!(", mailed to {}", to.as_str()))
                .unwrap_or_default();
            let details = format!(
                "{} uses, until {}{mailed}",
                body.max_uses,
                &expires_at[..10]
            );
            let entry = Action {
                action: "invite-create",
                target: &format!("invite {id}"),
                details: &details,
                note: "",
            };
            audit::record(conn, Actor::member(&user), &entry, &now())?;
            let (invite, _) = invites::by_id(conn, id)?
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("new invite vanished")))?;
            Ok(invite)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(invite)))
}

/// Where an invite is mailed, if anywhere: only admins mail invites, and
/// only when the site sends mail.
fn invite_mail_to(state: &AppState, user: &User, email: &str) -> AppResult<Option<Email>> {
    if email.trim().is_empty() {
        return Ok(None);
    }
    if user.role != Role::Admin {
        return Err(AppError::Forbidden(
            "Only admins can mail invites; copy the link and send it yourself.".to_owned(),
        ));
    }
    if !state.sends_mail {
        return Err(AppError::BadRequest(
            "This site sends no mail: copy the link and send it yourself.".to_owned(),
        ));
    }
    Email::parse(email).map(Some).map_err(AppError::BadRequest)
}

#[utoipa::path(
    get,
    path = "/invites",
    tag = "invites",
    responses(SignedIn, (status = 200, description = "The caller's invites; an admin's are everyone's. Newest first.", body = InviteList)),
    security(("bearer" = []))
)]
async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<InviteList>> {
    let whose = (user.role != Role::Admin).then_some(user.id);
    let invites = run_blocking(&state.pool, move |conn| Ok(invites::list(conn, whose)?)).await?;
    Ok(Json(InviteList { invites }))
}

#[utoipa::path(
    delete,
    path = "/invites/{invite_id}",
    tag = "invites",
    params(("invite_id" = i64, Path, description = "The invite's id")),
    responses(SignedIn, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 204, description = "Revoked: it lets nobody in any more"), (status = 403, description = "Not the invite's maker nor an admin", body = ErrorMessage), (status = 404, description = "No such invite", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn revoke(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(invite_id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let Some((_, maker)) = invites::by_id(conn, invite_id)? else {
                return Err(AppError::NotFound("No invite".to_owned()));
            };
            if maker != Some(user.id) && user.role != Role::Admin {
                return Err(AppError::Forbidden(
                    "Only its maker or an admin can revoke an invite.".to_owned(),
                ));
            }
            invites::revoke(conn, invite_id)?;
            let entry = Action {
                action: "invite-revoke",
                target: &format!("invite {invite_id}"),
                details: "",
                note: "",
            };
            audit::record(conn, Actor::member(&user), &entry, &now())?;
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
