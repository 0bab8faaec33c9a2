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
    #[serde(default)]
    resource_url: String,
}

#[derive(Deserialize)]
struct ArtistPage {
    #[serde(default)]
    profile: String,
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

    /// GETs a Discogs path, pacing itself by the rate-limit headers.
    fn get<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, SourceError> {
        let url = format!("{}{path}", self.base);
        let authorization = format!("Discogs token={}", self.token);
        let answer = self
            .http
            .get(&url, query, &[("authorization", &authorization)])?;
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
        serde_json::from_str(&answer.body).map_err(|error| SourceError::Shape {
            source_name: "Discogs",
            url,
            error: error.to_string(),
        })
    }

    /// The first master release matching the artist and title.
    pub fn classify(&self, artist: &str, title: &str) -> Result<Classification, SourceError> {
        let found: SearchAnswer = self.get(
            "/database/search",
            &[
                ("type", "master"),
                ("artist", artist),
                ("release_title", title),
                ("per_page", "5"),
            ],
        )?;
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

    /// The artist's Discogs profile as plain text, when Discogs knows them.
    pub fn artist_profile(&self, artist: &str) -> Result<Option<String>, SourceError> {
        let found: SearchAnswer = self.get(
            "/database/search",
            &[("type", "artist"), ("q", artist), ("per_page", "5")],
        )?;
        // The hit links the artist's page by its full address; the path is asked of the configured host.
        let Some(path) = found.results.first().and_then(|hit| {
            hit.resource_url
                .find("/artists/")
                .map(|at| hit.resource_url[at..].to_owned())
        }) else {
            return Ok(None);
        };
        self.profile_at(&path)
    }

    /// The profile of the Discogs artist with this id (MusicBrainz links it).
    pub fn artist_profile_by_id(&self, id: u64) -> Result<Option<String>, SourceError> {
        self.profile_at(&format!("/artists/{id}"))
    }

    fn profile_at(&self, path: &str) -> Result<Option<String>, SourceError> {
        let page: ArtistPage = self.get(path, &[])?;
        Ok(Some(plain_profile(&page.profile)).filter(|text| !text.is_empty()))
    }
}

/// Discogs marks links up as `[a=Name]`, `[l=Label]`, `[a123]`: the names stay, the marks go.
fn plain_profile(profile: &str) -> String {
    let mut text = String::new();
    let mut rest = profile;
    while let Some(start) = rest.find('[') {
        text.push_str(&rest[..start]);
        let Some(end) = rest[start..].find(']') else {
            rest = &rest[start..];
            break;
        };
        let inside = &rest[start + 1..start + end];
        if let Some((_, name)) = inside.split_once('=') {
            text.push_str(name);
        }
        rest = &rest[start + end + 1..];
    }
    text.push_str(rest);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_markup_keeps_the_names() {
        assert_eq!(
            plain_profile("Band signed to [l=Parlophone]. Members: [a=Thom Yorke], [a123]."),
            "Band signed to Parlophone. Members: Thom Yorke, ."
        );
    }
}
