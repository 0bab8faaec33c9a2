//! Sign-in sessions: a token's SHA-256 hash, its user and its expiry.

use rusqlite::{Connection, OptionalExtension, params};

use super::users::{USER_COLUMNS, User, user_from_row};

pub fn insert(
    conn: &Connection,
    token_hash: &[u8],
    user_id: i64,
    now: &str,
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
         VALUES (?1, ?2, ?3, ?3, ?4)",
    )?
    .execute(params![token_hash, user_id, now, expires_at])?;
    Ok(())
}

/// The signed-in user of an unexpired session, and when it was last used.
pub fn user_for_token(
    conn: &Connection,
    token_hash: &[u8],
    now: &str,
) -> rusqlite::Result<Option<(User, String)>> {
    let sql = format!(
        "SELECT {USER_COLUMNS}, sessions.last_used_at FROM sessions
         JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = ?1 AND sessions.expires_at > ?2"
    );
    conn.prepare_cached(&sql)?
        .query_row(params![token_hash, now], |row| {
            Ok((user_from_row(row)?, row.get(6)?))
        })
        .optional()
}

/// Slides a session's expiry forward after use.
pub fn touch(
    conn: &Connection,
    token_hash: &[u8],
    now: &str,
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE sessions SET last_used_at = ?2, expires_at = ?3 WHERE token_hash = ?1",
    )?
    .execute(params![token_hash, now, expires_at])?;
    Ok(())
}

pub fn delete(conn: &Connection, token_hash: &[u8]) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM sessions WHERE token_hash = ?1")?
        .execute([token_hash])?;
    Ok(())
}

/// Signs a user out everywhere (after a password reset).
pub fn delete_for_user(conn: &Connection, user_id: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM sessions WHERE user_id = ?1")?
        .execute([user_id])
}

pub fn delete_expired(conn: &Connection, now: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM sessions WHERE expires_at <= ?1")?
        .execute([now])
}
