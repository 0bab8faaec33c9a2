//! What confirming an import does to one album of the member's: a rule of
//! its own, so the preview's figures and the write cannot disagree. Nothing
//! is written twice: importing the same file again changes nothing, and the
//! member's own ratings stay unless they chose "the file wins". A review
//! written here is never replaced.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::track_ratings::RatedTrack;
use super::{FileRow, Opinions, PlayerPlay, Shelf};
pub use crate::db::member_import::Existing;
use crate::domain::RatingValue;
use crate::domain::listening::Listen;
use crate::domain::sittings::Sitting;

/// One album to write, from one or more matched rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub album_id: i64,
    pub rating: Option<RatingValue>,
    pub shelf: Shelf,
    pub plays: u32,
    pub last_listened: Option<String>,
    pub review: Option<String>,
    pub review_written: Option<String>,
    /// Sittings of the album's plays, for the diary.
    pub sittings: Vec<Sitting>,
    /// Listens the file's diary logged.
    pub diary: Vec<Listen>,
    pub track_ratings: Vec<RatedTrack>,
    pub player_plays: Vec<PlayerPlay>,
    pub opinions: Opinions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingStep {
    Nothing,
    Add,
    Same,
    /// The member's differs and stays.
    Keep,
    /// The member's differs and the file's replaces it.
    Change,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    pub rating: RatingStep,
    pub library: bool,
    pub wishlist: bool,
    pub listens: bool,
    pub review: bool,
    pub review_kept: bool,
    /// The file's genre votes are cast, those of genres this site knows.
    pub genre_votes: bool,
    pub descriptors: bool,
    pub dismissal: bool,
}

pub fn decide(planned: &Planned, existing: &Existing, file_wins: bool) -> Decision {
    let rating = match (planned.rating, existing.rating) {
        (None, _) => RatingStep::Nothing,
        (Some(_), None | Some(None)) => RatingStep::Add,
        (Some(new), Some(Some(old))) if new.as_f64() == old => RatingStep::Same,
        (Some(_), Some(Some(_))) if file_wins => RatingStep::Change,
        (Some(_), Some(Some(_))) => RatingStep::Keep,
    };
    let listened = (planned.plays, planned.last_listened.clone());
    // Descriptors go with a rating, as they do here: the file's or the member's own.
    let rated = planned.rating.is_some() || matches!(existing.rating, Some(Some(_)));
    let opinions = &planned.opinions;
    Decision {
        rating,
        library: planned.rating.is_none()
            && planned.shelf == Shelf::Owned
            && existing.rating.is_none(),
        wishlist: planned.shelf == Shelf::Wishlist && !existing.on_wishlist,
        listens: planned.shelf == Shelf::Listened
            && planned.plays > 0
            && existing.listens.as_ref() != Some(&listened),
        review: planned.review.is_some() && !existing.has_review,
        review_kept: planned.review.is_some() && existing.has_review,
        genre_votes: !opinions.genre_votes.is_empty() && !existing.voted_genres,
        descriptors: !opinions.descriptors.is_empty() && rated && !existing.described,
        dismissal: opinions.dismissed_at.is_some() && !existing.dismissed,
    }
}

/// What confirming would do now, as the preview shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportEffects {
    /// Albums the member has not rated yet.
    pub ratings_added: u32,
    /// Albums the member rated already with another number: kept, unless the file wins.
    pub ratings_differing: u32,
    pub ratings_same: u32,
    /// Owned albums without a rating, added to the library.
    pub library_added: u32,
    pub wishlist_added: u32,
    /// Albums put in (or updated in) the "Listened, not yet rated" queue.
    pub listened: u32,
    pub reviews_added: u32,
    /// Track ratings the file brings for matched albums: each is placed on
    /// the album's tracklist when written, and one of the member's own
    /// stays as ratings do.
    pub track_ratings: u32,
    /// Plays from the member's music players the file brings; a play kept
    /// already is not kept twice.
    pub player_plays: u32,
    /// Albums whose genres the member voted on at the other site and not
    /// here, with a genre this site knows (halfstar's own export).
    pub genre_votes: u32,
    /// Albums the member described there, rates and has not described here.
    pub descriptors: u32,
    /// Albums the member dismissed from recommendations there and not here.
    pub dismissals: u32,
}

/// What confirming did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    pub ratings_added: u32,
    pub ratings_changed: u32,
    /// The member's own ratings that differed and stayed.
    pub ratings_kept: u32,
    pub ratings_same: u32,
    pub library_added: u32,
    pub wishlist_added: u32,
    pub listened: u32,
    /// Listens logged in the diary: sittings in which most of an album was played.
    pub diary_logged: u32,
    pub track_ratings_added: u32,
    /// The file's track ratings that replaced the member's own (the file wins).
    pub track_ratings_changed: u32,
    /// The member's own track ratings that differed and stayed.
    pub track_ratings_kept: u32,
    /// Track ratings of tracks this site's tracklist of the album lacks.
    pub track_ratings_unplaced: u32,
    /// Plays from the member's music players kept (plays kept already are not counted).
    pub player_plays_kept: u32,
    /// Albums whose genres the member voted on the other site, voted here
    /// (an album they voted on here already keeps their vote).
    pub genre_votes_added: u32,
    /// Albums the member described on the other site, described here (rated
    /// albums they had not described here yet).
    pub descriptors_added: u32,
    /// Albums the member asked not to have recommended again.
    pub dismissals_added: u32,
    pub reviews_added: u32,
    /// Reviews in the file of albums the member had reviewed here already.
    pub reviews_kept: u32,
}

impl ImportEffects {
    pub fn count(&mut self, decision: Decision) {
        match decision.rating {
            RatingStep::Add => self.ratings_added += 1,
            RatingStep::Same => self.ratings_same += 1,
            RatingStep::Keep | RatingStep::Change => self.ratings_differing += 1,
            RatingStep::Nothing => {}
        }
        self.library_added += u32::from(decision.library);
        self.wishlist_added += u32::from(decision.wishlist);
        self.listened += u32::from(decision.listens);
        self.reviews_added += u32::from(decision.review);
        self.descriptors += u32::from(decision.descriptors);
        self.dismissals += u32::from(decision.dismissal);
    }
}

impl ImportResult {
    pub fn count(&mut self, decision: Decision) {
        match decision.rating {
            RatingStep::Add => self.ratings_added += 1,
            RatingStep::Same => self.ratings_same += 1,
            RatingStep::Keep => self.ratings_kept += 1,
            RatingStep::Change => self.ratings_changed += 1,
            RatingStep::Nothing => {}
        }
        self.library_added += u32::from(decision.library);
        self.wishlist_added += u32::from(decision.wishlist);
        self.listened += u32::from(decision.listens);
        self.reviews_added += u32::from(decision.review);
        self.reviews_kept += u32::from(decision.review_kept);
    }
}

/// The matched rows as one plan per album: rows the member pointed at one
/// album (two spellings of it) merge, the later row's rating winning.
pub fn plan<'r>(matched: impl IntoIterator<Item = (&'r FileRow, i64)>) -> Vec<Planned> {
    let mut at: HashMap<i64, usize> = HashMap::new();
    let mut planned: Vec<Planned> = Vec::new();
    for (row, album_id) in matched {
        let entry = Planned {
            album_id,
            rating: row.rating,
            shelf: row.shelf,
            plays: row.plays,
            last_listened: row.last_listened.clone(),
            review: row.review.clone(),
            review_written: row.review_written.clone(),
            sittings: row.sittings.clone(),
            diary: row.diary.clone(),
            track_ratings: row.track_ratings.clone(),
            player_plays: row.player_plays.clone(),
            opinions: row.opinions.clone(),
        };
        match at.get(&album_id) {
            None => {
                at.insert(album_id, planned.len());
                planned.push(entry);
            }
            Some(&index) => {
                let kept = &mut planned[index];
                kept.rating = entry.rating.or(kept.rating);
                kept.plays += entry.plays;
                kept.last_listened = kept.last_listened.take().max(entry.last_listened);
                kept.sittings.extend(entry.sittings);
                kept.diary.extend(entry.diary);
                kept.track_ratings.extend(entry.track_ratings);
                kept.player_plays.extend(entry.player_plays);
                kept.opinions.merge(entry.opinions);
                if entry.review.is_some() {
                    kept.review = entry.review;
                    kept.review_written = entry.review_written;
                }
                if entry.shelf != Shelf::Listened {
                    kept.shelf = entry.shelf;
                }
            }
        }
    }
    planned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planned(rating: Option<f64>, shelf: Shelf) -> Planned {
        Planned {
            album_id: 1,
            rating: rating.and_then(RatingValue::from_f64),
            shelf,
            plays: 0,
            last_listened: None,
            review: None,
            review_written: None,
            sittings: Vec::new(),
            diary: Vec::new(),
            track_ratings: Vec::new(),
            player_plays: Vec::new(),
            opinions: Opinions::default(),
        }
    }

    #[test]
    fn ratings_are_added_kept_or_changed() {
        let none = Existing::default();
        let rated = |n| Existing {
            rating: Some(Some(n)),
            ..Existing::default()
        };
        let library = Existing {
            rating: Some(None),
            ..Existing::default()
        };
        let eight = planned(Some(8.0), Shelf::Owned);
        assert_eq!(decide(&eight, &none, false).rating, RatingStep::Add);
        assert_eq!(decide(&eight, &library, false).rating, RatingStep::Add);
        assert_eq!(decide(&eight, &rated(8.0), false).rating, RatingStep::Same);
        assert_eq!(decide(&eight, &rated(6.5), false).rating, RatingStep::Keep);
        assert_eq!(decide(&eight, &rated(6.5), true).rating, RatingStep::Change);
        assert!(
            !decide(&eight, &none, false).library,
            "a rating is the library entry"
        );
    }

    #[test]
    fn shelves_are_added_once() {
        let owned = planned(None, Shelf::Owned);
        assert!(decide(&owned, &Existing::default(), false).library);
        let library = Existing {
            rating: Some(Some(3.0)),
            ..Existing::default()
        };
        assert!(!decide(&owned, &library, true).library);
        assert!(
            !decide(
                &planned(None, Shelf::UsedToOwn),
                &Existing::default(),
                false
            )
            .library
        );
        let wished = planned(None, Shelf::Wishlist);
        assert!(decide(&wished, &Existing::default(), false).wishlist);
        let on_it = Existing {
            on_wishlist: true,
            ..Existing::default()
        };
        assert!(!decide(&wished, &on_it, false).wishlist);
    }

    #[test]
    fn listens_change_only_when_the_counts_do() {
        let mut heard = planned(None, Shelf::Listened);
        heard.plays = 4;
        heard.last_listened = Some("2024-01-31".to_owned());
        assert!(decide(&heard, &Existing::default(), false).listens);
        let same = Existing {
            listens: Some((4, Some("2024-01-31".to_owned()))),
            ..Existing::default()
        };
        assert!(!decide(&heard, &same, false).listens);
        heard.plays = 5;
        assert!(decide(&heard, &same, false).listens);
    }

    #[test]
    fn reviews_are_added_never_replaced() {
        let mut reviewed = planned(Some(9.0), Shelf::Owned);
        reviewed.review = Some("Yes.".to_owned());
        let decision = decide(&reviewed, &Existing::default(), true);
        assert!(decision.review && !decision.review_kept);
        let has = Existing {
            has_review: true,
            ..Existing::default()
        };
        let decision = decide(&reviewed, &has, true);
        assert!(!decision.review && decision.review_kept);
    }

    #[test]
    fn rows_of_one_album_merge() {
        let first = FileRow {
            rating: RatingValue::from_f64(6.0),
            ..FileRow::new(2, "Nirvana", "Nevermind", Shelf::Owned)
        };
        let second = FileRow {
            rating: RatingValue::from_f64(9.0),
            ..FileRow::new(5, "Nirvana (2)", "Nevermind [Remastered]", Shelf::Owned)
        };
        let other = FileRow::new(6, "Nirvana", "Bleach", Shelf::Wishlist);
        let plans = plan([(&first, 3), (&second, 3), (&other, 4)]);
        assert_eq!(plans.len(), 2);
        assert_eq!(plans[0].rating, RatingValue::from_f64(9.0));
        assert_eq!(plans[1].shelf, Shelf::Wishlist);
    }

    #[test]
    fn opinions_are_held_where_the_member_has_none_here_and_descriptors_need_a_rating() {
        let opinionated = |rating: Option<f64>| Planned {
            opinions: Opinions {
                genre_votes: vec![("Electronic".into(), true)],
                descriptors: vec!["anxious"],
                dismissed_at: Some("2026-01-01T00:00:00.000Z".into()),
            },
            ..planned(rating, Shelf::Owned)
        };
        let held = |decision: Decision| {
            (
                decision.genre_votes,
                decision.descriptors,
                decision.dismissal,
            )
        };
        let none = Existing::default();
        assert_eq!(
            held(decide(&opinionated(Some(9.0)), &none, false)),
            (true, true, true)
        );
        // Unrated in the file and here: no descriptors; rated here: they go with that rating.
        assert_eq!(
            held(decide(&opinionated(None), &none, false)),
            (true, false, true)
        );
        let rated_here = Existing {
            rating: Some(Some(7.0)),
            ..Existing::default()
        };
        assert!(decide(&opinionated(None), &rated_here, false).descriptors);
        let library_only = Existing {
            rating: Some(None),
            ..Existing::default()
        };
        assert!(!decide(&opinionated(None), &library_only, false).descriptors);
        let had_all = Existing {
            voted_genres: true,
            described: true,
            dismissed: true,
            ..rated_here
        };
        assert_eq!(
            held(decide(&opinionated(Some(9.0)), &had_all, false)),
            (false, false, false)
        );
    }
}
