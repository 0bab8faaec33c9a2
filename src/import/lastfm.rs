//! Last.fm: an album's top tags and an artist's biography.

use std::thread::sleep;

use serde_json::Value;

use super::SourceError;
use super::http::Http;

/// Last.fm's error codes worth trying again later (temporary trouble, rate limit).
const TEMPORARY: &[i64] = &[8, 11, 16, 29];
/// Tries of one call while Last.fm answers with a temporary error.
const TRIES: u32 = 3;

pub struct LastFm<'a> {
    http: &'a Http,
    base: String,
    key: String,
}

impl<'a> LastFm<'a> {
    pub fn new(http: &'a Http, base: &str, key: &str) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        }
    }

    /// The answer of one method, or `None` when Last.fm says it has no such
    /// artist or album. Its errors often come with HTTP 200, so the body's
    /// `error` key is read first.
    fn call(&self, params: &[(&str, &str)]) -> Result<Option<Value>, SourceError> {
        let mut pause = self.http.backoff();
        for attempt in 1..=TRIES {
            match self.call_once(params) {
                Err(SourceError::Refused {
                    temporary: true, ..
                }) if attempt < TRIES => {
                    sleep(pause);
                    pause *= 2;
                }
                other => return other,
            }
        }
        unreachable!("the last try returns")
    }

    fn call_once(&self, params: &[(&str, &str)]) -> Result<Option<Value>, SourceError> {
        let url = format!("{}/2.0/", self.base);
        let mut query = params.to_vec();
        query.extend([
            ("api_key", self.key.as_str()),
            ("format", "json"),
            ("autocorrect", "1"),
        ]);
        let answer = self.http.get(&url, &query, &[])?;
        // An error may come as JSON (often with HTTP 200), as plain text or as an HTML page.
        let Ok(body) = serde_json::from_str::<Value>(&answer.body) else {
            if answer.status != 200 {
                return Err(SourceError::status("Last.fm", &url, &answer));
            }
            return Err(SourceError::Shape {
                source_name: "Last.fm",
                url,
                error: "the answer is not JSON".into(),
            });
        };
        if let Some(code) = body.get("error").and_then(Value::as_i64) {
            if code == 6 {
                return Ok(None);
            }
            let message = body["message"].as_str().unwrap_or_default();
            return Err(SourceError::Refused {
                source_name: "Last.fm",
                url,
                message: format!("error {code}: {message}"),
                temporary: TEMPORARY.contains(&code),
            });
        }
        if answer.status != 200 {
            return Err(SourceError::status("Last.fm", &url, &answer));
        }
        Ok(Some(body))
    }

    /// An album's tag names, most used first: asked by the MusicBrainz id of
    /// one of its releases when there is one, else (or when Last.fm does not
    /// know that id) by the artist's name and the title.
    pub fn album_tags(
        &self,
        release_mbid: Option<&str>,
        artist: &str,
        album: &str,
    ) -> Result<Vec<String>, SourceError> {
        let by_id = match release_mbid {
            Some(mbid) => self.call(&[("method", "album.gettoptags"), ("mbid", mbid)])?,
            None => None,
        };
        let answer = match by_id {
            Some(answer) => Some(answer),
            None => self.call(&[
                ("method", "album.gettoptags"),
                ("artist", artist),
                ("album", album),
            ])?,
        };
        Ok(answer
            .map(|body| {
                one_or_many(&body["toptags"]["tag"])
                    .filter_map(|tag| tag["name"].as_str())
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default())
    }

    /// The artist's biography as plain text, without the 'Read more' link:
    /// asked by MusicBrainz id, else by name, and then taken only when Last.fm
    /// does not tie that name to another MusicBrainz id (a namesake's biography).
    pub fn artist_description(
        &self,
        mbid: &str,
        name: &str,
    ) -> Result<Option<String>, SourceError> {
        let by_id = self.call(&[("method", "artist.getinfo"), ("mbid", mbid)])?;
        let answer = match by_id {
            Some(answer) => Some(answer),
            None => self
                .call(&[("method", "artist.getinfo"), ("artist", name)])?
                .filter(|body| {
                    let theirs = body["artist"]["mbid"].as_str().unwrap_or_default();
                    theirs.is_empty() || theirs.eq_ignore_ascii_case(mbid)
                }),
        };
        Ok(answer
            .and_then(|body| body["artist"]["bio"]["summary"].as_str().map(plain_text))
            .filter(|text| !text.is_empty()))
    }
}

/// Converted from XML, a list of one arrives as a bare object.
fn one_or_many(value: &Value) -> Box<dyn Iterator<Item = &Value> + '_> {
    match value {
        Value::Array(items) => Box::new(items.iter()),
        Value::Null => Box::new(std::iter::empty()),
        single => Box::new(std::iter::once(single)),
    }
}

/// Text without HTML: the 'Read more on Last.fm' link and its words go,
/// tags are dropped, the common entities decoded, spaces tidied.
pub fn plain_text(html: &str) -> String {
    let without_link = match html.find("<a href") {
        Some(start) if html[start..].contains("Read more") => &html[..start],
        _ => html,
    };
    let mut text = String::new();
    let mut in_tag = false;
    for c in without_link.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn biographies_lose_their_markup_and_read_more_link() {
        let summary = "Abel Makkonen Tesfaye, known as <b>The Weeknd</b>, is a singer &amp; producer.\n <a href=\"https://www.last.fm/music/The+Weeknd\">Read more on Last.fm</a>";
        assert_eq!(
            plain_text(summary),
            "Abel Makkonen Tesfaye, known as The Weeknd, is a singer & producer."
        );
    }

    #[test]
    fn a_list_of_one_may_be_a_bare_object() {
        let one = serde_json::json!({ "name": "rock" });
        let many = serde_json::json!([{ "name": "rock" }, { "name": "pop" }]);
        assert_eq!(one_or_many(&one).count(), 1);
        assert_eq!(one_or_many(&many).count(), 2);
        assert_eq!(one_or_many(&Value::Null).count(), 0);
    }
}
