//! Notification mail: each notification of a kind a member asked to be
//! mailed (replies, mentions, new releases) becomes a mail in the outbox,
//! and once a week a member who asked for the digest is mailed what they
//! have not read. Both run in the notification mail task, never on a
//! request's path: the task reads the notifications written since its last
//! round, a bounded window at a time, and keeps how far it read.

use rusqlite::Connection;

use super::letters;
use crate::config::PublicUrl;
use crate::db::{mail_subscriptions, notifications, site_settings};
use crate::notices::Notification;

/// Notifications read in one round, mailed or not.
const WINDOW: i64 = 200;
/// Digests written in one round.
const DIGESTS_AT_ONCE: u32 = 20;

/// Puts the mail of the notifications written since the last round in the
/// outbox: whether more wait.
pub fn mail_new_notifications(
    conn: &Connection,
    site: &PublicUrl,
    now: &str,
) -> rusqlite::Result<bool> {
    let after = site_settings::notifications_mailed_up_to(conn)?;
    let last = notifications::last_id(conn)?;
    if last <= after {
        return Ok(false);
    }
    let up_to = last.min(after + WINDOW);
    for to in notifications::to_mail(conn, after, up_to)? {
        let Some(told) = notifications::one(conn, to.id)? else {
            continue;
        };
        let told = Notification::from(told);
        let letter = letters::notification(site, &to.username, to.kind, &told, &to.token);
        super::post(conn, &to.email, &letter, now)?;
    }
    site_settings::set_notifications_mailed_up_to(conn, up_to)?;
    Ok(up_to < last)
}

/// Puts the digests due by `now` in the outbox (none for a member with
/// nothing unread from the week): whether more are due.
pub fn mail_due_digests(conn: &Connection, site: &PublicUrl, now: &str) -> rusqlite::Result<bool> {
    let due = mail_subscriptions::due_digests(conn, now, DIGESTS_AT_ONCE)?;
    for digest in &due {
        let (newest, _) =
            notifications::page(conn, digest.user_id, None, letters::DIGEST_MOST as u32 + 1)?;
        let week: Vec<Notification> = newest
            .into_iter()
            .map(Notification::from)
            .filter(|told| !told.read && told.at.as_str() >= digest.week_began.as_str())
            .collect();
        if !week.is_empty() {
            let shown = week.len().min(letters::DIGEST_MOST);
            let more = notifications::unread(conn, digest.user_id)? > shown as i64;
            let letter =
                letters::digest(site, &digest.username, &week[..shown], more, &digest.token);
            super::post(conn, &digest.email, &letter, now)?;
        }
        mail_subscriptions::digest_done(conn, digest.user_id, now)?;
    }
    Ok(due.len() == DIGESTS_AT_ONCE as usize)
}
