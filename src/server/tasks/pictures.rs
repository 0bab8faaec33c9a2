//! Fetches due pictures into the site's own store: a few at a time, written
//! through the writer, never on a request's path.

use std::sync::Arc;
use std::time::Duration;

use super::{Next, Stop};
use crate::config::PictureSettings;
use crate::db::{pictures, run_blocking};
use crate::domain::timestamp;
use crate::pictures::fetch::Fetcher;
use crate::pictures::worker;
use crate::server::AppState;

pub const NAME: &str = "pictures";

/// How often an idle fetcher looks for new addresses.
const IDLE_PAUSE: Duration = Duration::from_millis(500);
/// After a failure to read or write, a longer rest.
const TROUBLE_PAUSE: Duration = Duration::from_secs(10);

/// The fetcher and how many pictures it fetches at once.
#[derive(Clone)]
pub struct Fetching {
    fetcher: Arc<Fetcher>,
    in_flight: usize,
}

impl Fetching {
    pub fn new(settings: &PictureSettings) -> Self {
        Self {
            fetcher: Arc::new(Fetcher::new(settings.fetching())),
            in_flight: settings.pictures_in_flight as usize,
        }
    }

    /// Fetches the pictures due now, a few batches' worth, and keeps them.
    pub async fn round(&self, state: &AppState) -> Next {
        let most = (self.in_flight * 4) as u32;
        let due = run_blocking(&state.pool, move |conn| {
            Ok(pictures::due(conn, &timestamp::now(), most)?)
        })
        .await;
        let due = match due {
            Ok(due) if due.is_empty() => return Next::RestFor(IDLE_PAUSE),
            Ok(due) => due,
            Err(error) => {
                tracing::warn!(%error, "cannot read the pictures to fetch");
                return Next::RestFor(TROUBLE_PAUSE);
            }
        };
        let (fetcher, in_flight) = (self.fetcher.clone(), self.in_flight);
        let outcomes = tokio::task::spawn_blocking(move || {
            worker::fetch_all(&due, &fetcher, in_flight, &|| {})
        })
        .await;
        let outcomes = match outcomes {
            Ok(outcomes) => outcomes,
            Err(panicked) => {
                tracing::error!("fetching pictures failed: {panicked}");
                return Next::RestFor(TROUBLE_PAUSE);
            }
        };
        let written = state
            .writer
            .write(move |conn| Ok(worker::record(conn, &outcomes)?))
            .await;
        match written {
            Ok(()) => Next::RestFor(Duration::ZERO),
            Err(error) => {
                tracing::warn!(%error, "cannot keep fetched pictures");
                Next::RestFor(TROUBLE_PAUSE)
            }
        }
    }
}

/// One round's work, to be awaited.
type Round = std::pin::Pin<Box<dyn Future<Output = Next> + Send>>;

/// The task's rounds, when fetching is on.
pub fn rounds(
    settings: &PictureSettings,
) -> Option<impl FnMut(AppState, Stop) -> Round + Send + 'static> {
    let fetching = settings.fetch_pictures.then(|| Fetching::new(settings))?;
    Some(move |state: AppState, _: Stop| {
        let fetching = fetching.clone();
        Box::pin(async move { fetching.round(&state).await }) as Round
    })
}

/// Fetches by itself for as long as the program runs (when fetching is on):
/// for tests.
pub fn start_alone(state: &AppState, settings: &PictureSettings) {
    if let Some(rounds) = rounds(settings) {
        super::start_one(state, NAME, rounds);
    }
}
