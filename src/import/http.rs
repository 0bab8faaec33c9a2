//! One polite HTTP client for every source: an identifying User-Agent,
//! timeouts, and retries of throttled answers with backoff.

use std::thread::sleep;
use std::time::Duration;

use crate::outgoing::LazyClient;

/// Tries of one call when the source throttles us (503 or 429).
const TRIES: u32 = 4;
/// A `Retry-After` longer than this is not worth blocking an import for.
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// What a source answered: its status, body and the headers asked for.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: String,
    pub rate_limit_remaining: Option<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    #[error("{url}: {}", crate::outgoing::describe(source))]
    Transport { url: String, source: reqwest::Error },
    #[error("{url}: cannot make an HTTP client: {why}")]
    Setup { url: String, why: String },
    #[error("{url}: still throttled after {TRIES} tries (HTTP {status})")]
    Throttled { url: String, status: u16 },
}

pub struct Http {
    client: LazyClient,
    /// The first wait after a throttled answer without `Retry-After`; doubled each time.
    backoff: Duration,
}

impl Http {
    pub fn new(user_agent: &str, timeout: Duration, backoff: Duration) -> Self {
        let user_agent = user_agent.to_owned();
        Self {
            client: LazyClient::new(move || crate::outgoing::client_builder(&user_agent, timeout)),
            backoff,
        }
    }

    /// The first pause after a throttled answer.
    pub fn backoff(&self) -> Duration {
        self.backoff
    }

    /// GETs `url` with the query and headers, retrying 503 and 429 answers,
    /// honouring `Retry-After`, otherwise waiting twice as long each time.
    pub fn get(
        &self,
        url: &str,
        query: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> Result<Answer, FetchError> {
        let mut wait = self.backoff;
        for attempt in 1..=TRIES {
            let client = self.client.get().map_err(|why| FetchError::Setup {
                url: url.to_owned(),
                why: why.to_owned(),
            })?;
            let mut request = client.get(url).query(query);
            for (key, value) in headers {
                request = request.header(*key, *value);
            }
            // Error statuses are answers too: their bodies say what went wrong.
            let response = request.send().map_err(|error| FetchError::Transport {
                url: url.to_owned(),
                source: error.without_url(),
            })?;
            let status = response.status().as_u16();
            let header = |name: &str| {
                response
                    .headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.trim().parse::<u64>().ok())
            };
            let retry_after = header("retry-after").map(Duration::from_secs);
            let remaining = header("x-discogs-ratelimit-remaining").map(|n| n as u32);
            if (status == 503 || status == 429) && attempt < TRIES {
                let pause = retry_after.unwrap_or(wait).min(LONGEST_WAIT);
                tracing::warn!(
                    url,
                    status,
                    ?pause,
                    "throttled; waiting before trying again"
                );
                sleep(pause);
                wait *= 2;
                continue;
            }
            if status == 503 || status == 429 {
                return Err(FetchError::Throttled {
                    url: url.to_owned(),
                    status,
                });
            }
            let body = response.text().map_err(|error| FetchError::Transport {
                url: url.to_owned(),
                source: error.without_url(),
            })?;
            return Ok(Answer {
                status,
                body,
                rate_limit_remaining: remaining,
            });
        }
        unreachable!("the last try returns")
    }
}
