//! Listening sittings: plays of one album belong to one sitting while each
//! starts within the previous one's length and a pause of it. A sitting in
//! which more than half of the album's tracks were played is a listen of
//! the album, for the diary: one entry a sitting, never one a track.

use std::collections::HashSet;

use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use super::match_key::title_key;

/// More than this between the end of one play and the next ends a sitting.
const PAUSE: Duration = Duration::minutes(30);
/// How long a play whose length is unknown is taken to last.
const UNKNOWN_LENGTH: Duration = Duration::minutes(10);

/// One play of an album, as a player or a history file gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Heard {
    /// As stored (UTC, RFC 3339).
    pub at: String,
    pub track: String,
    pub recording_mbid: Option<String>,
    pub duration_ms: Option<i64>,
}

/// A track as the sitting tells it: its recording when the play named one,
/// and its title as matching compares titles ("(Remastered)" and the like
/// off), either of which may match the tracklist.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TrackHeard {
    pub recording: Option<String>,
    pub title: String,
}

/// A run of plays of one album: its first and last play, and the tracks
/// played (each once).
#[derive(Debug, Clone, PartialEq)]
pub struct Sitting {
    pub from: String,
    pub to: String,
    pub tracks: Vec<TrackHeard>,
}

impl Sitting {
    /// Whether more than half of the tracklist (titles and recording ids,
    /// each when known) was played. Never without a tracklist: "most of the
    /// album" cannot be told then.
    pub fn covers_most_of(&self, tracklist: &[(String, Option<String>)]) -> bool {
        if tracklist.is_empty() {
            return false;
        }
        let titles: Vec<String> = tracklist
            .iter()
            .map(|(title, _)| title_key(title))
            .collect();
        let played: HashSet<usize> = self
            .tracks
            .iter()
            .filter_map(|heard| {
                let by_recording = heard.recording.as_ref().and_then(|id| {
                    tracklist
                        .iter()
                        .position(|(_, recording)| recording.as_ref() == Some(id))
                });
                by_recording.or_else(|| titles.iter().position(|title| *title == heard.title))
            })
            .collect();
        played.len() * 2 > tracklist.len()
    }
}

/// The sittings of an album's plays, given oldest first. Plays whose time
/// does not read are left out.
pub fn sittings(plays: &[Heard]) -> Vec<Sitting> {
    let mut found: Vec<Sitting> = Vec::new();
    let mut ends_by: Option<OffsetDateTime> = None;
    for play in plays {
        let Ok(at) = OffsetDateTime::parse(&play.at, &Rfc3339) else {
            continue;
        };
        let heard = TrackHeard {
            recording: play.recording_mbid.as_ref().map(|id| id.to_lowercase()),
            title: title_key(&play.track),
        };
        match found.last_mut() {
            Some(sitting) if ends_by.is_some_and(|limit| at <= limit) => {
                sitting.to.clone_from(&play.at);
                if !sitting.tracks.contains(&heard) {
                    sitting.tracks.push(heard);
                }
            }
            _ => found.push(Sitting {
                from: play.at.clone(),
                to: play.at.clone(),
                tracks: vec![heard],
            }),
        }
        let length = play
            .duration_ms
            .map_or(UNKNOWN_LENGTH, Duration::milliseconds);
        ends_by = Some(at + length + PAUSE);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracklist(titles: &[&str]) -> Vec<(String, Option<String>)> {
        titles
            .iter()
            .map(|title| ((*title).to_owned(), None))
            .collect()
    }

    fn play(at: &str, track: &str) -> Heard {
        Heard {
            at: format!("2026-03-12T{at}:00.000Z"),
            track: track.to_owned(),
            recording_mbid: None,
            duration_ms: Some(240_000),
        }
    }

    fn listens(tracklist: &[(String, Option<String>)], plays: &[Heard]) -> Vec<(String, String)> {
        sittings(plays)
            .into_iter()
            .filter(|sitting| sitting.covers_most_of(tracklist))
            .map(|sitting| (sitting.from, sitting.to))
            .collect()
    }

    #[test]
    fn more_than_half_the_tracks_in_one_sitting_is_a_listen() {
        let album = tracklist(&["One", "Two", "Three", "Four", "Five"]);
        let three = [
            play("10:00", "One"),
            play("10:04", "Two (Remastered)"),
            play("10:08", "Three"),
        ];
        assert_eq!(
            listens(&album, &three),
            [(
                "2026-03-12T10:00:00.000Z".to_owned(),
                "2026-03-12T10:08:00.000Z".to_owned()
            )]
        );
        let two_and_a_repeat = [
            play("10:00", "One"),
            play("10:04", "One"),
            play("10:08", "Two"),
        ];
        assert!(listens(&album, &two_and_a_repeat).is_empty());
        assert!(listens(&[], &three).is_empty(), "no tracklist");
    }

    #[test]
    fn a_long_pause_splits_the_sittings() {
        let album = tracklist(&["One", "Two", "Three", "Four"]);
        let split = [
            play("10:00", "One"),
            play("10:04", "Two"),
            play("11:00", "Three"),
            play("11:04", "Four"),
        ];
        assert_eq!(sittings(&split).len(), 2);
        assert!(listens(&album, &split).is_empty());
        let with_others_between = [
            play("10:00", "One"),
            play("10:04", "Two"),
            play("10:35", "Three"),
        ];
        assert_eq!(listens(&album, &with_others_between).len(), 1);
        let unknown_lengths = [
            Heard {
                duration_ms: None,
                ..play("10:00", "One")
            },
            play("10:39", "Two"),
        ];
        assert_eq!(sittings(&unknown_lengths).len(), 1, "ten minutes assumed");
    }

    #[test]
    fn a_recording_id_matches_whatever_the_title() {
        let mut album = tracklist(&["One", "Two", "Three"]);
        album[1].1 = Some("b1a9c0e9-d987-4042-ae91-78d6a3267d69".to_owned());
        let mut renamed = play("10:04", "Deux");
        renamed.recording_mbid = Some("B1A9C0E9-D987-4042-AE91-78D6A3267D69".to_owned());
        let plays = [play("10:00", "One"), renamed];
        assert_eq!(listens(&album, &plays).len(), 1);
    }

    #[test]
    fn a_recording_the_tracklist_lacks_still_matches_by_title() {
        let album = tracklist(&["One", "Two", "Three"]);
        let mut remaster = play("10:04", "Two");
        remaster.recording_mbid = Some("b1a9c0e9-d987-4042-ae91-78d6a3267d69".to_owned());
        let plays = [play("10:00", "One"), remaster];
        assert_eq!(listens(&album, &plays).len(), 1);
    }
}
