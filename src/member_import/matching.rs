//! Matching a file's albums against the catalogue: by MusicBrainz release
//! group when the row has one, else by artist and title keys
//! (`domain::match_key`), else by the nearest names above a threshold. A
//! nearest match is never taken silently: it leaves the row uncertain, with
//! its candidates, for the member to pick.

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;
use utoipa::ToSchema;

use super::{FileRow, Progress};
use crate::db::member_import;
pub use crate::db::member_import::ImportCandidate;
use crate::domain::match_key::{artist_key, likeness, title_key};

/// How a row found its album.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    Musicbrainz,
    Name,
    /// The member picked it.
    Chosen,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Matched(ImportCandidate, How),
    Uncertain(Vec<ImportCandidate>),
    Missing,
}

/// Below these, names are not offered as candidates.
const ARTIST_NEAR: f64 = 0.88;
const TITLE_NEAR: f64 = 0.84;
/// Candidates offered for an uncertain row.
const MOST_CANDIDATES: usize = 5;

/// The catalogue as matching reads it: indexed look-ups of the match keys
/// the rows keep (V23), so a file is matched without holding the catalogue.
pub struct Catalogue<'c> {
    conn: &'c Connection,
    /// Near artists already looked up, by the row's artist key.
    near_artists: HashMap<String, Vec<(String, f64)>>,
}

impl<'c> Catalogue<'c> {
    pub fn new(conn: &'c Connection) -> Self {
        Self {
            conn,
            near_artists: HashMap::new(),
        }
    }

    /// Finds each row's album, counting on `progress`.
    pub fn find_all<'r>(
        &mut self,
        rows: impl ExactSizeIterator<Item = &'r FileRow>,
        progress: &Progress,
    ) -> rusqlite::Result<Vec<Found>> {
        progress.start(rows.len());
        rows.map(|row| {
            progress.advance(1);
            self.find(row)
        })
        .collect()
    }

    pub fn find(&mut self, row: &FileRow) -> rusqlite::Result<Found> {
        if let Some(group) = &row.release_group
            && let Some(album) =
                member_import::by_release_group(self.conn, &group.to_ascii_lowercase())?
        {
            return Ok(Found::Matched(album, How::Musicbrainz));
        }
        let (artist, title) = (artist_key(&row.artist), title_key(&row.title));
        let same = member_import::by_match_keys(self.conn, &artist, &title)?;
        if !same.is_empty() {
            let in_year: Vec<&ImportCandidate> = same
                .iter()
                .filter(|album| Some(album.year) == row.year.map(i64::from))
                .collect();
            return Ok(match (same.as_slice(), in_year.as_slice()) {
                ([only], _) => Found::Matched(only.clone(), How::Name),
                (_, [only]) => Found::Matched((*only).clone(), How::Name),
                _ => Found::Uncertain(same),
            });
        }
        let near = self.nearest(&artist, &title)?;
        Ok(if near.is_empty() {
            Found::Missing
        } else {
            Found::Uncertain(near)
        })
    }

    /// Albums whose artist and title are both near the row's, best first.
    fn nearest(&mut self, artist: &str, title: &str) -> rusqlite::Result<Vec<ImportCandidate>> {
        let artists = self.near_artists_of(artist)?;
        let mut scored: Vec<(f64, i64)> = Vec::new();
        for (name, artist_likeness) in artists {
            for (album_title, album_id) in member_import::titles_by_artist_key(self.conn, &name)? {
                let title_likeness = likeness(title, &album_title);
                if title_likeness >= TITLE_NEAR {
                    scored.push(((artist_likeness + title_likeness) / 2.0, album_id));
                }
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut near = Vec::new();
        for (score, album_id) in scored.into_iter().take(MOST_CANDIDATES) {
            if let Some(album) = member_import::candidate(self.conn, album_id)? {
                near.push(ImportCandidate {
                    score: (score * 100.0).floor() as u8,
                    ..album
                });
            }
        }
        Ok(near)
    }

    /// Artist keys near `artist` (itself included), sharing its first
    /// character: typos at the start of a name are rare, and this keeps the
    /// comparisons to a small part of a large catalogue.
    fn near_artists_of(&mut self, artist: &str) -> rusqlite::Result<Vec<(String, f64)>> {
        if let Some(known) = self.near_artists.get(artist) {
            return Ok(known.clone());
        }
        let near = match artist.chars().next() {
            Some(initial) => member_import::artist_keys_beginning(self.conn, initial, |name| {
                let alike = likeness(artist, &name);
                (alike >= ARTIST_NEAR).then_some((name, alike))
            })?,
            None => Vec::new(),
        };
        self.near_artists.insert(artist.to_owned(), near.clone());
        Ok(near)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::domain::AlbumType;
    use crate::member_import::Shelf;

    /// The catalogue's albums, numbered 1 to 7 in this order.
    fn catalogue_db() -> Connection {
        let conn = crate::db::test_connection();
        for (artist, title, year, kind, group) in [
            ("Radiohead", "In Rainbows", "2007", AlbumType::Lp, None),
            ("Radiohead", "Kid A", "2000", AlbumType::Lp, None),
            ("Nirvana", "Nevermind", "1991", AlbumType::Lp, None),
            ("Joni Mitchell", "Blue", "1971", AlbumType::Lp, None),
            (
                "Burial",
                "Untrue",
                "2007",
                AlbumType::Lp,
                Some("9e0f2a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b"),
            ),
            ("Queen", "Live Killers", "1979", AlbumType::Live, None),
            ("Queen", "Live Killers", "1985", AlbumType::Other, None),
        ] {
            fixtures::album_with(&conn, artist, title, year, kind, group);
        }
        conn
    }

    fn row(artist: &str, title: &str) -> FileRow {
        FileRow::new(2, artist, title, Shelf::Owned)
    }

    fn ids(found: &Found) -> Vec<i64> {
        match found {
            Found::Matched(album, _) => vec![album.album_id],
            Found::Uncertain(candidates) => candidates.iter().map(|c| c.album_id).collect(),
            Found::Missing => Vec::new(),
        }
    }

    #[test]
    fn matches_by_release_group_first() {
        let conn = catalogue_db();
        let mut catalogue = Catalogue::new(&conn);
        let mut listened = row("Burial", "Untrue (Remastered)");
        listened.release_group = Some("9E0F2A1B-3C4D-4E5F-8A9B-0C1D2E3F4A5B".to_owned());
        assert!(
            matches!(catalogue.find(&listened).unwrap(), Found::Matched(ref a, How::Musicbrainz) if a.album_id == 5)
        );
    }

    #[test]
    fn matches_by_names_across_spellings() {
        let conn = catalogue_db();
        let mut catalogue = Catalogue::new(&conn);
        let found = catalogue
            .find(&row("Nirvana (2)", "Nevermind (Deluxe Edition)"))
            .unwrap();
        assert!(
            matches!(found, Found::Matched(ref a, How::Name) if a.album_id == 3 && a.score == 100)
        );
        assert_eq!(
            ids(&catalogue.find(&row("RADIOHEAD", "in rainbows")).unwrap()),
            [1]
        );
    }

    #[test]
    fn near_names_are_uncertain_never_matched() {
        let conn = catalogue_db();
        let mut catalogue = Catalogue::new(&conn);
        let typo = catalogue.find(&row("Radiohead", "In Rainbow")).unwrap();
        assert!(matches!(typo, Found::Uncertain(_)), "{typo:?}");
        assert_eq!(ids(&typo), [1]);
        let misspelt = catalogue.find(&row("Joni Mitchel", "Blue")).unwrap();
        assert_eq!(ids(&misspelt), [4]);
        let Found::Uncertain(candidates) = misspelt else {
            unreachable!()
        };
        assert!(
            (95..100).contains(&candidates[0].score),
            "{}",
            candidates[0].score
        );
    }

    #[test]
    fn unknown_albums_are_missing() {
        let conn = catalogue_db();
        let mut catalogue = Catalogue::new(&conn);
        assert_eq!(
            catalogue
                .find(&row("Cocteau Twins", "Heaven or Las Vegas"))
                .unwrap(),
            Found::Missing
        );
        assert_eq!(
            catalogue.find(&row("Radiohead", "Amnesiac")).unwrap(),
            Found::Missing
        );
        assert_eq!(
            catalogue.find(&row("Burial", "Kindred")).unwrap(),
            Found::Missing
        );
    }

    #[test]
    fn namesakes_are_told_apart_by_year_or_left_to_the_member() {
        let conn = catalogue_db();
        let mut catalogue = Catalogue::new(&conn);
        let mut dated = row("Queen", "Live Killers");
        dated.year = Some(1985);
        assert_eq!(ids(&catalogue.find(&dated).unwrap()), [7]);
        let undated = catalogue.find(&row("Queen", "Live Killers")).unwrap();
        assert!(matches!(undated, Found::Uncertain(ref c) if c.len() == 2));
    }
}
