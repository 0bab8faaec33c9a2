//! Albums' tracklists and members' ratings of tracks (V29). A track's count
//! and sum of ratings are kept by triggers; an album's tracklist answers
//! from its own rows with the reader's ratings joined in.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The most tracks an album's tracklist may list.
pub const MOST_TRACKS: usize = 300;

/// A track as the catalogue keeps it: what an edit sends and a revision records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackFields {
    /// 1 for a single disc.
    pub disc: u32,
    /// From 1 on each disc.
    pub position: u32,
    pub title: String,
    /// Milliseconds, when known.
    #[serde(default)]
    #[schema(required)]
    pub length_ms: Option<i64>,
    /// The MusicBrainz recording, when known.
    #[serde(default)]
    #[schema(required)]
    pub recording_mbid: Option<String>,
}

/// A track as the album page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Track {
    pub track_id: i64,
    pub disc: u32,
    pub position: u32,
    pub title: String,
    #[schema(required)]
    pub length_ms: Option<i64>,
    #[schema(required)]
    pub recording_mbid: Option<String>,
    pub number_of_ratings: i64,
    /// None until someone rates it.
    #[schema(required)]
    pub average_rating: Option<f64>,
    /// The reader's own rating; none when signed out or not rated.
    #[schema(required)]
    pub user_rating: Option<f64>,
}

/// Tracks with the reader's (`?2`) own ratings; a query adds its `WHERE`.
const TRACKS_FOR_READER: &str = "SELECT t.id, t.disc, t.position, t.title, t.length_ms,
     t.recording_mbid, t.rating_count,
     CASE WHEN t.rating_count > 0 THEN t.rating_sum / t.rating_count END, r.number
     FROM tracks t LEFT JOIN track_ratings r ON r.track_id = t.id AND r.user_id = ?2";

fn track_from_row(row: &rusqlite::Row) -> rusqlite::Result<Track> {
    Ok(Track {
        track_id: row.get(0)?,
        disc: row.get(1)?,
        position: row.get(2)?,
        title: row.get(3)?,
        length_ms: row.get(4)?,
        recording_mbid: row.get(5)?,
        number_of_ratings: row.get(6)?,
        average_rating: row.get(7)?,
        user_rating: row.get(8)?,
    })
}

/// An album's tracks in order, with `reader`'s own ratings.
pub fn of_album(
    conn: &Connection,
    album_id: i64,
    reader: Option<i64>,
) -> rusqlite::Result<Vec<Track>> {
    conn.prepare_cached(&format!(
        "{TRACKS_FOR_READER} WHERE t.album_id = ?1 ORDER BY t.disc, t.position"
    ))?
    .query_map(params![album_id, reader], track_from_row)?
    .collect()
}

/// An album's tracklist as a revision records it.
pub fn fields_of(conn: &Connection, album_id: i64) -> rusqlite::Result<Vec<TrackFields>> {
    conn.prepare_cached(
        "SELECT disc, position, title, length_ms, recording_mbid FROM tracks
         WHERE album_id = ?1 ORDER BY disc, position",
    )?
    .query_map([album_id], |row| {
        Ok(TrackFields {
            disc: row.get(0)?,
            position: row.get(1)?,
            title: row.get(2)?,
            length_ms: row.get(3)?,
            recording_mbid: row.get(4)?,
        })
    })?
    .collect()
}

/// Makes `tracks` the album's tracklist. A place (disc and position) kept
/// keeps its row and so its ratings; places no longer listed go, with
/// their ratings.
pub fn replace(conn: &Connection, album_id: i64, tracks: &[TrackFields]) -> rusqlite::Result<()> {
    let mut upsert = conn.prepare_cached(
        "INSERT INTO tracks (album_id, disc, position, title, length_ms, recording_mbid)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (album_id, disc, position) DO UPDATE
         SET title = excluded.title, length_ms = excluded.length_ms,
             recording_mbid = excluded.recording_mbid",
    )?;
    for track in tracks {
        upsert.execute(params![
            album_id,
            track.disc,
            track.position,
            track.title,
            track.length_ms,
            track.recording_mbid
        ])?;
    }
    let kept = serde_json::to_string(
        &tracks
            .iter()
            .map(|track| [track.disc, track.position])
            .collect::<Vec<_>>(),
    )
    .expect("numbers serialise");
    conn.prepare_cached(
        "DELETE FROM tracks WHERE album_id = ?1 AND NOT EXISTS (
             SELECT 1 FROM json_each(?2) kept
             WHERE kept.value ->> 0 = tracks.disc AND kept.value ->> 1 = tracks.position)",
    )?
    .execute(params![album_id, kept])?;
    Ok(())
}

/// The album a track is on.
pub fn album_of(conn: &Connection, track_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT album_id FROM tracks WHERE id = ?1")?
        .query_row([track_id], |row| row.get(0))
        .optional()
}

/// Sets a member's rating of a track.
pub fn rate(
    conn: &Connection,
    user_id: i64,
    track_id: i64,
    number: f64,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO track_ratings (user_id, track_id, number, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4)
         ON CONFLICT (user_id, track_id) DO UPDATE
         SET number = excluded.number, updated_at = excluded.updated_at
         WHERE number != excluded.number",
    )?
    .execute(params![user_id, track_id, number, now])?;
    Ok(())
}

/// Takes a member's rating of a track away; false when there was none.
pub fn unrate(conn: &Connection, user_id: i64, track_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM track_ratings WHERE user_id = ?1 AND track_id = ?2")?
        .execute(params![user_id, track_id])?
        > 0)
}

/// One track as `reader` sees it.
pub fn one(
    conn: &Connection,
    track_id: i64,
    reader: Option<i64>,
) -> rusqlite::Result<Option<Track>> {
    conn.prepare_cached(&format!("{TRACKS_FOR_READER} WHERE t.id = ?1"))?
        .query_row(params![track_id, reader], track_from_row)
        .optional()
}

/// A member's rating of a track, with the track's album, for their profile.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatedTrack {
    pub track_id: i64,
    pub title: String,
    pub number: f64,
    pub album_id: i64,
    pub album_title: String,
    pub album_slug: String,
    pub artist: String,
    pub artist_slug: String,
}

/// The member's best rated tracks, best first (the latest rated first among
/// equals): a walk of `track_ratings_by_member`.
pub fn top_of_member(
    conn: &Connection,
    user_id: i64,
    limit: u32,
) -> rusqlite::Result<Vec<RatedTrack>> {
    conn.prepare_cached(
        "SELECT t.id, t.title, r.number, al.id, al.title, al.slug, ar.name, ar.slug
         FROM track_ratings r JOIN tracks t ON t.id = r.track_id
         JOIN albums al ON al.id = t.album_id JOIN artists ar ON ar.id = al.artist_id
         WHERE r.user_id = ?1 ORDER BY r.number DESC, r.updated_at DESC LIMIT ?2",
    )?
    .query_map(params![user_id, limit], |row| {
        Ok(RatedTrack {
            track_id: row.get(0)?,
            title: row.get(1)?,
            number: row.get(2)?,
            album_id: row.get(3)?,
            album_title: row.get(4)?,
            album_slug: row.get(5)?,
            artist: row.get(6)?,
            artist_slug: row.get(7)?,
        })
    })?
    .collect()
}

/// A track rating as the member's export gives it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedTrackRating {
    pub artist: String,
    pub album: String,
    pub album_id: i64,
    /// Names the album on another site, where ids mean nothing.
    #[schema(required)]
    pub release_group_mbid: Option<String>,
    pub disc: u32,
    pub position: u32,
    pub track: String,
    #[schema(required)]
    pub recording_mbid: Option<String>,
    pub number: f64,
    pub updated_at: String,
}

/// Every track rating of the member, by album and place.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<ExportedTrackRating>> {
    conn.prepare_cached(
        "SELECT ar.name, al.title, al.id, al.mb_release_group, t.disc, t.position, t.title,
                t.recording_mbid, r.number, r.updated_at
         FROM track_ratings r JOIN tracks t ON t.id = r.track_id
         JOIN albums al ON al.id = t.album_id JOIN artists ar ON ar.id = al.artist_id
         WHERE r.user_id = ?1 ORDER BY ar.name, al.title, t.disc, t.position",
    )?
    .query_map([user_id], |row| {
        Ok(ExportedTrackRating {
            artist: row.get(0)?,
            album: row.get(1)?,
            album_id: row.get(2)?,
            release_group_mbid: row.get(3)?,
            disc: row.get(4)?,
            position: row.get(5)?,
            track: row.get(6)?,
            recording_mbid: row.get(7)?,
            number: row.get(8)?,
            updated_at: row.get(9)?,
        })
    })?
    .collect()
}
