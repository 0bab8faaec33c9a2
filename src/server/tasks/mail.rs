//! Sends the outbox's mail through the owner's mail server: a few at a time,
//! each in an SMTP session of its own on a blocking thread, the outcome
//! written through the writer. A server that is away or answers 4xx gets
//! the mail again later (`mail::retries`); a 5xx gives it up, and one that
//! refuses the address marks it undeliverable.

use std::sync::Arc;
use std::time::Duration;

use super::Next;
use crate::db::outbox::{self, WaitingMail};
use crate::db::run_blocking;
use crate::domain::timestamp;
use crate::mail::{Failure, Mailer, Words, retries};
use crate::server::AppState;

pub const NAME: &str = "mail";

/// How often an idle outbox is looked at.
const IDLE_PAUSE: Duration = Duration::from_secs(1);
/// After a failure to read or write the outbox, a longer rest.
const TROUBLE_PAUSE: Duration = Duration::from_secs(10);
/// Mails sent in one round.
const AT_ONCE: u32 = 10;
/// Done mails are kept this long for the admin's list.
const KEEP_DONE: time::Duration = time::Duration::days(30);

/// The mailer and the first pause before a mail is tried again.
#[derive(Clone)]
pub struct Outbox {
    mailer: Arc<Mailer>,
    first_retry: Duration,
}

/// What became of one mail.
enum Outcome {
    Sent(String),
    Later { why: String, at: String },
    GivenUp { why: String, address_refused: bool },
}

impl Outbox {
    pub fn new(mailer: Mailer, first_retry: Duration) -> Self {
        Self {
            mailer: Arc::new(mailer),
            first_retry,
        }
    }

    /// Sends what is due, and records each outcome.
    pub async fn round(&self, state: &AppState) -> Next {
        let now = timestamp::now();
        let due = run_blocking(&state.pool, move |conn| {
            Ok(outbox::due(conn, &now, AT_ONCE)?)
        })
        .await;
        let due = match due {
            Ok(due) if due.is_empty() => return Next::RestFor(IDLE_PAUSE),
            Ok(due) => due,
            Err(error) => {
                tracing::warn!(%error, "cannot read the mail outbox");
                return Next::RestFor(TROUBLE_PAUSE);
            }
        };
        for mail in due {
            let outcome = self.send(&mail).await;
            let (id, to) = (mail.id, mail.to.clone());
            let written = state
                .writer
                .write(move |conn| Ok(record(conn, id, &to, &outcome)?))
                .await;
            if let Err(error) = written {
                tracing::warn!(%error, "cannot record a mail's outcome");
                return Next::RestFor(TROUBLE_PAUSE);
            }
        }
        let forget_before = timestamp::before_now(KEEP_DONE);
        let _ = state
            .writer
            .write(move |conn| Ok(outbox::forget_done(conn, &forget_before)?))
            .await;
        Next::RestFor(Duration::ZERO)
    }

    async fn send(&self, mail: &WaitingMail) -> Outcome {
        let (mailer, waiting) = (self.mailer.clone(), mail.clone());
        let sent = tokio::task::spawn_blocking(move || {
            let words = Words {
                subject: &waiting.subject,
                text: &waiting.text,
                html: &waiting.html,
                unsubscribe: waiting.unsubscribe.as_deref(),
            };
            mailer.send(&waiting.to, words)
        })
        .await;
        let failure = match sent {
            Ok(Ok(answer)) => {
                tracing::info!(mail = mail.id, kind = %mail.kind, %answer, "mail sent");
                return Outcome::Sent(answer);
            }
            Ok(Err(failure)) => failure,
            Err(panicked) => Failure::Temporary(format!("sending failed: {panicked}")),
        };
        tracing::warn!(mail = mail.id, kind = %mail.kind, why = failure.message(), "mail not sent");
        match failure {
            Failure::Permanent {
                message,
                address_refused,
            } => Outcome::GivenUp {
                why: message,
                address_refused,
            },
            Failure::Temporary(why) => {
                if mail.created_at < timestamp::before_now(day()) {
                    Outcome::GivenUp {
                        why: format!("given up after a day: {why}"),
                        address_refused: false,
                    }
                } else {
                    let pause = retries::pause_after(mail.tries + 1, self.first_retry);
                    let at = timestamp::after_now(time::Duration::try_from(pause).unwrap_or(day()));
                    Outcome::Later { why, at }
                }
            }
        }
    }
}

fn day() -> time::Duration {
    time::Duration::try_from(retries::GIVE_UP_AFTER).expect("a day fits")
}

fn record(
    conn: &rusqlite::Connection,
    id: i64,
    to: &str,
    outcome: &Outcome,
) -> rusqlite::Result<()> {
    let now = timestamp::now();
    match outcome {
        Outcome::Sent(answer) => outbox::sent(conn, id, answer, &now),
        Outcome::Later { why, at } => outbox::try_later(conn, id, why, at),
        Outcome::GivenUp {
            why,
            address_refused,
        } => {
            outbox::given_up(conn, id, why, &now)?;
            if *address_refused {
                outbox::refuse_address(conn, to, why, &now)?;
            }
            Ok(())
        }
    }
}
