//! The one writer: every write the server makes runs on one connection on
//! one thread. Whatever is queued when the thread comes round is committed
//! in one transaction (group commit), each write in a savepoint of its own so
//! that a refused write rolls back alone, and each request is answered after
//! the commit that made its write durable. Writers queue here instead of
//! sleeping in SQLite's busy handler, and a commit costs one WAL append for
//! the whole group.
//!
//! Checkpoints run on a thread of their own, so requests do not wait for
//! the write-ahead log to be folded into the database file; only when the
//! log has grown long does the writer finish a pass between two groups, so
//! that the log starts over. Under Litestream (`--checkpoints litestream`)
//! none of this runs: Litestream checkpoints once it has copied the log.
//!
//! Since this connection makes every write of the server, `PRAGMA
//! data_version` changing on it means another process (the CLI) wrote: the
//! server is told, so that what it keeps in memory (sessions, answers)
//! follows at once.

use std::any::Any;
use std::cell::Cell;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use rusqlite::Connection;
use tokio::sync::oneshot;

use crate::config::Checkpoints;
use crate::error::AppError;

/// At most this many writes share a transaction, so that one commit's
/// answers are not held back by an endless queue.
const MOST_IN_ONE_COMMIT: usize = 512;
/// Writes waiting beyond this many make their callers wait to queue.
const QUEUE_PLACES: usize = 4096;
/// The writer connection's page cache.
const WRITER_CACHE_KIB: u32 = 8 * 1024;
/// How often an idle writer looks for writes made by another process.
const WATCH_INTERVAL: Duration = Duration::from_millis(25);
/// The checkpoint thread's pause between passes while writes go on.
const CHECKPOINT_PAUSE: Duration = Duration::from_millis(20);
/// Past this many frames in the log (about 64 MB), the writer finishes the
/// checkpoint thread's pass itself between two groups: no frame is added
/// meanwhile, so the pass completes and the next transaction starts the log
/// over instead of growing it. Otherwise a steady stream of writes keeps
/// the log ahead of every checkpoint and it grows without end.
const RESTART_FRAMES: u64 = 16384;

type Delivery = Box<dyn FnOnce(Result<(), NotCommitted>) + Send>;
type Job = Box<dyn FnOnce(&Connection) -> Delivery + Send>;

enum Message {
    Write(Job),
    /// Checkpoint in full and answer: the server is shutting down.
    Finish(oneshot::Sender<()>),
}
type Outcome<T> = Result<Result<T, AppError>, Box<dyn Any + Send>>;

tokio::task_local! {
    /// Whether a write made on this task changed any row (`tallying`).
    static CHANGED_ROWS: Cell<bool>;
}

/// Runs `future` (a request's handling) and tells whether any write it made
/// through a `Writer` changed a row, so that a write that changed nothing
/// ends no kept answer.
pub async fn tallying<F: Future>(future: F) -> (F::Output, bool) {
    CHANGED_ROWS
        .scope(Cell::new(false), async {
            let output = future.await;
            (output, CHANGED_ROWS.with(Cell::get))
        })
        .await
}

/// What to do when another process has written to the database.
pub type OnOutsideWrite = Box<dyn Fn() + Send>;

#[derive(Clone)]
pub struct Writer {
    inner: Arc<Inner>,
}

/// The queue, and the thread that empties it: dropping the last `Writer`
/// waits for the thread to finish what is queued and close its connection,
/// so the database file is left alone afterwards.
struct Inner {
    queue: Option<SyncSender<Message>>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.queue.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Writer {
    /// Opens the writer's connection to the database at `path` (already
    /// migrated) and starts its thread and, when halfstar checkpoints, the
    /// checkpoint thread; both end when the last `Writer` is dropped.
    pub fn start(
        path: &Path,
        on_outside_write: OnOutsideWrite,
        checkpoints: Checkpoints,
    ) -> anyhow::Result<Self> {
        let conn = super::connection(path)?;
        // Checkpoints are the checkpoint thread's, or Litestream's. The
        // writer's page cache is larger than a reader's: it holds the index
        // pages that writes touch all over the file, which would otherwise be
        // read again each time. Each write's savepoint journals the pages it
        // changes: in a temporary file past 64 KiB, not on the heap, or a
        // member's import of 5,000 ratings held 200 MB there.
        conn.execute_batch(&format!(
            "PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = -{WRITER_CACHE_KIB};
             PRAGMA temp_store = FILE;"
        ))?;
        let (queue, jobs) = mpsc::sync_channel(QUEUE_PLACES);
        let checkpointer = match checkpoints {
            Checkpoints::Own => Some(Checkpointer::start(path.to_owned())?),
            Checkpoints::Litestream => None,
        };
        let thread = thread::Builder::new()
            .name("halfstar-writer".to_owned())
            .spawn(move || write_loop(conn, jobs, on_outside_write, checkpointer))?;
        Ok(Self {
            inner: Arc::new(Inner {
                queue: Some(queue),
                thread: Some(thread),
            }),
        })
    }

    /// Runs `work` inside the next group's transaction and answers once it
    /// is committed. An error from `work` rolls back its changes only; a
    /// panic in it is raised again here.
    pub async fn write<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel::<(Outcome<T>, bool)>();
        let job: Job = Box::new(move |conn| {
            let before = conn.total_changes();
            let outcome = in_savepoint(conn, work);
            let changed = conn.total_changes() != before;
            Box::new(move |committed| {
                let outcome = match (committed, outcome) {
                    (Err(failure), Ok(Ok(_))) => Ok(Err(failure.into())),
                    (_, outcome) => outcome,
                };
                let _ = answer.send((outcome, changed));
            })
        });
        self.send(Message::Write(job)).await?;
        let answered = answered.await.map(|(outcome, changed)| {
            if changed {
                let _ = CHANGED_ROWS.try_with(|tally| tally.set(true));
            }
            outcome
        });
        match answered {
            Ok(Ok(result)) => result,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => Err(stopped()),
        }
    }

    /// Folds the whole log into the database file and records the query
    /// planner's statistics, after every write queued before: run at
    /// shutdown, so the data directory holds one complete file. Under
    /// Litestream only the statistics are recorded.
    pub async fn finish(&self) -> Result<(), AppError> {
        let (done, finished) = oneshot::channel();
        self.send(Message::Finish(done)).await?;
        finished.await.map_err(|_| stopped())
    }

    async fn send(&self, message: Message) -> Result<(), AppError> {
        let queue = self.inner.queue.as_ref().ok_or_else(stopped)?;
        let message = match queue.try_send(message) {
            Ok(()) => return Ok(()),
            Err(TrySendError::Disconnected(_)) => return Err(stopped()),
            Err(TrySendError::Full(message)) => message,
        };
        // Thousands of writes are queued already: wait for a place.
        let queue = queue.clone();
        tokio::task::spawn_blocking(move || queue.send(message))
            .await
            .map_err(|e| AppError::Internal(e.into()))?
            .map_err(|_| stopped())
    }
}

fn stopped() -> AppError {
    AppError::Internal(anyhow::anyhow!("the writer has stopped"))
}

/// Runs `work` between `SAVEPOINT` and `RELEASE`, rolling its changes back
/// when it fails or panics.
fn in_savepoint<T, F>(conn: &Connection, work: F) -> Outcome<T>
where
    F: FnOnce(&Connection) -> Result<T, AppError>,
{
    if let Err(error) = conn.execute_batch("SAVEPOINT one_write") {
        return Ok(Err(error.into()));
    }
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| work(conn)));
    let kept = matches!(outcome, Ok(Ok(_)));
    let end = if kept {
        conn.execute_batch("RELEASE one_write")
    } else {
        conn.execute_batch("ROLLBACK TO one_write; RELEASE one_write")
    };
    match end {
        Ok(()) => outcome,
        Err(error) => Ok(Err(error.into())),
    }
}

fn write_loop(
    conn: Connection,
    messages: Receiver<Message>,
    on_outside_write: OnOutsideWrite,
    checkpointer: Option<Checkpointer>,
) {
    let mut seen_version = data_version(&conn);
    loop {
        let first = match messages.recv_timeout(WATCH_INTERVAL) {
            Ok(Message::Write(job)) => job,
            Ok(Message::Finish(done)) => {
                finish(&conn, checkpointer.as_ref());
                let _ = done.send(());
                continue;
            }
            Err(RecvTimeoutError::Timeout) => {
                note_outside_writes(&conn, &mut seen_version, &on_outside_write);
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        note_outside_writes(&conn, &mut seen_version, &on_outside_write);
        let mut group = vec![first];
        let mut finishing = None;
        while group.len() < MOST_IN_ONE_COMMIT {
            match messages.try_recv() {
                Ok(Message::Write(job)) => group.push(job),
                Ok(Message::Finish(done)) => {
                    finishing = Some(done);
                    break;
                }
                Err(_) => break,
            }
        }
        let committed = commit_group(&conn, group);
        if let Some(checkpointer) = &checkpointer {
            checkpointer.after_commit(&conn);
        }
        for deliver in committed {
            deliver();
        }
        if let Some(done) = finishing {
            finish(&conn, checkpointer.as_ref());
            let _ = done.send(());
        }
    }
}

/// Why a group's writes did not become durable: SQLite's own error when it
/// gave one (a full disk stays a full disk to the caller).
#[derive(Clone)]
struct NotCommitted {
    code: Option<rusqlite::ffi::Error>,
    message: String,
}

impl From<rusqlite::Error> for NotCommitted {
    fn from(error: rusqlite::Error) -> Self {
        let code = match &error {
            rusqlite::Error::SqliteFailure(code, _) => Some(*code),
            _ => None,
        };
        Self {
            code,
            message: error.to_string(),
        }
    }
}

impl From<NotCommitted> for AppError {
    fn from(failure: NotCommitted) -> Self {
        match failure.code {
            Some(code) => rusqlite::Error::SqliteFailure(code, Some(failure.message)).into(),
            None => AppError::Internal(anyhow::anyhow!(
                "the write could not be committed: {}",
                failure.message
            )),
        }
    }
}

/// Runs a group in one transaction; returns what answers each request.
/// Should SQLite roll the transaction back itself (it may on a full disk or
/// an I/O error), the writes before are answered with that failure and the
/// rest go on in a new transaction.
fn commit_group(conn: &Connection, group: Vec<Job>) -> Vec<Box<dyn FnOnce()>> {
    let mut answers: Vec<Box<dyn FnOnce()>> = Vec::with_capacity(group.len());
    let mut pending: Vec<Delivery> = Vec::new();
    let mut began = conn.execute_batch("BEGIN IMMEDIATE");
    for job in group {
        pending.push(job(conn));
        if began.is_ok() && conn.is_autocommit() {
            let lost = NotCommitted {
                code: Some(rusqlite::ffi::Error::new(
                    rusqlite::ffi::SQLITE_ABORT_ROLLBACK,
                )),
                message: "SQLite rolled the transaction back".to_owned(),
            };
            deliver_all(&mut answers, &mut pending, Err(lost));
            began = conn.execute_batch("BEGIN IMMEDIATE");
        }
    }
    let committed = began
        .and_then(|()| conn.execute_batch("COMMIT"))
        .map_err(|error| {
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            tracing::error!("a group of writes failed to commit: {error}");
            NotCommitted::from(error)
        });
    deliver_all(&mut answers, &mut pending, committed);
    answers
}

fn deliver_all(
    answers: &mut Vec<Box<dyn FnOnce()>>,
    pending: &mut Vec<Delivery>,
    committed: Result<(), NotCommitted>,
) {
    for deliver in pending.drain(..) {
        let committed = committed.clone();
        answers.push(Box::new(move || deliver(committed)));
    }
}

fn data_version(conn: &Connection) -> i64 {
    conn.query_row("PRAGMA data_version", [], |row| row.get(0))
        .unwrap_or_default()
}

fn note_outside_writes(conn: &Connection, seen: &mut i64, on_outside_write: &OnOutsideWrite) {
    let version = data_version(conn);
    if version != *seen {
        *seen = version;
        on_outside_write();
    }
}

/// Folds the log at shutdown, or leaves it to Litestream when halfstar runs
/// no checkpoint thread.
fn finish(conn: &Connection, checkpointer: Option<&Checkpointer>) {
    // No pass may run beside the closing checkpoint: SQLite answers busy at
    // once, without waiting, when another checkpoint holds its lock, and the
    // log would be left unfolded.
    let (_no_pass, checkpoints) = match checkpointer {
        Some(checkpointer) => (Some(checkpointer.hold_passes()), Checkpoints::Own),
        None => (None, Checkpoints::Litestream),
    };
    if let Err(error) = super::fold_log(conn, checkpoints) {
        tracing::warn!("the closing checkpoint failed: {error}");
    }
}

/// Folds the log into the database file on its own thread and connection,
/// pass after pass while writes go on.
struct Checkpointer {
    nudges: Option<SyncSender<()>>,
    thread: Option<JoinHandle<()>>,
    /// Frames in the log at the end of the latest pass.
    frames: Arc<AtomicU64>,
    /// Held through each pass.
    passes: Arc<Mutex<()>>,
}

impl Checkpointer {
    fn start(path: PathBuf) -> anyhow::Result<Self> {
        let conn = super::connection(&path)?;
        let (nudges, nudged) = mpsc::sync_channel::<()>(1);
        let frames = Arc::new(AtomicU64::new(0));
        let seen = frames.clone();
        let passes = Arc::new(Mutex::new(()));
        let pass_lock = passes.clone();
        let thread = thread::Builder::new()
            .name("halfstar-checkpoints".to_owned())
            .spawn(move || {
                while nudged.recv().is_ok() {
                    let pass = pass_lock.lock().unwrap_or_else(PoisonError::into_inner);
                    seen.store(passive_checkpoint(&conn), Ordering::Relaxed);
                    drop(pass);
                    match nudged.recv_timeout(CHECKPOINT_PAUSE) {
                        Ok(()) | Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            })?;
        Ok(Self {
            nudges: Some(nudges),
            thread: Some(thread),
            frames,
            passes,
        })
    }

    /// Waits for a pass under way to end and keeps the next from starting.
    fn hold_passes(&self) -> MutexGuard<'_, ()> {
        self.passes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Asks for a pass, and finishes one on the writer's connection when the
    /// log has grown long.
    fn after_commit(&self, writer: &Connection) {
        if self.frames.load(Ordering::Relaxed) > RESTART_FRAMES {
            passive_checkpoint(writer);
            self.frames.store(0, Ordering::Relaxed);
        }
        if let Some(nudges) = &self.nudges {
            let _ = nudges.try_send(());
        }
    }
}

/// Copies what it can of the log into the database without waiting for
/// readers or the writer; returns how many frames the log holds.
fn passive_checkpoint(conn: &Connection) -> u64 {
    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
        row.get::<_, i64>(1)
    }) {
        Ok(frames) => u64::try_from(frames).unwrap_or(0),
        Err(error) => {
            tracing::warn!("a checkpoint failed: {error}");
            0
        }
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.nudges.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Database;

    fn test_genres(conn: &Connection) -> i64 {
        conn.query_row(
            "SELECT count(*) FROM genres WHERE name LIKE 'test %'",
            [],
            |row| row.get(0),
        )
        .unwrap()
    }

    fn add_genre(conn: &Connection, name: &str) -> Result<(), AppError> {
        conn.execute(
            "INSERT INTO genres (name, slug) VALUES (?1, ?1)",
            [format!("test {name}")],
        )?;
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn writes_queued_together_commit_together_and_a_refused_one_rolls_back_alone() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path()).unwrap();
        let writes: Vec<_> = (0..200)
            .map(|n| {
                let writer = db.writer.clone();
                tokio::spawn(async move {
                    writer
                        .write(move |conn| {
                            add_genre(conn, &n.to_string())?;
                            if n % 10 == 0 {
                                return Err(AppError::BadRequest(format!("refused {n}")));
                            }
                            Ok(n)
                        })
                        .await
                })
            })
            .collect();
        let mut answers = Vec::new();
        for write in writes {
            answers.push(write.await.unwrap());
        }
        let refused = answers.iter().filter(|answer| answer.is_err()).count();
        assert_eq!(refused, 20);
        assert_eq!(test_genres(&db.readers.get().unwrap()), 180);
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn a_panicking_write_changes_nothing_and_panics_in_its_caller() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path()).unwrap();
        let writer = db.writer.clone();
        let panicked = tokio::spawn(async move {
            writer
                .write(|conn| -> Result<(), AppError> {
                    add_genre(conn, "doomed")?;
                    panic!("on purpose");
                })
                .await
        })
        .await;
        assert!(panicked.unwrap_err().is_panic());
        db.writer
            .write(|conn| add_genre(conn, "after"))
            .await
            .unwrap();
        assert_eq!(test_genres(&db.readers.get().unwrap()), 1);
    }

    /// Writes a hundred commits and stops, reporting whether the database
    /// file changed meanwhile (a checkpoint copied pages into it) and how
    /// long the log is afterwards.
    async fn write_and_stop(checkpoints: Checkpoints) -> (bool, u64) {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open_with(dir.path(), checkpoints).unwrap();
        let path = crate::config::database_path(dir.path());
        let before = std::fs::read(&path).unwrap();
        for n in 0..100 {
            db.writer
                .write(move |conn| add_genre(conn, &n.to_string()))
                .await
                .unwrap();
        }
        // The checkpoint thread works after the commits: give it time.
        let mut changed = false;
        for _ in 0..50 {
            changed = std::fs::read(&path).unwrap() != before;
            if changed {
                break;
            }
            tokio::time::sleep(CHECKPOINT_PAUSE).await;
        }
        db.writer.finish().await.unwrap();
        changed |= std::fs::read(&path).unwrap() != before;
        let log = std::fs::metadata(path.with_file_name("halfstar.db-wal"))
            .unwrap()
            .len();
        (changed, log)
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn halfstar_folds_the_log_itself_unless_litestream_does() {
        let (changed, log) = write_and_stop(Checkpoints::Own).await;
        assert!(changed, "the checkpoints copied the writes into the file");
        assert_eq!(log, 0, "stopping emptied the log");

        let (changed, log) = write_and_stop(Checkpoints::Litestream).await;
        assert!(!changed, "no checkpoint touched the database file");
        assert!(log > 0, "the log is left whole for Litestream");
    }

    #[tokio::test(flavor = "multi_thread")]
    async fn the_readers_cannot_write_and_another_process_writing_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path()).unwrap();
        let refused = add_genre(&db.readers.get().unwrap(), "sneaked");
        assert!(refused.is_err());

        db.writer
            .write(|conn| add_genre(conn, "own"))
            .await
            .unwrap();
        tokio::time::sleep(WATCH_INTERVAL * 3).await;
        assert_eq!(
            db.outside_writes.count(),
            0,
            "its own writes are not outside"
        );

        let cli = crate::db::open(dir.path()).unwrap();
        add_genre(&cli.get().unwrap(), "from the CLI").unwrap();
        // Noticed within a few watch intervals; a busy machine may take longer.
        for _ in 0..100 {
            if db.outside_writes.count() > 0 {
                break;
            }
            tokio::time::sleep(WATCH_INTERVAL).await;
        }
        assert_eq!(db.outside_writes.count(), 1);
    }
}
