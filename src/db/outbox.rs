//! The mail outbox: mail waiting to be sent, what the server answered, and
//! the addresses it refused for good.

use rusqlite::{Connection, OptionalExtension, params};

/// A mail to put in the outbox.
pub struct NewMail<'a> {
    pub to: &'a str,
    pub kind: &'a str,
    pub subject: &'a str,
    pub text: &'a str,
    pub html: &'a str,
    pub unsubscribe: Option<&'a str>,
}

/// A waiting mail, as the outbox task sends it.
#[derive(Debug, Clone)]
pub struct WaitingMail {
    pub id: i64,
    pub to: String,
    pub kind: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub unsubscribe: Option<String>,
    pub created_at: String,
    pub tries: u32,
}

/// A mail as the admin's outbox list shows it (never its words).
#[derive(Debug, Clone)]
pub struct OutboxEntry {
    pub id: i64,
    pub to: String,
    pub kind: String,
    pub created_at: String,
    pub state: String,
    pub tries: u32,
    pub answer: String,
    pub next_try_at: String,
    pub done_at: Option<String>,
}

/// Puts a mail in the outbox, due at once; none when the address is known
/// to be undeliverable (nothing more is sent there).
pub fn put(conn: &Connection, mail: &NewMail, now: &str) -> rusqlite::Result<Option<i64>> {
    if undeliverable(conn, mail.to)?.is_some() {
        return Ok(None);
    }
    conn.prepare_cached(
        "INSERT INTO mail_outbox
             (to_address, kind, subject, text_body, html_body, unsubscribe_url, created_at, next_try_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
    )?
    .execute(params![
        mail.to,
        mail.kind,
        mail.subject,
        mail.text,
        mail.html,
        mail.unsubscribe,
        now
    ])?;
    Ok(Some(conn.last_insert_rowid()))
}

/// Up to `most` mails due by `now`, the longest waiting first.
pub fn due(conn: &Connection, now: &str, most: u32) -> rusqlite::Result<Vec<WaitingMail>> {
    conn.prepare_cached(
        "SELECT id, to_address, kind, subject, text_body, html_body, unsubscribe_url, created_at, tries
         FROM mail_outbox
         WHERE state = 'waiting' AND next_try_at <= ?1
         ORDER BY next_try_at, id LIMIT ?2",
    )?
    .query_map(params![now, most], |row| {
        Ok(WaitingMail {
            id: row.get(0)?,
            to: row.get(1)?,
            kind: row.get(2)?,
            subject: row.get(3)?,
            text: row.get(4)?,
            html: row.get(5)?,
            unsubscribe: row.get(6)?,
            created_at: row.get(7)?,
            tries: row.get(8)?,
        })
    })?
    .collect()
}

/// Marks a mail sent with the server's answer; its words are cleared.
pub fn sent(conn: &Connection, id: i64, answer: &str, now: &str) -> rusqlite::Result<()> {
    finish(conn, id, "sent", answer, now)
}

/// Gives a mail up; its words are cleared.
pub fn given_up(conn: &Connection, id: i64, why: &str, now: &str) -> rusqlite::Result<()> {
    finish(conn, id, "given-up", why, now)
}

fn finish(
    conn: &Connection,
    id: i64,
    state: &str,
    answer: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE mail_outbox
         SET state = ?2, answer = ?3, done_at = ?4, tries = tries + 1,
             subject = '', text_body = '', html_body = ''
         WHERE id = ?1",
    )?
    .execute(params![id, state, answer, now])?;
    Ok(())
}

/// Keeps a mail waiting, to be tried again at `next_try_at`.
pub fn try_later(conn: &Connection, id: i64, why: &str, next_try_at: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE mail_outbox SET tries = tries + 1, answer = ?2, next_try_at = ?3 WHERE id = ?1",
    )?
    .execute(params![id, why, next_try_at])?;
    Ok(())
}

/// Notes that the server refused `address` for good; mail still waiting for
/// it is given up.
pub fn refuse_address(
    conn: &Connection,
    address: &str,
    why: &str,
    now: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO mail_undeliverable (address, reason, at) VALUES (?1, ?2, ?3)
         ON CONFLICT (address) DO UPDATE SET reason = excluded.reason, at = excluded.at",
    )?
    .execute(params![address, why, now])?;
    conn.prepare_cached(
        "UPDATE mail_outbox
         SET state = 'given-up', answer = ?2, done_at = ?3,
             subject = '', text_body = '', html_body = ''
         WHERE state = 'waiting' AND to_address = ?1 COLLATE NOCASE",
    )?
    .execute(params![address, why, now])?;
    Ok(())
}

/// Why the server refused `address` for good, if it did.
pub fn undeliverable(conn: &Connection, address: &str) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT reason FROM mail_undeliverable WHERE address = ?1")?
        .query_row([address], |row| row.get(0))
        .optional()
}

/// Forgets that `address` was refused (its member changed to it anew, or
/// an admin asked to try again).
pub fn forgive_address(conn: &Connection, address: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM mail_undeliverable WHERE address = ?1")?
        .execute([address])?
        > 0)
}

/// The newest `most` mails, waiting or done, for the admin.
pub fn latest(conn: &Connection, most: u32) -> rusqlite::Result<Vec<OutboxEntry>> {
    conn.prepare_cached(
        "SELECT id, to_address, kind, created_at, state, tries, answer, next_try_at, done_at
         FROM mail_outbox ORDER BY id DESC LIMIT ?1",
    )?
    .query_map([most], |row| {
        Ok(OutboxEntry {
            id: row.get(0)?,
            to: row.get(1)?,
            kind: row.get(2)?,
            created_at: row.get(3)?,
            state: row.get(4)?,
            tries: row.get(5)?,
            answer: row.get(6)?,
            next_try_at: row.get(7)?,
            done_at: row.get(8)?,
        })
    })?
    .collect()
}

/// Forgets mails done before `before`, so the outbox stays small.
pub fn forget_done(conn: &Connection, before: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM mail_outbox WHERE state <> 'waiting' AND done_at < ?1")?
        .execute([before])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(to: &str) -> NewMail<'_> {
        NewMail {
            to,
            kind: "test",
            subject: "s",
            text: "t",
            html: "<p>t</p>",
            unsubscribe: None,
        }
    }

    #[test]
    fn mail_waits_until_due_and_its_words_go_once_done() {
        let conn = crate::db::test_connection();
        let id = put(&conn, &mail("a@example.org"), "2026-01-01T00:00:00Z")
            .unwrap()
            .unwrap();
        assert_eq!(due(&conn, "2025-12-31T00:00:00Z", 10).unwrap().len(), 0);
        assert_eq!(due(&conn, "2026-01-01T00:00:00Z", 10).unwrap()[0].id, id);
        try_later(&conn, id, "421 busy", "2026-01-01T00:01:00Z").unwrap();
        assert!(due(&conn, "2026-01-01T00:00:30Z", 10).unwrap().is_empty());
        let again = &due(&conn, "2026-01-01T00:01:00Z", 10).unwrap()[0];
        assert_eq!(again.tries, 1);
        sent(&conn, id, "250 Ok", "2026-01-01T00:01:01Z").unwrap();
        assert!(due(&conn, "2027-01-01T00:00:00Z", 10).unwrap().is_empty());
        let listed = &latest(&conn, 5).unwrap()[0];
        assert_eq!((listed.state.as_str(), listed.tries), ("sent", 2));
        let words: String = conn
            .query_row(
                "SELECT text_body || html_body || subject FROM mail_outbox",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(words, "");
        assert_eq!(forget_done(&conn, "2026-01-02T00:00:00Z").unwrap(), 1);
    }

    #[test]
    fn a_refused_address_gets_nothing_more_until_forgiven() {
        let conn = crate::db::test_connection();
        let now = "2026-01-01T00:00:00Z";
        put(&conn, &mail("gone@example.org"), now).unwrap().unwrap();
        refuse_address(&conn, "Gone@Example.org", "550 no such user", now).unwrap();
        assert!(
            due(&conn, now, 10).unwrap().is_empty(),
            "waiting mail given up"
        );
        assert_eq!(
            undeliverable(&conn, "gone@example.org").unwrap().as_deref(),
            Some("550 no such user")
        );
        assert_eq!(put(&conn, &mail("gone@example.org"), now).unwrap(), None);
        assert!(forgive_address(&conn, "gone@example.org").unwrap());
        assert!(
            put(&conn, &mail("gone@example.org"), now)
                .unwrap()
                .is_some()
        );
    }
}
