//! Warnings admins give members, shown to them until they have read them.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Warning {
    pub warning_id: i64,
    pub message: String,
    pub created_at: String,
}

pub fn create(conn: &Connection, user_id: i64, message: &str, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO warnings (user_id, message, created_at) VALUES (?1, ?2, ?3)")?
        .execute(params![user_id, message, now])?;
    Ok(conn.last_insert_rowid())
}

/// The member's warnings not yet read, oldest first.
pub fn unseen(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Warning>> {
    conn.prepare_cached(
        "SELECT id, message, created_at FROM warnings
         WHERE user_id = ?1 AND seen_at IS NULL ORDER BY id",
    )?
    .query_map([user_id], |row| {
        Ok(Warning {
            warning_id: row.get(0)?,
            message: row.get(1)?,
            created_at: row.get(2)?,
        })
    })?
    .collect()
}

/// Whether the member had that warning to read.
pub fn mark_seen(conn: &Connection, user_id: i64, id: i64, now: &str) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached(
            "UPDATE warnings SET seen_at = ?3 WHERE id = ?1 AND user_id = ?2 AND seen_at IS NULL",
        )?
        .execute(params![id, user_id, now])?;
    Ok(changed == 1)
}
