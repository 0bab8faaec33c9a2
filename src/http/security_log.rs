//! The security log: one line per failed log-in, refused permission, limit
//! hit and admin action, with the client address and never a password or a
//! token. Every line has the same shape, which `assets/fail2ban/` matches:
//!
//! ```text
//! 2026-11-23T21:04:05.123456Z  WARN halfstar::security: login-failed client=203.0.113.7 account="vinylvera"
//! 2026-11-23T21:04:06.000001Z  WARN halfstar::security: limit-hit client=203.0.113.7 user="-" request="POST /api/auth/login" status=429
//! 2026-11-23T21:04:07.000002Z  WARN halfstar::security: permission-refused client=198.51.100.4 user="mira99" request="DELETE /api/album/12" status=403
//! 2026-11-23T21:04:07.500000Z  WARN halfstar::security: key-refused client=198.51.100.5 key="player token"
//! 2026-11-23T21:04:08.000003Z  INFO halfstar::security: admin-action client=198.51.100.9 user="vinylvera" request="DELETE /api/comment/31" status=204
//! ```
//!
//! The kind and the client come first, so nothing a client typed (a name,
//! a path) can stand where a filter looks for the address; what they typed
//! is quoted with its quotes and control characters escaped.

use std::sync::{Arc, Mutex};

use axum::extract::{OriginalUri, Request};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use super::ClientAddress;
use crate::db::users::User;
use crate::domain::Role;

pub const TARGET: &str = "halfstar::security";

/// A wrong password (or an unknown account) at log-in or before an account change.
pub fn login_failed(client: ClientAddress, account: &str) {
    tracing::warn!(target: TARGET, "login-failed client={client} account={account:?}");
}

/// A long-lived key (a player token, a calendar link) that names nobody:
/// guessed, revoked, or ended with its member's sessions.
pub fn key_refused(client: ClientAddress, key: &str) {
    tracing::warn!(target: TARGET, "key-refused client={client} key={key:?}");
}

/// An action taken with the CLI, which has no client address.
pub fn cli_action(action: &str) {
    tracing::info!(target: TARGET, "admin-action client=cli user=\"-\" request={action:?}");
}

/// Who the request turned out to be from, filled in by the extractors that
/// resolve the token, read by `watch` once the answer is made.
#[derive(Clone, Default)]
pub struct CallerSlot(Arc<Mutex<Option<(String, Role)>>>);

impl CallerSlot {
    pub fn set(&self, user: &User) {
        *self.0.lock().expect("caller slot") = Some((user.username.clone(), user.role));
    }

    fn get(&self) -> Option<(String, Role)> {
        self.0.lock().expect("caller slot").clone()
    }
}

/// Logs refusals (403), limits hit (429, and 503 for a full password queue)
/// and what admins delete. It also settles the client's address once for
/// the request, for every `ClientAddress` extracted after it.
pub async fn watch(client: ClientAddress, mut request: Request, next: Next) -> Response {
    let slot = CallerSlot::default();
    request.extensions_mut().insert(slot.clone());
    request.extensions_mut().insert(client);
    let method = request.method().clone();
    // Inside the /api nest the URI has lost its prefix; the original has it.
    let uri = request
        .extensions()
        .get::<OriginalUri>()
        .map_or_else(|| request.uri().clone(), |original| original.0.clone());
    let response = next.run(request).await;

    let status = response.status();
    let caller = || slot.get();
    let (kind, caller) = match status {
        StatusCode::FORBIDDEN => ("permission-refused", caller()),
        StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE => ("limit-hit", caller()),
        _ if status.is_success() && method == Method::DELETE => match caller() {
            Some(admin) if admin.1 == Role::Admin => ("admin-action", Some(admin)),
            _ => return response,
        },
        _ => return response,
    };
    let user = caller.as_ref().map_or("-", |(name, _)| name.as_str());
    let request = format!("{method} {}", uri.path());
    let status = status.as_u16();
    if kind == "admin-action" {
        tracing::info!(target: TARGET, "{kind} client={client} user={user:?} request={request:?} status={status}");
    } else {
        tracing::warn!(target: TARGET, "{kind} client={client} user={user:?} request={request:?} status={status}");
    }
    response
}
