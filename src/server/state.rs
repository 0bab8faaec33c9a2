//! What every request and every background task may reach: one shared
//! allocation of the pools, the writer, the settings and the kept answers.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use crate::config::{DEFAULT_CHART_PRIOR_WEIGHT, DEFAULT_MAX_BODY_BYTES, DEFAULT_SESSION_MAX_DAYS};
use crate::db::engine::writer::Writer;
use crate::db::{Database, OutsideWrites, Pool};
use crate::http::{passwords, throttle};
use crate::import::sources::Sources;
use crate::reads::kept_answers::KeptAnswers;
use crate::reads::kept_sessions::KeptSessions;
use crate::reads::rankings::Rankings;

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
    /// Whether mail is set up (`--smtp-url`): what needs mail is offered.
    pub sends_mail: bool,
    /// Whether a sign-up waits for the link mailed to its address.
    pub confirms_sign_ups: bool,
    /// The household's OpenID Connect provider, when one is set up.
    pub sign_on: Option<Arc<crate::sign_on::SignOnSite>>,
    /// Who may still sign in with a password.
    pub password_login: crate::config::PasswordLogin,
    /// Chart and popular-album orders, kept for a while (none by default).
    pub rankings: Rankings,
    /// Every album's chart figures for the shaped charts, kept current by
    /// each reader from the albums changed since.
    pub chart_facts: crate::reads::chart_facts::ChartFacts,
    /// Members who asked for recommendations not worked out yet.
    pub recommender: Arc<crate::discovery::recommendations::Recommender>,
    /// Answers to anonymous reads, kept until the next write (none by default).
    pub kept_answers: KeptAnswers,
    /// Sessions of bearer tokens, kept for a short while (none by default).
    pub kept_sessions: KeptSessions,
    /// Members' imports of their ratings and listens, being read or reviewed.
    pub rating_imports: Arc<crate::member_import::jobs::Jobs>,
    /// Which background tasks run, and when each last finished a round.
    pub tasks: TaskBoard,
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
            sends_mail: false,
            confirms_sign_ups: false,
            sign_on: None,
            password_login: crate::config::PasswordLogin::On,
            rankings: Rankings::default(),
            chart_facts: Default::default(),
            recommender: Default::default(),
            kept_answers: KeptAnswers::default(),
            kept_sessions: KeptSessions::default(),
            rating_imports: Arc::default(),
            tasks: Default::default(),
        }
    }
}

/// What the board says of one task.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskState {
    pub name: &'static str,
    /// In a round now (false while it rests, and once it ended).
    pub busy: bool,
    /// Ended: stopped, or done with all it had to do.
    pub ended: bool,
    pub rounds: u64,
    /// When its latest round finished.
    #[schema(required)]
    pub last_finished_at: Option<String>,
}

/// Which tasks run, and when each last finished a round.
#[derive(Clone, Default)]
pub struct TaskBoard(Arc<Mutex<BTreeMap<&'static str, TaskState>>>);

impl TaskBoard {
    pub fn states(&self) -> Vec<TaskState> {
        self.0
            .lock()
            .expect("task board")
            .values()
            .cloned()
            .collect()
    }

    pub(super) fn update(&self, name: &'static str, change: impl FnOnce(&mut TaskState)) {
        let mut board = self.0.lock().expect("task board");
        let state = board.entry(name).or_insert_with(|| TaskState {
            name,
            busy: false,
            ended: false,
            rounds: 0,
            last_finished_at: None,
        });
        change(state);
    }
}
