//! halfstar: a self-hosted community site for rating and reviewing music
//! albums. The library holds everything the server and the CLI share.

pub mod api;
pub mod auth;
pub mod config;
pub mod csv_cells;
pub mod db;
pub mod demo;
pub mod discovery;
pub mod domain;
pub mod error;
pub mod http;
pub mod import;
pub mod lock;
pub mod mail;
pub mod media;
pub mod member_import;
pub mod notices;
#[cfg(unix)]
pub mod open_files;
pub mod outgoing;
pub mod pictures;
pub mod player_listens;
pub mod reads;
pub mod server;
pub mod sign_on;
pub mod web;
pub mod year_in_music;

pub use server::{AppState, app};
