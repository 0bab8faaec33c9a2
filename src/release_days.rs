//! On an album's release day, the members following its artist are told it is
//! out, when they first heard of it as an album to come. A day is told once,
//! from the first look after midnight (UTC), whatever restarts the server.

use std::time::Duration;

use time::OffsetDateTime;

use crate::api::AppState;
use crate::db::new_releases;
use crate::domain::timestamp;
use crate::error::AppError;

/// How often the day is looked at: a release day's notice comes at most this
/// late after midnight.
const LOOK_EVERY: Duration = Duration::from_secs(10 * 60);

/// Looks at the day on a thread of its own for as long as the server runs.
pub fn start(state: &AppState) {
    let state = state.clone();
    let runtime = tokio::runtime::Handle::current();
    std::thread::Builder::new()
        .name("release-days".to_owned())
        .spawn(move || {
            loop {
                let today = OffsetDateTime::now_utc().date().to_string();
                match runtime.block_on(tell(&state, today)) {
                    Ok(0) => {}
                    Ok(told) => tracing::info!(told, "release-day notices"),
                    Err(error) => tracing::warn!(%error, "cannot tell today's releases"),
                }
                std::thread::sleep(LOOK_EVERY);
            }
        })
        .expect("a thread starts");
}

/// Tells the followers of the albums out on `day` (`YYYY-MM-DD`), unless that
/// day was told already; how many notices it made.
pub async fn tell(state: &AppState, day: String) -> Result<usize, AppError> {
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
