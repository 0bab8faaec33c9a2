//! The long-lived keys a member makes for other programs: the player token
//! music players send (V28) and the calendar link's token (V39). One of each
//! a member; only its SHA-256 is kept, so a key is shown once, when made.
//! Each is a session of its kind: listed with the sessions (V40 notes where
//! it was made or last used from), and ended with them (`sessions::end_all`).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::sessions::Client;

/// Which of a member's keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Player,
    Calendar,
}

impl TokenKind {
    pub const ALL: [Self; 2] = [Self::Player, Self::Calendar];

    fn table(self) -> &'static str {
        match self {
            Self::Player => "player_tokens",
            Self::Calendar => "calendar_tokens",
        }
    }
}

/// Whether a member has the key, and its use.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub created_at: String,
    #[schema(required)]
    pub last_used_at: Option<String>,
}

/// Makes `token_hash` the member's key of this kind, replacing any other.
pub fn set_token(
    conn: &Connection,
    kind: TokenKind,
    user_id: i64,
    token_hash: &[u8],
    client: &Client,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(&format!(
        "INSERT INTO {} (user_id, token_hash, created_at, address, user_agent)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (user_id) DO UPDATE
         SET token_hash = excluded.token_hash, created_at = excluded.created_at,
             last_used_at = NULL, address = excluded.address, user_agent = excluded.user_agent",
        kind.table()
    ))?
    .execute(params![
        user_id,
        token_hash,
        now,
        client.address,
        client.user_agent
    ])?;
    Ok(())
}

/// Revokes the member's key of this kind; false when they had none.
pub fn revoke_token(conn: &Connection, kind: TokenKind, user_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(&format!("DELETE FROM {} WHERE user_id = ?1", kind.table()))?
        .execute([user_id])?
        > 0)
}

/// Revokes every key of the member; how many there were.
pub fn revoke_all(conn: &Connection, user_id: i64) -> rusqlite::Result<usize> {
    let mut revoked = 0;
    for kind in TokenKind::ALL {
        revoked += usize::from(revoke_token(conn, kind, user_id)?);
    }
    Ok(revoked)
}

/// The member's key's state; none when they have no key of this kind.
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

/// The member whose key of this kind hashes to `token_hash`, and when it
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

/// Notes when and from where the member's key was last used.
pub fn touch_token(
    conn: &Connection,
    kind: TokenKind,
    user_id: i64,
    client: &Client,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(&format!(
        "UPDATE {} SET last_used_at = ?2, address = ?3, user_agent = ?4 WHERE user_id = ?1",
        kind.table()
    ))?
    .execute(params![user_id, now, client.address, client.user_agent])?;
    Ok(())
}

/// A key as its member sees it beside their sessions. `id` is the first 16
/// hex digits of its hash, as a session's is.
#[derive(Debug, Clone)]
pub struct KeyRow {
    pub kind: TokenKind,
    pub id: String,
    pub user_agent: String,
    pub address: String,
    pub created_at: String,
    pub last_used_at: Option<String>,
}

/// The member's keys, at most one of each kind.
pub fn list_for_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<KeyRow>> {
    let mut keys = Vec::new();
    for kind in TokenKind::ALL {
        let found = conn
            .prepare_cached(&format!(
                "SELECT {}, user_agent, address, created_at, last_used_at
                 FROM {} WHERE user_id = ?1",
                super::sessions::SESSION_ID,
                kind.table()
            ))?
            .query_row([user_id], |row| {
                Ok(KeyRow {
                    kind,
                    id: row.get(0)?,
                    user_agent: row.get(1)?,
                    address: row.get(2)?,
                    created_at: row.get(3)?,
                    last_used_at: row.get(4)?,
                })
            })
            .optional()?;
        keys.extend(found);
    }
    Ok(keys)
}

/// Revokes the member's key whose id (from `list_for_user`) is `id`;
/// whether there was one.
pub fn revoke_by_id(conn: &Connection, user_id: i64, id: &str) -> rusqlite::Result<bool> {
    let mut revoked = false;
    for kind in TokenKind::ALL {
        let sql = format!(
            "DELETE FROM {} WHERE user_id = ?1 AND {} = lower(?2)",
            kind.table(),
            super::sessions::SESSION_ID
        );
        revoked |= conn.prepare_cached(&sql)?.execute(params![user_id, id])? > 0;
    }
    Ok(revoked)
}
