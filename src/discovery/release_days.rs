//! On an album's release day, the members following its artist are told it is
//! out, when they first heard of it as an album to come. A day is told once,
//! from the first look after midnight (UTC), whatever restarts the server.

use std::time::Duration;

use time::OffsetDateTime;

use crate::api::AppState;
use crate::db::{new_releases, run_blocking};
use crate::domain::timestamp;
use crate::error::AppError;

/// How often the day is looked at: a release day's notice comes at most this
/// late after midnight.
const LOOK_EVERY: Duration = Duration::from_secs(10 * 60);

/// Looks at the day for as long as the server runs: a task that mostly sleeps.
pub fn start(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            let today = OffsetDateTime::now_utc().date().to_string();
            match tell(&state, today).await {
                Ok(0) => {}
                Ok(told) => tracing::info!(told, "release-day notices"),
                Err(error) => tracing::warn!(%error, "cannot tell today's releases"),
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    });
}

/// Tells the followers of the albums out on `day` (`YYYY-MM-DD`), unless that
/// day was told already; how many notices it made. A told day is seen by a
/// reader: the writer is asked once a day, not at every look.
pub async fn tell(state: &AppState, day: String) -> Result<usize, AppError> {
    let asked = day.clone();
    if run_blocking(&state.pool, move |conn| {
        Ok(new_releases::release_day_told(conn, &asked)?)
    })
    .await?
    {
        return Ok(0);
    }
    state
        .writer
        .write(move |conn| {
            Ok(new_releases::tell_release_day(
                conn,
                &day,
                &timestamp::now(),
            )?)
        })
        .await
}
