//! Which notification mail each member asked for, the token that turns
//! each kind off without signing in, and when each weekly digest is due.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::MailKind;

/// The kinds of mail the member asked for.
pub fn kinds(conn: &Connection, user: i64) -> rusqlite::Result<Vec<MailKind>> {
    let names: Vec<String> = conn
        .prepare_cached("SELECT kind FROM mail_subscriptions WHERE user_id = ?1 AND subscribed")?
        .query_map([user], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(names.iter().filter_map(|name| name.parse().ok()).collect())
}

/// Turns one kind on or off. A kind turned on for the first time keeps
/// `token` as its unsubscribe token for good; turned on again, it is mailed
/// only what happens from `now`, and a digest is first due a week on.
pub fn set(
    conn: &Connection,
    user: i64,
    kind: MailKind,
    on: bool,
    token: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO mail_subscriptions (user_id, kind, token, subscribed, subscribed_at, next_digest_at)
         VALUES (?1, ?2, ?3, ?4, ?5,
                 CASE WHEN ?4 AND ?2 = 'digest'
                      THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?5, '+7 days') END)
         ON CONFLICT (user_id, kind) DO UPDATE SET
             subscribed_at = CASE WHEN subscribed THEN subscribed_at ELSE excluded.subscribed_at END,
             next_digest_at = CASE WHEN NOT excluded.subscribed THEN NULL
                                   WHEN subscribed THEN next_digest_at
                                   ELSE excluded.next_digest_at END,
             subscribed = excluded.subscribed",
    )?
    .execute(params![user, kind.as_str(), token, on, now])?;
    Ok(())
}

/// A kind of mail a token turns off, and whose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub user_id: i64,
    pub username: String,
    pub kind: MailKind,
    pub subscribed: bool,
}

fn subscription(row: &rusqlite::Row<'_>) -> rusqlite::Result<Subscription> {
    let kind: String = row.get(2)?;
    Ok(Subscription {
        user_id: row.get(0)?,
        username: row.get(1)?,
        kind: kind.parse().unwrap_or(MailKind::Digest),
        subscribed: row.get(3)?,
    })
}

/// What `token` unsubscribes from, if it is one.
pub fn by_token(conn: &Connection, token: &str) -> rusqlite::Result<Option<Subscription>> {
    conn.prepare_cached(
        "SELECT s.user_id, u.username, s.kind, s.subscribed
         FROM mail_subscriptions s JOIN users u ON u.id = s.user_id
         WHERE s.token = ?1",
    )?
    .query_row([token], subscription)
    .optional()
}

/// Turns off the kind `token` is of: what it was, if it is a token.
pub fn unsubscribe(conn: &Connection, token: &str) -> rusqlite::Result<Option<Subscription>> {
    conn.prepare_cached(
        "UPDATE mail_subscriptions SET subscribed = 0, next_digest_at = NULL WHERE token = ?1",
    )?
    .execute([token])?;
    by_token(conn, token)
}

/// A weekly digest due, and where it goes.
#[derive(Debug, Clone)]
pub struct DueDigest {
    pub user_id: i64,
    pub username: String,
    pub email: String,
    pub token: String,
    /// When the digest before it was due: the week it tells of begins here.
    pub week_began: String,
}

/// Up to `most` digests due by `now`, the longest due first.
pub fn due_digests(conn: &Connection, now: &str, most: u32) -> rusqlite::Result<Vec<DueDigest>> {
    conn.prepare_cached(
        "SELECT s.user_id, u.username, u.email, s.token,
                strftime('%Y-%m-%dT%H:%M:%fZ', s.next_digest_at, '-7 days')
         FROM mail_subscriptions s JOIN users u ON u.id = s.user_id
         WHERE s.kind = 'digest' AND s.subscribed AND s.next_digest_at <= ?1
         ORDER BY s.next_digest_at LIMIT ?2",
    )?
    .query_map(params![now, most], |row| {
        Ok(DueDigest {
            user_id: row.get(0)?,
            username: row.get(1)?,
            email: row.get(2)?,
            token: row.get(3)?,
            week_began: row.get(4)?,
        })
    })?
    .collect()
}

/// The member's digest is next due a week after `now`.
pub fn digest_done(conn: &Connection, user: i64, now: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE mail_subscriptions
         SET next_digest_at = strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+7 days')
         WHERE user_id = ?1 AND kind = 'digest' AND subscribed",
    )?
    .execute(params![user, now])?;
    Ok(())
}

/// Makes every subscribed digest due at `now`: how many.
pub fn make_digests_due(conn: &Connection, now: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE mail_subscriptions SET next_digest_at = ?1
         WHERE kind = 'digest' AND subscribed AND next_digest_at > ?1",
    )?
    .execute([now])
}
