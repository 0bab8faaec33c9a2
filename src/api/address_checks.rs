//! Addresses proved by a mailed link: a sign-up (when `--confirm-sign-ups`
//! makes sign-ups wait for it) and an email change (whenever the site sends
//! mail: the new address confirms, the old one is told). A link holds a
//! random single-use token, kept only hashed, live for a day; like a
//! password reset's, it opens a page whose button's POST uses it.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::auth::{Me, Signed, make_account, taken_error};
use super::{AppJson, AppState, ClientAddress};
use crate::auth::{new_token, token_hash};
use crate::db::address_checks::{self, Waiting, WaitingSignUp};
use crate::db::is_unique_violation;
use crate::db::sign_on;
use crate::db::users::{self, User};
use crate::domain::Email;
use crate::domain::timestamp::{after_now, now};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::client_seen::ClientSeen;
use crate::mail::{self, letters};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(confirm_sign_up))
        .routes(routes!(confirm_email))
}

/// A link is on its way; what to do next.
#[derive(Serialize, ToSchema)]
pub(super) struct LinkMailed {
    message: String,
}

fn link_lifetime() -> time::Duration {
    time::Duration::hours(letters::ADDRESS_LINK_HOURS)
}

fn dead_link() -> AppError {
    AppError::BadRequest("This link has expired or was used already".to_owned())
}

/// Keeps a checked sign-up and mails its link; an address that has an
/// account is told so by mail instead. One answer, one writer trip, either way.
pub(super) async fn sign_up_by_mail(
    state: &AppState,
    account: WaitingSignUp,
) -> AppResult<Response> {
    let site = state.public_url.clone();
    let token = new_token();
    let hash = token_hash(&token);
    let to = account.email.clone();
    state
        .writer
        .write(move |conn| {
            let letter = match users::by_email(conn, &account.email)? {
                Some(member) => letters::already_a_member(&site, &member.username),
                None => {
                    address_checks::put_sign_up(
                        conn,
                        &hash,
                        &account,
                        &after_now(link_lifetime()),
                    )?;
                    letters::confirm_sign_up(&site, &account.username, &token)
                }
            };
            mail::post(conn, &account.email, &letter, &now())?;
            Ok(())
        })
        .await?;
    let message = format!(
        "Check your mail: a link to finish signing up is on its way to {to}. It works for {} hours.",
        letters::ADDRESS_LINK_HOURS
    );
    Ok((StatusCode::ACCEPTED, Json(LinkMailed { message })).into_response())
}

/// Keeps a member's change to `email` and mails its link there, telling the
/// old address; the email stays as it is until the link is used.
pub(super) async fn email_change_by_mail(
    state: &AppState,
    member: &User,
    email: Email,
) -> AppResult<Response> {
    let site = state.public_url.clone();
    let token = new_token();
    let hash = token_hash(&token);
    let (id, username, old) = (member.id, member.username.clone(), member.email.clone());
    let new = email.as_str().to_owned();
    let told = new.clone();
    state
        .writer
        .write(move |conn| {
            if users::by_email(conn, &new)?.is_some_and(|other| other.id != id) {
                return Err(taken_error(false));
            }
            address_checks::put_email_change(conn, &hash, id, &new, &after_now(link_lifetime()))?;
            let confirm = letters::confirm_email_change(&site, &username, &token);
            if mail::post(conn, &new, &confirm, &now())?.is_none() {
                return Err(AppError::BadRequest(format!(
                    "Mail cannot reach {new}: the mail server refused it before"
                )));
            }
            mail::post(
                conn,
                &old,
                &letters::email_changing(&site, &username, &new),
                &now(),
            )?;
            Ok(())
        })
        .await?;
    let message = format!(
        "Open the link mailed to {told} to make it your email; until then it stays {}.",
        member.email
    );
    Ok((StatusCode::ACCEPTED, Json(LinkMailed { message })).into_response())
}

#[derive(Deserialize, ToSchema)]
struct Confirmation {
    /// From the mailed link.
    #[serde(default)]
    token: String,
}

fn token_of(body: &Confirmation) -> AppResult<Vec<u8>> {
    match body.token.trim() {
        "" => Err(AppError::BadRequest("token is required".to_owned())),
        token => Ok(token_hash(token)),
    }
}

#[utoipa::path(
    post,
    path = "/auth/confirm-sign-up",
    tag = "auth",
    request_body = Confirmation,
    responses((status = 201, description = "The account is made and signed in", body = Signed), (status = 400, description = "The link expired or was used", body = ErrorMessage), (status = 403, description = "Sign-up closed meanwhile, or the invite can no longer be used", body = ErrorMessage), (status = 409, description = "The username or email was taken meanwhile", body = ErrorMessage)),
)]
async fn confirm_sign_up(
    State(state): State<AppState>,
    client_address: ClientAddress,
    headers: HeaderMap,
    AppJson(body): AppJson<Confirmation>,
) -> AppResult<(StatusCode, Json<Signed>)> {
    let hash = token_of(&body)?;
    let client = ClientSeen::new(&headers, client_address);
    let (token, user) = state
        .writer
        .write(
            move |conn| match address_checks::take(conn, &hash, &now())? {
                Some(Waiting::SignUp(account)) => {
                    let made = make_account(conn, &account, &client)?;
                    sign_on::email_confirmed(conn, made.1.id, &now())?;
                    Ok(made)
                }
                _ => Err(dead_link()),
            },
        )
        .await?;
    tracing::info!(user = %user.username, "signed up, the address confirmed");
    let user = user.into();
    Ok((StatusCode::CREATED, Json(Signed { token, user })))
}

#[utoipa::path(
    post,
    path = "/auth/confirm-email",
    tag = "auth",
    request_body = Confirmation,
    responses((status = 200, description = "The member's email is now the confirmed address", body = Me), (status = 400, description = "The link expired or was used", body = ErrorMessage), (status = 409, description = "Another member has that email now", body = ErrorMessage)),
)]
async fn confirm_email(
    State(state): State<AppState>,
    AppJson(body): AppJson<Confirmation>,
) -> AppResult<Json<Me>> {
    let hash = token_of(&body)?;
    let user = state
        .writer
        .write(
            move |conn| match address_checks::take(conn, &hash, &now())? {
                Some(Waiting::EmailChange { user_id, email }) => {
                    match users::set_email(conn, user_id, &email) {
                        Ok(_) => {}
                        Err(error) if is_unique_violation(&error) => {
                            return Err(taken_error(false));
                        }
                        Err(error) => return Err(error.into()),
                    }
                    sign_on::email_confirmed(conn, user_id, &now())?;
                    users::by_id(conn, user_id)?.ok_or_else(dead_link)
                }
                _ => Err(dead_link()),
            },
        )
        .await?;
    state.kept_sessions.forget_member(user.id);
    tracing::info!(user = %user.username, "email changed, the new address confirmed");
    Ok(Json(user.into()))
}
