//! The admin's view of the site's mail: whether it is set up, and the
//! newest mails of the outbox with what the mail server answered.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::AdminOnly;
use super::{Admin, AppState};
use crate::db::outbox::{self, OutboxEntry};
use crate::db::run_blocking;
use crate::error::AppResult;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mail))
}

/// The newest mails listed: one page.
const LISTED: u32 = 50;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboxMail {
    mail_id: i64,
    to: String,
    /// password-reset, password-changed, ...
    kind: String,
    created_at: String,
    /// waiting, sent or given-up.
    state: String,
    tries: u32,
    /// The server's answer once sent, else why not (empty before a first try).
    answer: String,
    /// When a waiting mail is tried next.
    next_try_at: String,
    #[schema(required)]
    done_at: Option<String>,
}

impl From<OutboxEntry> for OutboxMail {
    fn from(entry: OutboxEntry) -> Self {
        Self {
            mail_id: entry.id,
            to: entry.to,
            kind: entry.kind,
            created_at: entry.created_at,
            state: entry.state,
            tries: entry.tries,
            answer: entry.answer,
            next_try_at: entry.next_try_at,
            done_at: entry.done_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MailOverview {
    /// Whether the site sends mail (`--smtp-url`).
    sends_mail: bool,
    /// The newest mails first, at most 50.
    outbox: Vec<OutboxMail>,
}

#[utoipa::path(
    get,
    path = "/admin/mail",
    tag = "admin",
    responses(AdminOnly, (status = 200, description = "Whether mail is set up, and the newest mails with the server's answers", body = MailOverview)),
    security(("bearer" = []))
)]
async fn mail(State(state): State<AppState>, Admin(_): Admin) -> AppResult<Json<MailOverview>> {
    let latest = run_blocking(&state.pool, |conn| Ok(outbox::latest(conn, LISTED)?)).await?;
    Ok(Json(MailOverview {
        sends_mail: state.sends_mail,
        outbox: latest.into_iter().map(OutboxMail::from).collect(),
    }))
}
