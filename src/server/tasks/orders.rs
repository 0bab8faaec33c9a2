//! Computes the slow orders (every chart scope's, the busy word beginnings'
//! of search: `api::sweep_orders`) off the request path, at start and then
//! every so often, so no reader waits for their first computation. The
//! first round also asks once for the orders the home and charts pages open
//! with.

use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use tower::ServiceExt;

use super::{Next, Stop};
use crate::db;
use crate::server::AppState;

pub const NAME: &str = "orders";

/// The popular albums the home page opens with, asked through the router as
/// a visitor would, so its answer is kept too.
const OPENING_ORDER: &str = "/api/album/popular-albums?limit=20";

/// Ends early, computing nothing more and keeping nothing, when told to stop.
pub async fn round(state: &AppState, warm: bool, every: Duration, stop: Stop) -> Next {
    if warm {
        warm_opening_order(state).await;
    }
    let (pool, rankings, weight) = (
        state.pool.clone(),
        state.rankings.clone(),
        state.chart_prior_weight,
    );
    let swept = tokio::task::spawn_blocking(move || {
        let started = std::time::Instant::now();
        let conn = pool.get().map_err(anyhow::Error::from)?;
        let stopped = || stop.is_stopped();
        let swept = db::with_sorts_on_disk(&conn, |conn| {
            crate::api::sweep_orders(conn, &rankings, weight, &stopped)
        })?;
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        give_back_freed_memory();
        anyhow::Ok((swept, started.elapsed()))
    })
    .await;
    match swept {
        Ok(Ok((None, took))) => tracing::info!("the sweep of the orders stopped after {took:.1?}"),
        Ok(Ok((Some(swept), took))) => tracing::info!(
            "computed the orders of {} chart scopes and {} search word beginnings in {took:.1?}",
            swept.chart_scopes,
            swept.search_beginnings
        ),
        Ok(Err(error)) => tracing::warn!("the orders could not be computed: {error:#}"),
        Err(panicked) => tracing::error!("computing the orders failed: {panicked}"),
    }
    Next::RestFor(every)
}

async fn warm_opening_order(state: &AppState) {
    let request = Request::get(OPENING_ORDER)
        .body(Body::empty())
        .expect("a valid request");
    match crate::app(state.clone()).oneshot(request).await {
        Ok(response) if response.status().is_success() => {}
        Ok(response) => tracing::warn!("warming {OPENING_ORDER} answered {}", response.status()),
        Err(never) => match never {},
    }
}

/// The sweep frees tens of megabytes it used on the way; glibc keeps freed
/// memory below the top of its heaps for later, so it is handed back here
/// rather than held by an idle server until the next sweep.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_freed_memory() {
    // SAFETY: malloc_trim only returns free pages of the heaps to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}
