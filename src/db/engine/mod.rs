//! The storage engine: the SQLite pools and their PRAGMAs, the migrations
//! runner (the migrations themselves are in `migrations/` at the root, one
//! new file a change), `check`, checkpoints, the read turns, the one writer
//! (`writer`) and online backups (`backup`).

pub mod backup;
pub mod writer;

use crate::db::{member_import, player_listens};

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OpenFlags};

use crate::config::Checkpoints;
use crate::error::AppError;

pub type Pool = r2d2::Pool<SqliteConnectionManager>;

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// Connections of each pool (the server's readers, a command's).
const POOL_CONNECTIONS: u32 = 8;
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const STATEMENTS_KEPT: usize = 128;

/// Settings every connection gets. WAL lets readers run beside the writer;
/// NORMAL sync is durable across application crashes and only risks the last
/// transactions on power loss, never corruption.
///
/// The page cache is 2 MB a connection (1 MB a reader): the operating system caches the
/// file too, and eight connections at SQLite's usual size would hold most of
/// a Raspberry Pi's spare memory.
///
/// Transactions begin IMMEDIATE: every transaction here writes, and one that
/// read first under a deferred BEGIN could not wait for the write lock (its
/// snapshot would be stale), failing with SQLITE_BUSY instead of queueing.
fn configure(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // The API asks over a hundred different queries; with rusqlite's usual
    // 16 kept, a member moving between pages would have most parsed again.
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
    conn.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = NORMAL;
         PRAGMA foreign_keys = ON;
         PRAGMA temp_store = MEMORY;
         PRAGMA cache_size = -2000;",
    )
}

/// The server's connections only read: every write goes through the one
/// writer, and a write slipped in elsewhere fails loudly instead of
/// competing with it for the lock.
/// Their transactions are plain reads of one snapshot (an export).
/// Their page caches are 1 MB each: at 2 MB, the eight of them filling
/// under a community's day took the server past 120 MB, for no measurable
/// gain in speed (the file is in the system's cache).
fn configure_reader(conn: &mut Connection) -> rusqlite::Result<()> {
    configure(conn)?;
    conn.set_transaction_behavior(rusqlite::TransactionBehavior::Deferred);
    conn.execute_batch("PRAGMA query_only = ON; PRAGMA cache_size = -1024;")
}

/// Runs `work` with the connection's temporary sorts in files: a sweep's
/// large sorts then spill to disk instead of growing the heap (the pool's
/// connections otherwise keep temporary data in memory, for speed).
pub fn with_sorts_on_disk<T, E: From<rusqlite::Error>>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, E>,
) -> Result<T, E> {
    conn.execute_batch("PRAGMA temp_store = FILE;")?;
    let done = work(conn);
    conn.execute_batch("PRAGMA temp_store = MEMORY;")?;
    done
}

/// Opens (creating when missing) the database in `data_dir` and applies any
/// pending migrations: the CLI's pool, whose connections read and write.
pub fn open(data_dir: &Path) -> anyhow::Result<Pool> {
    open_for(data_dir, Checkpoints::Own)
}

/// `open`, for a database whose checkpoints are `checkpoints`'.
pub fn open_for(data_dir: &Path, checkpoints: Checkpoints) -> anyhow::Result<Pool> {
    let init = match checkpoints {
        Checkpoints::Own => configure,
        Checkpoints::Litestream => configure_without_checkpoints,
    };
    let pool = pool(data_dir, init)?;
    migrate(&mut *pool.get()?)?;
    Ok(pool)
}

/// A command's connection beside Litestream, whose tips ask for no other
/// checkpoints: SQLite's own, after every thousand pages, can race it as it
/// takes its read lock, and it then copies the whole database again.
fn configure_without_checkpoints(conn: &mut Connection) -> rusqlite::Result<()> {
    configure(conn)?;
    conn.execute_batch("PRAGMA wal_autocheckpoint = 0;")
}

fn pool(
    data_dir: &Path,
    init: fn(&mut Connection) -> rusqlite::Result<()>,
) -> anyhow::Result<Pool> {
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
    let path = crate::config::database_path(data_dir);
    let manager = SqliteConnectionManager::file(&path).with_init(init);
    r2d2::Pool::builder()
        .max_size(POOL_CONNECTIONS)
        .build(manager)
        .with_context(|| format!("cannot open the database {}", path.display()))
}

/// The server's storage: connections that only read, and the one writer.
#[derive(Clone)]
pub struct Database {
    pub readers: Pool,
    pub writer: writer::Writer,
    /// Counts the writes of other processes (the CLI) seen while serving.
    pub outside_writes: OutsideWrites,
}

impl Database {
    /// Opens the database in `data_dir` for serving, migrating it first.
    pub fn open(data_dir: &Path) -> anyhow::Result<Self> {
        Self::open_with(data_dir, Checkpoints::Own)
    }

    /// The same, with `checkpoints` saying who folds the log.
    pub fn open_with(data_dir: &Path, checkpoints: Checkpoints) -> anyhow::Result<Self> {
        open_for(data_dir, checkpoints)?;
        let outside_writes = OutsideWrites::default();
        let seen = outside_writes.clone();
        let writer = writer::Writer::start(
            &crate::config::database_path(data_dir),
            Box::new(move || seen.note()),
            checkpoints,
        )?;
        Ok(Self {
            readers: pool(data_dir, configure_reader)?,
            writer,
            outside_writes,
        })
    }
}

/// How many times another process was seen writing the database: what the
/// server keeps in memory from before such a write is out of date.
#[derive(Clone, Default)]
pub struct OutsideWrites(std::sync::Arc<std::sync::atomic::AtomicU64>);

impl OutsideWrites {
    pub fn count(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn note(&self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Applies every migration the database lacks; returns how many ran.
pub fn migrate(conn: &mut Connection) -> anyhow::Result<usize> {
    let report = embedded::migrations::runner()
        .run(conn)
        .context("applying migrations")?;
    // Deferred: an opening with every key made takes no write lock.
    let keying = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Deferred)?;
    member_import::fill_match_keys(&keying).context("making the import match keys")?;
    player_listens::fill_unmatched_keys(&keying).context("keying the players' missing albums")?;
    keying.commit()?;
    Ok(report.applied_migrations().len())
}

/// What `halfstar check` reports.
#[derive(Debug)]
pub struct Health {
    pub integrity: Vec<String>,
    pub foreign_key_violations: usize,
    /// Albums whose rating or review counters, and lists whose like or
    /// entry counters, differ from their rows.
    pub counters_off: i64,
    /// Artists and albums whose import match key is missing or not the one
    /// this build makes.
    pub match_keys_off: i64,
    pub applied: Vec<i32>,
    pub known: Vec<i32>,
}

impl Health {
    pub fn pending(&self) -> Vec<i32> {
        let applied = &self.applied;
        self.known
            .iter()
            .copied()
            .filter(|v| !applied.contains(v))
            .collect()
    }

    /// Migrations in the database that this binary does not know: the data
    /// was written by a newer halfstar.
    pub fn unknown(&self) -> Vec<i32> {
        let known = &self.known;
        self.applied
            .iter()
            .copied()
            .filter(|v| !known.contains(v))
            .collect()
    }

    pub fn is_ok(&self) -> bool {
        self.integrity == ["ok"]
            && self.foreign_key_violations == 0
            && self.counters_off == 0
            && self.match_keys_off == 0
            && self.pending().is_empty()
            && self.unknown().is_empty()
    }
}

/// Checks an existing database without changing it.
pub fn check(path: &Path) -> anyhow::Result<Health> {
    let mut conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let integrity = conn
        .prepare("PRAGMA integrity_check")?
        .query_map([], |row| row.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let foreign_key_violations = conn
        .prepare("PRAGMA foreign_key_check")?
        .query_map([], |_| Ok(()))?
        .count();
    let runner = embedded::migrations::runner();
    // By number: the embedded list comes in file-name order, V10 before V2.
    let mut known: Vec<_> = runner
        .get_migrations()
        .iter()
        .map(|m| m.version())
        .collect();
    known.sort_unstable();
    let has_history: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'refinery_schema_history')",
        [],
        |row| row.get(0),
    )?;
    let mut applied: Vec<_> = if has_history {
        runner
            .get_applied_migrations(&mut conn)?
            .iter()
            .map(|m| m.version())
            .collect()
    } else {
        Vec::new()
    };
    applied.sort_unstable();
    // Before the first migration there are no albums to count; before the
    // thirteenth no review can be hidden.
    let counted_reviews = if applied.last().is_some_and(|&version| version >= 13) {
        "hidden_at IS NULL"
    } else {
        "true"
    };
    let counters_off = if has_history {
        conn.query_row(
            &format!(
                "SELECT count(*) FROM albums a
                 WHERE a.rating_count <> (SELECT count(number) FROM ratings WHERE album_id = a.id)
                    OR a.rating_sum <> (SELECT total(number) FROM ratings WHERE album_id = a.id)
                    OR a.review_count <> (SELECT count(*) FROM reviews
                                         WHERE album_id = a.id AND {counted_reviews})"
            ),
            [],
            |row| row.get(0),
        )?
    } else {
        0
    };
    // Lists count their likes and entries from the nineteenth on.
    let list_counters_off: i64 = if applied.last().is_some_and(|&version| version >= 19) {
        conn.query_row(
            "SELECT count(*) FROM lists l
             WHERE l.like_count <> (SELECT count(*) FROM list_likes WHERE list_id = l.id)
                OR l.entry_count <> (SELECT count(*) FROM list_entries WHERE list_id = l.id)",
            [],
            |row| row.get(0),
        )?
    } else {
        0
    };
    // Albums count the findable lists holding them from the twenty-second on.
    let album_list_counts_off: i64 = if applied.last().is_some_and(|&version| version >= 22) {
        conn.query_row(
            "SELECT count(*) FROM albums a
             WHERE a.list_count <> (SELECT count(*) FROM list_entries e JOIN lists l ON l.id = e.list_id
                                    WHERE e.album_id = a.id AND l.visibility = 'public'
                                      AND l.hidden_at IS NULL)",
            [],
            |row| row.get(0),
        )?
    } else {
        0
    };
    // Albums sum their ratings' squares from the thirty-sixth on.
    let square_sums_off: i64 = if applied.last().is_some_and(|&version| version >= 36) {
        conn.query_row(
            "SELECT count(*) FROM albums a
             WHERE a.rating_square_sum <> (SELECT total(number * number) FROM ratings
                                           WHERE album_id = a.id)",
            [],
            |row| row.get(0),
        )?
    } else {
        0
    };
    let counters_off = counters_off + list_counters_off + album_list_counts_off + square_sums_off;
    // Artists and albums keep their import match keys from the twenty-third on.
    let match_keys_off = if applied.last().is_some_and(|&version| version >= 23) {
        member_import::match_keys_off(&conn)?
    } else {
        0
    };
    Ok(Health {
        integrity,
        foreign_key_violations,
        counters_off,
        match_keys_off,
        applied,
        known,
    })
}

/// Folds the write-ahead log into the database file; run at shutdown so
/// the data directory holds one complete file.
pub fn checkpoint(pool: &Pool) -> anyhow::Result<()> {
    closing_checkpoint(pool, Checkpoints::Own)
}

/// The closing checkpoint when `checkpoints` says who makes it.
pub fn closing_checkpoint(pool: &Pool, checkpoints: Checkpoints) -> anyhow::Result<()> {
    Ok(fold_log(&*pool.get()?, checkpoints)?)
}

/// The closing checkpoint on one connection, with the planner's statistics.
/// Under Litestream only the statistics: the log is Litestream's to fold,
/// and a TRUNCATE would hold the write lock waiting for its read
/// transaction until the busy timeout, then give up.
pub(crate) fn fold_log(conn: &Connection, checkpoints: Checkpoints) -> rusqlite::Result<()> {
    match checkpoints {
        Checkpoints::Own => conn.execute_batch("PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE);"),
        Checkpoints::Litestream => conn.execute_batch("PRAGMA optimize;"),
    }
}

/// A connection of its own (the writer's, the checkpoints') with the settings
/// every connection gets.
pub(crate) fn connection(path: &Path) -> anyhow::Result<Connection> {
    let mut conn = Connection::open(path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    configure(&mut conn)?;
    Ok(conn)
}

/// Runs blocking SQLite work off the async threads, re-raising its panics.
/// Requests take turns first (`read_turns`), asleep on the async side.
pub async fn run_blocking<T, F>(pool: &Pool, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut Connection) -> Result<T, AppError> + Send + 'static,
{
    let _turn = read_turns().acquire().await;
    let pool = pool.clone();
    match tokio::task::spawn_blocking(move || work(&mut *pool.get()?)).await {
        Ok(result) => result,
        Err(join_error) => match join_error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(cancelled) => Err(AppError::Internal(cancelled.into())),
        },
    }
}

/// How many requests' SQLite work runs at once: two a core, at most a
/// connection each. The others wait for a turn as sleeping tasks; without
/// the turns, each waited as a blocking thread parked on the pool's lock,
/// and on two cores the waking and switching of thirty of them took more
/// time than the reads (community-day's p99 70-120 ms against 44-52 ms).
fn read_turns() -> &'static tokio::sync::Semaphore {
    static TURNS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    TURNS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        tokio::sync::Semaphore::new((2 * cores).min(POOL_CONNECTIONS as usize))
    })
}

impl crate::config::DataSettings {
    /// The commands' pool on this database, migrated, checkpointing as set.
    pub fn open_database(&self) -> anyhow::Result<Pool> {
        open_for(&self.data_dir, self.checkpoints)
    }
}

/// True when a statement failed on a UNIQUE constraint (a duplicate).
pub fn is_unique_violation(error: &rusqlite::Error) -> bool {
    matches!(
        error,
        rusqlite::Error::SqliteFailure(e, _)
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}

#[cfg(test)]
mod build_tests {
    /// `.cargo/config.toml` builds SQLite without its memory statistics,
    /// whose one mutex every allocation of every connection would take.
    #[test]
    fn sqlite_keeps_no_memory_statistics() {
        let conn = super::test_connection();
        conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(100000));")
            .unwrap();
        // SAFETY: a plain read of a process-wide counter.
        assert_eq!(unsafe { rusqlite::ffi::sqlite3_memory_used() }, 0);
    }
}

/// An in-memory database with every migration applied, for query tests.
#[cfg(test)]
pub fn test_connection() -> Connection {
    let mut conn = Connection::open_in_memory().expect("in-memory database");
    conn.execute_batch("PRAGMA foreign_keys = ON;")
        .expect("pragmas");
    migrate(&mut conn).expect("migrations");
    conn
}

/// What SQLite plans for a statement (its parameters all null), one step
/// per line, for tests that a query reads the index it should.
#[cfg(test)]
pub fn query_plan(conn: &Connection, sql: &str) -> String {
    let mut statement = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let nulls = vec![rusqlite::types::Null; statement.parameter_count()];
    statement
        .query_map(rusqlite::params_from_iter(nulls), |row| {
            row.get::<_, String>(3)
        })
        .unwrap()
        .collect::<rusqlite::Result<Vec<_>>>()
        .unwrap()
        .join("\n")
}

#[cfg(test)]
mod upgrade_tests {
    use super::*;
    use crate::db::{albums, search, users};

    const TABLES: [&str; 11] = [
        "users",
        "sessions",
        "artists",
        "albums",
        "ratings",
        "wishlist_items",
        "reviews",
        "posts",
        "votes",
        "comments",
        "shouts",
    ];

    fn row_counts(conn: &Connection) -> Vec<i64> {
        TABLES
            .iter()
            .map(|table| {
                conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                    row.get(0)
                })
                .unwrap()
            })
            .collect()
    }

    #[test]
    fn a_database_from_the_first_migration_upgrades_to_the_latest_with_its_data() {
        let dir = tempfile::tempdir().unwrap();
        let path = crate::config::database_path(dir.path());
        let before = {
            let mut conn = Connection::open(&path).unwrap();
            embedded::migrations::runner()
                .set_target(refinery::Target::Version(1))
                .run(&mut conn)
                .unwrap();
            conn.execute_batch(include_str!(
                "../../../tests/fixtures/upgrade/first_version.sql"
            ))
            .unwrap();
            row_counts(&conn)
        };
        assert_eq!(before, [2, 1, 1, 2, 3, 1, 1, 1, 1, 3, 1]);

        let pool = open(dir.path()).unwrap();
        let health = check(&path).unwrap();
        assert!(health.is_ok(), "{health:?}");
        assert_eq!(health.applied, health.known);
        let conn = pool.get().unwrap();
        assert_eq!(row_counts(&conn), before);

        // What later migrations built from the old rows: the genre list, the
        // day buckets of the ratings, and the album index by artist name.
        let genres: i64 = conn
            .query_row("SELECT count(*) FROM genres", [], |row| row.get(0))
            .unwrap();
        assert!(genres > 100, "{genres}");
        let buckets: Vec<(String, i64, i64)> = conn
            .prepare("SELECT day, album_id, count FROM album_rating_days ORDER BY day")
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(
            buckets,
            [("2025-01-04".into(), 1, 1), ("2025-01-05".into(), 1, 1)]
        );
        let found = search::rank_albums(&conn, "\"radiohead\"* \"kid\"*", 5).unwrap();
        assert_eq!(found, [2]);
        let album = albums::by_id(&conn, 1, Some(2)).unwrap().unwrap();
        assert_eq!(
            (
                album.number_of_ratings,
                album.average_rating,
                album.user_rating
            ),
            (2, 8.5, Some(8.0))
        );
        let user = users::by_username(&conn, "vera").unwrap().unwrap();
        assert_eq!(user.role, crate::domain::Role::Admin);
    }
}

#[cfg(test)]
mod checkpoint_tests {
    use super::*;

    fn autocheckpoint(checkpoints: Checkpoints) -> i64 {
        let dir = tempfile::tempdir().unwrap();
        let pool = open_for(dir.path(), checkpoints).unwrap();
        let conn = pool.get().unwrap();
        conn.query_row("PRAGMA wal_autocheckpoint", [], |row| row.get(0))
            .unwrap()
    }

    #[test]
    fn commands_beside_litestream_never_checkpoint_on_their_own() {
        assert_eq!(autocheckpoint(Checkpoints::Own), 1000);
        assert_eq!(autocheckpoint(Checkpoints::Litestream), 0);
    }
}
