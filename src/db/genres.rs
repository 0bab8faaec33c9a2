use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{Table, free_slug};
use crate::domain::slug::slugify;
use utoipa::ToSchema;

/// The id of the genre with this name (any case), creating it when unknown.
pub fn find_or_create(conn: &Connection, name: &str) -> rusqlite::Result<i64> {
    let existing = conn
        .prepare_cached("SELECT id FROM genres WHERE name = ?1 OR slug = ?2")?
        .query_row(params![name, slugify(name)], |row| row.get(0))
        .optional()?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let slug = free_slug(conn, Table::Genres, &slugify(name), None)?;
    conn.prepare_cached("INSERT INTO genres (name, slug) VALUES (?1, ?2)")?
        .execute(params![name, slug])?;
    Ok(conn.last_insert_rowid())
}

pub fn count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT count(*) FROM genres", [], |row| row.get(0))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Genre {
    pub genre_id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
}

fn genre_from_row(row: &rusqlite::Row) -> rusqlite::Result<Genre> {
    Ok(Genre {
        genre_id: row.get(0)?,
        name: row.get(1)?,
        slug: row.get(2)?,
        description: row.get(3)?,
    })
}

/// The genre a path names: by name in any case or by slug (`hip-hop`).
pub fn find(conn: &Connection, reference: &str) -> rusqlite::Result<Option<Genre>> {
    conn.prepare_cached(
        "SELECT id, name, slug, description FROM genres WHERE name = ?1 OR slug = ?2
         ORDER BY name = ?1 DESC LIMIT 1",
    )?
    .query_row(
        params![reference.trim(), slugify(reference)],
        genre_from_row,
    )
    .optional()
}

/// Every genre, by name.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Genre>> {
    conn.prepare_cached("SELECT id, name, slug, description FROM genres ORDER BY name")?
        .query_map([], genre_from_row)?
        .collect()
}

/// Every genre's name: the imports' known genres beside MusicBrainz's list.
pub fn names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached("SELECT name FROM genres ORDER BY name")?
        .query_map([], |row| row.get(0))?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migration_loads_the_genre_list_with_descriptions() {
        let conn = crate::db::test_connection();
        assert!(count(&conn).unwrap() >= 120);
        let (slug, description): (String, String) = conn
            .query_row(
                "SELECT slug, description FROM genres WHERE name = 'hip hop'",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!(slug, "hip-hop");
        assert!(description.len() > 40);
    }

    #[test]
    fn finds_known_genres_in_any_form_and_creates_new_ones() {
        let conn = crate::db::test_connection();
        let rock = find_or_create(&conn, "Rock").unwrap();
        assert_eq!(find_or_create(&conn, "ROCK").unwrap(), rock);
        assert_eq!(
            find_or_create(&conn, "post-punk").unwrap(),
            find_or_create(&conn, "Post-punk").unwrap()
        );
        let before = count(&conn).unwrap();
        find_or_create(&conn, "Zeuhl").unwrap();
        assert_eq!(count(&conn).unwrap(), before + 1);
    }
}
