//! The orders of the charts, of the home page's popular albums and of search
//! results, kept for a short while: computing them reads a large share of the
//! albums, yet they change little from one second to the next. Only the order
//! is kept; the albums' figures are always read fresh. An order past its time
//! is served while it is computed again in the background, so only the very
//! first reader of an order waits for it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use moka::sync::Cache;

use rusqlite::Connection;

use crate::db::Pool;
use crate::db::charts::ChartKind;
use crate::error::{AppError, AppResult};

/// Which ranking: a chart of one scope and page, or the popular list.
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub enum RankKey {
    Chart {
        kind: ChartKind,
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
    /// Where orders past their time are computed again; without it, by the
    /// caller who finds them so.
    pool: Option<Pool>,
    /// Orders computed ahead of any reader (`seed`), taken into the kept
    /// ones when first asked for, as old as the sweep that made them.
    swept: Arc<RwLock<Arc<Swept>>>,
    /// How many times every order was forgotten: a sweep begun before the
    /// latest is not seeded.
    forgotten: Arc<AtomicU64>,
    /// Whether an order is being computed again in the background: one at a
    /// time, so refreshes never take more than one of the pool's connections
    /// and one core from the readers.
    refreshing_one: Arc<AtomicBool>,
}

#[derive(Default)]
struct Swept {
    made: Option<Instant>,
    orders: HashMap<RankKey, Arc<Vec<i64>>>,
}

struct Kept {
    made: Instant,
    ids: Arc<Vec<i64>>,
    refreshing: AtomicBool,
}

impl Kept {
    fn new(ids: Vec<i64>) -> Arc<Self> {
        Self::made_at(Arc::new(ids), Instant::now())
    }

    fn made_at(ids: Arc<Vec<i64>>, made: Instant) -> Arc<Self> {
        Arc::new(Self {
            made,
            ids,
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
        Self {
            keep,
            cache,
            pool: None,
            swept: Arc::default(),
            forgotten: Arc::default(),
            refreshing_one: Arc::default(),
        }
    }

    /// What a sweep begun now hands back to `seed`.
    pub fn sweep_begins(&self) -> (Instant, u64) {
        (Instant::now(), self.forgotten.load(Ordering::SeqCst))
    }

    /// Orders computed ahead of readers by a sweep that began at `began`
    /// (`sweep_begins`): they replace the ones of the previous sweep, and each
    /// is served as kept (and as old as the sweep) to its first reader. When
    /// every order was forgotten meanwhile, they are dropped.
    pub fn seed(&self, orders: HashMap<RankKey, Vec<i64>>, began: (Instant, u64)) {
        let (made, forgotten) = began;
        let mut swept = self
            .swept
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if self.forgotten.load(Ordering::SeqCst) != forgotten {
            return;
        }
        let orders = orders
            .into_iter()
            .map(|(key, ids)| (key, Arc::new(ids)))
            .collect();
        *swept = Arc::new(Swept {
            made: Some(made),
            orders,
        });
    }

    /// The swept order of `key`, taken into the kept ones.
    fn take_swept(&self, cache: &Cache<RankKey, Arc<Kept>>, key: &RankKey) -> Option<Arc<Kept>> {
        let swept = self
            .swept
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        let ids = swept.orders.get(key)?.clone();
        let kept = Kept::made_at(ids, swept.made?);
        cache.insert(key.clone(), kept.clone());
        Some(kept)
    }

    /// The same, computing orders past their time again on `pool`'s
    /// connections in the background.
    pub fn refreshed_on(self, pool: Pool) -> Self {
        Self {
            pool: Some(pool),
            ..self
        }
    }

    /// The kept ranking, or a fresh one from `compute` on `conn`, kept from
    /// now on. Callers asking for the same new key at once wait for one
    /// computation. Once a ranking is older than `keep`, it is computed
    /// again, once, in the background (or by this caller when there is no
    /// pool), while every caller is served the old one; while another
    /// order is being computed so, the next caller past its time asks.
    pub fn get_or_compute<F>(
        &self,
        conn: &Connection,
        key: RankKey,
        compute: F,
    ) -> AppResult<Arc<Vec<i64>>>
    where
        F: FnOnce(&Connection) -> rusqlite::Result<Vec<i64>> + Send + 'static,
    {
        let Some(cache) = &self.cache else {
            return Ok(Arc::new(compute(conn)?));
        };
        if let Some(kept) = cache.get(&key).or_else(|| self.take_swept(cache, &key)) {
            if kept.made.elapsed() < self.keep || kept.refreshing.swap(true, Ordering::AcqRel) {
                return Ok(kept.ids.clone());
            }
            let refresh = {
                let cache = cache.clone();
                let kept = kept.clone();
                move |conn: &Connection| match compute(conn) {
                    Ok(ids) => {
                        let fresh = Kept::new(ids);
                        cache.insert(key, fresh.clone());
                        Ok(fresh.ids.clone())
                    }
                    Err(error) => {
                        kept.refreshing.store(false, Ordering::Release);
                        Err(error)
                    }
                }
            };
            return match (&self.pool, tokio::runtime::Handle::try_current()) {
                (Some(pool), Ok(runtime)) => {
                    let old = kept.ids.clone();
                    if self.refreshing_one.swap(true, Ordering::AcqRel) {
                        // Another is under way: a later reader asks again.
                        kept.refreshing.store(false, Ordering::Release);
                        return Ok(old);
                    }
                    let (pool, one) = (pool.clone(), self.refreshing_one.clone());
                    runtime.spawn_blocking(move || {
                        match pool.get() {
                            Ok(conn) => {
                                if let Err(error) = refresh(&conn) {
                                    tracing::warn!("an order could not be computed again: {error}");
                                }
                            }
                            Err(error) => {
                                kept.refreshing.store(false, Ordering::Release);
                                tracing::warn!("no connection to compute an order again: {error}");
                            }
                        }
                        one.store(false, Ordering::Release);
                    });
                    Ok(old)
                }
                _ => Ok(refresh(conn)?),
            };
        }
        cache
            .try_get_with(key, || compute(conn).map(Kept::new))
            .map(|kept| kept.ids.clone())
            // The error is shared by every waiting caller, so it arrives behind an Arc.
            .map_err(|error| AppError::Internal(anyhow::anyhow!("{error}")))
    }

    /// Forgets every kept ranking, swept ones too.
    pub fn forget_all(&self) {
        if let Some(cache) = &self.cache {
            let mut swept = self
                .swept
                .write()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            self.forgotten.fetch_add(1, Ordering::SeqCst);
            *swept = Arc::default();
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
    use std::sync::atomic::AtomicUsize;

    fn key() -> RankKey {
        RankKey::Popular {
            since_day: "2026-11-01".into(),
            limit: 20,
        }
    }

    /// Orders kept 200 ms, computed again on the connections of a pool of
    /// a new database (kept as long as its directory).
    fn refreshed_on_a_pool() -> (tempfile::TempDir, Pool, Rankings) {
        let dir = tempfile::tempdir().unwrap();
        let pool = crate::db::open(dir.path()).unwrap();
        let kept = Rankings::new(Duration::from_millis(200)).refreshed_on(pool.clone());
        (dir, pool, kept)
    }

    /// An order that counts how often it is computed.
    fn counted(
        computed: &Arc<AtomicUsize>,
    ) -> impl FnOnce(&Connection) -> rusqlite::Result<Vec<i64>> + Send + 'static {
        let computed = computed.clone();
        move |_| {
            computed.fetch_add(1, Ordering::SeqCst);
            Ok(vec![3, 1, 2])
        }
    }

    #[test]
    fn a_kept_ranking_is_computed_once_until_it_expires() {
        let conn = Connection::open_in_memory().unwrap();
        let computed = Arc::new(AtomicUsize::new(0));
        let kept = Rankings::new(Duration::from_millis(200));
        let first = kept.get_or_compute(&conn, key(), counted(&computed));
        assert_eq!(*first.unwrap(), [3, 1, 2]);
        kept.get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        std::thread::sleep(Duration::from_millis(300));
        kept.get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 2);

        let fresh = Rankings::default();
        fresh
            .get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        fresh
            .get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 4);
    }

    #[test]
    fn an_old_ranking_is_served_while_one_caller_refreshes_it() {
        let conn = Connection::open_in_memory().unwrap();
        let kept = Rankings::new(Duration::from_millis(200));
        kept.get_or_compute(&conn, key(), |_| Ok(vec![1])).unwrap();
        std::thread::sleep(Duration::from_millis(250));
        let meanwhile = kept.clone();
        let refreshed = kept
            .get_or_compute(&conn, key(), move |conn| {
                // Asked again mid-refresh: the old order, nothing computed.
                let old = meanwhile.get_or_compute(conn, key(), |_| panic!("computed twice"));
                assert_eq!(*old.unwrap(), [1]);
                Ok(vec![2])
            })
            .unwrap();
        assert_eq!(*refreshed, [2]);
        let now = kept.get_or_compute(&conn, key(), |_| Ok(vec![3]));
        assert_eq!(*now.unwrap(), [2]);
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn with_a_pool_an_old_ranking_is_computed_again_in_the_background() {
        let (_dir, pool, kept) = refreshed_on_a_pool();
        let conn = pool.get().unwrap();
        kept.get_or_compute(&conn, key(), |_| Ok(vec![1])).unwrap();
        std::thread::sleep(Duration::from_millis(250));
        let (started, finish) = std::sync::mpsc::channel::<()>();
        let slow = move |_: &Connection| {
            started.send(()).unwrap();
            std::thread::sleep(Duration::from_millis(100));
            Ok(vec![2])
        };
        // The caller who finds it old is not kept waiting for the new one.
        let served = kept.get_or_compute(&conn, key(), slow).unwrap();
        assert_eq!(*served, [1]);
        finish.recv_timeout(Duration::from_secs(5)).unwrap();
        let mut now = vec![];
        for _ in 0..100 {
            now = kept
                .get_or_compute(&conn, key(), |_| Ok(vec![3]))
                .unwrap()
                .to_vec();
            if now == [2] {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(now, [2]);
    }

    #[test]
    fn a_swept_order_is_served_to_its_first_reader_as_old_as_its_sweep() {
        let conn = Connection::open_in_memory().unwrap();
        let kept = Rankings::new(Duration::from_millis(200));
        let began = kept.sweep_begins();
        kept.seed(HashMap::from([(key(), vec![7, 8])]), began);
        let served = kept.get_or_compute(&conn, key(), |_| panic!("computed by its reader"));
        assert_eq!(*served.unwrap(), [7, 8]);
        // Past its time, it is computed again like any kept order.
        std::thread::sleep(Duration::from_millis(250));
        let computed = Arc::new(AtomicUsize::new(0));
        kept.get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn forgetting_drops_the_swept_orders_and_a_sweep_begun_before() {
        let conn = Connection::open_in_memory().unwrap();
        let kept = Rankings::new(Duration::from_secs(60));
        kept.seed(HashMap::from([(key(), vec![7])]), kept.sweep_begins());
        let before = kept.sweep_begins();
        kept.forget_all();
        let computed = Arc::new(AtomicUsize::new(0));
        kept.get_or_compute(&conn, key(), counted(&computed))
            .unwrap();
        assert_eq!(computed.load(Ordering::SeqCst), 1);
        kept.forget_all();
        kept.seed(HashMap::from([(key(), vec![9])]), before);
        let now = kept.get_or_compute(&conn, key(), |_| Ok(vec![1]));
        assert_eq!(*now.unwrap(), [1]);
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn one_order_at_a_time_is_computed_again_in_the_background() {
        let (_dir, pool, kept) = refreshed_on_a_pool();
        let conn = pool.get().unwrap();
        let other = RankKey::Popular {
            since_day: "2026-10-01".into(),
            limit: 20,
        };
        kept.get_or_compute(&conn, key(), |_| Ok(vec![1])).unwrap();
        kept.get_or_compute(&conn, other.clone(), |_| Ok(vec![10]))
            .unwrap();
        std::thread::sleep(Duration::from_millis(250));
        let (started, computing) = std::sync::mpsc::channel::<()>();
        let (release, released) = std::sync::mpsc::channel::<()>();
        kept.get_or_compute(&conn, key(), move |_| {
            started.send(()).unwrap();
            released.recv().unwrap();
            Ok(vec![2])
        })
        .unwrap();
        computing.recv_timeout(Duration::from_secs(5)).unwrap();
        // The other order past its time waits its turn, served as it was.
        let served = kept.get_or_compute(&conn, other.clone(), |_| panic!("two at once"));
        assert_eq!(*served.unwrap(), [10]);
        release.send(()).unwrap();
        let computed = Arc::new(AtomicUsize::new(0));
        for _ in 0..100 {
            kept.get_or_compute(&conn, other.clone(), counted(&computed))
                .unwrap();
            if computed.load(Ordering::SeqCst) > 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_failed_computation_is_an_error_and_not_kept() {
        let conn = Connection::open_in_memory().unwrap();
        let kept = Rankings::new(Duration::from_secs(60));
        let failed = kept.get_or_compute(&conn, key(), |_| Err(rusqlite::Error::InvalidQuery));
        assert!(failed.is_err());
        let now = kept.get_or_compute(&conn, key(), |_| Ok(vec![1]));
        assert_eq!(*now.unwrap(), [1]);
    }
}
