//! The integration tests, one binary for them all: each module is what was
//! once a test binary of its own, so the crate is linked once, not forty times.

mod common;

mod account_self_service;
mod accounts;
mod catalogue;
mod catalogue_history;
mod cli;
mod cli_community;
mod cli_users;
mod community;
mod community_admin;
mod community_edges;
mod concurrent_writes;
mod crash_safety;
mod descriptors;
mod diary;
mod export;
mod genre_votes;
mod hidden_items;
mod hostile;
mod http_shell;
mod import;
mod import_api;
mod kept_answers;
mod kept_sessions;
mod lists;
mod moderation;
mod names;
mod openapi;
mod operations;
mod pictures;
mod player_listens;
mod protections;
mod rating_counters;
mod rating_imports;
mod secrets;
mod security_log;
mod sign_in_attacks;
mod social;
mod storage;
mod synthetic;
mod text_hygiene;
mod tracks;
mod write_limits;
mod year;
