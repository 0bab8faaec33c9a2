use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use crate::domain::Role;
use utoipa::ToSchema;

impl FromSql for Role {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value
            .as_str()?
            .parse()
            .map_err(|e: String| FromSqlError::Other(e.into()))
    }
}

/// A member as the API and the CLI show them; never the password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub profile_picture_url: String,
    pub role: Role,
    pub created_at: String,
    /// Until when the member may not write, as stored: a past moment is none.
    pub suspended_until: Option<String>,
    pub suspension_reason: String,
    /// Whether an admin hid anything they wrote: their reads then differ
    /// from everyone else's.
    pub has_hidden_items: bool,
}

/// Stored as the end of a suspension for good.
pub const FOR_GOOD: &str = "9999-12-31T23:59:59.999Z";

/// Why and until when a member may read but not write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Suspension {
    /// The end (UTC, ISO-8601), or null for good.
    #[schema(required)]
    pub until: Option<String>,
    pub reason: String,
}

impl User {
    /// The suspension in force at `now`, if any.
    pub fn suspension(&self, now: &str) -> Option<Suspension> {
        let until = self
            .suspended_until
            .as_deref()
            .filter(|until| *until > now)?;
        Some(Suspension {
            until: (until != FOR_GOOD).then(|| until.to_owned()),
            reason: self.suspension_reason.clone(),
        })
    }
}

pub(crate) const USER_COLUMNS: &str = "users.id, users.username, users.email, users.profile_picture_url, users.role, users.created_at, users.suspended_until, users.suspension_reason,
    (EXISTS (SELECT 1 FROM reviews h WHERE h.user_id = users.id AND h.hidden_at IS NOT NULL)
     OR EXISTS (SELECT 1 FROM comments h WHERE h.user_id = users.id AND h.hidden_at IS NOT NULL)
     OR EXISTS (SELECT 1 FROM posts h WHERE h.user_id = users.id AND h.hidden_at IS NOT NULL)
     OR EXISTS (SELECT 1 FROM shouts h WHERE h.user_id = users.id AND h.hidden_at IS NOT NULL))";
/// The columns of `USER_COLUMNS`: what a query selects after them starts here.
pub(crate) const AFTER_USER_COLUMNS: usize = 9;

pub(crate) fn user_from_row(row: &Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        username: row.get(1)?,
        email: row.get(2)?,
        profile_picture_url: row.get(3)?,
        role: row.get(4)?,
        created_at: row.get(5)?,
        suspended_until: row.get(6)?,
        suspension_reason: row.get(7)?,
        has_hidden_items: row.get(8)?,
    })
}

/// Who wrote something, as every list of posts, reviews, comments, shouts
/// and ratings shows them.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Author {
    pub user_id: i64,
    pub username: String,
    pub profile_picture_url: String,
}

/// The author whose three columns (id, username, picture) start at `first`.
pub(crate) fn author_at(row: &Row<'_>, first: usize) -> rusqlite::Result<Author> {
    Ok(Author {
        user_id: row.get(first)?,
        username: row.get(first + 1)?,
        profile_picture_url: row.get(first + 2)?,
    })
}

fn one_user(
    conn: &Connection,
    condition: &str,
    key: &dyn rusqlite::ToSql,
) -> rusqlite::Result<Option<User>> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {condition}");
    conn.prepare_cached(&sql)?
        .query_row([key], user_from_row)
        .optional()
}

pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<User>> {
    one_user(conn, "id = ?1", &id)
}

/// Matched regardless of case; a name the member has since given up finds
/// them too, unless someone else has it now.
pub fn by_username(conn: &Connection, username: &str) -> rusqlite::Result<Option<User>> {
    if let Some(user) = one_user(conn, "username = ?1", &username)? {
        return Ok(Some(user));
    }
    one_user(
        conn,
        "id = (SELECT user_id FROM former_usernames WHERE username = ?1)",
        &username,
    )
}

/// Gives a member a new username, keeping the old one as a former name
/// so that links to it still lead to them. Call inside a transaction.
pub fn set_username(
    conn: &Connection,
    id: i64,
    old: &str,
    new: &str,
    now: &str,
) -> rusqlite::Result<()> {
    // The new name may be one they or another member once had.
    conn.prepare_cached("DELETE FROM former_usernames WHERE username = ?1")?
        .execute([new])?;
    if !old.eq_ignore_ascii_case(new) {
        conn.prepare_cached(
            "INSERT OR REPLACE INTO former_usernames (username, user_id, changed_at)
             VALUES (?1, ?2, ?3)",
        )?
        .execute(params![old, id, now])?;
    }
    conn.prepare_cached("UPDATE users SET username = ?1 WHERE id = ?2")?
        .execute(params![new, id])?;
    Ok(())
}

/// Whether the member has a password of their own (an account made by a
/// sign-on provider has none until one is chosen).
pub fn has_password(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT password_hash <> '' FROM users WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
}

pub fn set_email(conn: &Connection, id: i64, email: &str) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached("UPDATE users SET email = ?1, email_confirmed_at = NULL WHERE id = ?2")?
        .execute(params![email, id])?;
    Ok(changed == 1)
}

/// The member with this email, matched regardless of case.
pub fn by_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<User>> {
    one_user(conn, "email = ?1", &email)
}

/// The user and their password hash, for logging in. Matched regardless of case.
pub fn credentials_by_email(
    conn: &Connection,
    email: &str,
) -> rusqlite::Result<Option<(User, String)>> {
    let sql = format!("SELECT {USER_COLUMNS}, users.password_hash FROM users WHERE email = ?1");
    conn.prepare_cached(&sql)?
        .query_row([email], |row| {
            Ok((user_from_row(row)?, row.get(AFTER_USER_COLUMNS)?))
        })
        .optional()
}

/// The user and their password hash, matched by username regardless of case.
pub fn credentials_by_username(
    conn: &Connection,
    username: &str,
) -> rusqlite::Result<Option<(User, String)>> {
    let sql = format!("SELECT {USER_COLUMNS}, users.password_hash FROM users WHERE username = ?1");
    conn.prepare_cached(&sql)?
        .query_row([username], |row| {
            Ok((user_from_row(row)?, row.get(AFTER_USER_COLUMNS)?))
        })
        .optional()
}

/// A member's password hash, to check their password before a change.
pub fn password_hash(conn: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT password_hash FROM users WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
}

/// Which of a username and an email are already taken (either case).
pub fn taken(conn: &Connection, username: &str, email: &str) -> rusqlite::Result<(bool, bool)> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?1),
                EXISTS (SELECT 1 FROM users WHERE email = ?2)",
    )?
    .query_row(params![username, email], |row| {
        Ok((row.get(0)?, row.get(1)?))
    })
}

pub fn list(conn: &Connection) -> rusqlite::Result<Vec<User>> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users ORDER BY users.username COLLATE NOCASE");
    conn.prepare(&sql)?.query_map([], user_from_row)?.collect()
}

/// Returns whether the user exists.
pub fn set_picture(conn: &Connection, id: i64, url: &str) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached("UPDATE users SET profile_picture_url = ?1 WHERE id = ?2")?
        .execute(params![url, id])?;
    Ok(changed == 1)
}

pub fn set_role(conn: &Connection, id: i64, role: Role) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached("UPDATE users SET role = ?1 WHERE id = ?2")?
        .execute(params![role.as_str(), id])?;
    Ok(changed == 1)
}

pub fn set_password_hash(conn: &Connection, id: i64, hash: &str) -> rusqlite::Result<bool> {
    let changed = conn
        .prepare_cached("UPDATE users SET password_hash = ?1 WHERE id = ?2")?
        .execute(params![hash, id])?;
    Ok(changed == 1)
}

/// Deletes the user and, through the foreign keys, everything they wrote.
/// Call inside a transaction: album counters are corrected first.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    super::ratings::forget_user(conn, id)?;
    super::reviews::forget_user(conn, id)?;
    super::votes::forget_user(conn, id)?;
    let changed = conn
        .prepare_cached("DELETE FROM users WHERE id = ?1")?
        .execute([id])?;
    Ok(changed == 1)
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub profile_picture_url: &'a str,
    pub role: Role,
}

pub fn insert(conn: &Connection, user: &NewUser, now: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO users (username, email, password_hash, profile_picture_url, role, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        user.username,
        user.email,
        user.password_hash,
        user.profile_picture_url,
        user.role.as_str(),
        now
    ])?;
    Ok(conn.last_insert_rowid())
}

pub fn count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT count(*) FROM users", [], |row| row.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_and_emails_are_unique_regardless_of_case() {
        let conn = crate::db::test_connection();
        let user = |username, email| NewUser {
            username,
            email,
            password_hash: "x",
            profile_picture_url: "",
            role: Role::User,
        };
        let now = "2026-01-01T00:00:00.000Z";
        insert(&conn, &user("Vera", "vera@example.org"), now).unwrap();
        for (username, email) in [("vera", "other@example.org"), ("other", "VERA@example.org")] {
            let duplicate = insert(&conn, &user(username, email), now);
            assert!(duplicate.is_err_and(|e| crate::db::is_unique_violation(&e)));
        }
        assert_eq!(count(&conn).unwrap(), 1);
    }
}
