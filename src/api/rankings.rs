//! The orders of the charts, of the home page's popular albums and of search
//! results, kept for a short while: computing them reads a large share of the
//! albums, yet they change little from one second to the next. Only the order
//! is kept; the albums' figures are always read fresh.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use moka::sync::Cache;

use crate::error::{AppError, AppResult};

/// Which ranking: a chart of one scope and page, or the popular list.
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub enum RankKey {
    Chart {
        kind: &'static str,
        year: Option<i32>,
        genre_id: Option<i64>,
        limit: u32,
        offset: u32,
    },
    Popular {
        since_day: String,
        limit: u32,
    },
    /// Search results for an FTS query.
    SearchArtists {
        query: String,
        limit: u32,
    },
    SearchAlbums {
        query: String,
        limit: u32,
    },
}

#[derive(Clone)]
pub struct Rankings {
    keep: Duration,
    cache: Option<Cache<RankKey, Arc<Kept>>>,
}

struct Kept {
    made: Instant,
    ids: Arc<Vec<i64>>,
    refreshing: AtomicBool,
}

impl Kept {
    fn new(ids: Vec<i64>) -> Arc<Self> {
        Arc::new(Self {
            made: Instant::now(),
            ids: Arc::new(ids),
            refreshing: AtomicBool::new(false),
        })
    }
}

impl Rankings {
    /// Rankings kept for `keep`; zero keeps none (each is computed when asked).
    pub fn new(keep: Duration) -> Self {
        let cache = (!keep.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(10_000)
                // Past `keep` an order is refreshed; past twice that, unasked
                // for so long that it is not worth serving while refreshing.
                .time_to_live(keep * 2)
                .build()
        });
        Self { keep, cache }
    }

    /// The kept ranking, or a fresh one from `compute`, kept from now on.
    /// Callers asking for the same new key at once wait for one computation.
    /// Once a ranking is older than `keep`, one caller computes it again
    /// while the others are served the old one, so no one queues behind it.
    pub fn get_or_compute(
        &self,
        key: RankKey,
        compute: impl FnOnce() -> rusqlite::Result<Vec<i64>>,
    ) -> AppResult<Arc<Vec<i64>>> {
        let Some(cache) = &self.cache else {
            return Ok(Arc::new(compute()?));
        };
        if let Some(kept) = cache.get(&key) {
            if kept.made.elapsed() < self.keep || kept.refreshing.swap(true, Ordering::AcqRel) {
                return Ok(kept.ids.clone());
            }
            return match compute() {
                Ok(ids) => {
                    let fresh = Kept::new(ids);
                    cache.insert(key, fresh.clone());
                    Ok(fresh.ids.clone())
                }
                Err(error) => {
                    kept.refreshing.store(false, Ordering::Release);
                    Err(error.into())
                }
            };
        }
        cache
            .try_get_with(key, || compute().map(Kept::new))
            .map(|kept| kept.ids.clone())
            // The error is shared by every waiting caller, so it arrives behind an Arc.
            .map_err(|error| AppError::Internal(anyhow::anyhow!("{error}")))
    }

    /// Forgets every kept ranking.
    pub fn forget_all(&self) {
        if let Some(cache) = &self.cache {
            cache.invalidate_all();
        }
    }
}

/// Middleware for routes that change what rankings list: after each
/// successful write through them, every kept ranking is forgotten.
pub async fn forget_after_writes(
    State(rankings): State<Rankings>,
    request: Request,
    next: Next,
) -> Response {
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD);
    let response = next.run(request).await;
    if writes && response.status().is_success() {
        rankings.forget_all();
    }
    response
}

impl Default for Rankings {
    fn default() -> Self {
        Self::new(Duration::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn key() -> RankKey {
        RankKey::Popular {
            since_day: "2026-11-01".into(),
            limit: 20,
        }
    }

    #[test]
    fn a_kept_ranking_is_computed_once_until_it_expires() {
        let computed = Cell::new(0);
        let compute = || {
            computed.set(computed.get() + 1);
            Ok(vec![3, 1, 2])
        };
        let kept = Rankings::new(Duration::from_millis(200));
        assert_eq!(*kept.get_or_compute(key(), compute).unwrap(), [3, 1, 2]);
        kept.get_or_compute(key(), compute).unwrap();
        assert_eq!(computed.get(), 1);
        std::thread::sleep(Duration::from_millis(300));
        kept.get_or_compute(key(), compute).unwrap();
        assert_eq!(computed.get(), 2);

        let fresh = Rankings::default();
        fresh.get_or_compute(key(), compute).unwrap();
        fresh.get_or_compute(key(), compute).unwrap();
        assert_eq!(computed.get(), 4);
    }

    #[test]
    fn an_old_ranking_is_served_while_one_caller_refreshes_it() {
        let kept = Rankings::new(Duration::from_millis(200));
        kept.get_or_compute(key(), || Ok(vec![1])).unwrap();
        std::thread::sleep(Duration::from_millis(250));
        let refreshed = kept
            .get_or_compute(key(), || {
                // Asked again mid-refresh: the old order, nothing computed.
                let meanwhile = kept.get_or_compute(key(), || panic!("computed twice"));
                assert_eq!(*meanwhile.unwrap(), [1]);
                Ok(vec![2])
            })
            .unwrap();
        assert_eq!(*refreshed, [2]);
        assert_eq!(*kept.get_or_compute(key(), || Ok(vec![3])).unwrap(), [2]);
    }

    #[test]
    fn a_failed_computation_is_an_error_and_not_kept() {
        let kept = Rankings::new(Duration::from_secs(60));
        let failed = kept.get_or_compute(key(), || Err(rusqlite::Error::InvalidQuery));
        assert!(failed.is_err());
        assert_eq!(*kept.get_or_compute(key(), || Ok(vec![1])).unwrap(), [1]);
    }
}
