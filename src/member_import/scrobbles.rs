//! Listening histories: Last.fm scrobbles as the common CSV exports give
//! them (`uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid`,
//! or headerless `artist,album,track,date`), and ListenBrainz's export (a ZIP
//! archive of `listens/YEAR/MONTH.jsonl`, a JSON lines file, or the older
//! JSON array), each line one listen with the MusicBrainz ids it was mapped
//! to. No ratings: each album's listens are counted for the "Listened, not
//! yet rated" queue.

use std::io::{Cursor, Read};

use serde::Deserialize;
use time::OffsetDateTime;
use time::PrimitiveDateTime;
use time::macros::format_description;

use super::table::{Columns, Records, field};
use super::{ByAlbum, FileRow, Format, MOST_BYTES, Parsed, Progress, Shelf};
use crate::domain::sittings::Heard;
use crate::domain::{catalogue, listening, timestamp};

pub fn read_lastfm(text: &str, progress: &Progress) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    let mut rows = Records::of(text, progress);
    let Some(first) = rows.next(&mut parsed.skipped) else {
        return Err("The file is empty.".to_owned());
    };
    let columns = Columns::of(&first.1);
    let headed = columns.find("artist").is_some() && columns.find("album").is_some();
    let (artist, album, when, uts) = if headed {
        (
            columns.find("artist"),
            columns.find("album"),
            columns.find("utc_time").or(columns.find("date")),
            columns.find("uts"),
        )
    } else {
        (Some(0), Some(1), Some(3), None)
    };
    let (track, track_mbid) = if headed {
        (columns.find("track"), columns.find("track_mbid"))
    } else {
        (Some(2), None)
    };
    let mut albums = ByAlbum::new(Format::Lastfm);
    let mut without_album = 0;
    let mut next = if headed { None } else { Some(first) };
    while let Some((line, record)) = next.take().or_else(|| rows.next(&mut parsed.skipped)) {
        let (name, title) = (field(&record, artist), field(&record, album));
        if name.is_empty() || title.is_empty() {
            without_album += 1;
            continue;
        }
        let listened = field(&record, uts)
            .parse::<i64>()
            .ok()
            .and_then(from_unix)
            .or_else(|| listen_time(field(&record, when)));
        let heard = heard(
            listened.as_deref(),
            field(&record, track),
            field(&record, track_mbid),
        );
        albums.add_listen(listen(line, name, title, None, listened), heard);
    }
    parsed.rows = albums.rows();
    tell_listens(&mut parsed, without_album);
    Ok(parsed)
}

pub fn read_listenbrainz(bytes: &[u8], progress: &Progress) -> Result<Parsed, String> {
    let text = if bytes.starts_with(b"PK\x03\x04") {
        listens_in_archive(bytes)?
    } else {
        String::from_utf8_lossy(bytes).into_owned()
    };
    let mut parsed = Parsed::default();
    let mut albums = ByAlbum::new(Format::Listenbrainz);
    let mut without_album = 0;
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let listens: Box<dyn Iterator<Item = (usize, Result<Listen, serde_json::Error>)>> =
        if trimmed.starts_with('[') {
            let all: Vec<Listen> = serde_json::from_str(trimmed)
                .map_err(|error| format!("This JSON file is not a list of listens: {error}"))?;
            progress.start(all.len());
            Box::new(all.into_iter().enumerate().map(|(n, l)| (n + 1, Ok(l))))
        } else {
            progress.start(text.lines().count());
            Box::new(
                text.lines()
                    .enumerate()
                    .filter(|(_, line)| !line.trim().is_empty())
                    .map(|(n, line)| (n + 1, serde_json::from_str(line))),
            )
        };
    for (line, listen_line) in listens {
        progress.advance(1);
        let metadata = match listen_line {
            Ok(listen) => (listen.listened_at, listen.track_metadata),
            Err(error) => {
                parsed.skipped.push(super::Skipped {
                    line,
                    problem: format!("not a listen: {error}"),
                });
                continue;
            }
        };
        let (at, track) = metadata;
        let (artist, title) = (
            track.artist_name.unwrap_or_default(),
            track.release_name.unwrap_or_default(),
        );
        if artist.trim().is_empty() || title.trim().is_empty() {
            without_album += 1;
            continue;
        }
        let (info, mapping) = (
            track.additional_info.unwrap_or_default(),
            track.mbid_mapping.unwrap_or_default(),
        );
        let group = info
            .release_group_mbid
            .or(mapping.release_group_mbid)
            .filter(|id| !id.trim().is_empty());
        let recording = info.recording_mbid.or(mapping.recording_mbid);
        let listened = at.and_then(from_unix);
        let heard = heard(
            listened.as_deref(),
            track.track_name.as_deref().unwrap_or_default(),
            recording.as_deref().unwrap_or_default(),
        );
        albums.add_listen(listen(line, &artist, &title, group, listened), heard);
    }
    parsed.rows = albums.rows();
    tell_listens(&mut parsed, without_album);
    Ok(parsed)
}

fn listen(
    line: usize,
    artist: &str,
    title: &str,
    release_group: Option<String>,
    when: Option<String>,
) -> FileRow {
    FileRow {
        plays: 1,
        last_listened: when,
        release_group,
        ..FileRow::new(line, artist, title, Shelf::Listened)
    }
}

/// The play a listen was, for the album's sittings: none without its time
/// or track, or on a day a diary does not take. A recording id that is not
/// one is left out.
fn heard(listened: Option<&str>, track: &str, recording: &str) -> Option<Heard> {
    let (at, track) = (listened?, track.trim());
    let today = time::OffsetDateTime::now_utc().date();
    if track.is_empty() || listening::checked_day(at.get(..10)?, today).is_err() {
        return None;
    }
    Some(Heard {
        at: at.to_owned(),
        track: track.to_owned(),
        recording_mbid: catalogue::musicbrainz_id(recording, "recording").ok(),
        duration_ms: None,
    })
}

fn tell_listens(parsed: &mut Parsed, without_album: usize) {
    parsed.notes.push(
        "Listens carry no ratings: the albums you played go to \"Listened, not yet rated\" in your library, most played first. An album you played most of in one sitting also goes to your diary, when its tracklist is known."
            .to_owned(),
    );
    if without_album > 0 {
        parsed.notes.push(format!(
            "{without_album} {} no album name and {} left out.",
            if without_album == 1 {
                "listen had"
            } else {
                "listens had"
            },
            if without_album == 1 { "was" } else { "were" },
        ));
    }
}

#[derive(Deserialize)]
struct Listen {
    listened_at: Option<i64>,
    track_metadata: Track,
}

#[derive(Deserialize)]
struct Track {
    artist_name: Option<String>,
    release_name: Option<String>,
    track_name: Option<String>,
    additional_info: Option<Ids>,
    mbid_mapping: Option<Ids>,
}

#[derive(Deserialize, Default)]
struct Ids {
    release_group_mbid: Option<String>,
    recording_mbid: Option<String>,
}

/// The listens of a ListenBrainz export archive, one JSON line each; its
/// feedback and user files are not listens. Bounded however well it packs.
fn listens_in_archive(bytes: &[u8]) -> Result<String, String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|error| format!("This ZIP archive cannot be opened: {error}"))?;
    let mut names: Vec<String> = archive
        .file_names()
        .filter_map(Result::ok)
        .filter(|name| {
            let lower = name.to_ascii_lowercase();
            (lower.ends_with(".jsonl") || lower.ends_with(".json"))
                && !lower.ends_with("feedback.jsonl")
                && !lower.ends_with("user.json")
                && !lower.contains("pinned")
        })
        .map(|name| name.into_owned())
        .collect();
    names.sort();
    if names.is_empty() {
        return Err("This ZIP archive holds no listens (no .jsonl files).".to_owned());
    }
    let mut text = String::new();
    for name in names {
        let file = archive
            .by_name(&name)
            .map_err(|error| format!("{name} in the archive cannot be read: {error}"))?;
        let room = (MOST_BYTES - text.len()) as u64;
        let mut contents = String::new();
        file.take(room + 1)
            .read_to_string(&mut contents)
            .map_err(|error| format!("{name} in the archive cannot be read: {error}"))?;
        if contents.len() as u64 > room {
            return Err(format!(
                "The archive's listens are more than {} MB unpacked.",
                MOST_BYTES / 1024 / 1024
            ));
        }
        text.push_str(contents.trim_end());
        text.push('\n');
    }
    Ok(text)
}

fn from_unix(seconds: i64) -> Option<String> {
    OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .map(timestamp::format)
}

/// Last.fm's "31 Jan 2024, 18:02" (or without the comma), in UTC.
pub fn listen_time(text: &str) -> Option<String> {
    let plain = text.replace(',', "");
    let format =
        format_description!("[day padding:none] [month repr:short] [year] [hour]:[minute]");
    PrimitiveDateTime::parse(plain.trim(), format)
        .ok()
        .map(|moment| timestamp::format(moment.assume_utc()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str) -> Parsed {
        let bytes = super::super::fixture(name);
        let format = super::super::detect(&bytes, super::super::Asked::Auto).unwrap();
        super::super::read(&bytes, format, &Progress::default()).unwrap()
    }

    fn albums(parsed: &Parsed) -> Vec<(&str, &str, u32)> {
        parsed
            .rows
            .iter()
            .map(|r| (r.artist.as_str(), r.title.as_str(), r.plays))
            .collect()
    }

    #[test]
    fn lastfm_scrobbles_count_per_album_most_played_first() {
        let parsed = read("lastfm.csv");
        assert_eq!(
            albums(&parsed),
            [
                ("Radiohead", "Kid A", 4),
                ("Burial", "Untrue", 3),
                ("Aphex Twin", "Syro", 2),
                ("Portishead", "Dummy", 1),
            ]
        );
        let kid_a = &parsed.rows[0];
        assert_eq!(kid_a.shelf, Shelf::Listened);
        assert_eq!(kid_a.line, 2);
        assert_eq!(
            kid_a.last_listened.as_deref(),
            Some("2024-01-31T18:00:00.000Z")
        );
        assert_eq!(kid_a.rating, None);
        assert!(
            parsed
                .notes
                .iter()
                .any(|n| n == "1 listen had no album name and was left out.")
        );
    }

    #[test]
    fn headerless_lastfm_reads_its_dates() {
        let parsed = read("lastfm-headerless.csv");
        assert_eq!(
            albums(&parsed),
            [
                ("Radiohead", "Kid A", 2),
                ("Simon & Garfunkel", "Bridge over Troubled Water", 1)
            ]
        );
        assert_eq!(
            parsed.rows[0].last_listened.as_deref(),
            Some("2024-01-31T18:00:00.000Z")
        );
        assert_eq!(parsed.rows[0].line, 1);
    }

    #[test]
    fn listenbrainz_lines_and_archive_agree() {
        let lines = read("listenbrainz.jsonl");
        let archive = read("listenbrainz.zip");
        assert_eq!(albums(&lines), albums(&archive));
        assert_eq!(
            albums(&lines),
            [
                ("Massive Attack", "Mezzanine", 3),
                ("Burial", "Untrue", 2),
                ("Frank Ocean", "Blonde", 1),
                ("Cocteau Twins", "Heaven or Las Vegas", 1),
            ]
        );
        assert_eq!(
            lines.rows[1].release_group.as_deref(),
            Some("9e0f2a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b")
        );
        assert_eq!(
            lines.rows[1].last_listened.as_deref(),
            Some("2024-01-31T18:00:00.000Z")
        );
        assert!(
            lines
                .notes
                .iter()
                .any(|n| n.starts_with("1 listen had no album"))
        );
    }

    #[test]
    fn a_broken_listen_skips_its_line() {
        let text = b"{\"listened_at\":1,\"track_metadata\":{\"artist_name\":\"Burial\",\"release_name\":\"Untrue\"}}\n{\"listened_at\":\n";
        let parsed = read_listenbrainz(text, &Progress::default()).unwrap();
        assert_eq!(parsed.rows.len(), 1);
        assert_eq!(parsed.skipped.len(), 1);
        assert_eq!(parsed.skipped[0].line, 2);
    }

    #[test]
    fn an_archive_without_listens_says_so() {
        let mut bytes = Vec::new();
        let mut writer = zip::ZipWriter::new(Cursor::new(&mut bytes));
        writer
            .start_file("user.json", zip::write::SimpleFileOptions::default())
            .unwrap();
        std::io::Write::write_all(&mut writer, b"{}").unwrap();
        writer.finish().unwrap();
        let error = read_listenbrainz(&bytes, &Progress::default()).unwrap_err();
        assert!(error.contains("no listens"), "{error}");
    }

    #[test]
    fn reads_lastfm_times() {
        assert_eq!(
            listen_time("31 Jan 2024, 18:02").as_deref(),
            Some("2024-01-31T18:02:00.000Z")
        );
        assert_eq!(
            listen_time("1 Feb 2024 09:05").as_deref(),
            Some("2024-02-01T09:05:00.000Z")
        );
        assert_eq!(listen_time("yesterday"), None);
    }
}
