//! Members' votes of albums' genres (V34) and the editors' lock. An album's
//! votes are read through the table's key (album first): a handful of rows.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::audit::Actor;
use super::revisions::{self, Change, EntityKind};
use crate::domain::genre_votes::{Tally, decided};

/// One genre a member named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenreVote {
    pub genre: String,
    pub primary: bool,
}

/// Replaces the member's votes of the album's genres (`(genre id,
/// primary)`; none takes their vote back).
pub fn replace_mine(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    votes: &[(i64, bool)],
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM genre_votes WHERE album_id = ?1 AND user_id = ?2")?
        .execute(params![album_id, user_id])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO genre_votes (album_id, user_id, genre_id, is_primary, voted_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (genre_id, primary) in votes {
        insert.execute(params![album_id, user_id, genre_id, primary, now])?;
    }
    Ok(())
}

/// Each genre voted for the album, with its votes, and how many members voted.
pub fn tally(conn: &Connection, album_id: i64) -> rusqlite::Result<(Vec<Tally>, u32)> {
    let tallies = conn
        .prepare_cached(
            "SELECT g.name, sum(v.is_primary), sum(1 - v.is_primary)
             FROM genre_votes v JOIN genres g ON g.id = v.genre_id
             WHERE v.album_id = ?1 GROUP BY v.genre_id ORDER BY g.name",
        )?
        .query_map([album_id], |row| {
            Ok(Tally {
                genre: row.get(0)?,
                primary: row.get(1)?,
                secondary: row.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let voters = conn
        .prepare_cached("SELECT count(DISTINCT user_id) FROM genre_votes WHERE album_id = ?1")?
        .query_row([album_id], |row| row.get(0))?;
    Ok((tallies, voters))
}

/// The member's own votes of the album's genres.
pub fn mine(conn: &Connection, user_id: i64, album_id: i64) -> rusqlite::Result<Vec<GenreVote>> {
    conn.prepare_cached(
        "SELECT g.name, v.is_primary FROM genre_votes v JOIN genres g ON g.id = v.genre_id
         WHERE v.album_id = ?1 AND v.user_id = ?2 ORDER BY v.is_primary DESC, g.name",
    )?
    .query_map(params![album_id, user_id], |row| {
        Ok(GenreVote {
            genre: row.get(0)?,
            primary: row.get(1)?,
        })
    })?
    .collect()
}

/// Whether an editor locked the album's genres; none when there is no such album.
pub fn locked(conn: &Connection, album_id: i64) -> rusqlite::Result<Option<bool>> {
    conn.prepare_cached("SELECT genres_locked FROM albums WHERE id = ?1")?
        .query_row([album_id], |row| row.get(0))
        .optional()
}

/// Locks or unlocks the album's genres; false when there is no such album.
pub fn set_locked(conn: &Connection, album_id: i64, locked: bool) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("UPDATE albums SET genres_locked = ?2 WHERE id = ?1")?
        .execute(params![album_id, locked])?
        > 0)
}

/// Makes the album's genres the votes' result when the votes decide (and an
/// editor did not lock them), recording the change in the album's history as
/// `voter`'s edit.
pub fn follow_votes(
    conn: &Connection,
    album_id: i64,
    voter: Actor,
    now: &str,
) -> rusqlite::Result<()> {
    if locked(conn, album_id)? != Some(false) {
        return Ok(());
    }
    let (tallies, voters) = tally(conn, album_id)?;
    // No genre named by enough of the voters: the genres stay as they are.
    let Some(result) = decided(&tallies, voters).filter(|names| !names.is_empty()) else {
        return Ok(());
    };
    let before = revisions::snapshot(conn, EntityKind::Album, album_id)?;
    super::albums::set_genres(conn, album_id, &result)?;
    let note = format!("genres from {voters} members' votes");
    let change = Change {
        note: &note,
        ..Change::album(album_id, "edit")
    };
    revisions::record(conn, &change, voter, before, now)?;
    Ok(())
}

/// A genre vote as the member's export gives it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedGenreVote {
    pub artist: String,
    pub album: String,
    pub album_id: i64,
    pub genre: String,
    pub primary: bool,
    pub voted_at: String,
}

/// Every genre vote of the member, by album.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<ExportedGenreVote>> {
    conn.prepare_cached(
        "SELECT ar.name, al.title, al.id, g.name, v.is_primary, v.voted_at
         FROM genre_votes v JOIN albums al ON al.id = v.album_id
         JOIN artists ar ON ar.id = al.artist_id JOIN genres g ON g.id = v.genre_id
         WHERE v.user_id = ?1 ORDER BY ar.name, al.title, v.is_primary DESC, g.name",
    )?
    .query_map([user_id], |row| {
        Ok(ExportedGenreVote {
            artist: row.get(0)?,
            album: row.get(1)?,
            album_id: row.get(2)?,
            genre: row.get(3)?,
            primary: row.get(4)?,
            voted_at: row.get(5)?,
        })
    })?
    .collect()
}
