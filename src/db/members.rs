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

const EVERY_MEMBER: &str = "WHERE ?1 = ''";
const BY_TRIGRAMS: &str = "WHERE u.id IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ?1)";
const BY_LIKE: &str = "WHERE u.username LIKE ?1 ESCAPE '\\' OR u.email LIKE ?1 ESCAPE '\\'";

/// Members whose username or email holds `query` (any case), newest first.
/// Three letters or more are looked up in the trigram index (`users_fts`);
/// shorter ones, which no trigram holds, look at every member; no query
/// is every member.
pub fn search(
    conn: &Connection,
    query: &str,
    page: Page,
    now: &str,
) -> rusqlite::Result<(Vec<MemberOverview>, i64)> {
    // Control characters (a NUL, say) are in no name, and would break the full-text phrase.
    let query: String = query.chars().filter(|c| !c.is_control()).collect();
    let (filter, pattern) = if query.is_empty() {
        (EVERY_MEMBER, String::new())
    } else if query.chars().count() >= 3 {
        // One phrase, taken literally: FTS5 doubles a quote inside one.
        (BY_TRIGRAMS, format!("\"{}\"", query.replace('"', "\"\"")))
    } else {
        // LIKE's own characters are taken literally.
        (
            BY_LIKE,
            format!(
                "%{}%",
                query
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            ),
        )
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::seed::fixtures;
    use crate::db::{query_plan, test_connection, users};

    const NOW: &str = "2026-01-01T00:00:00.000Z";
    const FIRST_PAGE: Page = Page {
        limit: 25,
        offset: 0,
    };

    fn found(conn: &Connection, query: &str) -> Vec<String> {
        let (members, total) = search(conn, query, FIRST_PAGE, NOW).unwrap();
        assert_eq!(total, members.len() as i64, "{query}");
        members.into_iter().map(|m| m.username).collect()
    }

    #[test]
    fn members_are_found_by_any_part_of_their_name_or_email_in_any_case() {
        let conn = test_connection();
        fixtures::user(&conn, "lowend.theo");
        let vera = fixtures::user(&conn, "vera");
        fixtures::user(&conn, "theodora");

        assert_eq!(found(&conn, "THEO"), ["theodora", "lowend.theo"]);
        assert_eq!(found(&conn, "end.t"), ["lowend.theo"]);
        assert_eq!(found(&conn, "eo"), ["theodora", "lowend.theo"]);
        assert_eq!(found(&conn, "vera@EXAMPLE"), ["vera"]);
        assert_eq!(found(&conn, "").len(), 3);
        for literal in ["%", "_", "th%", "\"the", "a\"\""] {
            assert!(found(&conn, literal).is_empty(), "{literal}");
        }

        users::set_username(&conn, vera, "vera", "verity", NOW).unwrap();
        users::set_email(&conn, vera, "v@elsewhere.net").unwrap();
        assert!(found(&conn, "vera").is_empty());
        assert_eq!(found(&conn, "rity"), ["verity"]);
        assert_eq!(found(&conn, "elsewhere"), ["verity"]);
        conn.execute("DELETE FROM users WHERE id = ?1", [vera])
            .unwrap();
        assert!(found(&conn, "rity").is_empty());
    }

    #[test]
    fn three_letters_or_more_are_looked_up_in_the_index() {
        let conn = test_connection();
        let plan = query_plan(&conn, &format!("{MEMBER_QUERY} {BY_TRIGRAMS}"));
        assert!(plan.contains("users_fts VIRTUAL TABLE"), "{plan}");
        assert!(
            !plan.contains("SCAN u\n") && !plan.ends_with("SCAN u"),
            "{plan}"
        );
    }
}
