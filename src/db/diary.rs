//! Members' listening diaries (V30): listens of albums logged on a day, by
//! the member or made from their music player's plays of most of an album
//! in one sitting.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::listening::Listen;
use crate::domain::sittings::{Heard, Sitting};

/// Who logged an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The member, by hand.
    Member,
    /// Made from the plays their music player sent.
    Player,
    /// Made from a listening history they imported.
    Import,
}

impl Source {
    fn code(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::Player => "player",
            Self::Import => "import",
        }
    }

    fn from_code(code: &str) -> Self {
        match code {
            "player" => Self::Player,
            "import" => Self::Import,
            _ => Self::Member,
        }
    }
}

/// The album of an entry, as the diary shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiaryAlbum {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub picture_url: String,
    pub release_year: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiaryEntry {
    pub entry_id: i64,
    /// The day of the listen, `YYYY-MM-DD`.
    pub listened_on: String,
    /// The rating given with the listen.
    #[schema(required)]
    pub rating: Option<f64>,
    /// Empty when none was written.
    pub note: String,
    pub relisten: bool,
    pub source: Source,
    pub album: DiaryAlbum,
}

const ENTRY_COLUMNS: &str = "d.id, d.listened_on, d.rating, d.note, d.relisten, d.source,
     al.id, al.title, al.slug, ar.name, ar.slug, al.picture_url, al.release_year
     FROM diary_entries d JOIN albums al ON al.id = d.album_id JOIN artists ar ON ar.id = al.artist_id";

fn entry_from_row(row: &rusqlite::Row) -> rusqlite::Result<DiaryEntry> {
    let source: String = row.get(5)?;
    Ok(DiaryEntry {
        entry_id: row.get(0)?,
        listened_on: row.get(1)?,
        rating: row.get(2)?,
        note: row.get(3)?,
        relisten: row.get(4)?,
        source: Source::from_code(&source),
        album: DiaryAlbum {
            album_id: row.get(6)?,
            title: row.get(7)?,
            slug: row.get(8)?,
            artist: row.get(9)?,
            artist_slug: row.get(10)?,
            picture_url: row.get(11)?,
            release_year: row.get(12)?,
        },
    })
}

/// Logs a listen at `now`; the new entry's id.
pub fn log(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    fields: &Listen,
    now: &str,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO diary_entries
             (user_id, album_id, listened_on, rating, note, relisten, source, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'member', ?7, ?7)",
    )?
    .execute(params![
        user_id,
        album_id,
        fields.listened_on,
        fields.rating,
        fields.note,
        fields.relisten,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Logs a listen brought by an import, unless the member's diary has it
/// already (the same album, day and note): importing a file again adds
/// nothing. True when logged.
pub fn log_unless_kept(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    listen: &Listen,
    now: &str,
) -> rusqlite::Result<bool> {
    let kept: bool = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM diary_entries
                            WHERE user_id = ?1 AND album_id = ?2 AND listened_on = ?3 AND note = ?4)",
        )?
        .query_row(
            params![user_id, album_id, listen.listened_on, listen.note],
            |row| row.get(0),
        )?;
    if kept {
        return Ok(false);
    }
    // Logged on its day, so a diary brought from another site stays in its
    // past (and out of the top of followers' feeds).
    let on_its_day = format!("{}T00:00:00.000Z", listen.listened_on);
    log(
        conn,
        user_id,
        album_id,
        listen,
        on_its_day.as_str().min(now),
    )?;
    Ok(true)
}

/// Changes the member's own entry; false when they have no such entry.
pub fn change(
    conn: &Connection,
    user_id: i64,
    entry_id: i64,
    fields: &Listen,
    now: &str,
) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE diary_entries
             SET listened_on = ?3, rating = ?4, note = ?5, relisten = ?6, updated_at = ?7
             WHERE id = ?1 AND user_id = ?2",
        )?
        .execute(params![
            entry_id,
            user_id,
            fields.listened_on,
            fields.rating,
            fields.note,
            fields.relisten,
            now
        ])?
        > 0)
}

/// Removes the member's own entry; false when they have no such entry.
pub fn remove(conn: &Connection, user_id: i64, entry_id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM diary_entries WHERE id = ?1 AND user_id = ?2")?
        .execute(params![entry_id, user_id])?
        > 0)
}

/// One entry with its album.
pub fn by_id(conn: &Connection, entry_id: i64) -> rusqlite::Result<Option<DiaryEntry>> {
    conn.prepare_cached(&format!("SELECT {ENTRY_COLUMNS} WHERE d.id = ?1"))?
        .query_row([entry_id], entry_from_row)
        .optional()
}

/// These entries with their albums, in no particular order.
pub fn by_ids(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<DiaryEntry>> {
    let ids = serde_json::to_string(ids).expect("ids serialize");
    conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS} WHERE d.id IN (SELECT value FROM json_each(?1))"
    ))?
    .query_map([ids], entry_from_row)?
    .collect()
}

/// Where a page of a diary starts: just after this entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub listened_on: String,
    pub entry_id: i64,
}

impl Cursor {
    pub fn encode(&self) -> String {
        format!("{}~{}", self.listened_on, self.entry_id)
    }

    pub fn decode(text: &str) -> Option<Self> {
        let (day, id) = text.split_once('~')?;
        Some(Self {
            listened_on: day.to_owned(),
            entry_id: id.parse().ok()?,
        })
    }
}

/// A page of the member's diary, the latest day first, from `diary_by_day`.
pub fn of_member(
    conn: &Connection,
    user_id: i64,
    before: Option<&Cursor>,
    limit: u32,
) -> rusqlite::Result<Vec<DiaryEntry>> {
    let (day, id) = before.map_or(("9999-99-99", i64::MAX), |cursor| {
        (cursor.listened_on.as_str(), cursor.entry_id)
    });
    conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS}
         WHERE d.user_id = ?1 AND (d.listened_on, d.id) < (?2, ?3)
         ORDER BY d.listened_on DESC, d.id DESC LIMIT ?4"
    ))?
    .query_map(params![user_id, day, id, limit], entry_from_row)?
    .collect()
}

/// How many listens of each month of the member's diary, the latest first.
pub fn months_of_member(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<(String, i64)>> {
    conn.prepare_cached(
        "SELECT substr(listened_on, 1, 7) AS month, count(*) FROM diary_entries
         WHERE user_id = ?1 GROUP BY month ORDER BY month DESC",
    )?
    .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// The most of a member's listens of one album an album page lists.
pub const LISTENS_OF_ALBUM_SHOWN: u32 = 20;

/// The member's listens of one album, the latest first (at most
/// `LISTENS_OF_ALBUM_SHOWN`), and how many there are.
pub fn of_member_and_album(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
) -> rusqlite::Result<(Vec<DiaryEntry>, i64)> {
    let count = conn
        .prepare_cached("SELECT count(*) FROM diary_entries WHERE user_id = ?1 AND album_id = ?2")?
        .query_row(params![user_id, album_id], |row| row.get(0))?;
    let entries = conn
        .prepare_cached(&format!(
            "SELECT {ENTRY_COLUMNS} WHERE d.user_id = ?1 AND d.album_id = ?2
             ORDER BY d.listened_on DESC, d.id DESC LIMIT ?3"
        ))?
        .query_map(
            params![user_id, album_id, LISTENS_OF_ALBUM_SHOWN],
            entry_from_row,
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok((entries, count))
}

/// Whether the member logged a listen of the album before `day`.
pub fn listened_before(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    day: &str,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM diary_entries
                        WHERE user_id = ?1 AND album_id = ?2 AND listened_on < ?3)",
    )?
    .query_row(params![user_id, album_id, day], |row| row.get(0))
}

/// A member's plays of one album between two moments, oldest first.
pub fn plays_between(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    (from, to): (&str, &str),
) -> rusqlite::Result<Vec<Heard>> {
    conn.prepare_cached(
        "SELECT listened_at, track_name, recording_mbid, duration_ms FROM player_listens
         WHERE user_id = ?1 AND album_id = ?2 AND listened_at BETWEEN ?3 AND ?4
         ORDER BY listened_at",
    )?
    .query_map(params![user_id, album_id, from, to], |row| {
        Ok(Heard {
            at: row.get(0)?,
            track: row.get(1)?,
            recording_mbid: row.get(2)?,
            duration_ms: row.get(3)?,
        })
    })?
    .collect()
}

/// Records a sitting in which most of the album was played: widens the
/// entry made from plays whose sitting it overlaps (from a player or an
/// imported history, so the same plays sent both ways count once), or logs
/// a new one. True when an entry was logged.
pub fn record_sitting(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    (from, to): (&str, &str),
    source: Source,
    now: &str,
) -> rusqlite::Result<bool> {
    let widened = conn
        .prepare_cached(
            "UPDATE diary_entries
             SET played_from = min(played_from, ?3), played_to = max(played_to, ?4)
             WHERE user_id = ?1 AND album_id = ?2 AND played_from IS NOT NULL
               AND played_from <= ?4 AND played_to >= ?3",
        )?
        .execute(params![user_id, album_id, from, to])?;
    if widened > 0 {
        return Ok(false);
    }
    let day = &from[..10];
    let relisten = listened_before(conn, user_id, album_id, day)?;
    // Logged when the sitting ended, so a history sent late lands in its past.
    let logged_at = if to < now { to } else { now };
    conn.prepare_cached(
        "INSERT INTO diary_entries
             (user_id, album_id, listened_on, relisten, source, played_from, played_to,
              created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    )?
    .execute(params![
        user_id,
        album_id,
        day,
        relisten,
        source.code(),
        from,
        to,
        logged_at
    ])?;
    Ok(true)
}

/// Logs each sitting, of a player's plays or an imported history
/// (`source`), that covers most of the album's tracklist; how many entries
/// were logged (others widened the entry of their sitting).
pub fn log_sittings<'s>(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    sittings: impl IntoIterator<Item = &'s Sitting>,
    source: Source,
    now: &str,
) -> rusqlite::Result<u32> {
    let tracklist = tracklist_heard(conn, album_id)?;
    let mut logged = 0;
    for sitting in sittings {
        if sitting.covers_most_of(&tracklist)
            && record_sitting(
                conn,
                user_id,
                album_id,
                (&sitting.from, &sitting.to),
                source,
                now,
            )?
        {
            logged += 1;
        }
    }
    Ok(logged)
}

/// The titles and recording ids of an album's tracks, as sittings compare them.
pub fn tracklist_heard(
    conn: &Connection,
    album_id: i64,
) -> rusqlite::Result<Vec<(String, Option<String>)>> {
    conn.prepare_cached("SELECT title, recording_mbid FROM tracks WHERE album_id = ?1")?
        .query_map([album_id], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

/// An entry as the member's export gives it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedEntry {
    pub artist: String,
    pub album: String,
    pub album_id: i64,
    pub listened_on: String,
    #[schema(required)]
    pub rating: Option<f64>,
    pub note: String,
    pub relisten: bool,
    pub source: Source,
}

/// Every entry of the member's diary, oldest first.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<ExportedEntry>> {
    conn.prepare_cached(
        "SELECT ar.name, al.title, al.id, d.listened_on, d.rating, d.note, d.relisten, d.source
         FROM diary_entries d JOIN albums al ON al.id = d.album_id
         JOIN artists ar ON ar.id = al.artist_id
         WHERE d.user_id = ?1 ORDER BY d.listened_on, d.id",
    )?
    .query_map([user_id], |row| {
        let source: String = row.get(7)?;
        Ok(ExportedEntry {
            artist: row.get(0)?,
            album: row.get(1)?,
            album_id: row.get(2)?,
            listened_on: row.get(3)?,
            rating: row.get(4)?,
            note: row.get(5)?,
            relisten: row.get(6)?,
            source: Source::from_code(&source),
        })
    })?
    .collect()
}
