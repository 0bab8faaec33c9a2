//! Plays sent by members' music players (the ListenBrainz-compatible API):
//! the member's player token, each play as sent, and the sums of plays of
//! albums the catalogue lacks (V28), keyed to find their album when it
//! joins the catalogue (V33). A matched play also counts in the "Listened,
//! not yet rated" queue (`listens`).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::member_import::by_match_keys;
use super::member_tokens::{self, TokenKind};
use super::sessions::Client;
use crate::domain::match_key::{artist_key, title_key};

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
/// and sums the others per album named; notes when and from where the
/// token was used.
pub fn record(
    conn: &Connection,
    user_id: i64,
    plays: &[Play],
    sent_from: &Client,
    now: &str,
) -> rusqlite::Result<Recorded> {
    let recorded = keep(conn, user_id, plays, true)?;
    member_tokens::touch_token(conn, TokenKind::Player, user_id, sent_from, now)?;
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
    let mut add_to_queue = conn.prepare_cached(ADD_TO_QUEUE)?;
    let mut count_unmatched = conn.prepare_cached(
        "INSERT INTO player_unmatched
             (user_id, artist_name, release_name, release_group_mbid, plays, last_listened_at,
              artist_key, title_key)
         VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?7)
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
                    add_to_queue.execute(params![user_id, album_id, 1, play.listened_at])?;
                }
                recorded.matched += 1;
            }
            None => {
                count_unmatched.execute(params![
                    user_id,
                    play.artist_name,
                    play.release_name,
                    play.release_group_mbid,
                    play.listened_at,
                    artist_key(&play.artist_name),
                    title_key(&play.release_name)
                ])?;
            }
        }
    }
    Ok(recorded)
}

/// Counts plays (`?3`) of an album in the member's listened queue, the
/// latest at `?4`.
const ADD_TO_QUEUE: &str = "
    INSERT INTO listens (user_id, album_id, plays, last_listened_at) VALUES (?1, ?2, ?3, ?4)
    ON CONFLICT (user_id, album_id) DO UPDATE
    SET plays = plays + excluded.plays,
        last_listened_at = max(coalesce(last_listened_at, ''), excluded.last_listened_at)";

/// The "missing" rows of every member naming an album: by its release group
/// (`?1`), or by its names' keys (`?2`, `?3`) when they are its alone (`?4`).
const WAITING_FOR_ALBUM: &str = "
    SELECT user_id, artist_name, release_name, plays, last_listened_at
    FROM player_unmatched WHERE release_group_mbid = ?1
    UNION
    SELECT user_id, artist_name, release_name, plays, last_listened_at
    FROM player_unmatched WHERE ?4 AND artist_key = ?2 AND title_key = ?3";

/// Counts for an album the plays members' players sent of it while the
/// catalogue lacked it, as they would have been counted had it been there:
/// those naming its release group, and those naming its artist and title
/// when no other album has those names. The plays join the album and its
/// members' listened queues, and leave their "missing" views. How many
/// plays were claimed.
pub fn claim_for(conn: &Connection, album_id: i64) -> rusqlite::Result<i64> {
    let Some((artist, title, group)) = conn
        .prepare_cached(
            "SELECT ar.match_key, a.match_key, a.mb_release_group
             FROM albums a JOIN artists ar ON ar.id = a.artist_id WHERE a.id = ?1",
        )?
        .query_row([album_id], |row| {
            Ok((
                row.get::<_, Option<String>>(0)?,
                row.get::<_, Option<String>>(1)?,
                row.get::<_, Option<String>>(2)?,
            ))
        })
        .optional()?
    else {
        return Ok(0);
    };
    let named_alone = match (&artist, &title) {
        (Some(artist), Some(title)) => by_match_keys(conn, artist, title)?.len() == 1,
        _ => false,
    };
    let waiting: Vec<(i64, String, String, i64, String)> = conn
        .prepare_cached(WAITING_FOR_ALBUM)?
        .query_map(params![group, artist, title, named_alone], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut join = conn.prepare_cached(
        "UPDATE player_listens SET album_id = ?1
         WHERE user_id = ?2 AND album_id IS NULL AND artist_name = ?3 AND release_name = ?4",
    )?;
    let mut add_to_queue = conn.prepare_cached(ADD_TO_QUEUE)?;
    let mut found = conn.prepare_cached(
        "DELETE FROM player_unmatched WHERE user_id = ?1 AND artist_name = ?2 AND release_name = ?3",
    )?;
    let mut claimed = 0;
    for (user_id, artist_name, release_name, plays, last_listened_at) in waiting {
        join.execute(params![album_id, user_id, artist_name, release_name])?;
        add_to_queue.execute(params![user_id, album_id, plays, last_listened_at])?;
        found.execute(params![user_id, artist_name, release_name])?;
        claimed += plays;
    }
    Ok(claimed)
}

/// Keys the "missing" rows kept before their keys were (V33); how many.
pub fn fill_unmatched_keys(conn: &Connection) -> rusqlite::Result<usize> {
    let unkeyed: Vec<(i64, String, String)> = conn
        .prepare(
            "SELECT user_id, artist_name, release_name FROM player_unmatched
             WHERE artist_key IS NULL",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut key = conn.prepare(
        "UPDATE player_unmatched SET artist_key = ?4, title_key = ?5
         WHERE user_id = ?1 AND artist_name = ?2 AND release_name = ?3",
    )?;
    for (user_id, artist_name, release_name) in &unkeyed {
        key.execute(params![
            user_id,
            artist_name,
            release_name,
            artist_key(artist_name),
            title_key(release_name)
        ])?;
    }
    Ok(unkeyed.len())
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

/// Which of a member's plays `sent` reads: those after and before two
/// moments (as stored, both left out), `most` of them; newest first, but
/// with only `after` the earliest ones after it, as ListenBrainz reads
/// listens from a point on.
#[derive(Debug, Clone, Copy)]
pub struct PlaysWanted<'a> {
    pub after: Option<&'a str>,
    pub before: Option<&'a str>,
    pub most: i64,
}

/// A member's plays as `wanted` asks, newest first (`album_id` left none).
pub fn sent(conn: &Connection, user_id: i64, wanted: PlaysWanted) -> rusqlite::Result<Vec<Play>> {
    let (sql, earliest_first) = sent_sql(wanted);
    let mut plays = conn
        .prepare_cached(&sql)?
        .query_map(
            params![user_id, wanted.after, wanted.before, wanted.most],
            |row| {
                Ok(Play {
                    listened_at: row.get(0)?,
                    artist_name: row.get(1)?,
                    release_name: row.get(2)?,
                    track_name: row.get(3)?,
                    release_group_mbid: row.get(4)?,
                    release_mbid: row.get(5)?,
                    recording_mbid: row.get(6)?,
                    duration_ms: row.get(7)?,
                    player: row.get(8)?,
                    album_id: None,
                })
            },
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if earliest_first {
        plays.reverse();
    }
    Ok(plays)
}

/// The statement `sent` runs for `wanted`, and whether it reads earliest
/// first: one fixed statement a combination, each a range of the member's
/// index, never a scan of their whole history.
fn sent_sql(wanted: PlaysWanted) -> (String, bool) {
    let (range, earliest_first) = match (wanted.after, wanted.before) {
        (None, None) => ("", false),
        (None, Some(_)) => ("AND listened_at < ?3", false),
        (Some(_), None) => ("AND listened_at > ?2", true),
        (Some(_), Some(_)) => ("AND listened_at > ?2 AND listened_at < ?3", false),
    };
    let order = if earliest_first { "ASC" } else { "DESC" };
    let sql = format!(
        "SELECT listened_at, artist_name, release_name, track_name, release_group_mbid,
                release_mbid, recording_mbid, duration_ms, player
         FROM player_listens WHERE user_id = ?1 {range}
         ORDER BY listened_at {order} LIMIT ?4"
    );
    (sql, earliest_first)
}

/// The moments of a member's first and latest plays, if any.
pub fn span(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<(String, String)>> {
    conn.prepare_cached(
        "SELECT (SELECT listened_at FROM player_listens WHERE user_id = ?1
                 ORDER BY listened_at LIMIT 1),
                (SELECT listened_at FROM player_listens WHERE user_id = ?1
                 ORDER BY listened_at DESC LIMIT 1)",
    )?
    .query_row([user_id], |row| {
        Ok(row
            .get::<_, Option<String>>(0)?
            .zip(row.get::<_, Option<String>>(1)?))
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::test_connection;

    #[test]
    fn plays_are_read_back_through_the_members_index() {
        let conn = test_connection();
        let moment = Some("2026-01-01T00:00:00.000Z");
        for (after, before) in [
            (None, None),
            (moment, None),
            (None, moment),
            (moment, moment),
        ] {
            let (sql, _) = sent_sql(PlaysWanted {
                after,
                before,
                most: 25,
            });
            let plan = crate::db::query_plan(&conn, &sql);
            assert!(
                plan.contains("USING INDEX player_listens_by_member"),
                "{plan}"
            );
            assert!(!plan.contains("TEMP B-TREE"), "{plan}");
        }
    }

    #[test]
    fn a_new_album_finds_the_plays_waiting_for_it_through_indexes() {
        let plan = crate::db::query_plan(&test_connection(), WAITING_FOR_ALBUM);
        assert!(plan.contains("player_unmatched_by_release_group"), "{plan}");
        assert!(plan.contains("player_unmatched_by_keys"), "{plan}");
    }

    #[test]
    fn missing_albums_kept_before_their_keys_are_keyed_and_then_found() {
        let conn = test_connection();
        let member = fixtures::user(&conn, "navi");
        conn.execute(
            "INSERT INTO player_unmatched (user_id, artist_name, release_name, plays, last_listened_at)
             VALUES (?1, 'The Beatles', 'Abbey Road - 2019 Remaster', 3, '2026-01-01T00:00:00.000Z')",
            [member],
        )
        .unwrap();
        assert_eq!(fill_unmatched_keys(&conn).unwrap(), 1);
        assert_eq!(fill_unmatched_keys(&conn).unwrap(), 0, "keyed once");
        let abbey_road = fixtures::album(&conn, "Beatles, The", "Abbey Road");
        let plays: i64 = conn
            .query_row(
                "SELECT plays FROM listens WHERE user_id = ?1 AND album_id = ?2",
                [member, abbey_road],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(plays, 3);
        assert_eq!(
            conn.query_row("SELECT count(*) FROM player_unmatched", [], |row| row
                .get::<_, i64>(0))
                .unwrap(),
            0
        );
    }
}
