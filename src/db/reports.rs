//! Reports of content by members, and the admins' queue of open ones.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::{ItemKind, ReportReason};

/// What a reported item says and where it is, as the queue shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedItem {
    pub item_kind: ItemKind,
    pub item_id: i64,
    /// Null once the item is gone (deleted by its author, say).
    #[schema(required)]
    pub author: Option<String>,
    /// The text (a review, comment, post or shout), or the profile's name.
    pub text: String,
    #[schema(required)]
    pub created_at: Option<String>,
    /// The site's page that shows it in context.
    pub link: String,
    /// Hidden already: only its author and the admins see it.
    pub hidden: bool,
    pub reports: Vec<ReportLine>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportLine {
    pub report_id: i64,
    pub reporter: String,
    pub reason: ReportReason,
    pub note: String,
    pub created_at: String,
}

/// The item's author, text, date and page.
pub struct Context {
    pub author_id: i64,
    pub author: String,
    pub text: String,
    pub created_at: String,
    pub link: String,
    pub hidden: bool,
}

/// Each kind's item: author id, author name, text, date, the page's path,
/// and whether it is hidden.
fn context_query(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Review => {
            "SELECT r.user_id, u.username, r.review_text, r.created_at,
                    '/review/' || a.slug || '/' || r.id, r.hidden_at IS NOT NULL
             FROM reviews r JOIN users u ON u.id = r.user_id JOIN albums a ON a.id = r.album_id
             WHERE r.id = ?1"
        }
        ItemKind::Comment => {
            "SELECT c.user_id, u.username, c.comment_text, c.created_at,
                    CASE WHEN c.album_id IS NOT NULL THEN
                              (SELECT '/albums/' || ar.slug || '/' || a.slug FROM albums a
                               JOIN artists ar ON ar.id = a.artist_id WHERE a.id = c.album_id)
                         WHEN c.review_id IS NOT NULL THEN
                              (SELECT '/review/' || a.slug || '/' || r.id FROM reviews r
                               JOIN albums a ON a.id = r.album_id WHERE r.id = c.review_id)
                         ELSE '/post/' || c.post_id END,
                    c.hidden_at IS NOT NULL
             FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?1"
        }
        ItemKind::Post => {
            "SELECT p.user_id, u.username, p.title || char(10) || p.post_text, p.created_at,
                    '/post/' || p.id, p.hidden_at IS NOT NULL
             FROM posts p JOIN users u ON u.id = p.user_id WHERE p.id = ?1"
        }
        ItemKind::Shout => {
            "SELECT s.user_id, u.username, s.shout_text, s.created_at, '/user/' || to_user.username,
                    s.hidden_at IS NOT NULL
             FROM shouts s JOIN users u ON u.id = s.user_id
             JOIN users to_user ON to_user.id = s.recipient_id WHERE s.id = ?1"
        }
        ItemKind::List => {
            "SELECT l.user_id, u.username, l.title || char(10) || l.description, l.created_at,
                    '/list/' || l.id || '/' || l.slug, l.hidden_at IS NOT NULL
             FROM lists l JOIN users u ON u.id = l.user_id WHERE l.id = ?1"
        }
        ItemKind::Profile => {
            "SELECT u.id, u.username, u.username, u.created_at, '/user/' || u.username, 0
             FROM users u WHERE u.id = ?1"
        }
    }
}

/// The item, if it is still there.
pub fn context(conn: &Connection, kind: ItemKind, id: i64) -> rusqlite::Result<Option<Context>> {
    conn.prepare_cached(context_query(kind))?
        .query_row([id], |row| {
            Ok(Context {
                author_id: row.get(0)?,
                author: row.get(1)?,
                text: row.get(2)?,
                created_at: row.get(3)?,
                link: row.get(4)?,
                hidden: row.get(5)?,
            })
        })
        .optional()
}

pub struct NewReport<'a> {
    pub reporter_id: i64,
    pub kind: ItemKind,
    pub item_id: i64,
    pub reason: ReportReason,
    pub note: &'a str,
}

/// Fails with a unique violation when the member already has an open report of the item.
pub fn create(conn: &Connection, report: &NewReport, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO reports (reporter_id, item_kind, item_id, reason, note, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        report.reporter_id,
        report.kind.as_str(),
        report.item_id,
        report.reason.as_str(),
        report.note,
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// The open reports, grouped by item, the longest-waiting item first.
pub fn open_queue(conn: &Connection) -> rusqlite::Result<Vec<ReportedItem>> {
    let lines: Vec<(String, i64, ReportLine)> = conn
        .prepare_cached(
            "SELECT r.item_kind, r.item_id, r.id, u.username, r.reason, r.note, r.created_at
             FROM reports r JOIN users u ON u.id = r.reporter_id
             WHERE r.resolved_at IS NULL ORDER BY r.id LIMIT 2000",
        )?
        .query_map([], |row| {
            let reason: String = row.get(4)?;
            Ok((
                row.get(0)?,
                row.get(1)?,
                ReportLine {
                    report_id: row.get(2)?,
                    reporter: row.get(3)?,
                    reason: reason.parse().unwrap_or(ReportReason::Other),
                    note: row.get(5)?,
                    created_at: row.get(6)?,
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut items: Vec<ReportedItem> = Vec::new();
    for (kind, item_id, line) in lines {
        let Ok(kind) = kind.parse::<ItemKind>() else {
            continue;
        };
        if let Some(item) = items
            .iter_mut()
            .find(|i| i.item_kind == kind && i.item_id == item_id)
        {
            item.reports.push(line);
            continue;
        }
        let context = context(conn, kind, item_id)?;
        items.push(ReportedItem {
            item_kind: kind,
            item_id,
            author: context.as_ref().map(|c| c.author.clone()),
            text: context.as_ref().map(|c| c.text.clone()).unwrap_or_default(),
            created_at: context.as_ref().map(|c| c.created_at.clone()),
            hidden: context.as_ref().is_some_and(|c| c.hidden),
            link: context.map(|c| c.link).unwrap_or_default(),
            reports: vec![line],
        });
    }
    Ok(items)
}

/// Closes every open report of the item; answers how many there were.
pub fn resolve(
    conn: &Connection,
    kind: ItemKind,
    item_id: i64,
    resolved_by: &str,
    resolution: &str,
    note: &str,
    now: &str,
) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE reports SET resolved_at = ?3, resolved_by = ?4, resolution = ?5, resolution_note = ?6
         WHERE item_kind = ?1 AND item_id = ?2 AND resolved_at IS NULL",
    )?
    .execute(params![kind.as_str(), item_id, now, resolved_by, resolution, note])
}

/// How many items wait in the queue.
pub fn open_items(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT count(*) FROM (SELECT 1 FROM reports WHERE resolved_at IS NULL
                               GROUP BY item_kind, item_id)",
    )?
    .query_row([], |row| row.get(0))
}

/// How many open reports one item has.
pub fn open_count(conn: &Connection, kind: ItemKind, item_id: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "SELECT count(*) FROM reports WHERE item_kind = ?1 AND item_id = ?2 AND resolved_at IS NULL",
    )?
    .query_row(params![kind.as_str(), item_id], |row| row.get(0))
}
