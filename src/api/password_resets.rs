//! A forgotten password, recovered by mail (OWASP's Forgot Password rules):
//! asking answers the same, in the same time, whether or not an account
//! has the address; the mailed link holds a random single-use token, kept
//! only hashed and live for 30 minutes, a new one ending the old; the link
//! opens a form, and only the form's POST uses the token, so a mail
//! scanner opening the link changes nothing. A reset signs the member out
//! everywhere, ends every long-lived key, and tells them by mail.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppJson, AppState, ClientAddress};
use crate::auth::{new_token, token_hash};
use crate::db::{address_checks, password_resets, run_blocking, sessions, users};
use crate::domain::timestamp::{after_now, now};
use crate::domain::{Email, Password};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::passwords::{self, Caller};
use crate::http::write_limits::how_long;
use crate::mail::{self, letters};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
}

#[derive(Deserialize, ToSchema)]
struct ForgotPassword {
    #[serde(default)]
    email: String,
}

/// The one answer to a forgotten password, account or not.
#[derive(Serialize, ToSchema)]
struct ResetAsked {
    message: String,
}

fn no_mail() -> AppError {
    AppError::NotFound(
        "This site sends no mail, so a password cannot be reset by mail: ask the site's admin"
            .to_owned(),
    )
}

#[utoipa::path(
    post,
    path = "/auth/forgot-password",
    tag = "auth",
    request_body = ForgotPassword,
    responses((status = 202, description = "Taken: a link is mailed if an account has the address (the same answer either way)", body = ResetAsked), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "The site sends no mail", body = ErrorMessage), (status = 429, description = "Too many asked from this address or for this email; see Retry-After", body = ErrorMessage)),
)]
async fn forgot_password(
    State(state): State<AppState>,
    address: ClientAddress,
    AppJson(body): AppJson<ForgotPassword>,
) -> AppResult<(StatusCode, Json<ResetAsked>)> {
    if !state.sends_mail {
        return Err(no_mail());
    }
    let email = Email::parse(&body.email).map_err(AppError::BadRequest)?;
    // Charged before anything is looked up, account or not, so the limit
    // says nothing of whether one has the address.
    state
        .limits
        .password_reset(address.limit_key(), email.as_str())
        .map_err(|wait| AppError::TooManyRequests {
            message: format!(
                "Too many password resets asked; try again in {}",
                how_long(wait)
            ),
            retry_after_secs: wait.as_secs().max(1),
        })?;
    let site = state.public_url.clone();
    let token = new_token();
    let hash = token_hash(&token);
    let expires_at = after_now(time::Duration::minutes(letters::RESET_LINK_MINUTES));
    // One trip through the writer either way, so that an address with an
    // account takes as long as one without.
    let mailed = state
        .writer
        .write(move |conn| {
            let Some(user) = users::by_email(conn, email.as_str())? else {
                return Ok(false);
            };
            password_resets::replace(conn, user.id, &hash, &expires_at)?;
            let letter = letters::password_reset(&site, &user.username, &token);
            Ok(mail::post(conn, &user.email, &letter, &now())?.is_some())
        })
        .await?;
    tracing::debug!(mailed, "a password reset asked");
    let message = format!(
        "If an account has this address, a link to choose a new password is on its way. \
         It works for {} minutes.",
        letters::RESET_LINK_MINUTES
    );
    Ok((StatusCode::ACCEPTED, Json(ResetAsked { message })))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ResetPassword {
    /// From the mailed link.
    #[serde(default)]
    token: String,
    #[serde(default)]
    new_password: String,
}

fn dead_link() -> AppError {
    AppError::BadRequest("This link has expired or was used already: ask for a new one".to_owned())
}

#[utoipa::path(
    post,
    path = "/auth/reset-password",
    tag = "auth",
    request_body = ResetPassword,
    responses((status = 204, description = "Changed; every session is signed out and every long-lived key revoked; a mail says so"), (status = 400, description = "Bad input, or the link expired or was used; the message says which", body = ErrorMessage), (status = 404, description = "The site sends no mail", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
)]
async fn reset_password(
    State(state): State<AppState>,
    address: ClientAddress,
    AppJson(body): AppJson<ResetPassword>,
) -> AppResult<StatusCode> {
    if !state.sends_mail {
        return Err(no_mail());
    }
    if body.token.trim().is_empty() {
        return Err(AppError::BadRequest("token is required".to_owned()));
    }
    let new_password =
        Password::parse(&body.new_password, "newPassword").map_err(AppError::BadRequest)?;
    let hash = token_hash(body.token.trim());
    // Looked at before the slow hash, so a dead link costs no hashing; used
    // only in the write below, where two resets racing cannot both use it.
    let looked = hash.clone();
    run_blocking(&state.pool, move |conn| {
        Ok(password_resets::holder(conn, &looked, &now())?)
    })
    .await?
    .ok_or_else(dead_link)?;
    let password_hash = passwords::admit(&state.passwords, address.limit_key(), Caller::Anyone)?
        .hash(&new_password)
        .await?;
    let site = state.public_url.clone();
    let (user, ended) = state
        .writer
        .write(move |conn| {
            let id = password_resets::take(conn, &hash, &now())?.ok_or_else(dead_link)?;
            users::set_password_hash(conn, id, &password_hash)?;
            address_checks::end_email_change(conn, id)?;
            let ended = sessions::end_all(conn, id)?;
            let user = users::by_id(conn, id)?.ok_or_else(dead_link)?;
            mail::post(
                conn,
                &user.email,
                &letters::password_changed(&site, &user.username),
                &now(),
            )?;
            Ok((user, ended))
        })
        .await?;
    state.kept_sessions.forget_member(user.id);
    tracing::info!(
        user = %user.username,
        sessions_ended = ended.sessions,
        keys_revoked = ended.keys,
        "password reset by mail"
    );
    Ok(StatusCode::NO_CONTENT)
}
