//! MusicBrainz: the artist search and the browse of an artist's albums.

use std::num::NonZeroU32;
use std::thread::sleep;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use serde::Deserialize;

use super::SourceError;
use super::http::Http;
use crate::domain::slug::search_key;

/// MusicBrainz caps a browse page at 100.
const PAGE: u32 = 100;
/// Hits whose scores are this close to the best one are all plausible.
const CLOSE_SCORES: u8 = 5;
/// At most this many candidates are listed when the match is unclear.
const MOST_CANDIDATES: usize = 5;

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct ArtistHit {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub score: u8,
    #[serde(default)]
    pub disambiguation: String,
    #[serde(default)]
    pub country: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ReleaseGroup {
    pub id: String,
    pub title: String,
    #[serde(rename = "first-release-date", default)]
    pub first_release_date: String,
    #[serde(rename = "primary-type", default)]
    pub primary_type: Option<String>,
    #[serde(rename = "secondary-types", default)]
    pub secondary_types: Vec<String>,
}

impl ReleaseGroup {
    /// A studio album: primary type Album and nothing secondary (no live,
    /// compilation, remix or soundtrack).
    pub fn is_plain_album(&self) -> bool {
        self.primary_type.as_deref() == Some("Album") && self.secondary_types.is_empty()
    }
}

#[derive(Deserialize)]
struct SearchAnswer {
    #[serde(default)]
    artists: Vec<ArtistHit>,
}

#[derive(Deserialize)]
struct BrowseAnswer {
    #[serde(rename = "release-group-count")]
    count: u32,
    #[serde(rename = "release-groups", default)]
    groups: Vec<ReleaseGroup>,
}

#[derive(Debug, PartialEq)]
pub enum ArtistChoice {
    Found(ArtistHit),
    /// Several hits are about as good: the admin picks one with `--mbid`.
    Unclear(Vec<ArtistHit>),
    NotFound,
}

/// The best hit, unless others score about as well; then the one whose name
/// is the name asked for, if exactly one is.
pub fn choose(mut hits: Vec<ArtistHit>, asked: &str) -> ArtistChoice {
    hits.sort_by_key(|hit| std::cmp::Reverse(hit.score));
    let Some(best) = hits.first().map(|hit| hit.score) else {
        return ArtistChoice::NotFound;
    };
    let close: Vec<ArtistHit> = hits
        .into_iter()
        .filter(|hit| hit.score + CLOSE_SCORES >= best)
        .collect();
    if close.len() == 1 {
        return ArtistChoice::Found(close.into_iter().next().expect("one hit"));
    }
    let asked = search_key(asked);
    let named: Vec<&ArtistHit> = close
        .iter()
        .filter(|hit| search_key(&hit.name) == asked)
        .collect();
    if let [only] = named.as_slice() {
        return ArtistChoice::Found((*only).clone());
    }
    ArtistChoice::Unclear(close.into_iter().take(MOST_CANDIDATES).collect())
}

/// One request per `interval` (one second for the real service), shared by
/// every client of an import run.
pub fn pace(interval: Duration) -> DefaultDirectRateLimiter {
    let quota = Quota::with_period(interval.max(Duration::from_millis(1)))
        .expect("a positive period")
        .allow_burst(NonZeroU32::MIN);
    RateLimiter::direct(quota)
}

pub struct MusicBrainz<'a> {
    http: &'a Http,
    base: String,
    pace: &'a DefaultDirectRateLimiter,
}

impl<'a> MusicBrainz<'a> {
    pub fn new(http: &'a Http, base: &str, pace: &'a DefaultDirectRateLimiter) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            pace,
        }
    }

    fn wait_turn(&self) {
        while let Err(not_until) = self.pace.check() {
            sleep(not_until.wait_time_from(DefaultClock::default().now()));
        }
    }

    fn get<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, SourceError> {
        self.wait_turn();
        let url = format!("{}{path}", self.base);
        let answer = self
            .http
            .get(&url, query, &[("accept", "application/json")])?;
        if answer.status != 200 {
            return Err(SourceError::status("MusicBrainz", &url, &answer));
        }
        serde_json::from_str(&answer.body).map_err(|error| SourceError::Shape {
            source_name: "MusicBrainz",
            url,
            error: error.to_string(),
        })
    }

    /// The artist with this MusicBrainz id; `None` when there is none.
    pub fn artist(&self, mbid: &str) -> Result<Option<ArtistHit>, SourceError> {
        match self.get::<ArtistHit>(&format!("/ws/2/artist/{mbid}"), &[("fmt", "json")]) {
            Ok(hit) => Ok(Some(hit)),
            Err(SourceError::Status {
                status: 404 | 400, ..
            }) => Ok(None),
            Err(error) => Err(error),
        }
    }

    pub fn search_artist(&self, name: &str) -> Result<Vec<ArtistHit>, SourceError> {
        let query = format!("artist:\"{}\"", name.replace('"', ""));
        let answer: SearchAnswer = self.get(
            "/ws/2/artist",
            &[("query", &query), ("limit", "10"), ("fmt", "json")],
        )?;
        Ok(answer.artists)
    }

    /// Every release group of type album, over as many pages as it takes.
    pub fn album_groups(&self, artist_mbid: &str) -> Result<Vec<ReleaseGroup>, SourceError> {
        let mut groups = Vec::new();
        let mut offset = 0;
        loop {
            let offset_text = offset.to_string();
            let page: BrowseAnswer = self.get(
                "/ws/2/release-group",
                &[
                    ("artist", artist_mbid),
                    ("type", "album"),
                    ("limit", &PAGE.to_string()),
                    ("offset", &offset_text),
                    ("fmt", "json"),
                ],
            )?;
            let received = page.groups.len() as u32;
            groups.extend(page.groups);
            offset += received;
            if received == 0 || offset >= page.count {
                return Ok(groups);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(id: &str, name: &str, score: u8) -> ArtistHit {
        ArtistHit {
            id: id.into(),
            name: name.into(),
            score,
            disambiguation: String::new(),
            country: None,
        }
    }

    #[test]
    fn a_clear_best_hit_is_chosen() {
        let hits = vec![
            hit("b", "Radiohead Tribute", 60),
            hit("a", "Radiohead", 100),
        ];
        assert_eq!(
            choose(hits, "radiohead"),
            ArtistChoice::Found(hit("a", "Radiohead", 100))
        );
    }

    #[test]
    fn close_hits_are_told_apart_by_name_or_listed() {
        let named = vec![hit("a", "Low", 100), hit("b", "Lowe", 98)];
        assert_eq!(
            choose(named, "low"),
            ArtistChoice::Found(hit("a", "Low", 100))
        );
        let twins = vec![
            hit("a", "Nirvana", 100),
            hit("b", "Nirvana", 100),
            hit("c", "Nirvana UK", 70),
        ];
        match choose(twins, "Nirvana") {
            ArtistChoice::Unclear(list) => assert_eq!(list.len(), 2),
            other => panic!("expected a list of candidates, got {other:?}"),
        }
        assert_eq!(choose(vec![], "anyone"), ArtistChoice::NotFound);
    }

    #[test]
    fn only_plain_albums_are_kept() {
        let group = |primary: Option<&str>, secondary: &[&str]| ReleaseGroup {
            id: "x".into(),
            title: "x".into(),
            first_release_date: String::new(),
            primary_type: primary.map(str::to_owned),
            secondary_types: secondary.iter().map(|s| (*s).to_owned()).collect(),
        };
        assert!(group(Some("Album"), &[]).is_plain_album());
        assert!(!group(Some("Album"), &["Live"]).is_plain_album());
        assert!(!group(Some("EP"), &[]).is_plain_album());
        assert!(!group(None, &[]).is_plain_album());
    }
}
