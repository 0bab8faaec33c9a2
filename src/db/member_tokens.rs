//! The tokens a member makes for other programs: the player token music
//! players send (V28) and the calendar link's token (V39). One of each a
//! member; only its SHA-256 is kept, so a token is shown once, when made.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

/// Which of a member's tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Player,
    Calendar,
}

impl TokenKind {
    fn table(self) -> &'static str {
        match self {
            Self::Player => "player_tokens",
            Self::Calendar => "calendar_tokens",
        }
    }
}

/// Whether a member has the token, and its use.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub created_at: String,
    #[schema(required)]
    pub last_used_at: Option<String>,
}

/// Makes `token_hash` the member's token of this kind, replacing any other.
pub fn set_token(
    conn: &Connection,
    kind: TokenKind,
    user_id: i64,
    token_hash: &[u8],
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO {} (user_id, token_hash, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE
         SET token_hash = excluded.token_hash, created_at = excluded.created_at,
             last_used_at = NULL",
        kind.table()
    ))?
    .execute(params![user_id, token_hash, now])?;
    Ok(())
}

/// Revokes the member's token of this kind; false when they had none.
pub fn revoke_token(conn: &Connection, kind: TokenKind, user_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(&format!("DELETE FROM {} WHERE user_id = ?1", kind.table()))?
        .execute([user_id])?
        > 0)
}

/// The member's token's state; none when they have no token of this kind.
pub fn token_status(
    conn: &Connection,
    kind: TokenKind,
    user_id: i64,
) -> rusqlite::Result<Option<TokenStatus>> {
    conn.prepare_cached(&format!(
        "SELECT created_at, last_used_at FROM {} WHERE user_id = ?1",
        kind.table()
    ))?
    .query_row([user_id], |row| {
        Ok(TokenStatus {
            created_at: row.get(0)?,
            last_used_at: row.get(1)?,
        })
    })
    .optional()
}

/// The member whose token of this kind hashes to `token_hash`, and when it
/// was last used.
pub fn member_of_token(
    conn: &Connection,
    kind: TokenKind,
    token_hash: &[u8],
) -> rusqlite::Result<Option<(i64, Option<String>)>> {
    conn.prepare_cached(&format!(
        "SELECT user_id, last_used_at FROM {} WHERE token_hash = ?1",
        kind.table()
    ))?
    .query_row([token_hash], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}

/// Notes when the member's token was last used.
pub fn touch_token(
    conn: &Connection,
    kind: TokenKind,
    user_id: i64,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(&format!(
        "UPDATE {} SET last_used_at = ?2 WHERE user_id = ?1",
        kind.table()
    ))?
    .execute(params![user_id, now])?;
    Ok(())
}
