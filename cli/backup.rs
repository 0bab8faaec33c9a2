//! `backup` and `restore`.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, bail};
use halfstar::config::DataSettings;
use halfstar::db;
use halfstar::lock::DataDirLock;

pub fn backup(data: &DataSettings, file: &Path) -> anyhow::Result<ExitCode> {
    let database = data.database_path();
    if !database.exists() {
        bail!("no database at {}", database.display());
    }
    db::backup::copy(&database, file)?;
    if let Err(error) =
        db::site_settings::note_backup(&database, &halfstar::domain::timestamp::now())
    {
        eprintln!(
            "The backup is made, but its time could not be noted for the admin page: {error:#}"
        );
    }
    let size = std::fs::metadata(file)?.len();
    println!(
        "Backed up {} to {} ({:.1} MB).",
        database.display(),
        file.display(),
        size as f64 / 1e6
    );
    Ok(ExitCode::SUCCESS)
}

pub fn restore(data: &DataSettings, file: &Path) -> anyhow::Result<ExitCode> {
    if !file.is_file() {
        bail!("no backup at {}", file.display());
    }
    let _lock = DataDirLock::acquire(&data.data_dir)?;

    let health =
        db::check(file).with_context(|| format!("{} is not a database", file.display()))?;
    if health.integrity != ["ok"] {
        bail!(
            "{} is damaged, so nothing was replaced: {}",
            file.display(),
            health.integrity.join("; ")
        );
    }
    if health.applied.is_empty() {
        bail!(
            "{} is not a halfstar database, so nothing was replaced",
            file.display()
        );
    }
    if !health.unknown().is_empty() {
        bail!(
            "{} was written by a newer halfstar (migrations {:?} are unknown here); \
             upgrade halfstar first. Nothing was replaced.",
            file.display(),
            health.unknown()
        );
    }

    let database = data.database_path();
    let kept = if database.exists() {
        db::backup::fold_log(&database)?;
        let stamp = time::OffsetDateTime::now_utc().format(time::macros::format_description!(
            "[year][month][day]-[hour][minute][second]"
        ))?;
        let aside = database.with_file_name(format!("halfstar.db.before-restore-{stamp}"));
        std::fs::rename(&database, &aside)
            .with_context(|| format!("cannot move {} aside", database.display()))?;
        for leftover in ["halfstar.db-wal", "halfstar.db-shm"] {
            let _ = std::fs::remove_file(data.data_dir.join(leftover));
        }
        Some(aside)
    } else {
        None
    };
    db::backup::copy(file, &database)?;
    println!("Restored {} into {}.", file.display(), database.display());
    if let Some(aside) = kept {
        println!("The database it replaced is kept at {}.", aside.display());
    }
    if !health.pending().is_empty() {
        println!(
            "It is at an older version; migrations {:?} run when the server next starts.",
            health.pending()
        );
    }
    Ok(ExitCode::SUCCESS)
}
