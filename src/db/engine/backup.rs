//! Whole-database copies: a backup taken while the server keeps serving, and
//! a restore that checks the copy before it replaces anything.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::BUSY_TIMEOUT;

/// Copies the database at `from` to `to` through SQLite's online backup, in
/// one step: one read transaction, so the copy is a single moment of the
/// data even while the server writes (in WAL mode readers block no one).
/// The copy is written beside `to` and renamed over it only when complete.
pub fn copy(from: &Path, to: &Path) -> anyhow::Result<()> {
    let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", from.display()))?;
    source.busy_timeout(BUSY_TIMEOUT)?;
    let partial = partial_path(to);
    remove_if_present(&partial)?;
    let mut copy = Connection::open(&partial)
        .with_context(|| format!("cannot write {}", partial.display()))?;
    let copied = Backup::new(&source, &mut copy)
        .and_then(|backup| backup.step(-1))
        .with_context(|| format!("copying {} failed", from.display()))
        .and_then(|step| match step {
            StepResult::Done => Ok(()),
            // Busy or locked: another connection held what the copy needed.
            other => Err(anyhow!(
                "copying {} stopped early: {other:?}",
                from.display()
            )),
        });
    if let Err(error) = copied {
        drop(copy);
        remove_if_present(&partial)?;
        return Err(error);
    }
    // One self-contained file: no write-ahead log beside it.
    copy.execute_batch("PRAGMA journal_mode = DELETE;")?;
    drop(copy);
    std::fs::rename(&partial, to)
        .with_context(|| format!("cannot move the copy to {}", to.display()))?;
    Ok(())
}

/// Folds any write-ahead log into the database file, so the file alone is
/// the whole database and can be moved.
pub fn fold_log(path: &Path) -> anyhow::Result<()> {
    let conn = Connection::open(path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")?;
    Ok(())
}

fn partial_path(to: &Path) -> PathBuf {
    let mut name = to.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    to.with_file_name(name)
}

fn remove_if_present(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(error).with_context(|| format!("cannot remove {}", path.display()))
        }
        _ => Ok(()),
    }
}
