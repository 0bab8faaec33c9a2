//! How albums are recommended: an album's similar albums, and a member's
//! albums "For you". Pure rules over ratings already read; the background
//! worker (`crate::recommendations`) reads, calls these, and stores.
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
//! they rated highly, with the strength of their compatibility; the albums
//! with the most votes, that the reader has not rated, wishlisted or
//! dismissed, are recommended.

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
/// The compatibility figure of two unrelated tastes.
const NO_RELATION: u8 = 50;

/// An album recommended, with how many members' ratings recommend it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    pub album_id: i64,
    pub members: u32,
}

/// Albums similar to one, best first. `admired_by_each` holds, for each
/// member who rated the album highly, the other albums that member rated
/// highly; `rating_count` is how many ratings an album has.
pub fn similar(
    album_id: i64,
    admired_by_each: &[Vec<i64>],
    rating_count: impl Fn(i64) -> u32,
) -> Vec<Pick> {
    let mut shared: HashMap<i64, u32> = HashMap::new();
    for admired in admired_by_each {
        for &other in admired.iter().filter(|&&other| other != album_id) {
            *shared.entry(other).or_default() += 1;
        }
    }
    let own = f64::from(rating_count(album_id).max(1));
    let mut scored: Vec<(f64, Pick)> = shared
        .into_iter()
        .filter(|&(_, members)| members >= FEWEST_SHARED)
        .map(|(other, members)| {
            let theirs = f64::from(rating_count(other).max(members));
            let score = f64::from(members) / (own * theirs).sqrt();
            (
                score,
                Pick {
                    album_id: other,
                    members,
                },
            )
        })
        .collect();
    best_first(&mut scored, SIMILAR_KEPT)
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
/// compatibility; albums in `excluded` (rated, wishlisted, dismissed) are
/// left out.
pub fn for_you(admired_by_neighbours: &[(u8, Vec<i64>)], excluded: &HashSet<i64>) -> Vec<Pick> {
    let mut votes: HashMap<i64, (f64, u32)> = HashMap::new();
    for (score, admired) in admired_by_neighbours {
        let strength = f64::from(score.saturating_sub(NO_RELATION));
        for album in admired.iter().filter(|album| !excluded.contains(album)) {
            let vote = votes.entry(*album).or_default();
            vote.0 += strength;
            vote.1 += 1;
        }
    }
    let mut scored: Vec<(f64, Pick)> = votes
        .into_iter()
        .map(|(album_id, (strength, members))| (strength, Pick { album_id, members }))
        .collect();
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
        let found = similar(1, &admired, counts);
        // 3: 2 / sqrt(10 * 4) = 0.316; 2: 3 / sqrt(10 * 100) = 0.095; 4 has one admirer.
        assert_eq!(
            found,
            vec![
                Pick {
                    album_id: 3,
                    members: 2
                },
                Pick {
                    album_id: 2,
                    members: 3
                }
            ]
        );
    }

    #[test]
    fn similar_albums_keep_the_best_dozen() {
        let admired: Vec<Vec<i64>> = vec![(2..40).collect(), (2..40).collect()];
        let found = similar(1, &admired, |album| album as u32);
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
        let found = for_you(&admired, &excluded);
        // 2: 40 + 10; 1: 40; 4: 10 + 5; 5: 5. 3 is excluded.
        assert_eq!(
            found,
            vec![
                Pick {
                    album_id: 2,
                    members: 2
                },
                Pick {
                    album_id: 1,
                    members: 1
                },
                Pick {
                    album_id: 4,
                    members: 2
                },
                Pick {
                    album_id: 5,
                    members: 1
                },
            ]
        );
    }
}
