//! Where each source lives and the keys it needs: all configurable, so tests
//! and mirrors can stand in for the real services.

use super::coverart::CoverArt;
use super::discogs::Discogs;
use super::http::Http;
use super::lastfm::LastFm;
use super::musicbrainz::{self, MusicBrainz};
pub use crate::config::SourceSettings;
use governor::DefaultDirectRateLimiter;

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
