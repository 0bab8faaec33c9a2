//! `moderation`: the report queue and what admins do about an item, from the
//! command line, on the same database whether or not a server is running.

use std::process::ExitCode;

use clap::Subcommand;
use halfstar::config::DataSettings;
use halfstar::db::audit::Actor;
use halfstar::db::moderation::{self, Item, Treatment};
use halfstar::db::reports;
use halfstar::domain::ItemKind;
use halfstar::domain::timestamp::now;

/// An item: its kind (review, comment, post, shout or profile) and id, as
/// the queue lists them.
#[derive(Debug, clap::Args)]
pub struct ItemArgs {
    #[arg(value_parser = parse_kind)]
    kind: ItemKind,
    id: i64,
    /// Why, for the audit log.
    #[arg(long, default_value = "")]
    note: String,
}

#[derive(Debug, Subcommand)]
pub enum ModerationCommand {
    /// List the open reports, grouped by item, the longest waiting first.
    Queue,
    /// Close an item's open reports: nothing wrong with it.
    Dismiss(ItemArgs),
    /// Show an item only to its author and the admins (closing its reports).
    Hide(ItemArgs),
    /// Show a hidden item to everyone again.
    Show(ItemArgs),
    /// Delete a review, comment, post or shout (closing its reports).
    Delete(ItemArgs),
    /// Warn an item's author: they see MESSAGE until they have read it
    /// (closing the item's reports).
    Warn {
        #[command(flatten)]
        item: ItemArgs,
        message: String,
    },
}

fn parse_kind(text: &str) -> Result<ItemKind, String> {
    text.parse()
}

const MOST_WARNING_CHARS: usize = 1000;

pub fn run(data: &DataSettings, command: ModerationCommand) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    let (args, treatment) = match &command {
        ModerationCommand::Queue => {
            print_queue(&conn)?;
            return Ok(ExitCode::SUCCESS);
        }
        ModerationCommand::Dismiss(args) => (args, Some(Treatment::Dismiss)),
        ModerationCommand::Hide(args) => (args, Some(Treatment::Hide)),
        ModerationCommand::Show(args) => (args, None),
        ModerationCommand::Delete(args) => (args, Some(Treatment::Delete)),
        ModerationCommand::Warn { item, message } => {
            let message = message.trim();
            if message.is_empty() || message.chars().count() > MOST_WARNING_CHARS {
                anyhow::bail!("the message must be 1 to {MOST_WARNING_CHARS} characters");
            }
            (item, Some(Treatment::Warn(message)))
        }
    };
    let note = args.note.trim();
    let tx = conn.transaction()?;
    let item = Item::find(&tx, args.kind, args.id)?;
    let open = reports::open_count(&tx, args.kind, args.id)?;
    let said = match treatment {
        // Hiding an item nobody reported is not a report's resolution.
        Some(Treatment::Hide) if open == 0 => {
            moderation::set_hidden(&tx, Actor::CommandLine, &item, true, note, &now())?;
            format!("Hid {}.", item.target)
        }
        None => {
            moderation::set_hidden(&tx, Actor::CommandLine, &item, false, note, &now())?;
            format!("Showed {} to everyone again.", item.target)
        }
        Some(treatment) => {
            let closed =
                moderation::resolve(&tx, Actor::CommandLine, &item, treatment, note, &now())?;
            let done = match treatment {
                Treatment::Dismiss => "Dismissed the reports of",
                Treatment::Hide => "Hid",
                Treatment::Delete => "Deleted",
                Treatment::Warn(_) => "Warned the author of",
            };
            let plural = if closed == 1 { "" } else { "s" };
            format!("{done} {}; {closed} report{plural} closed.", item.target)
        }
    };
    tx.commit()?;
    println!("{said}");
    Ok(ExitCode::SUCCESS)
}

fn print_queue(conn: &rusqlite::Connection) -> anyhow::Result<()> {
    let items = reports::open_queue(conn)?;
    if items.is_empty() {
        println!("Nothing reported.");
    }
    for item in items {
        let author = item.author.as_deref().unwrap_or("(gone)");
        let hidden = if item.hidden { " [hidden]" } else { "" };
        let first_line = item.text.lines().next().unwrap_or_default();
        let shown: String = first_line.chars().take(80).collect();
        let cut = if shown.len() < item.text.len() {
            "…"
        } else {
            ""
        };
        println!(
            "{} {} by {author}{hidden}  {}",
            item.item_kind.as_str(),
            item.item_id,
            item.link
        );
        println!("    “{shown}{cut}”");
        for report in item.reports {
            let note = if report.note.is_empty() {
                String::new()
            } else {
                format!(": “{}”", report.note)
            };
            println!(
                "    - {} {} {}{note}",
                &report.created_at[..10],
                report.reporter,
                report.reason.as_str()
            );
        }
    }
    Ok(())
}
