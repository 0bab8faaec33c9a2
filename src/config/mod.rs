//! Settings shared by the subcommands. Every flag can also be set through a
//! `HALFSTAR_*` environment variable.

pub mod limits;
pub mod mail;
pub mod public_url;
pub mod sign_on;
pub mod sources;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

pub use limits::{AccountLimits, ImportLimits, WriteLimits};
pub use mail::MailSettings;
pub use public_url::PublicUrl;
pub use sign_on::{PasswordLogin, SignOnSettings};
pub use sources::SourceSettings;

/// Bodies larger than this answer 413 unless `--max-body-bytes` says otherwise.
pub const DEFAULT_MAX_BODY_BYTES: usize = 1024 * 1024;

pub const DEFAULT_CHART_PRIOR_WEIGHT: f64 = 5.0;

/// However much they are used, sessions end this many days after sign-in
/// unless `--session-max-days` says otherwise.
pub const DEFAULT_SESSION_MAX_DAYS: u16 = 180;

/// How pictures are fetched: the time limit, and whether a home network's
/// own hosts may serve them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fetching {
    pub timeout: Duration,
    /// Allow loopback and private addresses (tests, a home network's picture
    /// host); link-local and metadata addresses stay refused.
    pub private_addresses: bool,
}

/// Where the data lives.
#[derive(Debug, Clone, Args)]
pub struct DataSettings {
    /// Directory holding halfstar.db (created when missing).
    #[arg(
        long,
        env = "HALFSTAR_DATA_DIR",
        default_value = "./halfstar-data",
        global = true
    )]
    pub data_dir: PathBuf,

    /// Who folds the write-ahead log into halfstar.db: own (halfstar, as it
    /// writes and when it stops) or litestream (Litestream replicates the
    /// database and checkpoints it itself; see the book's "Backups and Litestream").
    #[arg(long, env = "HALFSTAR_CHECKPOINTS", value_enum, default_value_t = Checkpoints::Own,
          global = true)]
    pub checkpoints: Checkpoints,
}

/// Who checkpoints the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Checkpoints {
    /// halfstar folds the log as writes go on, and empties it when stopping.
    #[default]
    Own,
    /// Litestream folds the log once it has copied it; halfstar never does.
    // Litestream holds a read transaction open so that no checkpoint passes
    // what it has copied: halfstar's passes would stop short at it, and a
    // closing one would wait for it holding the write lock, stalling every
    // write for the busy timeout before giving up.
    Litestream,
}

impl DataSettings {
    pub fn database_path(&self) -> PathBuf {
        database_path(&self.data_dir)
    }
}

pub fn database_path(data_dir: &Path) -> PathBuf {
    data_dir.join("halfstar.db")
}

/// How the web server runs.
#[derive(Debug, Clone, Args)]
pub struct ServeSettings {
    /// Address and port to listen on.
    #[arg(long, env = "HALFSTAR_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Load the demo catalogue, users and their activity when the database is empty.
    #[arg(long, env = "HALFSTAR_DEMO", value_parser = clap::builder::BoolishValueParser::new())]
    pub demo: bool,

    /// Keep the catalogue current by itself: ask MusicBrainz for new albums of
    /// the catalogue's artists (followed artists first, each about once a day,
    /// at most one request a second) and add them. `--new-releases false` turns it off.
    #[arg(long, env = "HALFSTAR_NEW_RELEASES", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub new_releases: bool,

    /// The address members reach the site at (https://music.example, with a
    /// port or a path prefix if it has one): every absolute link the site
    /// writes (feeds, calendars, mail) begins with it, never with what a
    /// request's Host header says. Unset, links begin with the --listen address.
    #[arg(long, env = "HALFSTAR_PUBLIC_URL", value_parser = PublicUrl::parse)]
    pub public_url: Option<PublicUrl>,

    /// Take client addresses from X-Forwarded-For: set this only behind a reverse
    /// proxy (nginx, Caddy) that sets the header, or the limits can be dodged.
    #[arg(long, env = "HALFSTAR_TRUST_PROXY", value_parser = clap::builder::BoolishValueParser::new())]
    pub trust_proxy: bool,

    /// Days a session lasts from sign-in, however much it is used (it also ends
    /// after 30 days unused).
    #[arg(long, env = "HALFSTAR_SESSION_MAX_DAYS", default_value_t = DEFAULT_SESSION_MAX_DAYS,
          value_parser = clap::value_parser!(u16).range(1..=3650))]
    pub session_max_days: u16,

    /// Largest request body accepted, in bytes; larger ones answer 413.
    #[arg(long, env = "HALFSTAR_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,

    /// Seconds a client has to send a request's head, counted from when its
    /// connection opens or its last answer ends, and to take in each part of
    /// an answer; slow, stalled and idle connections are then closed.
    #[arg(long, env = "HALFSTAR_CLIENT_TIMEOUT_SECONDS", default_value_t = 15,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub client_timeout_seconds: u64,

    /// Seconds one request may take, reading its body included, before it is
    /// answered 408.
    #[arg(long, env = "HALFSTAR_REQUEST_TIMEOUT_SECONDS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout_seconds: u64,

    /// Weight of the prior in the top-rated chart: how many ratings at the prior (the
    /// lower of the chart's mean and the site's, see the book's "How charts rank") each album is assumed
    /// to have besides its own. Higher favours well-rated albums with many ratings over
    /// those with a few.
    #[arg(long, env = "HALFSTAR_CHART_PRIOR_WEIGHT", default_value_t = DEFAULT_CHART_PRIOR_WEIGHT,
          value_parser = parse_prior_weight)]
    pub chart_prior_weight: f64,

    /// Seconds the orders of the charts, popular albums and search results, and
    /// the answers to visitors not signed in, are kept (0: none). Writes through
    /// the site end kept answers at once; CLI changes wait out this time.
    #[arg(long, env = "HALFSTAR_RANKING_SECONDS", default_value_t = 30)]
    pub ranking_seconds: u64,

    /// Seconds the session of a signed-in member's token is kept in memory
    /// (0: read on every request). Account changes through the site end it at
    /// once; changes made with the CLI at the next write, and for reads
    /// within 25 ms.
    #[arg(long, env = "HALFSTAR_SESSION_KEEP_SECONDS", default_value_t = 60)]
    pub session_keep_seconds: u64,

    #[command(flatten)]
    pub import: ImportSources,

    #[command(flatten)]
    pub write_limits: WriteLimits,

    #[command(flatten)]
    pub rating_imports: RatingImportSettings,

    #[command(flatten)]
    pub account_limits: AccountLimits,

    #[command(flatten)]
    pub pictures: PictureSettings,

    #[command(flatten)]
    pub mail: MailSettings,

    #[command(flatten)]
    pub sign_on: SignOnSettings,
}

/// How members' imports of their ratings are held while they review them.
#[derive(Debug, Clone, Args)]
pub struct RatingImportSettings {
    /// Minutes an import is kept while nobody looks at it or changes it; then
    /// it is forgotten and its place freed.
    #[arg(long, env = "HALFSTAR_IMPORT_IDLE_MINUTES",
          default_value_t = ImportLimits::DEFAULT.idle.as_secs() / 60,
          value_parser = clap::value_parser!(u64).range(1..=24 * 60))]
    pub import_idle_minutes: u64,
    /// Members who may have an import under way at once, site-wide (each has
    /// at most one; a written one holds no place).
    #[arg(long, env = "HALFSTAR_IMPORTS_AT_ONCE",
          default_value_t = ImportLimits::DEFAULT.places as u64,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub imports_at_once: u64,
}

impl RatingImportSettings {
    pub fn limits(&self) -> ImportLimits {
        ImportLimits {
            idle: Duration::from_secs(self.import_idle_minutes * 60),
            places: self.imports_at_once as usize,
        }
    }
}

/// How pictures are fetched into the site's own store.
#[derive(Debug, Clone, Args)]
pub struct PictureSettings {
    /// Fetch the pictures of albums, artists and members in the background
    /// (off: nothing is fetched; pages show generated covers).
    #[arg(long, env = "HALFSTAR_FETCH_PICTURES", default_value_t = true, action = clap::ArgAction::Set,
          value_parser = clap::builder::BoolishValueParser::new())]
    pub fetch_pictures: bool,
    /// Also fetch pictures from loopback and private addresses (a picture host on
    /// the home network, tests). Off, such addresses are refused; link-local and
    /// cloud metadata addresses are refused either way.
    #[arg(long, env = "HALFSTAR_PICTURES_FROM_PRIVATE_ADDRESSES",
          value_parser = clap::builder::BoolishValueParser::new())]
    pub pictures_from_private_addresses: bool,
    /// Seconds one picture's fetch may take, redirects included.
    #[arg(long, env = "HALFSTAR_PICTURE_FETCH_SECONDS", default_value_t = 15,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub picture_fetch_seconds: u64,
    /// Pictures fetched at once.
    #[arg(long, env = "HALFSTAR_PICTURES_IN_FLIGHT", default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub pictures_in_flight: u64,
}

impl PictureSettings {
    pub fn fetching(&self) -> Fetching {
        Fetching {
            timeout: Duration::from_secs(self.picture_fetch_seconds),
            private_addresses: self.pictures_from_private_addresses,
        }
    }
}

fn parse_prior_weight(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(weight) if weight.is_finite() && (0.0..=10_000.0).contains(&weight) => Ok(weight),
        _ => Err("a number from 0 to 10000".to_owned()),
    }
}

/// Where the sources are and the keys they need.
#[derive(Debug, Clone, Args)]
pub struct ImportSources {
    /// Last.fm API key (genres from tags, artist descriptions); without one, Discogs or
    /// --default-genre give the genres.
    #[arg(long, env = "HALFSTAR_LASTFM_KEY", hide_env_values = true)]
    pub lastfm_key: Option<String>,
    /// Discogs personal access token (genres when Last.fm has none, and styles).
    #[arg(long, env = "HALFSTAR_DISCOGS_TOKEN", hide_env_values = true)]
    pub discogs_token: Option<String>,
    /// How the services can reach you, sent in the User-Agent (a URL or mailto: address).
    #[arg(
        long,
        env = "HALFSTAR_CONTACT",
        default_value = "https://github.com/halfstar"
    )]
    pub contact: String,
    #[arg(
        long,
        env = "HALFSTAR_MUSICBRAINZ_URL",
        default_value = "https://musicbrainz.org"
    )]
    pub musicbrainz_url: String,
    #[arg(
        long,
        env = "HALFSTAR_COVERART_URL",
        default_value = "https://coverartarchive.org"
    )]
    pub coverart_url: String,
    #[arg(
        long,
        env = "HALFSTAR_LASTFM_URL",
        default_value = "https://ws.audioscrobbler.com"
    )]
    pub lastfm_url: String,
    #[arg(
        long,
        env = "HALFSTAR_DISCOGS_URL",
        default_value = "https://api.discogs.com"
    )]
    pub discogs_url: String,
    /// Least milliseconds between two MusicBrainz requests (their limit is one a second).
    #[arg(long, env = "HALFSTAR_MUSICBRAINZ_INTERVAL_MS", default_value_t = 1000)]
    pub musicbrainz_interval_ms: u64,
}

impl ImportSources {
    pub fn settings(self) -> SourceSettings {
        let defaults = SourceSettings::default();
        SourceSettings {
            musicbrainz_url: self.musicbrainz_url,
            coverart_url: self.coverart_url,
            lastfm_url: self.lastfm_url,
            discogs_url: self.discogs_url,
            lastfm_key: self.lastfm_key,
            discogs_token: self.discogs_token,
            contact: self.contact,
            musicbrainz_interval: Duration::from_millis(self.musicbrainz_interval_ms),
            ..defaults
        }
    }
}
