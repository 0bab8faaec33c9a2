//! Sign-on at the household's provider: the sign-ins under way, and the
//! identities linked to members.

use rusqlite::{Connection, OptionalExtension, params};

/// A sign-in under way, as kept until its answer comes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub nonce: String,
    pub pkce_verifier: String,
    /// Set when a signed-in member links the provider to their account.
    pub link_user_id: Option<i64>,
    pub invite_code: String,
}

pub fn begin(
    conn: &Connection,
    state_hash: &[u8],
    attempt: &Attempt,
    expires_at: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM sign_on_attempts WHERE expires_at <= ?1")?
        .execute([now])?;
    conn.prepare_cached(
        "INSERT INTO sign_on_attempts (state_hash, nonce, pkce_verifier, link_user_id, invite_code, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        state_hash,
        attempt.nonce,
        attempt.pkce_verifier,
        attempt.link_user_id,
        attempt.invite_code,
        expires_at
    ])?;
    Ok(())
}

/// Takes the attempt of `state_hash` (it works once), if it is live at `now`.
pub fn take(conn: &Connection, state_hash: &[u8], now: &str) -> rusqlite::Result<Option<Attempt>> {
    conn.prepare_cached(
        "DELETE FROM sign_on_attempts WHERE state_hash = ?1
         RETURNING nonce, pkce_verifier, link_user_id, invite_code, expires_at > ?2",
    )?
    .query_row(params![state_hash, now], |row| {
        let live: bool = row.get(4)?;
        Ok(live.then(|| Attempt {
            nonce: row.get(0).unwrap_or_default(),
            pkce_verifier: row.get(1).unwrap_or_default(),
            link_user_id: row.get(2).unwrap_or_default(),
            invite_code: row.get(3).unwrap_or_default(),
        }))
    })
    .optional()
    .map(Option::flatten)
}

/// The member an identity is linked to.
pub fn member_of(conn: &Connection, issuer: &str, subject: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT user_id FROM sign_on_identities WHERE issuer = ?1 AND subject = ?2",
    )?
    .query_row([issuer, subject], |row| row.get(0))
    .optional()
}

/// Links an identity to a member (none if it is linked to someone already).
pub fn link(
    conn: &Connection,
    issuer: &str,
    subject: &str,
    user: i64,
    email: &str,
    now: &str,
) -> rusqlite::Result<bool> {
    let added = conn
        .prepare_cached(
            "INSERT INTO sign_on_identities (issuer, subject, user_id, email, linked_at, last_sign_in_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5) ON CONFLICT DO NOTHING",
        )?
        .execute(params![issuer, subject, user, email, now])?;
    Ok(added == 1)
}

/// Notes a sign-in through an identity.
pub fn signed_in(
    conn: &Connection,
    issuer: &str,
    subject: &str,
    email: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE sign_on_identities SET last_sign_in_at = ?4, email = ?3
         WHERE issuer = ?1 AND subject = ?2",
    )?
    .execute(params![issuer, subject, email, now])?;
    Ok(())
}

/// An identity as the member's settings list it.
#[derive(Debug, Clone)]
pub struct Identity {
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub linked_at: String,
    pub last_sign_in_at: String,
}

/// The member's identities (a handful at most), the newest linked first.
pub fn of_member(conn: &Connection, user: i64) -> rusqlite::Result<Vec<Identity>> {
    conn.prepare_cached(
        "SELECT issuer, subject, email, linked_at, last_sign_in_at FROM sign_on_identities
         WHERE user_id = ?1 ORDER BY linked_at DESC LIMIT 20",
    )?
    .query_map([user], |row| {
        Ok(Identity {
            issuer: row.get(0)?,
            subject: row.get(1)?,
            email: row.get(2)?,
            linked_at: row.get(3)?,
            last_sign_in_at: row.get(4)?,
        })
    })?
    .collect()
}

/// Unlinks one of the member's identities: whether it was theirs.
pub fn unlink(conn: &Connection, user: i64, issuer: &str, subject: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM sign_on_identities WHERE user_id = ?1 AND issuer = ?2 AND subject = ?3",
        )?
        .execute(params![user, issuer, subject])?
        == 1)
}

/// Notes that the member's address was just confirmed by a mailed link.
pub fn email_confirmed(conn: &Connection, user: i64, now: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE users SET email_confirmed_at = ?2 WHERE id = ?1")?
        .execute(params![user, now])?;
    Ok(())
}

/// Whether the member's address was confirmed by a mailed link here.
pub fn is_email_confirmed(conn: &Connection, user: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT email_confirmed_at IS NOT NULL FROM users WHERE id = ?1")?
        .query_row([user], |row| row.get(0))
        .optional()
        .map(|confirmed| confirmed.unwrap_or(false))
}
