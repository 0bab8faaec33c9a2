//! What the player token and the calendar link share: asking after a member's
//! token, making one (its hash kept, the token returned this once) and
//! revoking it.

use axum::http::StatusCode;

use super::AppState;
use crate::auth::token_hash;
use crate::db::member_tokens::{self, TokenKind, TokenStatus};
use crate::db::run_blocking;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult};

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

/// Keeps `token`'s hash as the member's token of this kind, replacing any
/// other; when it was made.
pub(super) async fn make(
    state: &AppState,
    kind: TokenKind,
    user_id: i64,
    token: &str,
) -> AppResult<String> {
    let (hash, created_at) = (token_hash(token), now());
    let made = created_at.clone();
    state
        .writer
        .write(move |conn| Ok(member_tokens::set_token(conn, kind, user_id, &hash, &made)?))
        .await?;
    Ok(created_at)
}

/// 204, or 404 with `missing` when the member has no such token.
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
