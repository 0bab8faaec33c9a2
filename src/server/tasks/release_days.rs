//! Looks at the day and tells the followers of the albums out today
//! (`discovery::release_days`): a task that mostly rests.

use time::OffsetDateTime;

use super::Next;
use crate::discovery::release_days::{LOOK_EVERY, tell};
use crate::server::AppState;

pub const NAME: &str = "release days";

pub async fn round(state: &AppState) -> Next {
    let today = OffsetDateTime::now_utc().date().to_string();
    match tell(state, today).await {
        Ok(0) => {}
        Ok(told) => tracing::info!(told, "release-day notices"),
        Err(error) => tracing::warn!(%error, "cannot tell today's releases"),
    }
    Next::RestFor(LOOK_EVERY)
}
