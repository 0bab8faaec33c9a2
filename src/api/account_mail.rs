//! Whether the site's mail reaches the member: their settings say so when
//! the mail server refused their address for good.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::{AppState, CurrentUser};
use crate::db::{outbox, run_blocking};
use crate::error::AppResult;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mail_status))
}

/// Whether mail from the site reaches the caller.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MailStatus {
    /// Whether the site sends mail at all.
    sends_mail: bool,
    /// Why the mail server refused the caller's address for good (nothing
    /// more is sent there until it changes); null while mail reaches it.
    #[schema(required)]
    undeliverable: Option<String>,
}

#[utoipa::path(
    get,
    path = "/settings/mail",
    tag = "account",
    responses(SignedIn, (status = 200, description = "Whether the site's mail reaches the caller", body = MailStatus)),
    security(("bearer" = []))
)]
async fn mail_status(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<MailStatus>> {
    let undeliverable = run_blocking(&state.pool, move |conn| {
        Ok(outbox::undeliverable(conn, &caller.email)?)
    })
    .await?;
    Ok(Json(MailStatus {
        sends_mail: state.sends_mail,
        undeliverable,
    }))
}
