//! Settings shared by the subcommands. Every flag can also be set through a
//! `HALFSTAR_*` environment variable.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::Args;

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

    /// Take client addresses from X-Forwarded-For: set this only behind a reverse
    /// proxy (nginx, Caddy) that sets the header, or the limits can be dodged.
    #[arg(long, env = "HALFSTAR_TRUST_PROXY", value_parser = clap::builder::BoolishValueParser::new())]
    pub trust_proxy: bool,

    /// Largest request body accepted, in bytes; larger ones answer 413.
    #[arg(long, env = "HALFSTAR_MAX_BODY_BYTES", default_value_t = crate::api::DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,

    /// Weight of the prior in the top-rated chart: how many ratings at the chart's mean
    /// each album is assumed to have besides its own. Higher favours well-rated albums
    /// with many ratings over those with a few.
    #[arg(long, env = "HALFSTAR_CHART_PRIOR_WEIGHT", default_value_t = crate::api::DEFAULT_CHART_PRIOR_WEIGHT,
          value_parser = parse_prior_weight)]
    pub chart_prior_weight: f64,
}

fn parse_prior_weight(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(weight) if weight.is_finite() && (0.0..=10_000.0).contains(&weight) => Ok(weight),
        _ => Err("a number from 0 to 10000".to_owned()),
    }
}
