//! Discogs: genres and styles of an album's master release.

use std::thread::sleep;
use std::time::Duration;

use serde::Deserialize;

use super::SourceError;
use super::http::Http;

/// Below this many calls left in Discogs' one-minute window, pause before the next.
const SLOW_DOWN_AT: u32 = 2;

#[derive(Deserialize)]
struct SearchAnswer {
    #[serde(default)]
    results: Vec<Hit>,
}

#[derive(Deserialize)]
struct Hit {
    #[serde(default)]
    genre: Vec<String>,
    #[serde(default)]
    style: Vec<String>,
}

/// An album's Discogs genres (broad, such as Electronic) and styles (fine, such as IDM).
#[derive(Debug, Default, PartialEq)]
pub struct Classification {
    pub genres: Vec<String>,
    pub styles: Vec<String>,
}

pub struct Discogs<'a> {
    http: &'a Http,
    base: String,
    token: String,
}

impl<'a> Discogs<'a> {
    pub fn new(http: &'a Http, base: &str, token: &str) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            token: token.to_owned(),
        }
    }

    /// The first master release matching the artist and title.
    pub fn classify(&self, artist: &str, title: &str) -> Result<Classification, SourceError> {
        let url = format!("{}/database/search", self.base);
        let authorization = format!("Discogs token={}", self.token);
        let answer = self.http.get(
            &url,
            &[
                ("type", "master"),
                ("artist", artist),
                ("release_title", title),
                ("per_page", "5"),
            ],
            &[("authorization", &authorization)],
        )?;
        if answer
            .rate_limit_remaining
            .is_some_and(|left| left < SLOW_DOWN_AT)
        {
            // The window is a minute long; a second's pause per call spreads the rest out.
            sleep(Duration::from_secs(1));
        }
        if answer.status != 200 {
            return Err(SourceError::status("Discogs", &url, &answer));
        }
        let found: SearchAnswer =
            serde_json::from_str(&answer.body).map_err(|error| SourceError::Shape {
                source_name: "Discogs",
                url,
                error: error.to_string(),
            })?;
        Ok(found
            .results
            .into_iter()
            .next()
            .map(|hit| Classification {
                genres: hit.genre,
                styles: hit.style,
            })
            .unwrap_or_default())
    }
}
