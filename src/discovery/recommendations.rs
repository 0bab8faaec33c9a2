//! The background worker that works out recommendations and stores them
//! (the rules are `domain::recommendations`, the tables V37's), so no page
//! computes one on a request's path.
//!
//! Triggers mark an album due when one of its ratings changes, and a member
//! when theirs do. The worker takes marks a batch at a time, clearing them
//! before it reads, so a rating made while it works marks again:
//! - a due album gets its similar albums worked out again;
//! - a member whose taste changed gets their recommendations worked out
//!   again (if they ever asked for them), and so do the similar albums of
//!   the albums they rated highly most recently, whose shared admirers
//!   their change may have changed;
//! - a member who asks for recommendations never worked out, or worked out
//!   more than a day ago, is taken first.
//!
//! It rests three times as long as it worked, so it takes at most a quarter
//! of one core from the pages, however much is due (on the large synthetic
//! community, the first pass over every rated album takes about 90 minutes).
//! An idle worker only reads whether anything is marked, twice a second.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Mutex;
use std::time::Duration;

use rusqlite::Connection;

use crate::db::{Pool, recommendations as stored};
use crate::domain::compatibility::MINIMUM_SHARED;
use crate::domain::recommendations::{self, Pick, SIMILAR_KEPT};
use crate::domain::timestamp;
use crate::error::AppError;
use crate::reads::kept_answers::{Topic, Touched};
use crate::server::AppState;

/// Albums and members taken from their marks in one batch.
const ALBUMS_A_BATCH: u32 = 32;
const MEMBERS_A_BATCH: u32 = 8;
/// Members who asked and wait, at most; more wait for a later ask.
const MOST_WAITING: usize = 1_000;
/// How long the worker rests for each moment it worked.
pub const REST_FACTOR: u32 = 3;
/// How often an idle worker looks for marks.
pub const IDLE_PAUSE: Duration = Duration::from_millis(500);
/// Recommendations older than this are worked out again when asked for.
pub const FRESH_FOR: time::Duration = time::Duration::days(1);

/// Members who asked for recommendations that are not worked out yet.
#[derive(Default)]
pub struct Recommender {
    asked: Mutex<BTreeSet<i64>>,
}

impl Recommender {
    /// Puts the member first in line for the worker.
    pub fn ask(&self, user_id: i64) {
        let mut asked = self.asked.lock().expect("not poisoned");
        if asked.len() < MOST_WAITING {
            asked.insert(user_id);
        }
    }

    fn take_asked(&self) -> Vec<i64> {
        let mut asked = self.asked.lock().expect("not poisoned");
        let taken: Vec<i64> = asked
            .iter()
            .take(MEMBERS_A_BATCH as usize)
            .copied()
            .collect();
        for member in &taken {
            asked.remove(member);
        }
        taken
    }
}

/// Works through everything due, without resting: for tests.
pub async fn catch_up(state: &AppState) -> Result<(), AppError> {
    while one_batch(state).await? {}
    Ok(())
}

/// Takes one batch of marks and asks, works them out and stores them;
/// whether there was anything to do.
pub async fn one_batch(state: &AppState) -> Result<bool, AppError> {
    let (pool, writer) = (&state.pool, &state.writer);
    let asked = state.recommender.take_asked();
    if asked.is_empty() && !in_blocking(pool, |conn| Ok(stored::anything_marked(conn)?)).await? {
        return Ok(false);
    }
    let (albums, changed) = writer
        .write(|conn| {
            Ok((
                stored::take_due_albums(conn, ALBUMS_A_BATCH)?,
                stored::take_taste_changes(conn, MEMBERS_A_BATCH)?,
            ))
        })
        .await?;
    if asked.is_empty() && albums.is_empty() && changed.is_empty() {
        return Ok(false);
    }
    // Similar albums first: a member's recommendations read those of the
    // albums they loved.
    let members = in_blocking(pool, move |conn| {
        let (albums, members) = to_work_out(conn, &asked, albums, &changed)?;
        let similar = albums
            .into_iter()
            .map(|album| Ok((album, similar_to(conn, album)?)))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok((similar, members))
    })
    .await?;
    let (similar, members) = members;
    let touched = Touched(
        similar
            .iter()
            .map(|(album, _)| Topic::Album(*album))
            .collect(),
    );
    writer
        .write(move |conn| {
            for (album, picks) in &similar {
                stored::store_similar(conn, *album, picks)?;
            }
            Ok(())
        })
        .await?;
    // Visitors' kept answers of these albums' similar albums end.
    state.kept_answers.note_background_write(&touched);
    let for_you = in_blocking(pool, move |conn| {
        let mut for_you = Vec::new();
        for member in members {
            if stored::wanted_by(conn, member)? {
                let (picks, neighbours) = for_member(conn, member)?;
                for_you.push((member, picks, neighbours));
            }
        }
        Ok(for_you)
    })
    .await?;
    let now = timestamp::now();
    writer
        .write(move |conn| {
            for (member, picks, neighbours) in &for_you {
                stored::store_for_you(conn, *member, picks, *neighbours, &now)?;
            }
            Ok(())
        })
        .await?;
    Ok(true)
}

/// Runs `work` on a pooled connection off the async threads.
async fn in_blocking<T: Send + 'static>(
    pool: &Pool,
    work: impl FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let conn = pool.get()?;
        work(&conn)
    })
    .await
    .map_err(|error| AppError::Internal(error.into()))?
}

/// The albums whose similar albums to work out (those due, and those the
/// changed members loved lately) and the members whose recommendations to
/// work out (those who asked, and the changed ones who had any).
fn to_work_out(
    conn: &Connection,
    asked: &[i64],
    mut albums: Vec<i64>,
    changed: &[i64],
) -> Result<(BTreeSet<i64>, Vec<i64>), AppError> {
    let mut members: Vec<i64> = asked.to_vec();
    for &member in changed {
        albums.extend(stored::recently_admired_by(conn, member)?);
        if stored::made(conn, member)?.is_some() && !members.contains(&member) {
            members.push(member);
        }
    }
    Ok((albums.into_iter().collect(), members))
}

fn similar_to(conn: &Connection, album: i64) -> rusqlite::Result<Vec<Pick>> {
    let admired_by_each = stored::admirers(conn, album)?
        .into_iter()
        .map(|member| stored::admired_by(conn, member))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    recommendations::similar(album, &admired_by_each, |id| stored::rating_count(conn, id))
}

/// The member's recommendations, and how many members of like taste made them.
fn for_member(conn: &Connection, member: i64) -> rusqlite::Result<(Vec<Pick>, usize)> {
    let mine = stored::numbers_of(conn, member)?;
    let mut left_out = stored::blocked_either_way(conn, member)?;
    left_out.insert(member);
    let raters = mine
        .iter()
        .map(|&(album, _)| stored::raters_of(conn, album))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    // Most members share one album or two with the reader: counted first,
    // so pairs are gathered only for those who share enough to compare.
    let mut shared: HashMap<i64, u32> = HashMap::new();
    for (other, _) in raters.iter().flatten() {
        *shared.entry(*other).or_default() += 1;
    }
    shared.retain(|other, count| *count as usize >= MINIMUM_SHARED && !left_out.contains(other));
    let mut pairs: HashMap<i64, Vec<(f64, f64)>> = HashMap::new();
    for (&(_, number), raters) in mine.iter().zip(&raters) {
        for &(other, theirs) in raters
            .iter()
            .filter(|(other, _)| shared.contains_key(other))
        {
            pairs.entry(other).or_default().push((number, theirs));
        }
    }
    drop(raters);
    let neighbours = recommendations::neighbours(&pairs);
    let admired = neighbours
        .iter()
        .map(|&(other, score)| Ok((score, stored::admired_by(conn, other)?)))
        .collect::<rusqlite::Result<Vec<_>>>()?;
    // The member's loved albums are among the ratings read above, latest first.
    let loved_albums = mine
        .iter()
        .filter(|&&(_, number)| number >= recommendations::HIGHLY)
        .map(|&(album, _)| album)
        .take(recommendations::LOVED_CONSULTED);
    let mut similar_to_loved = Vec::new();
    for loved in loved_albums {
        let similar = stored::similar_to(conn, loved, SIMILAR_KEPT as u32)?;
        similar_to_loved.push((loved, similar.into_iter().map(|(album, _)| album).collect()));
    }
    let excluded: HashSet<i64> = stored::not_to_recommend(conn, member)?;
    let picks = recommendations::for_you(&admired, &similar_to_loved, &excluded);
    Ok((picks, neighbours.len()))
}
