//! Full-text search over artist names and album titles (FTS5).

use rusqlite::Connection;
use serde::Serialize;

use crate::domain::slug::search_key;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArtistHit {
    pub artist_id: i64,
    pub name: String,
    pub slug: String,
    pub picture_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlbumHit {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub picture_url: String,
    pub release_year: i64,
    #[serde(rename = "type")]
    #[schema(value_type = crate::domain::AlbumType)]
    pub album_type: String,
}

/// An FTS5 query that finds every word of `text` as a word prefix, accents
/// folded; `None` when the text has no word at all. Words are quoted, so
/// nothing the user types is read as query syntax.
pub fn prefix_query(text: &str) -> Option<String> {
    let folded = search_key(text);
    let words: Vec<String> = folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .take(8)
        .map(|word| format!("\"{word}\"*"))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Best matches first; among equally good ones, the shorter name.
pub fn rank_artists(conn: &Connection, query: &str, limit: u32) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT ar.id FROM artists_fts JOIN artists ar ON ar.id = artists_fts.rowid
         WHERE artists_fts MATCH ?1
         ORDER BY artists_fts.rank, length(ar.name), ar.id LIMIT ?2",
    )?
    .query_map(rusqlite::params![query, limit], |row| row.get(0))?
    .collect()
}

/// Every word must match the title or the artist's name; words in the title
/// weigh ten times more. Among equally good matches, the more rated.
pub fn rank_albums(conn: &Connection, query: &str, limit: u32) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(
        "SELECT a.id FROM albums_fts JOIN albums a ON a.id = albums_fts.rowid
         WHERE albums_fts MATCH ?1
         ORDER BY bm25(albums_fts, 10.0, 10.0, 1.0, 1.0), a.rating_count DESC, a.id LIMIT ?2",
    )?
    .query_map(rusqlite::params![query, limit], |row| row.get(0))?
    .collect()
}

/// Which search index: artist names, or album titles with their artists.
#[derive(Debug, Clone, Copy)]
pub enum Names {
    Artists,
    Albums,
}

/// The word beginnings of `lengths` characters that start words of more
/// than `busy` names (counted once a word, so roughly), as FTS5 prefix
/// queries (`prefix_query` of the beginning).
pub fn busy_prefixes(
    conn: &Connection,
    names: Names,
    lengths: std::ops::RangeInclusive<u32>,
    busy: u32,
) -> rusqlite::Result<Vec<String>> {
    let terms = match names {
        Names::Artists => "artists_fts_terms",
        Names::Albums => "albums_fts_terms",
    };
    conn.prepare_cached(&format!(
        "WITH RECURSIVE lengths(n) AS (SELECT ?1 UNION ALL SELECT n + 1 FROM lengths WHERE n < ?2)
         SELECT substr(term, 1, n) AS beginning FROM {terms}, lengths
         WHERE length(term) >= n GROUP BY beginning HAVING sum(doc) > ?3"
    ))?
    .query_map(
        rusqlite::params![lengths.start(), lengths.end(), busy],
        |row| {
            let beginning: String = row.get(0)?;
            Ok(format!("\"{beginning}\"*"))
        },
    )?
    .collect()
}

/// The artists of `ids`, in that order; ids no longer there are left out.
pub fn artists(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<ArtistHit>> {
    conn.prepare_cached(
        "SELECT ar.id, ar.name, ar.slug, ar.picture_url
         FROM json_each(?1) wanted JOIN artists ar ON ar.id = wanted.value
         ORDER BY wanted.key",
    )?
    .query_map([ids_json(ids)], |row| {
        Ok(ArtistHit {
            artist_id: row.get(0)?,
            name: row.get(1)?,
            slug: row.get(2)?,
            picture_url: row.get(3)?,
        })
    })?
    .collect()
}

/// The albums of `ids`, in that order; ids no longer there are left out.
pub fn albums(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<AlbumHit>> {
    conn.prepare_cached(
        "SELECT a.id, a.title, a.slug, ar.name, ar.slug, a.picture_url, a.release_year, a.type
         FROM json_each(?1) wanted JOIN albums a ON a.id = wanted.value
         JOIN artists ar ON ar.id = a.artist_id
         ORDER BY wanted.key",
    )?
    .query_map([ids_json(ids)], |row| {
        Ok(AlbumHit {
            album_id: row.get(0)?,
            title: row.get(1)?,
            slug: row.get(2)?,
            artist: row.get(3)?,
            artist_slug: row.get(4)?,
            picture_url: row.get(5)?,
            release_year: row.get(6)?,
            album_type: row.get(7)?,
        })
    })?
    .collect()
}

fn ids_json(ids: &[i64]) -> String {
    serde_json::to_string(ids).expect("a list of numbers is JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_prefixes_are_the_beginnings_of_many_names_words() {
        let conn = crate::db::test_connection();
        for n in 0..6 {
            crate::db::seed::fixtures::album(&conn, "Velvet Harbor", &format!("Velour {n}"));
        }
        crate::db::seed::fixtures::album(&conn, "Other", "Quiet");
        let busy = busy_prefixes(&conn, Names::Albums, 1..=3, 5).unwrap();
        let mut busy: Vec<&str> = busy.iter().map(String::as_str).collect();
        busy.sort_unstable();
        // "v" begins velour and velvet, six albums each; "q" and "o" one album.
        assert_eq!(
            busy,
            [
                "\"h\"*", "\"ha\"*", "\"har\"*", "\"v\"*", "\"ve\"*", "\"vel\"*"
            ]
        );
        assert_eq!(prefix_query("vel").as_deref(), Some("\"vel\"*"));
    }

    #[test]
    fn queries_fold_accents_quote_words_and_match_prefixes() {
        assert_eq!(
            prefix_query("Sigur Rós").as_deref(),
            Some("\"sigur\"* \"ros\"*")
        );
        assert_eq!(
            prefix_query("AND \"OR\" NEAR(x"),
            Some("\"and\"* \"or\"* \"near\"* \"x\"*".to_owned())
        );
        assert_eq!(prefix_query("  ?!  "), None);
    }
}
