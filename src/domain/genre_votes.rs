//! How members' votes decide an album's genres, as Rate Your Music's do:
//! each member names the album's genres, each primary or secondary. Until
//! enough members have voted, the editors' genres stand; from then on the
//! album's genres are the votes' result, unless an editor locked them.

/// Members who must have voted before the votes decide.
pub const ENOUGH_VOTERS: u32 = 3;
/// The most genres one member names for an album.
pub const MOST_GENRES_A_VOTE: usize = 6;
/// The most of those that may be primary.
pub const MOST_PRIMARY_A_VOTE: usize = 3;
/// The most genres the votes give an album.
pub const MOST_GENRES_DECIDED: usize = 5;

/// One genre's votes on an album.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GenreTally)]
pub struct Tally {
    pub genre: String,
    pub primary: u32,
    pub secondary: u32,
}

impl Tally {
    /// A primary vote weighs two, a secondary one.
    pub fn score(&self) -> u32 {
        2 * self.primary + self.secondary
    }

    pub fn is_primary(&self) -> bool {
        self.primary >= self.secondary
    }
}

/// The album's genres by vote, or none while fewer than `ENOUGH_VOTERS`
/// members voted. A genre counts when at least a third of the voters (and
/// at least two) named it; primary genres (named primary by as many as
/// named it secondary) come first, each kind by score, then by name.
pub fn decided(tallies: &[Tally], voters: u32) -> Option<Vec<String>> {
    if voters < ENOUGH_VOTERS {
        return None;
    }
    let needed = voters.div_ceil(3).max(2);
    let mut counted: Vec<&Tally> = tallies
        .iter()
        .filter(|t| t.primary + t.secondary >= needed)
        .collect();
    counted.sort_by(|a, b| {
        b.is_primary()
            .cmp(&a.is_primary())
            .then(b.score().cmp(&a.score()))
            .then(a.genre.cmp(&b.genre))
    });
    Some(
        counted
            .into_iter()
            .take(MOST_GENRES_DECIDED)
            .map(|t| t.genre.clone())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(genre: &str, primary: u32, secondary: u32) -> Tally {
        Tally {
            genre: genre.to_owned(),
            primary,
            secondary,
        }
    }

    #[test]
    fn the_editors_genres_stand_until_enough_members_voted() {
        assert_eq!(decided(&[tally("Shoegaze", 2, 0)], 2), None);
        assert_eq!(
            decided(&[tally("Shoegaze", 3, 0)], 3),
            Some(vec!["Shoegaze".to_owned()])
        );
    }

    #[test]
    fn primary_genres_come_first_and_a_lone_voice_does_not_count() {
        let tallies = [
            tally("Dream Pop", 1, 3),
            tally("Noise Pop", 0, 1),
            tally("Shoegaze", 4, 0),
            tally("Alternative Rock", 2, 1),
        ];
        assert_eq!(
            decided(&tallies, 4),
            Some(vec![
                "Shoegaze".to_owned(),
                "Alternative Rock".to_owned(),
                "Dream Pop".to_owned()
            ])
        );
    }

    #[test]
    fn a_genre_needs_a_third_of_the_voters() {
        // Nine voters: three must name it.
        let tallies = [tally("Shoegaze", 9, 0), tally("Slowcore", 0, 2)];
        assert_eq!(decided(&tallies, 9), Some(vec!["Shoegaze".to_owned()]));
        let tallies = [tally("Shoegaze", 9, 0), tally("Slowcore", 1, 2)];
        assert_eq!(decided(&tallies, 9).unwrap().len(), 2);
    }

    #[test]
    fn at_most_five_genres_are_decided() {
        let tallies: Vec<Tally> = (0..8).map(|n| tally(&format!("G{n}"), 3, 0)).collect();
        assert_eq!(decided(&tallies, 3).unwrap().len(), MOST_GENRES_DECIDED);
    }
}
