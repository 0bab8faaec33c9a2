//! The write of a confirmed import (one transaction, by `plan::decide`), and
//! the preview's figures of what it would do, through the queries of each
//! table the import touches.

use std::collections::{HashMap, HashSet};

use rusqlite::Connection;

use super::Opinions;
use super::plan::{Decision, Existing, ImportEffects, ImportResult, Planned, RatingStep, decide};
use crate::db::audit::Actor;
use crate::db::diary::{self, Source};
use crate::db::{
    descriptors, genre_votes, genres, listens, member_import, player_listens, ratings,
    recommendations, reviews, tracks, users, wishlist,
};
use crate::domain::descriptors as descriptor_words;
use crate::domain::genre_votes::{MOST_GENRES_A_VOTE, MOST_PRIMARY_A_VOTE};
use crate::player_listens::payload::Listen as PlayerPlay;
use crate::player_listens::play_of;

/// The plans' album ids, and what the member has of those albums now,
/// opinions included: one read for the preview and the write alike.
fn held_for(
    conn: &Connection,
    user_id: i64,
    planned: &[Planned],
) -> rusqlite::Result<(Vec<i64>, HashMap<i64, Existing>)> {
    let ids: Vec<i64> = planned.iter().map(|plan| plan.album_id).collect();
    let with_opinions: Vec<i64> = planned
        .iter()
        .filter(|plan| plan.opinions != Opinions::default())
        .map(|plan| plan.album_id)
        .collect();
    let have = member_import::held(conn, user_id, &ids, &with_opinions)?;
    Ok((ids, have))
}

/// What confirming these plans would do now.
pub fn effects(
    conn: &Connection,
    user_id: i64,
    planned: &[Planned],
) -> rusqlite::Result<ImportEffects> {
    let (_, have) = held_for(conn, user_id, planned)?;
    let mut effects = ImportEffects::default();
    let mut genres_here = GenresHere::default();
    for plan in planned {
        let existing = have.get(&plan.album_id).cloned().unwrap_or_default();
        let decision = decide(plan, &existing, false);
        effects.count(decision);
        effects.track_ratings += count(plan.track_ratings.len());
        effects.player_plays += count(plan.player_plays.len());
        if decision.genre_votes && !genres_here.ballot(conn, &plan.opinions)?.is_empty() {
            effects.genre_votes += 1;
        }
    }
    Ok(effects)
}

/// Writes the plans for the member, and keeps the file's plays of albums
/// not matched (for the member's "missing" view, as a player's are). Call
/// inside a transaction: it is one import, whole or not at all. Albums that
/// left the catalogue since the preview are passed over, their plays kept unmatched.
pub fn apply(
    conn: &Connection,
    user_id: i64,
    planned: &[Planned],
    unmatched_plays: &[PlayerPlay],
    file_wins: bool,
    now: &str,
) -> rusqlite::Result<ImportResult> {
    let (ids, have) = held_for(conn, user_id, planned)?;
    let still_there = member_import::still_there(conn, &ids)?;
    let mut result = ImportResult::default();
    let mut voting = Voting::default();
    for plan in planned {
        if !still_there.contains(&plan.album_id) {
            result.player_plays_kept += keep_plays(conn, user_id, &plan.player_plays, None)?;
            continue;
        }
        let existing = have.get(&plan.album_id).cloned().unwrap_or_default();
        let decision = decide(plan, &existing, file_wins);
        if matches!(decision.rating, RatingStep::Add | RatingStep::Change) {
            ratings::upsert(conn, user_id, plan.album_id, plan.rating, now)?;
        }
        if decision.library {
            ratings::upsert(conn, user_id, plan.album_id, None, now)?;
        }
        if decision.wishlist {
            wishlist::add(conn, user_id, plan.album_id, now)?;
        }
        if decision.listens {
            listens::set(
                conn,
                user_id,
                plan.album_id,
                plan.plays,
                plan.last_listened.as_deref(),
            )?;
        }
        if decision.review
            && let Some(text) = &plan.review
        {
            let written = plan.review_written.as_deref().unwrap_or(now);
            reviews::insert_imported(conn, user_id, plan.album_id, text, written)?;
        }
        result.count(decision);
        if !plan.sittings.is_empty() {
            result.diary_logged += diary::log_sittings(
                conn,
                user_id,
                plan.album_id,
                &plan.sittings,
                Source::Import,
                now,
            )?;
        }
        for listen in &plan.diary {
            if diary::log_unless_kept(conn, user_id, plan.album_id, listen, now)? {
                result.diary_logged += 1;
            }
        }
        if !plan.track_ratings.is_empty() {
            rate_tracks(conn, user_id, plan, file_wins, now, &mut result)?;
        }
        result.player_plays_kept +=
            keep_plays(conn, user_id, &plan.player_plays, Some(plan.album_id))?;
        hold_opinions(conn, user_id, plan, decision, now, &mut voting, &mut result)?;
    }
    result.player_plays_kept += keep_plays(conn, user_id, unmatched_plays, None)?;
    Ok(result)
}

/// The genres of this site the file's votes name, looked up once a name.
#[derive(Default)]
struct GenresHere(HashMap<String, Option<i64>>);

impl GenresHere {
    /// The member's ballot of the album from the file's votes, under this
    /// site's rules: genres this site lacks are left out, as are votes past
    /// the limits.
    fn ballot(
        &mut self,
        conn: &Connection,
        opinions: &Opinions,
    ) -> rusqlite::Result<Vec<(i64, bool)>> {
        let mut chosen: Vec<(i64, bool)> = Vec::new();
        for (name, primary) in &opinions.genre_votes {
            let known = match self.0.get(name) {
                Some(known) => *known,
                None => {
                    let known = genres::find(conn, name)?.map(|genre| genre.genre_id);
                    self.0.insert(name.clone(), known);
                    known
                }
            };
            let Some(genre_id) = known else {
                continue;
            };
            let primaries = chosen.iter().filter(|(_, p)| *p).count();
            if chosen.iter().any(|(id, _)| *id == genre_id)
                || chosen.len() == MOST_GENRES_A_VOTE
                || (*primary && primaries == MOST_PRIMARY_A_VOTE)
            {
                continue;
            }
            chosen.push((genre_id, *primary));
        }
        Ok(chosen)
    }
}

/// What casting an import's genre votes reads once: the genres, and the
/// voter's name for the albums' history.
#[derive(Default)]
struct Voting {
    genres: GenresHere,
    voter_name: Option<String>,
}

/// The member's genre votes, descriptors and dismissal of the album from the
/// other site, as `decide` says: a vote or a description the member made
/// here already stays; descriptors only of an album the member rates.
fn hold_opinions(
    conn: &Connection,
    user_id: i64,
    plan: &Planned,
    decision: Decision,
    now: &str,
    voting: &mut Voting,
    result: &mut ImportResult,
) -> rusqlite::Result<()> {
    let (album, opinions) = (plan.album_id, &plan.opinions);
    if decision.genre_votes {
        let chosen = voting.genres.ballot(conn, opinions)?;
        if !chosen.is_empty() {
            genre_votes::replace_mine(conn, user_id, album, &chosen, now)?;
            if voting.voter_name.is_none() {
                voting.voter_name = users::by_id(conn, user_id)?.map(|user| user.username);
            }
            let voter = Actor::Member {
                id: user_id,
                username: voting.voter_name.as_deref().unwrap_or_default(),
            };
            genre_votes::follow_votes(conn, album, voter, now)?;
            result.genre_votes_added += 1;
        }
    }
    if decision.descriptors {
        let slugs: Vec<&str> = opinions
            .descriptors
            .iter()
            .take(descriptor_words::MOST_A_MEMBER)
            .copied()
            .collect();
        descriptors::replace_mine(conn, user_id, album, &slugs, now)?;
        result.descriptors_added += 1;
    }
    if decision.dismissal
        && let Some(at) = &opinions.dismissed_at
        && recommendations::dismiss(conn, user_id, album, at)?
    {
        result.dismissals_added += 1;
    }
    Ok(())
}

/// Places each of the plan's track ratings on the album's tracklist here
/// and writes it as `decide` does album ratings: the member's own differing
/// rating stays unless the file wins.
fn rate_tracks(
    conn: &Connection,
    user_id: i64,
    plan: &Planned,
    file_wins: bool,
    now: &str,
    result: &mut ImportResult,
) -> rusqlite::Result<()> {
    let tracks = tracks::of_album(conn, plan.album_id, Some(user_id))?;
    let mut rated = HashSet::new();
    for rating in &plan.track_ratings {
        let Some(track) = rating.place(&tracks) else {
            result.track_ratings_unplaced += 1;
            continue;
        };
        // The file's later rating of a track it names twice counts, once.
        if !rated.insert(track.track_id) {
            continue;
        }
        let number = rating.rating.as_f64();
        let counter = match track.user_rating {
            Some(own) if own == number => continue,
            Some(_) if !file_wins => {
                result.track_ratings_kept += 1;
                continue;
            }
            Some(_) => &mut result.track_ratings_changed,
            None => &mut result.track_ratings_added,
        };
        *counter += 1;
        // Rated when the file says, so ratings brought from another site
        // stay in their past (and out of the top of followers' feeds).
        let at = rating.rated_at.as_deref().map_or(now, |at| at.min(now));
        tracks::rate(conn, user_id, track.track_id, number, at)?;
    }
    Ok(())
}

/// Keeps plays brought from another site, counted for `album_id`; how many
/// were new.
fn keep_plays(
    conn: &Connection,
    user_id: i64,
    plays: &[PlayerPlay],
    album_id: Option<i64>,
) -> rusqlite::Result<u32> {
    if plays.is_empty() {
        return Ok(0);
    }
    let plays: Vec<_> = plays
        .iter()
        .filter_map(|play| {
            let at = play.listened_at.clone()?;
            Some(play_of(at, play.clone(), album_id))
        })
        .collect();
    Ok(count(
        player_listens::keep_brought(conn, user_id, &plays)?.kept,
    ))
}

fn count(items: usize) -> u32 {
    u32::try_from(items).unwrap_or(u32::MAX)
}
