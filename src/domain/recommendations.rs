//! How albums are recommended: an album's similar albums, and a member's
//! albums "For you". Pure rules over ratings already read; the background
//! worker (`crate::discovery::recommendations`) reads, calls these, and stores.
//!
//! **Similar albums.** Two albums are similar when the same members rated
//! both highly (`HIGHLY` or more). Counting such members alone would put the
//! most rated albums beside everything, so the count is divided by the
//! square root of the product of the two albums' numbers of ratings (the
//! cosine of their raters): an album everyone rated needs many more shared
//! admirers than a small one. At least `FEWEST_SHARED` members must share an
//! admiration, so one member's taste does not make a pair.
//!
//! **For you.** The members most compatible with the reader
//! (`domain::compatibility`, above `NO_RELATION`) each vote for the albums
//! they rated highly, with the strength of their compatibility. A member
//! who shares too few albums with anyone to have such neighbours (most of
//! the long tail) still gets something: each album they loved lately votes
//! `LIKE_VOTE` for its similar albums (falling to half down the list), as
//! weak as a barely compatible member's vote. The albums with the most votes, that the reader has not
//! rated, wishlisted or dismissed, are recommended.

use std::collections::{HashMap, HashSet};

use super::compatibility;

/// A rating at or above this is "rated highly" (four stars of five).
pub const HIGHLY: f64 = 8.0;
/// Members who must have rated both albums highly for them to be similar.
pub const FEWEST_SHARED: u32 = 2;
/// Similar albums kept for each album.
pub const SIMILAR_KEPT: usize = 12;
/// Members of like taste whose ratings make the recommendations.
pub const NEIGHBOURS: usize = 30;
/// Recommendations kept for each member (those rated or dismissed since are
/// left out when read).
pub const RECOMMENDATIONS_KEPT: usize = 60;
/// The reader's latest loved albums whose similar albums vote for theirs.
pub const LOVED_CONSULTED: usize = 30;
/// The compatibility figure of two unrelated tastes.
const NO_RELATION: u8 = 50;
/// The vote of a loved album for each of its similar albums: a neighbour
/// five points above no relation votes as much.
const LIKE_VOTE: f64 = 5.0;

/// An album recommended, with how many members' ratings recommend it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    pub album_id: i64,
    pub members: u32,
    /// For "For you": the album the reader loved that this one is most
    /// like, when similar albums voted for it.
    pub like: Option<i64>,
}

/// Albums similar to one, best first. `admired_by_each` holds, for each
/// member who rated the album highly, the other albums that member rated
/// highly; `rating_count` is how many ratings an album has.
pub fn similar<E>(
    album_id: i64,
    admired_by_each: &[Vec<i64>],
    mut rating_count: impl FnMut(i64) -> Result<u32, E>,
) -> Result<Vec<Pick>, E> {
    let mut shared: HashMap<i64, u32> = HashMap::new();
    for admired in admired_by_each {
        for &other in admired.iter().filter(|&&other| other != album_id) {
            *shared.entry(other).or_default() += 1;
        }
    }
    // Counts are asked only of the albums enough members share.
    shared.retain(|_, members| *members >= FEWEST_SHARED);
    let own = f64::from(rating_count(album_id)?.max(1));
    let mut scored: Vec<(f64, Pick)> = Vec::with_capacity(shared.len());
    for (other, members) in shared {
        let theirs = f64::from(rating_count(other)?.max(members));
        let score = f64::from(members) / (own * theirs).sqrt();
        let pick = Pick {
            album_id: other,
            members,
            like: None,
        };
        scored.push((score, pick));
    }
    Ok(best_first(&mut scored, SIMILAR_KEPT))
}

/// The members most compatible with the reader, strongest first, with their
/// figure. `pairs` holds, for each member who rated albums the reader rated,
/// the pairs (reader's rating, theirs).
pub fn neighbours(pairs: &HashMap<i64, Vec<(f64, f64)>>) -> Vec<(i64, u8)> {
    let mut found: Vec<(i64, u8)> = pairs
        .iter()
        .filter_map(|(&member, pairs)| Some((member, compatibility::score(pairs)?)))
        .filter(|&(_, score)| score > NO_RELATION)
        .collect();
    found.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    found.truncate(NEIGHBOURS);
    found
}

/// The reader's recommendations, best first: each neighbour (with their
/// figure) votes for the albums they rated highly with the strength of their
/// compatibility, and each loved album (latest first) for its similar
/// albums; albums in `excluded` (rated, wishlisted, dismissed) are left out.
pub fn for_you(
    admired_by_neighbours: &[(u8, Vec<i64>)],
    similar_to_loved: &[(i64, Vec<i64>)],
    excluded: &HashSet<i64>,
) -> Vec<Pick> {
    let mut votes: HashMap<i64, (f64, Pick)> = HashMap::new();
    let mut vote = |album_id: i64, strength: f64, member: bool, like: Option<i64>| {
        if excluded.contains(&album_id) {
            return;
        }
        let (total, pick) = votes.entry(album_id).or_insert((
            0.0,
            Pick {
                album_id,
                members: 0,
                like: None,
            },
        ));
        *total += strength;
        pick.members += u32::from(member);
        pick.like = pick.like.or(like);
    };
    for (score, admired) in admired_by_neighbours {
        let strength = f64::from(score.saturating_sub(NO_RELATION));
        for &album in admired {
            vote(album, strength, true, None);
        }
    }
    // Down a loved album's similar albums, its vote falls to half.
    let fall = (2 * SIMILAR_KEPT) as f64;
    for (loved, similar) in similar_to_loved {
        for (place, &album) in similar.iter().enumerate() {
            let strength = LIKE_VOTE * (fall - place as f64) / fall;
            vote(album, strength, false, Some(*loved));
        }
    }
    let mut scored: Vec<(f64, Pick)> = votes.into_values().collect();
    best_first(&mut scored, RECOMMENDATIONS_KEPT)
}

/// The `kept` best by score, ties to the lower album id so the order is stable.
fn best_first(scored: &mut [(f64, Pick)], kept: usize) -> Vec<Pick> {
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.album_id.cmp(&b.1.album_id)));
    scored.iter().take(kept).map(|(_, pick)| *pick).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_albums_need_two_shared_admirers_and_weigh_popularity() {
        // Album 1's admirers: three rated 2 highly, two rated 3, one rated 4.
        let admired = vec![vec![2, 3, 4], vec![2, 3], vec![2, 1]];
        // Album 2 is rated by everyone (100 ratings), 3 by few (4 ratings).
        let counts = |album: i64| match album {
            1 => 10,
            2 => 100,
            3 => 4,
            _ => 5,
        };
        let found = similar(1, &admired, |album| Ok::<_, ()>(counts(album))).unwrap();
        // 3: 2 / sqrt(10 * 4) = 0.316; 2: 3 / sqrt(10 * 100) = 0.095; 4 has one admirer.
        let ids: Vec<(i64, u32)> = found.iter().map(|p| (p.album_id, p.members)).collect();
        assert_eq!(ids, vec![(3, 2), (2, 3)]);
    }

    #[test]
    fn similar_albums_keep_the_best_dozen() {
        let admired: Vec<Vec<i64>> = vec![(2..40).collect(), (2..40).collect()];
        let found = similar(1, &admired, |album| Ok::<_, ()>(album as u32)).unwrap();
        assert_eq!(found.len(), SIMILAR_KEPT);
        // The fewer ratings, the stronger the same two admirers.
        assert_eq!(found[0].album_id, 2);
        assert_eq!(found[11].album_id, 13);
    }

    #[test]
    fn neighbours_are_the_compatible_members_only() {
        let same: Vec<(f64, f64)> = (1..=10).map(|n| (n as f64, n as f64)).collect();
        let opposite: Vec<(f64, f64)> = (1..=10).map(|n| (n as f64, 11.0 - n as f64)).collect();
        let pairs = HashMap::from([
            (7, same.clone()),
            (8, opposite),
            (9, same[..4].to_vec()),
            (10, same[..6].to_vec()),
        ]);
        // 8 disagrees; 9 shares too few albums; 10 agrees on fewer than 7.
        let found = neighbours(&pairs);
        assert_eq!(found.iter().map(|n| n.0).collect::<Vec<_>>(), vec![7, 10]);
        assert!(found[0].1 > found[1].1);
    }

    #[test]
    fn for_you_weighs_votes_by_compatibility_and_leaves_out_the_excluded() {
        let admired = vec![(90, vec![1, 2, 3]), (60, vec![2, 4]), (55, vec![4, 5])];
        let excluded = HashSet::from([3]);
        let found = for_you(&admired, &[], &excluded);
        // 2: 40 + 10; 1: 40; 4: 10 + 5; 5: 5. 3 is excluded.
        let ids: Vec<(i64, u32)> = found.iter().map(|p| (p.album_id, p.members)).collect();
        assert_eq!(ids, vec![(2, 2), (1, 1), (4, 2), (5, 1)]);
        assert!(found.iter().all(|pick| pick.like.is_none()));
    }

    #[test]
    fn without_neighbours_loved_albums_recommend_their_similar_albums() {
        // Loved 10 (similar: 11, 12) then 20 (similar: 12, 13, 10).
        let similar = vec![(10, vec![11, 12]), (20, vec![12, 13, 10])];
        let excluded = HashSet::from([10, 20]);
        let found = for_you(&[], &similar, &excluded);
        let ids: Vec<(i64, Option<i64>)> = found.iter().map(|p| (p.album_id, p.like)).collect();
        // 12 has two votes, and is like the first loved album that named
        // it; 11 comes first in its list, 13 second in its.
        assert_eq!(ids, vec![(12, Some(10)), (11, Some(10)), (13, Some(20))]);
        assert!(found.iter().all(|pick| pick.members == 0));
        // A barely compatible neighbour's vote (5) weighs as much as a loved
        // album's first similar album: it lifts 13 (4.79 + 5) past 11 (5),
        // level with 12 (5 + 4.79), and the tie goes to the lower id.
        let with_neighbour = for_you(&[(55, vec![13])], &similar, &excluded);
        let ids: Vec<(i64, u32)> = with_neighbour
            .iter()
            .map(|p| (p.album_id, p.members))
            .collect();
        assert_eq!(ids, vec![(12, 0), (13, 1), (11, 0)]);
    }
}
