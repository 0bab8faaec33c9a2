//! Items an admin hid: a hidden review, comment, post or shout is shown only
//! to its author and to admins; to everyone else it is as if it were gone.

use rusqlite::{Connection, OptionalExtension, params};

use super::users::User;
use crate::domain::{ItemKind, Role};

/// Who is reading, as far as hidden items go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reader {
    /// Zero for a visitor: no member has it.
    member_id: i64,
    sees_hidden: bool,
}

impl Reader {
    pub const VISITOR: Self = Self {
        member_id: 0,
        sees_hidden: false,
    };

    pub fn of(user: Option<&User>) -> Self {
        user.map_or(Self::VISITOR, |user| Self {
            member_id: user.id,
            sees_hidden: user.role == Role::Admin,
        })
    }

    /// Whether this member may be shown anything a visitor is not: an admin,
    /// or the author of something hidden.
    pub fn sees_more_than_visitors(user: &User) -> bool {
        user.role == Role::Admin || user.has_hidden_items
    }

    /// Whether an item by `author_id` is shown to this reader.
    pub fn sees(self, author_id: i64, hidden: bool) -> bool {
        !hidden || self.sees_hidden || author_id == self.member_id
    }

    /// The two values `shown` binds, in order.
    pub fn params(self) -> (i64, bool) {
        (self.member_id, self.sees_hidden)
    }
}

/// SQL: whether the row `alias` (a table with `user_id` and `hidden_at`) is
/// shown to the reader whose `params` are bound at `?{at}` and `?{at + 1}`.
pub fn shown(alias: &str, at: usize) -> String {
    format!(
        "({alias}.hidden_at IS NULL OR {alias}.user_id = ?{at} OR ?{})",
        at + 1
    )
}

/// SQL: whether the comment `alias` is shown to the reader bound at `?{at}`
/// away from what it answers: it and the review or post it answers must
/// both be, and a list it answers must be one its reader finds (its author,
/// or a public list) — a comment must not lead to an unlisted list.
pub fn comment_shown(alias: &str, at: usize) -> String {
    format!(
        "{} AND ({alias}.review_id IS NULL OR EXISTS (SELECT 1 FROM reviews parent
               WHERE parent.id = {alias}.review_id AND {}))
         AND ({alias}.post_id IS NULL OR EXISTS (SELECT 1 FROM posts parent
               WHERE parent.id = {alias}.post_id AND {}))
         AND ({alias}.list_id IS NULL OR EXISTS (SELECT 1 FROM lists parent
               WHERE parent.id = {alias}.list_id
                 AND (parent.user_id = ?{at} OR (parent.visibility = 'public' AND {}))))",
        shown(alias, at),
        shown("parent", at),
        shown("parent", at),
        shown("parent", at)
    )
}

fn table(kind: ItemKind) -> Option<&'static str> {
    match kind {
        ItemKind::Review => Some("reviews"),
        ItemKind::Comment => Some("comments"),
        ItemKind::Post => Some("posts"),
        ItemKind::Shout => Some("shouts"),
        ItemKind::List => Some("lists"),
        ItemKind::Profile => None,
    }
}

/// Hides the item or shows it again; answers whether that changed anything
/// (false too for a profile, which cannot be hidden, or an item that is
/// gone). A review's album counts only its shown reviews. Call inside a
/// transaction.
pub fn set(
    conn: &Connection,
    kind: ItemKind,
    id: i64,
    hidden: bool,
    now: &str,
) -> rusqlite::Result<bool> {
    let Some(table) = table(kind) else {
        return Ok(false);
    };
    let changed = conn
        .prepare_cached(&format!(
            "UPDATE {table} SET hidden_at = CASE WHEN ?2 THEN ?3 END
             WHERE id = ?1 AND (hidden_at IS NOT NULL) <> ?2"
        ))?
        .execute(params![id, hidden, now])?
        > 0;
    if changed && kind == ItemKind::Review {
        conn.prepare_cached(
            "UPDATE albums SET review_count = review_count + CASE WHEN ?2 THEN -1 ELSE 1 END
             WHERE id = (SELECT album_id FROM reviews WHERE id = ?1)",
        )?
        .execute(params![id, hidden])?;
    }
    Ok(changed)
}

/// Whether the item is hidden now (false for one that is gone).
pub fn is_hidden(conn: &Connection, kind: ItemKind, id: i64) -> rusqlite::Result<bool> {
    let Some(table) = table(kind) else {
        return Ok(false);
    };
    conn.prepare_cached(&format!(
        "SELECT EXISTS (SELECT 1 FROM {table} WHERE id = ?1 AND hidden_at IS NOT NULL)"
    ))?
    .query_row([id], |row| row.get(0))
}

/// The author of the item if it exists and the reader sees it: others may
/// not answer, vote on or report what they cannot see.
pub fn author_if_shown(
    conn: &Connection,
    kind: ItemKind,
    id: i64,
    reader: Reader,
) -> rusqlite::Result<Option<i64>> {
    let Some(table) = table(kind) else {
        return Ok(None);
    };
    let (member, sees_hidden) = reader.params();
    conn.prepare_cached(&format!(
        "SELECT user_id FROM {table} item WHERE id = ?1 AND {}",
        shown("item", 2)
    ))?
    .query_row(params![id, member, sees_hidden], |row| row.get(0))
    .optional()
}
