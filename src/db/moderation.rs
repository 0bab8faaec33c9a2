//! What an admin does about a review, comment, post, shout or profile, from
//! the site or the command line: the item treated, its open reports closed
//! with how, and the audit log told. Each function runs inside the caller's
//! transaction.

use rusqlite::Connection;

use super::audit::{self, Action, Actor};
use super::reports::{self, Context};
use super::{comments, hidden, lists, posts, reviews, shouts, warnings};
use crate::domain::ItemKind;
use crate::error::{AppError, AppResult};

/// What is done about a reported item (a suspension is done to its author
/// by the caller, who then closes the reports with `close`).
#[derive(Debug, Clone, Copy)]
pub enum Treatment<'a> {
    /// Nothing wrong with it.
    Dismiss,
    /// Shown only to its author and the admins.
    Hide,
    Delete,
    /// Its author is told `message` until they have read it.
    Warn(&'a str),
}

impl Treatment<'_> {
    /// How the item's reports are closed.
    fn resolution(self) -> &'static str {
        match self {
            Self::Dismiss => "dismissed",
            Self::Hide => "hidden",
            Self::Delete => "deleted",
            Self::Warn(_) => "warned",
        }
    }
}

/// A reported or unwanted item, as the audit log names it.
pub struct Item {
    pub kind: ItemKind,
    pub id: i64,
    /// None once it is gone.
    pub found: Option<Context>,
    /// "comment 12 by troll".
    pub target: String,
}

impl Item {
    pub fn find(conn: &Connection, kind: ItemKind, id: i64) -> rusqlite::Result<Self> {
        let found = reports::context(conn, kind, id)?;
        let target = match &found {
            Some(item) => format!("{} {id} by {}", kind.as_str(), item.author),
            None => format!("{} {id}", kind.as_str()),
        };
        Ok(Self {
            kind,
            id,
            found,
            target,
        })
    }

    /// The item, or why nothing but dismissing its reports is left.
    pub fn present(&self) -> AppResult<&Context> {
        self.found.as_ref().ok_or_else(|| {
            AppError::NotFound(format!("{} is gone: only dismissing is left", self.target))
        })
    }
}

/// A profile is its member's: it is neither hidden nor deleted, its member
/// is suspended instead.
pub fn refuse_for_profile(kind: ItemKind, done: &str) -> AppResult<()> {
    if kind == ItemKind::Profile {
        return Err(AppError::BadRequest(format!(
            "A profile cannot be {done}: suspend the member instead."
        )));
    }
    Ok(())
}

/// Treats a reported item, closes its open reports and records it as
/// `report-dismissed`, `report-hidden`...; answers how many reports closed.
pub fn resolve(
    conn: &Connection,
    actor: Actor,
    item: &Item,
    treatment: Treatment,
    note: &str,
    now: &str,
) -> AppResult<usize> {
    let details = match treatment {
        Treatment::Dismiss => String::new(),
        Treatment::Hide => {
            refuse_for_profile(item.kind, "hidden")?;
            item.present()?;
            hidden::set(conn, item.kind, item.id, true, now)?;
            String::new()
        }
        Treatment::Delete => {
            refuse_for_profile(item.kind, "deleted from the queue")?;
            item.present()?;
            delete(conn, item.kind, item.id)?;
            String::new()
        }
        Treatment::Warn(message) => {
            warnings::create(conn, item.present()?.author_id, message, now)?;
            message.to_owned()
        }
    };
    Ok(close(
        conn,
        actor,
        item,
        treatment.resolution(),
        &details,
        note,
        now,
    )?)
}

fn delete(conn: &Connection, kind: ItemKind, id: i64) -> rusqlite::Result<bool> {
    match kind {
        ItemKind::Review => reviews::delete(conn, id),
        ItemKind::Comment => comments::delete(conn, id),
        ItemKind::Post => posts::delete(conn, id),
        ItemKind::Shout => shouts::delete(conn, id),
        ItemKind::List => lists::delete(conn, id),
        ItemKind::Profile => Ok(false),
    }
}

/// Closes the item's open reports with `resolution` and records
/// `report-{resolution}`; answers how many reports were closed.
pub fn close(
    conn: &Connection,
    actor: Actor,
    item: &Item,
    resolution: &str,
    details: &str,
    note: &str,
    now: &str,
) -> rusqlite::Result<usize> {
    let resolved_by = match actor {
        Actor::Member { username, .. } => username,
        Actor::CommandLine => "(command line)",
    };
    let closed = reports::resolve(conn, item.kind, item.id, resolved_by, resolution, note, now)?;
    let entry = Action {
        action: &format!("report-{resolution}"),
        target: &item.target,
        details,
        note,
    };
    audit::record(conn, actor, &entry, now)?;
    Ok(closed)
}

/// Hides the item or shows it again, outside the queue (its open reports
/// stay open); recorded as `hide` or `show` when it changed anything.
pub fn set_hidden(
    conn: &Connection,
    actor: Actor,
    item: &Item,
    hide: bool,
    note: &str,
    now: &str,
) -> AppResult<bool> {
    refuse_for_profile(item.kind, "hidden")?;
    item.found
        .as_ref()
        .ok_or_else(|| AppError::NotFound(format!("No {} {}", item.kind.as_str(), item.id)))?;
    let changed = hidden::set(conn, item.kind, item.id, hide, now)?;
    if changed {
        let entry = Action {
            action: if hide { "hide" } else { "show" },
            target: &item.target,
            details: "",
            note,
        };
        audit::record(conn, actor, &entry, now)?;
    }
    Ok(changed)
}
