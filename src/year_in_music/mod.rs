//! A member's year in music: the listens of their diary, the ratings they
//! gave, their best tracks and the reviews they wrote in one year, summed
//! up for its page (`summary`) and drawn as a picture to share (`image`).

pub mod image;

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{albums, year};

/// How many albums the collage, genres, artists and tracks show.
const COLLAGE: usize = 25;
const TOP: usize = 5;
const TOP_TRACKS: u32 = 10;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YearAlbum {
    pub album_id: i64,
    pub title: String,
    pub slug: String,
    pub artist: String,
    pub artist_slug: String,
    pub picture_url: String,
    /// Listens logged in the year.
    pub listens: u32,
    /// The member's rating of it, when they first rated it that year.
    #[schema(required)]
    pub rating: Option<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Counted {
    pub name: String,
    /// Its page's name: the artist's, or the genre's in the charts.
    pub slug: String,
    /// Listens of its albums, and albums rated without a listen.
    pub count: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackOfYear {
    pub title: String,
    pub number: f64,
    pub album: YearAlbum,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewOfYear {
    pub review_id: i64,
    pub written_at: String,
    #[schema(required)]
    pub rating: Option<f64>,
    pub album: YearAlbum,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayOfListening {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub listens: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct YearInMusic {
    pub username: String,
    pub year: i32,
    /// Listens logged in the diary.
    pub listens: u32,
    pub first_listens: u32,
    pub relistens: u32,
    /// Different albums listened to.
    pub albums_listened: u32,
    /// Albums first rated in the year (with the rating they have now).
    pub ratings: u32,
    #[schema(required)]
    pub average_rating: Option<f64>,
    /// How many ratings of each half step, 0.5 first (twenty counts).
    pub rating_spread: Vec<u32>,
    pub top_genres: Vec<Counted>,
    pub top_artists: Vec<Counted>,
    /// The best rated tracks, rated in the year.
    pub top_tracks: Vec<TrackOfYear>,
    /// The days with listens, in order.
    pub days: Vec<DayOfListening>,
    /// The most listened albums, then the best rated, at most 25.
    pub albums: Vec<YearAlbum>,
    /// The reviews written in the year, in order.
    pub reviews: Vec<ReviewOfYear>,
}

/// The member's year, read from their own rows of that year.
pub fn summary(
    conn: &Connection,
    user_id: i64,
    username: &str,
    year: i32,
) -> rusqlite::Result<YearInMusic> {
    let listens = year::listens(conn, user_id, year)?;
    let ratings = year::ratings(conn, user_id, year)?;
    let tracks = year::top_tracks(conn, user_id, year, TOP_TRACKS)?;
    let reviews = year::reviews(conn, user_id, year)?;

    let mut listened: HashMap<i64, u32> = HashMap::new();
    let mut days: Vec<DayOfListening> = Vec::new();
    for listen in &listens {
        *listened.entry(listen.album_id).or_default() += 1;
        match days.last_mut() {
            Some(day) if day.day == listen.listened_on => day.listens += 1,
            _ => days.push(DayOfListening {
                day: listen.listened_on.clone(),
                listens: 1,
            }),
        }
    }
    let rated: HashMap<i64, f64> = ratings.iter().copied().collect();
    let mut spread = vec![0u32; 20];
    for (_, number) in &ratings {
        let step = ((number * 2.0).round() as usize).clamp(1, 20);
        spread[step - 1] += 1;
    }
    let mut ids: Vec<i64> = listened.keys().chain(rated.keys()).copied().collect();
    ids.extend(tracks.iter().map(|t| t.album_id));
    ids.extend(reviews.iter().map(|r| r.album_id));
    ids.sort_unstable();
    ids.dedup();
    let known: HashMap<i64, albums::Album> = albums::by_ids(conn, &ids, None)?
        .into_iter()
        .map(|album| (album.album_id, album))
        .collect();
    let album = |id: i64| {
        known.get(&id).map(|found| YearAlbum {
            album_id: id,
            title: found.title.clone(),
            slug: found.slug.clone(),
            artist: found.artist.clone(),
            artist_slug: found.artist_slug.clone(),
            picture_url: found.picture_url.clone(),
            listens: listened.get(&id).copied().unwrap_or(0),
            rating: rated.get(&id).copied(),
        })
    };

    // Each listen counts for its album's genres and artist, and so does an
    // album rated without a listen.
    let mut genres: HashMap<(&str, &str), u32> = HashMap::new();
    let mut artists: HashMap<(&str, &str), u32> = HashMap::new();
    let rated_only = rated.keys().filter(|id| !listened.contains_key(id));
    let weights = listened
        .iter()
        .map(|(id, listens)| (id, *listens))
        .chain(rated_only.map(|id| (id, 1)));
    for (id, weight) in weights {
        if let Some(found) = known.get(id) {
            for genre in &found.genres {
                *genres.entry((&genre.name, &genre.slug)).or_default() += weight;
            }
            *artists
                .entry((&found.artist, &found.artist_slug))
                .or_default() += weight;
        }
    }
    let mut collage: Vec<YearAlbum> = listened
        .keys()
        .chain(rated.keys())
        .copied()
        .collect::<std::collections::HashSet<i64>>()
        .into_iter()
        .filter_map(album)
        .collect();
    collage.sort_by(|a, b| {
        b.listens
            .cmp(&a.listens)
            .then(b.rating.unwrap_or(0.0).total_cmp(&a.rating.unwrap_or(0.0)))
            .then(a.title.cmp(&b.title))
    });
    collage.truncate(COLLAGE);

    let first_listens = listens.iter().filter(|l| !l.relisten).count() as u32;
    Ok(YearInMusic {
        username: username.to_owned(),
        year,
        listens: listens.len() as u32,
        first_listens,
        relistens: listens.len() as u32 - first_listens,
        albums_listened: listened.len() as u32,
        ratings: ratings.len() as u32,
        average_rating: (!ratings.is_empty())
            .then(|| ratings.iter().map(|(_, n)| n).sum::<f64>() / ratings.len() as f64),
        rating_spread: spread,
        top_genres: top(genres.into_iter()),
        top_artists: top(artists.into_iter()),
        top_tracks: tracks
            .into_iter()
            .filter_map(|track| {
                Some(TrackOfYear {
                    album: album(track.album_id)?,
                    title: track.title,
                    number: track.number,
                })
            })
            .collect(),
        days,
        albums: collage,
        reviews: reviews
            .into_iter()
            .filter_map(|review| {
                Some(ReviewOfYear {
                    album: album(review.album_id)?,
                    review_id: review.review_id,
                    written_at: review.written_at,
                    rating: review.rating,
                })
            })
            .collect(),
    })
}

/// The most counted, most first, then by name.
fn top<'a>(counts: impl Iterator<Item = ((&'a str, &'a str), u32)>) -> Vec<Counted> {
    let mut counted: Vec<Counted> = counts
        .map(|((name, slug), count)| Counted {
            name: name.to_owned(),
            slug: slug.to_owned(),
            count,
        })
        .collect();
    counted.sort_by(|a, b| b.count.cmp(&a.count).then(a.name.cmp(&b.name)));
    counted.truncate(TOP);
    counted
}
