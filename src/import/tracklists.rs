//! An album's tracklist from MusicBrainz: the official releases of its
//! release group with their recordings (one browse request), and the one
//! release taken to stand for the album.
//!
//! The representative release is the earliest official one (the album as
//! first issued, before reissues' bonus tracks); among releases of the same
//! first date, one on CD or as a digital download (whose tracks are numbered
//! plainly, unlike a vinyl's sides) with the fewest discs, then the lowest id,
//! so the same answer always gives the same choice.

use serde::Deserialize;

use crate::db::tracks::{MOST_TRACKS, TrackFields};
use crate::domain::catalogue;

#[derive(Debug, Clone, Deserialize)]
pub struct ReleasesAnswer {
    #[serde(default)]
    pub releases: Vec<Release>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Release {
    pub id: String,
    #[serde(default)]
    pub status: Option<String>,
    /// "YYYY", "YYYY-MM" or "YYYY-MM-DD"; absent or empty when unknown.
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub media: Vec<Medium>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Medium {
    #[serde(default)]
    pub position: Option<u32>,
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub tracks: Vec<MediumTrack>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MediumTrack {
    pub position: u32,
    pub title: String,
    /// Milliseconds.
    #[serde(default)]
    pub length: Option<i64>,
    #[serde(default)]
    pub recording: Option<Recording>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Recording {
    pub id: String,
}

/// Formats whose tracks are numbered one after another.
const PLAIN_FORMATS: &[&str] = &["CD", "Digital Media"];

/// The release that stands for the album; `None` when no official release
/// lists any track.
pub fn representative(releases: &[Release]) -> Option<&Release> {
    releases
        .iter()
        .filter(|release| release.status.as_deref() == Some("Official"))
        .filter(|release| release.media.iter().any(|medium| !medium.tracks.is_empty()))
        .min_by(|a, b| {
            let plain = |release: &Release| {
                release.media.iter().all(|medium| {
                    medium
                        .format
                        .as_deref()
                        .is_some_and(|format| PLAIN_FORMATS.contains(&format))
                })
            };
            // An unknown date sorts after every known one.
            let date = |release: &Release| release.date.clone().filter(|d| !d.is_empty());
            match (date(a), date(b)) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
            .then(plain(b).cmp(&plain(a)))
            .then(a.media.len().cmp(&b.media.len()))
            .then(a.id.cmp(&b.id))
        })
}

/// The release's tracks as the catalogue keeps them: each medium a disc,
/// titles tidied as an editor's are; a track whose title the catalogue
/// refuses is left out, and lengths out of bounds are dropped.
pub fn tracks_of(release: &Release) -> Vec<TrackFields> {
    release
        .media
        .iter()
        .enumerate()
        .flat_map(|(n, medium)| {
            let disc = medium.position.unwrap_or(n as u32 + 1);
            medium.tracks.iter().filter_map(move |track| {
                Some(TrackFields {
                    disc,
                    position: track.position,
                    title: catalogue::name(&track.title, "title").ok()?,
                    length_ms: track.length.filter(|ms| (1..=86_400_000).contains(ms)),
                    recording_mbid: track
                        .recording
                        .as_ref()
                        .and_then(|r| catalogue::musicbrainz_id(&r.id, "recording").ok()),
                })
            })
        })
        .filter(|track| (1..=50).contains(&track.disc) && (1..=500).contains(&track.position))
        .take(MOST_TRACKS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn release(
        id: &str,
        status: &str,
        date: &str,
        formats: &[&str],
        tracks: usize,
    ) -> serde_json::Value {
        let media: Vec<_> = formats
            .iter()
            .enumerate()
            .map(|(n, format)| {
                let listed: Vec<_> = (1..=tracks)
                    .map(|p| json!({"position": p, "number": p.to_string(), "title": format!("Track {p}"), "length": 200_000 + p, "recording": {"id": format!("00000000-0000-4000-8000-{p:012}")}}))
                    .collect();
                json!({"position": n + 1, "format": format, "track-count": tracks, "tracks": listed})
            })
            .collect();
        json!({"id": id, "status": status, "date": date, "media": media})
    }

    fn answer(releases: Vec<serde_json::Value>) -> ReleasesAnswer {
        serde_json::from_value(json!({"release-count": releases.len(), "releases": releases}))
            .unwrap()
    }

    #[test]
    fn the_earliest_official_release_stands_for_the_album() {
        let found = answer(vec![
            release("c-reissue", "Official", "2009-03-24", &["CD", "CD"], 14),
            release("d-promo", "Promotion", "1997-05-01", &["CD"], 3),
            release("b-vinyl", "Official", "1997-05-21", &["12\" Vinyl"], 12),
            release("a-cd", "Official", "1997-05-21", &["CD"], 12),
            release("e-undated", "Official", "", &["CD"], 12),
        ]);
        assert_eq!(representative(&found.releases).unwrap().id, "a-cd");
        let only_later = answer(vec![
            release("x", "Official", "", &["CD"], 2),
            release("y", "Official", "2001", &["Cassette"], 2),
        ]);
        assert_eq!(representative(&only_later.releases).unwrap().id, "y");
        assert!(
            representative(&answer(vec![release("p", "Bootleg", "1990", &["CD"], 3)]).releases)
                .is_none()
        );
    }

    #[test]
    fn each_medium_is_a_disc_with_its_tracks() {
        let found = answer(vec![release("a", "Official", "1997", &["CD", "CD"], 2)]);
        let tracks = tracks_of(&found.releases[0]);
        assert_eq!(tracks.len(), 4);
        assert_eq!(
            (tracks[2].disc, tracks[2].position, tracks[2].title.as_str()),
            (2, 1, "Track 1")
        );
        assert_eq!(tracks[0].length_ms, Some(200_001));
        assert_eq!(
            tracks[0].recording_mbid.as_deref(),
            Some("00000000-0000-4000-8000-000000000001")
        );
    }
}
