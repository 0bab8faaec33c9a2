//! `export-user NAME`: a member's own data as JSON, the same file the
//! profile's "Download my data" gives them.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use halfstar::config::DataSettings;
use halfstar::db::{export, users};
use halfstar::domain::timestamp::now;

pub fn run(data: &DataSettings, name: &str, output: Option<&Path>) -> anyhow::Result<ExitCode> {
    let pool = data.open_database()?;
    let mut conn = pool.get()?;
    let user =
        users::by_username(&conn, name)?.with_context(|| format!("no member called {name}"))?;
    let exported = export::for_user(&mut conn, user, now())?;
    let mut json = serde_json::to_vec_pretty(&exported)?;
    json.push(b'\n');
    match output {
        None => match std::io::stdout().lock().write_all(&json) {
            // A reader such as `head` that stops early is not a failure.
            Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
            written => written?,
        },
        Some(path) => {
            std::fs::write(path, &json)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!(
                "Exported {} to {}: {} ({} rated), {} wishlist, {}, {}, {}, {}, {}.",
                exported.member.username,
                path.display(),
                count(exported.library.len(), "library album"),
                exported.ratings.len(),
                exported.wishlist.len(),
                count(exported.reviews.len(), "review"),
                count(exported.posts.len(), "post"),
                count(exported.comments.len(), "comment"),
                count(exported.shouts.len(), "shout"),
                count(exported.votes.len(), "vote"),
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}
