//! The mail a member gets: whether the site's mail reaches them (their
//! settings say so when the mail server refused their address for good),
//! and which notification mail they asked for.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::{AppJson, AppState, CurrentUser};
use crate::auth::new_token;
use crate::db::{mail_subscriptions, outbox, run_blocking};
use crate::domain::MailKind;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mail_status, choose_mail))
}

/// Which notification mail a member gets, each kind on its own.
#[derive(Serialize, Deserialize, ToSchema, Default, Clone, Copy)]
#[serde(rename_all = "camelCase")]
struct MailChoices {
    /// A mail for each comment on their writing, or after theirs.
    replies: bool,
    /// A mail each time someone mentions them.
    mentions: bool,
    /// A mail for each new album of an artist they follow.
    new_releases: bool,
    /// Each week, the notifications they have not read.
    digest: bool,
}

impl MailChoices {
    fn of(kinds: &[MailKind]) -> Self {
        Self {
            replies: kinds.contains(&MailKind::Replies),
            mentions: kinds.contains(&MailKind::Mentions),
            new_releases: kinds.contains(&MailKind::NewReleases),
            digest: kinds.contains(&MailKind::Digest),
        }
    }
}

/// Whether mail from the site reaches the caller, and which they asked for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MailStatus {
    /// Whether the site sends mail at all.
    sends_mail: bool,
    /// Why the mail server refused the caller's address for good (nothing
    /// more is sent there until it changes); null while mail reaches it.
    #[schema(required)]
    undeliverable: Option<String>,
    /// The notification mail the caller asked for.
    mailed: MailChoices,
}

fn status_of(
    conn: &rusqlite::Connection,
    sends_mail: bool,
    user: i64,
    email: &str,
) -> AppResult<MailStatus> {
    Ok(MailStatus {
        sends_mail,
        undeliverable: outbox::undeliverable(conn, email)?,
        mailed: MailChoices::of(&mail_subscriptions::kinds(conn, user)?),
    })
}

#[utoipa::path(
    get,
    path = "/settings/mail",
    tag = "account",
    responses(SignedIn, (status = 200, description = "Whether the site's mail reaches the caller, and which they asked for", body = MailStatus)),
    security(("bearer" = []))
)]
async fn mail_status(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<MailStatus>> {
    let sends_mail = state.sends_mail;
    run_blocking(&state.pool, move |conn| {
        Ok(Json(status_of(conn, sends_mail, caller.id, &caller.email)?))
    })
    .await
}

/// The kinds of mail to turn on or off; those not sent stay as they are.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MailChange {
    replies: Option<bool>,
    mentions: Option<bool>,
    new_releases: Option<bool>,
    digest: Option<bool>,
}

#[utoipa::path(
    put,
    path = "/settings/mail",
    tag = "account",
    request_body = MailChange,
    responses(SignedIn, (status = 200, description = "Changed; what was not sent stays", body = MailStatus), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 409, description = "The site sends no mail", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn choose_mail(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<MailChange>,
) -> AppResult<Json<MailStatus>> {
    if !state.sends_mail {
        return Err(AppError::Conflict(
            "This site sends no mail: its admin has not set up a mail server".to_owned(),
        ));
    }
    let changes = [
        (MailKind::Replies, body.replies),
        (MailKind::Mentions, body.mentions),
        (MailKind::NewReleases, body.new_releases),
        (MailKind::Digest, body.digest),
    ];
    state
        .writer
        .write(move |conn| {
            let now = now();
            for (kind, on) in changes {
                if let Some(on) = on {
                    mail_subscriptions::set(conn, caller.id, kind, on, &new_token(), &now)?;
                }
            }
            Ok(Json(status_of(conn, true, caller.id, &caller.email)?))
        })
        .await
}
