//! Turns notifications into mail for the members who asked for it, and
//! writes the weekly digests (`mail::notification_mail`), when mail is set
//! up: a round every half minute, or at once while more wait.

use std::time::Duration;

use super::Next;
use crate::domain::timestamp;
use crate::mail::notification_mail::{mail_due_digests, mail_new_notifications};
use crate::server::AppState;

pub const NAME: &str = "notification mail";

/// How often the notifications are looked at when nothing waits.
pub const LOOK_EVERY: Duration = Duration::from_secs(30);

pub async fn round(state: &AppState, look_every: Duration) -> Next {
    let site = state.public_url.clone();
    let written = state
        .writer
        .write(move |conn| {
            let now = timestamp::now();
            let more_notifications = mail_new_notifications(conn, &site, &now)?;
            let more_digests = mail_due_digests(conn, &site, &now)?;
            Ok(more_notifications || more_digests)
        })
        .await;
    match written {
        Ok(true) => Next::RestFor(Duration::ZERO),
        Ok(false) => Next::RestFor(look_every),
        Err(error) => {
            tracing::warn!(%error, "cannot write notification mail");
            Next::RestFor(look_every)
        }
    }
}
