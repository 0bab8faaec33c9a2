//! Sign-in sessions: a token's SHA-256 hash, its user, its device and
//! address, and its expiry. A session ends at its idle expiry (slid forward
//! on use) or once it is older than the absolute lifetime, whichever is first.

use rusqlite::{Connection, OptionalExtension, params};

use super::users::{AFTER_USER_COLUMNS, USER_COLUMNS, User, user_from_row};

/// Where and how a session was opened or last used.
pub struct Client<'a> {
    pub user_agent: &'a str,
    pub address: &'a str,
}

pub fn insert(
    conn: &Connection,
    token_hash: &[u8],
    user_id: i64,
    client: &Client,
    now: &str,
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO sessions
             (token_hash, user_id, created_at, last_used_at, expires_at, user_agent, address)
         VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        token_hash,
        user_id,
        now,
        expires_at,
        client.user_agent,
        client.address
    ])?;
    Ok(())
}

/// A live session and its member.
#[derive(Debug, Clone)]
pub struct LiveSession {
    pub user: User,
    pub created_at: String,
    pub last_used_at: String,
    pub expires_at: String,
}

impl LiveSession {
    /// Whether it is still live at `now` for sessions opened after
    /// `opened_after` (the same test `user_for_token` makes in SQL).
    pub fn is_live(&self, now: &str, opened_after: &str) -> bool {
        self.expires_at.as_str() > now && self.created_at.as_str() > opened_after
    }
}

/// The live session (unexpired, and opened after `opened_after`) of a token.
pub fn user_for_token(
    conn: &Connection,
    token_hash: &[u8],
    now: &str,
    opened_after: &str,
) -> rusqlite::Result<Option<LiveSession>> {
    let sql = format!(
        "SELECT {USER_COLUMNS}, sessions.created_at, sessions.last_used_at, sessions.expires_at
         FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = ?1 AND sessions.expires_at > ?2 AND sessions.created_at > ?3"
    );
    conn.prepare_cached(&sql)?
        .query_row(params![token_hash, now, opened_after], |row| {
            Ok(LiveSession {
                user: user_from_row(row)?,
                created_at: row.get(AFTER_USER_COLUMNS)?,
                last_used_at: row.get(AFTER_USER_COLUMNS + 1)?,
                expires_at: row.get(AFTER_USER_COLUMNS + 2)?,
            })
        })
        .optional()
}

/// Slides a session's expiry forward after use, noting where it was used from.
pub fn touch(
    conn: &Connection,
    token_hash: &[u8],
    address: &str,
    now: &str,
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE sessions SET last_used_at = ?2, expires_at = ?3, address = ?4
         WHERE token_hash = ?1",
    )?
    .execute(params![token_hash, now, expires_at, address])?;
    Ok(())
}

/// A live session as its member sees it. `id` is the first 16 hex digits of
/// the token's hash: enough to tell a member's sessions apart, and no use
/// for signing in.
pub struct SessionRow {
    pub id: String,
    pub token_hash: Vec<u8>,
    pub user_agent: String,
    pub address: String,
    pub created_at: String,
    pub last_used_at: String,
}

pub(super) const SESSION_ID: &str = "lower(substr(hex(token_hash), 1, 16))";

/// A member's live sessions, the most recently used first.
pub fn list_for_user(
    conn: &Connection,
    user_id: i64,
    now: &str,
    opened_after: &str,
) -> rusqlite::Result<Vec<SessionRow>> {
    let sql = format!(
        "SELECT {SESSION_ID}, token_hash, user_agent, address, created_at, last_used_at
         FROM sessions
         WHERE user_id = ?1 AND expires_at > ?2 AND created_at > ?3
         ORDER BY last_used_at DESC, created_at DESC"
    );
    conn.prepare_cached(&sql)?
        .query_map(params![user_id, now, opened_after], |row| {
            Ok(SessionRow {
                id: row.get(0)?,
                token_hash: row.get(1)?,
                user_agent: row.get(2)?,
                address: row.get(3)?,
                created_at: row.get(4)?,
                last_used_at: row.get(5)?,
            })
        })?
        .collect()
}

/// Ends one of a member's sessions by its id; whether there was one.
pub fn delete_by_id(conn: &Connection, user_id: i64, id: &str) -> rusqlite::Result<bool> {
    let sql = format!("DELETE FROM sessions WHERE user_id = ?1 AND {SESSION_ID} = lower(?2)");
    Ok(conn.prepare_cached(&sql)?.execute(params![user_id, id])? > 0)
}

pub fn delete(conn: &Connection, token_hash: &[u8]) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM sessions WHERE token_hash = ?1")?
        .execute([token_hash])?;
    Ok(())
}

/// What signing a member out ended: sessions, and long-lived keys (the
/// player token, the calendar link), which end with them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ended {
    pub sessions: usize,
    pub keys: usize,
}

/// Signs a member out everywhere: every session and every long-lived key.
pub fn end_all(conn: &Connection, user_id: i64) -> rusqlite::Result<Ended> {
    end_all_keeping(conn, user_id, None)
}

/// Signs a member out everywhere but the session `keep` (where they just
/// changed their password): every other session and every long-lived key.
pub fn end_all_but(conn: &Connection, user_id: i64, keep: &[u8]) -> rusqlite::Result<Ended> {
    end_all_keeping(conn, user_id, Some(keep))
}

fn end_all_keeping(
    conn: &Connection,
    user_id: i64,
    keep: Option<&[u8]>,
) -> rusqlite::Result<Ended> {
    // `IS NOT NULL` holds for every session: with nothing kept, all end.
    let sessions = conn
        .prepare_cached("DELETE FROM sessions WHERE user_id = ?1 AND token_hash IS NOT ?2")?
        .execute(params![user_id, keep])?;
    let keys = super::member_tokens::revoke_all(conn, user_id)?;
    Ok(Ended { sessions, keys })
}

pub fn delete_expired(conn: &Connection, now: &str, opened_after: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM sessions WHERE expires_at <= ?1 OR created_at <= ?2")?
        .execute([now, opened_after])
}
