//! Signing in through the household's OpenID Connect provider. The browser
//! asks for the provider's address (`start`), signs in there, and comes
//! back to the page at the redirect URI, which hands the answer to `finish`:
//! the state names the attempt kept here (once, ten minutes), the code is
//! exchanged and the ID token and userinfo checked (`sign_on::provider`).
//! The identity, keyed by (issuer, subject), then signs in its member; a
//! first sign-in makes an account under the site's sign-up mode, or links
//! to the caller's account when they started it signed in from settings,
//! or to the account of the same email when the admin allows that and both
//! sides verified the address. The provider's groups give roles when the
//! admin maps them, rechecked at every sign-in.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::auth::{Me, insert_account, open_session, taken_error};
use super::openapi::SignedIn;
use super::{AppJson, AppState, ClientAddress, CurrentUser, MaybeUser};
use crate::auth::token_hash;
use crate::db::address_checks::WaitingSignUp;
use crate::db::{run_blocking, sign_on, users};
use crate::domain::timestamp::{after_now, now};
use crate::domain::{Email, Username};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::client_seen::ClientSeen;
use crate::http::write_limits::how_long;
use crate::sign_on::{Identity, Problem, SignOnSite};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(finish))
        .routes(routes!(identities))
        .routes(routes!(unlink))
}

/// How long a sign-in at the provider may take.
const ATTEMPT_MINUTES: i64 = 10;

fn no_provider() -> AppError {
    AppError::NotFound("This site signs in with no provider".to_owned())
}

fn site_of(state: &AppState) -> AppResult<std::sync::Arc<SignOnSite>> {
    state.sign_on.clone().ok_or_else(no_provider)
}

fn from_problem(problem: Problem) -> AppError {
    match problem {
        Problem::Unavailable(why) => AppError::ServiceUnavailable {
            message: format!("The sign-in provider cannot be reached now; try again later ({why})"),
            retry_after_secs: 30,
        },
        Problem::Refused(why) => AppError::BadRequest(format!("The sign-in was refused: {why}")),
    }
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
struct StartSignOn {
    /// Link the provider to the signed-in caller's account instead of
    /// signing in.
    #[serde(default)]
    link: bool,
    /// An invite's code, for a first sign-in while the site is invite-only.
    #[serde(default)]
    invite_code: String,
}

/// Where the browser goes to sign in.
#[derive(Serialize, ToSchema)]
struct SignOnStarted {
    url: String,
}

#[utoipa::path(
    post,
    path = "/auth/sign-on/start",
    tag = "auth",
    request_body = StartSignOn,
    responses((status = 200, description = "The provider's address to send the browser to", body = SignOnStarted), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 401, description = "A link needs the caller signed in", body = ErrorMessage), (status = 404, description = "The site has no provider", body = ErrorMessage), (status = 429, description = "Too many from this address; see Retry-After", body = ErrorMessage), (status = 503, description = "The provider cannot be reached now; see Retry-After", body = ErrorMessage)),
)]
async fn start(
    State(state): State<AppState>,
    address: ClientAddress,
    MaybeUser(caller): MaybeUser,
    AppJson(body): AppJson<StartSignOn>,
) -> AppResult<Json<SignOnStarted>> {
    let site = site_of(&state)?;
    let link_user_id = match (body.link, &caller) {
        (true, Some(caller)) => Some(caller.id),
        (true, None) => {
            return Err(AppError::Unauthorized(
                "Sign in first to link the provider to your account".to_owned(),
            ));
        }
        (false, _) => None,
    };
    if body.invite_code.len() > 64 {
        return Err(AppError::BadRequest("inviteCode is too long".to_owned()));
    }
    state
        .limits
        .sign_on(address.limit_key())
        .map_err(|wait| AppError::TooManyRequests {
            message: format!("Too many sign-ins started; try again in {}", how_long(wait)),
            retry_after_secs: wait.as_secs().max(1),
        })?;
    let provider = site.clone();
    let started = tokio::task::spawn_blocking(move || provider.provider.start())
        .await
        .map_err(|error| AppError::Internal(anyhow::anyhow!("sign-on start: {error}")))?
        .map_err(from_problem)?;
    let attempt = sign_on::Attempt {
        nonce: started.nonce,
        pkce_verifier: started.pkce_verifier,
        link_user_id,
        invite_code: body.invite_code.trim().to_owned(),
    };
    let hash = token_hash(&started.state);
    let expires_at = after_now(time::Duration::minutes(ATTEMPT_MINUTES));
    state
        .writer
        .write(move |conn| Ok(sign_on::begin(conn, &hash, &attempt, &expires_at, &now())?))
        .await?;
    Ok(Json(SignOnStarted { url: started.url }))
}

#[derive(Deserialize, ToSchema)]
struct FinishSignOn {
    /// As the provider sent the browser back with it.
    #[serde(default)]
    code: String,
    #[serde(default)]
    state: String,
}

/// A finished sign-in: signed in (with a session), or linked.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignedOn {
    /// The new session's token; null when the provider was linked to the
    /// signed-in caller's account.
    #[schema(required)]
    token: Option<String>,
    user: Me,
    /// Whether this sign-in made the account.
    created: bool,
    /// Whether this sign-in linked the provider to an account.
    linked: bool,
}

fn dead_attempt() -> AppError {
    AppError::BadRequest("This sign-in expired or was already used: start it again".to_owned())
}

#[utoipa::path(
    post,
    path = "/auth/sign-on/finish",
    tag = "auth",
    request_body = FinishSignOn,
    responses((status = 200, description = "Signed in, or the provider linked", body = SignedOn), (status = 201, description = "Signed in to an account made for this sign-in", body = SignedOn), (status = 400, description = "Bad input, an attempt expired or used, or an answer that does not hold; the message says which", body = ErrorMessage), (status = 403, description = "Sign-up is closed or needs an invite, or the link was started by another member", body = ErrorMessage), (status = 404, description = "The site has no provider", body = ErrorMessage), (status = 409, description = "An account here has the email, or the identity is linked to another account", body = ErrorMessage), (status = 503, description = "The provider cannot be reached now; see Retry-After", body = ErrorMessage)),
)]
async fn finish(
    State(state): State<AppState>,
    client_address: ClientAddress,
    headers: HeaderMap,
    MaybeUser(caller): MaybeUser,
    AppJson(body): AppJson<FinishSignOn>,
) -> AppResult<(StatusCode, Json<SignedOn>)> {
    let site = site_of(&state)?;
    let (code, state_text) = (body.code.trim().to_owned(), body.state.trim().to_owned());
    if code.is_empty() || state_text.is_empty() || code.len() > 2048 || state_text.len() > 512 {
        return Err(AppError::BadRequest(
            "code and state are required, as the provider sent them".to_owned(),
        ));
    }
    let hash = token_hash(&state_text);
    let attempt = state
        .writer
        .write(move |conn| Ok(sign_on::take(conn, &hash, &now())?))
        .await?
        .ok_or_else(dead_attempt)?;
    if let Some(linker) = attempt.link_user_id
        && caller.as_ref().map(|caller| caller.id) != Some(linker)
    {
        return Err(AppError::Forbidden(
            "This link was started by another account: sign in as it and start again".to_owned(),
        ));
    }
    let provider = site.clone();
    let (nonce, verifier) = (attempt.nonce.clone(), attempt.pkce_verifier.clone());
    let identity =
        tokio::task::spawn_blocking(move || provider.provider.finish(&code, &nonce, &verifier))
            .await
            .map_err(|error| AppError::Internal(anyhow::anyhow!("sign-on finish: {error}")))?
            .map_err(from_problem)?;
    let client = ClientSeen::new(&headers, client_address);
    let outcome = state
        .writer
        .write(move |conn| sign_in(conn, &site, &identity, &attempt, &client))
        .await?;
    let status = if outcome.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    state.kept_sessions.forget_member(outcome.user.id);
    tracing::info!(user = %outcome.user.username, created = outcome.created, linked = outcome.linked, "signed in through the provider");
    Ok((
        status,
        Json(SignedOn {
            token: outcome.token,
            user: outcome.user.into(),
            created: outcome.created,
            linked: outcome.linked,
        }),
    ))
}

struct Outcome {
    token: Option<String>,
    user: users::User,
    created: bool,
    linked: bool,
}

/// What an identity signs in to, in one write.
fn sign_in(
    conn: &rusqlite::Connection,
    site: &SignOnSite,
    identity: &Identity,
    attempt: &sign_on::Attempt,
    client: &ClientSeen,
) -> AppResult<Outcome> {
    let now = now();
    let email = identity.email.clone().unwrap_or_default();
    let linked_to = sign_on::member_of(conn, &identity.issuer, &identity.subject)?;
    if let Some(linker) = attempt.link_user_id {
        return match linked_to {
            Some(other) if other != linker => Err(AppError::Conflict(
                "This provider account is linked to another account here".to_owned(),
            )),
            _ => {
                sign_on::link(
                    conn,
                    &identity.issuer,
                    &identity.subject,
                    linker,
                    &email,
                    &now,
                )?;
                let user = users::by_id(conn, linker)?.ok_or_else(dead_attempt)?;
                Ok(Outcome {
                    token: None,
                    user,
                    created: false,
                    linked: true,
                })
            }
        };
    }
    let (user_id, created, linked) = match linked_to {
        Some(user) => {
            sign_on::signed_in(conn, &identity.issuer, &identity.subject, &email, &now)?;
            (user, false, false)
        }
        None => first_sign_in(conn, site, identity, attempt)?,
    };
    if let Some(role) = site.role_for(identity.groups.as_deref()) {
        let user = users::by_id(conn, user_id)?.ok_or_else(dead_attempt)?;
        if user.role != role {
            users::set_role(conn, user_id, role)?;
            tracing::info!(user = %user.username, role = %role, "role from the provider's groups");
        }
    }
    let token = open_session(conn, user_id, client)?;
    let user = users::by_id(conn, user_id)?.ok_or_else(dead_attempt)?;
    Ok(Outcome {
        token: Some(token),
        user,
        created,
        linked,
    })
}

/// A first sign-in of an identity: linked by email when allowed, or a new
/// account (under the sign-up mode): the member, and whether it was made
/// or linked.
fn first_sign_in(
    conn: &rusqlite::Connection,
    site: &SignOnSite,
    identity: &Identity,
    attempt: &sign_on::Attempt,
) -> AppResult<(i64, bool, bool)> {
    let now = now();
    let email = identity
        .email
        .as_deref()
        .map(Email::parse)
        .transpose()
        .map_err(|_| AppError::BadRequest("The provider gave an email that is not one".to_owned()))?
        .ok_or_else(|| {
            AppError::BadRequest(
                "The provider gave no email address, and an account here needs one: ask its admin to release the email scope".to_owned(),
            )
        })?;
    if let Some(owner) = users::by_email(conn, email.as_str())? {
        let may_link = site.link_by_email
            && identity.email_verified
            && sign_on::is_email_confirmed(conn, owner.id)?;
        if !may_link {
            return Err(AppError::Conflict(format!(
                "An account here already has the email {}: log in to it with its password, then link the provider in its account settings",
                email.as_str()
            )));
        }
        sign_on::link(
            conn,
            &identity.issuer,
            &identity.subject,
            owner.id,
            email.as_str(),
            &now,
        )?;
        return Ok((owner.id, false, true));
    }
    let username = free_username(conn, identity, &email)?;
    let account = WaitingSignUp {
        username,
        email: email.as_str().to_owned(),
        // No password: one can be chosen later through "Forgot your password?".
        password_hash: String::new(),
        profile_picture_url: String::new(),
        invite_code: attempt.invite_code.clone(),
    };
    let user = insert_account(conn, &account)?;
    if !sign_on::link(
        conn,
        &identity.issuer,
        &identity.subject,
        user.id,
        email.as_str(),
        &now,
    )? {
        return Err(taken_error(false));
    }
    Ok((user.id, true, true))
}

/// A username for a new account: the provider's preferred name (or the
/// email's local part) made to fit, with a number after it when taken.
fn free_username(
    conn: &rusqlite::Connection,
    identity: &Identity,
    email: &Email,
) -> AppResult<String> {
    let wanted = identity
        .preferred_username
        .clone()
        .unwrap_or_else(|| email.as_str().split('@').next().unwrap_or("").to_owned());
    let mut base: String = wanted
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .take(24)
        .collect();
    if base.len() < 3 {
        base = format!("member{base}");
    }
    for n in 0..1000 {
        let name = if n == 0 {
            base.clone()
        } else {
            format!("{base}{n}")
        };
        let Ok(name) = Username::parse(&name) else {
            continue;
        };
        if !users::taken(conn, name.as_str(), "")?.0 {
            return Ok(name.as_str().to_owned());
        }
    }
    Err(taken_error(true))
}

/// A provider identity linked to the caller's account.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LinkedIdentity {
    issuer: String,
    subject: String,
    /// As the provider last said it.
    email: String,
    linked_at: String,
    last_sign_in_at: String,
}

/// The caller's sign-on: the provider's button, and the identities linked.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignOnSettings {
    /// The provider's button; null when the site has none.
    #[schema(required)]
    provider_label: Option<String>,
    identities: Vec<LinkedIdentity>,
    /// Whether the account has a password of its own (else unlinking the
    /// last identity would lock it out).
    has_password: bool,
}

#[utoipa::path(
    get,
    path = "/settings/sign-on",
    tag = "account",
    responses(SignedIn, (status = 200, description = "The provider identities linked to the caller", body = SignOnSettings)),
    security(("bearer" = []))
)]
async fn identities(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<SignOnSettings>> {
    let provider_label = state.sign_on.as_ref().map(|site| site.button_label.clone());
    run_blocking(&state.pool, move |conn| {
        let identities = sign_on::of_member(conn, caller.id)?
            .into_iter()
            .map(|identity| LinkedIdentity {
                issuer: identity.issuer,
                subject: identity.subject,
                email: identity.email,
                linked_at: identity.linked_at,
                last_sign_in_at: identity.last_sign_in_at,
            })
            .collect();
        Ok(Json(SignOnSettings {
            provider_label,
            identities,
            has_password: users::has_password(conn, caller.id)?,
        }))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
struct Unlink {
    #[serde(default)]
    issuer: String,
    #[serde(default)]
    subject: String,
}

#[utoipa::path(
    post,
    path = "/settings/sign-on/unlink",
    tag = "account",
    request_body = Unlink,
    responses(SignedIn, (status = 204, description = "Unlinked: it signs in to this account no more"), (status = 404, description = "No such identity of the caller's", body = ErrorMessage), (status = 409, description = "The account's only way in: choose a password first", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unlink(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<Unlink>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let mine = sign_on::of_member(conn, caller.id)?;
            if !mine
                .iter()
                .any(|identity| identity.issuer == body.issuer && identity.subject == body.subject)
            {
                return Err(AppError::NotFound("No such linked identity".to_owned()));
            }
            if mine.len() == 1 && !users::has_password(conn, caller.id)? {
                return Err(AppError::Conflict(
                    "This is the account's only way in: choose a password first (Forgot your password? on the log-in page)".to_owned(),
                ));
            }
            sign_on::unlink(conn, caller.id, &body.issuer, &body.subject)?;
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
