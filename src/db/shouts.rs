use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::hidden::{Reader, shown};
use super::users::{Author, author_at};

/// A message left on a member's profile.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shout {
    pub shout_id: i64,
    pub shout_text: String,
    pub user_id: i64,
    pub recipient_username: String,
    pub created_at: String,
    pub user: Author,
    /// Hidden by an admin: only its author and the admins see it.
    pub hidden: bool,
}

const SHOUT_SELECT: &str = "SELECT s.id, s.shout_text, s.user_id, r.username, s.created_at,
        u.id, u.username, u.profile_picture_url, s.hidden_at IS NOT NULL
     FROM shouts s JOIN users u ON u.id = s.user_id JOIN users r ON r.id = s.recipient_id";

fn shout_from_row(row: &Row<'_>) -> rusqlite::Result<Shout> {
    Ok(Shout {
        shout_id: row.get(0)?,
        shout_text: row.get(1)?,
        user_id: row.get(2)?,
        recipient_username: row.get(3)?,
        created_at: row.get(4)?,
        user: author_at(row, 5)?,
        hidden: row.get(8)?,
    })
}

pub fn insert(
    conn: &Connection,
    author_id: i64,
    recipient_id: i64,
    text: &str,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO shouts (user_id, recipient_id, shout_text, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![author_id, recipient_id, text, now])?;
    Ok(conn.last_insert_rowid())
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Shout>> {
    conn.prepare_cached(&format!("{SHOUT_SELECT} WHERE s.id = ?1"))?
        .query_row([id], shout_from_row)
        .optional()
}

/// The shouts on a member's profile that the reader sees, newest first.
pub fn on_profile(
    conn: &Connection,
    recipient_id: i64,
    page: Page,
    reader: Reader,
) -> rusqlite::Result<Vec<Shout>> {
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "{SHOUT_SELECT} WHERE s.recipient_id = ?1 AND {}
         ORDER BY s.created_at DESC, s.id DESC LIMIT ?2 OFFSET ?3",
        shown("s", 4)
    ))?
    .query_map(
        params![recipient_id, page.limit, page.offset, member, sees_hidden],
        shout_from_row,
    )?
    .collect()
}

/// The author and the profile owner of a shout, for permission checks.
pub fn parties(conn: &Connection, id: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.prepare_cached("SELECT user_id, recipient_id FROM shouts WHERE id = ?1")?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM shouts WHERE id = ?1")?
        .execute([id])?
        > 0)
}
