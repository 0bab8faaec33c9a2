//! Figures: a member's profile figures (computed from their own rows only) and the site's size.

use std::collections::HashMap;

use rusqlite::{Connection, params};
use serde::Serialize;

use super::albums::{self, Album};
use super::{comments, posts, ratings, reviews};
use crate::domain::rating_value::genre_weight;
use utoipa::ToSchema;

pub const TOP_GENRES: usize = 10;
pub const TOP_ALBUMS: u32 = 5;
pub const RECENTLY_RATED: u32 = 5;
pub const RECENTLY_COMMENTED: u32 = 5;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileStats {
    pub joined: String,
    pub ratings_count: i64,
    pub library_count: i64,
    pub comments_count: i64,
    pub reviews_count: i64,
    pub shouts_count: i64,
    pub posts_count: i64,
    /// Thumbs-up share of the votes on the member's reviews and posts, in percent.
    #[schema(required)]
    pub approval: Option<f64>,
    pub score: i64,
    #[schema(required)]
    pub favourite_genre: Option<String>,
    #[schema(required)]
    pub average_rating: Option<f64>,
    pub rating_distribution: Vec<Bucket>,
    pub top_genres: Vec<GenreShare>,
    pub top_albums: Vec<Album>,
    pub recently_rated: Vec<Album>,
    pub recently_commented: Vec<Album>,
}

#[derive(Debug, Serialize, PartialEq, ToSchema)]
pub struct Bucket {
    pub number: f64,
    pub count: i64,
}

#[derive(Debug, Serialize, PartialEq, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenreShare {
    pub name: String,
    pub slug: String,
    pub count: i64,
    /// Share of the top genres' total, so the pie's slices add up to 100.
    pub percentage: f64,
}

/// The spec's profile score.
pub fn score(ratings: i64, comments: i64, reviews: i64) -> i64 {
    ratings * 3 + comments * 4 + reviews * 500
}

fn album_ids(conn: &Connection, sql: &str, user_id: i64, limit: u32) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(sql)?
        .query_map(params![user_id, limit], |row| row.get(0))?
        .collect()
}

pub fn for_user(conn: &Connection, user_id: i64, joined: &str) -> rusqlite::Result<ProfileStats> {
    let (ratings_count, library_count, average_rating): (i64, i64, Option<f64>) = conn
        .prepare_cached(
            "SELECT count(number), count(*) - count(number), avg(number) FROM ratings WHERE user_id = ?1",
        )?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
    let comments_count = comments::count_by_user(conn, user_id)?;
    let reviews_count = reviews::count_by_user(conn, user_id)?;
    let posts_count = posts::count_by_user(conn, user_id)?;
    let shouts_count: i64 = conn
        .prepare_cached("SELECT count(*) FROM shouts WHERE user_id = ?1 AND hidden_at IS NULL")?
        .query_row([user_id], |row| row.get(0))?;

    let (up, down): (i64, i64) = conn
        .prepare_cached(
            "SELECT coalesce(sum(votes_up), 0), coalesce(sum(votes_down), 0) FROM (
                 SELECT votes_up, votes_down FROM reviews WHERE user_id = ?1 AND hidden_at IS NULL
                 UNION ALL
                 SELECT votes_up, votes_down FROM posts WHERE user_id = ?1 AND hidden_at IS NULL)",
        )?
        .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    let approval = (up + down > 0).then(|| up as f64 * 100.0 / (up + down) as f64);

    let rating_distribution = ratings::distribution_of_user(conn, user_id)?;

    let (favourite_genre, top_genres) = genres(conn, user_id)?;

    let top = album_ids(
        conn,
        "SELECT album_id FROM ratings WHERE user_id = ?1 AND number IS NOT NULL
         ORDER BY number DESC, updated_at DESC LIMIT ?2",
        user_id,
        TOP_ALBUMS,
    )?;
    let recent = album_ids(
        conn,
        "SELECT album_id FROM ratings WHERE user_id = ?1 AND number IS NOT NULL
         ORDER BY updated_at DESC, id DESC LIMIT ?2",
        user_id,
        RECENTLY_RATED,
    )?;
    let commented = comments::recently_commented_albums(conn, user_id, RECENTLY_COMMENTED)?;
    // The albums carry the member's own rating as userRating.
    let with_rating = |ids: &[i64]| albums::by_ids(conn, ids, Some(user_id));

    Ok(ProfileStats {
        joined: joined.to_owned(),
        ratings_count,
        library_count,
        comments_count,
        reviews_count,
        shouts_count,
        posts_count,
        approval,
        score: score(ratings_count, comments_count, reviews_count),
        favourite_genre,
        average_rating,
        rating_distribution,
        top_genres,
        top_albums: with_rating(&top)?,
        recently_rated: with_rating(&recent)?,
        recently_commented: with_rating(&commented)?,
    })
}

/// The favourite genre (weighted by rating, library entries included) and the
/// ten genres most rated.
fn genres(conn: &Connection, user_id: i64) -> rusqlite::Result<(Option<String>, Vec<GenreShare>)> {
    let rows: Vec<(String, String, Option<f64>)> = conn
        .prepare_cached(
            "SELECT g.name, g.slug, r.number FROM ratings r
             JOIN album_genres ag ON ag.album_id = r.album_id
             JOIN genres g ON g.id = ag.genre_id
             WHERE r.user_id = ?1",
        )?
        .query_map([user_id], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;

    let mut weights: HashMap<&str, u32> = HashMap::new();
    let mut counts: HashMap<(&str, &str), i64> = HashMap::new();
    for (name, slug, number) in &rows {
        *weights.entry(name).or_default() += genre_weight(*number);
        if number.is_some() {
            *counts.entry((name, slug)).or_default() += 1;
        }
    }
    let favourite = weights
        .into_iter()
        .filter(|(_, weight)| *weight > 0)
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(a.0)))
        .map(|(name, _)| name.to_owned());

    let mut ranked: Vec<((&str, &str), i64)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.0.cmp(b.0.0)));
    ranked.truncate(TOP_GENRES);
    let total: i64 = ranked.iter().map(|(_, count)| count).sum();
    let shares = ranked
        .into_iter()
        .map(|((name, slug), count)| GenreShare {
            name: name.to_owned(),
            slug: slug.to_owned(),
            count,
            percentage: (count as f64 * 1000.0 / total as f64).round() / 10.0,
        })
        .collect();
    Ok((favourite, shares))
}

/// The site's size, for its admin.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteFigures {
    pub members: i64,
    pub albums: i64,
    pub artists: i64,
    /// Ratings with a number (library entries without one are not counted).
    pub ratings: i64,
    pub reviews: i64,
    /// Pages in use times the page size: the database file once checkpointed.
    pub database_bytes: i64,
    /// When `halfstar backup` last copied the database, if it ever did.
    #[schema(required)]
    pub last_backup: Option<String>,
    /// The pictures the site keeps and serves itself.
    pub pictures: super::pictures::PictureFigures,
}

/// The ratings are summed from the albums' counters through their covering
/// index (`albums_rated_totals`), not counted in the ratings table.
pub fn site_figures(conn: &Connection) -> rusqlite::Result<SiteFigures> {
    let pictures = super::pictures::figures(conn)?;
    conn.prepare_cached(
        "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM albums),
                (SELECT count(*) FROM artists),
                (SELECT coalesce(sum(rating_count), 0) FROM albums WHERE rating_count > 0),
                (SELECT count(*) FROM reviews),
                (SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()),
                (SELECT value FROM site_settings WHERE key = 'last_backup')",
    )?
    .query_row([], |row| {
        Ok(SiteFigures {
            members: row.get(0)?,
            albums: row.get(1)?,
            artists: row.get(2)?,
            ratings: row.get(3)?,
            reviews: row.get(4)?,
            database_bytes: row.get(5)?,
            last_backup: row.get(6)?,
            pictures: pictures.clone(),
        })
    })
}
