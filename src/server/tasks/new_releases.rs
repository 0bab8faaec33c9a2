//! Asks MusicBrainz about the catalogue's artists, one at a time, spread over
//! the day (`discovery::new_releases`).

use super::Next;
use crate::discovery::new_releases::{IDLE_PAUSE, check_next, rest_between_artists};
use crate::server::AppState;

pub const NAME: &str = "new releases";

/// The check of the artist due first.
pub async fn round(state: &AppState) -> Next {
    let rest = match check_next(state).await {
        Ok(Some(checked)) => {
            if !checked.added.is_empty() {
                tracing::info!(artist = checked.artist_id, added = ?checked.added, "new albums");
            }
            rest_between_artists(state).await.unwrap_or(IDLE_PAUSE)
        }
        Ok(None) => IDLE_PAUSE,
        Err(error) => {
            tracing::warn!(%error, "cannot check for new releases");
            IDLE_PAUSE
        }
    };
    Next::RestFor(rest)
}
