//! The community's year: the albums most listened in members' diaries and
//! most discussed (reviews and comments on the album's page, hidden ones
//! left out) in one year, read from the counters V32's triggers keep.

use rusqlite::{Connection, params};

/// The `limit` albums with the most listens logged in `year`, most first:
/// (album, listens).
pub fn most_listened(
    conn: &Connection,
    year: i32,
    limit: u32,
) -> rusqlite::Result<Vec<(i64, i64)>> {
    top(
        conn,
        "SELECT album_id, listens FROM album_year_listens
         WHERE year = ?1 AND listens > 0 ORDER BY listens DESC LIMIT ?2",
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
