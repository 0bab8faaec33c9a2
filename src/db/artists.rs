use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{Table, free_slug};
use crate::domain::match_key;
use crate::domain::slug::{name_key, search_key, slugify};
use utoipa::ToSchema;

pub struct NewArtist<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub picture_url: &'a str,
    pub mbid: Option<&'a str>,
}

/// Inserts an artist under a free slug; returns its id.
pub fn insert(conn: &Connection, artist: &NewArtist, now: &str) -> rusqlite::Result<i64> {
    let slug = free_slug(conn, Table::Artists, &slugify(artist.name), None)?;
    conn.prepare_cached(
        "INSERT INTO artists (name, name_key, slug, search_key, description, picture_url, mbid,
                              created_at, updated_at, match_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9)",
    )?
    .execute(params![
        artist.name,
        name_key(artist.name),
        slug,
        search_key(artist.name),
        artist.description,
        artist.picture_url,
        artist.mbid,
        now,
        match_key::artist_key(artist.name)
    ])?;
    Ok(conn.last_insert_rowid())
}

pub fn id_by_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM artists WHERE name_key = ?1")?
        .query_row([name_key(name)], |row| row.get(0))
        .optional()
}

pub fn count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT count(*) FROM artists", [], |row| row.get(0))
}

/// An artist with the rating count and average over all their albums.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Artist {
    pub artist_id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub picture_url: String,
    pub average_rating: f64,
    pub number_of_ratings: i64,
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Artist>> {
    conn.prepare_cached(
        "SELECT ar.id, ar.name, ar.slug, ar.description, ar.picture_url,
                coalesce(sum(a.rating_count), 0), coalesce(sum(a.rating_sum), 0)
         FROM artists ar LEFT JOIN albums a ON a.artist_id = ar.id
         WHERE ar.id = ?1 GROUP BY ar.id",
    )?
    .query_row([id], |row| {
        let count: i64 = row.get(5)?;
        let sum: f64 = row.get(6)?;
        Ok(Artist {
            artist_id: row.get(0)?,
            name: row.get(1)?,
            slug: row.get(2)?,
            description: row.get(3)?,
            picture_url: row.get(4)?,
            average_rating: if count > 0 { sum / count as f64 } else { 0.0 },
            number_of_ratings: count,
        })
    })
    .optional()
}

/// The artist a path names: by its exact slug (`what`, as links carry it),
/// by name in any case, by name without accents (`bjork`), or by the slug the
/// name makes (`sigur-ros`). An exact slug wins even over another artist's
/// name, so a link never leads elsewhere: `What?` has the slug `what`, and an
/// artist called `What` added later has `what-2`.
pub fn find(conn: &Connection, reference: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT id FROM artists WHERE slug = ?4 OR name_key = ?1 OR search_key = ?2 OR slug = ?3
         ORDER BY slug = ?4 DESC, name_key = ?1 DESC, search_key = ?2 DESC, id LIMIT 1",
    )?
    .query_row(
        params![
            name_key(reference),
            search_key(reference),
            slugify(reference),
            reference.trim()
        ],
        |row| row.get(0),
    )
    .optional()
}

pub struct ArtistChange<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub picture_url: &'a str,
}

/// Rewrites an artist's editable fields; a new name gets a new slug.
pub fn update(
    conn: &Connection,
    id: i64,
    change: &ArtistChange,
    now: &str,
) -> rusqlite::Result<()> {
    let current: String =
        conn.query_row("SELECT name FROM artists WHERE id = ?1", [id], |row| {
            row.get(0)
        })?;
    if current != change.name {
        let slug = free_slug(conn, Table::Artists, &slugify(change.name), Some(id))?;
        conn.prepare_cached(
            "UPDATE artists SET name = ?1, name_key = ?2, search_key = ?3, slug = ?4, match_key = ?5
             WHERE id = ?6",
        )?
        .execute(params![
            change.name,
            name_key(change.name),
            search_key(change.name),
            slug,
            match_key::artist_key(change.name),
            id
        ])?;
    }
    conn.prepare_cached(
        "UPDATE artists SET description = ?1, picture_url = ?2, updated_at = ?3 WHERE id = ?4",
    )?
    .execute(params![change.description, change.picture_url, now, id])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn artist(name: &str) -> NewArtist<'_> {
        NewArtist {
            name,
            description: "",
            picture_url: "",
            mbid: None,
        }
    }

    #[test]
    fn colliding_slugs_get_numbered() {
        let conn = crate::db::test_connection();
        insert(&conn, &artist("Sigur Rós"), "2026-01-01T00:00:00.000Z").unwrap();
        insert(&conn, &artist("Sigur Ros"), "2026-01-01T00:00:00.000Z").unwrap();
        let slugs: Vec<String> = conn
            .prepare("SELECT slug FROM artists ORDER BY id")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(slugs, ["sigur-ros", "sigur-ros-2"]);
    }

    #[test]
    fn names_are_unique_regardless_of_case_and_searchable() {
        let conn = crate::db::test_connection();
        let id = insert(&conn, &artist("Björk"), "2026-01-01T00:00:00.000Z").unwrap();
        let duplicate = insert(&conn, &artist("BJÖRK"), "2026-01-01T00:00:00.000Z");
        assert!(duplicate.is_err_and(|e| crate::db::is_unique_violation(&e)));
        assert_eq!(id_by_name(&conn, "björk").unwrap(), Some(id));
        let found: i64 = conn
            .query_row(
                "SELECT rowid FROM artists_fts WHERE artists_fts MATCH 'bjo*'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(found, id);
    }
}
