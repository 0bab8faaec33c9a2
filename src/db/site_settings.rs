//! Settings an admin changes from the site: who may join.

use rusqlite::{Connection, params};

use crate::domain::SignupMode;

/// Who may join, and whether members may invite others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signup {
    pub mode: SignupMode,
    pub members_may_invite: bool,
}

impl Signup {
    /// "sign-up invite; members may invite", as the audit log and the CLI say it.
    pub fn describe(self) -> String {
        format!(
            "sign-up {}; members {} invite",
            self.mode.as_str(),
            if self.members_may_invite {
                "may"
            } else {
                "may not"
            }
        )
    }
}

fn value(conn: &Connection, key: &str) -> rusqlite::Result<String> {
    conn.prepare_cached("SELECT value FROM site_settings WHERE key = ?1")?
        .query_row([key], |row| row.get(0))
}

pub fn signup(conn: &Connection) -> rusqlite::Result<Signup> {
    let mode = value(conn, "signup_mode")?;
    Ok(Signup {
        // An unknown value (written by hand) closes the door rather than opening it.
        mode: mode.parse().unwrap_or(SignupMode::Closed),
        members_may_invite: value(conn, "members_may_invite")? == "1",
    })
}

pub fn set_signup(conn: &Connection, signup: Signup) -> rusqlite::Result<()> {
    let mut set = conn.prepare_cached("UPDATE site_settings SET value = ?2 WHERE key = ?1")?;
    set.execute(params!["signup_mode", signup.mode.as_str()])?;
    set.execute(params![
        "members_may_invite",
        if signup.members_may_invite { "1" } else { "0" }
    ])?;
    Ok(())
}

/// How far the notification mail task has read the notifications.
pub fn notifications_mailed_up_to(conn: &Connection) -> rusqlite::Result<i64> {
    Ok(value(conn, "notifications_mailed_up_to")?
        .parse()
        .unwrap_or(0))
}

pub fn set_notifications_mailed_up_to(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO site_settings (key, value) VALUES ('notifications_mailed_up_to', ?1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute([id.to_string()])?;
    Ok(())
}

/// Notes in the database at `path` when `halfstar backup` last copied it,
/// for the admin page. A database from before the setting existed is left
/// as it is: a backup never migrates what it copies.
pub fn note_backup(path: &std::path::Path, now: &str) -> anyhow::Result<()> {
    let conn = super::connection(path)?;
    let has_settings: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'site_settings')",
        [],
        |row| row.get(0),
    )?;
    if has_settings {
        conn.execute(
            "INSERT INTO site_settings (key, value) VALUES ('last_backup', ?1)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [now],
        )?;
    }
    Ok(())
}
