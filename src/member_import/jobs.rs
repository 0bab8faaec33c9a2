//! Imports being prepared: each member's one file, read and matched on a
//! blocking thread while the page polls its progress, then held for review
//! until confirmed, discarded or an hour unused. Kept in memory only: the
//! file is the member's, and a restart simply asks for it again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::Serialize;
use utoipa::ToSchema;

use super::matching::{Catalogue, Found, How, ImportCandidate};
use super::plan::ImportResult;
use super::{FileRow, Format, Progress, Skipped};

/// An import unused this long is forgotten.
const LIFETIME: Duration = Duration::from_secs(60 * 60);
/// Imports held at once, across members, so memory stays bounded.
const MOST_HELD: usize = 32;

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
}

#[derive(Debug)]
pub struct JobState {
    pub status: ImportStatus,
    pub message: Option<String>,
    pub notes: Vec<String>,
    pub rows: Vec<JobRow>,
    pub skipped: Vec<Skipped>,
    pub result: Option<ImportResult>,
}

pub struct Job {
    pub id: String,
    pub user_id: i64,
    pub file_name: String,
    pub format: Format,
    pub progress: Progress,
    state: Mutex<JobState>,
    last_used: Mutex<Instant>,
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

    fn fail(&self, message: String) {
        let mut state = self.state();
        state.status = ImportStatus::Failed;
        state.message = Some(message);
    }
}

/// Why an import cannot start now.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The member's previous file is still being read.
    StillReading,
    /// Too many members are importing at once.
    Full,
}

#[derive(Default)]
pub struct Jobs {
    held: Mutex<HashMap<String, Arc<Job>>>,
    /// Reading and matching are CPU work: one file at a time, so a small
    /// machine keeps serving pages meanwhile.
    one_at_a_time: Mutex<()>,
}

impl Jobs {
    fn held(&self) -> MutexGuard<'_, HashMap<String, Arc<Job>>> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.retain(|_, job| job.unused_since().elapsed() < LIFETIME);
        held
    }

    /// A new import for the member, replacing their previous one.
    pub fn start(
        &self,
        user_id: i64,
        file_name: &str,
        format: Format,
    ) -> Result<Arc<Job>, Refused> {
        let mut held = self.held();
        if held
            .values()
            .any(|job| job.user_id == user_id && job.state().status.is_working())
        {
            return Err(Refused::StillReading);
        }
        held.retain(|_, job| job.user_id != user_id);
        if held.len() >= MOST_HELD {
            return Err(Refused::Full);
        }
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
            }),
            last_used: Mutex::new(Instant::now()),
        });
        held.insert(job.id.clone(), job.clone());
        Ok(job)
    }

    /// The member's import of that id; nobody else's.
    pub fn get(&self, user_id: i64, id: &str) -> Option<Arc<Job>> {
        let job = self
            .held()
            .get(id)
            .filter(|job| job.user_id == user_id)
            .cloned()?;
        job.touch();
        Some(job)
    }

    pub fn current(&self, user_id: i64) -> Option<Arc<Job>> {
        let job = self
            .held()
            .values()
            .find(|job| job.user_id == user_id)
            .cloned()?;
        job.touch();
        Some(job)
    }

    pub fn remove(&self, user_id: i64, id: &str) -> bool {
        let mut held = self.held();
        match held.get(id) {
            Some(job) if job.user_id == user_id => held.remove(id).is_some(),
            _ => false,
        }
    }

    /// Reads the file and matches its rows (on a blocking thread). The
    /// catalogue is loaded once the file is known to be readable.
    pub fn read_and_match(
        &self,
        job: &Job,
        bytes: &[u8],
        catalogue: impl FnOnce() -> Result<Vec<ImportCandidate>, String>,
    ) {
        let _turn = self.one_at_a_time.lock().unwrap_or_else(|p| p.into_inner());
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
        let mut catalogue = match catalogue() {
            Ok(albums) => Catalogue::new(albums),
            Err(message) => return job.fail(message),
        };
        let found = catalogue.find_all(parsed.rows.iter(), &job.progress);
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

    /// Matches the rows without an album again (after editors added some);
    /// rows the member chose stay as chosen.
    pub fn match_again(
        &self,
        job: &Job,
        catalogue: impl FnOnce() -> Result<Vec<ImportCandidate>, String>,
    ) {
        let _turn = self.one_at_a_time.lock().unwrap_or_else(|p| p.into_inner());
        let mut catalogue = match catalogue() {
            Ok(albums) => Catalogue::new(albums),
            Err(message) => return job.fail(message),
        };
        let open: Vec<(usize, FileRow)> = job
            .state()
            .rows
            .iter()
            .enumerate()
            .filter(|(_, row)| row.album().is_none())
            .map(|(at, row)| (at, row.file.clone()))
            .collect();
        let found = catalogue.find_all(open.iter().map(|(_, file)| file), &job.progress);
        let mut state = job.state();
        for ((at, _), found) in open.into_iter().zip(found) {
            state.rows[at].found = found;
        }
        state.status = ImportStatus::Ready;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_import_per_member_and_nobody_elses() {
        let jobs = Jobs::default();
        let first = jobs.start(1, "a.csv", Format::Rym).unwrap();
        assert_eq!(
            jobs.start(1, "b.csv", Format::Rym).err(),
            Some(Refused::StillReading),
            "the first is still reading"
        );
        first.fail("broken".to_owned());
        let second = jobs.start(1, "b.csv", Format::Rym).unwrap();
        assert!(jobs.get(1, &first.id).is_none(), "replaced");
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
    fn a_file_with_no_albums_fails_with_the_first_problem() {
        let jobs = Jobs::default();
        let job = jobs.start(1, "x.csv", Format::DiscogsWantlist).unwrap();
        let text = b"Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,Notes\nX,,,L,LP,,1990,1,\n";
        jobs.read_and_match(&job, text, || Ok(Vec::new()));
        let state = job.state();
        assert_eq!(state.status, ImportStatus::Failed);
        assert_eq!(
            state.message.as_deref(),
            Some("No album in this file could be read (line 2: no artist or no title).")
        );
    }

    #[test]
    fn holds_a_bounded_number_of_imports() {
        let jobs = Jobs::default();
        for member in 0..MOST_HELD as i64 {
            jobs.start(member, "f", Format::Rym).unwrap();
        }
        assert_eq!(jobs.start(999, "f", Format::Rym).err(), Some(Refused::Full));
        assert!(
            jobs.start(0, "again", Format::Rym).is_err(),
            "still reading"
        );
    }
}
