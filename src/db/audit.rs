//! The audit log: every moderation and admin action, who took it, when, and why.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;

/// Who acted: a member through the site, or the command line.
#[derive(Debug, Clone, Copy)]
pub enum Actor<'a> {
    Member { id: i64, username: &'a str },
    CommandLine,
}

impl<'a> Actor<'a> {
    /// A member acting on the site (an admin, an editor).
    pub fn member(user: &'a super::users::User) -> Self {
        Self::Member {
            id: user.id,
            username: &user.username,
        }
    }
}

/// One action to record.
pub struct Action<'a> {
    /// A short code: `role`, `suspend`, `unsuspend`, `sign-out`, `signup-mode`,
    /// `invite-create`, `invite-revoke`, `member-delete`.
    pub action: &'a str,
    /// Whom or what it was done to.
    pub target: &'a str,
    /// What changed, in words.
    pub details: &'a str,
    /// Why, as the actor wrote it.
    pub note: &'a str,
}

pub fn record(conn: &Connection, actor: Actor, action: &Action, now: &str) -> rusqlite::Result<()> {
    let (actor_id, actor_name) = match actor {
        Actor::Member { id, username } => (Some(id), Some(username)),
        Actor::CommandLine => (None, None),
    };
    conn.prepare_cached(
        "INSERT INTO audit_log (at, actor_id, actor_name, action, target, details, note)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        now,
        actor_id,
        actor_name,
        action.action,
        action.target,
        action.details,
        action.note
    ])?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    pub entry_id: i64,
    pub at: String,
    /// The member who acted, or null for the command line.
    #[schema(required)]
    pub actor: Option<String>,
    pub action: String,
    pub target: String,
    pub details: String,
    pub note: String,
}

/// A page of entries, newest first, and how many there are.
pub fn page(conn: &Connection, page: Page) -> rusqlite::Result<(Vec<Entry>, i64)> {
    let total = conn
        .prepare_cached("SELECT count(*) FROM audit_log")?
        .query_row([], |row| row.get(0))?;
    let entries = conn
        .prepare_cached(
            "SELECT id, at, actor_name, action, target, details, note FROM audit_log
             ORDER BY id DESC LIMIT ?1 OFFSET ?2",
        )?
        .query_map(params![page.limit, page.offset], |row| {
            Ok(Entry {
                entry_id: row.get(0)?,
                at: row.get(1)?,
                actor: row.get(2)?,
                action: row.get(3)?,
                target: row.get(4)?,
                details: row.get(5)?,
                note: row.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((entries, total))
}
