use rusqlite::{Connection, params};

use super::{Table, free_slug, genres};
use crate::domain::slug::{name_key, search_key, slugify};
use crate::domain::{AlbumType, ReleaseDate};

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
    let slug = free_slug(conn, Table::Albums, &slugify(album.title))?;
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
    use rusqlite::OptionalExtension;
    conn.prepare_cached(
        "SELECT id FROM albums WHERE artist_id = ?1 AND title_key = ?2 ORDER BY id LIMIT 1",
    )?
    .query_row(params![artist_id, name_key(title)], |row| row.get(0))
    .optional()
}

pub fn all_ids(conn: &Connection) -> rusqlite::Result<Vec<i64>> {
    conn.prepare("SELECT id FROM albums ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect()
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
