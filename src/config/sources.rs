//! Where each catalogue source lives and the keys it needs: all
//! configurable, so tests and mirrors can stand in for the real services.

use std::time::Duration;

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
