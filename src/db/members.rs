//! The admin's view of members: search with their counts, suspensions, and
//! how many admins are left.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::Page;
use super::users::Suspension;
use crate::domain::Role;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberOverview {
    pub user_id: i64,
    pub username: String,
    pub email: String,
    pub role: Role,
    pub created_at: String,
    /// In force now, else null.
    #[schema(required)]
    pub suspension: Option<Suspension>,
    pub ratings: i64,
    pub reviews: i64,
    pub comments: i64,
}

const MEMBER_QUERY: &str = "SELECT u.id, u.username, u.email, u.role, u.created_at,
        u.suspended_until, u.suspension_reason,
        (SELECT count(*) FROM ratings r WHERE r.user_id = u.id AND r.number IS NOT NULL),
        (SELECT count(*) FROM reviews v WHERE v.user_id = u.id),
        (SELECT count(*) FROM comments c WHERE c.user_id = u.id)
     FROM users u";

fn member_from_row(row: &rusqlite::Row, now: &str) -> rusqlite::Result<MemberOverview> {
    let user = super::users::User {
        id: row.get(0)?,
        username: row.get(1)?,
        email: row.get(2)?,
        profile_picture_url: String::new(),
        role: row.get(3)?,
        created_at: row.get(4)?,
        suspended_until: row.get(5)?,
        suspension_reason: row.get(6)?,
        has_hidden_items: false,
    };
    Ok(MemberOverview {
        suspension: user.suspension(now),
        user_id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        created_at: user.created_at,
        ratings: row.get(7)?,
        reviews: row.get(8)?,
        comments: row.get(9)?,
    })
}

/// Members whose username or email holds `query` (any case), newest first.
pub fn search(
    conn: &Connection,
    query: &str,
    page: Page,
    now: &str,
) -> rusqlite::Result<(Vec<MemberOverview>, i64)> {
    // LIKE's own characters are taken literally.
    let pattern = format!(
        "%{}%",
        query
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let filter = "WHERE u.username LIKE ?1 ESCAPE '\\' OR u.email LIKE ?1 ESCAPE '\\'";
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM users u {filter}"))?
        .query_row([&pattern], |row| row.get(0))?;
    let members = conn
        .prepare_cached(&format!(
            "{MEMBER_QUERY} {filter} ORDER BY u.id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![pattern, page.limit, page.offset], |row| {
            member_from_row(row, now)
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((members, total))
}

pub fn by_id(conn: &Connection, id: i64, now: &str) -> rusqlite::Result<MemberOverview> {
    conn.prepare_cached(&format!("{MEMBER_QUERY} WHERE u.id = ?1"))?
        .query_row([id], |row| member_from_row(row, now))
}

/// Suspends until `until` (or `users::FOR_GOOD`), with the reason shown to the member.
pub fn suspend(conn: &Connection, id: i64, until: &str, reason: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE users SET suspended_until = ?2, suspension_reason = ?3 WHERE id = ?1",
    )?
    .execute(params![id, until, reason])?;
    Ok(())
}

pub fn lift_suspension(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "UPDATE users SET suspended_until = NULL, suspension_reason = '' WHERE id = ?1",
    )?
    .execute([id])?;
    Ok(())
}

pub fn admin_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM users WHERE role = 'admin'")?
        .query_row([], |row| row.get(0))
}
