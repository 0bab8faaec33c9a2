//! The new-release checks' bookkeeping: which artist to ask MusicBrainz about
//! next, and the release groups an editor deleted, never to be added again.

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

/// The artist to ask about next, if any was last asked before `checked_before`
/// (or never): followed artists first, then the longest unasked.
pub fn next_artist(conn: &Connection, checked_before: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT a.id FROM artists a LEFT JOIN release_checks c ON c.artist_id = a.id
         WHERE a.mbid IS NOT NULL AND (c.checked_at IS NULL OR c.checked_at < ?1)
         ORDER BY EXISTS (SELECT 1 FROM artist_follows f WHERE f.artist_id = a.id) DESC,
                  c.checked_at IS NOT NULL, c.checked_at, a.id
         LIMIT 1",
    )?
    .query_row([checked_before], |row| row.get(0))
    .optional()
}

/// How many artists MusicBrainz knows by id: each is asked about once a day.
pub fn artists_to_check(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM artists WHERE mbid IS NOT NULL")?
        .query_row([], |row| row.get(0))
}

/// Records that the artist was asked about now, what it added, and any trouble.
pub fn record_check(
    conn: &Connection,
    artist_id: i64,
    checked_at: &str,
    added: usize,
    trouble: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO release_checks (artist_id, checked_at, added, trouble) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (artist_id) DO UPDATE
         SET checked_at = excluded.checked_at, added = excluded.added, trouble = excluded.trouble",
    )?
    .execute(params![artist_id, checked_at, added as i64, trouble])?;
    Ok(())
}

/// The release groups of the artist whose albums an editor deleted.
pub fn forgotten(conn: &Connection, artist_id: i64) -> rusqlite::Result<HashSet<String>> {
    conn.prepare_cached(
        "SELECT mb_release_group FROM forgotten_release_groups WHERE artist_id = ?1",
    )?
    .query_map([artist_id], |row| row.get(0))?
    .collect()
}

/// Which albums `/new` lists, and for whom.
pub struct Asked<'a> {
    /// Upcoming (dated after `today`, soonest first), or recent (from `since`
    /// to `today`, newest first).
    pub upcoming: bool,
    pub today: &'a str,
    pub since: &'a str,
    /// Only the artists this member follows.
    pub followed_by: Option<i64>,
    /// Only albums on this member's wishlist.
    pub wished_by: Option<i64>,
    pub genre_id: Option<i64>,
    pub limit: u32,
    pub offset: u32,
}

/// The ids of the albums asked for, in their order: a range of the release
/// date index, each filter a lookup by the album; only the artists a member
/// follows, a range of each one's dates.
pub fn releases(conn: &Connection, asked: &Asked) -> rusqlite::Result<Vec<i64>> {
    let range = if asked.upcoming {
        "a.release_date > ?1 AND ?2 IS NOT NULL"
    } else {
        "a.release_date <= ?1 AND a.release_date >= ?2"
    };
    let order = if asked.upcoming { "ASC" } else { "DESC" };
    let albums = match asked.followed_by {
        Some(_) => "artist_follows f JOIN albums a ON a.artist_id = f.artist_id AND f.user_id = ?3",
        None => "albums a",
    };
    let sql = format!(
        "SELECT a.id FROM {albums}
         WHERE {range}
           AND (?4 IS NULL OR EXISTS (SELECT 1 FROM wishlist_items w WHERE w.user_id = ?4 AND w.album_id = a.id))
           AND (?5 IS NULL OR EXISTS (SELECT 1 FROM album_genres g WHERE g.album_id = a.id AND g.genre_id = ?5))
         ORDER BY a.release_date {order}, a.id {order}
         LIMIT ?6 OFFSET ?7"
    );
    conn.prepare_cached(&sql)?
        .query_map(
            params![
                asked.today,
                asked.since,
                asked.followed_by,
                asked.wished_by,
                asked.genre_id,
                asked.limit,
                asked.offset
            ],
            |row| row.get(0),
        )?
        .collect()
}

/// Whether the followers of `day`'s albums were told already.
pub fn release_day_told(conn: &Connection, day: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM release_days_told WHERE day = ?1)")?
        .query_row([day], |row| row.get(0))
}

/// Tells the followers of each artist whose album is out on `day` (known to
/// the day, and added before it: an album to come), once per day however
/// often it is asked; how many were told.
pub fn tell_release_day(conn: &Connection, day: &str, told_at: &str) -> rusqlite::Result<usize> {
    let first_time = conn
        .prepare_cached(
            "INSERT INTO release_days_told (day, told_at) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
        )?
        .execute([day, told_at])?;
    if first_time == 0 {
        return Ok(0);
    }
    conn.prepare_cached(
        "INSERT INTO notifications (user_id, kind, album_id, created_at)
         SELECT f.user_id, 'release-day', a.id, ?2
         FROM albums a JOIN artist_follows f ON f.artist_id = a.artist_id
         WHERE a.release_date = ?1 AND a.release_date_precision = 'day' AND a.created_at < ?1",
    )?
    .execute([day, told_at])
}

/// One artist's last check, as the admin page lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseCheck {
    pub artist_id: i64,
    pub artist: String,
    pub artist_slug: String,
    pub checked_at: String,
    /// Albums that check added.
    pub added: i64,
    /// Why it failed; empty when it did not.
    pub trouble: String,
}

/// The latest checks, newest first, through the index of when (CROSS JOIN
/// keeps the checks the outer loop: the planner would otherwise sort every artist).
pub fn latest_checks(conn: &Connection, limit: u32) -> rusqlite::Result<Vec<ReleaseCheck>> {
    conn.prepare_cached(
        "SELECT c.artist_id, a.name, a.slug, c.checked_at, c.added, c.trouble
         FROM release_checks c CROSS JOIN artists a ON a.id = c.artist_id
         ORDER BY c.checked_at DESC LIMIT ?1",
    )?
    .query_map([limit], |row| {
        Ok(ReleaseCheck {
            artist_id: row.get(0)?,
            artist: row.get(1)?,
            artist_slug: row.get(2)?,
            checked_at: row.get(3)?,
            added: row.get(4)?,
            trouble: row.get(5)?,
        })
    })?
    .collect()
}
