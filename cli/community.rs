//! `audit`, `signup` and `invite`: running the community from the command
//! line, on the same database whether or not a server is running.

use std::process::ExitCode;

use anyhow::bail;
use clap::Subcommand;
use halfstar::auth::new_invite_code;
use halfstar::config::DataSettings;
use halfstar::db::invites::{self, NewInvite};
use halfstar::db::site_settings::{self, Signup};
use halfstar::db::{Page, audit};
use halfstar::domain::SignupMode;
use halfstar::domain::timestamp::{after_now, now};

use crate::user::audited;

#[derive(Debug, Subcommand)]
pub enum InviteCommand {
    /// Make an invite link for invite-only sign-up.
    Create {
        /// How many sign-ups it lets in (1 to 100).
        #[arg(long, default_value_t = 1)]
        uses: i64,
        /// How many days it works (1 to 90).
        #[arg(long, default_value_t = 7)]
        days: i64,
    },
    /// List every invite, newest first.
    List,
    /// Revoke an invite by its id: it lets nobody in any more.
    Revoke { id: i64 },
}

/// The latest entries of the audit log, newest first.
pub fn audit(data: &DataSettings, limit: u32) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let conn = pool.get()?;
    let (entries, total) = audit::page(&conn, Page::first(limit.clamp(1, 10_000)))?;
    if entries.is_empty() {
        println!("The audit log is empty.");
    }
    for entry in &entries {
        let actor = entry.actor.as_deref().unwrap_or("(command line)");
        let mut line = format!(
            "{}  {actor}  {} {}",
            &entry.at[..16].replace('T', " "),
            entry.action,
            entry.target
        );
        if !entry.details.is_empty() {
            line.push_str(&format!(" ({})", entry.details));
        }
        if !entry.note.is_empty() {
            line.push_str(&format!(" — {}", entry.note));
        }
        println!("{line}");
    }
    if total > entries.len() as i64 {
        println!("({} of {total} entries; --limit shows more)", entries.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Shows who may join, or changes it.
pub fn signup(
    data: &DataSettings,
    mode: Option<SignupMode>,
    members_may_invite: Option<bool>,
    note: &str,
) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    let current = site_settings::signup(&conn)?;
    if mode.is_none() && members_may_invite.is_none() {
        println!("{}", current.describe());
        return Ok(ExitCode::SUCCESS);
    }
    let signup = Signup {
        mode: mode.unwrap_or(current.mode),
        members_may_invite: members_may_invite.unwrap_or(current.members_may_invite),
    };
    let tx = conn.transaction()?;
    site_settings::set_signup(&tx, signup)?;
    let details = signup.describe();
    audited(&tx, "signup-mode", "the site", &details, note)?;
    tx.commit()?;
    println!("{details}");
    Ok(ExitCode::SUCCESS)
}

pub fn invite(data: &DataSettings, command: InviteCommand) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    match command {
        InviteCommand::Create { uses, days } => {
            if !(1..=100).contains(&uses) {
                bail!("--uses must be 1 to 100");
            }
            if !(1..=90).contains(&days) {
                bail!("--days must be 1 to 90");
            }
            let code = new_invite_code();
            let expires_at = after_now(time::Duration::days(days));
            let tx = conn.transaction()?;
            let id = invites::create(
                &tx,
                &NewInvite {
                    code: &code,
                    created_by: None,
                    expires_at: &expires_at,
                    max_uses: uses,
                },
                &now(),
            )?;
            let details = format!("{uses} uses, until {}", &expires_at[..10]);
            audited(&tx, "invite-create", &format!("invite {id}"), &details, "")?;
            tx.commit()?;
            println!("Invite {id}: /sign-up?invite={code} ({details})");
        }
        InviteCommand::List => {
            let all = invites::list(&conn, None)?;
            if all.is_empty() {
                println!("No invites yet.");
            }
            for invite in all {
                let state = if invite.revoked {
                    "revoked".to_owned()
                } else {
                    format!("{}/{} used", invite.uses, invite.max_uses)
                };
                println!(
                    "{:>5}  {}  {state}  until {}  by {}",
                    invite.invite_id,
                    invite.link,
                    &invite.expires_at[..10],
                    invite.created_by.as_deref().unwrap_or("(command line)")
                );
            }
        }
        InviteCommand::Revoke { id } => {
            if invites::by_id(&conn, id)?.is_none() {
                bail!("no invite {id}");
            }
            let tx = conn.transaction()?;
            invites::revoke(&tx, id)?;
            audited(&tx, "invite-revoke", &format!("invite {id}"), "", "")?;
            tx.commit()?;
            println!("Invite {id} revoked.");
        }
    }
    Ok(ExitCode::SUCCESS)
}
