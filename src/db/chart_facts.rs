//! Every album's figures for the shaped charts, read in four passes in id
//! order (albums, their genres, their strong descriptors, their listeners),
//! each through its table's key or an index: no sort, no per-album query.
//! Then only the albums `chart_changes` (V36, kept by triggers) names as
//! changed since, one by one through the same keys.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::AlbumType;
use crate::domain::descriptors::{self, STRONG_ENOUGH};
use crate::domain::shaped_chart::{AlbumEntry, AlbumFacts, Facts};

const ALBUM_FACTS: &str =
    "SELECT id, release_year, type, rating_count, rating_sum, rating_square_sum FROM albums";

fn album_facts(row: &rusqlite::Row<'_>) -> rusqlite::Result<AlbumFacts> {
    let kind: String = row.get(2)?;
    let mut album = AlbumFacts::new(row.get(0)?, kind.parse().unwrap_or(AlbumType::Other));
    album.year = row
        .get::<_, Option<i64>>(1)?
        .and_then(|year| i16::try_from(year).ok());
    album.ratings = row.get(3)?;
    album.rating_sum = row.get::<_, f64>(4)? as f32;
    album.rating_square_sum = row.get::<_, f64>(5)? as f32;
    Ok(album)
}

const GENRES: &str = "SELECT album_id, genre_id FROM album_genres";
const DESCRIPTORS: &str = "SELECT album_id, descriptor FROM album_descriptors WHERE members >= ?1";
const LISTENERS: &str = "SELECT album_id, count(*) FROM listens";

/// Every album's facts: the albums and, beside them in the same id order,
/// their genres, descriptors and listeners, walked together.
pub fn all(conn: &Connection) -> rusqlite::Result<Facts> {
    let mut albums = conn.prepare(&format!("{ALBUM_FACTS} ORDER BY id"))?;
    let mut genre_rows = conn.prepare(&format!("{GENRES} ORDER BY album_id"))?;
    let mut descriptor_rows = conn.prepare(&format!("{DESCRIPTORS} ORDER BY album_id"))?;
    let mut listener_rows =
        conn.prepare(&format!("{LISTENERS} GROUP BY album_id ORDER BY album_id"))?;
    let mut genres = Beside::new(genre_rows.query([])?, |id: i64| u32::try_from(id).ok())?;
    let mut descriptors = Beside::new(descriptor_rows.query([STRONG_ENOUGH])?, |slug: String| {
        descriptors::place(&slug)
    })?;
    let mut listeners = Beside::new(listener_rows.query([])?, |count: u32| Some(count))?;
    let mut facts = Facts::default();
    let (mut album_genres, mut album_descriptors, mut count) = (Vec::new(), Vec::new(), Vec::new());
    let mut rows = albums.query([])?;
    while let Some(row) = rows.next()? {
        let mut album = album_facts(row)?;
        genres.take(album.id, &mut album_genres)?;
        descriptors.take(album.id, &mut album_descriptors)?;
        listeners.take(album.id, &mut count)?;
        album.listeners = count.first().copied().unwrap_or(0);
        facts.push(album, &album_genres, &album_descriptors);
    }
    Ok(facts)
}

/// Rows `(album id, value)` in album order, read alongside the albums.
struct Beside<'stmt, V, T, F: Fn(V) -> Option<T>> {
    rows: rusqlite::Rows<'stmt>,
    ahead: Option<(i64, V)>,
    keep: F,
    _kept: std::marker::PhantomData<T>,
}

impl<'stmt, V: rusqlite::types::FromSql, T, F: Fn(V) -> Option<T>> Beside<'stmt, V, T, F> {
    fn new(mut rows: rusqlite::Rows<'stmt>, keep: F) -> rusqlite::Result<Self> {
        let ahead = Self::read(&mut rows)?;
        Ok(Self {
            rows,
            ahead,
            keep,
            _kept: std::marker::PhantomData,
        })
    }

    fn read(rows: &mut rusqlite::Rows<'stmt>) -> rusqlite::Result<Option<(i64, V)>> {
        rows.next()?
            .map(|row| Ok((row.get(0)?, row.get(1)?)))
            .transpose()
    }

    /// The values of album `id` into `into`, passing any of albums before it.
    fn take(&mut self, id: i64, into: &mut Vec<T>) -> rusqlite::Result<()> {
        into.clear();
        while let Some((album_id, _)) = &self.ahead {
            if *album_id > id {
                break;
            }
            let (album_id, value) = self.ahead.take().expect("ahead");
            if album_id == id {
                into.extend((self.keep)(value));
            }
            self.ahead = Self::read(&mut self.rows)?;
        }
        Ok(())
    }
}

/// The latest change to any album's figures (0 before any).
pub fn latest_change(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT coalesce(max(seq), 0) FROM chart_changes")?
        .query_row([], |row| row.get(0))
}

/// The albums whose figures changed after change `seq`, and the latest
/// change among them.
pub fn changed_since(conn: &Connection, seq: i64) -> rusqlite::Result<(Vec<i64>, i64)> {
    let mut latest = seq;
    let ids = conn
        .prepare_cached("SELECT album_id, seq FROM chart_changes WHERE seq > ?1 ORDER BY seq")?
        .query_map([seq], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?))
        })?
        .map(|row| {
            row.map(|(id, at)| {
                latest = latest.max(at);
                id
            })
        })
        .collect::<rusqlite::Result<_>>()?;
    Ok((ids, latest))
}

/// One album's facts, genre ids and descriptor places; none when it is gone.
pub fn one(conn: &Connection, id: i64) -> rusqlite::Result<Option<AlbumEntry>> {
    let Some(mut album) = conn
        .prepare_cached(&format!("{ALBUM_FACTS} WHERE id = ?1"))?
        .query_row([id], album_facts)
        .optional()?
    else {
        return Ok(None);
    };
    let genres = conn
        .prepare_cached(&format!("{GENRES} WHERE album_id = ?1"))?
        .query_map([id], |row| row.get::<_, i64>(1))?
        .filter_map(|id| id.map(|id| u32::try_from(id).ok()).transpose())
        .collect::<rusqlite::Result<_>>()?;
    let descriptors = conn
        .prepare_cached(&format!("{DESCRIPTORS} AND album_id = ?2"))?
        .query_map(params![STRONG_ENOUGH, id], |row| row.get::<_, String>(1))?
        .filter_map(|slug| slug.map(|slug| descriptors::place(&slug)).transpose())
        .collect::<rusqlite::Result<_>>()?;
    album.listeners = conn
        .prepare_cached(&format!("{LISTENERS} WHERE album_id = ?1"))?
        .query_row([id], |row| row.get(1))?;
    Ok(Some((album, genres, descriptors)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::{ratings, test_connection};
    use crate::domain::RatingValue;

    #[test]
    fn an_albums_square_sum_follows_its_ratings_on_every_path() {
        let conn = test_connection();
        let album = fixtures::album(&conn, "Slowdive", "Souvlaki");
        let (vera, tom) = (fixtures::user(&conn, "vera"), fixtures::user(&conn, "tom"));
        let squares = || all(&conn).unwrap().get(0).rating_square_sum;
        let rate = |user, n| ratings::upsert(&conn, user, album, RatingValue::from_f64(n), "t");
        rate(vera, 9.5).unwrap();
        rate(tom, 2.0).unwrap();
        assert_eq!(squares(), 9.5 * 9.5 + 4.0);
        rate(tom, 3.5).unwrap();
        assert_eq!(squares(), 9.5 * 9.5 + 3.5 * 3.5);
        ratings::upsert(&conn, vera, album, None, "t").unwrap();
        assert_eq!(squares(), 3.5 * 3.5);
        conn.execute("DELETE FROM users WHERE id = ?1", [tom])
            .unwrap();
        assert_eq!(squares(), 0.0);
    }

    #[test]
    fn every_change_to_an_albums_figures_is_named_once_latest_last() {
        let conn = test_connection();
        let first = fixtures::album(&conn, "Slowdive", "Souvlaki");
        let second = fixtures::album(&conn, "Ride", "Nowhere");
        let vera = fixtures::user(&conn, "vera");
        let since = latest_change(&conn).unwrap();
        ratings::upsert(&conn, vera, first, RatingValue::from_f64(8.0), "t").unwrap();
        conn.execute("DELETE FROM album_genres WHERE album_id = ?1", [second])
            .unwrap();
        conn.execute(
            "INSERT INTO album_descriptors (album_id, descriptor, members) VALUES (?1, 'dark', 2)",
            [second],
        )
        .unwrap();
        let (changed, latest) = changed_since(&conn, since).unwrap();
        assert_eq!(changed, [first, second]);
        assert_eq!(latest, latest_change(&conn).unwrap());
        assert_eq!(
            one(&conn, second).unwrap().unwrap().2,
            [descriptors::place("dark").unwrap()]
        );
        conn.execute("DELETE FROM albums WHERE id = ?1", [first])
            .unwrap();
        assert_eq!(changed_since(&conn, latest).unwrap().0, [first]);
        assert!(one(&conn, first).unwrap().is_none());
    }

    #[test]
    fn every_pass_reads_through_a_key_or_an_index_without_a_sort() {
        let conn = test_connection();
        for sql in [
            "SELECT id, release_year, type, rating_count, rating_sum, rating_square_sum
             FROM albums ORDER BY id",
            "SELECT album_id, genre_id FROM album_genres ORDER BY album_id",
            "SELECT album_id, descriptor FROM album_descriptors WHERE members >= 2
             ORDER BY album_id",
            "SELECT album_id, count(*) FROM listens GROUP BY album_id ORDER BY album_id",
            "SELECT album_id, seq FROM chart_changes WHERE seq > 5 ORDER BY seq",
        ] {
            let plan: String = conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap()
                .query_map([], |row| row.get::<_, String>(3))
                .unwrap()
                .map(Result::unwrap)
                .collect::<Vec<_>>()
                .join("\n");
            assert!(!plan.contains("TEMP B-TREE"), "{sql}\n{plan}");
        }
    }
}
