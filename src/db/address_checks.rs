//! Sign-ups and email changes waiting for the new address's link.

use rusqlite::{Connection, OptionalExtension, params};

/// A sign-up as checked, waiting for its address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingSignUp {
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub profile_picture_url: String,
    pub invite_code: String,
}

/// What a live link stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waiting {
    SignUp(WaitingSignUp),
    EmailChange { user_id: i64, email: String },
}

/// Keeps a sign-up until `expires_at`.
pub fn put_sign_up(
    conn: &Connection,
    token_hash: &[u8],
    sign_up: &WaitingSignUp,
    expires_at: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO address_checks
             (token_hash, purpose, email, username, password_hash, profile_picture_url, invite_code, expires_at)
         VALUES (?1, 'sign-up', ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        token_hash,
        sign_up.email,
        sign_up.username,
        sign_up.password_hash,
        sign_up.profile_picture_url,
        sign_up.invite_code,
        expires_at
    ])?;
    Ok(())
}

/// Keeps a member's change to `email` until `expires_at`, ending the one before.
pub fn put_email_change(
    conn: &Connection,
    token_hash: &[u8],
    user_id: i64,
    email: &str,
    expires_at: &str,
) -> rusqlite::Result<()> {
    end_email_change(conn, user_id)?;
    conn.prepare_cached(
        "INSERT INTO address_checks (token_hash, purpose, email, user_id, expires_at)
         VALUES (?1, 'email-change', ?2, ?3, ?4)",
    )?
    .execute(params![token_hash, email, user_id, expires_at])?;
    Ok(())
}

/// Ends a member's waiting email change (their password changed).
pub fn end_email_change(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "DELETE FROM address_checks WHERE purpose = 'email-change' AND user_id = ?1",
    )?
    .execute([user_id])?;
    Ok(())
}

/// Uses a link: what it stood for, if it was live. Used or not, it is gone,
/// and so is every expired one.
pub fn take(conn: &Connection, token_hash: &[u8], now: &str) -> rusqlite::Result<Option<Waiting>> {
    let row = conn
        .prepare_cached(
            "DELETE FROM address_checks WHERE token_hash = ?1
             RETURNING purpose, email, user_id, username, password_hash, profile_picture_url,
                       invite_code, expires_at",
        )?
        .query_row([token_hash], |row| {
            let purpose: String = row.get(0)?;
            let expires_at: String = row.get(7)?;
            let waiting = if purpose == "sign-up" {
                Waiting::SignUp(WaitingSignUp {
                    email: row.get(1)?,
                    username: row.get(3)?,
                    password_hash: row.get(4)?,
                    profile_picture_url: row.get(5)?,
                    invite_code: row.get(6)?,
                })
            } else {
                Waiting::EmailChange {
                    user_id: row.get(2)?,
                    email: row.get(1)?,
                }
            };
            Ok((waiting, expires_at))
        })
        .optional()?;
    conn.prepare_cached("DELETE FROM address_checks WHERE expires_at <= ?1")?
        .execute([now])?;
    Ok(row.and_then(|(waiting, expires_at)| (expires_at.as_str() > now).then_some(waiting)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign_up() -> WaitingSignUp {
        WaitingSignUp {
            username: "vera".into(),
            email: "vera@example.org".into(),
            password_hash: "hash".into(),
            profile_picture_url: String::new(),
            invite_code: String::new(),
        }
    }

    #[test]
    fn a_link_works_once_until_it_expires() {
        let conn = crate::db::test_connection();
        let now = "2026-01-01T00:00:00.000Z";
        put_sign_up(&conn, b"a", &sign_up(), "2026-01-02T00:00:00.000Z").unwrap();
        assert_eq!(
            take(&conn, b"a", now).unwrap(),
            Some(Waiting::SignUp(sign_up()))
        );
        assert_eq!(take(&conn, b"a", now).unwrap(), None);
        put_sign_up(&conn, b"b", &sign_up(), "2026-01-02T00:00:00.000Z").unwrap();
        assert_eq!(take(&conn, b"b", "2026-01-03T00:00:00.000Z").unwrap(), None);
    }

    #[test]
    fn a_new_email_change_ends_the_one_before() {
        let conn = crate::db::test_connection();
        conn.execute(
            "INSERT INTO users (username, email, password_hash, created_at)
             VALUES ('vera', 'vera@example.org', 'x', '2026-01-01T00:00:00Z')",
            [],
        )
        .unwrap();
        let id = conn.last_insert_rowid();
        let until = "2026-01-02T00:00:00.000Z";
        put_email_change(&conn, b"first", id, "one@example.org", until).unwrap();
        put_email_change(&conn, b"second", id, "two@example.org", until).unwrap();
        let now = "2026-01-01T00:00:00.000Z";
        assert_eq!(take(&conn, b"first", now).unwrap(), None);
        assert_eq!(
            take(&conn, b"second", now).unwrap(),
            Some(Waiting::EmailChange {
                user_id: id,
                email: "two@example.org".into()
            })
        );
    }
}
