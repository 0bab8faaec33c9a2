//! What the player token and the calendar link share: asking after a member's
//! key, making one (its hash kept, the key returned this once), revoking it,
//! and noting its use (when and from where, as a session's is).

use axum::http::StatusCode;

use super::AppState;
use crate::auth::token_hash;
use crate::db::member_tokens::{self, TokenKind, TokenStatus};
use crate::db::run_blocking;
use crate::domain::timestamp::{self, now};
use crate::error::{AppError, AppResult};
use crate::http::client_seen::ClientSeen;

/// A key's use by a read is noted at most this often, not on every look.
const NOTE_USE_EVERY: time::Duration = time::Duration::hours(1);

pub(super) async fn status(
    state: &AppState,
    kind: TokenKind,
    user_id: i64,
) -> AppResult<Option<TokenStatus>> {
    run_blocking(&state.pool, move |conn| {
        Ok(member_tokens::token_status(conn, kind, user_id)?)
    })
    .await
}

/// Keeps `token`'s hash as the member's key of this kind, replacing any
/// other; when it was made.
pub(super) async fn make(
    state: &AppState,
    kind: TokenKind,
    user_id: i64,
    token: &str,
    made_from: ClientSeen,
) -> AppResult<String> {
    let (hash, created_at) = (token_hash(token), now());
    let made = created_at.clone();
    state
        .writer
        .write(move |conn| {
            Ok(member_tokens::set_token(
                conn,
                kind,
                user_id,
                &hash,
                &made_from.as_client(),
                &made,
            )?)
        })
        .await?;
    Ok(created_at)
}

/// 204, or 404 with `missing` when the member has no such key.
pub(super) async fn revoke(
    state: &AppState,
    kind: TokenKind,
    user_id: i64,
    missing: &'static str,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            if member_tokens::revoke_token(conn, kind, user_id)? {
                Ok(StatusCode::NO_CONTENT)
            } else {
                Err(AppError::NotFound(missing.to_owned()))
            }
        })
        .await
}

/// Notes a read's use of a key last used at `last_used`, beside the answer
/// rather than before it (a reader waits for no write), and only when the
/// last note is older than an hour.
pub(super) fn note_read(
    state: &AppState,
    kind: TokenKind,
    user_id: i64,
    last_used: Option<&str>,
    client: ClientSeen,
) {
    let note_before = timestamp::before_now(NOTE_USE_EVERY);
    if last_used.is_some_and(|used| used >= note_before.as_str()) {
        return;
    }
    let writer = state.writer.clone();
    tokio::spawn(async move {
        let noted = writer
            .write(move |conn| {
                Ok::<_, AppError>(member_tokens::touch_token(
                    conn,
                    kind,
                    user_id,
                    &client.as_client(),
                    &now(),
                )?)
            })
            .await;
        if let Err(error) = noted {
            tracing::warn!(%error, "cannot note a key's use");
        }
    });
}
