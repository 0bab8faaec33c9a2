//! The community's year: the albums most members logged in their diaries
//! and the most discussed (reviews and comments on the album's page, hidden
//! ones left out) in one year, read from the counters the triggers of V32
//! and V41 keep.

use rusqlite::{Connection, params};

/// The `limit` albums the most members logged listens of in `year`, most
/// first: (album, members). A member's many listens of an album count once.
pub fn most_listened(
    conn: &Connection,
    year: i32,
    limit: u32,
) -> rusqlite::Result<Vec<(i64, i64)>> {
    top(
        conn,
        "SELECT album_id, listeners FROM album_year_listens
         WHERE year = ?1 AND listeners > 0 ORDER BY listeners DESC LIMIT ?2",
        year,
        limit,
    )
}

/// The `limit` albums with the most reviews and comments written in
/// `year`, most first: (album, reviews and comments).
pub fn most_discussed(
    conn: &Connection,
    year: i32,
    limit: u32,
) -> rusqlite::Result<Vec<(i64, i64)>> {
    top(
        conn,
        "SELECT album_id, posts FROM album_year_talk
         WHERE year = ?1 AND posts > 0 ORDER BY posts DESC LIMIT ?2",
        year,
        limit,
    )
}

fn top(conn: &Connection, sql: &str, year: i32, limit: u32) -> rusqlite::Result<Vec<(i64, i64)>> {
    conn.prepare_cached(sql)?
        .query_map(params![year, limit], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}
