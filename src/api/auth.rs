//! Sign-up, log-in, log-out and the signed-in user.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::openapi::SignedIn;
use super::users::PublicUser;
use super::{AppJson, AppState, ClientAddress, CurrentUser};
use crate::auth::{new_token, token_hash};
use crate::config::PasswordLogin;
use crate::db::address_checks::WaitingSignUp;
use crate::db::site_settings::{self, Signup};
use crate::db::users::{self, NewUser, Suspension, User};
use crate::db::{invites, is_unique_violation, run_blocking, sessions};
use crate::domain::timestamp::{after_now, before_now, now};
use crate::domain::{Email, Password, PictureUrl, Role, SignupMode, Username};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::client_seen::ClientSeen;
use crate::http::extract::{SESSION_LIFETIME, session_hash};
use crate::http::login_limits::Refusal;
use crate::http::passwords::{self, Caller};
use crate::http::security_log;
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(log_in))
        .routes(routes!(log_out))
        .routes(routes!(me))
        .routes(routes!(sign_in_options))
}

/// What the log-in page offers besides a password.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignInOptions {
    /// Whether a forgotten password can be reset by mail (the site sends mail).
    password_reset_by_mail: bool,
    /// Whether a sign-up waits for the link mailed to its address.
    sign_ups_confirmed_by_mail: bool,
    /// The household's provider's button, when the site signs in through one.
    #[schema(required)]
    single_sign_on: Option<SingleSignOn>,
    /// Who may sign in with a password: "on" (everyone), "admins" or "off".
    password_login: String,
}

/// The provider's button on the log-in and sign-up pages.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SingleSignOn {
    label: String,
    /// Whether the provider answered; while not, the page says so.
    available: bool,
}

#[utoipa::path(
    get,
    path = "/site/sign-in",
    tag = "auth",
    responses((status = 200, description = "What the log-in page offers", body = SignInOptions)),
)]
async fn sign_in_options(State(state): State<AppState>) -> Json<SignInOptions> {
    Json(SignInOptions {
        password_reset_by_mail: state.sends_mail,
        sign_ups_confirmed_by_mail: state.confirms_sign_ups,
        single_sign_on: state.sign_on.as_ref().map(|site| SingleSignOn {
            label: site.button_label.clone(),
            available: site.provider.status().available,
        }),
        password_login: state.password_login.as_str().to_owned(),
    })
}

/// The signed-in user as they see themselves: the public fields and the email.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    #[serde(flatten)]
    public: PublicUser,
    email: String,
    /// Set while the member may read but not write.
    #[schema(required)]
    suspension: Option<Suspension>,
}

impl From<User> for Me {
    fn from(user: User) -> Self {
        let email = user.email.clone();
        let suspension = user.suspension(&now());
        Self {
            public: user.into(),
            email,
            suspension,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub(super) struct Signed {
    pub token: String,
    pub user: Me,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignUp {
    #[serde(default)]
    username: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    profile_picture_url: String,
    /// The code of an invite link, needed while the site is invite-only.
    #[serde(default)]
    invite_code: String,
}

/// Whether the site lets this sign-up in: 403 with the reason otherwise. An
/// invite is only looked at here; the write takes one of its uses.
pub(super) fn admit_sign_up(signup: Signup, invite_code: &str) -> AppResult<()> {
    match signup.mode {
        SignupMode::Open => Ok(()),
        SignupMode::Closed => Err(AppError::Forbidden(
            "Sign-up is closed on this site.".to_owned(),
        )),
        SignupMode::Invite if invite_code.is_empty() => Err(AppError::Forbidden(
            "Joining this site needs an invite.".to_owned(),
        )),
        SignupMode::Invite => Ok(()),
    }
}

fn invite_refused() -> AppError {
    AppError::Forbidden(
        "This invite can no longer be used: it has expired, been used up or been revoked."
            .to_owned(),
    )
}

fn too_many(message: String, wait: std::time::Duration) -> AppError {
    AppError::TooManyRequests {
        message,
        retry_after_secs: wait.as_secs().max(1),
    }
}

/// Starts a session for a user; returns its token.
pub(super) fn open_session(
    conn: &rusqlite::Connection,
    user_id: i64,
    client: &ClientSeen,
) -> rusqlite::Result<String> {
    let token = new_token();
    sessions::insert(
        conn,
        &token_hash(&token),
        user_id,
        &client.as_client(),
        &now(),
        &after_now(SESSION_LIFETIME),
    )?;
    Ok(token)
}

/// The account a name belongs to, with its password hash.
pub(super) struct Account {
    pub id: i64,
    pub password_hash: String,
}

/// Checks a password as one log-in attempt on `name` (what was typed, as
/// `typed_email` or `typed_username` make it) from `address`: refused past
/// the log-in limits (429), when the password queue is full (503), and
/// counted as a failure when wrong. Without an `account` (nobody has the
/// name) it takes as long, is limited alike and answers false.
pub(super) async fn checked_password(
    state: &AppState,
    name: &str,
    account: Option<Account>,
    address: ClientAddress,
    password: &str,
) -> AppResult<bool> {
    let address = address.limit_key();
    let id = account.as_ref().map(|account| account.id);
    let attempt = state
        .limits
        .logins
        .begin(name, id, address)
        .map_err(|refusal| {
            let (what, wait) = match refusal {
                Refusal::Failures(wait) => ("failed log-ins", wait),
                Refusal::Successes(wait) => ("log-ins", wait),
            };
            let minutes = wait.as_secs().div_ceil(60).max(1);
            too_many(
                format!("Too many {what}; try again in {minutes} minutes"),
                wait,
            )
        })?;
    tokio::time::sleep(attempt.delay()).await;
    let caller = match id {
        Some(id) if attempt.is_from_known_address() => Caller::KnownAddress(id),
        _ => Caller::Anyone,
    };
    let ticket = match passwords::admit(&state.passwords, address, caller) {
        Ok(ticket) => ticket,
        Err(busy) => {
            attempt.abandon();
            return Err(busy);
        }
    };
    let hash = account.map(|account| account.password_hash);
    let known = hash.is_some();
    let verified = ticket.verify(password, hash).await?;
    if verified && known {
        attempt.succeeded();
        Ok(true)
    } else {
        attempt.failed();
        Ok(false)
    }
}

/// How the log-in limits name an email typed (trimmed and lower-cased, as
/// accounts keep them).
pub(super) fn typed_email(email: &str) -> String {
    format!("email:{email}")
}

/// How the log-in limits name a username typed (trimmed and lower-cased).
fn typed_username(username: &str) -> String {
    format!("name:{username}")
}

pub(super) fn taken_error(username_taken: bool) -> AppError {
    if username_taken {
        AppError::Conflict("username is already taken".to_owned())
    } else {
        AppError::Conflict("email is already registered".to_owned())
    }
}

/// Makes the account of a checked sign-up, checking again where it counts:
/// the mode may have changed, two sign-ups may race for an invite's last
/// use or a name.
pub(super) fn insert_account(
    conn: &rusqlite::Connection,
    account: &WaitingSignUp,
) -> AppResult<User> {
    let signup = site_settings::signup(conn)?;
    admit_sign_up(signup, &account.invite_code)?;
    if signup.mode == SignupMode::Invite && !invites::take(conn, &account.invite_code, &now())? {
        return Err(invite_refused());
    }
    let new_user = NewUser {
        username: &account.username,
        email: &account.email,
        password_hash: &account.password_hash,
        profile_picture_url: &account.profile_picture_url,
        role: Role::User,
    };
    let id = match users::insert(conn, &new_user, &now()) {
        Ok(id) => id,
        // Another sign-up took the name (or the address) between the check and now.
        Err(e) if is_unique_violation(&e) => {
            let (username_taken, _) = users::taken(conn, &account.username, &account.email)?;
            return Err(taken_error(username_taken));
        }
        Err(e) => return Err(e.into()),
    };
    users::by_id(conn, id)?.ok_or_else(|| AppError::Internal(anyhow::anyhow!("new user vanished")))
}

/// Makes the account of a checked sign-up and opens its first session.
pub(super) fn make_account(
    conn: &rusqlite::Connection,
    account: &WaitingSignUp,
    client: &ClientSeen,
) -> AppResult<(String, User)> {
    let user = insert_account(conn, account)?;
    let token = open_session(conn, user.id, client)?;
    Ok((token, user))
}

#[utoipa::path(
    post,
    path = "/auth/signup",
    tag = "auth",
    request_body = SignUp,
    responses((status = 201, description = "Signed up and signed in", body = Signed), (status = 202, description = "Sign-ups are confirmed by mail: a link is on its way to the address (the same answer when it already has an account)", body = super::address_checks::LinkMailed), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Sign-up is closed, needs a valid invite, or goes through the provider", body = ErrorMessage), (status = 409, description = "The username is taken (or, unless sign-ups are confirmed by mail, the email)", body = ErrorMessage), (status = 429, description = "Too many requests; see Retry-After", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
)]
async fn sign_up(
    State(state): State<AppState>,
    client_address: ClientAddress,
    headers: HeaderMap,
    AppJson(body): AppJson<SignUp>,
) -> AppResult<Response> {
    let bad = AppError::BadRequest;
    let username = Username::parse(&body.username).map_err(bad)?;
    let email = Email::parse(&body.email).map_err(bad)?;
    let password = Password::parse(&body.password, "password").map_err(bad)?;
    let picture = PictureUrl::parse(&body.profile_picture_url, "profilePictureUrl").map_err(bad)?;
    let address = client_address.limit_key();
    let client = ClientSeen::new(&headers, client_address);
    // Charged before anything is looked up, so that sign-ups cannot ask
    // which emails are registered faster than the allowance.
    state.limits.sign_up(address).map_err(|wait| {
        too_many(
            "Too many sign-ups from this address; try again later".to_owned(),
            wait,
        )
    })?;

    if state.password_login != PasswordLogin::On {
        return Err(AppError::Forbidden(
            "Accounts here are made by signing in through the site's provider".to_owned(),
        ));
    }
    let invite_code = body.invite_code.trim().to_owned();
    let (name, mail) = (username.as_str().to_owned(), email.as_str().to_owned());
    let (signup, (username_taken, email_taken)) = run_blocking(&state.pool, move |conn| {
        Ok((
            site_settings::signup(conn)?,
            users::taken(conn, &name, &mail)?,
        ))
    })
    .await?;
    admit_sign_up(signup, &invite_code)?;
    // With sign-ups confirmed by mail, a taken email answers as a free one
    // does (the address's owner is told by mail instead): no email oracle.
    if username_taken || (email_taken && !state.confirms_sign_ups) {
        return Err(taken_error(username_taken));
    }
    let password_hash = passwords::admit(&state.passwords, address, Caller::Anyone)?
        .hash(&password)
        .await?;
    let account = WaitingSignUp {
        username: username.as_str().to_owned(),
        email: email.as_str().to_owned(),
        password_hash,
        profile_picture_url: picture.as_str().to_owned(),
        invite_code,
    };
    if state.confirms_sign_ups {
        return super::address_checks::sign_up_by_mail(&state, account).await;
    }
    let (token, user) = state
        .writer
        .write(move |conn| make_account(conn, &account, &client))
        .await?;
    tracing::info!(user = %user.username, "signed up");
    let body = Signed {
        token,
        user: user.into(),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[derive(Deserialize, ToSchema)]
struct LogIn {
    #[serde(default)]
    email: String,
    /// The log-in form also has a username field: it is used when no email is given.
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

#[utoipa::path(
    post,
    path = "/auth/login",
    tag = "auth",
    request_body = LogIn,
    responses((status = 200, description = "Signed in", body = Signed), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 401, description = "Wrong email or password", body = ErrorMessage), (status = 403, description = "Passwords do not sign in here (or only admins' do): the provider does", body = ErrorMessage), (status = 429, description = "Too many failed log-ins; see Retry-After", body = ErrorMessage), (status = 503, description = "Too busy checking passwords; see Retry-After", body = ErrorMessage)),
)]
async fn log_in(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    AppJson(body): AppJson<LogIn>,
) -> AppResult<Json<Signed>> {
    let (by_email, identifier) = match (body.email.trim(), body.username.trim()) {
        ("", "") => return Err(AppError::BadRequest("email is required".to_owned())),
        ("", username) => (false, username.to_lowercase()),
        (email, _) => (true, email.to_lowercase()),
    };
    if body.password.is_empty() {
        return Err(AppError::BadRequest("password is required".to_owned()));
    }
    if state.password_login == PasswordLogin::Off {
        return Err(AppError::Forbidden(
            "Passwords do not sign in on this site: sign in through its provider".to_owned(),
        ));
    }
    // Limited by the name as typed, never by the account it names, so that
    // an unknown name is answered the same way at every step.
    let name = if by_email {
        typed_email(&identifier)
    } else {
        typed_username(&identifier)
    };
    let typed = identifier.clone();
    let found = run_blocking(&state.pool, move |conn| {
        Ok(if by_email {
            users::credentials_by_email(conn, &identifier)?
        } else {
            users::credentials_by_username(conn, &identifier)?
        })
    })
    .await?;
    let (user, account) = match found {
        Some((user, password_hash)) => {
            let id = user.id;
            (Some(user), Some(Account { id, password_hash }))
        }
        None => (None, None),
    };
    let verified = checked_password(&state, &name, account, address, &body.password).await?;
    let Some(user) = user.filter(|_| verified) else {
        security_log::login_failed(address, &typed);
        return Err(AppError::Unauthorized("Wrong email or password".to_owned()));
    };
    // Told only after the password held, so that it says nothing of who has
    // an account.
    if state.password_login == PasswordLogin::Admins && user.role != Role::Admin {
        return Err(AppError::Forbidden(
            "Only admins sign in with a password on this site: sign in through its provider"
                .to_owned(),
        ));
    }
    let user_id = user.id;
    let client = ClientSeen::new(&headers, address);
    let opened_after = before_now(state.session_max_age);
    let token = state
        .writer
        .write(move |conn| {
            sessions::delete_expired(conn, &now(), &opened_after)?;
            Ok(open_session(conn, user_id, &client)?)
        })
        .await?;
    Ok(Json(Signed {
        token,
        user: user.into(),
    }))
}

#[utoipa::path(
    post,
    path = "/auth/logout",
    tag = "auth",
    responses(SignedIn, (status = 204, description = "Signed out: the token no longer works")),
    security(("bearer" = []))
)]
async fn log_out(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    headers: HeaderMap,
) -> AppResult<StatusCode> {
    let hash = session_hash(&headers);
    state
        .writer
        .write(move |conn| Ok(sessions::delete(conn, &hash)?))
        .await?;
    state.kept_sessions.forget_member(caller.id);
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(
    get,
    path = "/auth/me",
    tag = "auth",
    responses(SignedIn, (status = 200, description = "The signed-in member", body = Me)),
    security(("bearer" = []))
)]
async fn me(CurrentUser(user): CurrentUser) -> Json<Me> {
    Json(user.into())
}
