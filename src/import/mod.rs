//! The import pipeline: artists and albums from MusicBrainz, covers from the
//! Cover Art Archive, genres and descriptions from Last.fm, with Discogs as
//! the fallback for genres and the source of styles.

pub mod coverart;
pub mod discogs;
pub mod http;
pub mod lastfm;
pub mod musicbrainz;
pub mod pipeline;
pub mod sources;
pub mod store;
pub mod tags;

use http::{Answer, FetchError};

#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error("{source_name} answered HTTP {status} at {url}: {message}")]
    Status {
        source_name: &'static str,
        url: String,
        status: u16,
        message: String,
    },
    #[error("{source_name} refused {url}: {message}")]
    Refused {
        source_name: &'static str,
        url: String,
        message: String,
        /// Worth trying again later.
        temporary: bool,
    },
    #[error("{source_name} answered in an unexpected shape at {url}: {error}")]
    Shape {
        source_name: &'static str,
        url: String,
        error: String,
    },
}

impl SourceError {
    /// An error status, with the message the source put in its JSON body when it did.
    fn status(source_name: &'static str, url: &str, answer: &Answer) -> Self {
        let message = serde_json::from_str::<serde_json::Value>(&answer.body)
            .ok()
            .and_then(|body| {
                body.get("error")
                    .or_else(|| body.get("message"))
                    .and_then(|m| m.as_str().map(str::to_owned))
            })
            .unwrap_or_else(|| answer.body.chars().take(200).collect());
        Self::Status {
            source_name,
            url: url.to_owned(),
            status: answer.status,
            message,
        }
    }
}
