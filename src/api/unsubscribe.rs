//! Turning a kind of notification mail off from the mail itself, without
//! signing in: the mail's link opens a page that asks first (a GET changes
//! nothing, so a mail scanner opening it changes nothing), and its
//! `List-Unsubscribe` address takes the mail program's one POST (RFC 8058)
//! at `/unsubscribe/{token}`, the same address the link opens.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppPath, AppState, ClientAddress};
use crate::db::mail_subscriptions::{self, Subscription};
use crate::db::run_blocking;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::write_limits::how_long;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(what_it_unsubscribes, unsubscribe))
}

/// A kind of mail a link turns off.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSubscription {
    /// "replies", "mentions", "new-releases" or "digest".
    kind: String,
    /// The mail in words: "the weekly digest".
    what: String,
    /// Whose mail it is.
    username: String,
    /// Whether it is still sent.
    subscribed: bool,
}

impl From<Subscription> for MailSubscription {
    fn from(subscription: Subscription) -> Self {
        Self {
            kind: subscription.kind.as_str().to_owned(),
            what: subscription.kind.describe().to_owned(),
            username: subscription.username,
            subscribed: subscription.subscribed,
        }
    }
}

fn no_such_link() -> AppError {
    AppError::NotFound(
        "This link unsubscribes from nothing: check that it was copied whole from the mail"
            .to_owned(),
    )
}

/// A token as mailed: 43 characters of base64url. Anything else is no
/// token, and is not looked up.
fn checked(token: &str) -> AppResult<String> {
    let well_formed = token.len() == 43
        && token
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
    if well_formed {
        Ok(token.to_owned())
    } else {
        Err(no_such_link())
    }
}

#[utoipa::path(
    get,
    path = "/mail/unsubscribe/{token}",
    tag = "account",
    params(("token" = String, Path, description = "From the mail's link")),
    responses((status = 200, description = "The mail the link turns off; nothing changed", body = MailSubscription), (status = 404, description = "No such link", body = ErrorMessage)),
)]
async fn what_it_unsubscribes(
    State(state): State<AppState>,
    AppPath(token): AppPath<String>,
) -> AppResult<Json<MailSubscription>> {
    let token = checked(&token)?;
    let found = run_blocking(&state.pool, move |conn| {
        Ok(mail_subscriptions::by_token(conn, &token)?)
    })
    .await?;
    found
        .map(|found| Json(found.into()))
        .ok_or_else(no_such_link)
}

#[utoipa::path(
    post,
    path = "/mail/unsubscribe/{token}",
    tag = "account",
    params(("token" = String, Path, description = "From the mail's link")),
    responses((status = 200, description = "Turned off (again, if it was off already); whatever the body says", body = MailSubscription), (status = 404, description = "No such link", body = ErrorMessage), (status = 429, description = "Too many from this address; see Retry-After", body = ErrorMessage)),
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    address: ClientAddress,
    AppPath(token): AppPath<String>,
) -> AppResult<Json<MailSubscription>> {
    let token = checked(&token)?;
    state
        .limits
        .unsubscribe(address.limit_key())
        .map_err(|wait| AppError::TooManyRequests {
            message: format!("Too many unsubscribes; try again in {}", how_long(wait)),
            retry_after_secs: wait.as_secs().max(1),
        })?;
    let done = state
        .writer
        .write(move |conn| Ok(mail_subscriptions::unsubscribe(conn, &token)?))
        .await?;
    let done = done.ok_or_else(no_such_link)?;
    tracing::info!(kind = done.kind.as_str(), "a mail unsubscribed by its link");
    Ok(Json(done.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_mailed_token_is_looked_up() {
        assert!(checked(&crate::auth::new_token()).is_ok());
        assert!(checked("short").is_err());
        assert!(checked(&"é".repeat(22)).is_err());
        assert!(checked(&format!("{}/", "a".repeat(42))).is_err());
    }
}
