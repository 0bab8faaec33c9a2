use rusqlite::{Connection, params};

use crate::domain::Role;

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
