//! Descriptors members applied to albums (V35). `album_descriptors` holds how
//! many members applied each word to each album, kept by triggers, so an
//! album's descriptors are read through its key and a descriptor's albums
//! through `album_descriptors_by_strength`.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;

/// Replaces the member's descriptors of the album (none takes them back).
pub fn replace_mine(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    slugs: &[&str],
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM descriptor_votes WHERE album_id = ?1 AND user_id = ?2")?
        .execute(params![album_id, user_id])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO descriptor_votes (album_id, user_id, descriptor, applied_at)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for slug in slugs {
        insert.execute(params![album_id, user_id, slug, now])?;
    }
    Ok(())
}

/// Each descriptor applied to the album with how many members applied it,
/// the most applied first.
pub fn of_album(conn: &Connection, album_id: i64) -> rusqlite::Result<Vec<(String, u32)>> {
    conn.prepare_cached(
        "SELECT descriptor, members FROM album_descriptors WHERE album_id = ?1
         ORDER BY members DESC, descriptor",
    )?
    .query_map([album_id], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// The slugs the member applied to the album.
pub fn mine(conn: &Connection, user_id: i64, album_id: i64) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT descriptor FROM descriptor_votes WHERE album_id = ?1 AND user_id = ?2
         ORDER BY descriptor",
    )?
    .query_map(params![album_id, user_id], |row| row.get(0))?
    .collect()
}

/// A page of the albums at least `fewest` members applied the descriptor
/// to, the most applied first: `(album id, members)`.
pub fn albums_of(
    conn: &Connection,
    slug: &str,
    fewest: u32,
    page: Page,
) -> rusqlite::Result<Vec<(i64, u32)>> {
    conn.prepare_cached(
        "SELECT album_id, members FROM album_descriptors
         WHERE descriptor = ?1 AND members >= ?2
         ORDER BY members DESC, album_id LIMIT ?3 OFFSET ?4",
    )?
    .query_map(params![slug, fewest, page.limit, page.offset], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })?
    .collect()
}

/// A descriptor as the member's export gives it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedDescriptor {
    pub artist: String,
    pub album: String,
    pub album_id: i64,
    pub descriptor: String,
    pub applied_at: String,
}

/// Every descriptor the member applied, by album.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<ExportedDescriptor>> {
    conn.prepare_cached(
        "SELECT ar.name, al.title, al.id, v.descriptor, v.applied_at
         FROM descriptor_votes v JOIN albums al ON al.id = v.album_id
         JOIN artists ar ON ar.id = al.artist_id
         WHERE v.user_id = ?1 ORDER BY ar.name, al.title, v.descriptor",
    )?
    .query_map([user_id], |row| {
        Ok(ExportedDescriptor {
            artist: row.get(0)?,
            album: row.get(1)?,
            album_id: row.get(2)?,
            descriptor: row.get(3)?,
            applied_at: row.get(4)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::test_connection;
    use crate::domain::RatingValue;

    fn members(conn: &Connection, album: i64, slug: &str) -> Option<u32> {
        of_album(conn, album)
            .unwrap()
            .into_iter()
            .find(|(s, _)| s == slug)
            .map(|(_, n)| n)
    }

    #[test]
    fn the_counts_follow_every_change_a_rating_taken_away_and_an_account_removed() {
        let conn = test_connection();
        let album = fixtures::album(&conn, "Slowdive", "Souvlaki");
        let users: Vec<i64> = ["vera", "tom", "sam"]
            .iter()
            .map(|name| fixtures::user(&conn, name))
            .collect();
        for user in &users {
            crate::db::ratings::upsert(&conn, *user, album, RatingValue::from_f64(8.0), "t")
                .unwrap();
        }
        for user in &users {
            replace_mine(&conn, *user, album, &["dark", "lo-fi"], "t").unwrap();
        }
        assert_eq!(members(&conn, album, "dark"), Some(3));
        replace_mine(&conn, users[0], album, &["lo-fi", "warm"], "t").unwrap();
        assert_eq!(members(&conn, album, "dark"), Some(2));
        assert_eq!(members(&conn, album, "warm"), Some(1));
        conn.execute(
            "UPDATE ratings SET number = NULL WHERE user_id = ?1",
            [users[0]],
        )
        .unwrap();
        assert_eq!(members(&conn, album, "warm"), None);
        assert_eq!(members(&conn, album, "lo-fi"), Some(2));
        conn.execute("DELETE FROM ratings WHERE user_id = ?1", [users[1]])
            .unwrap();
        assert_eq!(members(&conn, album, "dark"), Some(1));
        conn.execute("DELETE FROM users WHERE id = ?1", [users[2]])
            .unwrap();
        assert!(of_album(&conn, album).unwrap().is_empty());
    }

    #[test]
    fn a_descriptors_albums_are_read_from_the_strength_index() {
        let conn = test_connection();
        let plan: String = conn
            .prepare(
                "EXPLAIN QUERY PLAN SELECT album_id, members FROM album_descriptors
                 WHERE descriptor = ?1 AND members >= ?2
                 ORDER BY members DESC, album_id LIMIT ?3 OFFSET ?4",
            )
            .unwrap()
            .query_map(params!["dark", 2, 10, 0], |row| row.get::<_, String>(3))
            .unwrap()
            .map(Result::unwrap)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(plan.contains("album_descriptors_by_strength"), "{plan}");
        assert!(!plan.contains("TEMP B-TREE"), "{plan}");
    }
}
