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
    let mut chosen = ids(conn, POPULAR_LATELY_SQL, params![since_day, limit])?;
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

    #[test]
    fn popular_lately_uses_the_day_buckets_index() {
        let conn = crate::db::test_connection();
        let plan = plan(&conn, POPULAR_LATELY_SQL);
        assert!(plan.contains("SEARCH d USING"), "{plan}");
    }
}
