//! The "Listened, not yet rated" queue: albums a member played (from an
//! imported listening history) and has not rated or dismissed.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::albums::{self, Album};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListenedAlbum {
    pub album: Album,
    pub plays: u32,
    #[schema(required)]
    pub last_listened_at: Option<String>,
}

/// Albums in the queue are those with listens, not dismissed, and without a
/// rating that carries a number.
const IN_QUEUE: &str = "FROM listens l
     WHERE l.user_id = ?1 AND l.dismissed = 0
       AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.user_id = l.user_id
                       AND r.album_id = l.album_id AND r.number IS NOT NULL)";

/// The member's queue, most played first, and how many it holds.
pub fn queue(
    conn: &Connection,
    user_id: i64,
    page: Page,
) -> rusqlite::Result<(Vec<ListenedAlbum>, i64)> {
    let total: i64 = conn
        .prepare_cached(&format!("SELECT count(*) {IN_QUEUE}"))?
        .query_row([user_id], |row| row.get(0))?;
    let listened: Vec<(i64, u32, Option<String>)> = conn
        .prepare_cached(&format!(
            "SELECT l.album_id, l.plays, l.last_listened_at {IN_QUEUE}
             ORDER BY l.plays DESC, l.last_listened_at DESC, l.album_id LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![user_id, page.limit, page.offset], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let ids: Vec<i64> = listened.iter().map(|(id, _, _)| *id).collect();
    let mut found = albums::by_ids(conn, &ids, Some(user_id))?.into_iter();
    // by_ids keeps the order of `ids`, and every id exists (same snapshot).
    let queue = listened
        .into_iter()
        .filter_map(|(_, plays, last_listened_at)| {
            found.next().map(|album| ListenedAlbum {
                album,
                plays,
                last_listened_at,
            })
        })
        .collect();
    Ok((queue, total))
}

/// The member's listens of one album: plays and last listen.
pub fn of_album(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
) -> rusqlite::Result<Option<(u32, Option<String>)>> {
    conn.prepare_cached(
        "SELECT plays, last_listened_at FROM listens WHERE user_id = ?1 AND album_id = ?2",
    )?
    .query_row(params![user_id, album_id], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
    .optional()
}

/// Sets an album's plays and last listen; a dismissed album stays dismissed.
pub fn set(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    plays: u32,
    last_listened_at: Option<&str>,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO listens (user_id, album_id, plays, last_listened_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, album_id)
         DO UPDATE SET plays = excluded.plays, last_listened_at = excluded.last_listened_at",
    )?
    .execute(params![user_id, album_id, plays, last_listened_at])?;
    Ok(())
}

/// Takes an album out of the member's queue; false when it was not in it.
pub fn dismiss(conn: &Connection, user_id: i64, album_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE listens SET dismissed = 1 WHERE user_id = ?1 AND album_id = ?2 AND dismissed = 0",
        )?
        .execute(params![user_id, album_id])?
        > 0)
}
