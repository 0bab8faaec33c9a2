//! The `halfstar` command: a thin layer over the library.

mod backup;
mod community;
mod connections;
mod database;
mod email;
mod export_user;
mod healthcheck;
mod import;
mod import_user;
mod media;
mod moderation;
mod openapi;
mod serve;
mod user;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use halfstar::config::{DataSettings, ServeSettings};

/// halfstar: a self-hosted community site for rating and reviewing music albums.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(flatten)]
    data: DataSettings,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web site: the API under /api and the embedded UI everywhere else.
    Serve(Box<ServeSettings>),
    /// Load the demo catalogue, members and their activity into an empty database.
    Demo {
        /// Instead of the demo, make up a large community for benchmarks: small
        /// (2,000 albums, 50,000 ratings) or large (200,000 albums, 5,000,000
        /// ratings). Members member1, member2, ... are signed in with the tokens
        /// synthetic-1, synthetic-2, ... (the first 2,000; 200 when small).
        #[arg(long, value_enum)]
        synthetic: Option<database::SyntheticSize>,
    },
    /// Apply pending database migrations and exit.
    Migrate,
    /// Check the database: SQLite integrity, foreign keys and migration status.
    /// Exits non-zero when anything is wrong.
    Check,
    /// Copy the database to FILE while the server keeps serving (SQLite's
    /// online backup: one consistent moment, written beside FILE then renamed).
    Backup { file: std::path::PathBuf },
    /// Replace the database with the backup FILE, after checking its integrity
    /// and version. Refused while a server uses the data directory; the replaced
    /// database is kept beside it as halfstar.db.before-restore-TIME.
    Restore { file: std::path::PathBuf },
    /// Write everything a member wrote (ratings, library, wishlist, reviews,
    /// posts, comments, shouts, votes) as JSON to standard output or FILE.
    ExportUser {
        name: String,
        #[arg(long, short, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Bring a member's ratings, library, wishlist or listens from another
    /// site's export: Rate Your Music CSV, Discogs collection or wantlist CSV,
    /// Last.fm scrobbles CSV, a ListenBrainz export (ZIP or JSON lines) or a
    /// halfstar export. Albums are matched as on the "Import my data" page;
    /// uncertain and missing ones are listed and left out. Importing the same
    /// file again changes nothing.
    ImportUser {
        name: String,
        file: std::path::PathBuf,
        /// auto, rym, discogs, lastfm, listenbrainz or halfstar.
        #[arg(long, default_value = "auto")]
        format: String,
        /// Replace the member's own ratings that differ from the file's.
        #[arg(long)]
        file_wins: bool,
        /// Take each uncertain row's nearest album instead of leaving it out.
        #[arg(long)]
        accept_best: bool,
        /// Print what would be written and write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Manage members: roles, suspensions, sign-outs.
    #[command(subcommand)]
    User(user::UserCommand),
    /// Print the latest moderation and admin actions, newest first.
    Audit {
        #[arg(long, default_value_t = 50)]
        limit: u32,
    },
    /// Show who may join, or change it: open, invite (with invite links) or closed.
    Signup {
        #[arg(value_parser = parse_signup_mode)]
        mode: Option<halfstar::domain::SignupMode>,
        /// Whether members may make invite links (when the mode is invite).
        #[arg(long)]
        members_may_invite: Option<bool>,
        /// Why, for the audit log.
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Make, list and revoke invite links.
    #[command(subcommand)]
    Invite(community::InviteCommand),
    /// The report queue, and hiding, showing, deleting or warning about a
    /// review, comment, post, shout or profile.
    #[command(subcommand)]
    Moderation(moderation::ModerationCommand),
    /// Fill the catalogue from MusicBrainz, the Cover Art Archive, Last.fm and Discogs.
    #[command(subcommand)]
    Import(import::ImportCommand),
    /// The pictures the site keeps and serves itself: status, fetch, prune.
    #[command(subcommand)]
    Media(media::MediaCommand),
    /// Ask a running server's /api/health (on loopback when it listens on
    /// every address) and exit non-zero unless it answers ok: the container
    /// image's HEALTHCHECK.
    Healthcheck {
        /// The address the server listens on (as given to serve).
        #[arg(long, env = "HALFSTAR_LISTEN", default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
    },
    /// Check the mail settings (send a test mail now), or make the digests due.
    #[command(subcommand)]
    Email(email::EmailCommand),
    /// Print the API's OpenAPI description (what GET /api/openapi.json
    /// answers) as JSON; the UI's types are generated from it.
    Openapi,
}

fn parse_signup_mode(text: &str) -> Result<halfstar::domain::SignupMode, String> {
    text.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let result = match cli.command {
        Command::Serve(settings) => serve::run(&cli.data, &settings),
        Command::Demo { synthetic } => match synthetic {
            None => database::demo(&cli.data),
            Some(size) => database::synthetic(&cli.data, size),
        },
        Command::Migrate => database::migrate(&cli.data),
        Command::Check => database::check(&cli.data),
        Command::Backup { file } => backup::backup(&cli.data, &file),
        Command::Restore { file } => backup::restore(&cli.data, &file),
        Command::ExportUser { name, output } => {
            export_user::run(&cli.data, &name, output.as_deref())
        }
        Command::ImportUser {
            name,
            file,
            format,
            file_wins,
            accept_best,
            dry_run,
        } => import_user::run(
            &cli.data,
            &name,
            &file,
            &import_user::Options {
                format,
                file_wins,
                accept_best,
                dry_run,
            },
        ),
        Command::User(command) => user::run(&cli.data, command),
        Command::Audit { limit } => community::audit(&cli.data, limit),
        Command::Signup {
            mode,
            members_may_invite,
            note,
        } => community::signup(&cli.data, mode, members_may_invite, &note),
        Command::Invite(command) => community::invite(&cli.data, command),
        Command::Moderation(command) => moderation::run(&cli.data, command),
        Command::Import(command) => import::run(&cli.data, command),
        Command::Media(command) => media::run(&cli.data, command),
        Command::Healthcheck { listen } => healthcheck::run(listen),
        Command::Openapi => openapi::run(),
        Command::Email(command) => email::run(&cli.data, command),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Logs go to stderr; `HALFSTAR_LOG` (or `RUST_LOG`) sets the filter. Colours
/// only on a terminal: the systemd journal and log files get plain text.
fn init_logging() {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let filter = std::env::var("HALFSTAR_LOG")
        .or_else(|_| std::env::var("RUST_LOG"))
        .unwrap_or_else(|_| "halfstar=info,tower_http=info".to_owned());
    let logs = tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::new(filter))
        .with_writer(std::io::stderr);
    // On a terminal the default stands, which also heeds NO_COLOR.
    let logs = if std::io::stderr().is_terminal() {
        logs
    } else {
        logs.with_ansi(false)
    };
    logs.init();
}
