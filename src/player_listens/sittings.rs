//! Listens in the diary from a player's plays: when more than half of an
//! album's tracks were played in one sitting, the sitting becomes one diary
//! entry, never one a track. Plays of an album belong to one sitting while
//! each starts within the previous one's length and a pause of it.

use std::collections::{BTreeMap, HashSet};

use rusqlite::Connection;
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use crate::db::diary::{self, SittingPlay};
use crate::db::player_listens::Play;
use crate::db::tracks::{self, TrackFields};
use crate::domain::match_key::title_key;

/// More than this between the end of one play and the next ends a sitting.
const PAUSE: Duration = Duration::minutes(30);
/// How long a play the player gave no length for is taken to last.
const UNKNOWN_LENGTH: Duration = Duration::minutes(10);
/// How far around a submission's plays of an album its sittings are looked
/// for: longer than any album takes to play.
const REACH: Duration = Duration::hours(12);

/// The sittings (first and last play) in which more than half of the
/// tracklist was played. None without a tracklist: "most of the album"
/// cannot be told then.
pub fn full_sittings(tracklist: &[TrackFields], plays: &[SittingPlay]) -> Vec<(String, String)> {
    if tracklist.is_empty() {
        return Vec::new();
    }
    let titles: Vec<String> = tracklist.iter().map(|t| title_key(&t.title)).collect();
    let track_of = |play: &SittingPlay| -> Option<usize> {
        let by_recording = play.recording_mbid.as_ref().and_then(|id| {
            tracklist
                .iter()
                .position(|t| t.recording_mbid.as_ref() == Some(id))
        });
        by_recording.or_else(|| {
            let key = title_key(&play.track_name);
            titles.iter().position(|title| *title == key)
        })
    };
    let mut full = Vec::new();
    let mut sitting: Vec<&SittingPlay> = Vec::new();
    let mut ends_by: Option<OffsetDateTime> = None;
    let mut close = |sitting: &mut Vec<&SittingPlay>| {
        let played: HashSet<usize> = sitting.iter().filter_map(|play| track_of(play)).collect();
        if played.len() * 2 > tracklist.len()
            && let (Some(first), Some(last)) = (sitting.first(), sitting.last())
        {
            full.push((first.listened_at.clone(), last.listened_at.clone()));
        }
        sitting.clear();
    };
    for play in plays {
        let Ok(at) = OffsetDateTime::parse(&play.listened_at, &Rfc3339) else {
            continue;
        };
        if ends_by.is_some_and(|limit| at > limit) {
            close(&mut sitting);
        }
        let length = play
            .duration_ms
            .map_or(UNKNOWN_LENGTH, Duration::milliseconds);
        ends_by = Some(at + length + PAUSE);
        sitting.push(play);
    }
    close(&mut sitting);
    full
}

/// Logs in the member's diary each sitting that a submission's plays
/// complete or extend; how many entries were logged.
pub fn log_sittings(
    conn: &Connection,
    user_id: i64,
    plays: &[Play],
    now: &str,
) -> rusqlite::Result<usize> {
    let mut by_album: BTreeMap<i64, Vec<OffsetDateTime>> = BTreeMap::new();
    for play in plays {
        if let (Some(album_id), Ok(at)) = (
            play.album_id,
            OffsetDateTime::parse(&play.listened_at, &Rfc3339),
        ) {
            by_album.entry(album_id).or_default().push(at);
        }
    }
    let mut logged = 0;
    for (album_id, moments) in by_album {
        let tracklist = tracks::fields_of(conn, album_id)?;
        if tracklist.is_empty() {
            continue;
        }
        let (Some(first), Some(last)) = (moments.iter().min(), moments.iter().max()) else {
            continue;
        };
        let from = crate::domain::timestamp::format(*first - REACH);
        let to = crate::domain::timestamp::format(*last + REACH);
        let around = diary::plays_between(conn, user_id, album_id, (&from, &to))?;
        for (from, to) in full_sittings(&tracklist, &around) {
            let touched = moments.iter().any(|moment| {
                let at = crate::domain::timestamp::format(*moment);
                from <= at && at <= to
            });
            if touched && diary::record_sitting(conn, user_id, album_id, (&from, &to), now)? {
                logged += 1;
            }
        }
    }
    Ok(logged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracklist(titles: &[&str]) -> Vec<TrackFields> {
        titles
            .iter()
            .enumerate()
            .map(|(n, title)| TrackFields {
                disc: 1,
                position: n as u32 + 1,
                title: (*title).to_owned(),
                length_ms: Some(240_000),
                recording_mbid: None,
            })
            .collect()
    }

    fn play(at: &str, track: &str) -> SittingPlay {
        SittingPlay {
            listened_at: format!("2026-03-12T{at}:00.000Z"),
            track_name: track.to_owned(),
            recording_mbid: None,
            duration_ms: Some(240_000),
        }
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
            full_sittings(&album, &three),
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
        assert!(full_sittings(&album, &two_and_a_repeat).is_empty());
        assert!(full_sittings(&[], &three).is_empty(), "no tracklist");
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
        assert!(full_sittings(&album, &split).is_empty());
        let with_others_between = [
            play("10:00", "One"),
            play("10:04", "Two"),
            play("10:35", "Three"),
        ];
        assert_eq!(full_sittings(&album, &with_others_between).len(), 1);
    }

    #[test]
    fn a_recording_id_matches_whatever_the_title() {
        let mut album = tracklist(&["One", "Two", "Three"]);
        album[1].recording_mbid = Some("b1a9c0e9-d987-4042-ae91-78d6a3267d69".to_owned());
        let mut renamed = play("10:04", "Deux");
        renamed.recording_mbid = album[1].recording_mbid.clone();
        let plays = [play("10:00", "One"), renamed];
        assert_eq!(full_sittings(&album, &plays).len(), 1);
    }
}
