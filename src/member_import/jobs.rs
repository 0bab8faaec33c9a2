//! Imports being prepared: each member's one file, received onto disk,
//! read and matched on a blocking thread (one file at a time, site-wide)
//! while the page polls its progress, then held for review until confirmed,
//! discarded or left idle. Kept in memory only: the file is the member's,
//! and a restart simply asks for it again.
//!
//! A member has at most one import. A new upload replaces the member's
//! previous import once it is ready or has failed (they chose another file;
//! the page shows one import at a time), and is refused while the previous
//! one is still being received, read, matched or written, with a message
//! that says so, since replacing it then would throw work away.
//!
//! A member with an import under way (received, read, matched, ready for
//! review or being written) holds one of the site's places for imports; a
//! written or failed import, kept for the page to show, holds none. The
//! places bound the files waiting on disk and the rows held in memory, and
//! an idle import gives its place back after a few minutes, so a handful of
//! accounts cannot keep everyone else from importing.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{Read, Seek};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use serde::Serialize;
use utoipa::ToSchema;

use super::matching::{Catalogue, Found, How, ImportCandidate};
use super::plan::ImportResult;
use super::{FileRow, Format, MOST_BYTES, Progress, Skipped};
pub use crate::config::ImportLimits;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ImportStatus {
    Reading,
    Matching,
    Ready,
    /// Confirmed, being written.
    Writing,
    Done,
    Failed,
}

impl ImportStatus {
    pub fn is_working(self) -> bool {
        matches!(self, Self::Reading | Self::Matching | Self::Writing)
    }

    /// Under way: it holds one of the site's places.
    fn holds_a_place(self) -> bool {
        !matches!(self, Self::Done | Self::Failed)
    }
}

/// One album of the file, and what it matched.
#[derive(Debug, Clone)]
pub struct JobRow {
    pub file: FileRow,
    pub found: Found,
    /// The album the member picked, over what matching found.
    pub chosen: Option<ImportCandidate>,
}

impl JobRow {
    /// The album this row will be written to, if any.
    pub fn album(&self) -> Option<(&ImportCandidate, How)> {
        match (&self.chosen, &self.found) {
            (Some(album), _) => Some((album, How::Chosen)),
            (None, Found::Matched(album, how)) => Some((album, *how)),
            _ => None,
        }
    }

    /// Without an album, but with candidates for the member to choose from.
    pub fn is_uncertain(&self) -> bool {
        self.album().is_none() && matches!(self.found, Found::Uncertain(_))
    }
}

/// Rows are the file's albums: a listening history's listens are grouped by album.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportCounts {
    pub rows: usize,
    pub matched: usize,
    pub uncertain: usize,
    pub missing: usize,
    /// Rows that could not be read.
    pub skipped: usize,
}

#[derive(Debug)]
pub struct JobState {
    pub status: ImportStatus,
    pub message: Option<String>,
    pub notes: Vec<String>,
    pub rows: Vec<JobRow>,
    pub skipped: Vec<Skipped>,
    pub result: Option<ImportResult>,
    /// The counts of a written import, whose rows are let go.
    counts_when_written: Option<ImportCounts>,
}

impl JobState {
    pub fn counts(&self) -> ImportCounts {
        if let Some(counts) = self.counts_when_written {
            return counts;
        }
        let mut counts = ImportCounts {
            rows: self.rows.len(),
            skipped: self.skipped.len(),
            ..ImportCounts::default()
        };
        for row in &self.rows {
            if row.album().is_some() {
                counts.matched += 1;
            } else if row.is_uncertain() {
                counts.uncertain += 1;
            } else {
                counts.missing += 1;
            }
        }
        counts
    }

    /// The import is written: it gives its place back, and its rows, of no
    /// more use, are let go; the page still shows what it did.
    pub fn written(&mut self, result: ImportResult) {
        self.counts_when_written = Some(self.counts());
        self.rows = Vec::new();
        self.skipped = Vec::new();
        self.result = Some(result);
        self.status = ImportStatus::Done;
    }
}

pub struct Job {
    pub id: String,
    pub user_id: i64,
    pub file_name: String,
    pub format: Format,
    pub progress: Progress,
    state: Mutex<JobState>,
    last_used: Mutex<Instant>,
    /// Replaced, discarded or expired: work still queued for it is skipped.
    forgotten: AtomicBool,
}

impl Job {
    pub fn state(&self) -> MutexGuard<'_, JobState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
    }

    fn unused_since(&self) -> Instant {
        *self.last_used.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn forget(&self) {
        self.forgotten.store(true, Ordering::Relaxed);
    }

    fn is_forgotten(&self) -> bool {
        self.forgotten.load(Ordering::Relaxed)
    }

    fn fail(&self, message: String) {
        {
            let mut state = self.state();
            state.status = ImportStatus::Failed;
            state.message = Some(message);
        }
        self.touch();
    }
}

/// Why an import cannot start now.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The member's previous file is still being received.
    StillUploading,
    /// The member's previous file is still being read, matched or written.
    StillReading,
    /// Every place is taken.
    Full,
}

/// The imports held, and the members whose file is being received.
#[derive(Default)]
struct Held {
    jobs: HashMap<String, Arc<Job>>,
    receiving: HashSet<i64>,
}

impl Held {
    fn members_job(&self, user_id: i64) -> Option<&Arc<Job>> {
        self.jobs.values().find(|job| job.user_id == user_id)
    }

    /// Members with an import under way or a file being received.
    fn places_taken(&self) -> usize {
        let mut members: HashSet<i64> = self.receiving.clone();
        members.extend(
            self.jobs
                .values()
                .filter(|job| job.state().status.holds_a_place())
                .map(|job| job.user_id),
        );
        members.len()
    }
}

pub struct Jobs {
    limits: ImportLimits,
    /// Where received files wait to be read (unnamed: gone when closed).
    spool: PathBuf,
    held: Mutex<Held>,
    /// Reading and matching are CPU work and hold a file in memory: one
    /// file at a time, waited for without holding a blocking thread, so a
    /// small machine keeps serving pages meanwhile.
    one_at_a_time: tokio::sync::Semaphore,
}

impl Default for Jobs {
    fn default() -> Self {
        Self::new(ImportLimits::DEFAULT, std::env::temp_dir())
    }
}

/// A member's file being received: their place, until it is accepted as
/// an import or given up.
pub struct Reception {
    jobs: Arc<Jobs>,
    user_id: i64,
    /// Handed on to the import it became.
    accepted: bool,
}

impl Reception {
    /// An empty file of its own on disk, for the upload to be written to.
    pub fn spool_file(&self) -> std::io::Result<File> {
        tempfile::tempfile_in(&self.jobs.spool)
    }
}

impl Drop for Reception {
    fn drop(&mut self) {
        if !self.accepted {
            self.jobs.held().receiving.remove(&self.user_id);
        }
    }
}

impl Jobs {
    pub fn new(limits: ImportLimits, spool: PathBuf) -> Self {
        Self {
            limits,
            spool,
            held: Mutex::default(),
            one_at_a_time: tokio::sync::Semaphore::new(1),
        }
    }

    pub fn limits(&self) -> ImportLimits {
        self.limits
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let idle = self.limits.idle;
        held.jobs.retain(|_, job| {
            let kept = job.unused_since().elapsed() < idle;
            if !kept {
                job.forget();
            }
            kept
        });
        held
    }

    /// A place for the member's next file, taken before a byte of it is
    /// read (see the module's doc for when a member is refused).
    pub fn receive(self: &Arc<Self>, user_id: i64) -> Result<Reception, Refused> {
        let mut held = self.held();
        if held.receiving.contains(&user_id) {
            return Err(Refused::StillUploading);
        }
        let previous = held.members_job(user_id).map(|job| job.state().status);
        if previous.is_some_and(ImportStatus::is_working) {
            return Err(Refused::StillReading);
        }
        // Replacing their own ready import needs no new place.
        let has_a_place = previous.is_some_and(ImportStatus::holds_a_place);
        if !has_a_place && held.places_taken() >= self.limits.places {
            return Err(Refused::Full);
        }
        held.receiving.insert(user_id);
        Ok(Reception {
            jobs: self.clone(),
            user_id,
            accepted: false,
        })
    }

    /// The received file becomes the member's import, replacing their previous one.
    pub fn start(&self, mut reception: Reception, file_name: &str, format: Format) -> Arc<Job> {
        let user_id = reception.user_id;
        let job = Arc::new(Job {
            id: crate::auth::new_token(),
            user_id,
            file_name: file_name.to_owned(),
            format,
            progress: Progress::default(),
            state: Mutex::new(JobState {
                status: ImportStatus::Reading,
                message: None,
                notes: Vec::new(),
                rows: Vec::new(),
                skipped: Vec::new(),
                result: None,
                counts_when_written: None,
            }),
            last_used: Mutex::new(Instant::now()),
            forgotten: AtomicBool::new(false),
        });
        let mut held = self.held();
        held.jobs.retain(|_, previous| {
            let kept = previous.user_id != user_id;
            if !kept {
                previous.forget();
            }
            kept
        });
        held.receiving.remove(&user_id);
        reception.accepted = true;
        held.jobs.insert(job.id.clone(), job.clone());
        job
    }

    /// The member's import of that id; nobody else's.
    pub fn get(&self, user_id: i64, id: &str) -> Option<Arc<Job>> {
        let job = self
            .held()
            .jobs
            .get(id)
            .filter(|job| job.user_id == user_id)
            .cloned()?;
        job.touch();
        Some(job)
    }

    pub fn current(&self, user_id: i64) -> Option<Arc<Job>> {
        let job = self.held().members_job(user_id).cloned()?;
        job.touch();
        Some(job)
    }

    pub fn remove(&self, user_id: i64, id: &str) -> bool {
        let mut held = self.held();
        match held.jobs.get(id) {
            Some(job) if job.user_id == user_id => {
                job.forget();
                held.jobs.remove(id).is_some()
            }
            _ => false,
        }
    }

    /// Reads the received file and matches its rows, in turn with other
    /// files; nothing is done for an import forgotten meanwhile.
    pub async fn read_in_turn(
        self: Arc<Self>,
        job: Arc<Job>,
        file: File,
        catalogue: impl CatalogueSource + Send + 'static,
    ) {
        let Ok(_turn) = self.one_at_a_time.acquire().await else {
            return;
        };
        if job.is_forgotten() {
            return;
        }
        let jobs = self.clone();
        let read = tokio::task::spawn_blocking(move || match contents(file) {
            Ok(bytes) => jobs.read_and_match(&job, &bytes, catalogue),
            Err(error) => job.fail(format!("The file could not be read back: {error}")),
        });
        if let Err(error) = read.await {
            tracing::error!(%error, "reading an import failed");
        }
    }

    /// Reads the file and matches its rows (on a blocking thread). The
    /// catalogue is opened once the file is known to be readable.
    pub fn read_and_match(&self, job: &Job, bytes: &[u8], catalogue: impl CatalogueSource) {
        let parsed = match super::read(bytes, job.format, &job.progress) {
            Ok(parsed) => parsed,
            Err(message) => return job.fail(message),
        };
        if parsed.rows.is_empty() {
            let why = match parsed.skipped.first() {
                Some(first) => format!(
                    "No album in this file could be read (line {}: {}).",
                    first.line, first.problem
                ),
                None => "This file names no albums.".to_owned(),
            };
            return job.fail(why);
        }
        {
            let mut state = job.state();
            state.status = ImportStatus::Matching;
            state.notes = parsed.notes;
            state.skipped = parsed.skipped;
        }
        let found = match catalogue.find_all(parsed.rows.iter(), &job.progress) {
            Ok(found) => found,
            Err(message) => return job.fail(message),
        };
        {
            let mut state = job.state();
            state.rows = parsed
                .rows
                .into_iter()
                .zip(found)
                .map(|(file, found)| JobRow {
                    file,
                    found,
                    chosen: None,
                })
                .collect();
            state.status = ImportStatus::Ready;
        }
        // Idle from now: the time to review counts from when there is something to review.
        job.touch();
    }

    /// Matches the rows without an album again (after editors added some),
    /// in turn with the files being read; rows the member chose stay as chosen.
    pub async fn match_again_in_turn(
        self: Arc<Self>,
        job: Arc<Job>,
        catalogue: impl CatalogueSource + Send + 'static,
    ) {
        let Ok(_turn) = self.one_at_a_time.acquire().await else {
            return;
        };
        let matched = tokio::task::spawn_blocking(move || match_again(&job, catalogue));
        if let Err(error) = matched.await {
            tracing::error!(%error, "matching an import again failed");
        }
    }

    /// Moves a ready import on to matching again; false when it is not ready.
    pub fn begin_matching(&self, job: &Job) -> bool {
        let mut state = job.state();
        if state.status != ImportStatus::Ready {
            return false;
        }
        state.status = ImportStatus::Matching;
        true
    }
}

/// Where matching reads the catalogue from: a database connection, opened
/// on the matching thread once there are rows to match.
pub trait CatalogueSource {
    fn find_all<'r>(
        self,
        rows: impl ExactSizeIterator<Item = &'r FileRow>,
        progress: &Progress,
    ) -> Result<Vec<Found>, String>;
}

impl<C, F> CatalogueSource for F
where
    F: FnOnce() -> Result<C, String>,
    C: std::ops::Deref<Target = rusqlite::Connection>,
{
    fn find_all<'r>(
        self,
        rows: impl ExactSizeIterator<Item = &'r FileRow>,
        progress: &Progress,
    ) -> Result<Vec<Found>, String> {
        let conn = self()?;
        Catalogue::new(&conn)
            .find_all(rows, progress)
            .map_err(|error| format!("The catalogue cannot be read: {error}"))
    }
}

/// The whole of a received file, read back from the start.
fn contents(mut file: File) -> std::io::Result<Vec<u8>> {
    file.rewind()?;
    let size = file.metadata()?.len().min(MOST_BYTES as u64);
    let mut bytes = Vec::with_capacity(size as usize);
    // The file was received within the limit; the bound holds even so.
    file.take(MOST_BYTES as u64).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn match_again(job: &Job, catalogue: impl CatalogueSource) {
    let open: Vec<(usize, FileRow)> = job
        .state()
        .rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.album().is_none())
        .map(|(at, row)| (at, row.file.clone()))
        .collect();
    let found = match catalogue.find_all(open.iter().map(|(_, file)| file), &job.progress) {
        Ok(found) => found,
        Err(message) => return job.fail(message),
    };
    {
        let mut state = job.state();
        for ((at, _), found) in open.into_iter().zip(found) {
            state.rows[at].found = found;
        }
        state.status = ImportStatus::Ready;
    }
    job.touch();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(places: usize) -> Arc<Jobs> {
        Arc::new(Jobs::new(
            ImportLimits {
                places,
                ..ImportLimits::DEFAULT
            },
            std::env::temp_dir(),
        ))
    }

    fn started(jobs: &Arc<Jobs>, user_id: i64, file_name: &str) -> Result<Arc<Job>, Refused> {
        let reception = jobs.receive(user_id)?;
        Ok(jobs.start(reception, file_name, Format::Rym))
    }

    fn ready(job: &Job) {
        job.state().status = ImportStatus::Ready;
    }

    #[test]
    fn one_import_per_member_and_nobody_elses() {
        let jobs = jobs(32);
        let first = started(&jobs, 1, "a.csv").unwrap();
        assert_eq!(
            started(&jobs, 1, "b.csv").err(),
            Some(Refused::StillReading),
            "the first is still reading"
        );
        first.fail("broken".to_owned());
        let second = started(&jobs, 1, "b.csv").unwrap();
        assert!(jobs.get(1, &first.id).is_none(), "replaced");
        assert!(first.is_forgotten(), "its queued work is skipped");
        assert!(jobs.get(2, &second.id).is_none(), "another member's");
        assert_eq!(
            jobs.current(1).map(|j| j.id.clone()),
            Some(second.id.clone())
        );
        assert!(!jobs.remove(2, &second.id));
        assert!(jobs.remove(1, &second.id));
        assert!(jobs.current(1).is_none());
    }

    #[test]
    fn a_members_second_file_is_refused_while_the_first_is_received() {
        let jobs = jobs(32);
        let receiving = jobs.receive(1).unwrap();
        assert_eq!(jobs.receive(1).err(), Some(Refused::StillUploading));
        assert!(jobs.receive(2).is_ok(), "another member");
        drop(receiving);
        let again = jobs.receive(1).expect("a file given up frees the member");
        let job = jobs.start(again, "a.csv", Format::Rym);
        ready(&job);
        assert!(jobs.receive(1).is_ok(), "a ready import may be replaced");
    }

    #[test]
    fn a_file_with_no_albums_fails_with_the_first_problem() {
        let jobs = jobs(32);
        let job = jobs.start(jobs.receive(1).unwrap(), "x.csv", Format::DiscogsWantlist);
        let text = b"Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,Notes\nX,,,L,LP,,1990,1,\n";
        jobs.read_and_match(&job, text, || {
            Ok::<_, String>(Box::new(crate::db::test_connection()))
        });
        let state = job.state();
        assert_eq!(state.status, ImportStatus::Failed);
        assert_eq!(
            state.message.as_deref(),
            Some("No album in this file could be read (line 2: no artist or no title).")
        );
    }

    #[test]
    fn places_are_members_with_an_import_under_way() {
        let jobs = jobs(3);
        let receiving = jobs.receive(0).unwrap();
        let reading = started(&jobs, 1, "f").unwrap();
        let reviewed = started(&jobs, 2, "f").unwrap();
        ready(&reviewed);
        assert_eq!(jobs.receive(3).err(), Some(Refused::Full));
        assert!(
            started(&jobs, 2, "again").is_ok(),
            "a member replacing their own import needs no new place"
        );
        assert_eq!(jobs.receive(3).err(), Some(Refused::Full));

        drop(receiving);
        let third = started(&jobs, 3, "f").expect("a file given up frees its place");
        assert_eq!(jobs.receive(4).err(), Some(Refused::Full));
        reading.fail("broken".to_owned());
        let fourth = started(&jobs, 4, "f").expect("a failed import holds no place");
        ready(&fourth);
        fourth.state().written(ImportResult::default());
        assert!(
            jobs.current(4).is_some(),
            "a written import stays for the page"
        );
        let fifth = started(&jobs, 5, "f").expect("a written import holds no place");
        assert!(jobs.remove(3, &third.id));
        assert!(
            started(&jobs, 6, "f").is_ok(),
            "a discarded import frees its place"
        );
        drop(fifth);
    }

    #[test]
    fn a_written_import_keeps_its_counts_and_lets_its_rows_go() {
        let jobs = jobs(32);
        let job = started(&jobs, 1, "f").unwrap();
        job.state().rows = vec![JobRow {
            file: FileRow::new(2, "Burial", "Untrue", super::super::Shelf::Owned),
            found: Found::Missing,
            chosen: None,
        }];
        job.state().written(ImportResult::default());
        let state = job.state();
        assert!(state.rows.is_empty());
        assert_eq!((state.counts().rows, state.counts().missing), (1, 1));
        assert_eq!(state.status, ImportStatus::Done);
    }

    #[test]
    fn an_idle_import_is_forgotten_and_one_looked_at_is_kept() {
        let idle = std::time::Duration::from_millis(800);
        let jobs = Arc::new(Jobs::new(
            ImportLimits { idle, places: 1 },
            std::env::temp_dir(),
        ));
        let job = started(&jobs, 1, "f").unwrap();
        ready(&job);
        for _ in 0..10 {
            std::thread::sleep(idle / 4);
            assert!(jobs.get(1, &job.id).is_some(), "looked at: kept");
        }
        assert_eq!(jobs.receive(2).err(), Some(Refused::Full));
        std::thread::sleep(idle * 2);
        assert!(jobs.receive(2).is_ok(), "idle: its place is freed");
        assert!(jobs.current(1).is_none());
        assert!(job.is_forgotten());
    }
}
