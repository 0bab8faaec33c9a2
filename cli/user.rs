//! `user`: manage members from the command line, on the same database
//! whether or not a server is running.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::Subcommand;
use halfstar::auth;
use halfstar::config::DataSettings;
use halfstar::db::users::{self, NewUser, User};
use halfstar::db::{audit, members, sessions};
use halfstar::domain::timestamp::{after_now, now};
use halfstar::domain::words::count_of;
use halfstar::domain::{Email, Password, Role, Username};

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// List every member with their role.
    List,
    /// Create a member. The password is asked for, or read from standard input
    /// when it is not a terminal; it is never taken from the command line.
    Create {
        /// Username: 3 to 30 letters, digits, '_', '-' or '.'.
        name: String,
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "user", value_parser = parse_role)]
        role: Role,
    },
    /// Give a member the editor or admin role.
    Promote {
        name: String,
        #[arg(long, value_parser = parse_role)]
        role: Role,
        /// Why, for the audit log.
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Take a member back to the user role.
    Demote {
        name: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Suspend a member: they can sign in and read, not write.
    Suspend {
        name: String,
        /// For how many days; without it, for good.
        #[arg(long)]
        days: Option<u32>,
        /// Shown to the member.
        #[arg(long)]
        reason: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Lift a member's suspension.
    Unsuspend {
        name: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Set a new password (asked for, or read from standard input) and sign the
    /// member out everywhere.
    ResetPassword { name: String },
    /// Give a member a new username; links to the old one still lead to them.
    Rename { name: String, new_name: String },
    /// Change a member's email address.
    Email { name: String, email: String },
    /// Sign a member out everywhere.
    SignOut {
        name: String,
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Delete a member and everything they wrote.
    Delete {
        name: String,
        #[arg(long, default_value = "")]
        note: String,
        /// Confirm the deletion; without it nothing is deleted.
        #[arg(long)]
        yes: bool,
    },
}

fn parse_role(text: &str) -> Result<Role, String> {
    text.parse()
}

pub fn run(data: &DataSettings, command: UserCommand) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    if !matches!(command, UserCommand::List) {
        // Passwords are read from standard input, never part of the command.
        halfstar::http::security_log::cli_action(&format!("user {command:?}"));
    }
    match command {
        UserCommand::List => {
            let members = users::list(&conn)?;
            if members.is_empty() {
                println!("No members yet.");
            }
            for user in members {
                println!(
                    "{:<30} {:<7} {:<40} joined {}",
                    user.username,
                    user.role,
                    user.email,
                    &user.created_at[..10]
                );
            }
        }
        UserCommand::Create { name, email, role } => {
            let username = Username::parse(&name).map_err(|e| anyhow!(e))?;
            let email = Email::parse(&email).map_err(|e| anyhow!(e))?;
            let (name_taken, email_taken) = users::taken(&conn, username.as_str(), email.as_str())?;
            if name_taken {
                bail!("username {} is already taken", username.as_str());
            }
            if email_taken {
                bail!("email {} is already registered", email.as_str());
            }
            let password = read_password()?;
            let hash = auth::hash_password(password.expose())?;
            let new_user = NewUser {
                username: username.as_str(),
                email: email.as_str(),
                password_hash: &hash,
                profile_picture_url: "",
                role,
            };
            users::insert(&conn, &new_user, &now())?;
            println!("Created {} ({role}).", username.as_str());
        }
        UserCommand::Promote { name, role, note } => {
            let user = find(&conn, &name)?;
            if role == Role::User {
                bail!("promote to editor or admin; use 'demote' for the user role");
            }
            let tx = conn.transaction()?;
            users::set_role(&tx, user.id, role)?;
            if role == Role::Admin {
                members::lift_suspension(&tx, user.id)?;
            }
            let details = format!("{} to {role}", user.role);
            audited(&tx, "role", &user.username, &details, &note)?;
            tx.commit()?;
            println!("{} is now {role}.", user.username);
        }
        UserCommand::Demote { name, note } => {
            let user = find(&conn, &name)?;
            let tx = conn.transaction()?;
            if user.role == Role::Admin && members::admin_count(&tx)? <= 1 {
                bail!(
                    "{} is the only admin: promote another member first",
                    user.username
                );
            }
            users::set_role(&tx, user.id, Role::User)?;
            let details = format!("{} to user", user.role);
            audited(&tx, "role", &user.username, &details, &note)?;
            tx.commit()?;
            println!("{} is now user.", user.username);
        }
        UserCommand::Suspend {
            name,
            days,
            reason,
            note,
        } => {
            let user = find(&conn, &name)?;
            if user.role == Role::Admin {
                bail!(
                    "an admin cannot be suspended: demote {} first",
                    user.username
                );
            }
            let reason = reason.trim();
            if reason.is_empty() {
                bail!("--reason is required: the member is shown it");
            }
            let (until, span) = match days {
                Some(days @ 1..=3650) => (
                    after_now(time::Duration::days(i64::from(days))),
                    format!("for {}", count_of(days.into(), "day")),
                ),
                Some(_) => bail!("--days must be 1 to 3650; leave it out for good"),
                None => (users::FOR_GOOD.to_owned(), "for good".to_owned()),
            };
            let tx = conn.transaction()?;
            members::suspend(&tx, user.id, &until, reason)?;
            audited(
                &tx,
                "suspend",
                &user.username,
                &format!("{span}: {reason}"),
                &note,
            )?;
            tx.commit()?;
            println!("{} is suspended {span}.", user.username);
        }
        UserCommand::Unsuspend { name, note } => {
            let user = find(&conn, &name)?;
            let tx = conn.transaction()?;
            members::lift_suspension(&tx, user.id)?;
            audited(&tx, "unsuspend", &user.username, "", &note)?;
            tx.commit()?;
            println!("{} is no longer suspended.", user.username);
        }
        UserCommand::ResetPassword { name } => {
            let user = find(&conn, &name)?;
            let password = read_password()?;
            let hash = auth::hash_password(password.expose())?;
            let tx = conn.transaction()?;
            users::set_password_hash(&tx, user.id, &hash)?;
            let ended = sessions::end_all(&tx, user.id)?;
            tx.commit()?;
            println!(
                "New password set for {}; {} sessions signed out, {} keys revoked.",
                user.username, ended.sessions, ended.keys
            );
        }
        UserCommand::Rename { name, new_name } => {
            let user = find(&conn, &name)?;
            let username = Username::parse(&new_name).map_err(|e| anyhow!(e))?;
            if users::by_username(&conn, username.as_str())?.is_some_and(|other| {
                other.id != user.id && other.username.eq_ignore_ascii_case(username.as_str())
            }) {
                bail!("username {} is already taken", username.as_str());
            }
            let tx = conn.transaction()?;
            users::set_username(&tx, user.id, &user.username, username.as_str(), &now())?;
            tx.commit()?;
            println!("{} is now {}.", user.username, username.as_str());
        }
        UserCommand::Email { name, email } => {
            let user = find(&conn, &name)?;
            let email = Email::parse(&email).map_err(|e| anyhow!(e))?;
            let (_, taken) = users::taken(&conn, "", email.as_str())?;
            if taken && !user.email.eq_ignore_ascii_case(email.as_str()) {
                bail!("email {} is already registered", email.as_str());
            }
            users::set_email(&conn, user.id, email.as_str())?;
            println!("{}'s email is now {}.", user.username, email.as_str());
        }
        UserCommand::SignOut { name, note } => {
            let user = find(&conn, &name)?;
            let tx = conn.transaction()?;
            let ended = sessions::end_all(&tx, user.id)?;
            let details = format!(
                "{} sessions ended, {} keys revoked",
                ended.sessions, ended.keys
            );
            audited(&tx, "sign-out", &user.username, &details, &note)?;
            tx.commit()?;
            println!(
                "{}: {} sessions signed out, {} keys revoked.",
                user.username, ended.sessions, ended.keys
            );
        }
        UserCommand::Delete { name, note, yes } => {
            let user = find(&conn, &name)?;
            if !yes {
                bail!(
                    "this deletes {} and everything they wrote; run again with --yes to confirm",
                    user.username
                );
            }
            let tx = conn.transaction()?;
            users::delete(&tx, user.id)?;
            audited(&tx, "member-delete", &user.username, "", &note)?;
            tx.commit()?;
            println!("Deleted {}.", user.username);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Records an action taken from the command line in the audit log.
pub fn audited(
    conn: &rusqlite::Connection,
    action: &str,
    target: &str,
    details: &str,
    note: &str,
) -> anyhow::Result<()> {
    let entry = audit::Action {
        action,
        target,
        details,
        note: note.trim(),
    };
    audit::record(conn, audit::Actor::CommandLine, &entry, &now())?;
    Ok(())
}

fn find(conn: &rusqlite::Connection, name: &str) -> anyhow::Result<User> {
    users::by_username(conn, name)?.with_context(|| format!("no member called {name}"))
}

/// Asks twice on a terminal; otherwise reads the first line of standard input.
fn read_password() -> anyhow::Result<Password> {
    let text = if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("Password: ")?;
        let second = rpassword::prompt_password("Password again: ")?;
        if first != second {
            bail!("the passwords differ");
        }
        first
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    Password::parse(&text, "password").map_err(|e| anyhow!(e))
}
