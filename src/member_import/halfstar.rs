//! halfstar's own export (`GET /api/user/me/export`, `halfstar export-user`),
//! so a member can move between two halfstar sites: the library with its
//! ratings, the wishlist, reviews and the listened queue. Albums are named by
//! artist, title and MusicBrainz release group, as ids mean nothing on
//! another site.

use std::collections::HashMap;

use serde::Deserialize;

use super::{FileRow, Parsed, Shelf, Skipped, year_in};
use crate::db::export::FORMAT_VERSION;
use crate::domain::timestamp;
use crate::domain::{RatingValue, listening};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct File {
    format: String,
    format_version: u32,
    #[serde(default)]
    library: Vec<Kept>,
    #[serde(default)]
    wishlist: Vec<Wished>,
    #[serde(default)]
    reviews: Vec<Reviewed>,
    #[serde(default)]
    listened: Vec<Listened>,
    #[serde(default)]
    diary: Vec<Logged>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Album {
    artist: String,
    title: String,
    #[serde(default)]
    release_date: String,
    musicbrainz_release_group: Option<String>,
}

#[derive(Deserialize)]
struct Kept {
    album: Album,
    rating: Option<f64>,
}

#[derive(Deserialize)]
struct Wished {
    album: Album,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Reviewed {
    album: Album,
    review_text: String,
    #[serde(default)]
    created_at: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Listened {
    album: Album,
    plays: u32,
    last_listened_at: Option<String>,
    #[serde(default)]
    dismissed: bool,
}

/// A listen of the diary, as the export names it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Logged {
    artist: String,
    album: String,
    listened_on: String,
    rating: Option<f64>,
    #[serde(default)]
    note: String,
    #[serde(default)]
    relisten: bool,
}

pub fn read(bytes: &[u8]) -> Result<Parsed, String> {
    let file: File = serde_json::from_slice(bytes)
        .map_err(|error| format!("This halfstar export cannot be read: {error}"))?;
    if file.format != "halfstar-user-export" {
        return Err("This JSON file is not a halfstar export.".to_owned());
    }
    if file.format_version > FORMAT_VERSION {
        return Err(format!(
            "This export was made by a newer halfstar (format {}); this site reads format {FORMAT_VERSION}.",
            file.format_version
        ));
    }
    let mut parsed = Parsed::default();
    // Each review with the day it was written, when that is a real past moment.
    let mut reviews: HashMap<(String, String), (String, Option<String>)> = file
        .reviews
        .into_iter()
        .map(|r| {
            let written = r.created_at.as_deref().and_then(timestamp::from_file);
            ((r.album.artist, r.album.title), (r.review_text, written))
        })
        .collect();
    let mut line = 0;
    let mut row = |album: Album, shelf: Shelf| {
        line += 1;
        let mut row = FileRow::new(line, &album.artist, &album.title, shelf);
        row.year = year_in(&album.release_date);
        row.release_group = album.musicbrainz_release_group.filter(|g| !g.is_empty());
        row
    };
    for kept in file.library {
        let review = reviews.remove(&(kept.album.artist.clone(), kept.album.title.clone()));
        let mut entry = row(kept.album, Shelf::Owned);
        entry.rating = kept.rating.and_then(RatingValue::from_f64);
        if let Some((text, written)) = review {
            entry.review = Some(text);
            entry.review_written = written;
        }
        parsed.rows.push(entry);
    }
    for wished in file.wishlist {
        parsed.rows.push(row(wished.album, Shelf::Wishlist));
    }
    for listened in file.listened.into_iter().filter(|l| !l.dismissed) {
        let mut entry = row(listened.album, Shelf::Listened);
        entry.plays = listened.plays;
        entry.last_listened = listened.last_listened_at;
        parsed.rows.push(entry);
    }
    // A review of an album not in the library: rated nothing, reviewed.
    for ((artist, title), (text, written)) in reviews {
        line += 1;
        let mut entry = FileRow::new(line, &artist, &title, Shelf::NotCatalogued);
        entry.review = Some(text);
        entry.review_written = written;
        parsed.rows.push(entry);
    }
    add_diary(&mut parsed, file.diary, line);
    Ok(parsed)
}

/// Each listen of the diary goes with its album's row, or a row of its own
/// for an album the file names nowhere else; a listen that does not check
/// is left out and said.
fn add_diary(parsed: &mut Parsed, diary: Vec<Logged>, mut line: usize) {
    let today = time::OffsetDateTime::now_utc().date();
    let mut rows: HashMap<(String, String), usize> = parsed
        .rows
        .iter()
        .enumerate()
        .map(|(at, row)| ((row.artist.clone(), row.title.clone()), at))
        .collect();
    for (n, logged) in diary.into_iter().enumerate() {
        let listen = match listening::checked(
            &logged.listened_on,
            logged.rating,
            &logged.note,
            logged.relisten,
            today,
        ) {
            Ok(listen) => listen,
            Err(problem) => {
                parsed.skipped.push(Skipped {
                    line: n + 1,
                    problem: format!("diary entry {}: {problem}", n + 1),
                });
                continue;
            }
        };
        let key = (
            logged.artist.trim().to_owned(),
            logged.album.trim().to_owned(),
        );
        let at = *rows.entry(key).or_insert_with(|| {
            line += 1;
            let row = FileRow::new(line, &logged.artist, &logged.album, Shelf::NotCatalogued);
            parsed.rows.push(row);
            parsed.rows.len() - 1
        });
        parsed.rows[at].diary.push(listen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_library_wishlist_and_reviews() {
        let bytes = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/member-import/halfstar.json"
        ))
        .unwrap();
        let parsed = read(&bytes).unwrap();
        let seen: Vec<_> = parsed
            .rows
            .iter()
            .map(|r| {
                (
                    r.title.as_str(),
                    r.rating.map(|v| v.as_f64()),
                    r.shelf,
                    r.review.is_some(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("The Bends", Some(8.5), Shelf::Owned, false),
                ("Aerial", Some(7.5), Shelf::Owned, true),
                ("Closer", None, Shelf::Owned, false),
                ("Souvlaki", None, Shelf::Wishlist, false),
            ]
        );
        assert_eq!(parsed.rows[0].year, Some(1995));
    }

    #[test]
    fn refuses_other_json_and_newer_formats() {
        assert!(read(b"{\"format\":\"other\",\"formatVersion\":1}").is_err());
        let newer =
            read(b"{\"format\":\"halfstar-user-export\",\"formatVersion\":99}").unwrap_err();
        assert!(newer.contains("newer halfstar"), "{newer}");
        assert!(read(b"not json").is_err());
    }
}
