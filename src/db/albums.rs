use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::{Table, free_slug, genres};
use crate::domain::match_key;
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

/// Inserts an album under a free slug with its genres, counting for it the
/// plays that waited for it; returns its id.
pub fn insert(conn: &Connection, album: &NewAlbum, now: &str) -> rusqlite::Result<i64> {
    let slug = free_slug(conn, Table::Albums, &slugify(album.title), None)?;
    let styles = serde_json::to_string(album.styles).expect("a list of strings serializes");
    conn.prepare_cached(
        "INSERT INTO albums (artist_id, title, title_key, slug, search_key, type, release_date,
                             release_date_precision, picture_url, styles, mb_release_group,
                             created_at, updated_at, match_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13)",
    )?
    .execute(params![
        album.artist_id,
        album.title,
        name_key(album.title),
        slug,
        search_key(album.title),
        album.album_type.as_str(),
        album.release_date.to_string(),
        album.release_date.precision().as_str(),
        album.picture_url,
        styles,
        album.mb_release_group,
        now,
        match_key::title_key(album.title)
    ])?;
    let album_id = conn.last_insert_rowid();
    set_genres(conn, album_id, album.genres)?;
    super::player_listens::claim_for(conn, album_id)?;
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
    /// The first day of the period `releaseDatePrecision` says is known.
    pub release_date: String,
    #[schema(value_type = crate::domain::DatePrecision)]
    pub release_date_precision: String,
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

impl Album {
    /// The release date with the precision it was stored with.
    pub fn parsed_release_date(&self) -> Result<ReleaseDate, String> {
        stored_release_date(&self.release_date, &self.release_date_precision)
    }
}

fn stored_release_date(date: &str, precision: &str) -> Result<ReleaseDate, String> {
    ReleaseDate::with_precision(date, precision.parse()?)
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct GenreName {
    pub name: String,
    pub slug: String,
}

const ALBUM_COLUMNS: &str = "a.id, a.title, a.slug, ar.name, a.artist_id, ar.slug, a.release_date,
     a.release_year, a.picture_url, a.type, a.styles, a.rating_count, a.rating_sum, a.review_count,
     a.release_date_precision";

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
        release_date_precision: row.get(14)?,
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
            "UPDATE albums SET title = ?1, title_key = ?2, search_key = ?3, slug = ?4, match_key = ?5
             WHERE id = ?6",
        )?
        .execute(params![
            change.title,
            name_key(change.title),
            search_key(change.title),
            slug,
            match_key::title_key(change.title),
            id
        ])?;
    }
    let styles = serde_json::to_string(change.styles).expect("a list of strings serializes");
    conn.prepare_cached(
        "UPDATE albums SET artist_id = ?1, type = ?2, release_date = ?3,
                           release_date_precision = ?4, picture_url = ?5, styles = ?6,
                           updated_at = ?7
         WHERE id = ?8",
    )?
    .execute(params![
        change.artist_id,
        change.album_type.as_str(),
        change.release_date.to_string(),
        change.release_date.precision().as_str(),
        change.picture_url,
        styles,
        now,
        id
    ])?;
    set_genres(conn, id, change.genres)?;
    // A corrected title or artist may be the names plays waited under.
    super::player_listens::claim_for(conn, id)?;
    Ok(())
}

/// An album's catalogue fields as stored, in the form `AlbumChange` gives
/// them, so that a planned change can be compared with what is there.
/// `genres` are the names of the genres the album links to, in order: a name
/// given in another case of a known genre reads back as that genre's name
/// ("HIP HOP" as "Hip Hop"), and repeats are gone.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAlbum {
    pub artist_id: i64,
    pub title: String,
    pub release_date: ReleaseDate,
    pub album_type: AlbumType,
    pub picture_url: String,
    pub genres: Vec<String>,
    pub styles: Vec<String>,
}

impl StoredAlbum {
    /// Whether writing `change` would leave the album as it is. Genres are
    /// compared as `set_genres` links them: by slug, repeats left out.
    pub fn is(&self, change: &AlbumChange) -> bool {
        let genre_slugs = |names: &[String]| {
            let mut slugs: Vec<String> = Vec::with_capacity(names.len());
            for slug in names.iter().map(|name| slugify(name)) {
                if !slugs.contains(&slug) {
                    slugs.push(slug);
                }
            }
            slugs
        };
        self.artist_id == change.artist_id
            && self.title == change.title
            && self.release_date == change.release_date
            && self.album_type == change.album_type
            && self.picture_url == change.picture_url
            && self.styles == change.styles
            && genre_slugs(&self.genres) == genre_slugs(change.genres)
    }
}

/// The stored catalogue fields of an album, or `None` when there is none.
pub fn stored(conn: &Connection, id: i64) -> rusqlite::Result<Option<StoredAlbum>> {
    let found = conn
        .prepare_cached(
            "SELECT artist_id, title, release_date, release_date_precision, type, picture_url,
                    styles
             FROM albums WHERE id = ?1",
        )?
        .query_row([id], |row| {
            let date: String = row.get(2)?;
            let precision: String = row.get(3)?;
            let release_date = stored_release_date(&date, &precision)
                .map_err(|message| conversion_failure(2, message))?;
            let album_type: String = row.get(4)?;
            let styles: String = row.get(6)?;
            Ok(StoredAlbum {
                artist_id: row.get(0)?,
                title: row.get(1)?,
                release_date,
                album_type: album_type
                    .parse()
                    .map_err(|message| conversion_failure(4, message))?,
                picture_url: row.get(5)?,
                genres: Vec::new(),
                styles: serde_json::from_str(&styles)
                    .map_err(|error| conversion_failure(6, error.to_string()))?,
            })
        })
        .optional()?;
    let Some(mut album) = found else {
        return Ok(None);
    };
    album.genres = conn
        .prepare_cached(
            "SELECT g.name FROM album_genres ag JOIN genres g ON g.id = ag.genre_id
             WHERE ag.album_id = ?1 ORDER BY ag.position",
        )?
        .query_map([id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(album))
}

fn conversion_failure(column: usize, message: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, message.into())
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

/// Whether album `id` exists.
pub fn exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM albums WHERE id = ?1)")?
        .query_row([id], |row| row.get(0))
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

    #[test]
    fn an_album_reads_back_as_it_was_written_with_its_date_precision() {
        let conn = crate::db::test_connection();
        let radiohead = artist(&conn, "Radiohead");
        let mut new = album(radiohead, "OK Computer", &[]);
        new.release_date = "1997".parse().unwrap();
        let id = insert(&conn, &new, NOW).unwrap();
        let first = stored(&conn, id).unwrap().unwrap();
        assert_eq!(first.release_date, "1997".parse().unwrap());
        assert_eq!(first.release_date.precision().as_str(), "year");
        assert_eq!(
            by_id(&conn, id, None)
                .unwrap()
                .unwrap()
                .release_date_precision,
            "year"
        );

        let genres = ["Art Rock".to_owned(), "Alternative Rock".to_owned()];
        let styles = ["Dense".to_owned(), "Melancholic".to_owned()];
        for date in ["1997-05", "1997-05-21", "1997"] {
            let change = AlbumChange {
                artist_id: radiohead,
                title: "OK Computer (Remaster)",
                release_date: date.parse().unwrap(),
                album_type: AlbumType::Ep,
                picture_url: "https://example.com/okc.jpg",
                genres: &genres,
                styles: &styles,
            };
            assert!(!stored(&conn, id).unwrap().unwrap().is(&change), "{date}");
            update(&conn, id, &change, NOW).unwrap();
            let after = stored(&conn, id).unwrap().unwrap();
            assert_eq!(
                after,
                StoredAlbum {
                    artist_id: change.artist_id,
                    title: change.title.to_owned(),
                    release_date: change.release_date,
                    album_type: change.album_type,
                    picture_url: change.picture_url.to_owned(),
                    genres: genres.to_vec(),
                    styles: change.styles.to_vec(),
                },
                "{date}"
            );
            assert!(after.is(&change), "{date}");
            let shown = by_id(&conn, id, None).unwrap().unwrap();
            assert_eq!(
                (shown.release_date, shown.release_date_precision),
                (
                    change.release_date.to_string(),
                    change.release_date.precision().as_str().to_owned()
                )
            );
        }
        // The same first day known to another precision is a change.
        let mut change = AlbumChange {
            artist_id: radiohead,
            title: "OK Computer (Remaster)",
            release_date: "1997-01-01".parse().unwrap(),
            album_type: AlbumType::Ep,
            picture_url: "https://example.com/okc.jpg",
            genres: &genres,
            styles: &styles,
        };
        assert!(!stored(&conn, id).unwrap().unwrap().is(&change));
        change.release_date = "1997".parse().unwrap();
        assert!(stored(&conn, id).unwrap().unwrap().is(&change));
        assert_eq!(stored(&conn, id + 1).unwrap(), None);
    }

    #[test]
    fn genres_read_back_under_their_known_names_and_compare_as_they_link() {
        let conn = crate::db::test_connection();
        let radiohead = artist(&conn, "Radiohead");
        let given = [
            "HIP HOP".to_owned(),
            "hip-hop".to_owned(),
            "Zeuhl".to_owned(),
            "ZEUHL".to_owned(),
        ];
        let id = insert(&conn, &album(radiohead, "Kid A", &given), NOW).unwrap();
        let kept = stored(&conn, id).unwrap().unwrap();
        assert_eq!(kept.genres, ["Hip Hop", "Zeuhl"]);
        let change = |genres| AlbumChange {
            artist_id: radiohead,
            title: "Kid A",
            release_date: "1997-05-21".parse().unwrap(),
            album_type: AlbumType::Lp,
            picture_url: "",
            genres,
            styles: &[],
        };
        assert!(kept.is(&change(&given)));
        assert!(!kept.is(&change(&given[2..])));
        assert!(!kept.is(&change(&["Zeuhl".to_owned(), "Hip Hop".to_owned()])));
    }
}
