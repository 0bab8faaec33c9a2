//! Works out similar albums and "For you" (`discovery::recommendations`),
//! resting three times as long as it worked.

use std::time::Instant;

use super::Next;
use crate::discovery::recommendations::{IDLE_PAUSE, REST_FACTOR, one_batch};
use crate::server::AppState;

pub const NAME: &str = "recommendations";

/// One batch of what is due.
pub async fn round(state: &AppState) -> Next {
    let started = Instant::now();
    match one_batch(state).await {
        Ok(true) => Next::RestFor(started.elapsed() * REST_FACTOR),
        Ok(false) => Next::RestFor(IDLE_PAUSE),
        Err(error) => {
            tracing::warn!(%error, "cannot work out recommendations");
            Next::RestFor(IDLE_PAUSE * 20)
        }
    }
}
