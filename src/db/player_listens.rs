//! Plays sent by members' music players (the ListenBrainz-compatible API):
//! the member's player token, each play as sent, and the sums of plays of
//! albums the catalogue lacks (V28). A matched play also counts in the
//! "Listened, not yet rated" queue (`listens`).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;

/// Whether a member has a player token, and its use.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStatus {
    pub created_at: String,
    #[schema(required)]
    pub last_used_at: Option<String>,
}

/// Makes `token_hash` the member's token, replacing any other.
pub fn set_token(
    conn: &Connection,
    user_id: i64,
    token_hash: &[u8],
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO player_tokens (user_id, token_hash, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE
         SET token_hash = excluded.token_hash, created_at = excluded.created_at,
             last_used_at = NULL",
    )?
    .execute(params![user_id, token_hash, now])?;
    Ok(())
}

/// Revokes the member's token; false when they had none.
pub fn revoke_token(conn: &Connection, user_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM player_tokens WHERE user_id = ?1")?
        .execute([user_id])?
        > 0)
}

/// The member's token's state; none when they have no token.
pub fn token_status(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<TokenStatus>> {
    conn.prepare_cached("SELECT created_at, last_used_at FROM player_tokens WHERE user_id = ?1")?
        .query_row([user_id], |row| {
            Ok(TokenStatus {
                created_at: row.get(0)?,
                last_used_at: row.get(1)?,
            })
        })
        .optional()
}

/// The member whose token hashes to `token_hash`.
pub fn member_of_token(conn: &Connection, token_hash: &[u8]) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT user_id FROM player_tokens WHERE token_hash = ?1")?
        .query_row([token_hash], |row| row.get(0))
        .optional()
}

/// One play as the player sent it, with the album it was matched to.
#[derive(Debug, Clone, PartialEq)]
pub struct Play {
    pub listened_at: String,
    pub artist_name: String,
    /// Empty when the player named no album.
    pub release_name: String,
    pub track_name: String,
    pub release_group_mbid: Option<String>,
    pub release_mbid: Option<String>,
    pub recording_mbid: Option<String>,
    pub duration_ms: Option<i64>,
    pub player: Option<String>,
    pub album_id: Option<i64>,
}

/// What recording a submission did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    /// New plays kept (a play already kept is not counted again).
    pub kept: usize,
    /// Of those, plays of catalogue albums.
    pub matched: usize,
}

/// Keeps the plays, counts the matched ones in the member's listened queue
/// and sums the others per album named; notes that the token was used.
pub fn record(
    conn: &Connection,
    user_id: i64,
    plays: &[Play],
    now: &str,
) -> rusqlite::Result<Recorded> {
    let recorded = keep(conn, user_id, plays, true)?;
    touch_token(conn, user_id, now)?;
    Ok(recorded)
}

/// Keeps plays brought from another halfstar site, and sums the unmatched
/// ones per album named. The queue is left alone: the same export brings
/// the queue these plays made there.
pub fn keep_brought(conn: &Connection, user_id: i64, plays: &[Play]) -> rusqlite::Result<Recorded> {
    keep(conn, user_id, plays, false)
}

fn keep(
    conn: &Connection,
    user_id: i64,
    plays: &[Play],
    count_in_queue: bool,
) -> rusqlite::Result<Recorded> {
    let mut recorded = Recorded::default();
    let mut insert = conn.prepare_cached(
        "INSERT INTO player_listens
             (user_id, listened_at, artist_name, release_name, track_name, release_group_mbid,
              release_mbid, recording_mbid, duration_ms, player, album_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT DO NOTHING",
    )?;
    let mut add_to_queue = conn.prepare_cached(
        "INSERT INTO listens (user_id, album_id, plays, last_listened_at) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (user_id, album_id) DO UPDATE
         SET plays = plays + 1, last_listened_at = max(coalesce(last_listened_at, ''), excluded.last_listened_at)",
    )?;
    let mut count_unmatched = conn.prepare_cached(
        "INSERT INTO player_unmatched
             (user_id, artist_name, release_name, release_group_mbid, plays, last_listened_at)
         VALUES (?1, ?2, ?3, ?4, 1, ?5)
         ON CONFLICT (user_id, artist_name, release_name) DO UPDATE
         SET plays = plays + 1, last_listened_at = max(last_listened_at, excluded.last_listened_at),
             release_group_mbid = coalesce(excluded.release_group_mbid, release_group_mbid)",
    )?;
    for play in plays {
        let added = insert.execute(params![
            user_id,
            play.listened_at,
            play.artist_name,
            play.release_name,
            play.track_name,
            play.release_group_mbid,
            play.release_mbid,
            play.recording_mbid,
            play.duration_ms,
            play.player,
            play.album_id
        ])?;
        if added == 0 {
            continue;
        }
        recorded.kept += 1;
        match play.album_id {
            Some(album_id) => {
                if count_in_queue {
                    add_to_queue.execute(params![user_id, album_id, play.listened_at])?;
                }
                recorded.matched += 1;
            }
            None => {
                count_unmatched.execute(params![
                    user_id,
                    play.artist_name,
                    play.release_name,
                    play.release_group_mbid,
                    play.listened_at
                ])?;
            }
        }
    }
    Ok(recorded)
}

/// Notes when the member's token was last used.
pub fn touch_token(conn: &Connection, user_id: i64, now: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE player_tokens SET last_used_at = ?2 WHERE user_id = ?1")?
        .execute(params![user_id, now])?;
    Ok(())
}

/// An album the catalogue lacks, as the member's player named it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmatchedAlbum {
    pub artist: String,
    /// Empty when the player named no album.
    pub album: String,
    #[schema(required)]
    pub release_group_mbid: Option<String>,
    pub plays: u32,
    pub last_listened_at: String,
}

/// The member's plays of albums the catalogue lacks, most played first, and
/// how many such albums there are.
pub fn unmatched(
    conn: &Connection,
    user_id: i64,
    page: Page,
) -> rusqlite::Result<(Vec<UnmatchedAlbum>, i64)> {
    let total = conn
        .prepare_cached("SELECT count(*) FROM player_unmatched WHERE user_id = ?1")?
        .query_row([user_id], |row| row.get(0))?;
    let albums = conn
        .prepare_cached(
            "SELECT artist_name, release_name, release_group_mbid, plays, last_listened_at
             FROM player_unmatched WHERE user_id = ?1
             ORDER BY plays DESC, last_listened_at DESC LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![user_id, page.limit, page.offset], |row| {
            Ok(UnmatchedAlbum {
                artist: row.get(0)?,
                album: row.get(1)?,
                release_group_mbid: row.get(2)?,
                plays: row.get(3)?,
                last_listened_at: row.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((albums, total))
}

/// A play as the member's export gives it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedPlay {
    pub listened_at: String,
    pub artist: String,
    pub album: String,
    pub track: String,
    #[schema(required)]
    pub release_group_mbid: Option<String>,
    #[schema(required)]
    pub release_mbid: Option<String>,
    #[schema(required)]
    pub recording_mbid: Option<String>,
    #[schema(required)]
    pub duration_ms: Option<i64>,
    /// The player or scrobbler that sent it, as it named itself.
    #[schema(required)]
    pub player: Option<String>,
    /// The catalogue album it counts for, when matched.
    #[schema(required)]
    pub album_id: Option<i64>,
}

/// Every play the member's players sent, oldest first.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<ExportedPlay>> {
    conn.prepare_cached(
        "SELECT listened_at, artist_name, release_name, track_name, release_group_mbid,
                release_mbid, recording_mbid, duration_ms, player, album_id
         FROM player_listens WHERE user_id = ?1 ORDER BY listened_at, id",
    )?
    .query_map([user_id], |row| {
        Ok(ExportedPlay {
            listened_at: row.get(0)?,
            artist: row.get(1)?,
            album: row.get(2)?,
            track: row.get(3)?,
            release_group_mbid: row.get(4)?,
            release_mbid: row.get(5)?,
            recording_mbid: row.get(6)?,
            duration_ms: row.get(7)?,
            player: row.get(8)?,
            album_id: row.get(9)?,
        })
    })?
    .collect()
}
