//! The Cover Art Archive: a release group's front cover, if it has one.

use serde::Deserialize;
use serde_json::Value;

use super::SourceError;
use super::http::Http;

#[derive(Deserialize)]
struct Index {
    #[serde(default)]
    images: Vec<Image>,
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

    /// The front cover's URL (the 500-pixel thumbnail when there is one);
    /// `None` when the archive has no cover for the release group (a 404,
    /// which is no failure).
    pub fn front_cover(&self, release_group: &str) -> Result<Option<String>, SourceError> {
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
                    .filter(|link| link.starts_with("http://") || link.starts_with("https://"))
            }))
    }
}
