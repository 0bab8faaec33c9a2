//! `import-user NAME FILE`: a member's ratings, library, wishlist or listens
//! from another site's export, read, matched and written as the site's
//! "Import my data" page does, with a progress bar for large files.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use halfstar::db::users;
use halfstar::domain::timestamp::now;
use halfstar::member_import::matching::{Catalogue, Found, ImportCandidate};
use halfstar::member_import::plan::{ImportEffects, ImportResult, plan};
use halfstar::member_import::write as import_write;
use halfstar::member_import::{self as reading, Asked, FileRow, MOST_BYTES, Progress};
use indicatif::{ProgressBar, ProgressStyle};

/// Rows of each kind printed before "... and N more".
const ROWS_SHOWN: usize = 20;

pub struct Options {
    pub format: String,
    pub file_wins: bool,
    pub accept_best: bool,
    pub dry_run: bool,
}

pub fn run(
    data: &halfstar::config::DataSettings,
    name: &str,
    file: &Path,
    options: &Options,
) -> anyhow::Result<ExitCode> {
    let asked: Asked = options.format.parse().map_err(anyhow::Error::msg)?;
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    let user =
        users::by_username(&conn, name)?.with_context(|| format!("no member called {name}"))?;
    let size = std::fs::metadata(file)
        .with_context(|| format!("cannot read {}", file.display()))?
        .len();
    if size > MOST_BYTES as u64 {
        bail!(
            "{} is larger than {} MB",
            file.display(),
            MOST_BYTES / 1024 / 1024
        );
    }
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let format = reading::detect(&bytes, asked).map_err(anyhow::Error::msg)?;
    eprintln!("{}: {}", file.display(), format.name());

    let parsed = with_progress("Reading", |progress| {
        reading::read(&bytes, format, progress)
    })
    .map_err(anyhow::Error::msg)?;
    for note in &parsed.notes {
        eprintln!("  {note}");
    }
    let mut catalogue = Catalogue::new(&conn);
    let found = with_progress("Matching", |progress| {
        catalogue.find_all(parsed.rows.iter(), progress)
    })?;

    let mut matched: Vec<(&FileRow, i64)> = Vec::new();
    let (mut uncertain, mut missing) = (Vec::new(), Vec::new());
    for (row, found) in parsed.rows.iter().zip(&found) {
        match found {
            Found::Matched(album, _) => matched.push((row, album.album_id)),
            Found::Uncertain(candidates) => {
                if options.accept_best {
                    matched.push((row, candidates[0].album_id));
                }
                uncertain.push((row, candidates));
            }
            Found::Missing => missing.push(row),
        }
    }
    println!(
        "{} albums in the file: {} matched, {} uncertain, {} not in the catalogue, {} rows unreadable.",
        parsed.rows.len(),
        parsed.rows.len() - uncertain.len() - missing.len(),
        uncertain.len(),
        missing.len(),
        parsed.skipped.len()
    );
    let uncertain_heading = if options.accept_best {
        "Uncertain (the first candidate taken, as --accept-best asks)"
    } else {
        "Uncertain (left out; --accept-best takes the first candidate)"
    };
    print_some(uncertain_heading, &uncertain, |(row, candidates)| {
        let names: Vec<String> = candidates.iter().map(describe).collect();
        format!(
            "line {}: {} – {}?  {}",
            row.line,
            row.artist,
            row.title,
            names.join(" | ")
        )
    });
    print_some("Not in the catalogue yet", &missing, |row| {
        format!("line {}: {} – {}", row.line, row.artist, row.title)
    });
    print_some("Unreadable", &parsed.skipped, |skipped| {
        format!("line {}: {}", skipped.line, skipped.problem)
    });

    let planned = plan(matched);
    // Plays of albums left unmatched are kept without one, as a player's are.
    let unmatched_plays: Vec<_> = missing
        .iter()
        .copied()
        .chain(
            uncertain
                .iter()
                .filter(|_| !options.accept_best)
                .map(|(row, _)| *row),
        )
        .flat_map(|row| row.player_plays.iter().cloned())
        .collect();
    if options.dry_run {
        let mut effects = import_write::effects(&conn, user.id, &planned)?;
        effects.player_plays += u32::try_from(unmatched_plays.len()).unwrap_or(u32::MAX);
        println!(
            "Dry run, nothing written. Confirming would: {}",
            describe_effects(&effects)
        );
        return Ok(ExitCode::SUCCESS);
    }
    let transaction = conn.transaction()?;
    let result = import_write::apply(
        &transaction,
        user.id,
        &planned,
        &unmatched_plays,
        options.file_wins,
        &now(),
    )?;
    transaction.commit()?;
    println!(
        "Imported for {}: {}",
        user.username,
        describe_result(&result)
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `work` with a progress bar on a terminal, fed from its `Progress`.
fn with_progress<T>(label: &str, work: impl FnOnce(&Progress) -> T) -> T {
    let progress = Progress::default();
    if !std::io::stderr().is_terminal() {
        return work(&progress);
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{msg:10} {bar:30} {pos}/{len}").expect("a valid template"),
    );
    bar.set_message(label.to_owned());
    let finished = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                let (done, total) = progress.get();
                bar.set_length(total);
                bar.set_position(done);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let result = work(&progress);
        finished.store(true, Ordering::Relaxed);
        result
    });
    let (done, total) = progress.get();
    bar.set_length(total);
    bar.set_position(done);
    bar.finish();
    result
}

fn print_some<T>(heading: &str, rows: &[T], line: impl Fn(&T) -> String) {
    if rows.is_empty() {
        return;
    }
    println!("{heading}:");
    for row in rows.iter().take(ROWS_SHOWN) {
        println!("  {}", line(row));
    }
    if rows.len() > ROWS_SHOWN {
        println!("  ... and {} more", rows.len() - ROWS_SHOWN);
    }
}

fn describe(candidate: &ImportCandidate) -> String {
    format!(
        "{} – {} ({}, {}%)",
        candidate.artist, candidate.title, candidate.year, candidate.score
    )
}

fn describe_effects(effects: &ImportEffects) -> String {
    format!(
        "add {} ratings ({} of yours differ and stay unless --file-wins, {} the same), {} library albums, {} wishlist albums, {} listened albums, {} reviews; bring {} track ratings of matched albums and {} plays from music players",
        effects.ratings_added,
        effects.ratings_differing,
        effects.ratings_same,
        effects.library_added,
        effects.wishlist_added,
        effects.listened,
        effects.reviews_added,
        effects.track_ratings,
        effects.player_plays
    )
}

fn describe_result(result: &ImportResult) -> String {
    format!(
        "{} ratings added, {} changed, {} of theirs kept, {} the same; {} library albums, {} wishlist albums, {} listened albums, {} reviews added ({} kept); {} diary listens; {} track ratings added, {} changed, {} of theirs kept, {} of tracks not listed here; {} plays from music players",
        result.ratings_added,
        result.ratings_changed,
        result.ratings_kept,
        result.ratings_same,
        result.library_added,
        result.wishlist_added,
        result.listened,
        result.reviews_added,
        result.reviews_kept,
        result.diary_logged,
        result.track_ratings_added,
        result.track_ratings_changed,
        result.track_ratings_kept,
        result.track_ratings_unplaced,
        result.player_plays_kept
    )
}
