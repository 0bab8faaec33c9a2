//! Matching a file's albums against the catalogue: by MusicBrainz release
//! group when the row has one, else by artist and title keys
//! (`domain::match_key`), else by the nearest names above a threshold. A
//! nearest match is never taken silently: it leaves the row uncertain, with
//! its candidates, for the member to pick.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::{FileRow, Progress};
use crate::domain::match_key::{artist_key, likeness, title_key};

/// A catalogue album as matching and the preview see it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCandidate {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub year: i64,
    #[serde(rename = "type")]
    pub album_type: String,
    pub picture_url: String,
    /// How alike the names are, 0 to 100 (100 for an exact match).
    pub score: u8,
    #[serde(skip)]
    pub release_group: Option<String>,
}

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

/// The catalogue, keyed for matching.
pub struct Catalogue {
    albums: Vec<ImportCandidate>,
    by_group: HashMap<String, usize>,
    by_names: HashMap<(String, String), Vec<usize>>,
    /// Each artist key's albums with their title keys.
    by_artist: HashMap<String, Vec<(String, usize)>>,
    /// Artist keys by their first character, for near names.
    artists_by_initial: HashMap<char, Vec<String>>,
    /// Near artists already looked up.
    near_artists: HashMap<String, Vec<(String, f64)>>,
}

impl Catalogue {
    pub fn new(albums: Vec<ImportCandidate>) -> Self {
        let mut catalogue = Self {
            by_group: HashMap::new(),
            by_names: HashMap::with_capacity(albums.len()),
            by_artist: HashMap::new(),
            artists_by_initial: HashMap::new(),
            near_artists: HashMap::new(),
            albums: Vec::new(),
        };
        for (at, album) in albums.iter().enumerate() {
            if let Some(group) = &album.release_group {
                catalogue.by_group.insert(group.to_ascii_lowercase(), at);
            }
            let (artist, title) = (artist_key(&album.artist), title_key(&album.title));
            catalogue
                .by_names
                .entry((artist.clone(), title.clone()))
                .or_default()
                .push(at);
            let titles = catalogue.by_artist.entry(artist.clone()).or_default();
            if titles.is_empty()
                && let Some(initial) = artist.chars().next()
            {
                catalogue
                    .artists_by_initial
                    .entry(initial)
                    .or_default()
                    .push(artist);
            }
            titles.push((title, at));
        }
        catalogue.albums = albums;
        catalogue
    }

    /// Finds each row's album, counting on `progress`.
    pub fn find_all<'r>(
        &mut self,
        rows: impl ExactSizeIterator<Item = &'r FileRow>,
        progress: &Progress,
    ) -> Vec<Found> {
        progress.start(rows.len());
        rows.map(|row| {
            progress.advance(1);
            self.find(row)
        })
        .collect()
    }

    pub fn find(&mut self, row: &FileRow) -> Found {
        if let Some(group) = &row.release_group
            && let Some(&at) = self.by_group.get(&group.to_ascii_lowercase())
        {
            return Found::Matched(self.candidate(at, 100), How::Musicbrainz);
        }
        let (artist, title) = (artist_key(&row.artist), title_key(&row.title));
        if let Some(same) = self.by_names.get(&(artist.clone(), title.clone())) {
            let same = same.clone();
            let in_year: Vec<usize> = same
                .iter()
                .copied()
                .filter(|&at| Some(self.albums[at].year) == row.year.map(i64::from))
                .collect();
            return match (same.as_slice(), in_year.as_slice()) {
                ([only], _) | (_, [only]) => Found::Matched(self.candidate(*only, 100), How::Name),
                _ => Found::Uncertain(same.iter().map(|&at| self.candidate(at, 100)).collect()),
            };
        }
        let near = self.nearest(&artist, &title);
        if near.is_empty() {
            Found::Missing
        } else {
            Found::Uncertain(near)
        }
    }

    fn candidate(&self, at: usize, score: u8) -> ImportCandidate {
        ImportCandidate {
            score,
            ..self.albums[at].clone()
        }
    }

    /// Albums whose artist and title are both near the row's, best first.
    fn nearest(&mut self, artist: &str, title: &str) -> Vec<ImportCandidate> {
        let artists = self.near_artists_of(artist);
        let mut scored: Vec<(f64, usize)> = Vec::new();
        for (name, artist_likeness) in artists {
            for (album_title, at) in &self.by_artist[&name] {
                let title_likeness = likeness(title, album_title);
                if title_likeness >= TITLE_NEAR {
                    scored.push(((artist_likeness + title_likeness) / 2.0, *at));
                }
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .into_iter()
            .take(MOST_CANDIDATES)
            .map(|(score, at)| self.candidate(at, (score * 100.0).floor() as u8))
            .collect()
    }

    /// Artist keys near `artist` (itself included), sharing its first
    /// character: typos at the start of a name are rare, and this keeps the
    /// comparisons to a small part of a large catalogue.
    fn near_artists_of(&mut self, artist: &str) -> Vec<(String, f64)> {
        if let Some(known) = self.near_artists.get(artist) {
            return known.clone();
        }
        let near: Vec<(String, f64)> = artist
            .chars()
            .next()
            .and_then(|initial| self.artists_by_initial.get(&initial))
            .into_iter()
            .flatten()
            .filter_map(|name| {
                let alike = likeness(artist, name);
                (alike >= ARTIST_NEAR).then(|| (name.clone(), alike))
            })
            .collect();
        self.near_artists.insert(artist.to_owned(), near.clone());
        near
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::member_import::Shelf;

    fn album(album_id: i64, artist: &str, title: &str, year: i64, kind: &str) -> ImportCandidate {
        ImportCandidate {
            album_id,
            title: title.to_owned(),
            slug: String::new(),
            artist: artist.to_owned(),
            artist_slug: String::new(),
            year,
            album_type: kind.to_owned(),
            picture_url: String::new(),
            score: 0,
            release_group: None,
        }
    }

    fn catalogue() -> Catalogue {
        let mut untrue = album(5, "Burial", "Untrue", 2007, "LP");
        untrue.release_group = Some("9E0F2A1B-3C4D-4E5F-8A9B-0C1D2E3F4A5B".to_owned());
        Catalogue::new(vec![
            album(1, "Radiohead", "In Rainbows", 2007, "LP"),
            album(2, "Radiohead", "Kid A", 2000, "LP"),
            album(3, "Nirvana", "Nevermind", 1991, "LP"),
            album(4, "Joni Mitchell", "Blue", 1971, "LP"),
            untrue,
            album(6, "Queen", "Live Killers", 1979, "Live"),
            album(7, "Queen", "Live Killers", 1985, "Other"),
        ])
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
        let mut catalogue = catalogue();
        let mut listened = row("Burial", "Untrue (Remastered)");
        listened.release_group = Some("9e0f2a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b".to_owned());
        assert!(
            matches!(catalogue.find(&listened), Found::Matched(ref a, How::Musicbrainz) if a.album_id == 5)
        );
    }

    #[test]
    fn matches_by_names_across_spellings() {
        let mut catalogue = catalogue();
        let found = catalogue.find(&row("Nirvana (2)", "Nevermind (Deluxe Edition)"));
        assert!(
            matches!(found, Found::Matched(ref a, How::Name) if a.album_id == 3 && a.score == 100)
        );
        assert_eq!(ids(&catalogue.find(&row("RADIOHEAD", "in rainbows"))), [1]);
    }

    #[test]
    fn near_names_are_uncertain_never_matched() {
        let mut catalogue = catalogue();
        let typo = catalogue.find(&row("Radiohead", "In Rainbow"));
        assert!(matches!(typo, Found::Uncertain(_)), "{typo:?}");
        assert_eq!(ids(&typo), [1]);
        let misspelt = catalogue.find(&row("Joni Mitchel", "Blue"));
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
        let mut catalogue = catalogue();
        assert_eq!(
            catalogue.find(&row("Cocteau Twins", "Heaven or Las Vegas")),
            Found::Missing
        );
        assert_eq!(
            catalogue.find(&row("Radiohead", "Amnesiac")),
            Found::Missing
        );
        assert_eq!(catalogue.find(&row("Burial", "Kindred")), Found::Missing);
    }

    #[test]
    fn namesakes_are_told_apart_by_year_or_left_to_the_member() {
        let mut catalogue = catalogue();
        let mut dated = row("Queen", "Live Killers");
        dated.year = Some(1985);
        assert_eq!(ids(&catalogue.find(&dated)), [7]);
        let undated = catalogue.find(&row("Queen", "Live Killers"));
        assert!(matches!(undated, Found::Uncertain(ref c) if c.len() == 2));
    }
}
