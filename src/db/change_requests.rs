//! Corrections members suggest to albums and artists, waiting for an editor.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::revisions::{self, EntityKind};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeRequest {
    pub request_id: i64,
    pub entity_kind: EntityKind,
    pub entity_id: i64,
    pub requester: String,
    /// The fields as the requester would have them (an edit's body).
    #[schema(value_type = Object)]
    pub fields: Value,
    /// The fields as they are now; null when the album or artist is gone.
    #[schema(required, value_type = Option<Object>)]
    pub current: Option<Value>,
    pub note: String,
    pub created_at: String,
    /// open, accepted or declined.
    pub status: String,
}

pub struct NewRequest<'a> {
    pub kind: EntityKind,
    pub entity_id: i64,
    pub requester_id: i64,
    pub fields: &'a Value,
    pub note: &'a str,
}

pub fn create(conn: &Connection, request: &NewRequest, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO change_requests (entity_kind, entity_id, requester_id, fields_json, note, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        request.kind.as_str(),
        request.entity_id,
        request.requester_id,
        request.fields.to_string(),
        request.note,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

const REQUEST_QUERY: &str = "SELECT c.id, c.entity_kind, c.entity_id, u.username, c.fields_json,
        c.note, c.created_at, c.status
     FROM change_requests c JOIN users u ON u.id = c.requester_id";

fn request_from_row(conn: &Connection, row: &rusqlite::Row) -> rusqlite::Result<ChangeRequest> {
    let kind = if row.get::<_, String>(1)? == "artist" {
        EntityKind::Artist
    } else {
        EntityKind::Album
    };
    let entity_id: i64 = row.get(2)?;
    let fields: String = row.get(4)?;
    Ok(ChangeRequest {
        request_id: row.get(0)?,
        entity_kind: kind,
        entity_id,
        requester: row.get(3)?,
        fields: serde_json::from_str(&fields).unwrap_or(Value::Null),
        current: revisions::snapshot(conn, kind, entity_id)?,
        note: row.get(5)?,
        created_at: row.get(6)?,
        status: row.get(7)?,
    })
}

/// The open requests, oldest first.
pub fn open(conn: &Connection) -> rusqlite::Result<Vec<ChangeRequest>> {
    let mut statement = conn.prepare_cached(&format!(
        "{REQUEST_QUERY} WHERE c.status = 'open' ORDER BY c.id LIMIT 500"
    ))?;
    let mut rows = statement.query([])?;
    let mut requests = Vec::new();
    while let Some(row) = rows.next()? {
        requests.push(request_from_row(conn, row)?);
    }
    Ok(requests)
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<ChangeRequest>> {
    let mut statement = conn.prepare_cached(&format!("{REQUEST_QUERY} WHERE c.id = ?1"))?;
    let mut rows = statement.query([id])?;
    rows.next()?
        .map(|row| request_from_row(conn, row))
        .transpose()
}

/// Closes an open request; whether it was still open.
pub fn close(
    conn: &Connection,
    id: i64,
    status: &str,
    resolved_by: &str,
    note: &str,
    now: &str,
) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached(
            "UPDATE change_requests SET status = ?2, resolved_by = ?3, resolution_note = ?4,
                    resolved_at = ?5
             WHERE id = ?1 AND status = 'open'",
        )?
        .execute(params![id, status, resolved_by, note, now])?;
    Ok(changed == 1)
}

/// Who suggested the request.
pub fn requester_id(conn: &Connection, id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT requester_id FROM change_requests WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
}

pub fn open_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM change_requests WHERE status = 'open'")?
        .query_row([], |row| row.get(0))
}

/// Whether the album or artist exists (a request about nothing is refused).
pub fn entity_exists(conn: &Connection, kind: EntityKind, id: i64) -> rusqlite::Result<bool> {
    let sql = match kind {
        EntityKind::Album => "SELECT 1 FROM albums WHERE id = ?1",
        EntityKind::Artist => "SELECT 1 FROM artists WHERE id = ?1",
    };
    Ok(conn
        .prepare_cached(sql)?
        .query_row([id], |_| Ok(()))
        .optional()?
        .is_some())
}
