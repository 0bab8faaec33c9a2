use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{Table, free_slug, genres};
use crate::domain::slug::{name_key, search_key, slugify};
use crate::domain::{AlbumType, ReleaseDate};
use utoipa::ToSchema;

pub struct NewAlbum<'a> {
    pub artist_id: i64,
    pub title: &'a str,
    pub release_date: ReleaseDate,
    pub album_type: AlbumType,
    pub picture_url: &'a str,
    pub genres: &'a [String],
    pub styles: &'a [String],
    pub mb_release_group: Option<&'a str>,
}

/// Inserts an album under a free slug with its genres; returns its id.
pub fn insert(conn: &Connection, album: &NewAlbum, now: &str) -> rusqlite::Result<i64> {
    let slug = free_slug(conn, Table::Albums, &slugify(album.title), None)?;
    let styles = serde_json::to_string(album.styles).expect("a list of strings serializes");
    conn.prepare_cached(
        "INSERT INTO albums (artist_id, title, title_key, slug, search_key, type, release_date,
                             picture_url, styles, mb_release_group, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)",
    )?
    .execute(params![
        album.artist_id,
        album.title,
        name_key(album.title),
        slug,
        search_key(album.title),
        album.album_type.as_str(),
        album.release_date.to_string(),
        album.picture_url,
        styles,
        album.mb_release_group,
        now
    ])?;
    let album_id = conn.last_insert_rowid();
    set_genres(conn, album_id, album.genres)?;
    Ok(album_id)
}

/// Replaces an album's genres, keeping the order given.
pub fn set_genres(conn: &Connection, album_id: i64, names: &[String]) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM album_genres WHERE album_id = ?1")?
        .execute([album_id])?;
    let mut link = conn.prepare_cached(
        "INSERT OR IGNORE INTO album_genres (album_id, genre_id, position) VALUES (?1, ?2, ?3)",
    )?;
    for (position, name) in names.iter().enumerate() {
        let genre_id = genres::find_or_create(conn, name)?;
        link.execute(params![album_id, genre_id, position as i64])?;
    }
    Ok(())
}

/// The id of an artist's album, matched by title in any case.
pub fn id_by_artist_and_title(
    conn: &Connection,
    artist_id: i64,
    title: &str,
) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT id FROM albums WHERE artist_id = ?1 AND title_key = ?2 ORDER BY id LIMIT 1",
    )?
    .query_row(params![artist_id, name_key(title)], |row| row.get(0))
    .optional()
}

/// The artist of an album, or `None` when there is no such album.
pub fn artist_of(conn: &Connection, album_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT artist_id FROM albums WHERE id = ?1")?
        .query_row([album_id], |row| row.get(0))
        .optional()
}

pub fn all_ids(conn: &Connection) -> rusqlite::Result<Vec<i64>> {
    conn.prepare("SELECT id FROM albums ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect()
}

/// An album as every API answer shows it: the spec's fields plus its slug,
/// its artist's slug, the review count and the caller's own rating.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Album {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_id: i64,
    pub artist_slug: String,
    pub release_date: String,
    pub release_year: i64,
    pub picture_url: String,
    #[serde(rename = "type")]
    #[schema(value_type = crate::domain::AlbumType)]
    pub album_type: String,
    pub genres: Vec<GenreName>,
    pub styles: Vec<String>,
    pub average_rating: f64,
    pub number_of_ratings: i64,
    pub number_of_reviews: i64,
    #[schema(required)]
    pub user_rating: Option<f64>,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct GenreName {
    pub name: String,
    pub slug: String,
}

const ALBUM_COLUMNS: &str = "a.id, a.title, a.slug, ar.name, a.artist_id, ar.slug, a.release_date,
     a.release_year, a.picture_url, a.type, a.styles, a.rating_count, a.rating_sum, a.review_count";

fn album_from_row(row: &rusqlite::Row) -> rusqlite::Result<Album> {
    let styles: String = row.get(10)?;
    let count: i64 = row.get(11)?;
    let sum: f64 = row.get(12)?;
    Ok(Album {
        album_id: row.get(0)?,
        title: row.get(1)?,
        slug: row.get(2)?,
        artist: row.get(3)?,
        artist_id: row.get(4)?,
        artist_slug: row.get(5)?,
        release_date: row.get(6)?,
        release_year: row.get(7)?,
        picture_url: row.get(8)?,
        album_type: row.get(9)?,
        genres: Vec::new(),
        styles: serde_json::from_str(&styles).unwrap_or_default(),
        average_rating: if count > 0 { sum / count as f64 } else { 0.0 },
        number_of_ratings: count,
        number_of_reviews: row.get(13)?,
        user_rating: None,
    })
}

/// The albums with these ids, in the order given, with their genres and the
/// viewer's ratings. Ids that do not exist are left out.
pub fn by_ids(conn: &Connection, ids: &[i64], viewer: Option<i64>) -> rusqlite::Result<Vec<Album>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let id_list = serde_json::to_string(ids).expect("ids serialize");
    let sql = format!(
        "SELECT {ALBUM_COLUMNS} FROM albums a JOIN artists ar ON ar.id = a.artist_id
         WHERE a.id IN (SELECT value FROM json_each(?1))"
    );
    let mut found: HashMap<i64, Album> = conn
        .prepare_cached(&sql)?
        .query_map([&id_list], album_from_row)?
        .map(|album| album.map(|a| (a.album_id, a)))
        .collect::<rusqlite::Result<_>>()?;

    let mut genres = conn.prepare_cached(
        "SELECT ag.album_id, g.name, g.slug FROM album_genres ag JOIN genres g ON g.id = ag.genre_id
         WHERE ag.album_id IN (SELECT value FROM json_each(?1))
         ORDER BY ag.album_id, ag.position",
    )?;
    let rows = genres.query_map([&id_list], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            GenreName {
                name: row.get(1)?,
                slug: row.get(2)?,
            },
        ))
    })?;
    for row in rows {
        let (album_id, genre) = row?;
        if let Some(album) = found.get_mut(&album_id) {
            album.genres.push(genre);
        }
    }

    if let Some(user_id) = viewer {
        for (album_id, number) in super::ratings::numbers_of(conn, user_id, ids)? {
            if let Some(album) = found.get_mut(&album_id) {
                album.user_rating = Some(number);
            }
        }
    }
    Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
}

pub fn by_id(conn: &Connection, id: i64, viewer: Option<i64>) -> rusqlite::Result<Option<Album>> {
    Ok(by_ids(conn, &[id], viewer)?.pop())
}

fn ids(
    statement: &mut rusqlite::CachedStatement,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<i64>> {
    statement.query_map(params, |row| row.get(0))?.collect()
}

/// An artist's album named by its title or slug, in any case and with or
/// without accents. Its exact slug wins over another album's title, as links
/// carry slugs (`Why?` is `why`, a later `Why` is `why-2`).
pub fn find_by_artist(
    conn: &Connection,
    artist_id: i64,
    reference: &str,
) -> rusqlite::Result<Option<i64>> {
    let exact = conn
        .prepare_cached(
            "SELECT id FROM albums
             WHERE artist_id = ?1 AND (slug = ?5 OR title_key = ?2 OR search_key = ?3 OR slug = ?4)
             ORDER BY slug = ?5 DESC, title_key = ?2 DESC, search_key = ?3 DESC, id LIMIT 1",
        )?
        .query_row(
            params![
                artist_id,
                name_key(reference),
                search_key(reference),
                reference.trim().to_lowercase(),
                reference.trim()
            ],
            |row| row.get(0),
        )
        .optional()?;
    if exact.is_some() {
        return Ok(exact);
    }
    // A slug made from the title ("ok-computer") also names the album when the
    // album's own slug was numbered because another artist had the title first.
    let wanted = slugify(reference);
    let mut titles =
        conn.prepare_cached("SELECT id, title FROM albums WHERE artist_id = ?1 ORDER BY id")?;
    let rows = titles.query_map([artist_id], |row| {
        Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
    })?;
    for row in rows {
        let (id, title) = row?;
        if slugify(&title) == wanted {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// An album named by its title or slug alone; of several with that title, the
/// most rated.
pub fn find_by_title(conn: &Connection, reference: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT id FROM albums WHERE title_key = ?1 OR slug = ?2 OR search_key = ?3
         ORDER BY slug = ?2 DESC, title_key = ?1 DESC, rating_count DESC, id LIMIT 1",
    )?
    .query_row(
        params![
            name_key(reference),
            reference.trim().to_lowercase(),
            search_key(reference)
        ],
        |row| row.get(0),
    )
    .optional()
}

/// An artist's albums, newest first.
pub fn ids_by_artist(conn: &Connection, artist_id: i64) -> rusqlite::Result<Vec<i64>> {
    ids(
        &mut conn.prepare_cached(
            "SELECT id FROM albums WHERE artist_id = ?1 ORDER BY release_date DESC, id DESC",
        )?,
        [artist_id],
    )
}

pub struct AlbumChange<'a> {
    pub artist_id: i64,
    pub title: &'a str,
    pub release_date: ReleaseDate,
    pub album_type: AlbumType,
    pub picture_url: &'a str,
    pub genres: &'a [String],
    pub styles: &'a [String],
}

/// Rewrites an album's editable fields; a new title gets a new slug.
pub fn update(conn: &Connection, id: i64, change: &AlbumChange, now: &str) -> rusqlite::Result<()> {
    let current_title: String =
        conn.query_row("SELECT title FROM albums WHERE id = ?1", [id], |row| {
            row.get(0)
        })?;
    if current_title != change.title {
        let slug = free_slug(conn, Table::Albums, &slugify(change.title), Some(id))?;
        conn.prepare_cached(
            "UPDATE albums SET title = ?1, title_key = ?2, search_key = ?3, slug = ?4 WHERE id = ?5",
        )?
        .execute(params![change.title, name_key(change.title), search_key(change.title), slug, id])?;
    }
    let styles = serde_json::to_string(change.styles).expect("a list of strings serializes");
    conn.prepare_cached(
        "UPDATE albums SET artist_id = ?1, type = ?2, release_date = ?3, picture_url = ?4,
                           styles = ?5, updated_at = ?6
         WHERE id = ?7",
    )?
    .execute(params![
        change.artist_id,
        change.album_type.as_str(),
        change.release_date.to_string(),
        change.picture_url,
        styles,
        now,
        id
    ])?;
    set_genres(conn, id, change.genres)
}

/// Deletes an album; its ratings, reviews (with their comments and votes),
/// comments, wishlist entries and genre links go with it through the
/// foreign keys.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM albums WHERE id = ?1")?
        .execute([id])?
        > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::artists::{self, NewArtist};

    const NOW: &str = "2026-01-01T00:00:00.000Z";

    fn album<'a>(artist_id: i64, title: &'a str, genres: &'a [String]) -> NewAlbum<'a> {
        NewAlbum {
            artist_id,
            title,
            release_date: "1997-05-21".parse().unwrap(),
            album_type: AlbumType::Lp,
            picture_url: "",
            genres,
            styles: &[],
            mb_release_group: None,
        }
    }

    fn artist(conn: &Connection, name: &str) -> i64 {
        let new = NewArtist {
            name,
            description: "",
            picture_url: "",
            mbid: None,
        };
        artists::insert(conn, &new, NOW).unwrap()
    }

    #[test]
    fn stores_year_slug_and_ordered_genres() {
        let conn = crate::db::test_connection();
        let radiohead = artist(&conn, "Radiohead");
        let genres = ["Art Rock".to_owned(), "Alternative Rock".to_owned()];
        let id = insert(&conn, &album(radiohead, "OK Computer", &genres), NOW).unwrap();
        let (slug, year): (String, i64) = conn
            .query_row(
                "SELECT slug, release_year FROM albums WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((slug.as_str(), year), ("ok-computer", 1997));
        let names: Vec<String> = conn
            .prepare(
                "SELECT g.name FROM album_genres ag JOIN genres g ON g.id = ag.genre_id
                 WHERE ag.album_id = ?1 ORDER BY ag.position",
            )
            .unwrap()
            .query_map([id], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(names, genres);
    }

    #[test]
    fn same_title_by_another_artist_gets_a_numbered_slug_but_a_duplicate_is_refused() {
        let conn = crate::db::test_connection();
        let (queen, abba) = (artist(&conn, "Queen"), artist(&conn, "ABBA"));
        insert(&conn, &album(queen, "Greatest Hits", &[]), NOW).unwrap();
        let second = insert(&conn, &album(abba, "Greatest Hits", &[]), NOW).unwrap();
        let slug: String = conn
            .query_row("SELECT slug FROM albums WHERE id = ?1", [second], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(slug, "greatest-hits-2");
        let duplicate = insert(&conn, &album(queen, "greatest hits", &[]), NOW);
        assert!(duplicate.is_err_and(|e| crate::db::is_unique_violation(&e)));
    }
}
