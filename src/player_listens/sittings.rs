//! Listens in the diary from a player's plays: each sitting in which more
//! than half of an album's tracklist was played becomes one diary entry
//! (`domain::sittings`).

use std::collections::BTreeMap;

use rusqlite::Connection;
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};

use crate::db::diary::{self, Source};
use crate::db::player_listens::Play;
use crate::domain::sittings::{Sitting, sittings};
use crate::domain::timestamp::format;

/// How far around a submission's plays of an album its sittings are looked
/// for: longer than any album takes to play.
const REACH: Duration = Duration::hours(12);

/// Logs in the member's diary each sitting that a submission's plays
/// complete or extend; how many entries were logged.
pub fn log_sittings(
    conn: &Connection,
    user_id: i64,
    plays: &[Play],
    now: &str,
) -> rusqlite::Result<u32> {
    let mut by_album: BTreeMap<i64, Vec<OffsetDateTime>> = BTreeMap::new();
    for play in plays {
        if let (Some(album_id), Ok(at)) = (
            play.album_id,
            OffsetDateTime::parse(&play.listened_at, &Rfc3339),
        ) {
            by_album.entry(album_id).or_default().push(at);
        }
    }
    let mut logged = 0;
    for (album_id, moments) in by_album {
        let (Some(first), Some(last)) = (moments.iter().min(), moments.iter().max()) else {
            continue;
        };
        let around = (format(*first - REACH), format(*last + REACH));
        let plays = diary::plays_between(conn, user_id, album_id, (&around.0, &around.1))?;
        let sent: Vec<String> = moments.iter().map(|moment| format(*moment)).collect();
        let touched: Vec<Sitting> = sittings(&plays)
            .into_iter()
            .filter(|sitting| {
                sent.iter()
                    .any(|at| sitting.from <= *at && *at <= sitting.to)
            })
            .collect();
        logged += diary::log_sittings(conn, user_id, album_id, &touched, Source::Player, now)?;
    }
    Ok(logged)
}
