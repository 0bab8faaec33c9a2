//! What the import pipeline reads and writes beyond the ordinary catalogue
//! calls: MusicBrainz ids and covers.

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, params};

pub fn artist_by_mbid(conn: &Connection, mbid: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM artists WHERE mbid = ?1")?
        .query_row([mbid], |row| row.get(0))
        .optional()
}

pub fn artist_mbid(conn: &Connection, artist_id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT mbid FROM artists WHERE id = ?1")?
        .query_row([artist_id], |row| row.get(0))
        .optional()
        .map(Option::flatten)
}

/// Ties an artist to its MusicBrainz id, and gives it the description when it has none.
pub fn claim_artist(
    conn: &Connection,
    id: i64,
    mbid: &str,
    description: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE artists SET mbid = ?1,
                description = CASE WHEN description = '' THEN ?2 ELSE description END,
                updated_at = ?3
         WHERE id = ?4",
    )?
    .execute(params![mbid, description, now, id])?;
    Ok(())
}

/// The album an import or a bulk call means: the one with its MusicBrainz
/// release group when it has one, else the artist's album of that title.
pub fn existing_album(
    conn: &Connection,
    artist_id: i64,
    title: &str,
    release_group: Option<&str>,
) -> rusqlite::Result<Option<i64>> {
    if let Some(group) = release_group {
        let by_group = conn
            .prepare_cached("SELECT id FROM albums WHERE mb_release_group = ?1")?
            .query_row([group], |row| row.get(0))
            .optional()?;
        if by_group.is_some() {
            return Ok(by_group);
        }
    }
    super::albums::id_by_artist_and_title(conn, artist_id, title)
}

pub fn release_group_of(conn: &Connection, album_id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT mb_release_group FROM albums WHERE id = ?1")?
        .query_row([album_id], |row| row.get(0))
        .optional()
        .map(Option::flatten)
}

pub fn set_release_group(
    conn: &Connection,
    album_id: i64,
    release_group: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE albums SET mb_release_group = ?1 WHERE id = ?2")?
        .execute(params![release_group, album_id])?;
    super::player_listens::claim_for(conn, album_id)?;
    Ok(())
}

/// The release groups an artist's albums already came from.
pub fn release_groups_of(conn: &Connection, artist_id: i64) -> rusqlite::Result<HashSet<String>> {
    conn.prepare_cached(
        "SELECT mb_release_group FROM albums WHERE artist_id = ?1 AND mb_release_group IS NOT NULL",
    )?
    .query_map([artist_id], |row| row.get(0))?
    .collect()
}

/// The artist's albums that have no tracklist yet: (release group, title),
/// oldest first.
pub fn albums_without_tracks(
    conn: &Connection,
    artist_id: i64,
) -> rusqlite::Result<Vec<(String, String)>> {
    conn.prepare_cached(
        "SELECT mb_release_group, title FROM albums a
         WHERE artist_id = ?1 AND mb_release_group IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM tracks t WHERE t.album_id = a.id)
         ORDER BY release_date, id",
    )?
    .query_map([artist_id], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// The album of a release group.
pub fn album_by_release_group(
    conn: &Connection,
    release_group: &str,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM albums WHERE mb_release_group = ?1")?
        .query_row([release_group], |row| row.get(0))
        .optional()
}

/// An imported album whose cover can be refreshed.
pub struct Imported {
    pub album_id: i64,
    pub title: String,
    pub release_group: String,
    pub picture_url: String,
}

/// Imported albums of one artist, or of all.
pub fn imported_albums(
    conn: &Connection,
    artist_id: Option<i64>,
) -> rusqlite::Result<Vec<Imported>> {
    conn.prepare_cached(
        "SELECT id, title, mb_release_group, picture_url FROM albums
         WHERE mb_release_group IS NOT NULL AND (?1 IS NULL OR artist_id = ?1)
         ORDER BY id",
    )?
    .query_map([artist_id], |row| {
        Ok(Imported {
            album_id: row.get(0)?,
            title: row.get(1)?,
            release_group: row.get(2)?,
            picture_url: row.get(3)?,
        })
    })?
    .collect()
}

pub fn set_picture(
    conn: &Connection,
    album_id: i64,
    picture_url: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE albums SET picture_url = ?1, updated_at = ?2 WHERE id = ?3")?
        .execute(params![picture_url, now, album_id])?;
    Ok(())
}
