//! On an album's release day, the members following its artist are told it is
//! out, when they first heard of it as an album to come. A day is told once,
//! from the first look after midnight (UTC), whatever restarts the server.

use std::time::Duration;

use crate::db::{new_releases, run_blocking};
use crate::domain::timestamp;
use crate::error::AppError;
use crate::server::AppState;

/// How often the day is looked at: a release day's notice comes at most this
/// late after midnight.
pub const LOOK_EVERY: Duration = Duration::from_secs(10 * 60);

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
