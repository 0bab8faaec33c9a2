//! Recommendations (V37): what the background worker reads and stores, and
//! what pages read back. Each read of the worker is bounded (the most recent
//! ratings only), and each read of a page is a handful of rows by key.

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::recommendations::{HIGHLY, Pick};

/// The most recent ratings read of one album or one member, so one
/// popular album or one prolific member bounds the work.
pub const RATINGS_READ: u32 = 300;
/// A member's most recently changed high ratings whose albums' similar
/// albums are worked out again when the member's taste changes.
pub const RECENT_ADMIRED: u32 = 20;

/// Takes up to `most` albums due for their similar albums, clearing their
/// marks: a rating after this marks the album again.
pub fn take_due_albums(conn: &Connection, most: u32) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "DELETE FROM similar_due WHERE album_id IN (SELECT album_id FROM similar_due LIMIT ?1)
         RETURNING album_id",
    )?
    .query_map([most], |row| row.get(0))?
    .collect()
}

/// Takes up to `most` members whose ratings changed, clearing their marks.
pub fn take_taste_changes(conn: &Connection, most: u32) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "DELETE FROM taste_changes WHERE user_id IN (SELECT user_id FROM taste_changes LIMIT ?1)
         RETURNING user_id",
    )?
    .query_map([most], |row| row.get(0))?
    .collect()
}

/// Whether any album or member is marked for the worker.
pub fn anything_marked(conn: &Connection) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM similar_due) OR EXISTS (SELECT 1 FROM taste_changes)",
    )?
    .query_row([], |row| row.get(0))
}

/// The members who rated the album highly, most recent first.
pub fn admirers(conn: &Connection, album_id: i64) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT user_id FROM ratings WHERE album_id = ?1 AND number >= ?2
         ORDER BY created_at DESC LIMIT ?3",
    )?
    .query_map(params![album_id, HIGHLY, RATINGS_READ], |row| row.get(0))?
    .collect()
}

/// The albums the member rated highly, most recent first.
pub fn admired_by(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT album_id FROM ratings WHERE user_id = ?1 AND number >= ?2
         ORDER BY created_at DESC LIMIT ?3",
    )?
    .query_map(params![user_id, HIGHLY, RATINGS_READ], |row| row.get(0))?
    .collect()
}

/// The albums the member rated highly whose ratings changed last.
pub fn recently_admired_by(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT album_id FROM ratings WHERE user_id = ?1 AND number >= ?2
         ORDER BY updated_at DESC LIMIT ?3",
    )?
    .query_map(params![user_id, HIGHLY, RECENT_ADMIRED], |row| row.get(0))?
    .collect()
}

/// How many ratings the album has (none for an album gone).
pub fn rating_count(conn: &Connection, album_id: i64) -> rusqlite::Result<u32> {
    Ok(conn
        .prepare_cached("SELECT rating_count FROM albums WHERE id = ?1")?
        .query_row([album_id], |row| row.get(0))
        .optional()?
        .unwrap_or(0))
}

/// The member's ratings with a number, most recent first: `(album, number)`.
pub fn numbers_of(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<(i64, f64)>> {
    conn.prepare_cached(
        "SELECT album_id, number FROM ratings WHERE user_id = ?1 AND number IS NOT NULL
         ORDER BY created_at DESC LIMIT ?2",
    )?
    .query_map(params![user_id, RATINGS_READ], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}

/// Other members' ratings of the album, most recent first: `(member, number)`.
pub fn raters_of(conn: &Connection, album_id: i64) -> rusqlite::Result<Vec<(i64, f64)>> {
    conn.prepare_cached(
        "SELECT user_id, number FROM ratings WHERE album_id = ?1 AND number IS NOT NULL
         ORDER BY created_at DESC LIMIT ?2",
    )?
    .query_map(params![album_id, RATINGS_READ], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}

/// Members the member blocked or was blocked by: neither's ratings shape
/// the other's recommendations.
pub fn blocked_either_way(conn: &Connection, user_id: i64) -> rusqlite::Result<HashSet<i64>> {
    conn.prepare_cached(
        "SELECT blocked_id FROM blocks WHERE blocker_id = ?1
         UNION SELECT blocker_id FROM blocks WHERE blocked_id = ?1",
    )?
    .query_map([user_id], |row| row.get(0))?
    .collect()
}

/// Albums never to recommend to the member: rated (with or without a
/// number), wishlisted or dismissed.
pub fn not_to_recommend(conn: &Connection, user_id: i64) -> rusqlite::Result<HashSet<i64>> {
    conn.prepare_cached(
        "SELECT album_id FROM ratings WHERE user_id = ?1
         UNION SELECT album_id FROM wishlist_items WHERE user_id = ?1
         UNION SELECT album_id FROM recommendation_dismissals WHERE user_id = ?1",
    )?
    .query_map([user_id], |row| row.get(0))?
    .collect()
}

/// Replaces the album's similar albums.
pub fn store_similar(conn: &Connection, album_id: i64, picks: &[Pick]) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM similar_albums WHERE album_id = ?1")?
        .execute([album_id])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO similar_albums (album_id, place, similar_id, members)
         SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM albums WHERE id = ?3)
           AND EXISTS (SELECT 1 FROM albums WHERE id = ?1)",
    )?;
    for (place, pick) in picks.iter().enumerate() {
        insert.execute(params![album_id, place as i64, pick.album_id, pick.members])?;
    }
    Ok(())
}

/// Replaces the member's recommendations, noting when and from how many
/// members of like taste. Nothing is kept for a member gone.
pub fn store_for_you(
    conn: &Connection,
    user_id: i64,
    picks: &[Pick],
    neighbours: usize,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM recommendations WHERE user_id = ?1")?
        .execute([user_id])?;
    let exists: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1)")?
        .query_row([user_id], |row| row.get(0))?;
    if !exists {
        return Ok(());
    }
    let mut insert = conn.prepare_cached(
        "INSERT INTO recommendations (user_id, place, album_id, members, like_album_id)
         SELECT ?1, ?2, ?3, ?4, (SELECT id FROM albums WHERE id = ?5)
         WHERE EXISTS (SELECT 1 FROM albums WHERE id = ?3)",
    )?;
    for (place, pick) in picks.iter().enumerate() {
        insert.execute(params![
            user_id,
            place as i64,
            pick.album_id,
            pick.members,
            pick.like
        ])?;
    }
    conn.prepare_cached(
        "INSERT INTO recommendations_made (user_id, made_at, neighbours) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE SET made_at = excluded.made_at,
             neighbours = excluded.neighbours",
    )?
    .execute(params![user_id, now, neighbours as i64])?;
    Ok(())
}

/// Forgets the member's recommendations (when they turn them off).
pub fn forget_for_you(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM recommendations WHERE user_id = ?1")?
        .execute([user_id])?;
    conn.prepare_cached("DELETE FROM recommendations_made WHERE user_id = ?1")?
        .execute([user_id])?;
    Ok(())
}

/// The album's similar albums, best first: `(album, members)`.
pub fn similar_to(
    conn: &Connection,
    album_id: i64,
    most: u32,
) -> rusqlite::Result<Vec<(i64, u32)>> {
    conn.prepare_cached(
        "SELECT similar_id, members FROM similar_albums WHERE album_id = ?1
         ORDER BY place LIMIT ?2",
    )?
    .query_map(params![album_id, most], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}

/// The member's recommendations, best first, leaving out what they rated,
/// wishlisted or dismissed since they were worked out: `(album, members,
/// the loved album it is like)`.
pub fn for_you(
    conn: &Connection,
    user_id: i64,
    most: u32,
) -> rusqlite::Result<Vec<(i64, u32, Option<i64>)>> {
    conn.prepare_cached(
        "SELECT r.album_id, r.members, r.like_album_id FROM recommendations r
         WHERE r.user_id = ?1
           AND NOT EXISTS (SELECT 1 FROM ratings WHERE user_id = ?1 AND album_id = r.album_id)
           AND NOT EXISTS (SELECT 1 FROM wishlist_items WHERE user_id = ?1 AND album_id = r.album_id)
           AND NOT EXISTS (SELECT 1 FROM recommendation_dismissals
                           WHERE user_id = ?1 AND album_id = r.album_id)
         ORDER BY r.place LIMIT ?2",
    )?
    .query_map(params![user_id, most], |row| {
        Ok((row.get(0)?, row.get(1)?, row.get(2)?))
    })?
    .collect()
}

/// When the member's recommendations were last worked out, and from how
/// many members of like taste; none if never.
pub fn made(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<(String, u32)>> {
    conn.prepare_cached("SELECT made_at, neighbours FROM recommendations_made WHERE user_id = ?1")?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// Asks that the album not be recommended to the member again; false when
/// they had asked already.
pub fn dismiss(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    now: &str,
) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "INSERT OR IGNORE INTO recommendation_dismissals (user_id, album_id, dismissed_at)
             VALUES (?1, ?2, ?3)",
        )?
        .execute(params![user_id, album_id, now])?
        > 0)
}

/// Takes a dismissal back; whether there was one.
pub fn undismiss(conn: &Connection, user_id: i64, album_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "DELETE FROM recommendation_dismissals WHERE user_id = ?1 AND album_id = ?2",
        )?
        .execute(params![user_id, album_id])?
        > 0)
}

/// The albums the member dismissed, most recent first: `(album, when)`.
pub fn dismissals(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<(i64, String)>> {
    conn.prepare_cached(
        "SELECT album_id, dismissed_at FROM recommendation_dismissals WHERE user_id = ?1
         ORDER BY dismissed_at DESC, album_id",
    )?
    .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// Whether the member wants recommendations (none for a member gone).
pub fn wanted_by(conn: &Connection, user_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("SELECT recommend_to_me FROM users WHERE id = ?1")?
        .query_row([user_id], |row| row.get(0))
        .optional()?
        .unwrap_or(false))
}

pub fn set_wanted(conn: &Connection, user_id: i64, wanted: bool) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE users SET recommend_to_me = ?2 WHERE id = ?1")?
        .execute(params![user_id, wanted])?;
    if !wanted {
        forget_for_you(conn, user_id)?;
    }
    Ok(())
}
