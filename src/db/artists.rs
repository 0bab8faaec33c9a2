use rusqlite::{Connection, OptionalExtension, params};

use super::{Table, free_slug};
use crate::domain::slug::{name_key, search_key, slugify};

pub struct NewArtist<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub picture_url: &'a str,
    pub mbid: Option<&'a str>,
}

/// Inserts an artist under a free slug; returns its id.
pub fn insert(conn: &Connection, artist: &NewArtist, now: &str) -> rusqlite::Result<i64> {
    let slug = free_slug(conn, Table::Artists, &slugify(artist.name))?;
    conn.prepare_cached(
        "INSERT INTO artists (name, name_key, slug, search_key, description, picture_url, mbid,
                              created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
    )?
    .execute(params![
        artist.name,
        name_key(artist.name),
        slug,
        search_key(artist.name),
        artist.description,
        artist.picture_url,
        artist.mbid,
        now
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
