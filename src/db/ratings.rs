use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::RatingValue;

/// Sets a user's rating of an album (`None` is a library entry without a
/// number), creating the row or updating it, and keeps the album's counters
/// in step. Call inside a transaction. Returns the rating id.
pub fn upsert(
    conn: &Connection,
    user_id: i64,
    album_id: i64,
    number: Option<RatingValue>,
    now: &str,
) -> rusqlite::Result<i64> {
    let new = number.map(RatingValue::as_f64);
    let previous: Option<(i64, Option<f64>)> = conn
        .prepare_cached("SELECT id, number FROM ratings WHERE user_id = ?1 AND album_id = ?2")?
        .query_row(params![user_id, album_id], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?;
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
    Ok(id)
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
    use crate::db::fixtures;

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

        let first = upsert(&conn, vera, album, value(9.5), now).unwrap();
        assert_eq!(counters(&conn, album), (1, 9.5));
        assert_eq!(upsert(&conn, vera, album, value(7.0), now).unwrap(), first);
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
