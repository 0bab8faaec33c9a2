//! Rows for query tests.

use rusqlite::Connection;

use crate::db::{albums, artists, users};
use crate::domain::{AlbumType, Role};

const NOW: &str = "2026-01-01T00:00:00.000Z";

pub fn user(conn: &Connection, username: &str) -> i64 {
    let email = format!("{username}@example.org");
    let new = users::NewUser {
        username,
        email: &email,
        password_hash: "not-a-real-hash",
        profile_picture_url: "",
        role: Role::User,
    };
    users::insert(conn, &new, NOW).expect("user")
}

/// An album by `artist`, creating the artist when needed.
pub fn album(conn: &Connection, artist: &str, title: &str) -> i64 {
    album_with(conn, artist, title, "2000-10-02", AlbumType::Lp, None)
}

/// `album`, released on `date` (a year or a day), of `kind`, with a
/// MusicBrainz release group when given.
pub fn album_with(
    conn: &Connection,
    artist: &str,
    title: &str,
    date: &str,
    kind: AlbumType,
    release_group: Option<&str>,
) -> i64 {
    let artist_id = match artists::id_by_name(conn, artist).expect("lookup") {
        Some(id) => id,
        None => {
            let new = artists::NewArtist {
                name: artist,
                description: "",
                picture_url: "",
                mbid: None,
            };
            artists::insert(conn, &new, NOW).expect("artist")
        }
    };
    let new = albums::NewAlbum {
        artist_id,
        title,
        release_date: date.parse().expect("date"),
        album_type: kind,
        picture_url: "",
        genres: &[],
        styles: &[],
        mb_release_group: release_group,
    };
    albums::insert(conn, &new, NOW).expect("album")
}
