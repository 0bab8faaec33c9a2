//! The HTTP API's resources, one module each with its handlers, request and
//! answer types and routes; the shared state and the route table. What every
//! request passes through (layers, extractors, limits) is in `crate::http`.

mod account;
mod admin;
mod album_batches;
mod albums;
mod artists;
mod atom;
mod auth;
mod calendar;
mod charts;
mod comments;
mod descriptors;
mod diary;
mod export;
mod feed;
mod follows;
mod genre_votes;
mod health;
mod history;
mod imports;
mod invites;
pub mod listenbrainz;
mod lists;
mod member_tokens;
mod new_releases;
mod notifications;
mod openapi;
mod player_token;
mod posts;
mod rating_imports;
mod ratings;
mod recommendations;
mod reports;
mod reviews;
mod search;
mod shaped_charts;
mod shouts;
mod tracks;
mod users;
mod votes;
mod wishlist;
mod year;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::OriginalUri;
use axum::http::Method;

use crate::db::engine::writer::Writer;
use crate::db::{Database, OutsideWrites, Pool};
use crate::error::AppError;
use crate::http::{layers, passwords, security_log, throttle};
use crate::import::sources::Sources;

pub use crate::http::{
    Admin, AppJson, AppPath, AppQuery, ClientAddress, CurrentUser, Editor, MaybeUser, with_layers,
};
pub use crate::reads::kept_answers::KeptAnswers;
pub use crate::reads::kept_sessions::KeptSessions;
pub use crate::reads::rankings::Rankings;
pub use album_batches::{BatchResult, add_albums_from_json};
pub use openapi::document_value as openapi_document;

pub use crate::config::{
    DEFAULT_CHART_PRIOR_WEIGHT, DEFAULT_MAX_BODY_BYTES, DEFAULT_SESSION_MAX_DAYS,
};

/// How long one request may take before it is answered 408 and dropped,
/// unless `--request-timeout-seconds` says otherwise.
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// What every request may reach. axum clones the state for each extractor
/// and layer that takes it, so it is one shared allocation: a clone is one
/// reference count, not one per pool, cache and limit (the clones and drops
/// of the fields took about 8% of a community's day). Changing a part (tests
/// set some before building the router) copies the parts when shared.
#[derive(Clone)]
pub struct AppState(Arc<AppParts>);

impl AppState {
    pub fn new(db: Database) -> Self {
        Self::from(AppParts::new(db))
    }
}

impl From<AppParts> for AppState {
    fn from(parts: AppParts) -> Self {
        Self(Arc::new(parts))
    }
}

impl std::ops::Deref for AppState {
    type Target = AppParts;

    fn deref(&self) -> &AppParts {
        &self.0
    }
}

impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut AppParts {
        Arc::make_mut(&mut self.0)
    }
}

#[derive(Clone)]
pub struct AppParts {
    /// Connections that only read.
    pub pool: Pool,
    /// Every write goes through here.
    pub writer: Writer,
    pub outside_writes: OutsideWrites,
    pub max_body_bytes: usize,
    pub request_timeout: Duration,
    /// Take the client address from `X-Forwarded-For` (behind a reverse proxy).
    pub trust_proxy: bool,
    /// What every absolute link begins with (`--public-url`, or the
    /// listening address's).
    pub public_url: crate::config::PublicUrl,
    /// How long a session lasts from sign-in, however much it is used.
    pub session_max_age: time::Duration,
    pub limits: Arc<throttle::Limits>,
    /// Password hashing is bounded, so a burst of logins cannot exhaust memory.
    pub passwords: Arc<passwords::PasswordQueue>,
    /// m in the top-rated chart's Bayesian average: how many ratings at the
    /// scope's mean every album is assumed to have on top of its own.
    pub chart_prior_weight: f64,
    /// Where the /grab-data page's lookups go, and their keys (never sent to browsers).
    pub import_sources: Arc<Sources>,
    /// Whether the server checks for new releases by itself (`serve --new-releases`).
    pub checks_new_releases: bool,
    /// Chart and popular-album orders, kept for a while (none by default).
    pub rankings: Rankings,
    /// Every album's chart figures for the shaped charts, kept current by
    /// each reader from the albums changed since.
    pub chart_facts: crate::reads::chart_facts::ChartFacts,
    /// Members who asked for recommendations not worked out yet.
    pub recommender: Arc<crate::recommendations::Recommender>,
    /// Answers to anonymous reads, kept until the next write (none by default).
    pub kept_answers: KeptAnswers,
    /// Sessions of bearer tokens, kept for a short while (none by default).
    pub kept_sessions: KeptSessions,
    /// Members' imports of their ratings and listens, being read or reviewed.
    pub rating_imports: Arc<crate::member_import::jobs::Jobs>,
}

impl AppParts {
    pub fn new(db: Database) -> Self {
        Self {
            pool: db.readers,
            writer: db.writer,
            outside_writes: db.outside_writes,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            trust_proxy: false,
            public_url: crate::config::PublicUrl::default(),
            session_max_age: time::Duration::days(DEFAULT_SESSION_MAX_DAYS.into()),
            limits: Arc::default(),
            passwords: Arc::default(),
            chart_prior_weight: DEFAULT_CHART_PRIOR_WEIGHT,
            import_sources: Arc::new(Sources::new(Default::default())),
            checks_new_releases: false,
            rankings: Rankings::default(),
            chart_facts: Default::default(),
            recommender: Default::default(),
            kept_answers: KeptAnswers::default(),
            kept_sessions: KeptSessions::default(),
            rating_imports: Arc::default(),
        }
    }
}

/// Every `/api` route; anything else under `/api` answers 404 JSON.
fn api_routes(state: &AppState) -> Router<AppState> {
    // A change to the catalogue may add, remove or rename what a kept chart
    // or search order lists, whichever of these routes made it.
    let catalogue = Router::new()
        .merge(artists::router())
        .merge(albums::router())
        .merge(album_batches::router())
        .merge(genre_votes::router())
        .route_layer(axum::middleware::from_fn_with_state(
            state.rankings.clone(),
            crate::reads::rankings::forget_after_writes,
        ));
    Router::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(account::router())
        .merge(users::router())
        .merge(export::router())
        .merge(catalogue)
        .merge(imports::router())
        .merge(admin::router())
        .merge(invites::router())
        .merge(reports::router())
        .merge(history::router())
        .merge(charts::router())
        .merge(shaped_charts::router())
        .merge(search::router())
        .merge(ratings::router())
        .merge(tracks::router())
        .merge(descriptors::router())
        .merge(recommendations::router())
        .merge(new_releases::router())
        .merge(calendar::router())
        .merge(diary::router())
        .merge(year::router())
        .merge(rating_imports::router())
        .merge(wishlist::router())
        .merge(reviews::router())
        .merge(votes::router())
        .merge(posts::router())
        .merge(comments::router())
        .merge(shouts::router())
        .merge(lists::router())
        .merge(follows::router())
        .merge(feed::router())
        .merge(notifications::router())
        .merge(player_token::router())
        .merge(openapi::router())
        .fallback(unknown_api_path)
        .method_not_allowed_fallback(method_not_allowed)
}

/// axum adds the `Allow` header to this answer.
async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    AppError::MethodNotAllowed(format!("{method} is not allowed on {}", uri.path()))
}

pub(crate) async fn unknown_api_path(OriginalUri(uri): OriginalUri) -> AppError {
    AppError::NotFound(format!("No API route for {}", uri.path()))
}

/// The whole application: the API, the embedded UI, and the shared layers.
pub fn app(state: AppState) -> Router {
    let max_body_bytes = state.max_body_bytes;
    let request_timeout = state.request_timeout;
    let api = api_routes(&state)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::reads::kept_answers::serve_or_keep,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            security_log::watch,
        ))
        .with_state(state.clone());
    let players = listenbrainz::router()
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            security_log::watch,
        ))
        .with_state(state.clone());
    let router = Router::new()
        .nest("/api", api)
        .nest("/apis/listenbrainz/1", players.clone())
        .nest("/1", players)
        .merge(crate::media::router().with_state(state))
        .fallback(crate::web::serve_ui);
    layers::apply(router, max_body_bytes, request_timeout)
}

/// What a sweep of the orders computed: how many chart scopes and search
/// word beginnings.
#[derive(Debug, Clone, Copy)]
pub struct Swept {
    pub chart_scopes: usize,
    pub search_beginnings: usize,
}

/// Computes, ahead of any reader, the orders that would be slow to compute
/// when first asked for: every chart scope's and the busy word beginnings'
/// of search. They are served as kept, as old as this sweep.
pub fn sweep_orders(
    conn: &rusqlite::Connection,
    rankings: &Rankings,
    prior_weight: f64,
) -> crate::error::AppResult<Swept> {
    let began = rankings.sweep_begins();
    let mut orders = std::collections::HashMap::new();
    let swept = Swept {
        chart_scopes: charts::sweep(conn, prior_weight, &mut orders)?,
        search_beginnings: search::sweep(conn, &mut orders)?,
    };
    rankings.seed(orders, began);
    Ok(swept)
}
