//! MusicBrainz: the artist search, an artist's genres and links, the
//! browse of an artist's release groups, and a release group's tracklist.

use std::num::NonZeroU32;
use std::thread::sleep;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use serde::Deserialize;

use super::SourceError;
use super::http::Http;
use super::tracklists::{ReleasesAnswer, representative, tracks_of};
use crate::db::tracks::TrackFields;
use crate::domain::slug::search_key;

/// MusicBrainz caps a search or browse page at 100.
const PAGE: u32 = 100;
/// When no artist has the very name asked for, this many of the best hits are offered.
const MOST_NEAR_MISSES: usize = 10;
/// Tries of one browse page that fails for a reason other than throttling
/// (which `Http` already waits out): a 5xx, a dropped connection, a timeout.
const PAGE_TRIES: u32 = 3;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
pub struct LifeSpan {
    #[serde(default)]
    pub begin: Option<String>,
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    pub ended: Option<bool>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct ArtistHit {
    pub id: String,
    pub name: String,
    /// Search hits only; a lookup by id has none.
    #[serde(default)]
    pub score: u8,
    #[serde(default)]
    pub disambiguation: String,
    #[serde(default)]
    pub country: Option<String>,
    /// Person, Group, Orchestra, Choir, Character or Other.
    #[serde(rename = "type", default)]
    pub artist_type: Option<String>,
    #[serde(rename = "life-span", default)]
    pub life_span: LifeSpan,
}

impl ArtistHit {
    /// "1987–1994", "1967–", or "" when MusicBrainz knows neither end.
    pub fn active_years(&self) -> String {
        let year = |date: &Option<String>| {
            date.as_deref()
                .and_then(|d| d.get(..4))
                .unwrap_or_default()
                .to_owned()
        };
        let (begin, end) = (year(&self.life_span.begin), year(&self.life_span.end));
        match (begin.is_empty(), end.is_empty()) {
            (true, true) if self.life_span.ended == Some(true) => "ended".into(),
            (true, true) => String::new(),
            (false, true) if self.life_span.ended == Some(true) => format!("{begin}–?"),
            _ => format!("{begin}–{end}"),
        }
    }
}

/// A genre or tag as MusicBrainz counts its votes.
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Voted {
    pub name: String,
    #[serde(default)]
    pub count: i64,
}

/// Names by their votes, most voted first; MusicBrainz sends them by name.
pub fn by_votes(voted: &[Voted]) -> Vec<String> {
    let mut sorted: Vec<&Voted> = voted.iter().filter(|v| v.count > 0).collect();
    sorted.sort_by_key(|v| std::cmp::Reverse(v.count));
    sorted.into_iter().map(|v| v.name.clone()).collect()
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
    /// MusicBrainz's curated genres (asked for with `inc=genres`).
    #[serde(default)]
    pub genres: Vec<Voted>,
}

/// What a release group is, by MusicBrainz's primary and secondary types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupKind {
    Studio,
    Single,
    Ep,
    Live,
    Compilation,
    Soundtrack,
    Remix,
    Demo,
    /// Broadcasts, spoken word, DJ mixes, mixtapes, no type at all...
    Other,
}

impl GroupKind {
    /// How a summary names albums left out for this reason.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Studio => "studio album",
            Self::Single => "single",
            Self::Ep => "EP",
            Self::Live => "live album",
            Self::Compilation => "compilation",
            Self::Soundtrack => "soundtrack",
            Self::Remix => "remix album",
            Self::Demo => "demo",
            Self::Other => "other release",
        }
    }
}

impl ReleaseGroup {
    /// A studio album is primary type Album with no secondary type. Anything
    /// else is told by its primary type first, then by the first secondary
    /// type that names a kind (a live compilation is live).
    pub fn kind(&self) -> GroupKind {
        match self.primary_type.as_deref() {
            Some("Album") => {}
            Some("Single") => return GroupKind::Single,
            Some("EP") => return GroupKind::Ep,
            _ => return GroupKind::Other,
        }
        if self.secondary_types.is_empty() {
            return GroupKind::Studio;
        }
        const BY_SECONDARY: &[(&str, GroupKind)] = &[
            ("Live", GroupKind::Live),
            ("Compilation", GroupKind::Compilation),
            ("Soundtrack", GroupKind::Soundtrack),
            ("Remix", GroupKind::Remix),
            ("Demo", GroupKind::Demo),
        ];
        BY_SECONDARY
            .iter()
            .find(|(name, _)| self.secondary_types.iter().any(|s| s == name))
            .map_or(GroupKind::Other, |(_, kind)| *kind)
    }

    /// The types as MusicBrainz writes them: "Album + Live + Compilation", or "no type".
    pub fn typed_as(&self) -> String {
        let mut types: Vec<&str> = self.primary_type.iter().map(String::as_str).collect();
        types.extend(self.secondary_types.iter().map(String::as_str));
        if types.is_empty() {
            "no type".into()
        } else {
            types.join(" + ")
        }
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

/// An artist as a lookup with `inc=genres+url-rels` answers.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ArtistDetails {
    #[serde(default)]
    pub genres: Vec<Voted>,
    #[serde(default)]
    relations: Vec<Relation>,
}

#[derive(Debug, Clone, Deserialize)]
struct Relation {
    #[serde(rename = "type", default)]
    relation_type: String,
    #[serde(default)]
    url: Option<RelationUrl>,
}

#[derive(Debug, Clone, Deserialize)]
struct RelationUrl {
    #[serde(default)]
    resource: String,
}

impl ArtistDetails {
    /// The artist's Discogs id, from MusicBrainz's link to their Discogs page
    /// (`https://www.discogs.com/artist/3840-Radiohead`).
    pub fn discogs_id(&self) -> Option<u64> {
        self.relations
            .iter()
            .filter(|r| r.relation_type == "discogs")
            .filter_map(|r| r.url.as_ref())
            .find_map(|url| {
                let (_, rest) = url.resource.split_once("/artist/")?;
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()
            })
    }
}

/// An artist's release groups, and where the browse stopped if a page failed
/// for good: the groups before it are kept, so a re-run picks up the rest.
#[derive(Debug)]
pub struct Browse {
    pub groups: Vec<ReleaseGroup>,
    pub failed_at: Option<(u32, SourceError)>,
}

#[derive(Debug, PartialEq)]
pub enum ArtistChoice {
    Found(ArtistHit),
    /// Several artists have the name, or none has it exactly: the admin picks one.
    Unclear(Vec<ArtistHit>),
    NotFound,
}

/// The one artist with the very name asked for (accents and case aside).
/// Namesakes are all offered, best score first; so are the best near misses
/// when nobody has the name, as a typo should not pick someone silently.
pub fn choose(mut hits: Vec<ArtistHit>, asked: &str) -> ArtistChoice {
    if hits.is_empty() {
        return ArtistChoice::NotFound;
    }
    hits.sort_by_key(|hit| std::cmp::Reverse(hit.score));
    let asked = search_key(asked);
    let (named, others): (Vec<ArtistHit>, Vec<ArtistHit>) = hits
        .into_iter()
        .partition(|hit| search_key(&hit.name) == asked);
    match named.len() {
        1 => ArtistChoice::Found(named.into_iter().next().expect("one hit")),
        0 => ArtistChoice::Unclear(others.into_iter().take(MOST_NEAR_MISSES).collect()),
        _ => ArtistChoice::Unclear(named),
    }
}

/// One request per `interval` (one second for the real service), shared by
/// every client of an import run.
pub fn pace(interval: Duration) -> DefaultDirectRateLimiter {
    let quota = Quota::with_period(interval.max(Duration::from_millis(1)))
        .expect("a positive period")
        .allow_burst(NonZeroU32::MIN);
    RateLimiter::direct(quota)
}

/// An artist looked up by id: who they are, their genres and links.
#[derive(Debug, Clone, Deserialize)]
pub struct ArtistRecord {
    #[serde(flatten)]
    pub hit: ArtistHit,
    #[serde(flatten)]
    pub details: ArtistDetails,
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

    /// The artist with this MusicBrainz id, with their genres and links;
    /// `None` when there is none.
    pub fn artist(&self, mbid: &str) -> Result<Option<ArtistRecord>, SourceError> {
        let found = self.get::<ArtistRecord>(
            &format!("/ws/2/artist/{mbid}"),
            &[("inc", "genres+url-rels"), ("fmt", "json")],
        );
        match found {
            Ok(record) => Ok(Some(record)),
            Err(SourceError::Status {
                status: 404 | 400, ..
            }) => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Artists whose name (or alias) matches, best first: one page of 100,
    /// which holds every namesake of even the commonest band names.
    pub fn search_artist(&self, name: &str) -> Result<Vec<ArtistHit>, SourceError> {
        let query = format!("artist:\"{}\"", name.replace('"', ""));
        let answer: SearchAnswer = self.get(
            "/ws/2/artist",
            &[
                ("query", &query),
                ("limit", &PAGE.to_string()),
                ("fmt", "json"),
            ],
        )?;
        Ok(answer.artists)
    }

    /// The tracklist of the release standing for the release group
    /// (`tracklists::representative`): one browse of its official releases
    /// with their recordings. Empty when no official release lists tracks.
    pub fn tracklist(&self, release_group: &str) -> Result<Vec<TrackFields>, SourceError> {
        let answer: ReleasesAnswer = self.get(
            "/ws/2/release",
            &[
                ("release-group", release_group),
                ("inc", "recordings"),
                ("status", "official"),
                ("limit", &PAGE.to_string()),
                ("fmt", "json"),
            ],
        )?;
        Ok(representative(&answer.releases)
            .map(tracks_of)
            .unwrap_or_default())
    }

    /// Every release group of the artist, of every type (so what is left out
    /// can be told apart), with their genres, over as many pages as it takes.
    pub fn release_groups(&self, artist_mbid: &str) -> Browse {
        let mut groups = Vec::new();
        let mut offset = 0;
        loop {
            let page = match self.browse_page(artist_mbid, offset) {
                Ok(page) => page,
                Err(error) => {
                    return Browse {
                        groups,
                        failed_at: Some((offset, error)),
                    };
                }
            };
            let received = page.groups.len() as u32;
            groups.extend(page.groups);
            offset += received;
            if received == 0 || offset >= page.count {
                return Browse {
                    groups,
                    failed_at: None,
                };
            }
        }
    }

    /// One page, tried again with a doubling pause when the failure may pass.
    fn browse_page(&self, artist_mbid: &str, offset: u32) -> Result<BrowseAnswer, SourceError> {
        let offset_text = offset.to_string();
        let limit = PAGE.to_string();
        let query = [
            ("artist", artist_mbid),
            ("inc", "genres"),
            ("limit", limit.as_str()),
            ("offset", offset_text.as_str()),
            ("fmt", "json"),
        ];
        let mut pause = self.http.backoff();
        for attempt in 1..=PAGE_TRIES {
            match self.get("/ws/2/release-group", &query) {
                Err(error) if error.may_pass() && attempt < PAGE_TRIES => {
                    tracing::warn!(artist_mbid, offset, %error, ?pause, "browse page failed; trying again");
                    sleep(pause);
                    pause *= 2;
                }
                other => return other,
            }
        }
        unreachable!("the last try returns")
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
            artist_type: None,
            life_span: LifeSpan::default(),
        }
    }

    #[test]
    fn the_one_artist_with_the_name_is_chosen_whatever_the_scores() {
        let hits = vec![
            hit("b", "Radiohead Tribute", 100),
            hit("a", "Radiohead", 90),
        ];
        assert_eq!(
            choose(hits, "radiohead"),
            ArtistChoice::Found(hit("a", "Radiohead", 90))
        );
        let accents = vec![hit("a", "Björk", 100), hit("b", "Bjork Jones", 99)];
        assert_eq!(
            choose(accents, "bjork"),
            ArtistChoice::Found(hit("a", "Björk", 100))
        );
    }

    #[test]
    fn namesakes_are_all_offered_and_near_misses_never_picked() {
        let mut twins: Vec<ArtistHit> = (0..12)
            .map(|n| hit(&format!("n{n}"), "Nirvana", 100 - n))
            .collect();
        twins.push(hit("uk", "Nirvana UK", 100));
        match choose(twins, "Nirvana") {
            ArtistChoice::Unclear(list) => {
                assert_eq!(list.len(), 12, "every namesake, and only they");
                assert!(list.iter().all(|hit| hit.name == "Nirvana"));
                assert_eq!(list[0].id, "n0", "best score first");
            }
            other => panic!("expected the namesakes, got {other:?}"),
        }
        match choose(vec![hit("a", "Radiohead", 100)], "Radiohed") {
            ArtistChoice::Unclear(list) => assert_eq!(list.len(), 1),
            other => panic!("a typo must not pick silently, got {other:?}"),
        }
        assert_eq!(choose(vec![], "anyone"), ArtistChoice::NotFound);
    }

    #[test]
    fn release_groups_are_told_apart_as_musicbrainz_types_them() {
        let group = |primary: Option<&str>, secondary: &[&str]| ReleaseGroup {
            id: "x".into(),
            title: "x".into(),
            first_release_date: String::new(),
            primary_type: primary.map(str::to_owned),
            secondary_types: secondary.iter().map(|s| (*s).to_owned()).collect(),
            genres: Vec::new(),
        };
        let cases: &[(Option<&str>, &[&str], GroupKind, &str)] = &[
            (Some("Album"), &[], GroupKind::Studio, "Album"),
            (Some("Album"), &["Live"], GroupKind::Live, "Album + Live"),
            (
                Some("Album"),
                &["Compilation", "Live"],
                GroupKind::Live,
                "Album + Compilation + Live",
            ),
            (
                Some("Album"),
                &["Compilation"],
                GroupKind::Compilation,
                "Album + Compilation",
            ),
            (
                Some("Album"),
                &["Soundtrack"],
                GroupKind::Soundtrack,
                "Album + Soundtrack",
            ),
            (Some("Album"), &["Remix"], GroupKind::Remix, "Album + Remix"),
            (Some("Album"), &["Demo"], GroupKind::Demo, "Album + Demo"),
            (
                Some("Album"),
                &["Spokenword"],
                GroupKind::Other,
                "Album + Spokenword",
            ),
            (
                Some("Album"),
                &["DJ-mix"],
                GroupKind::Other,
                "Album + DJ-mix",
            ),
            (Some("Single"), &[], GroupKind::Single, "Single"),
            (
                Some("Single"),
                &["Live"],
                GroupKind::Single,
                "Single + Live",
            ),
            (Some("EP"), &["Remix"], GroupKind::Ep, "EP + Remix"),
            (Some("Broadcast"), &[], GroupKind::Other, "Broadcast"),
            (Some("Other"), &[], GroupKind::Other, "Other"),
            (None, &[], GroupKind::Other, "no type"),
            (None, &["Compilation"], GroupKind::Other, "Compilation"),
        ];
        for (primary, secondary, kind, typed) in cases {
            let group = group(*primary, secondary);
            assert_eq!(group.kind(), *kind, "{primary:?} {secondary:?}");
            assert_eq!(group.typed_as(), *typed);
        }
    }

    #[test]
    fn active_years_read_as_a_span() {
        let mut artist = hit("a", "Nirvana", 100);
        assert_eq!(artist.active_years(), "");
        artist.life_span = LifeSpan {
            begin: Some("1987".into()),
            end: Some("1994-04-05".into()),
            ended: Some(true),
        };
        assert_eq!(artist.active_years(), "1987–1994");
        artist.life_span.end = None;
        assert_eq!(artist.active_years(), "1987–?");
        artist.life_span.ended = Some(false);
        assert_eq!(artist.active_years(), "1987–");
    }

    #[test]
    fn the_discogs_id_comes_from_the_artist_links() {
        let record: ArtistRecord = serde_json::from_str(
            r#"{"id":"a","name":"Radiohead","genres":[{"name":"rock","count":3}],
                "relations":[{"type":"wikidata","url":{"resource":"https://www.wikidata.org/wiki/Q44190"}},
                             {"type":"discogs","url":{"resource":"https://www.discogs.com/artist/3840-Radiohead"}}]}"#,
        )
        .unwrap();
        assert_eq!(record.details.discogs_id(), Some(3840));
        assert_eq!(record.hit.name, "Radiohead");
        assert_eq!(by_votes(&record.details.genres), ["rock"]);
    }
}
