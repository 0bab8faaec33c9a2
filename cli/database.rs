//! `demo`, `migrate` and `check`.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::bail;
use halfstar::config::DataSettings;
use halfstar::db::seed::synthetic;
use halfstar::{auth, db, demo};

pub fn demo(data: &DataSettings) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let summary = demo::load(
        &mut *pool.get()?,
        &auth::hash_password(demo::DEMO_PASSWORD)?,
    )?;
    println!("Loaded the demo: {summary}.");
    println!("Demo accounts use the password '{}'.", demo::DEMO_PASSWORD);
    db::closing_checkpoint(&pool, data.checkpoints)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SyntheticSize {
    Small,
    Large,
}

pub fn synthetic(data: &DataSettings, size: SyntheticSize) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    if db::artists::count(&conn)? > 0 {
        bail!("the database already has a catalogue: use an empty data directory");
    }
    let scale = match size {
        SyntheticSize::Small => synthetic::Scale::SMALL,
        SyntheticSize::Large => synthetic::Scale::LARGE,
    };
    let started = Instant::now();
    let made = synthetic::generate(&mut conn, scale, &|stage| {
        eprintln!("{:>6.1} s  {stage}", started.elapsed().as_secs_f64());
    })?;
    drop(conn);
    db::closing_checkpoint(&pool, data.checkpoints)?;
    println!(
        "Made {} artists, {} albums, {} members, {} ratings, {} reviews, {} comments, {} posts and {} lists in {:.1} s.",
        made.artists,
        made.albums,
        made.users,
        made.ratings,
        made.reviews,
        made.comments,
        made.posts,
        made.lists,
        started.elapsed().as_secs_f64()
    );
    println!(
        "Members member1 to member{n} are signed in with the tokens synthetic-1 to synthetic-{n}.",
        n = scale.signed_in
    );
    Ok(ExitCode::SUCCESS)
}

pub fn migrate(data: &DataSettings) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let health = db::check(&data.database_path())?;
    println!(
        "Database {} is at migration {}.",
        data.database_path().display(),
        health.applied.iter().max().copied().unwrap_or(0)
    );
    db::closing_checkpoint(&pool, data.checkpoints)?;
    Ok(ExitCode::SUCCESS)
}

pub fn check(data: &DataSettings) -> anyhow::Result<ExitCode> {
    let path = data.database_path();
    if !path.exists() {
        bail!("no database at {}", path.display());
    }
    let health = db::check(&path)?;
    println!("database: {}", path.display());
    println!("integrity: {}", health.integrity.join("; "));
    println!("foreign key violations: {}", health.foreign_key_violations);
    println!(
        "albums and lists with wrong counters: {}",
        health.counters_off
    );
    println!(
        "artists and albums with a stale import match key: {}",
        health.match_keys_off
    );
    let list = |versions: &[i32]| {
        if versions.is_empty() {
            "none".to_owned()
        } else {
            versions
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    println!("migrations applied: {}", list(&health.applied));
    println!("migrations pending: {}", list(&health.pending()));
    if !health.unknown().is_empty() {
        println!(
            "migrations from a newer halfstar: {}",
            list(&health.unknown())
        );
    }
    if health.is_ok() {
        println!("ok");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("problems found");
        Ok(ExitCode::FAILURE)
    }
}
