//! The picture store: the addresses wanted, their fetching state, and each
//! picture's sizes.

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

/// A picture to fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub id: i64,
    pub url: String,
    pub attempts: u32,
}

/// Pictures due for fetching at `now`, oldest wanted first.
pub fn due(conn: &Connection, now: &str, limit: u32) -> rusqlite::Result<Vec<Due>> {
    conn.prepare_cached(
        "SELECT id, url, attempts FROM pictures
         WHERE status = 'pending' AND next_attempt_at <= ?1 ORDER BY id LIMIT ?2",
    )?
    .query_map(params![now, limit], |row| {
        Ok(Due {
            id: row.get(0)?,
            url: row.get(1)?,
            attempts: row.get(2)?,
        })
    })?
    .collect()
}

/// Keeps a fetched picture's sizes. Call inside a transaction.
pub fn store(
    conn: &Connection,
    id: i64,
    (width, height): (u32, u32),
    sizes: &[(u32, Vec<u8>)],
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM picture_sizes WHERE picture_id = ?1")?
        .execute([id])?;
    for (served_width, bytes) in sizes {
        let etag = format!("\"{}\"", &hex(&Sha256::digest(bytes))[..32]);
        conn.prepare_cached(
            "INSERT INTO picture_sizes (picture_id, width, etag, bytes) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, served_width, etag, bytes])?;
    }
    conn.prepare_cached(
        "UPDATE pictures SET status = 'ready', width = ?2, height = ?3, fetched_at = ?4,
                attempts = attempts + 1, last_error = '', next_attempt_at = ''
         WHERE id = ?1",
    )?
    .execute(params![id, width, height, now])?;
    Ok(())
}

/// Notes a failed fetch: to be tried again at `retry_at`, or refused for good.
pub fn failed(
    conn: &Connection,
    id: i64,
    error: &str,
    retry_at: Option<&str>,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE pictures SET attempts = attempts + 1, last_error = ?2,
                status = CASE WHEN ?3 IS NULL THEN 'failed' ELSE 'pending' END,
                next_attempt_at = coalesce(?3, '')
         WHERE id = ?1",
    )?
    .execute(params![id, error, retry_at])?;
    Ok(())
}

/// A picture's state by its address: status, and why it last failed.
pub fn state(conn: &Connection, url: &str) -> rusqlite::Result<Option<(String, String)>> {
    conn.prepare_cached("SELECT status, last_error FROM pictures WHERE url = ?1")?
        .query_row([url], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// One size of a ready picture: its ETag and bytes.
pub fn size(
    conn: &Connection,
    url: &str,
    width: u32,
) -> rusqlite::Result<Option<(String, Vec<u8>)>> {
    conn.prepare_cached(
        "SELECT s.etag, s.bytes FROM pictures p JOIN picture_sizes s ON s.picture_id = p.id
         WHERE p.url = ?1 AND s.width = ?2",
    )?
    .query_row(params![url, width], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}

/// Whether the address is one the site wants (some album, artist or member has it).
pub fn is_wanted(conn: &Connection, url: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM pictures WHERE url = ?1)")?
        .query_row([url], |row| row.get(0))
}

/// Puts every failed picture, or all of them with `again`, back to fetch now.
pub fn fetch_again(conn: &Connection, again: bool) -> rusqlite::Result<usize> {
    conn.execute(
        if again {
            "UPDATE pictures SET status = 'pending', next_attempt_at = ''"
        } else {
            "UPDATE pictures SET status = 'pending', next_attempt_at = '' WHERE status != 'ready'"
        },
        [],
    )
}

/// Removes the pictures nothing uses any more; how many went.
pub fn prune(conn: &Connection) -> rusqlite::Result<usize> {
    conn.execute(
        "DELETE FROM pictures WHERE url NOT IN (
             SELECT picture_url FROM albums UNION SELECT picture_url FROM artists
             UNION SELECT profile_picture_url FROM users)",
        [],
    )
}

/// The latest refused addresses and why, newest attempt first.
pub fn latest_refusals(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<(String, String)>> {
    conn.prepare(
        "SELECT url, last_error FROM pictures WHERE last_error != '' ORDER BY id DESC LIMIT ?1",
    )?
    .query_map([limit], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// The store's figures.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PictureFigures {
    pub ready: i64,
    pub pending: i64,
    pub failed: i64,
    /// Bytes of every size of every picture.
    pub bytes: i64,
}

pub fn figures(conn: &Connection) -> rusqlite::Result<PictureFigures> {
    conn.query_row(
        "SELECT (SELECT count(*) FROM pictures WHERE status = 'ready'),
                (SELECT count(*) FROM pictures WHERE status = 'pending'),
                (SELECT count(*) FROM pictures WHERE status = 'failed'),
                (SELECT coalesce(sum(length(bytes)), 0) FROM picture_sizes)",
        [],
        |row| {
            Ok(PictureFigures {
                ready: row.get(0)?,
                pending: row.get(1)?,
                failed: row.get(2)?,
                bytes: row.get(3)?,
            })
        },
    )
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
