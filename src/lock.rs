//! A lock on the data directory, held by a running server: a second server
//! or a restore there would pull the database out from under it.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

use anyhow::{Context, bail};

const LOCK_FILE: &str = "halfstar.lock";

/// Held until dropped; the operating system releases it if the process dies.
pub struct DataDirLock {
    _file: File,
}

impl DataDirLock {
    /// Creates the data directory when missing, then takes its lock.
    pub fn acquire(data_dir: &Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
        let path = data_dir.join(LOCK_FILE);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| {
                format!(
                    "cannot write {} (is the data directory writable by this user?)",
                    path.display()
                )
            })?;
        match file.try_lock() {
            Ok(()) => Ok(Self { _file: file }),
            Err(TryLockError::WouldBlock) => bail!(
                "a halfstar server is using {}; stop it first",
                data_dir.display()
            ),
            Err(TryLockError::Error(error)) => {
                Err(error).with_context(|| format!("cannot lock {}", path.display()))
            }
        }
    }
}
