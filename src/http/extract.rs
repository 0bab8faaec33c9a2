//! Extractors: the caller's identity and address, and JSON bodies and path
//! parameters that answer in the API's `{"message"}` format when they fail.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{
    FromRef, FromRequest, FromRequestParts, MatchedPath, OptionalFromRequestParts,
};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use time::Duration;

use super::ClientAddress;
use super::security_log::CallerSlot;
use super::write_limits;
use crate::auth::token_hash;
use crate::db::users::User;
use crate::db::{run_blocking, sessions};
use crate::domain::Role;
use crate::domain::timestamp::{after_now, before_now, now};
use crate::error::AppError;
use crate::server::AppState;

/// `Json` whose rejections (malformed JSON, wrong content type, a body over
/// the limit) come back as `{"message": ...}` with a fitting status.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct AppJson<T>(pub T);

impl<T: serde::Serialize> IntoResponse for AppJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                AppError::PayloadTooLarge("Request body is too large".to_owned())
            }
            _ => AppError::BadRequest(rejection.body_text()),
        }
    }
}

/// `Path` whose rejections (`/api/user/abc` for a numeric id) answer 400 JSON.
#[derive(Debug, Clone, Copy, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct AppPath<T>(pub T);

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::BadRequest(rejection.body_text())
    }
}

/// `Query` whose rejections (`?limit=ten`) answer 400 JSON.
#[derive(Debug, Clone, Copy, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct AppQuery<T>(pub T);

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::BadRequest(rejection.body_text())
    }
}

/// Sessions expire after this long without use.
pub const SESSION_LIFETIME: Duration = Duration::days(30);
/// A session's expiry is slid forward at most this often, so that reads do
/// not each cost a write.
const TOUCH_INTERVAL: Duration = Duration::hours(1);

/// The signed-in caller: 401 `Not signed in` without a valid bearer token.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User);

/// The caller when signed in, or `None` without a token. A token that no
/// longer works (expired, signed out elsewhere, password changed) answers
/// 401, so that a browser still holding one learns its session is over
/// instead of being served quietly as a visitor.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

/// A signed-in editor or admin: 403 `Insufficient permissions` otherwise.
#[derive(Debug, Clone)]
pub struct Editor(pub User);

/// A signed-in admin: 403 `Insufficient permissions` otherwise.
#[derive(Debug, Clone)]
pub struct Admin(pub User);

fn not_signed_in() -> AppError {
    AppError::Unauthorized("Not signed in".to_owned())
}

fn insufficient_permissions() -> AppError {
    AppError::Forbidden("Insufficient permissions".to_owned())
}

/// The bearer token of a request, if it carries one.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// The stored hash of the request's session token, for a request that
/// `CurrentUser` has already found to carry a valid one.
pub fn session_hash(headers: &HeaderMap) -> Vec<u8> {
    token_hash(bearer_token(headers).unwrap_or_default())
}

/// The member of a token. Reads may use the session kept in memory; a
/// write always reads it from the database, so a role taken away or a
/// sign-out made by the CLI holds for the very next write.
async fn user_for_token(
    state: &AppState,
    parts: &Parts,
    token: &str,
    address: ClientAddress,
) -> Result<Option<User>, AppError> {
    let hash = token_hash(token);
    let opened_after = before_now(state.session_max_age);
    let outside_writes = state.outside_writes.count();
    let reading = matches!(parts.method, Method::GET | Method::HEAD);
    let kept = reading
        .then(|| state.kept_sessions.get(&hash, outside_writes))
        .flatten();
    let from_memory = kept.is_some();
    let session = match kept {
        Some(session) if session.is_live(&now(), &opened_after) => session,
        Some(_) => return Ok(None),
        None => {
            let (hash, opened_after) = (hash.clone(), opened_after.clone());
            let found = run_blocking(&state.pool, move |conn| {
                Ok(sessions::user_for_token(
                    conn,
                    &hash,
                    &now(),
                    &opened_after,
                )?)
            })
            .await?;
            let Some(session) = found else {
                return Ok(None);
            };
            session
        }
    };
    if session.last_used_at < before_now(TOUCH_INTERVAL) {
        let (touched, address) = (hash.clone(), address.to_string());
        let (used, expires) = (now(), after_now(SESSION_LIFETIME));
        let (last_used_at, expires_at) = (used.clone(), expires.clone());
        state
            .writer
            .write(move |conn| Ok(sessions::touch(conn, &touched, &address, &used, &expires)?))
            .await?;
        let session = sessions::LiveSession {
            last_used_at,
            expires_at,
            ..session
        };
        state
            .kept_sessions
            .keep(hash, session.clone(), outside_writes);
        return Ok(Some(session.user));
    }
    if from_memory {
        return Ok(Some(session.user));
    }
    let user = session.user.clone();
    state.kept_sessions.keep(hash, session, outside_writes);
    Ok(Some(user))
}

/// Tells the security log who the request is from.
pub(crate) fn note_caller(parts: &Parts, user: &User) {
    if let Some(slot) = parts.extensions.get::<CallerSlot>() {
        slot.set(user);
    }
}

async fn caller_address<S>(parts: &mut Parts, state: &S) -> Result<ClientAddress, AppError>
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    <ClientAddress as FromRequestParts<S>>::from_request_parts(parts, state).await
}

impl<S> FromRequestParts<S> for CurrentUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = signed_in(parts, state).await?;
        admit(parts, state, &user)?;
        Ok(CurrentUser(user))
    }
}

/// The caller of a request that needs one: 401 without a working token.
async fn signed_in<S>(parts: &mut Parts, state: &S) -> Result<User, AppError>
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    let address = caller_address(parts, state).await?;
    let state = AppState::from_ref(state);
    let token = bearer_token(&parts.headers).ok_or_else(not_signed_in)?;
    let user = user_for_token(&state, parts, token, address)
        .await?
        .ok_or_else(not_signed_in)?;
    note_caller(parts, &user);
    Ok(user)
}

/// A write's suspension check and allowance (`write_limits::admit`).
fn admit<S>(parts: &Parts, state: &S, user: &User) -> Result<(), AppError>
where
    AppState: FromRef<S>,
{
    let matched = parts
        .extensions
        .get::<MatchedPath>()
        .map(MatchedPath::as_str);
    write_limits::admit(&AppState::from_ref(state), &parts.method, matched, user)
}

impl<S> FromRequestParts<S> for MaybeUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let address = caller_address(parts, state).await?;
        let state = AppState::from_ref(state);
        match bearer_token(&parts.headers) {
            Some(token) => match user_for_token(&state, parts, token, address).await? {
                Some(user) => {
                    note_caller(parts, &user);
                    admit::<AppState>(parts, &state, &user)?;
                    Ok(MaybeUser(Some(user)))
                }
                None => Err(not_signed_in()),
            },
            None => Ok(MaybeUser(None)),
        }
    }
}

impl<S> OptionalFromRequestParts<S> for CurrentUser
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        let MaybeUser(user) =
            <MaybeUser as FromRequestParts<S>>::from_request_parts(parts, state).await?;
        Ok(user.map(CurrentUser))
    }
}

async fn with_role<S>(parts: &mut Parts, state: &S, least: Role) -> Result<User, AppError>
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    let user = signed_in(parts, state).await?;
    if user.role < least {
        return Err(insufficient_permissions());
    }
    admit(parts, state, &user)?;
    Ok(user)
}

impl<S> FromRequestParts<S> for Editor
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        with_role(parts, state, Role::Editor).await.map(Editor)
    }
}

impl<S> FromRequestParts<S> for Admin
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        with_role(parts, state, Role::Admin).await.map(Admin)
    }
}
