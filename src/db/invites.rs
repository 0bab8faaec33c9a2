//! Invite codes for invite-only sign-up: limited uses, an expiry, revocable.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invite {
    pub invite_id: i64,
    pub code: String,
    /// The page to open: `/sign-up?invite=CODE`.
    pub link: String,
    /// Who made it; null for the command line.
    #[schema(required)]
    pub created_by: Option<String>,
    pub created_at: String,
    pub expires_at: String,
    pub max_uses: i64,
    pub uses: i64,
    pub revoked: bool,
}

pub struct NewInvite<'a> {
    pub code: &'a str,
    pub created_by: Option<i64>,
    pub expires_at: &'a str,
    pub max_uses: i64,
}

pub fn create(conn: &Connection, invite: &NewInvite, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO invites (code, created_by, created_at, expires_at, max_uses)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        invite.code,
        invite.created_by,
        now,
        invite.expires_at,
        invite.max_uses
    ])?;
    Ok(conn.last_insert_rowid())
}

const INVITE_COLUMNS: &str = "invites.id, invites.code, users.username, invites.created_at,
     invites.expires_at, invites.max_uses, invites.uses, invites.revoked, invites.created_by";

fn invite_from_row(row: &rusqlite::Row) -> rusqlite::Result<(Invite, Option<i64>)> {
    let code: String = row.get(1)?;
    Ok((
        Invite {
            invite_id: row.get(0)?,
            link: format!("/sign-up?invite={code}"),
            code,
            created_by: row.get(2)?,
            created_at: row.get(3)?,
            expires_at: row.get(4)?,
            max_uses: row.get(5)?,
            uses: row.get(6)?,
            revoked: row.get(7)?,
        },
        row.get(8)?,
    ))
}

/// Everyone's invites (`None`) or one member's, newest first.
pub fn list(conn: &Connection, created_by: Option<i64>) -> rusqlite::Result<Vec<Invite>> {
    let sql = format!(
        "SELECT {INVITE_COLUMNS} FROM invites LEFT JOIN users ON users.id = invites.created_by
         WHERE ?1 IS NULL OR invites.created_by = ?1 ORDER BY invites.id DESC LIMIT 500"
    );
    conn.prepare_cached(&sql)?
        .query_map([created_by], |row| {
            invite_from_row(row).map(|(invite, _)| invite)
        })?
        .collect()
}

/// The invite and the id of the member who made it.
pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<(Invite, Option<i64>)>> {
    let sql = format!(
        "SELECT {INVITE_COLUMNS} FROM invites LEFT JOIN users ON users.id = invites.created_by
         WHERE invites.id = ?1"
    );
    conn.prepare_cached(&sql)?
        .query_row([id], invite_from_row)
        .optional()
}

pub fn revoke(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE invites SET revoked = 1 WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Uses the invite once, if it can still be used: one statement, so two
/// sign-ups racing for its last use cannot both have it.
pub fn take(conn: &Connection, code: &str, now: &str) -> rusqlite::Result<bool> {
    let taken = conn
        .prepare_cached(
            "UPDATE invites SET uses = uses + 1
             WHERE code = ?1 AND revoked = 0 AND expires_at > ?2 AND uses < max_uses",
        )?
        .execute(params![code, now])?;
    Ok(taken == 1)
}
