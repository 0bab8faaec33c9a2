//! Fetching what is due, a few at a time, off every request's path. A
//! picture refused for what it is (not a picture, too large, a private
//! address) is not asked again; a host that failed or was slow is tried
//! again later, each time after longer, up to a day apart.

use std::time::Duration;

use rusqlite::Connection;

use super::fetch::Fetcher;
use super::process;
use crate::db::pictures::{self, Due};
use crate::domain::timestamp;

/// Tries of a failing host before its picture is given up.
const MOST_ATTEMPTS: u32 = 10;
/// The first wait after a failure; four times longer each time, at most a day.
const FIRST_WAIT: Duration = Duration::from_secs(60);
const LONGEST_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// What fetching one picture came to.
#[derive(Debug)]
pub struct Outcome {
    pub id: i64,
    pub result: Result<process::Sized, String>,
    /// When to try again; none when refused for good.
    pub retry_after: Option<Duration>,
}

/// Fetches and sizes each picture, `in_flight` at a time; `done` is told
/// after each one.
pub fn fetch_all(
    due: &[Due],
    fetcher: &Fetcher,
    in_flight: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<Outcome> {
    let mut outcomes = Vec::with_capacity(due.len());
    for chunk in due.chunks(in_flight.max(1)) {
        std::thread::scope(|scope| {
            let running: Vec<_> = chunk
                .iter()
                .map(|picture| {
                    scope.spawn(move || {
                        let outcome = fetch_one(picture, fetcher);
                        done();
                        outcome
                    })
                })
                .collect();
            outcomes.extend(
                running
                    .into_iter()
                    .map(|thread| thread.join().expect("a fetch does not panic")),
            );
        });
    }
    outcomes
}

fn fetch_one(picture: &Due, fetcher: &Fetcher) -> Outcome {
    match fetcher.fetch(&picture.url) {
        Ok(bytes) => Outcome {
            id: picture.id,
            result: process::sizes(&bytes).map_err(|why| format!("refused: {why}")),
            retry_after: None,
        },
        Err(refusal) => {
            let retry_after = (refusal.may_pass() && picture.attempts + 1 < MOST_ATTEMPTS)
                .then(|| wait_after(picture.attempts));
            Outcome {
                id: picture.id,
                result: Err(refusal.to_string()),
                retry_after,
            }
        }
    }
}

/// One minute after the first failure, then four times as long each time.
fn wait_after(attempts: u32) -> Duration {
    FIRST_WAIT
        .saturating_mul(4u32.saturating_pow(attempts.min(10)))
        .min(LONGEST_WAIT)
}

/// Keeps what the fetches came to. Call inside a transaction.
pub fn record(conn: &Connection, outcomes: &[Outcome]) -> rusqlite::Result<()> {
    let now = timestamp::now();
    for outcome in outcomes {
        match &outcome.result {
            Ok(sized) => pictures::store(
                conn,
                outcome.id,
                (sized.width, sized.height),
                &sized.sizes,
                &now,
            )?,
            Err(why) => {
                let retry_at = outcome.retry_after.map(|wait| {
                    timestamp::after_now(
                        time::Duration::try_from(wait).unwrap_or(time::Duration::DAY),
                    )
                });
                tracing::debug!(picture = outcome.id, why, "picture not fetched");
                pictures::failed(conn, outcome.id, why, retry_at.as_deref())?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_to_a_day() {
        assert_eq!(wait_after(0), Duration::from_secs(60));
        assert_eq!(wait_after(1), Duration::from_secs(240));
        assert_eq!(wait_after(9), LONGEST_WAIT);
    }
}
