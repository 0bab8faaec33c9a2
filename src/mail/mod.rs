//! Mail: what the site sends members (a forgotten password's link, word that
//! a password changed, a test), and how. Nothing is sent on a request's
//! path: a request writes a `Letter` to the outbox (`db::outbox`) in the
//! same write as the change it tells of, and the outbox task
//! (`server::tasks::mail`) sends it through the owner's server, trying
//! again with a growing pause for a day when the server is away. Links in
//! mail begin only with the public address.

pub mod letters;
pub mod mailer;
pub mod notification_mail;
pub mod retries;

pub use mailer::{Failure, Mailer};

/// One mail as written, before it is addressed and sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// Kept with the mail, for the admin's outbox list: "password-reset".
    pub kind: &'static str,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Where one POST unsubscribes (RFC 8058), for mail a member opted into.
    pub unsubscribe: Option<String>,
}

/// What a mail says, as the mail server is handed it: a letter's words,
/// or a waiting mail's as the outbox kept them.
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    pub subject: &'a str,
    pub text: &'a str,
    pub html: &'a str,
    pub unsubscribe: Option<&'a str>,
}

impl Letter {
    pub fn words(&self) -> Words<'_> {
        Words {
            subject: &self.subject,
            text: &self.text,
            html: &self.html,
            unsubscribe: self.unsubscribe.as_deref(),
        }
    }
}

/// Puts `letter` for `to` in the outbox, in the caller's write: none when
/// the address is known to be undeliverable.
pub fn post(
    conn: &rusqlite::Connection,
    to: &str,
    letter: &Letter,
    now: &str,
) -> rusqlite::Result<Option<i64>> {
    let mail = crate::db::outbox::NewMail {
        to,
        kind: letter.kind,
        subject: &letter.subject,
        text: &letter.text,
        html: &letter.html,
        unsubscribe: letter.unsubscribe.as_deref(),
    };
    crate::db::outbox::put(conn, &mail, now)
}
