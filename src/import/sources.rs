//! Where each source lives and the keys it needs: all configurable, so tests
//! and mirrors can stand in for the real services.

use std::time::Duration;

use super::coverart::CoverArt;
use super::discogs::Discogs;
use super::http::Http;
use super::lastfm::LastFm;
use super::musicbrainz::{self, MusicBrainz};
use governor::DefaultDirectRateLimiter;

#[derive(Debug, Clone)]
pub struct SourceSettings {
    pub musicbrainz_url: String,
    pub coverart_url: String,
    pub lastfm_url: String,
    pub discogs_url: String,
    pub lastfm_key: Option<String>,
    pub discogs_token: Option<String>,
    /// A URL or `mailto:` address where the services' operators can reach this site's admin.
    pub contact: String,
    /// The least time between two MusicBrainz requests (their limit is one a second).
    pub musicbrainz_interval: Duration,
    pub timeout: Duration,
    /// The first pause after a throttled answer without `Retry-After`.
    pub backoff: Duration,
}

impl Default for SourceSettings {
    fn default() -> Self {
        Self {
            musicbrainz_url: "https://musicbrainz.org".into(),
            coverart_url: "https://coverartarchive.org".into(),
            lastfm_url: "https://ws.audioscrobbler.com".into(),
            discogs_url: "https://api.discogs.com".into(),
            lastfm_key: None,
            discogs_token: None,
            contact: "https://github.com/halfstar".into(),
            musicbrainz_interval: Duration::from_secs(1),
            timeout: Duration::from_secs(20),
            backoff: Duration::from_millis(1500),
        }
    }
}

impl SourceSettings {
    /// `halfstar/VERSION ( contact )`, the form MusicBrainz asks for.
    pub fn user_agent(&self) -> String {
        format!(
            "halfstar/{} ( {} )",
            env!("CARGO_PKG_VERSION"),
            self.contact
        )
    }
}

/// The clients of one import run, sharing one HTTP agent and MusicBrainz's pace.
pub struct Sources {
    settings: SourceSettings,
    http: Http,
    musicbrainz_pace: DefaultDirectRateLimiter,
}

impl Sources {
    pub fn new(settings: SourceSettings) -> Self {
        let http = Http::new(&settings.user_agent(), settings.timeout, settings.backoff);
        let musicbrainz_pace = musicbrainz::pace(settings.musicbrainz_interval);
        Self {
            settings,
            http,
            musicbrainz_pace,
        }
    }

    pub fn musicbrainz(&self) -> MusicBrainz<'_> {
        MusicBrainz::new(
            &self.http,
            &self.settings.musicbrainz_url,
            &self.musicbrainz_pace,
        )
    }

    pub fn cover_art(&self) -> CoverArt<'_> {
        CoverArt::new(&self.http, &self.settings.coverart_url)
    }

    /// Last.fm, when a key is configured.
    pub fn last_fm(&self) -> Option<LastFm<'_>> {
        let key = self
            .settings
            .lastfm_key
            .as_deref()
            .filter(|k| !k.is_empty())?;
        Some(LastFm::new(&self.http, &self.settings.lastfm_url, key))
    }

    /// Discogs, when a token is configured.
    pub fn discogs(&self) -> Option<Discogs<'_>> {
        let token = self
            .settings
            .discogs_token
            .as_deref()
            .filter(|t| !t.is_empty())?;
        Some(Discogs::new(&self.http, &self.settings.discogs_url, token))
    }
}
