//! Reads every album's chart figures once, at start, before the first shaped
//! chart asks for them (`reads::chart_facts` keeps them current after).

use super::Next;
use crate::db::run_blocking;
use crate::server::AppState;

pub const NAME: &str = "chart figures";

pub async fn round(state: &AppState) -> Next {
    let started = std::time::Instant::now();
    let facts = state.chart_facts.clone();
    match run_blocking(&state.pool, move |conn| Ok(facts.warm(conn)?)).await {
        // Benchmarks wait for this line before timing a request.
        Ok(albums) => tracing::info!(
            "read the chart figures of {albums} albums in {} ms",
            started.elapsed().as_millis()
        ),
        Err(error) => tracing::warn!("cannot read the albums' chart figures: {error:#}"),
    }
    Next::Done
}
