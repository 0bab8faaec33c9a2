//! A forgotten password's link: one live token per member, stored hashed,
//! used once.

use rusqlite::{Connection, OptionalExtension, params};

/// Gives `user_id` a new token, ending the one before.
pub fn replace(
    conn: &Connection,
    user_id: i64,
    token_hash: &[u8],
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id) DO UPDATE
         SET token_hash = excluded.token_hash, expires_at = excluded.expires_at",
    )?
    .execute(params![user_id, token_hash, expires_at])?;
    Ok(())
}

/// Whose live token this is, without using it.
pub fn holder(conn: &Connection, token_hash: &[u8], now: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT user_id FROM password_resets WHERE token_hash = ?1 AND expires_at > ?2",
    )?
    .query_row(params![token_hash, now], |row| row.get(0))
    .optional()
}

/// Uses a token: whose it was, if it was live. Used or not, it is gone.
pub fn take(conn: &Connection, token_hash: &[u8], now: &str) -> rusqlite::Result<Option<i64>> {
    let row: Option<(i64, String)> = conn
        .prepare_cached(
            "DELETE FROM password_resets WHERE token_hash = ?1 RETURNING user_id, expires_at",
        )?
        .query_row([token_hash], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    Ok(row.and_then(|(user_id, expires_at)| (expires_at.as_str() > now).then_some(user_id)))
}

/// Ends a member's token (their password changed another way).
pub fn end(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM password_resets WHERE user_id = ?1")?
        .execute([user_id])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(conn: &Connection) -> i64 {
        conn.execute(
            "INSERT INTO users (username, email, password_hash, created_at)
             VALUES ('vera', 'vera@example.org', 'x', '2026-01-01T00:00:00Z')",
            [],
        )
        .unwrap();
        conn.last_insert_rowid()
    }

    #[test]
    fn a_token_works_once_until_it_expires_and_a_new_one_ends_the_old() {
        let conn = crate::db::test_connection();
        let id = member(&conn);
        let now = "2026-01-01T00:00:00Z";
        replace(&conn, id, b"first", "2026-01-01T00:30:00Z").unwrap();
        replace(&conn, id, b"second", "2026-01-01T00:30:00Z").unwrap();
        assert_eq!(holder(&conn, b"first", now).unwrap(), None);
        assert_eq!(holder(&conn, b"second", now).unwrap(), Some(id));
        assert_eq!(take(&conn, b"second", now).unwrap(), Some(id));
        assert_eq!(take(&conn, b"second", now).unwrap(), None, "used once");
        replace(&conn, id, b"third", "2026-01-01T00:30:00Z").unwrap();
        assert_eq!(
            holder(&conn, b"third", "2026-01-01T00:30:00Z").unwrap(),
            None
        );
        assert_eq!(take(&conn, b"third", "2026-01-01T00:31:00Z").unwrap(), None);
        assert_eq!(
            holder(&conn, b"third", now).unwrap(),
            None,
            "gone once tried"
        );
    }
}
