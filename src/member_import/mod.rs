//! A member's history from other sites: files exported from Rate Your
//! Music, Discogs, Last.fm, ListenBrainz or another halfstar site, read into
//! rows, matched against the catalogue, shown for review, and only then
//! written (`plan`, `write`). Each reader keeps the quirks of its
//! format to itself and gives the same `FileRow`s.

pub mod discogs;
pub mod halfstar;
pub mod jobs;
pub mod matching;
pub mod plan;
pub mod rym;
pub mod scrobbles;
pub mod track_ratings;
pub mod write;

mod table;

use std::borrow::Cow;
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::RatingValue;
use crate::domain::listening::Listen;
use crate::domain::match_key::{artist_key, title_key};
use crate::domain::sittings::{Heard, Sitting, sittings};
use crate::domain::text::{MAX_REVIEW_CHARS, multi_line};
use crate::player_listens::payload::Listen as PlayerPlay;
use track_ratings::RatedTrack;

/// The formats halfstar reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    Rym,
    DiscogsCollection,
    DiscogsWantlist,
    Lastfm,
    Listenbrainz,
    Halfstar,
}

impl Format {
    /// What the member sees: "Rate Your Music export".
    pub fn name(self) -> &'static str {
        match self {
            Self::Rym => "Rate Your Music export",
            Self::DiscogsCollection => "Discogs collection",
            Self::DiscogsWantlist => "Discogs wantlist",
            Self::Lastfm => "Last.fm scrobbles",
            Self::Listenbrainz => "ListenBrainz listens",
            Self::Halfstar => "halfstar export",
        }
    }

    /// Listening histories: every row is one listen, grouped by album.
    pub fn is_listens(self) -> bool {
        matches!(self, Self::Lastfm | Self::Listenbrainz)
    }
}

/// The format a member picked, or `auto` to tell it from the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    Auto,
    Rym,
    Discogs,
    Lastfm,
    Listenbrainz,
    Halfstar,
}

impl FromStr for Asked {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(match text.trim().to_ascii_lowercase().as_str() {
            "" | "auto" => Self::Auto,
            "rym" | "rateyourmusic" => Self::Rym,
            "discogs" | "discogs-collection" | "discogs-wantlist" => Self::Discogs,
            "lastfm" | "last.fm" => Self::Lastfm,
            "listenbrainz" => Self::Listenbrainz,
            "halfstar" => Self::Halfstar,
            other => {
                return Err(format!(
                    "format must be auto, rym, discogs, lastfm, listenbrainz or halfstar, not \"{other}\""
                ));
            }
        })
    }
}

/// What a row says the member did with the album.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shelf {
    /// In their collection: a library entry here.
    Owned,
    Wishlist,
    /// Rate Your Music's "used to own": the rating counts, nothing is kept.
    UsedToOwn,
    /// Rated or noted without owning it.
    NotCatalogued,
    /// Heard it (scrobbles): the "Listened, not yet rated" queue.
    Listened,
}

/// One album as a file names it.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRow {
    /// The line of the file it starts on (for listens, the album's first listen).
    pub line: usize,
    pub artist: String,
    pub title: String,
    pub year: Option<i32>,
    /// A MusicBrainz release group id, when the file has one.
    pub release_group: Option<String>,
    /// Already on halfstar's scale.
    pub rating: Option<RatingValue>,
    pub shelf: Shelf,
    /// Listens of the album (scrobbles); 0 for other files.
    pub plays: u32,
    /// The latest listen, as a timestamp.
    pub last_listened: Option<String>,
    pub review: Option<String>,
    /// When the review was written, when the file says (as stored).
    pub review_written: Option<String>,
    /// For listens: the sittings in which more than one of the album's
    /// tracks was played, for the diary once the album's tracklist is known.
    pub sittings: Vec<Sitting>,
    /// Listens of the album logged in a diary (halfstar's own export).
    pub diary: Vec<Listen>,
    /// The member's ratings of the album's tracks (halfstar's own export).
    pub track_ratings: Vec<RatedTrack>,
    /// Plays of the album that the member's players sent to another
    /// halfstar site, kept here as this site's own players' are.
    pub player_plays: Vec<PlayerPlay>,
    /// What the member thought of the album beyond a rating (halfstar's own export).
    pub opinions: Opinions,
}

/// A member's genre votes, descriptors and dismissed recommendation of one
/// album, as another halfstar site kept them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Opinions {
    /// Genre names, each primary or secondary.
    pub genre_votes: Vec<(String, bool)>,
    /// Descriptor slugs of the site's vocabulary.
    pub descriptors: Vec<&'static str>,
    /// When the member asked not to have the album recommended again.
    pub dismissed_at: Option<String>,
}

impl Opinions {
    /// Another row's opinions of the same album join these, each named once.
    pub fn merge(&mut self, other: Opinions) {
        for (genre, primary) in other.genre_votes {
            if !self.genre_votes.iter().any(|(kept, _)| *kept == genre) {
                self.genre_votes.push((genre, primary));
            }
        }
        for slug in other.descriptors {
            if !self.descriptors.contains(&slug) {
                self.descriptors.push(slug);
            }
        }
        self.dismissed_at = self.dismissed_at.take().max(other.dismissed_at);
    }
}

impl FileRow {
    pub fn new(line: usize, artist: &str, title: &str, shelf: Shelf) -> Self {
        Self {
            line,
            artist: artist.trim().to_owned(),
            title: title.trim().to_owned(),
            year: None,
            release_group: None,
            rating: None,
            shelf,
            plays: 0,
            last_listened: None,
            review: None,
            review_written: None,
            sittings: Vec::new(),
            diary: Vec::new(),
            track_ratings: Vec::new(),
            player_plays: Vec::new(),
            opinions: Opinions::default(),
        }
    }
}

/// A row that could not be read, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub line: usize,
    pub problem: String,
}

/// A file read: its rows, one per album, and what to tell the member.
#[derive(Debug, Default)]
pub struct Parsed {
    pub rows: Vec<FileRow>,
    pub skipped: Vec<Skipped>,
    pub notes: Vec<String>,
}

/// How far a long step has come, shared with whoever shows it.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress {
    pub fn start(&self, total: usize) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total as u64, Ordering::Relaxed);
    }

    pub fn advance(&self, by: usize) {
        self.done.fetch_add(by as u64, Ordering::Relaxed);
    }

    /// (done, total); total 0 while it is not known.
    pub fn get(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

/// Files bigger than this are refused before reading (and a ZIP archive's
/// contents, however small the archive): the upload limit every request's
/// layers hold it to.
pub use crate::config::limits::MOST_IMPORT_BYTES as MOST_BYTES;

const UNKNOWN_FILE: &str = "This file is not one halfstar can read. It reads Rate Your Music's \
    export (CSV), Discogs collection and wantlist exports (CSV), Last.fm scrobbles (CSV), \
    ListenBrainz exports (ZIP or JSON lines) and halfstar's own export (JSON).";

/// How much of the start of a file tells its format: `detect` looks no further.
pub const SNIFF_BYTES: usize = 4096;

/// Which format the file is in: the one asked for (Discogs' two kinds told
/// apart by their columns), or the one its first `SNIFF_BYTES` show.
pub fn detect(bytes: &[u8], asked: Asked) -> Result<Format, String> {
    let seen = sniff(bytes);
    let fits = |format: Format| match seen {
        Some(found) if found == format => Ok(format),
        _ => Err(format!(
            "This file does not look like a {} file. {}",
            format.name(),
            "Choose \"Detect automatically\" or the format it came from."
        )),
    };
    match asked {
        Asked::Auto => seen.ok_or_else(|| UNKNOWN_FILE.to_owned()),
        Asked::Rym => fits(Format::Rym),
        Asked::Discogs => match seen {
            Some(Format::DiscogsWantlist) => Ok(Format::DiscogsWantlist),
            _ => fits(Format::DiscogsCollection),
        },
        Asked::Lastfm => fits(Format::Lastfm),
        Asked::Listenbrainz => fits(Format::Listenbrainz),
        Asked::Halfstar => fits(Format::Halfstar),
    }
}

fn sniff(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"PK\x03\x04") {
        return Some(Format::Listenbrainz);
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(SNIFF_BYTES)]);
    let head = head.trim_start_matches('\u{feff}').trim_start();
    if head.starts_with('{') || head.starts_with('[') {
        if head.contains("\"halfstar-user-export\"") {
            return Some(Format::Halfstar);
        }
        return (head.contains("\"track_metadata\"") || head.contains("\"listened_at\""))
            .then_some(Format::Listenbrainz);
    }
    let first_line = head.lines().next().unwrap_or_default();
    table::sniff_header(first_line)
}

/// Reads a file in a known format into rows, one per album.
pub fn read(bytes: &[u8], format: Format, progress: &Progress) -> Result<Parsed, String> {
    let parsed = match format {
        Format::Rym => rym::read(&text_of(bytes), progress)?,
        Format::DiscogsCollection => discogs::read(&text_of(bytes), false, progress)?,
        Format::DiscogsWantlist => discogs::read(&text_of(bytes), true, progress)?,
        Format::Lastfm => scrobbles::read_lastfm(&text_of(bytes), progress)?,
        Format::Listenbrainz => scrobbles::read_listenbrainz(bytes, progress)?,
        Format::Halfstar => halfstar::read(bytes)?,
    };
    Ok(one_row_per_album(with_writable_reviews(parsed), format))
}

/// Reviews are kept only as the site would take them from a member; a
/// review it would refuse is left out, and its row's rating still counts.
fn with_writable_reviews(mut parsed: Parsed) -> Parsed {
    let mut left_out = Vec::new();
    for row in &mut parsed.rows {
        let Some(text) = row.review.take() else {
            continue;
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if text.chars().count() > MAX_REVIEW_CHARS || multi_line(text, "review").is_err() {
            left_out.push(row.line.to_string());
            continue;
        }
        row.review = Some(text.to_owned());
    }
    if !left_out.is_empty() {
        parsed.notes.push(format!(
            "The reviews on lines {} are longer than {MAX_REVIEW_CHARS} characters or hold control characters: they are left out, their ratings are not.",
            left_out.join(", ")
        ));
    }
    parsed
}

/// The file as text, without a byte-order mark; bytes that are not UTF-8
/// become U+FFFD rather than refusing the whole file. A file in UTF-8 is
/// read where it lies, not copied: a large one is in memory once.
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match String::from_utf8_lossy(bytes) {
        Cow::Borrowed(text) => Cow::Borrowed(text.strip_prefix('\u{feff}').unwrap_or(text)),
        Cow::Owned(text) => match text.strip_prefix('\u{feff}') {
            Some(rest) => Cow::Owned(rest.to_owned()),
            None => Cow::Owned(text),
        },
    }
}

/// The album's key in the file: its release group, or its names.
fn album_key(row: &FileRow) -> (String, String) {
    match &row.release_group {
        Some(group) => (String::new(), group.to_ascii_lowercase()),
        None => (artist_key(&row.artist), title_key(&row.title)),
    }
}

/// Rows naming one album become one: listens add up (the latest listen
/// kept); otherwise a later row's rating, shelf and review win, and the
/// member is told.
fn one_row_per_album(parsed: Parsed, format: Format) -> Parsed {
    let Parsed {
        rows,
        skipped,
        mut notes,
    } = parsed;
    let mut albums = ByAlbum::new(format);
    for row in rows {
        albums.add(row);
    }
    if albums.repeated > 0 {
        notes.push(format!(
            "{} {} named an album an earlier row names too; the later row's rating counts.",
            albums.repeated,
            if albums.repeated == 1 { "row" } else { "rows" }
        ));
    }
    Parsed {
        rows: albums.rows(),
        skipped,
        notes,
    }
}

/// A file's rows gathered by album as they are read, so that a history of
/// a hundred thousand listens is held as the few thousand albums it plays.
pub(super) struct ByAlbum {
    format: Format,
    at: HashMap<(String, String), usize>,
    merged: Vec<FileRow>,
    /// Each merged album's plays, for its sittings.
    heard: Vec<Vec<Heard>>,
    /// Rows (not listens) that named an album an earlier row named.
    repeated: usize,
}

impl ByAlbum {
    pub(super) fn new(format: Format) -> Self {
        Self {
            format,
            at: HashMap::new(),
            merged: Vec::new(),
            heard: Vec::new(),
            repeated: 0,
        }
    }

    /// A listen of an album, with the play it was when its time is known.
    pub(super) fn add_listen(&mut self, row: FileRow, heard: Option<Heard>) {
        let index = self.add(row);
        if let Some(heard) = heard {
            self.heard.resize_with(self.merged.len(), Vec::new);
            self.heard[index].push(heard);
        }
    }

    /// Merges the row into its album's; where that album's row is.
    pub(super) fn add(&mut self, row: FileRow) -> usize {
        let key = album_key(&row);
        let Some(&index) = self.at.get(&key) else {
            self.at.insert(key, self.merged.len());
            self.merged.push(row);
            return self.merged.len() - 1;
        };
        let kept = &mut self.merged[index];
        if self.format.is_listens() {
            kept.plays += row.plays;
            if row.last_listened > kept.last_listened {
                kept.last_listened = row.last_listened;
            }
            if kept.release_group.is_none() {
                kept.release_group = row.release_group;
            }
        } else {
            self.repeated += 1;
            kept.rating = row.rating.or(kept.rating);
            kept.shelf = row.shelf;
            if row.review.is_some() {
                kept.review = row.review;
                kept.review_written = row.review_written;
            }
            kept.plays += row.plays;
            kept.diary.extend(row.diary);
            kept.track_ratings.extend(row.track_ratings);
            kept.player_plays.extend(row.player_plays);
            kept.opinions.merge(row.opinions);
        }
        index
    }

    /// The albums in the file's order; listens most played first, each with
    /// the sittings in which more than one of its tracks was played.
    pub(super) fn rows(mut self) -> Vec<FileRow> {
        for (row, mut heard) in self.merged.iter_mut().zip(self.heard) {
            heard.sort_by(|a, b| a.at.cmp(&b.at));
            row.sittings = sittings(&heard)
                .into_iter()
                .filter(|sitting| sitting.tracks.len() > 1)
                .collect();
        }
        if self.format.is_listens() {
            self.merged
                .sort_by(|a, b| b.plays.cmp(&a.plays).then(a.line.cmp(&b.line)));
        }
        self.merged
    }
}

/// The first run of four digits: `"1997"`, `"1997-05-21"`, `"21/05/1997"`.
pub fn year_in(text: &str) -> Option<i32> {
    let bytes = text.as_bytes();
    bytes
        .windows(4)
        .enumerate()
        .find(|(start, window)| {
            window.iter().all(u8::is_ascii_digit)
                && !bytes.get(start + 4).is_some_and(u8::is_ascii_digit)
                && (*start == 0 || !bytes[start - 1].is_ascii_digit())
        })
        .and_then(|(start, _)| text[start..start + 4].parse().ok())
        .filter(|&year| year > 0)
}

/// A hand-written export of `tests/fixtures/member-import/`.
#[cfg(test)]
fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/member-import/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_each_format_from_its_bytes() {
        let cases = [
            ("rym.csv", Format::Rym),
            ("discogs-collection.csv", Format::DiscogsCollection),
            ("discogs-wantlist.csv", Format::DiscogsWantlist),
            ("lastfm.csv", Format::Lastfm),
            ("lastfm-headerless.csv", Format::Lastfm),
            ("listenbrainz.jsonl", Format::Listenbrainz),
            ("listenbrainz.zip", Format::Listenbrainz),
            ("halfstar.json", Format::Halfstar),
        ];
        for (file, format) in cases {
            assert_eq!(detect(&fixture(file), Asked::Auto), Ok(format), "{file}");
        }
        assert_eq!(
            detect(&fixture("discogs-wantlist.csv"), Asked::Discogs),
            Ok(Format::DiscogsWantlist)
        );
        assert!(detect(&fixture("rym.csv"), Asked::Lastfm).is_err());
        assert_eq!(
            detect(b"name,when\nx,y\n", Asked::Auto),
            Err(UNKNOWN_FILE.to_owned())
        );
        assert!(detect(b"", Asked::Auto).is_err());
        assert!("spotify".parse::<Asked>().is_err());
    }

    #[test]
    fn reviews_the_site_would_refuse_are_left_out_with_a_note() {
        let reviewed = |line, text: &str| FileRow {
            review: Some(text.to_owned()),
            rating: RatingValue::from_f64(7.0),
            ..FileRow::new(line, "Burial", &format!("Album {line}"), Shelf::Owned)
        };
        let parsed = with_writable_reviews(Parsed {
            rows: vec![
                reviewed(2, "  Fine.  "),
                reviewed(3, &"x".repeat(MAX_REVIEW_CHARS + 1)),
                reviewed(4, "bell\u{7}"),
                reviewed(5, "   "),
            ],
            ..Parsed::default()
        });
        let reviews: Vec<_> = parsed.rows.iter().map(|r| r.review.as_deref()).collect();
        assert_eq!(reviews, [Some("Fine."), None, None, None]);
        assert!(parsed.rows.iter().all(|r| r.rating.is_some()));
        assert!(
            parsed.notes[0].starts_with("The reviews on lines 3, 4 are longer"),
            "{:?}",
            parsed.notes
        );
    }

    #[test]
    fn finds_years_in_dates() {
        assert_eq!(year_in("1997"), Some(1997));
        assert_eq!(year_in("1997-05-21"), Some(1997));
        assert_eq!(year_in("21/05/1997"), Some(1997));
        assert_eq!(year_in("0"), None);
        assert_eq!(year_in("12345"), None);
        assert_eq!(year_in(""), None);
    }

    #[test]
    fn one_row_per_album_adds_listens_and_keeps_the_later_rating() {
        let listen = |line, title: &str, when: &str| FileRow {
            plays: 1,
            last_listened: Some(when.to_owned()),
            ..FileRow::new(line, "Burial", title, Shelf::Listened)
        };
        let parsed = Parsed {
            rows: vec![
                listen(2, "Untrue", "2024-01-01"),
                listen(3, "Kindred", "2024-01-02"),
                listen(4, "UNTRUE", "2024-01-03"),
            ],
            ..Parsed::default()
        };
        let grouped = one_row_per_album(parsed, Format::Lastfm);
        assert_eq!(grouped.rows.len(), 2);
        assert_eq!(grouped.rows[0].plays, 2);
        assert_eq!(grouped.rows[0].line, 2);
        assert_eq!(grouped.rows[0].last_listened.as_deref(), Some("2024-01-03"));
        assert!(grouped.notes.is_empty());

        let rated = |line, n| FileRow {
            rating: RatingValue::from_f64(n),
            ..FileRow::new(line, "Nirvana (2)", "Nevermind", Shelf::Owned)
        };
        let grouped = one_row_per_album(
            Parsed {
                rows: vec![rated(2, 8.0), rated(3, 10.0)],
                ..Parsed::default()
            },
            Format::DiscogsCollection,
        );
        assert_eq!(grouped.rows.len(), 1);
        assert_eq!(grouped.rows[0].rating, RatingValue::from_f64(10.0));
        assert_eq!(grouped.notes.len(), 1);
    }
}
