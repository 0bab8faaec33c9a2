//! A member managing their own account: their sessions, password, email,
//! username, and deleting the account. Changes that would let someone who
//! borrowed a signed-in browser take the account over (password, email,
//! deletion) ask for the password, checked under the log-in limits.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::auth::{Account, Me, checked_password, taken_error, typed_email};
use super::openapi::SignedIn;
use super::shared::no_user;
use super::{AppJson, AppPath, AppState, ClientAddress, CurrentUser};
use crate::db::member_tokens::{self, TokenKind};
use crate::db::users::{self, User};
use crate::db::{address_checks, is_unique_violation, password_resets, run_blocking, sessions};
use crate::domain::timestamp::{before_now, now};
use crate::domain::{Email, Password, Username, device};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::extract::session_hash;
use crate::http::passwords::{self, Caller};
use crate::http::security_log;
use crate::http::write_limits::{how_long, whole_seconds};
use crate::mail::{self, letters};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(end_every_session, list_sessions))
        .routes(routes!(end_session))
        .routes(routes!(change_password))
        .routes(routes!(change_email))
        .routes(routes!(change_username))
        .routes(routes!(delete_account))
}

/// What kind of session: a browser's sign-in, or a long-lived key the
/// member made for another program.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
enum SessionKind {
    Browser,
    PlayerToken,
    CalendarLink,
}

impl From<TokenKind> for SessionKind {
    fn from(kind: TokenKind) -> Self {
        match kind {
            TokenKind::Player => Self::PlayerToken,
            TokenKind::Calendar => Self::CalendarLink,
        }
    }
}

/// One of the caller's live sessions or long-lived keys.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SessionView {
    /// Names the session for `DELETE /api/auth/sessions/{sessionId}`.
    session_id: String,
    kind: SessionKind,
    /// The browser and system, as "Firefox on Linux", or the program that
    /// last used a key.
    device: String,
    /// The client address at sign-in (a key: when made) or at its latest use.
    address: String,
    created_at: String,
    /// None for a key never used yet.
    #[schema(required)]
    last_used_at: Option<String>,
    /// Whether this is the session the request came with.
    current: bool,
}

/// A write's error: 409 when another member has the name (or the email).
fn or_taken(error: rusqlite::Error, username: bool) -> AppError {
    if is_unique_violation(&error) {
        taken_error(username)
    } else {
        error.into()
    }
}

fn wrong_password() -> AppError {
    AppError::Forbidden("That is not your password".to_owned())
}

/// Checks the caller's own password under the log-in limits: 403 when wrong.
async fn confirm_password(
    state: &AppState,
    user: &User,
    address: ClientAddress,
    password: &str,
) -> AppResult<()> {
    if password.is_empty() {
        return Err(AppError::BadRequest("password is required".to_owned()));
    }
    let id = user.id;
    let hash = run_blocking(&state.pool, move |conn| Ok(users::password_hash(conn, id)?)).await?;
    let account = hash.map(|password_hash| Account { id, password_hash });
    // Counted with log-ins naming the member's email: the same guesses.
    let name = typed_email(&user.email);
    let verified = checked_password(state, &name, account, address, password).await?;
    if verified {
        Ok(())
    } else {
        security_log::login_failed(address, &user.username);
        Err(wrong_password())
    }
}

#[utoipa::path(
    get,
    path = "/auth/sessions",
    tag = "account",
    responses(SignedIn, (status = 200, description = "The caller's live sessions, the most recently used first, then their long-lived keys (player token, calendar link)", body = [SessionView])),
    security(("bearer" = []))
)]
async fn list_sessions(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    headers: HeaderMap,
) -> AppResult<Json<Vec<SessionView>>> {
    let current = session_hash(&headers);
    let opened_after = before_now(state.session_max_age);
    let (rows, keys) = run_blocking(&state.pool, move |conn| {
        Ok((
            sessions::list_for_user(conn, caller.id, &now(), &opened_after)?,
            member_tokens::list_for_user(conn, caller.id)?,
        ))
    })
    .await?;
    let sessions = rows.into_iter().map(|row| SessionView {
        current: row.token_hash == current,
        session_id: row.id,
        kind: SessionKind::Browser,
        device: device::name(&row.user_agent),
        address: row.address,
        created_at: row.created_at,
        last_used_at: Some(row.last_used_at),
    });
    let keys = keys.into_iter().map(|key| SessionView {
        current: false,
        session_id: key.id,
        kind: key.kind.into(),
        device: device::name(&key.user_agent),
        address: key.address,
        created_at: key.created_at,
        last_used_at: key.last_used_at,
    });
    Ok(Json(sessions.chain(keys).collect()))
}

#[utoipa::path(
    delete,
    path = "/auth/sessions/{session_id}",
    tag = "account",
    params(("session_id" = String, Path, description = "A session id from GET /api/auth/sessions: a session or a long-lived key")),
    responses(SignedIn, (status = 204, description = "Signed out there, or the key revoked"), (status = 404, description = "No such session of yours", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn end_session(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(session_id): AppPath<String>,
) -> AppResult<StatusCode> {
    let ended = state
        .writer
        .write(move |conn| {
            Ok(sessions::delete_by_id(conn, caller.id, &session_id)?
                || member_tokens::revoke_by_id(conn, caller.id, &session_id)?)
        })
        .await?;
    state.kept_sessions.forget_member(caller.id);
    if ended {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound("No such session".to_owned()))
    }
}

#[utoipa::path(
    delete,
    path = "/auth/sessions",
    tag = "account",
    responses(SignedIn, (status = 204, description = "Signed out everywhere, here too; every long-lived key (player token, calendar link) revoked")),
    security(("bearer" = []))
)]
async fn end_every_session(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<StatusCode> {
    let ended = state
        .writer
        .write(move |conn| Ok(sessions::end_all(conn, caller.id)?))
        .await?;
    state.kept_sessions.forget_member(caller.id);
    tracing::info!(
        user = %caller.username,
        sessions = ended.sessions,
        keys = ended.keys,
        "signed out everywhere"
    );
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PasswordChange {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
}

#[utoipa::path(
    put,
    path = "/auth/password",
    tag = "account",
    request_body = PasswordChange,
    responses(SignedIn, (status = 204, description = "Changed; every other session is signed out and every long-lived key (player token, calendar link) revoked"), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The current password is wrong", body = ErrorMessage), (status = 429, description = "Too many failed log-ins; see Retry-After", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change_password(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    address: ClientAddress,
    headers: HeaderMap,
    AppJson(body): AppJson<PasswordChange>,
) -> AppResult<StatusCode> {
    let new_password =
        Password::parse(&body.new_password, "newPassword").map_err(AppError::BadRequest)?;
    if body.current_password.is_empty() {
        return Err(AppError::BadRequest(
            "currentPassword is required".to_owned(),
        ));
    }
    confirm_password(&state, &caller, address, &body.current_password).await?;
    let hash = passwords::admit(
        &state.passwords,
        address.limit_key(),
        Caller::KnownAddress(caller.id),
    )?
    .hash(&new_password)
    .await?;
    let current = session_hash(&headers);
    let id = caller.id;
    // Told by mail too, when the site sends mail: if it was not them, the
    // mail links to a reset.
    let told = state.sends_mail.then(|| {
        let letter = letters::password_changed(&state.public_url, &caller.username);
        (caller.email.clone(), letter)
    });
    let ended = state
        .writer
        .write(move |conn| {
            users::set_password_hash(conn, id, &hash)?;
            password_resets::end(conn, id)?;
            address_checks::end_email_change(conn, id)?;
            if let Some((to, letter)) = &told {
                mail::post(conn, to, letter, &now())?;
            }
            Ok(sessions::end_all_but(conn, id, &current)?)
        })
        .await?;
    state.kept_sessions.forget_member(id);
    tracing::info!(
        user = %caller.username,
        other_sessions_ended = ended.sessions,
        keys_revoked = ended.keys,
        "password changed"
    );
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
struct EmailChange {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[utoipa::path(
    put,
    path = "/auth/email",
    tag = "account",
    request_body = EmailChange,
    responses(SignedIn, (status = 200, description = "Changed (the site sends no mail)", body = Me), (status = 202, description = "The site sends mail: the change waits for the link mailed to the new address, and the old one is told", body = super::address_checks::LinkMailed), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The password is wrong", body = ErrorMessage), (status = 409, description = "Another member has that email", body = ErrorMessage), (status = 429, description = "Too many email changes or failed log-ins; see Retry-After", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change_email(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    address: ClientAddress,
    AppJson(body): AppJson<EmailChange>,
) -> AppResult<Response> {
    let email = Email::parse(&body.email).map_err(AppError::BadRequest)?;
    confirm_password(&state, &caller, address, &body.password).await?;
    // Besides the route's allowance: email changes, per member and per address named. Charged
    // before the address is looked at (409 when taken), so that members
    // cannot ask who has an address faster than the allowance; after the
    // password, so that someone without it cannot use the allowance up.
    state
        .limits
        .email_change(caller.id, email.as_str())
        .map_err(|wait| AppError::TooManyRequests {
            message: format!("Too many email changes; try again in {}", how_long(wait)),
            retry_after_secs: whole_seconds(wait),
        })?;
    // With mail, the new address confirms the change by its link, and the
    // old one is told; the email changes only then.
    if state.sends_mail {
        return super::address_checks::email_change_by_mail(&state, &caller, email).await;
    }
    let id = caller.id;
    let user = state
        .writer
        .write(move |conn| {
            users::set_email(conn, id, email.as_str()).map_err(|e| or_taken(e, false))?;
            users::by_id(conn, id)?.ok_or_else(no_user)
        })
        .await?;
    state.kept_sessions.forget_member(id);
    tracing::info!(user = %user.username, "email changed");
    Ok(Json(Me::from(user)).into_response())
}

#[derive(Deserialize, ToSchema)]
struct UsernameChange {
    #[serde(default)]
    username: String,
}

#[utoipa::path(
    put,
    path = "/auth/username",
    tag = "account",
    request_body = UsernameChange,
    responses(SignedIn, (status = 200, description = "Changed; links to the old name lead to the new one", body = Me), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 409, description = "Another member has that username", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change_username(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<UsernameChange>,
) -> AppResult<Json<Me>> {
    let username = Username::parse(&body.username).map_err(AppError::BadRequest)?;
    let old = caller.username.clone();
    let user = state
        .writer
        .write(move |conn| {
            users::set_username(conn, caller.id, &old, username.as_str(), &now())
                .map_err(|e| or_taken(e, true))?;
            let user = users::by_id(conn, caller.id)?.ok_or_else(no_user)?;
            Ok(user)
        })
        .await?;
    state.kept_sessions.forget_member(caller.id);
    tracing::info!(from = %caller.username, to = %user.username, "username changed");
    Ok(Json(user.into()))
}

#[derive(Deserialize, ToSchema)]
struct AccountDeletion {
    #[serde(default)]
    password: String,
}

#[utoipa::path(
    post,
    path = "/auth/delete-account",
    tag = "account",
    request_body = AccountDeletion,
    responses(SignedIn, (status = 204, description = "Deleted with everything the member wrote; every session ends"), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The password is wrong", body = ErrorMessage), (status = 429, description = "Too many failed log-ins; see Retry-After", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    address: ClientAddress,
    AppJson(body): AppJson<AccountDeletion>,
) -> AppResult<StatusCode> {
    confirm_password(&state, &caller, address, &body.password).await?;
    let id = caller.id;
    state
        .writer
        .write(move |conn| {
            users::delete(conn, id)?;
            Ok(())
        })
        .await?;
    state.kept_sessions.forget_member(id);
    tracing::info!(user = %caller.username, "account deleted by its member");
    Ok(StatusCode::NO_CONTENT)
}
