//! The orders of the charts and of the home page's popular albums, kept for a
//! short while: computing them reads a large share of the albums, yet they
//! change little from one second to the next. Only the order is kept; the
//! albums' figures are always read fresh.

use std::sync::Arc;
use std::time::Duration;

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
}

#[derive(Clone)]
pub struct Rankings {
    cache: Option<Cache<RankKey, Arc<Vec<i64>>>>,
}

impl Rankings {
    /// Rankings kept for `keep`; zero keeps none (each is computed when asked).
    pub fn new(keep: Duration) -> Self {
        let cache = (!keep.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(10_000)
                .time_to_live(keep)
                .build()
        });
        Self { cache }
    }

    /// The kept ranking, or a fresh one from `compute`, kept from now on.
    /// Callers asking for the same key at once wait for one computation.
    pub fn get_or_compute(
        &self,
        key: RankKey,
        compute: impl FnOnce() -> rusqlite::Result<Vec<i64>>,
    ) -> AppResult<Arc<Vec<i64>>> {
        match &self.cache {
            None => Ok(Arc::new(compute()?)),
            // The error is shared by every waiting caller, so it arrives behind an Arc.
            Some(cache) => cache
                .try_get_with(key, || compute().map(Arc::new))
                .map_err(|error| AppError::Internal(anyhow::anyhow!("{error}"))),
        }
    }
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
    fn a_failed_computation_is_an_error_and_not_kept() {
        let kept = Rankings::new(Duration::from_secs(60));
        let failed = kept.get_or_compute(key(), || Err(rusqlite::Error::InvalidQuery));
        assert!(failed.is_err());
        assert_eq!(*kept.get_or_compute(key(), || Ok(vec![1])).unwrap(), [1]);
    }
}
