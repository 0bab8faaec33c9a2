//! Every background task of the server, in one shape. A task is a loop of
//! rounds: it does one round of work, rests, and ends when told to stop. It
//! is told between rounds and while resting, never in the middle of a round,
//! so no write is cut in two. `start_all` starts them; `Tasks::stop` tells
//! them all and waits for them, for a bounded time, before `serve` closes the
//! writer. The board (`state::TaskBoard`) says which run and when each
//! last finished a round, for the admin page and the log.
//!
//! The tasks: `pictures` (fetching saved picture addresses), `recommendations`
//! (similar albums and "For you"), `new_releases` (asking MusicBrainz about
//! the catalogue's artists), `release_days` (telling followers on release
//! day), `chart_figures` (reading every album's chart figures once, at
//! start), `orders` (computing the slow orders of charts and search),
//! `mail` (sending the outbox, when mail is set up) and `notification mail`
//! (writing the mail members asked for, and the weekly digests). Federation's
//! deliveries join them in this shape.

pub mod chart_figures;
pub mod mail;
pub mod new_releases;
pub mod notification_mail;
pub mod orders;
pub mod pictures;
pub mod recommendations;
pub mod release_days;

use std::future::Future;
use std::time::{Duration, Instant};

use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::PictureSettings;
use crate::domain::timestamp;
use crate::server::AppState;

/// What the tasks are started with, besides the state.
pub struct TaskSettings {
    pub pictures: PictureSettings,
    /// Whether the server checks for new releases by itself.
    pub new_releases: bool,
    /// How often the slow orders are computed again; none: never kept.
    pub orders_every: Option<Duration>,
    /// The outbox's sender, when mail is set up.
    pub mail: Option<mail::Outbox>,
    /// How often new notifications are looked at to be mailed.
    pub notification_mail_every: Duration,
}

/// What a round asks for next.
pub enum Next {
    /// Another round after this rest.
    RestFor(Duration),
    /// Nothing more to do: the task ends.
    Done,
}

/// A task's side of the stop signal.
#[derive(Clone)]
pub struct Stop(watch::Receiver<bool>);

impl Stop {
    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }

    /// Rests for `rest`, or until told to stop (at once if told already):
    /// whether to go on.
    pub async fn rest(&mut self, rest: Duration) -> bool {
        tokio::select! {
            biased;
            // A dropped sender stops the task too.
            _ = self.0.wait_for(|stopped| *stopped) => false,
            () = tokio::time::sleep(rest) => true,
        }
    }
}

/// The running tasks and the sender of their stop signal.
pub struct Tasks {
    stop: watch::Sender<bool>,
    running: Vec<(&'static str, JoinHandle<()>)>,
}

impl Tasks {
    fn new() -> Self {
        Self {
            stop: watch::channel(false).0,
            running: Vec::new(),
        }
    }

    /// The names of the tasks started.
    pub fn names(&self) -> Vec<&'static str> {
        self.running.iter().map(|(name, _)| *name).collect()
    }

    /// Starts `name`'s loop: `round` then a rest, until it is done or told to
    /// stop. A long round is handed the signal, to end early when told.
    fn spawn<F, R>(&mut self, state: &AppState, name: &'static str, mut round: F)
    where
        F: FnMut(AppState, Stop) -> R + Send + 'static,
        R: Future<Output = Next> + Send + 'static,
    {
        let (state, board) = (state.clone(), state.tasks.clone());
        let mut stop = Stop(self.stop.subscribe());
        board.update(name, |_| {});
        let handle = tokio::spawn(async move {
            loop {
                board.update(name, |task| task.busy = true);
                let next = round(state.clone(), stop.clone()).await;
                board.update(name, |task| {
                    task.busy = false;
                    task.rounds += 1;
                    task.last_finished_at = Some(timestamp::now());
                });
                let go_on = match next {
                    Next::RestFor(rest) => stop.rest(rest).await,
                    Next::Done => false,
                };
                if !go_on {
                    break;
                }
            }
            board.update(name, |task| {
                task.busy = false;
                task.ended = true;
            });
        });
        self.running.push((name, handle));
    }

    /// Tells every task to stop and waits for each, at most `within` in all;
    /// the names of those still in a round then (left to end with the process).
    pub async fn stop(self, within: Duration) -> Vec<&'static str> {
        let _ = self.stop.send(true);
        let deadline = Instant::now() + within;
        let mut left = Vec::new();
        for (name, handle) in self.running {
            let wait = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(wait, handle).await {
                Ok(Ok(())) => tracing::info!(task = name, "task stopped"),
                Ok(Err(failed)) => tracing::error!(task = name, "task failed: {failed}"),
                Err(_) => {
                    tracing::warn!(task = name, "task still busy; not waited for");
                    left.push(name);
                }
            }
        }
        left
    }
}

/// Starts every background task of the server.
pub fn start_all(state: &AppState, settings: &TaskSettings) -> Tasks {
    let mut tasks = Tasks::new();
    if let Some(rounds) = pictures::rounds(&settings.pictures) {
        tasks.spawn(state, pictures::NAME, rounds);
    }
    tasks.spawn(state, recommendations::NAME, |state, _| async move {
        recommendations::round(&state).await
    });
    if settings.new_releases {
        tasks.spawn(state, new_releases::NAME, |state, _| async move {
            new_releases::round(&state).await
        });
    }
    tasks.spawn(state, release_days::NAME, |state, _| async move {
        release_days::round(&state).await
    });
    tasks.spawn(state, chart_figures::NAME, |state, _| async move {
        chart_figures::round(&state).await
    });
    if let Some(every) = settings.orders_every {
        let mut first = true;
        tasks.spawn(state, orders::NAME, move |state, stop| {
            let warm = std::mem::take(&mut first);
            async move { orders::round(&state, warm, every, stop).await }
        });
    }
    if let Some(outbox) = settings.mail.clone() {
        tasks.spawn(state, mail::NAME, move |state, _| {
            let outbox = outbox.clone();
            async move { outbox.round(&state).await }
        });
        let every = settings.notification_mail_every;
        tasks.spawn(state, notification_mail::NAME, move |state, _| async move {
            notification_mail::round(&state, every).await
        });
    }
    tracing::info!(tasks = ?tasks.names(), "background tasks started");
    tasks
}

/// Starts one task alone, for as long as the program runs: for tests.
pub fn start_one<F, R>(state: &AppState, name: &'static str, round: F)
where
    F: FnMut(AppState, Stop) -> R + Send + 'static,
    R: Future<Output = Next> + Send + 'static,
{
    let mut tasks = Tasks::new();
    tasks.spawn(state, name, round);
    // Never told to stop: its sender lives as long as the program.
    std::mem::forget(tasks);
}
