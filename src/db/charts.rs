//! The charts: top rated, popular and recent albums for a year or all time
//! and a genre or all genres. Each answers album ids in chart order from the
//! albums' kept-current counters; `albums::by_ids` fills them in.

use rusqlite::{Connection, params};

use super::Page;

/// Which albums a chart ranks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scope {
    pub year: Option<i32>,
    pub genre_id: Option<i64>,
}

impl Scope {
    /// SQL: whether album `a` is in the scope bound at `?1` (year) and `?2`
    /// (genre). One text for each shape of scope, so the planner reads only
    /// the scope's rows through its index (`(?1 IS NULL OR ...)` would scan
    /// every album); the unused parameter is still named, as a constant.
    fn condition(self) -> &'static str {
        match (self.year, self.genre_id) {
            (None, None) => "?1 IS NULL AND ?2 IS NULL",
            (Some(_), None) => "a.release_year = ?1 AND ?2 IS NULL",
            (None, Some(_)) => {
                "?1 IS NULL AND a.id IN (SELECT album_id FROM album_genres WHERE genre_id = ?2)"
            }
            (Some(_), Some(_)) => {
                "a.release_year = ?1 AND a.id IN (SELECT album_id FROM album_genres WHERE genre_id = ?2)"
            }
        }
    }

    /// One scope of each shape, for the query plan tests.
    #[cfg(test)]
    const SHAPES: [Self; 4] = [
        Self {
            year: None,
            genre_id: None,
        },
        Self {
            year: Some(1997),
            genre_id: None,
        },
        Self {
            year: None,
            genre_id: Some(1),
        },
        Self {
            year: Some(1997),
            genre_id: Some(1),
        },
    ];
}

fn ids(conn: &Connection, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached(sql)?
        .query_map(params, |row| row.get(0))?
        .collect()
}

/// The three orders a chart shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChartKind {
    TopRated,
    MostPopular,
    MostRecent,
}

/// What the top rated order assumes of albums with few ratings: how many
/// ratings the prior weighs, and the highest prior (`site_prior`).
#[derive(Debug, Clone, Copy)]
pub struct Priors {
    pub weight: f64,
    pub site: f64,
}

impl ChartKind {
    pub const ALL: [Self; 3] = [Self::TopRated, Self::MostPopular, Self::MostRecent];

    /// One page of this order of `scope`; `site_prior` is asked for only by
    /// the top rated.
    pub fn order(
        self,
        conn: &Connection,
        scope: Scope,
        prior_weight: f64,
        site_prior: impl FnOnce() -> rusqlite::Result<f64>,
        page: Page,
    ) -> rusqlite::Result<Vec<i64>> {
        match self {
            Self::TopRated => top_rated(conn, scope, prior_weight, site_prior()?, page),
            Self::MostPopular => most_popular(conn, scope, page),
            Self::MostRecent => most_recent(conn, scope, page),
        }
    }
}

/// The scopes of every year and of every genre, and all time and all
/// genres: each is computed on its own. The years of one genre are computed
/// together (`orders_by_year_of_genre`).
pub fn wide_scopes(conn: &Connection) -> rusqlite::Result<Vec<Scope>> {
    conn.prepare_cached(
        "SELECT NULL, NULL
         UNION ALL SELECT DISTINCT release_year, NULL FROM albums WHERE release_year IS NOT NULL
         UNION ALL SELECT DISTINCT NULL, genre_id FROM album_genres",
    )?
    .query_map([], |row| {
        Ok(Scope {
            year: row.get(0)?,
            genre_id: row.get(1)?,
        })
    })?
    .collect()
}

/// The first `depth` of this order in each year of `genre_id`, in one read
/// of the genre's albums: the same orders as `ChartKind::order` gives each
/// year of the genre, for every year that has some.
pub fn orders_by_year_of_genre(
    conn: &Connection,
    kind: ChartKind,
    genre_id: i64,
    priors: Priors,
    depth: u32,
) -> rusqlite::Result<Vec<(i32, Vec<i64>)>> {
    let mut statement = conn.prepare_cached(by_year_of_genre_sql(kind))?;
    let mut rows = match kind {
        ChartKind::TopRated => statement.query(params![
            genre_id,
            depth,
            priors.weight,
            priors.site,
            SCALE_MIDDLE
        ])?,
        ChartKind::MostPopular | ChartKind::MostRecent => {
            statement.query(params![genre_id, depth])?
        }
    };
    let mut orders: Vec<(i32, Vec<i64>)> = Vec::new();
    while let Some(row) = rows.next()? {
        let (year, id): (i32, i64) = (row.get(0)?, row.get(1)?);
        match orders.last_mut() {
            Some((last, ids)) if *last == year => ids.push(id),
            _ => orders.push((year, vec![id])),
        }
    }
    Ok(orders)
}

/// `?1` genre, `?2` depth and, for the top rated, `?3` prior weight, `?4`
/// site prior, `?5` middle of the scale; every order and tie-break as in the
/// single scope's query.
fn by_year_of_genre_sql(kind: ChartKind) -> &'static str {
    match kind {
        ChartKind::TopRated => {
            "WITH scoped AS (
                 SELECT a.release_year AS year, a.id, a.title, a.rating_count, a.rating_sum
                 FROM album_genres g JOIN albums a ON a.id = g.album_id
                 WHERE g.genre_id = ?1 AND a.rating_count > 0 AND a.release_year IS NOT NULL
             ),
             prior AS (
                 SELECT year, min(coalesce(total(rating_sum) / total(rating_count), ?5), ?4) AS c
                 FROM scoped GROUP BY year
             )
             SELECT year, id FROM (
                 SELECT s.year, s.id, row_number() OVER (
                     PARTITION BY s.year
                     ORDER BY (s.rating_sum + ?3 * p.c) / (s.rating_count + ?3) DESC,
                              s.rating_count DESC, s.title, s.id
                 ) AS place
                 FROM scoped s JOIN prior p ON p.year = s.year
             ) WHERE place <= ?2 ORDER BY year, place"
        }
        ChartKind::MostPopular => {
            "SELECT year, id FROM (
                 SELECT a.release_year AS year, a.id, row_number() OVER (
                     PARTITION BY a.release_year ORDER BY a.rating_count DESC, a.title, a.id
                 ) AS place
                 FROM album_genres g JOIN albums a ON a.id = g.album_id
                 WHERE g.genre_id = ?1 AND a.rating_count > 0 AND a.release_year IS NOT NULL
             ) WHERE place <= ?2 ORDER BY year, place"
        }
        ChartKind::MostRecent => {
            "SELECT year, id FROM (
                 SELECT a.release_year AS year, a.id, row_number() OVER (
                     PARTITION BY a.release_year ORDER BY a.release_date DESC, a.id DESC
                 ) AS place
                 FROM album_genres g JOIN albums a ON a.id = g.album_id
                 WHERE g.genre_id = ?1 AND a.release_year IS NOT NULL
             ) WHERE place <= ?2 ORDER BY year, place"
        }
    }
}

/// How many ratings at the middle of the scale the site-wide mean is assumed
/// to hold besides the real ones. A fresh site's first, mostly enthusiastic
/// ratings therefore barely move the prior: with 100, even a site whose every
/// rating is a 10 needs about 270 of them before one 10/10 could outrank
/// fifteen 9/10s; on an established site (thousands of ratings) the
/// pseudo-ratings weigh a few percent at most.
pub const SITE_PRIOR_PSEUDO_RATINGS: f64 = 100.0;

/// The middle of the rating scale, 0.5 to 10.
pub const SCALE_MIDDLE: f64 = 5.25;

/// Rated albums by Bayesian average: `(v*R + m*C) / (v + m)` is
/// `(rating_sum + m*C) / (rating_count + m)`. C is the lower of the scope's
/// own mean and `site_prior`: a scope of a few high-rated albums (a small
/// genre, a quiet year, a fresh site) would otherwise set a prior so high that
/// one 10/10 tops albums with many 9s. Ties: more ratings, then the title.
pub fn top_rated(
    conn: &Connection,
    scope: Scope,
    prior_weight: f64,
    site_prior: f64,
    page: Page,
) -> rusqlite::Result<Vec<i64>> {
    ids(
        conn,
        &top_rated_sql(scope),
        params![
            scope.year,
            scope.genre_id,
            prior_weight,
            page.limit,
            page.offset,
            site_prior,
            SCALE_MIDDLE
        ],
    )
}

/// The site's mean rating pulled towards the middle of the scale by
/// `SITE_PRIOR_PSEUDO_RATINGS`: the highest prior any chart assumes. It
/// comes from the albums' counters through the covering index
/// `albums_rated_totals`, never from the ratings table.
pub fn site_prior(conn: &Connection) -> rusqlite::Result<f64> {
    conn.prepare_cached(SITE_PRIOR_SQL)?
        .query_row(params![SITE_PRIOR_PSEUDO_RATINGS, SCALE_MIDDLE], |row| {
            row.get(0)
        })
}

const SITE_PRIOR_SQL: &str = "SELECT (total(rating_sum) + ?1 * ?2) / (total(rating_count) + ?1)
     FROM albums WHERE rating_count > 0";

fn top_rated_sql(scope: Scope) -> String {
    format!(
        "WITH scope AS (
             SELECT a.id, a.title, a.rating_count, a.rating_sum FROM albums a
             WHERE a.rating_count > 0 AND {}
         ),
         prior AS (
             SELECT min(coalesce((SELECT total(rating_sum) / total(rating_count) FROM scope), ?7), ?6) AS c
         )
         SELECT scope.id FROM scope, prior
         ORDER BY (scope.rating_sum + ?3 * prior.c) / (scope.rating_count + ?3) DESC,
                  scope.rating_count DESC, scope.title, scope.id
         LIMIT ?4 OFFSET ?5",
        scope.condition()
    )
}

/// Albums by number of ratings.
pub fn most_popular(conn: &Connection, scope: Scope, page: Page) -> rusqlite::Result<Vec<i64>> {
    ids(
        conn,
        &most_popular_sql(scope),
        params![scope.year, scope.genre_id, page.limit, page.offset],
    )
}

fn most_popular_sql(scope: Scope) -> String {
    format!(
        "SELECT a.id FROM albums a WHERE a.rating_count > 0 AND {}
         ORDER BY a.rating_count DESC, a.title, a.id LIMIT ?3 OFFSET ?4",
        scope.condition()
    )
}

/// Albums by release date, newest first.
pub fn most_recent(conn: &Connection, scope: Scope, page: Page) -> rusqlite::Result<Vec<i64>> {
    ids(
        conn,
        &most_recent_sql(scope),
        params![scope.year, scope.genre_id, page.limit, page.offset],
    )
}

fn most_recent_sql(scope: Scope) -> String {
    format!(
        "SELECT a.id FROM albums a WHERE {}
         ORDER BY a.release_date DESC, a.id DESC LIMIT ?3 OFFSET ?4",
        scope.condition()
    )
}

// `+d.album_id` keeps the planner from walking the by-album index to save a
// sort: reading only the recent days' range of the primary key is far cheaper.
const POPULAR_LATELY_SQL: &str =
    "SELECT d.album_id FROM album_rating_days d JOIN albums a ON a.id = d.album_id
     WHERE d.day >= ?1
     GROUP BY +d.album_id HAVING sum(d.count) > 0
     ORDER BY sum(d.count) DESC, a.rating_count DESC, a.id LIMIT ?2";

const POPULAR_ALL_TIME_SQL: &str = "SELECT id FROM albums WHERE rating_count > 0
     ORDER BY rating_count DESC, id LIMIT ?1";

/// The home page's popular albums: most ratings made since `since_day`
/// (`YYYY-MM-DD`), topped up with the most rated of all time.
pub fn popular_lately(
    conn: &Connection,
    since_day: &str,
    limit: u32,
) -> rusqlite::Result<Vec<i64>> {
    // Grouping the recent days' ratings by album sorts hundreds of thousands
    // of rows on a large site: on disk, or each computation held 27 MB of heap.
    let mut chosen = super::with_sorts_on_disk(conn, |conn| {
        ids(conn, POPULAR_LATELY_SQL, params![since_day, limit])
    })?;
    if chosen.len() < limit as usize {
        let all_time = ids(
            conn,
            POPULAR_ALL_TIME_SQL,
            [i64::from(limit) + chosen.len() as i64],
        )?;
        for id in all_time {
            if chosen.len() == limit as usize {
                break;
            }
            if !chosen.contains(&id) {
                chosen.push(id);
            }
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::query_plan as plan;

    fn chart_sql() -> Vec<(Scope, String)> {
        Scope::SHAPES
            .into_iter()
            .flat_map(|scope| {
                [
                    top_rated_sql(scope),
                    most_popular_sql(scope),
                    most_recent_sql(scope),
                ]
                .map(|sql| (scope, sql))
            })
            .collect()
    }

    #[test]
    fn no_chart_reads_the_ratings_table() {
        let conn = crate::db::test_connection();
        let others = [POPULAR_LATELY_SQL, POPULAR_ALL_TIME_SQL, SITE_PRIOR_SQL];
        let all = chart_sql()
            .into_iter()
            .map(|(_, sql)| sql)
            .chain(others.map(str::to_owned));
        for sql in all {
            let plan = plan(&conn, &sql);
            assert!(!plan.contains("ratings "), "{sql}\n{plan}");
            assert!(!plan.contains("SCAN album_genres"), "{sql}\n{plan}");
        }
    }

    #[test]
    fn a_scope_of_a_year_or_a_genre_reads_only_its_albums() {
        let conn = crate::db::test_connection();
        for (scope, sql) in chart_sql() {
            let plan = plan(&conn, &sql);
            if scope.genre_id.is_some() {
                assert!(
                    plan.contains("album_genres_by_genre (genre_id=?)"),
                    "{sql}\n{plan}"
                );
            }
            if scope.year.is_some() && scope.genre_id.is_none() {
                assert!(!plan.contains("SCAN a"), "{sql}\n{plan}");
            }
        }
    }

    #[test]
    fn the_site_prior_reads_only_its_covering_index() {
        let conn = crate::db::test_connection();
        let plan = plan(&conn, SITE_PRIOR_SQL);
        assert!(
            plan.contains("COVERING INDEX albums_rated_totals"),
            "{plan}"
        );
    }

    /// Albums over three years and two genres, with ties in every order;
    /// answers the two genres.
    fn catalogue(conn: &Connection) -> [i64; 2] {
        let genres: Vec<i64> = ids(conn, "SELECT id FROM genres ORDER BY id LIMIT 2", []).unwrap();
        let genres = [genres[0], genres[1]];
        for n in 0..60 {
            let id = crate::db::seed::fixtures::album(
                conn,
                &format!("Artist {}", n % 7),
                &format!("Album {}", n % 11),
            );
            let date = format!("{}-0{}-1{}", 1995 + (n / 5) % 3, 1 + n % 4, n % 7);
            conn.execute(
                "UPDATE albums SET release_date = ?2, rating_count = ?3, rating_sum = ?4 WHERE id = ?1",
                params![id, date, n % 5, (n % 5) as f64 * (1.0 + (n % 9) as f64)],
            )
            .unwrap();
            for (every, genre) in [(2, genres[0]), (3, genres[1])] {
                if n % every == 0 {
                    conn.execute(
                        "INSERT INTO album_genres (album_id, genre_id) VALUES (?1, ?2)",
                        params![id, genre],
                    )
                    .unwrap();
                }
            }
        }
        genres
    }

    #[test]
    fn the_years_of_a_genre_together_are_each_years_own_order() {
        let conn = crate::db::test_connection();
        let genres = catalogue(&conn);
        let priors = Priors {
            weight: 5.0,
            site: site_prior(&conn).unwrap(),
        };
        for kind in ChartKind::ALL {
            for genre_id in genres {
                let together = orders_by_year_of_genre(&conn, kind, genre_id, priors, 4).unwrap();
                assert_eq!(together.len(), 3, "{kind:?}");
                for (year, ids) in together {
                    let scope = Scope {
                        year: Some(year),
                        genre_id: Some(genre_id),
                    };
                    let alone = kind
                        .order(
                            &conn,
                            scope,
                            priors.weight,
                            || Ok(priors.site),
                            Page {
                                limit: 4,
                                offset: 0,
                            },
                        )
                        .unwrap();
                    assert_eq!(ids, alone, "{kind:?} of {year} in genre {genre_id}");
                }
            }
        }
    }

    #[test]
    fn popular_lately_uses_the_day_buckets_index() {
        let conn = crate::db::test_connection();
        let plan = plan(&conn, POPULAR_LATELY_SQL);
        assert!(plan.contains("SEARCH d USING"), "{plan}");
    }
}
