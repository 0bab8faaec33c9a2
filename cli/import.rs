//! `import`: fill the catalogue from MusicBrainz, the Cover Art Archive,
//! Last.fm and Discogs.

use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Subcommand;
use halfstar::config::{DataSettings, ImportSources};
use halfstar::db::{artists, genres, imports};
use halfstar::domain::timestamp::now;
use halfstar::import::musicbrainz::ArtistHit;
use halfstar::import::pipeline::{self, Plan, Planned, Progress, Request, SkipKind};
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
    /// Add the albums of an already imported artist that are still missing,
    /// and the tracklists of their albums that have none.
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
    let pool = data.open_database()?;
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
            let site_genres = genres::names(&conn)?;
            let request = Request {
                name: &name,
                mbid: mbid.as_deref(),
                default_genre: default_genre.as_deref(),
                known: &known,
                site_genres: &site_genres,
                artist_known: false,
                tracklists: true,
                known_without_tracks: &[],
            };
            let Some(plan) = plan_or_explain(&Sources::new(sources.settings()), &request)? else {
                return Ok(ExitCode::FAILURE);
            };
            if dry_run {
                print_plan(&plan);
                return Ok(finished(&plan));
            }
            print_summary(&plan, &store::apply(&mut conn, &plan)?);
            return Ok(finished(&plan));
        }
        ImportCommand::UpdateAlbums { name, sources } => {
            let Some(artist_id) = artists::find(&conn, &name)? else {
                bail!("no artist called {name} in the catalogue: import it first");
            };
            let artist = artists::by_id(&conn, artist_id)?.context("the artist exists")?;
            let mbid = imports::artist_mbid(&conn, artist_id)?;
            let known = imports::release_groups_of(&conn, artist_id)?;
            let without_tracks = imports::albums_without_tracks(&conn, artist_id)?;
            let site_genres = genres::names(&conn)?;
            let request = Request {
                name: &artist.name,
                mbid: mbid.as_deref(),
                default_genre: None,
                known: &known,
                site_genres: &site_genres,
                artist_known: true,
                tracklists: true,
                known_without_tracks: &without_tracks,
            };
            let Some(plan) = plan_or_explain(&Sources::new(sources.settings()), &request)? else {
                return Ok(ExitCode::FAILURE);
            };
            print_summary(&plan, &store::apply(&mut conn, &plan)?);
            return Ok(finished(&plan));
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
                    Ok(Some(cover)) if cover.url != album.picture_url => {
                        imports::set_picture(&conn, album.album_id, &cover.url, &now())?;
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

/// Failure when the list of release groups stopped early, so scripts notice.
fn finished(plan: &Plan) -> ExitCode {
    if plan.incomplete {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The plan, or `None` after saying why there is none. When several artists
/// match, they are listed by number and one is read from standard input (a
/// number, or nothing to stop and use `--mbid` later).
fn plan_or_explain(sources: &Sources, request: &Request) -> anyhow::Result<Option<Plan>> {
    let planned = plan_with_progress(sources, request)?;
    let candidates = match planned {
        Planned::Ready(plan) => return Ok(Some(plan)),
        Planned::NotFound => {
            eprintln!("MusicBrainz has no artist called {}", request.name);
            return Ok(None);
        }
        Planned::Unclear(candidates) => candidates,
    };
    eprintln!(
        "{} artists at MusicBrainz could be {}:",
        candidates.len(),
        request.name
    );
    for (number, hit) in candidates.iter().enumerate() {
        eprintln!("  {:>2}. {}", number + 1, describe_candidate(hit));
    }
    let Some(chosen) = read_choice(candidates.len())? else {
        eprintln!("Nothing chosen: run again with --mbid ID (the id after each name above).");
        return Ok(None);
    };
    let mbid = &candidates[chosen].id;
    plan_with_progress(
        sources,
        &Request {
            mbid: Some(mbid),
            ..*request
        },
    )
    .map(|planned| match planned {
        Planned::Ready(plan) => Some(plan),
        _ => None,
    })
}

fn plan_with_progress(sources: &Sources, request: &Request) -> anyhow::Result<Planned> {
    let progress = Reporter::new();
    let planned = pipeline::plan(sources, request, &progress);
    progress.done();
    Ok(planned?)
}

/// "Nirvana  5b11f4ce-…  (90s US grunge band; group; US; 1987–1994; score 100)".
fn describe_candidate(hit: &ArtistHit) -> String {
    let years = hit.active_years();
    let score = format!("score {}", hit.score);
    let details: Vec<&str> = [
        hit.disambiguation.as_str(),
        hit.artist_type.as_deref().unwrap_or(""),
        hit.country.as_deref().unwrap_or(""),
        years.as_str(),
        score.as_str(),
    ]
    .into_iter()
    .filter(|d| !d.is_empty())
    .collect();
    format!("{}  {}  ({})", hit.name, hit.id, details.join("; "))
}

/// A number from 1 to `count` typed on standard input; `None` at the end of
/// input or for an empty line. Asks again after anything else.
fn read_choice(count: usize) -> anyhow::Result<Option<usize>> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        eprint!("Choose 1-{count} (or press Enter to stop): ");
        std::io::stderr().flush()?;
        let Some(line) = lines.next().transpose()? else {
            eprintln!();
            return Ok(None);
        };
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        match line.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(Some(n - 1)),
            _ => eprintln!("'{line}' is not a number from 1 to {count}."),
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
            album.release_date.known_part(),
            album.genres.join(", "),
            album.picture_url
        );
    }
    print_left_out(plan);
    println!(
        "{} albums, {} left out; nothing written (dry run)",
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
    for skipped in summary
        .skipped
        .iter()
        .filter(|s| s.kind == SkipKind::NotStored)
    {
        println!("  ! {}: {}", skipped.title, skipped.reason);
    }
    print_left_out(plan);
    println!(
        "{} added, {} updated, {} unchanged, {} left out",
        summary.added.len(),
        summary.updated.len(),
        summary.unchanged.len(),
        summary.skipped.len()
    );
}

/// What was left out, by reason, and what the sources failed to give.
fn print_left_out(plan: &Plan) {
    let mut by_kind: BTreeMap<SkipKind, Vec<&pipeline::Skipped>> = BTreeMap::new();
    for skipped in &plan.skipped {
        by_kind.entry(skipped.kind).or_default().push(skipped);
    }
    for (kind, skipped) in by_kind {
        println!("  left out, {} ({}):", kind.code(), skipped.len());
        for skipped in skipped {
            println!("    - {}: {}", skipped.title, skipped.reason);
        }
    }
    for trouble in &plan.troubles {
        println!("  ! {}", trouble.line());
    }
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
