//! The import pipeline: artists and albums from MusicBrainz, covers from the
//! Cover Art Archive, genres and descriptions from Last.fm, with Discogs as
//! the fallback for genres and the source of styles.

pub mod coverart;
pub mod discogs;
pub mod genres;
pub mod http;
pub mod lastfm;
pub mod musicbrainz;
pub mod pipeline;
pub mod sources;
pub mod store;
pub mod tracklists;
pub mod troubles;

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
    /// An error status, with the message the source put in its body: the
    /// `error` or `message` of a JSON body, else the text of a plain or HTML page.
    fn status(source_name: &'static str, url: &str, answer: &Answer) -> Self {
        Self::Status {
            source_name,
            url: url.to_owned(),
            status: answer.status,
            message: body_message(&answer.body),
        }
    }

    /// Worth asking again after a pause: no answer, throttling, a server's
    /// trouble, or an error the source calls temporary.
    pub fn may_pass(&self) -> bool {
        match self {
            Self::Fetch(_) => true,
            Self::Status { status, .. } => *status >= 500,
            Self::Refused { temporary, .. } => *temporary,
            Self::Shape { .. } => false,
        }
    }

    /// What went wrong, without the address: for a report that names what was asked.
    pub fn what_happened(&self) -> String {
        match self {
            Self::Fetch(FetchError::Transport { source, .. }) => {
                format!("no answer ({})", crate::outgoing::describe(source))
            }
            Self::Fetch(FetchError::Setup { why, .. }) => format!("no HTTP client ({why})"),
            Self::Fetch(FetchError::Throttled { status, .. }) => {
                format!("HTTP {status}, still throttled after several tries")
            }
            Self::Status {
                status, message, ..
            } if message.is_empty() => format!("HTTP {status}"),
            Self::Status {
                status, message, ..
            } => format!("HTTP {status} ({message})"),
            Self::Refused { message, .. } => message.clone(),
            Self::Shape { error, .. } => format!("an answer it could not read ({error})"),
        }
    }
}

/// The gist of an error body, at most a line long.
fn body_message(body: &str) -> String {
    let from_json = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|body| {
            body.get("error")
                .or_else(|| body.get("message"))
                .and_then(|m| m.as_str().map(str::to_owned))
        });
    let text = from_json.unwrap_or_else(|| {
        let page = match (body.find("<title>"), body.find("</title>")) {
            (Some(start), Some(end)) if start < end => &body[start + 7..end],
            _ => body,
        };
        lastfm::plain_text(page)
    });
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::body_message;

    #[test]
    fn error_bodies_of_any_shape_read_as_one_line() {
        assert_eq!(
            body_message(
                r#"{"error":"Not Found","help":"For usage, please see: https://musicbrainz.org/development/mmd"}"#
            ),
            "Not Found"
        );
        assert_eq!(
            body_message(r#"{"message": "You must authenticate to access this resource."}"#),
            "You must authenticate to access this resource."
        );
        assert_eq!(body_message("Not Found\n"), "Not Found");
        assert_eq!(
            body_message(
                "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
            ),
            "502 Bad Gateway"
        );
        assert_eq!(body_message(&"x".repeat(500)).chars().count(), 121);
    }
}
