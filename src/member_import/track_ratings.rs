//! Track ratings brought by halfstar's own export. The file names a track
//! by its place, title and recording; another site's tracklist of the same
//! album may number or spell it differently, so each rating is placed when
//! it is written, and one that fits no track is counted, never guessed.

use crate::db::tracks::Track;
use crate::domain::RatingValue;
use crate::domain::match_key::title_key;

#[derive(Debug, Clone, PartialEq)]
pub struct RatedTrack {
    pub disc: u32,
    pub position: u32,
    pub title: String,
    pub recording_mbid: Option<String>,
    pub rating: RatingValue,
    /// When it was rated, when the file says (as stored).
    pub rated_at: Option<String>,
}

impl RatedTrack {
    /// The album's track this rating is of: the same recording; else the
    /// same place with the same title; else the only track of that title.
    pub fn place<'t>(&self, tracks: &'t [Track]) -> Option<&'t Track> {
        if let Some(recording) = &self.recording_mbid
            && let Some(track) = tracks
                .iter()
                .find(|t| t.recording_mbid.as_deref() == Some(recording.as_str()))
        {
            return Some(track);
        }
        let title = title_key(&self.title);
        if let Some(track) = tracks.iter().find(|t| {
            (t.disc, t.position) == (self.disc, self.position) && title_key(&t.title) == title
        }) {
            return Some(track);
        }
        let mut same_title = tracks.iter().filter(|t| title_key(&t.title) == title);
        match (same_title.next(), same_title.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(
        track_id: i64,
        disc: u32,
        position: u32,
        title: &str,
        recording: Option<&str>,
    ) -> Track {
        Track {
            track_id,
            disc,
            position,
            title: title.to_owned(),
            length_ms: None,
            recording_mbid: recording.map(str::to_owned),
            number_of_ratings: 0,
            average_rating: None,
            user_rating: None,
        }
    }

    fn rated(disc: u32, position: u32, title: &str, recording: Option<&str>) -> RatedTrack {
        RatedTrack {
            disc,
            position,
            title: title.to_owned(),
            recording_mbid: recording.map(str::to_owned),
            rating: RatingValue::from_f64(8.0).unwrap(),
            rated_at: None,
        }
    }

    const RECORDING: &str = "0b9c6e2a-6f3e-4a0e-9d61-7c8a1b2c3d4e";

    #[test]
    fn a_rating_finds_its_track_by_recording_then_place_then_title() {
        let tracks = [
            track(1, 1, 1, "Everything in Its Right Place", None),
            track(2, 1, 2, "Kid A", Some(RECORDING)),
            track(3, 1, 3, "The National Anthem", None),
            track(4, 2, 1, "Morning Bell", None),
            track(5, 2, 2, "Morning Bell", None),
        ];
        let found = |rating: RatedTrack| rating.place(&tracks).map(|t| t.track_id);
        assert_eq!(found(rated(1, 9, "Wrong title", Some(RECORDING))), Some(2));
        assert_eq!(found(rated(1, 3, "the national anthem", None)), Some(3));
        // Renumbered here: the only track of that title.
        assert_eq!(found(rated(1, 1, "The National Anthem", None)), Some(3));
        assert_eq!(
            found(rated(2, 2, "Morning Bell", None)),
            Some(5),
            "its place tells two tracks of one title apart"
        );
        assert_eq!(
            found(rated(1, 7, "Morning Bell", None)),
            None,
            "two tracks of that title and neither at its place: no guess"
        );
        assert_eq!(found(rated(1, 1, "Idioteque", None)), None);
    }
}
