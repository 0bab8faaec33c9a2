//! The Cover Art Archive: a release group's front cover, if it has one.

use serde::Deserialize;
use serde_json::Value;

use super::SourceError;
use super::http::Http;

#[derive(Deserialize)]
struct Index {
    #[serde(default)]
    images: Vec<Image>,
    /// The MusicBrainz page of the release the images belong to.
    #[serde(default)]
    release: String,
}

/// A release group's front cover, and the release it was found on.
#[derive(Debug, Clone, PartialEq)]
pub struct Cover {
    /// Always https: the archive serves both, and a page over https must not load pictures over http.
    pub url: String,
    /// The MusicBrainz id of that release, which other sources may know the album by.
    pub release: Option<String>,
}

#[derive(Deserialize)]
struct Image {
    #[serde(default)]
    front: bool,
    #[serde(default)]
    image: String,
    /// Keys such as "500" or "large"; values are URLs.
    #[serde(default)]
    thumbnails: serde_json::Map<String, Value>,
}

pub struct CoverArt<'a> {
    http: &'a Http,
    base: String,
}

impl<'a> CoverArt<'a> {
    pub fn new(http: &'a Http, base: &str) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    /// The front cover (the 500-pixel thumbnail when there is one); `None`
    /// when the archive has no cover for the release group (a 404, which is
    /// no failure).
    pub fn front_cover(&self, release_group: &str) -> Result<Option<Cover>, SourceError> {
        let url = format!("{}/release-group/{release_group}", self.base);
        let answer = self
            .http
            .get(&url, &[], &[("accept", "application/json")])?;
        if answer.status == 404 {
            return Ok(None);
        }
        if answer.status != 200 {
            return Err(SourceError::status("the Cover Art Archive", &url, &answer));
        }
        let index: Index =
            serde_json::from_str(&answer.body).map_err(|error| SourceError::Shape {
                source_name: "the Cover Art Archive",
                url: url.clone(),
                error: error.to_string(),
            })?;
        let release = index
            .release
            .rsplit_once("/release/")
            .map(|(_, id)| id.trim_matches('/').to_owned())
            .filter(|id| !id.is_empty());
        Ok(index
            .images
            .into_iter()
            .find(|image| image.front)
            .and_then(|image| {
                ["500", "large"]
                    .iter()
                    .find_map(|size| image.thumbnails.get(*size).and_then(Value::as_str))
                    .map(str::to_owned)
                    .or_else(|| (!image.image.is_empty()).then_some(image.image))
            })
            .and_then(|link| secure(&link))
            .map(|url| Cover { url, release }))
    }
}

/// The link over https; `None` for anything but a web address.
fn secure(link: &str) -> Option<String> {
    if let Some(rest) = link.strip_prefix("http://") {
        return Some(format!("https://{rest}"));
    }
    link.starts_with("https://").then(|| link.to_owned())
}

#[cfg(test)]
mod tests {
    use super::secure;

    #[test]
    fn covers_are_linked_over_https() {
        assert_eq!(
            secure("http://coverartarchive.org/release/76df/829521842-500.jpg").as_deref(),
            Some("https://coverartarchive.org/release/76df/829521842-500.jpg")
        );
        assert_eq!(
            secure("https://archive.org/download/x.jpg").as_deref(),
            Some("https://archive.org/download/x.jpg")
        );
        assert_eq!(secure("ftp://example.org/x.jpg"), None);
        assert_eq!(secure("javascript:alert(1)"), None);
    }
}
