//! Charts a member shapes: filters that combine (years, genres in and out,
//! descriptors, album type, fewest ratings) and an order, applied to every
//! album's figures held in memory (`reads::chart_facts`), so any combination
//! answers in one pass over compact rows, never a query per shape.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AlbumType;

/// How a shaped chart orders its albums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChartOrder {
    /// The top-rated charts' Bayesian average: few ratings pull an album
    /// toward the site's usual rating.
    #[default]
    Weighted,
    /// The plain average.
    Average,
    /// The most ratings.
    MostRated,
    /// The widest spread of ratings (their standard deviation), pulled
    /// toward none for albums with few ratings as the weighted score is.
    MostDivisive,
    /// The most members who played it (music players, logged listens, imports).
    MostListened,
}

/// One album's figures, as the charts need them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlbumFacts {
    pub id: i64,
    pub ratings: u32,
    /// Sums of halves and of their squares are exact in an f32 up to
    /// millions of ratings.
    pub rating_sum: f32,
    pub rating_square_sum: f32,
    pub listeners: u32,
    pub year: Option<i16>,
    pub kind: AlbumType,
}

impl AlbumFacts {
    pub fn new(id: i64, kind: AlbumType) -> Self {
        Self {
            id,
            ratings: 0,
            rating_sum: 0.0,
            rating_square_sum: 0.0,
            listeners: 0,
            year: None,
            kind,
        }
    }
}

/// One album's figures with its genre ids and descriptor places, as read.
pub type AlbumEntry = (AlbumFacts, Vec<u32>, Vec<u8>);

/// Every album's figures by id, a column each, so that a chart reads only
/// the columns its filters and order need (the default reads 8 of the 37
/// bytes an album takes: 1.6 MB for 200,000 albums). Genres and descriptors
/// are spans of shared lists of genre ids and places in the vocabulary.
#[derive(Debug, Default)]
pub struct Facts {
    ids: Vec<i64>,
    ratings: Vec<u32>,
    rating_sums: Vec<f32>,
    rating_square_sums: Vec<f32>,
    listeners: Vec<u32>,
    /// `NO_YEAR` when unknown.
    years: Vec<i16>,
    kinds: Vec<AlbumType>,
    /// A bit for each of the album's genres (its id modulo 64): a genre
    /// filter passes over most albums on this column alone.
    genre_bits: Vec<u64>,
    genre_spans: Vec<Span>,
    descriptor_spans: Vec<Span>,
    genres: Vec<u32>,
    descriptors: Vec<u8>,
}

fn genre_bits(genres: &[u32]) -> u64 {
    genres
        .iter()
        .fold(0, |bits, genre| bits | 1 << (genre % 64))
}

const NO_YEAR: i16 = i16::MIN;

#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Span {
    start: u32,
    len: u8,
}

impl Facts {
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The figures of the album at `at` (in id order).
    pub fn get(&self, at: usize) -> AlbumFacts {
        AlbumFacts {
            id: self.ids[at],
            ratings: self.ratings[at],
            rating_sum: self.rating_sums[at],
            rating_square_sum: self.rating_square_sums[at],
            listeners: self.listeners[at],
            year: Some(self.years[at]).filter(|year| *year != NO_YEAR),
            kind: self.kinds[at],
        }
    }

    pub fn genres(&self, at: usize) -> &[u32] {
        &self.genres[self.genre_spans[at].range()]
    }

    pub fn descriptors(&self, at: usize) -> &[u8] {
        &self.descriptors[self.descriptor_spans[at].range()]
    }

    /// Adds an album after every other (a higher id).
    pub fn push(&mut self, album: AlbumFacts, genres: &[u32], descriptors: &[u8]) {
        let at = self.len();
        self.insert(at, album, genres, descriptors);
    }

    fn insert(&mut self, at: usize, album: AlbumFacts, genres: &[u32], descriptors: &[u8]) {
        self.ids.insert(at, album.id);
        self.ratings.insert(at, 0);
        self.rating_sums.insert(at, 0.0);
        self.rating_square_sums.insert(at, 0.0);
        self.listeners.insert(at, 0);
        self.years.insert(at, NO_YEAR);
        self.kinds.insert(at, album.kind);
        self.genre_bits.insert(at, genre_bits(genres));
        let genres = Span::append(&mut self.genres, genres);
        self.genre_spans.insert(at, genres);
        let descriptors = Span::append(&mut self.descriptors, descriptors);
        self.descriptor_spans.insert(at, descriptors);
        self.set(at, album);
    }

    fn set(&mut self, at: usize, album: AlbumFacts) {
        self.ratings[at] = album.ratings;
        self.rating_sums[at] = album.rating_sum;
        self.rating_square_sums[at] = album.rating_square_sum;
        self.listeners[at] = album.listeners;
        self.years[at] = album.year.unwrap_or(NO_YEAR);
        self.kinds[at] = album.kind;
    }

    fn remove(&mut self, at: usize) {
        self.ids.remove(at);
        self.ratings.remove(at);
        self.rating_sums.remove(at);
        self.rating_square_sums.remove(at);
        self.listeners.remove(at);
        self.years.remove(at);
        self.kinds.remove(at);
        self.genre_bits.remove(at);
        self.genre_spans.remove(at);
        self.descriptor_spans.remove(at);
    }

    /// Puts an album's new figures in place of its old ones (none takes it
    /// out); answers the old ones. Lists as they were keep their place, and
    /// shorter ones are written over it, so a rating adds nothing here.
    pub fn replace(&mut self, id: i64, new: Option<AlbumEntry>) -> Option<AlbumFacts> {
        let at = self.ids.binary_search(&id);
        match (at, new) {
            (Ok(at), Some((album, genres, descriptors))) => {
                let old = self.get(at);
                self.genre_bits[at] = genre_bits(&genres);
                self.genre_spans[at] = self.genre_spans[at].rewrite(&mut self.genres, &genres);
                self.descriptor_spans[at] =
                    self.descriptor_spans[at].rewrite(&mut self.descriptors, &descriptors);
                self.set(at, album);
                Some(old)
            }
            (Ok(at), None) => {
                let old = self.get(at);
                self.remove(at);
                Some(old)
            }
            (Err(at), Some((album, genres, descriptors))) => {
                self.insert(at, album, &genres, &descriptors);
                None
            }
            (Err(_), None) => None,
        }
    }

    /// The figure `order` ranks the album at `at` by, highest first.
    fn figure(&self, order: ChartOrder, at: usize, pull: Pull) -> f64 {
        let n = f64::from(self.ratings[at]);
        let sum = f64::from(self.rating_sums[at]);
        match order {
            ChartOrder::Weighted => (sum + pull.weight * pull.toward) / (n + pull.weight),
            ChartOrder::Average => sum / n.max(1.0),
            ChartOrder::MostRated => n,
            ChartOrder::MostDivisive => {
                if n < 2.0 {
                    return 0.0;
                }
                let mean = sum / n;
                let spread = (f64::from(self.rating_square_sums[at]) / n - mean * mean)
                    .max(0.0)
                    .sqrt();
                spread * n / (n + pull.weight)
            }
            ChartOrder::MostListened => f64::from(self.listeners[at]),
        }
    }
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + usize::from(self.len)
    }

    fn append<T: Copy>(pool: &mut Vec<T>, values: &[T]) -> Self {
        let start = u32::try_from(pool.len()).unwrap_or(u32::MAX);
        // More than 255 genres or descriptors to an album is not a chart's concern.
        let values = &values[..values.len().min(usize::from(u8::MAX))];
        pool.extend_from_slice(values);
        Self {
            start,
            len: values.len() as u8,
        }
    }

    fn rewrite<T: Copy + PartialEq>(self, pool: &mut Vec<T>, values: &[T]) -> Self {
        if values.len() > usize::from(self.len) {
            return Self::append(pool, values);
        }
        let start = self.start as usize;
        pool[start..start + values.len()].copy_from_slice(values);
        Self {
            start: self.start,
            len: values.len() as u8,
        }
    }
}

/// What a chart keeps, every part optional: an album is in it when it
/// passes them all.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filters {
    pub from_year: Option<i16>,
    pub to_year: Option<i16>,
    /// The album has at least one of these genres (none: any genre).
    pub genres: Vec<u32>,
    /// The album has none of these.
    pub without_genres: Vec<u32>,
    /// Each of these (places in the vocabulary) is strong for the album.
    pub descriptors: Vec<u8>,
    pub kind: Option<AlbumType>,
    pub fewest_ratings: u32,
}

impl Filters {
    /// Whether the album at `at` passes every filter, the cheap ones first.
    /// `bits` are `genre_bits` of the included and of the left-out genres.
    fn keeps(&self, facts: &Facts, at: usize, fewest: u32, bits: (u64, u64)) -> bool {
        if facts.ratings[at] < fewest {
            return false;
        }
        if self.from_year.is_some() || self.to_year.is_some() {
            let year = facts.years[at];
            if year == NO_YEAR
                || self.from_year.is_some_and(|from| year < from)
                || self.to_year.is_some_and(|to| year > to)
            {
                return false;
            }
        }
        if self.kind.is_some_and(|kind| kind != facts.kinds[at]) {
            return false;
        }
        let (wanted, unwanted) = bits;
        let album_bits = facts.genre_bits[at];
        if !self.genres.is_empty() {
            if album_bits & wanted == 0 {
                return false;
            }
            let genres = facts.genres(at);
            if !self.genres.iter().any(|g| genres.contains(g)) {
                return false;
            }
        }
        if album_bits & unwanted != 0 {
            let genres = facts.genres(at);
            if self.without_genres.iter().any(|g| genres.contains(g)) {
                return false;
            }
        }
        self.descriptors.is_empty()
            || self
                .descriptors
                .iter()
                .all(|d| facts.descriptors(at).contains(d))
    }
}

/// What the weighted orders pull albums with few ratings toward.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pull {
    /// How many ratings the pull weighs (the charts' prior weight).
    pub weight: f64,
    /// The rating pulled toward (the charts' site prior).
    pub toward: f64,
}

impl ChartOrder {
    /// Whether the order ranks only rated albums.
    fn needs_ratings(self) -> bool {
        !matches!(self, Self::MostListened)
    }
}

/// An album's place in an order: compared, the one ranked first is less.
#[derive(Debug, Clone, Copy)]
struct Placed {
    figure: f64,
    ratings: u32,
    id: i64,
}

impl Ord for Placed {
    /// A higher figure first; ties: more ratings, then the older id.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .figure
            .total_cmp(&self.figure)
            .then(other.ratings.cmp(&self.ratings))
            .then(self.id.cmp(&other.id))
    }
}

impl PartialOrd for Placed {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Placed {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Placed {}

/// A page of the chart: `(album id, figure)` in order, and how many albums
/// the filters keep in all. One pass over the albums keeps only the best
/// `offset + limit` seen so far (the last kept on top of a heap, so most
/// albums cost one comparison); ties: more ratings, then the older id.
pub fn rank(
    facts: &Facts,
    filters: &Filters,
    order: ChartOrder,
    pull: Pull,
    offset: usize,
    limit: usize,
) -> (Vec<(i64, f64)>, usize) {
    let fewest = if order.needs_ratings() {
        filters.fewest_ratings.max(1)
    } else {
        filters.fewest_ratings
    };
    let end = offset.saturating_add(limit);
    let mut best: BinaryHeap<Placed> = BinaryHeap::with_capacity(end.min(facts.len()) + 1);
    let mut total = 0;
    let bits = (
        genre_bits(&filters.genres),
        genre_bits(&filters.without_genres),
    );
    for at in 0..facts.len() {
        if !filters.keeps(facts, at, fewest, bits)
            || (order == ChartOrder::MostListened && facts.listeners[at] == 0)
        {
            continue;
        }
        total += 1;
        let placed = Placed {
            figure: facts.figure(order, at, pull),
            ratings: facts.ratings[at],
            id: facts.ids[at],
        };
        if best.len() < end {
            best.push(placed);
        } else if best.peek().is_some_and(|last| placed < *last) {
            best.pop();
            best.push(placed);
        }
    }
    let sorted = best.into_sorted_vec();
    let page = sorted
        .get(offset..)
        .unwrap_or_default()
        .iter()
        .map(|placed| (placed.id, placed.figure))
        .collect();
    (page, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PULL: Pull = Pull {
        weight: 10.0,
        toward: 7.0,
    };

    fn album(id: i64, year: i16, ratings: &[f64]) -> AlbumFacts {
        AlbumFacts {
            year: Some(year),
            ratings: ratings.len() as u32,
            rating_sum: ratings.iter().sum::<f64>() as f32,
            rating_square_sum: ratings.iter().map(|r| r * r).sum::<f64>() as f32,
            ..AlbumFacts::new(id, AlbumType::Lp)
        }
    }

    fn facts(albums: &[(AlbumFacts, &[u32], &[u8])]) -> Facts {
        let mut facts = Facts::default();
        for (album, genres, descriptors) in albums {
            facts.push(*album, genres, descriptors);
        }
        facts
    }

    fn ids(page: &[(i64, f64)]) -> Vec<i64> {
        page.iter().map(|(id, _)| *id).collect()
    }

    const SHOEGAZE: u32 = 1;
    const DREAM_POP: u32 = 2;

    #[test]
    fn filters_combine_years_genres_in_and_out_and_descriptors() {
        let albums = facts(&[
            (album(1, 1991, &[9.0, 9.0]), &[SHOEGAZE], &[3]),
            (album(2, 1993, &[10.0]), &[SHOEGAZE, DREAM_POP], &[]),
            (album(3, 2001, &[8.0]), &[SHOEGAZE], &[]),
            (album(4, 1995, &[7.0]), &[DREAM_POP], &[]),
            (album(5, 1996, &[]), &[SHOEGAZE], &[]),
        ]);
        let nineties_shoegaze_not_dream_pop = Filters {
            from_year: Some(1990),
            to_year: Some(1999),
            genres: vec![SHOEGAZE],
            without_genres: vec![DREAM_POP],
            ..Filters::default()
        };
        let (page, total) = rank(
            &albums,
            &nineties_shoegaze_not_dream_pop,
            ChartOrder::Weighted,
            PULL,
            0,
            10,
        );
        assert_eq!(
            (ids(&page), total),
            (vec![1], 1),
            "unrated albums are not ranked"
        );
        let described = Filters {
            descriptors: vec![3],
            ..Filters::default()
        };
        assert_eq!(
            ids(&rank(&albums, &described, ChartOrder::Average, PULL, 0, 10).0),
            [1]
        );
        let any_of_two = Filters {
            genres: vec![SHOEGAZE, DREAM_POP],
            fewest_ratings: 1,
            ..Filters::default()
        };
        assert_eq!(
            rank(&albums, &any_of_two, ChartOrder::Average, PULL, 0, 10).1,
            4
        );
    }

    #[test]
    fn the_orders_rank_by_their_figure_and_pages_follow_on() {
        let albums = facts(&[
            (album(1, 1990, &[10.0]), &[], &[]),
            (album(2, 1990, &[9.0; 30]), &[], &[]),
            (album(3, 1990, &[1.0, 10.0, 1.0, 10.0, 1.0, 10.0]), &[], &[]),
            (album(4, 1990, &[5.0, 5.0, 5.0]), &[], &[]),
        ]);
        let all = Filters::default();
        let order = |order| ids(&rank(&albums, &all, order, PULL, 0, 10).0);
        assert_eq!(order(ChartOrder::Average), [1, 2, 3, 4]);
        assert_eq!(
            order(ChartOrder::Weighted)[0],
            2,
            "one 10 does not top thirty 9s"
        );
        assert_eq!(order(ChartOrder::MostRated), [2, 3, 4, 1]);
        assert_eq!(order(ChartOrder::MostDivisive)[0], 3);
        let (second_page, total) = rank(&albums, &all, ChartOrder::MostRated, PULL, 2, 2);
        assert_eq!((ids(&second_page), total), (vec![4, 1], 4));
        assert!(
            rank(&albums, &all, ChartOrder::MostRated, PULL, 4, 2)
                .0
                .is_empty()
        );
    }

    #[test]
    fn an_albums_lists_keep_their_place_or_move_to_the_end_when_longer() {
        let mut albums = facts(&[
            (album(1, 1990, &[]), &[SHOEGAZE, DREAM_POP], &[]),
            (album(3, 1990, &[]), &[DREAM_POP], &[]),
        ]);
        albums.replace(1, Some((album(1, 1990, &[9.0]), vec![SHOEGAZE], vec![7])));
        albums.replace(
            3,
            Some((album(3, 1990, &[]), vec![DREAM_POP, SHOEGAZE], vec![])),
        );
        albums.replace(2, Some((album(2, 1990, &[]), vec![9], vec![])));
        let lists: Vec<(i64, &[u32], &[u8])> = (0..albums.len())
            .map(|at| (albums.get(at).id, albums.genres(at), albums.descriptors(at)))
            .collect();
        assert_eq!(
            lists,
            [
                (1, &[SHOEGAZE][..], &[7][..]),
                (2, &[9][..], &[][..]),
                (3, &[DREAM_POP, SHOEGAZE][..], &[][..])
            ]
        );
        assert_eq!(
            albums.genres.len(),
            6,
            "the shorter list was written in place"
        );
        assert!(albums.replace(2, None).is_some());
        assert_eq!(albums.len(), 2);
    }

    #[test]
    fn genres_sharing_a_bit_are_still_told_apart() {
        let albums = facts(&[
            (album(1, 1990, &[8.0]), &[1], &[]),
            (album(2, 1990, &[8.0]), &[65], &[]),
        ]);
        let only = |genres: Vec<u32>, without: Vec<u32>| {
            let filters = Filters {
                genres,
                without_genres: without,
                ..Filters::default()
            };
            ids(&rank(&albums, &filters, ChartOrder::Average, PULL, 0, 10).0)
        };
        assert_eq!(only(vec![65], vec![]), [2]);
        assert_eq!(only(vec![], vec![65]), [1]);
    }

    #[test]
    fn most_listened_ranks_albums_played_even_unrated() {
        let albums = facts(&[
            (
                AlbumFacts {
                    listeners: 5,
                    ..album(1, 1990, &[])
                },
                &[],
                &[],
            ),
            (
                AlbumFacts {
                    listeners: 2,
                    ..album(2, 1990, &[8.0])
                },
                &[],
                &[],
            ),
        ]);
        let page = rank(
            &albums,
            &Filters::default(),
            ChartOrder::MostListened,
            PULL,
            0,
            10,
        )
        .0;
        assert_eq!(page, [(1, 5.0), (2, 2.0)]);
    }
}
