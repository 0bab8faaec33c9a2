//! `media`: the pictures the site keeps and serves itself.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Subcommand;
use halfstar::config::{DataSettings, PictureSettings};
use halfstar::db::pictures;
use halfstar::db::pictures::PictureFigures;
use halfstar::domain::timestamp::now;
use halfstar::pictures::fetch::Fetcher;
use halfstar::pictures::worker;
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Subcommand)]
pub enum MediaCommand {
    /// How many pictures are kept, waiting or refused, the room they take,
    /// and why the latest were refused.
    Status,
    /// Fetch every picture not kept yet now (those waiting to be tried again
    /// and those refused too), with a progress bar.
    Fetch {
        /// Fetch the kept ones again as well (their hosts may have new ones).
        #[arg(long)]
        again: bool,
        #[command(flatten)]
        settings: PictureSettings,
    },
    /// Remove the pictures no album, artist or member uses any more.
    Prune,
}

pub fn run(data: &DataSettings, command: MediaCommand) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    match command {
        MediaCommand::Status => {
            println!("{}", described(&pictures::figures(&conn)?));
            for (url, why) in pictures::latest_refusals(&conn, 10)? {
                println!("  {url}: {why}");
            }
        }
        MediaCommand::Fetch { again, settings } => {
            pictures::fetch_again(&conn, again)?;
            let total = pictures::figures(&conn)?.pending;
            let bar = std::io::stderr().is_terminal().then(|| {
                let bar = ProgressBar::new(total as u64);
                bar.set_style(
                    ProgressStyle::with_template("{bar:30} {pos}/{len} pictures")
                        .expect("a valid template"),
                );
                bar
            });
            let fetcher = Fetcher::new(settings.fetching());
            let in_flight = settings.pictures_in_flight as usize;
            let tick = || {
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            };
            let mut kept = 0;
            loop {
                let due = pictures::due(&conn, &now(), (in_flight * 4) as u32)?;
                if due.is_empty() {
                    break;
                }
                let outcomes = worker::fetch_all(&due, &fetcher, in_flight, &tick);
                kept += outcomes.iter().filter(|o| o.result.is_ok()).count();
                let transaction = conn.transaction()?;
                worker::record(&transaction, &outcomes)?;
                transaction.commit()?;
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            println!(
                "Fetched {kept} of {total}. {}.",
                described(&pictures::figures(&conn)?)
            );
        }
        MediaCommand::Prune => {
            let removed = pictures::prune(&conn)?;
            println!("Removed {removed} pictures nothing uses.");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// "12 kept (1.4 MB), 3 waiting, 1 refused".
fn described(figures: &PictureFigures) -> String {
    format!(
        "{} kept ({:.1} MB), {} waiting, {} refused",
        figures.ready,
        figures.bytes as f64 / 1024.0 / 1024.0,
        figures.pending,
        figures.failed
    )
}
