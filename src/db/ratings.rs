use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::Page;
use super::albums::{self, Album};
use super::stats::Bucket;
use super::users::{Author, author_at};
use crate::domain::RatingValue;
use utoipa::ToSchema;

/// A rating as the API shows it; `number` is null for a library entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    pub rating_id: i64,
    pub album_id: i64,
    pub artist_id: i64,
    pub user_id: i64,
    #[schema(required)]
    pub number: Option<f64>,
    pub created_at: String,
    pub updated_at: String,
    pub user: Author,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub album: Option<Album>,
}

const RATING_SELECT: &str =
    "SELECT r.id, r.album_id, a.artist_id, r.user_id, r.number, r.created_at,
        r.updated_at, u.id, u.username, u.profile_picture_url
     FROM ratings r JOIN albums a ON a.id = r.album_id JOIN users u ON u.id = r.user_id";

fn rating_from_row(row: &Row<'_>) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating_id: row.get(0)?,
        album_id: row.get(1)?,
        artist_id: row.get(2)?,
        user_id: row.get(3)?,
        number: row.get(4)?,
        created_at: row.get(5)?,
        updated_at: row.get(6)?,
        user: author_at(row, 7)?,
        album: None,
    })
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Rating>> {
    conn.prepare_cached(&format!("{RATING_SELECT} WHERE r.id = ?1"))?
        .query_row([id], rating_from_row)
        .optional()
}

/// A member's ratings of some albums (library entries have none), by album.
pub fn numbers_of(
    conn: &Connection,
    user_id: i64,
    album_ids: &[i64],
) -> rusqlite::Result<HashMap<i64, f64>> {
    let ids = serde_json::to_string(album_ids).expect("a list of ids serializes");
    conn.prepare_cached(
        "SELECT album_id, number FROM ratings
         WHERE user_id = ?1 AND album_id IN (SELECT value FROM json_each(?2))
           AND number IS NOT NULL",
    )?
    .query_map(params![user_id, ids], |row| Ok((row.get(0)?, row.get(1)?)))?
    .collect()
}

/// A member's ratings and library entries, newest first, each with its album.
pub fn by_user(
    conn: &Connection,
    user_id: i64,
    page: Page,
    viewer: Option<i64>,
) -> rusqlite::Result<Vec<Rating>> {
    let mut list: Vec<Rating> = conn
        .prepare_cached(&format!(
            "{RATING_SELECT} WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC
             LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![user_id, page.limit, page.offset], rating_from_row)?
        .collect::<rusqlite::Result<_>>()?;
    let ids: Vec<i64> = list.iter().map(|r| r.album_id).collect();
    let mut found = albums::by_ids(conn, &ids, viewer)?.into_iter();
    // by_ids keeps the order of `ids`, so albums pair up with ratings in turn.
    for rating in &mut list {
        rating.album = found.next();
    }
    Ok(list)
}

/// An album's ratings with a number, newest first.
pub fn by_album(conn: &Connection, album_id: i64, page: Page) -> rusqlite::Result<Vec<Rating>> {
    conn.prepare_cached(&format!(
        "{RATING_SELECT} WHERE r.album_id = ?1 AND r.number IS NOT NULL
         ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3"
    ))?
    .query_map(params![album_id, page.limit, page.offset], rating_from_row)?
    .collect()
}

/// How many of an album's ratings gave each of the twenty values, zeros
/// included; library entries carry no number and are not counted.
pub fn distribution(conn: &Connection, album_id: i64) -> rusqlite::Result<Vec<Bucket>> {
    buckets(
        conn,
        "SELECT CAST(number * 2 AS INTEGER), count(*) FROM ratings
         WHERE album_id = ?1 AND number IS NOT NULL GROUP BY 1",
        album_id,
    )
}

/// The same count over the ratings a member gave (their profile's bar chart).
pub fn distribution_of_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Bucket>> {
    buckets(
        conn,
        "SELECT CAST(number * 2 AS INTEGER), count(*) FROM ratings
         WHERE user_id = ?1 AND number IS NOT NULL GROUP BY 1",
        user_id,
    )
}

/// `sql` answers (half steps, count) rows for `id`; every value of the scale
/// comes back in order, zeros included.
fn buckets(conn: &Connection, sql: &str, id: i64) -> rusqlite::Result<Vec<Bucket>> {
    let mut counts: HashMap<i64, i64> = conn
        .prepare_cached(sql)?
        .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok((1..=20)
        .map(|steps| Bucket {
            number: steps as f64 / 2.0,
            count: counts.remove(&steps).unwrap_or(0),
        })
        .collect())
}

/// Deletes a rating and takes it out of its album's counters. Call inside a
/// transaction. False when there was no such rating.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    let existing: Option<(i64, Option<f64>)> = conn
        .prepare_cached("SELECT album_id, number FROM ratings WHERE id = ?1")?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    let Some((album_id, number)) = existing else {
        return Ok(false);
    };
    conn.prepare_cached("DELETE FROM ratings WHERE id = ?1")?
        .execute([id])?;
    adjust_counters(conn, album_id, number, None)?;
    Ok(true)
}

/// The caller's row for an album, if any: its id and number.
pub fn mine(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
) -> rusqlite::Result<Option<(i64, Option<f64>)>> {
    conn.prepare_cached("SELECT id, number FROM ratings WHERE user_id = ?1 AND album_id = ?2")?
        .query_row(params![user_id, album_id], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()
}

/// Sets a user's rating of an album (`None` is a library entry without a
/// number), creating the row or updating it, and keeps the album's counters
/// in step. Call inside a transaction. Returns the rating id, and whether
/// the row was there before.
/// The member's rating of the album: none without a row or a number.
pub fn number_of(conn: &Connection, user_id: i64, album_id: i64) -> rusqlite::Result<Option<f64>> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .prepare_cached("SELECT number FROM ratings WHERE user_id = ?1 AND album_id = ?2")?
        .query_row(params![user_id, album_id], |row| {
            row.get::<_, Option<f64>>(0)
        })
        .optional()?
        .flatten())
}

pub fn upsert(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    number: Option<RatingValue>,
    now: &str,
) -> rusqlite::Result<(i64, bool)> {
    let new = number.map(RatingValue::as_f64);
    let previous = mine(conn, user_id, album_id)?;
    let (id, old) = match previous {
        Some((id, old)) => {
            conn.prepare_cached("UPDATE ratings SET number = ?1, updated_at = ?2 WHERE id = ?3")?
                .execute(params![new, now, id])?;
            (id, old)
        }
        None => {
            conn.prepare_cached(
                "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)",
            )?
            .execute(params![user_id, album_id, new, now])?;
            (conn.last_insert_rowid(), None)
        }
    };
    adjust_counters(conn, album_id, old, new)?;
    Ok((id, previous.is_some()))
}

/// Takes a user's ratings out of their albums' counters, before the user
/// and, through the foreign keys, the ratings are deleted.
pub fn forget_user(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE albums SET
           rating_count = rating_count - 1,
           rating_sum = rating_sum - (SELECT number FROM ratings r
                                      WHERE r.album_id = albums.id AND r.user_id = ?1)
         WHERE id IN (SELECT album_id FROM ratings WHERE user_id = ?1 AND number IS NOT NULL)",
    )?
    .execute([user_id])?;
    Ok(())
}

/// Ratings that carry a number (library entries excluded).
pub fn count_with_number(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM ratings WHERE number IS NOT NULL",
        [],
        |row| row.get(0),
    )
}

/// Moves an album's count and sum from one rating value to another.
fn adjust_counters(
    conn: &Connection,
    album_id: i64,
    old: Option<f64>,
    new: Option<f64>,
) -> rusqlite::Result<()> {
    let count_change = i64::from(new.is_some()) - i64::from(old.is_some());
    let sum_change = new.unwrap_or(0.0) - old.unwrap_or(0.0);
    if count_change != 0 || sum_change != 0.0 {
        conn.prepare_cached(
            "UPDATE albums SET rating_count = rating_count + ?1, rating_sum = rating_sum + ?2
             WHERE id = ?3",
        )?
        .execute(params![count_change, sum_change, album_id])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;

    fn counters(conn: &Connection, album_id: i64) -> (i64, f64) {
        conn.query_row(
            "SELECT rating_count, rating_sum FROM albums WHERE id = ?1",
            [album_id],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
    }

    #[test]
    fn one_row_per_user_and_album_with_exact_counters() {
        let conn = crate::db::test_connection();
        let album = fixtures::album(&conn, "Radiohead", "OK Computer");
        let (vera, tom) = (fixtures::user(&conn, "vera"), fixtures::user(&conn, "tom"));
        let value = |n: f64| RatingValue::from_f64(n);
        let now = "2026-01-01T00:00:00.000Z";

        let (first, _) = upsert(&conn, vera, album, value(9.5), now).unwrap();
        assert_eq!(counters(&conn, album), (1, 9.5));
        assert_eq!(
            upsert(&conn, vera, album, value(7.0), now).unwrap().0,
            first
        );
        assert_eq!(counters(&conn, album), (1, 7.0));
        upsert(&conn, tom, album, None, now).unwrap();
        assert_eq!(
            counters(&conn, album),
            (1, 7.0),
            "a library entry does not count"
        );
        upsert(&conn, tom, album, value(3.5), now).unwrap();
        assert_eq!(counters(&conn, album), (2, 10.5));
        upsert(&conn, vera, album, None, now).unwrap();
        assert_eq!(counters(&conn, album), (1, 3.5));
        let rows: i64 = conn
            .query_row("SELECT count(*) FROM ratings", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 2);
    }

    #[test]
    fn the_schema_refuses_values_off_the_half_steps() {
        let conn = crate::db::test_connection();
        let album = fixtures::album(&conn, "Radiohead", "Kid A");
        let user = fixtures::user(&conn, "vera");
        for bad in [0.0, 0.25, 10.5] {
            let result = conn.execute(
                "INSERT INTO ratings (user_id, album_id, number, created_at, updated_at)
                 VALUES (?1, ?2, ?3, 'x', 'x')",
                params![user, album, bad],
            );
            assert!(result.is_err(), "{bad} was stored");
        }
    }
}

/// An album's names, for lists that only link to it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlbumNames {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub picture_url: String,
}

/// An album two members both rated, with each one's rating.
#[derive(Debug, Clone)]
pub struct Shared {
    pub album: AlbumNames,
    pub mine: f64,
    pub theirs: f64,
}

impl Shared {
    pub fn gap(&self) -> f64 {
        (self.mine - self.theirs).abs()
    }
}

/// The albums both members rated.
pub fn shared(conn: &Connection, me: i64, them: i64) -> rusqlite::Result<Vec<Shared>> {
    conn.prepare_cached(
        "SELECT a.id, a.title, a.slug, ar.name, ar.slug, a.picture_url, mine.number, theirs.number
         FROM ratings mine
         JOIN ratings theirs ON theirs.album_id = mine.album_id AND theirs.user_id = ?2
         JOIN albums a ON a.id = mine.album_id JOIN artists ar ON ar.id = a.artist_id
         WHERE mine.user_id = ?1 AND mine.number IS NOT NULL AND theirs.number IS NOT NULL",
    )?
    .query_map(params![me, them], |row| {
        Ok(Shared {
            album: AlbumNames {
                album_id: row.get(0)?,
                title: row.get(1)?,
                slug: row.get(2)?,
                artist: row.get(3)?,
                artist_slug: row.get(4)?,
                picture_url: row.get(5)?,
            },
            mine: row.get(6)?,
            theirs: row.get(7)?,
        })
    })?
    .collect()
}
