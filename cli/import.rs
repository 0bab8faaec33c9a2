//! `import`: fill the catalogue from MusicBrainz, the Cover Art Archive,
//! Last.fm and Discogs.

use std::collections::HashSet;
use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Subcommand;
use halfstar::config::{DataSettings, ImportSources};
use halfstar::db::{self, artists, imports};
use halfstar::domain::timestamp::now;
use halfstar::import::pipeline::{self, Plan, Planned, Progress, Request};
use halfstar::import::sources::Sources;
use halfstar::import::store::{self, Summary};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Add an artist and their studio albums (with a front cover) from MusicBrainz.
    Artist {
        name: String,
        /// The artist's MusicBrainz id, when the name matches several artists.
        #[arg(long)]
        mbid: Option<String>,
        /// Print what would be added and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Genre for albums that no source classifies.
        #[arg(long)]
        default_genre: Option<String>,
        #[command(flatten)]
        sources: ImportSources,
    },
    /// Add the albums of an already imported artist that are still missing.
    UpdateAlbums {
        name: String,
        #[command(flatten)]
        sources: ImportSources,
    },
    /// Add the albums of a JSON file: a list of album payloads, as
    /// POST /api/album/create-many takes them (title, artist, releaseDate,
    /// pictureUrl, genres, type). Albums already there, or of an artist not
    /// in the catalogue, are skipped with the reason.
    File { path: std::path::PathBuf },
    /// Fetch the front covers of imported albums again (one artist's, or all).
    UpdatePictures {
        name: Option<String>,
        #[command(flatten)]
        sources: ImportSources,
    },
}

pub fn run(data: &DataSettings, command: ImportCommand) -> anyhow::Result<ExitCode> {
    let pool = db::open(&data.data_dir)?;
    let mut conn = pool.get()?;
    match command {
        ImportCommand::Artist {
            name,
            mbid,
            dry_run,
            default_genre,
            sources,
        } => {
            let known = HashSet::new();
            let request = Request {
                name: &name,
                mbid: mbid.as_deref(),
                default_genre: default_genre.as_deref(),
                known: &known,
            };
            let Some(plan) = plan_or_explain(&Sources::new(sources.settings()), &request)? else {
                return Ok(ExitCode::FAILURE);
            };
            if dry_run {
                print_plan(&plan);
                return Ok(ExitCode::SUCCESS);
            }
            print_summary(&plan, &store::apply(&mut conn, &plan)?);
        }
        ImportCommand::UpdateAlbums { name, sources } => {
            let Some(artist_id) = artists::find(&conn, &name)? else {
                bail!("no artist called {name} in the catalogue: import it first");
            };
            let artist = artists::by_id(&conn, artist_id)?.context("the artist exists")?;
            let mbid = imports::artist_mbid(&conn, artist_id)?;
            let known = imports::release_groups_of(&conn, artist_id)?;
            let request = Request {
                name: &artist.name,
                mbid: mbid.as_deref(),
                default_genre: None,
                known: &known,
            };
            let Some(plan) = plan_or_explain(&Sources::new(sources.settings()), &request)? else {
                return Ok(ExitCode::FAILURE);
            };
            print_summary(&plan, &store::apply(&mut conn, &plan)?);
        }
        ImportCommand::File { path } => {
            let json = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let result = halfstar::api::add_albums_from_json(&mut conn, &json)
                .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
            print_batch(&result);
        }
        ImportCommand::UpdatePictures { name, sources } => {
            let artist_id = match &name {
                Some(name) => Some(
                    artists::find(&conn, name)?
                        .with_context(|| format!("no artist called {name}"))?,
                ),
                None => None,
            };
            let albums = imports::imported_albums(&conn, artist_id)?;
            let sources = Sources::new(sources.settings());
            let cover_art = sources.cover_art();
            let progress = Reporter::new();
            progress.albums(albums.len());
            let (mut changed, mut failed) = (0, 0);
            for album in albums {
                progress.album(&album.title);
                match cover_art.front_cover(&album.release_group) {
                    Ok(Some(url)) if url != album.picture_url => {
                        imports::set_picture(&conn, album.album_id, &url, &now())?;
                        changed += 1;
                    }
                    Ok(_) => {}
                    Err(error) => {
                        failed += 1;
                        progress.note(&format!("{}: {error}", album.title));
                    }
                }
            }
            progress.done();
            println!("{changed} covers updated, {failed} could not be fetched");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The plan, or `None` after saying why there is none.
fn plan_or_explain(sources: &Sources, request: &Request) -> anyhow::Result<Option<Plan>> {
    let progress = Reporter::new();
    let planned = pipeline::plan(sources, request, &progress);
    progress.done();
    match planned? {
        Planned::Ready(plan) => Ok(Some(plan)),
        Planned::NotFound => {
            eprintln!("MusicBrainz has no artist called {}", request.name);
            Ok(None)
        }
        Planned::Unclear(candidates) => {
            eprintln!(
                "Several artists are called {}; choose one with --mbid:",
                request.name
            );
            for hit in candidates {
                let details: Vec<&str> = [
                    hit.disambiguation.as_str(),
                    hit.country.as_deref().unwrap_or(""),
                ]
                .into_iter()
                .filter(|d| !d.is_empty())
                .collect();
                eprintln!("  {}  {} ({})", hit.id, hit.name, details.join(", "));
            }
            Ok(None)
        }
    }
}

fn print_plan(plan: &Plan) {
    println!(
        "Would add or update {} ({})",
        plan.artist.name, plan.artist.mbid
    );
    for album in &plan.albums {
        println!(
            "  + {} ({}) [{}] {}",
            album.title,
            album.release_date,
            album.genres.join(", "),
            album.picture_url
        );
    }
    for skipped in &plan.skipped {
        println!("  - {}: {}", skipped.title, skipped.reason);
    }
    println!(
        "{} albums, {} skipped; nothing written (dry run)",
        plan.albums.len(),
        plan.skipped.len()
    );
}

fn print_summary(plan: &Plan, summary: &Summary) {
    let artist = if summary.artist_added {
        "added"
    } else {
        "already there"
    };
    println!("{}: {artist}", plan.artist.name);
    for title in &summary.added {
        println!("  + {title}");
    }
    for title in &summary.updated {
        println!("  ~ {title}");
    }
    for skipped in &summary.skipped {
        println!("  - {}: {}", skipped.title, skipped.reason);
    }
    println!(
        "{} added, {} updated, {} skipped",
        summary.added.len(),
        summary.updated.len(),
        summary.skipped.len()
    );
}

fn print_batch(result: &halfstar::api::BatchResult) {
    for title in &result.added {
        println!("  + {title}");
    }
    for skipped in &result.skipped {
        println!("  - {}: {}", skipped.title, skipped.reason);
    }
    println!(
        "{} added, {} skipped",
        result.added.len(),
        result.skipped.len()
    );
}

/// A progress bar on a terminal; plain lines on standard error otherwise.
struct Reporter {
    bar: Option<ProgressBar>,
}

impl Reporter {
    fn new() -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
                    .expect("a valid template"),
            );
            bar
        });
        Self { bar }
    }

    fn note(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Progress for Reporter {
    fn albums(&self, count: usize) {
        match &self.bar {
            Some(bar) => bar.set_length(count as u64),
            None => eprintln!("looking up {count} albums"),
        }
    }

    fn album(&self, title: &str) {
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                bar.set_message(title.to_owned());
            }
            None => eprintln!("  {title}"),
        }
    }
}
