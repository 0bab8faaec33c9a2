//! What importing a member's history reads: the catalogue as matching sees
//! it, what the member has of some albums, and what a member's export holds.
//! The write of a confirmed import is `member_import::write`, through the
//! queries of each table.

use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, OptionalExtension, params};

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::match_key;

/// A catalogue album as matching and the preview see it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCandidate {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub year: i64,
    #[serde(rename = "type")]
    pub album_type: String,
    pub picture_url: String,
    /// How alike the names are, 0 to 100 (100 for an exact match).
    pub score: u8,
    #[serde(skip)]
    pub release_group: Option<String>,
}

/// What the member has of an album now.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Existing {
    /// `Some(None)`: in the library without a rating.
    pub rating: Option<Option<f64>>,
    pub on_wishlist: bool,
    /// Plays and last listen in the queue.
    pub listens: Option<(u32, Option<String>)>,
    pub has_review: bool,
    /// The member voted on the album's genres here.
    pub voted_genres: bool,
    /// The member applied descriptors to the album here.
    pub described: bool,
    /// The member asked here not to have the album recommended.
    pub dismissed: bool,
}

/// One album of a member's, as `member_import::rym::write` puts it in a row.
pub struct Exported {
    pub album_id: i64,
    pub artist: String,
    pub title: String,
    pub year: i64,
    pub rating: Option<f64>,
    pub owned: bool,
    pub wished: bool,
    pub review: Option<String>,
}

const CANDIDATE_SELECT: &str =
    "SELECT a.id, a.title, a.slug, ar.name, ar.slug, a.release_year, a.type, a.picture_url,
            a.mb_release_group
     FROM albums a JOIN artists ar ON ar.id = a.artist_id";

fn candidate_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ImportCandidate> {
    Ok(ImportCandidate {
        album_id: row.get(0)?,
        title: row.get(1)?,
        slug: row.get(2)?,
        artist: row.get(3)?,
        artist_slug: row.get(4)?,
        year: row.get(5)?,
        album_type: row.get(6)?,
        picture_url: row.get(7)?,
        score: 100,
        release_group: row.get(8)?,
    })
}

/// The album of a MusicBrainz release group (lower case, as stored).
pub fn by_release_group(
    conn: &Connection,
    release_group: &str,
) -> rusqlite::Result<Option<ImportCandidate>> {
    conn.prepare_cached(&format!("{CANDIDATE_SELECT} WHERE a.mb_release_group = ?1"))?
        .query_row([release_group], candidate_from_row)
        .optional()
}

/// The albums whose artist and title have these match keys, oldest first.
pub fn by_match_keys(
    conn: &Connection,
    artist_key: &str,
    title_key: &str,
) -> rusqlite::Result<Vec<ImportCandidate>> {
    conn.prepare_cached(&format!(
        "{CANDIDATE_SELECT} WHERE ar.match_key = ?1 AND a.match_key = ?2 ORDER BY a.id"
    ))?
    .query_map([artist_key, title_key], candidate_from_row)?
    .collect()
}

/// The artist match keys beginning with `initial`, each once, handed to
/// `keep` one by one (a large catalogue's are never all in memory).
pub fn artist_keys_beginning<T>(
    conn: &Connection,
    initial: char,
    mut keep: impl FnMut(String) -> Option<T>,
) -> rusqlite::Result<Vec<T>> {
    let from = initial.to_string();
    // The keys beginning with `initial` sort between it and the next character.
    let below = (initial as u32 + 1..=char::MAX as u32)
        .find_map(char::from_u32)
        .map(String::from);
    let mut statement = conn.prepare_cached(
        "SELECT DISTINCT match_key FROM artists
         WHERE match_key >= ?1 AND (?2 IS NULL OR match_key < ?2)",
    )?;
    let mut rows = statement.query(params![from, below])?;
    let mut kept = Vec::new();
    while let Some(row) = rows.next()? {
        kept.extend(keep(row.get(0)?));
    }
    Ok(kept)
}

/// The title match keys and ids of the albums of the artists with this
/// match key, oldest first.
pub fn titles_by_artist_key(
    conn: &Connection,
    artist_key: &str,
) -> rusqlite::Result<Vec<(String, i64)>> {
    conn.prepare_cached(
        "SELECT a.match_key, a.id FROM artists ar JOIN albums a ON a.artist_id = ar.id
         WHERE ar.match_key = ?1 ORDER BY a.id",
    )?
    .query_map([artist_key], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// Fills the match keys of the rows without one: every row after V23, or
/// after a migration that changed how keys are made. Returns how many.
pub fn fill_match_keys(conn: &Connection) -> rusqlite::Result<usize> {
    let artists = fill_keys(conn, "artists", "name", match_key::artist_key)?;
    Ok(artists + fill_keys(conn, "albums", "title", match_key::title_key)?)
}

fn fill_keys(
    conn: &Connection,
    table: &str,
    name: &str,
    key: fn(&str) -> String,
) -> rusqlite::Result<usize> {
    const BATCH: i64 = 5_000;
    let mut unkeyed = conn.prepare(&format!(
        "SELECT id, {name} FROM {table} WHERE id > ?1 AND match_key IS NULL ORDER BY id LIMIT ?2"
    ))?;
    let mut set = conn.prepare(&format!("UPDATE {table} SET match_key = ?1 WHERE id = ?2"))?;
    let (mut after, mut filled) = (0_i64, 0);
    loop {
        let batch = unkeyed
            .query_map(params![after, BATCH], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let Some(&(last, _)) = batch.last() else {
            return Ok(filled);
        };
        for (id, text) in &batch {
            set.execute(params![key(text), id])?;
        }
        filled += batch.len();
        after = last;
    }
}

/// Rows whose stored match key is not the one this build makes, for
/// `halfstar check`.
pub fn match_keys_off(conn: &Connection) -> rusqlite::Result<i64> {
    Ok(keys_off(conn, "artists", "name", match_key::artist_key)?
        + keys_off(conn, "albums", "title", match_key::title_key)?)
}

fn keys_off(
    conn: &Connection,
    table: &str,
    name: &str,
    key: fn(&str) -> String,
) -> rusqlite::Result<i64> {
    let mut statement = conn.prepare(&format!("SELECT {name}, match_key FROM {table}"))?;
    let mut rows = statement.query([])?;
    let mut off = 0;
    while let Some(row) = rows.next()? {
        let (text, stored): (String, Option<String>) = (row.get(0)?, row.get(1)?);
        if stored != Some(key(&text)) {
            off += 1;
        }
    }
    Ok(off)
}

/// One album as a member may pick it for a row.
pub fn candidate(conn: &Connection, album_id: i64) -> rusqlite::Result<Option<ImportCandidate>> {
    conn.prepare_cached(&format!("{CANDIDATE_SELECT} WHERE a.id = ?1"))?
        .query_row([album_id], candidate_from_row)
        .optional()
}

/// The member's rows (?1) of the albums whose ids are the JSON array ?2.
const AMONG: &str = "user_id = ?1 AND album_id IN (SELECT value FROM json_each(?2))";

/// What the member has of these albums now.
pub fn existing(
    conn: &Connection,
    user_id: i64,
    album_ids: &[i64],
) -> rusqlite::Result<HashMap<i64, Existing>> {
    let ids = serde_json::to_string(album_ids).expect("ids serialize");
    let mut have: HashMap<i64, Existing> = HashMap::new();
    for (album_id, number) in by_album::<Option<f64>>(
        conn,
        &format!("SELECT album_id, number FROM ratings WHERE {AMONG}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().rating = Some(number);
    }
    for (album_id, _) in by_album::<Option<i64>>(
        conn,
        &format!("SELECT album_id, NULL FROM wishlist_items WHERE {AMONG}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().on_wishlist = true;
    }
    for (album_id, _) in by_album::<Option<i64>>(
        conn,
        &format!("SELECT album_id, NULL FROM reviews WHERE {AMONG}"),
        user_id,
        &ids,
    )? {
        have.entry(album_id).or_default().has_review = true;
    }
    let mut statement = conn.prepare_cached(&format!(
        "SELECT album_id, plays, last_listened_at FROM listens WHERE {AMONG}"
    ))?;
    let mut rows = statement.query(params![user_id, ids])?;
    while let Some(row) = rows.next()? {
        have.entry(row.get(0)?).or_default().listens = Some((row.get(1)?, row.get(2)?));
    }
    Ok(have)
}

/// Marks in `have` what the member has here of the opinions an import may
/// bring (genre votes, descriptors, a dismissal) of `album_ids`: asked only
/// of the albums whose plans carry some, as only halfstar's own export has them.
fn note_opinions_here(
    conn: &Connection,
    user_id: i64,
    album_ids: &[i64],
    have: &mut HashMap<i64, Existing>,
) -> rusqlite::Result<()> {
    if album_ids.is_empty() {
        return Ok(());
    }
    let ids = serde_json::to_string(&album_ids).expect("ids serialize");
    // Each table of the member's opinions, and the fact a row of it marks.
    type Mark = fn(&mut Existing);
    let opinions: [(&str, Mark); 3] = [
        ("genre_votes", |have| have.voted_genres = true),
        ("descriptor_votes", |have| have.described = true),
        ("recommendation_dismissals", |have| have.dismissed = true),
    ];
    for (table, mark) in opinions {
        for (album_id, _) in by_album::<Option<i64>>(
            conn,
            &format!("SELECT DISTINCT album_id, NULL FROM {table} WHERE {AMONG}"),
            user_id,
            &ids,
        )? {
            mark(have.entry(album_id).or_default());
        }
    }
    Ok(())
}

/// (album id, second column) rows of a query on the member and album ids.
fn by_album<T: rusqlite::types::FromSql>(
    conn: &Connection,
    sql: &str,
    user_id: i64,
    ids: &str,
) -> rusqlite::Result<Vec<(i64, T)>> {
    conn.prepare_cached(sql)?
        .query_map(params![user_id, ids], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

/// What the member has now of `album_ids`, and of the opinions of
/// `with_opinions` (some of them): one read for an import's preview and its
/// write alike.
pub fn held(
    conn: &Connection,
    user_id: i64,
    album_ids: &[i64],
    with_opinions: &[i64],
) -> rusqlite::Result<HashMap<i64, Existing>> {
    let mut have = existing(conn, user_id, album_ids)?;
    note_opinions_here(conn, user_id, with_opinions, &mut have)?;
    Ok(have)
}

/// Which of `album_ids` are still in the catalogue.
pub fn still_there(conn: &Connection, album_ids: &[i64]) -> rusqlite::Result<HashSet<i64>> {
    conn.prepare_cached("SELECT id FROM albums WHERE id IN (SELECT value FROM json_each(?1))")?
        .query_map(
            [serde_json::to_string(album_ids).expect("ids serialize")],
            |row| row.get(0),
        )?
        .collect()
}

/// The member's library and wishlist as the Rate Your Music style CSV
/// writes them, by artist and title.
// Driven by the member's own rows, through their by-member indexes: never
// a walk over the catalogue.
const FOR_RYM_CSV_SQL: &str = "
    WITH mine(album_id) AS (
        SELECT album_id FROM ratings WHERE user_id = ?1
        UNION SELECT album_id FROM wishlist_items WHERE user_id = ?1
        UNION SELECT album_id FROM reviews WHERE user_id = ?1
    )
    SELECT a.id, ar.name, a.title, a.release_year, r.number, r.id IS NOT NULL AND r.number IS NULL,
           w.id IS NOT NULL, rv.review_text
    FROM mine JOIN albums a ON a.id = mine.album_id JOIN artists ar ON ar.id = a.artist_id
    LEFT JOIN ratings r ON r.album_id = a.id AND r.user_id = ?1
    LEFT JOIN wishlist_items w ON w.album_id = a.id AND w.user_id = ?1
    LEFT JOIN reviews rv ON rv.album_id = a.id AND rv.user_id = ?1
    ORDER BY ar.name, a.release_date, a.title";

pub fn for_rym_csv(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Exported>> {
    conn.prepare(FOR_RYM_CSV_SQL)?
        .query_map([user_id], |row| {
            Ok(Exported {
                album_id: row.get(0)?,
                artist: row.get(1)?,
                title: row.get(2)?,
                year: row.get(3)?,
                rating: row.get(4)?,
                owned: row.get(5)?,
                wished: row.get(6)?,
                review: row.get(7)?,
            })
        })?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csv_export_reads_only_the_members_own_rows() {
        let conn = crate::db::test_connection();
        let plan = crate::db::query_plan(&conn, FOR_RYM_CSV_SQL);
        for walk in ["SCAN a", "SCAN albums", "SCAN ratings", "SCAN r "] {
            assert!(!plan.contains(walk), "{plan}");
        }
    }

    #[test]
    fn match_keys_follow_names_and_are_made_again_when_missing() {
        let conn = crate::db::test_connection();
        let album_id =
            crate::db::seed::fixtures::album(&conn, "Beatles, The", "Abbey Road (Remastered)");
        let keys = |conn: &Connection| -> (String, String) {
            conn.query_row(
                "SELECT ar.match_key, a.match_key FROM albums a JOIN artists ar ON ar.id = a.artist_id",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap()
        };
        assert_eq!(keys(&conn), ("beatles".into(), "abbey road".into()));

        let now = "2026-01-02T00:00:00.000Z";
        let artist_id: i64 = conn
            .query_row("SELECT artist_id FROM albums", [], |row| row.get(0))
            .unwrap();
        let renamed = super::super::artists::ArtistChange {
            name: "Nirvana (2)",
            description: "",
            picture_url: "",
        };
        super::super::artists::update(&conn, artist_id, &renamed, now).unwrap();
        let retitled = super::super::albums::AlbumChange {
            artist_id,
            title: "Nevermind [Deluxe Edition]",
            release_date: "1991".parse().unwrap(),
            album_type: crate::domain::AlbumType::Lp,
            picture_url: "",
            genres: &[],
            styles: &[],
        };
        super::super::albums::update(&conn, album_id, &retitled, now).unwrap();
        assert_eq!(keys(&conn), ("nirvana".into(), "nevermind".into()));
        assert_eq!(match_keys_off(&conn).unwrap(), 0);

        conn.execute("UPDATE albums SET match_key = 'stale'", [])
            .unwrap();
        assert_eq!(match_keys_off(&conn).unwrap(), 1, "check sees a stale key");
        conn.execute_batch(
            "UPDATE albums SET match_key = NULL; UPDATE artists SET match_key = NULL;",
        )
        .unwrap();
        assert_eq!(match_keys_off(&conn).unwrap(), 2, "and missing ones");
        assert_eq!(fill_match_keys(&conn).unwrap(), 2);
        assert_eq!(keys(&conn), ("nirvana".into(), "nevermind".into()));
        assert_eq!(match_keys_off(&conn).unwrap(), 0);
    }

    #[test]
    fn matching_reads_indexes_not_the_catalogue() {
        let conn = crate::db::test_connection();
        for sql in [
            format!("{CANDIDATE_SELECT} WHERE a.mb_release_group = ?1"),
            format!(
                "{CANDIDATE_SELECT} WHERE ar.match_key = ?1 AND a.match_key = ?2 ORDER BY a.id"
            ),
            "SELECT DISTINCT match_key FROM artists
             WHERE match_key >= ?1 AND (?2 IS NULL OR match_key < ?2)"
                .to_owned(),
            "SELECT a.match_key, a.id FROM artists ar JOIN albums a ON a.artist_id = ar.id
             WHERE ar.match_key = ?1 ORDER BY a.id"
                .to_owned(),
        ] {
            let plan = crate::db::query_plan(&conn, &sql);
            assert!(!plan.contains("SCAN"), "{sql}\n{plan}");
        }
        // What every opening asks (`fill_keys`) reads only the rows still to key.
        for (sql, index) in [
            (
                "SELECT id, title FROM albums WHERE id > ?1 AND match_key IS NULL ORDER BY id LIMIT ?2",
                "albums_unkeyed",
            ),
            (
                "SELECT id, name FROM artists WHERE id > ?1 AND match_key IS NULL ORDER BY id LIMIT ?2",
                "artists_by_match_key",
            ),
        ] {
            let plan = crate::db::query_plan(&conn, sql);
            assert!(plan.contains(index), "{sql}\n{plan}");
        }
    }
}
