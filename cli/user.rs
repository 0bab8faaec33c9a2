//! `user`: manage members from the command line, on the same database
//! whether or not a server is running.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::Subcommand;
use halfstar::auth;
use halfstar::config::DataSettings;
use halfstar::db::users::{self, NewUser, User};
use halfstar::db::{self, sessions};
use halfstar::domain::timestamp::now;
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
    },
    /// Take a member back to the user role.
    Demote { name: String },
    /// Set a new password (asked for, or read from standard input) and sign the
    /// member out everywhere.
    ResetPassword { name: String },
    /// Give a member a new username; links to the old one still lead to them.
    Rename { name: String, new_name: String },
    /// Change a member's email address.
    Email { name: String, email: String },
    /// Sign a member out everywhere.
    SignOut { name: String },
    /// Delete a member and everything they wrote.
    Delete {
        name: String,
        /// Confirm the deletion; without it nothing is deleted.
        #[arg(long)]
        yes: bool,
    },
}

fn parse_role(text: &str) -> Result<Role, String> {
    text.parse()
}

pub fn run(data: &DataSettings, command: UserCommand) -> anyhow::Result<ExitCode> {
    let pool = db::open(&data.data_dir)?;
    let mut conn = pool.get()?;
    if !matches!(command, UserCommand::List) {
        // Passwords are read from standard input, never part of the command.
        halfstar::api::security_log::cli_action(&format!("user {command:?}"));
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
        UserCommand::Promote { name, role } => {
            let user = find(&conn, &name)?;
            if role == Role::User {
                bail!("promote to editor or admin; use 'demote' for the user role");
            }
            users::set_role(&conn, user.id, role)?;
            println!("{} is now {role}.", user.username);
        }
        UserCommand::Demote { name } => {
            let user = find(&conn, &name)?;
            users::set_role(&conn, user.id, Role::User)?;
            println!("{} is now user.", user.username);
        }
        UserCommand::ResetPassword { name } => {
            let user = find(&conn, &name)?;
            let password = read_password()?;
            let hash = auth::hash_password(password.expose())?;
            let tx = conn.transaction()?;
            users::set_password_hash(&tx, user.id, &hash)?;
            let signed_out = sessions::delete_for_user(&tx, user.id)?;
            tx.commit()?;
            println!(
                "New password set for {}; {signed_out} sessions signed out.",
                user.username
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
        UserCommand::SignOut { name } => {
            let user = find(&conn, &name)?;
            let signed_out = sessions::delete_for_user(&conn, user.id)?;
            println!("{}: {signed_out} sessions signed out.", user.username);
        }
        UserCommand::Delete { name, yes } => {
            let user = find(&conn, &name)?;
            if !yes {
                bail!(
                    "this deletes {} and everything they wrote; run again with --yes to confirm",
                    user.username
                );
            }
            let tx = conn.transaction()?;
            users::delete(&tx, user.id)?;
            tx.commit()?;
            println!("Deleted {}.", user.username);
        }
    }
    Ok(ExitCode::SUCCESS)
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
