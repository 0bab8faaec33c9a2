//! halfstar's own export (`GET /api/user/me/export`, `halfstar export-user`),
//! so a member can move between two halfstar sites: the library with its
//! ratings, the wishlist, reviews, the listened queue, the diary, track
//! ratings and the plays their players sent. Albums are named by
//! artist, title and MusicBrainz release group, as ids mean nothing on
//! another site.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::json;
use time::format_description::well_known::Rfc3339;

use super::track_ratings::RatedTrack;
use super::{FileRow, Opinions, Parsed, Shelf, Skipped, year_in};
use crate::db::export::FORMAT_VERSION;
use crate::domain::timestamp;
use crate::domain::{RatingValue, descriptors, listening};
use crate::player_listens::payload;

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
    #[serde(default)]
    track_ratings: Vec<TrackRated>,
    #[serde(default)]
    player_plays: Vec<Played>,
    #[serde(default)]
    genre_votes: Vec<VotedGenre>,
    #[serde(default)]
    descriptors: Vec<Described>,
    #[serde(default)]
    dismissed_recommendations: Vec<Dismissed>,
}

/// A genre the member voted for an album, as the export names it.
#[derive(Deserialize)]
struct VotedGenre {
    artist: String,
    album: String,
    genre: String,
    #[serde(default)]
    primary: bool,
}

/// A descriptor the member applied to an album, as the export names it.
#[derive(Deserialize)]
struct Described {
    artist: String,
    album: String,
    descriptor: String,
}

/// An album the member asked not to have recommended again.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Dismissed {
    album: Album,
    dismissed_at: String,
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

/// A rating of a track, as the export names it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TrackRated {
    artist: String,
    album: String,
    #[serde(default)]
    release_group_mbid: Option<String>,
    disc: u32,
    position: u32,
    track: String,
    #[serde(default)]
    recording_mbid: Option<String>,
    number: f64,
    #[serde(default)]
    updated_at: Option<String>,
}

/// A play a member's player sent, as the export names it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Played {
    listened_at: String,
    artist: String,
    album: String,
    track: String,
    #[serde(default)]
    release_group_mbid: Option<String>,
    #[serde(default)]
    release_mbid: Option<String>,
    #[serde(default)]
    recording_mbid: Option<String>,
    #[serde(default)]
    duration_ms: Option<i64>,
    #[serde(default)]
    player: Option<String>,
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
    let mut rows = Rows::of(&parsed, line);
    add_diary(&mut parsed, &mut rows, file.diary);
    add_track_ratings(&mut parsed, &mut rows, file.track_ratings);
    add_player_plays(&mut parsed, &mut rows, file.player_plays);
    add_opinions(
        &mut parsed,
        &mut rows,
        file.genre_votes,
        file.descriptors,
        file.dismissed_recommendations,
    );
    Ok(parsed)
}

/// Where each album's row is, so that what the export lists apart (the
/// diary, track ratings, plays) goes with the album's row; an album the
/// file names nowhere else gets a row of its own.
struct Rows {
    at: HashMap<(String, String), usize>,
    line: usize,
}

impl Rows {
    fn of(parsed: &Parsed, line: usize) -> Self {
        let at = parsed
            .rows
            .iter()
            .enumerate()
            .map(|(at, row)| ((row.artist.clone(), row.title.clone()), at))
            .collect();
        Self { at, line }
    }

    fn of_album<'p>(
        &mut self,
        parsed: &'p mut Parsed,
        artist: &str,
        album: &str,
        release_group: Option<&str>,
    ) -> &'p mut FileRow {
        let key = (artist.trim().to_owned(), album.trim().to_owned());
        let at = *self.at.entry(key).or_insert_with(|| {
            self.line += 1;
            let mut row = FileRow::new(self.line, artist, album, Shelf::NotCatalogued);
            row.release_group = release_group
                .map(str::trim)
                .filter(|g| !g.is_empty())
                .map(str::to_owned);
            parsed.rows.push(row);
            parsed.rows.len() - 1
        });
        &mut parsed.rows[at]
    }
}

/// A part of the export that does not check, left out and said.
fn skip(parsed: &mut Parsed, what: &str, n: usize, problem: &str) {
    parsed.skipped.push(Skipped {
        line: n + 1,
        problem: format!("{what} {}: {problem}", n + 1),
    });
}

/// Each listen of the diary goes with its album's row; a listen that does
/// not check is left out and said.
fn add_diary(parsed: &mut Parsed, rows: &mut Rows, diary: Vec<Logged>) {
    let today = time::OffsetDateTime::now_utc().date();
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
                skip(parsed, "diary entry", n, &problem);
                continue;
            }
        };
        rows.of_album(parsed, &logged.artist, &logged.album, None)
            .diary
            .push(listen);
    }
}

/// Each track rating goes with its album's row, to be placed on this
/// site's tracklist when written.
fn add_track_ratings(parsed: &mut Parsed, rows: &mut Rows, rated: Vec<TrackRated>) {
    for (n, rated) in rated.into_iter().enumerate() {
        let Some(rating) = RatingValue::from_f64(rated.number) else {
            skip(
                parsed,
                "track rating",
                n,
                "number must be 0.5 to 10 in half steps",
            );
            continue;
        };
        if rated.track.trim().is_empty() {
            skip(parsed, "track rating", n, "the track has no title");
            continue;
        }
        let track = RatedTrack {
            disc: rated.disc,
            position: rated.position,
            title: rated.track.trim().to_owned(),
            recording_mbid: rated
                .recording_mbid
                .map(|id| id.trim().to_ascii_lowercase()),
            rating,
            rated_at: rated.updated_at.as_deref().and_then(timestamp::from_file),
        };
        rows.of_album(
            parsed,
            &rated.artist,
            &rated.album,
            rated.release_group_mbid.as_deref(),
        )
        .track_ratings
        .push(track);
    }
}

/// Genre votes, descriptors and dismissed recommendations go with their
/// album's row. A descriptor this site's vocabulary lacks is left out and
/// said; genres are looked up among this site's when written.
fn add_opinions(
    parsed: &mut Parsed,
    rows: &mut Rows,
    genre_votes: Vec<VotedGenre>,
    described: Vec<Described>,
    dismissed: Vec<Dismissed>,
) {
    for vote in genre_votes {
        let genre = vote.genre.trim().to_owned();
        if genre.is_empty() {
            continue;
        }
        let row = rows.of_album(parsed, &vote.artist, &vote.album, None);
        row.opinions.merge(Opinions {
            genre_votes: vec![(genre, vote.primary)],
            ..Opinions::default()
        });
    }
    for (n, described) in described.into_iter().enumerate() {
        let Some(descriptor) = descriptors::find(&described.descriptor) else {
            skip(
                parsed,
                "descriptor",
                n,
                "not a word of this site's vocabulary",
            );
            continue;
        };
        let row = rows.of_album(parsed, &described.artist, &described.album, None);
        row.opinions.merge(Opinions {
            descriptors: vec![descriptor.slug],
            ..Opinions::default()
        });
    }
    for dismissed in dismissed {
        let Some(at) = timestamp::from_file(&dismissed.dismissed_at) else {
            continue;
        };
        let album = dismissed.album;
        let row = rows.of_album(
            parsed,
            &album.artist,
            &album.title,
            album.musicbrainz_release_group.as_deref(),
        );
        row.opinions.merge(Opinions {
            dismissed_at: Some(at),
            ..Opinions::default()
        });
    }
}

/// Each play goes with its album's row, checked as a player's play is
/// when it arrives; a play that names no album cannot be counted for one
/// and is left out (the member is told how many).
fn add_player_plays(parsed: &mut Parsed, rows: &mut Rows, plays: Vec<Played>) {
    let now = time::OffsetDateTime::now_utc();
    let mut albumless = 0;
    for (n, played) in plays.into_iter().enumerate() {
        let play = time::OffsetDateTime::parse(&played.listened_at, &Rfc3339)
            .map_err(|_| "listenedAt must be a time".to_owned())
            .and_then(|moment| {
                let listen = json!({
                    "listened_at": moment.unix_timestamp(),
                    "track_metadata": {
                        "artist_name": played.artist,
                        "track_name": played.track,
                        "release_name": played.album,
                        "additional_info": {
                            "release_group_mbid": played.release_group_mbid,
                            "release_mbid": played.release_mbid,
                            "recording_mbid": played.recording_mbid,
                            "duration_ms": played.duration_ms,
                            "media_player": played.player,
                        },
                    },
                });
                payload::read_imported(&listen, now)
            });
        let play = match play {
            Ok(play) => play,
            Err(problem) => {
                skip(parsed, "player play", n, &problem);
                continue;
            }
        };
        if play.release_name.is_empty() {
            albumless += 1;
            continue;
        }
        let (artist, album) = (play.artist_name.clone(), play.release_name.clone());
        let group = play.release_group_mbid.clone();
        rows.of_album(parsed, &artist, &album, group.as_deref())
            .player_plays
            .push(play);
    }
    if albumless > 0 {
        parsed.notes.push(format!(
            "{albumless} {} from your music players named no album: they are left out, as no album can count them.",
            if albumless == 1 { "play" } else { "plays" }
        ));
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
