//! Genres and the charts: top rated, popular and recent albums for a year or
//! all time and a genre or all genres.

use std::collections::HashMap;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::extract::State;
use serde::Serialize;

use super::{AppPath, AppQuery, AppState, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::charts::{self, ChartKind, Priors, Scope};
use crate::db::genres::{self, Genre};
use crate::db::{Page, run_blocking};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::PageQuery;
use crate::reads::rankings::{RankKey, Rankings};
use rusqlite::Connection;
use utoipa::ToSchema;

/// The words paths use for "no year filter" and "no genre filter".
pub const ALL_TIME: &str = "all-time";
pub const ALL_GENRES: &str = "all-genres";

const DEFAULT_LIMIT: u32 = 10;
const MOST_LIMIT: u32 = 100;
/// How deep each scope's orders are kept: the pages readers turn to. A page
/// past it has an order of its own.
const KEPT_DEPTH: u32 = MOST_LIMIT;
const KEPT: Page = Page {
    limit: KEPT_DEPTH,
    offset: 0,
};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(all_genres))
        .routes(routes!(genre_by_name))
        .routes(routes!(genre_chart))
        .routes(routes!(year_genre_chart))
        .routes(routes!(year_chart))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Chart {
    top_ten: Vec<Album>,
    most_popular: Vec<Album>,
    most_recent: Vec<Album>,
}

fn parse_year(text: &str) -> AppResult<Option<i32>> {
    if text.eq_ignore_ascii_case(ALL_TIME) {
        return Ok(None);
    }
    match text.parse::<i32>() {
        Ok(year) if text.len() == 4 && year >= 1000 => Ok(Some(year)),
        _ => Err(AppError::BadRequest(format!(
            "year must be a year such as 1997, or {ALL_TIME}; got '{text}'"
        ))),
    }
}

fn no_genre(name: &str) -> AppError {
    AppError::NotFound(format!("No genre called {name}"))
}

#[utoipa::path(
    get,
    path = "/genre",
    tag = "charts",
    responses((status = 200, description = "Every genre by name", body = Vec<Genre>)),
)]
async fn all_genres(State(state): State<AppState>) -> AppResult<Json<Vec<Genre>>> {
    run_blocking(&state.pool, |conn| Ok(Json(genres::all(conn)?))).await
}

#[utoipa::path(
    get,
    path = "/genre/name/{genre}",
    tag = "charts",
    params(("genre" = String, Path, description = "Genre name or slug")),
    responses((status = 200, description = "The genre", body = Genre), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn genre_by_name(
    State(state): State<AppState>,
    AppPath(name): AppPath<String>,
) -> AppResult<Json<Genre>> {
    run_blocking(&state.pool, move |conn| {
        genres::find(conn, &name)?
            .map(Json)
            .ok_or_else(|| no_genre(&name))
    })
    .await
}

/// The three charts of one scope, `genre` being a name, a slug or `all-genres`.
async fn chart(
    state: AppState,
    viewer: Option<i64>,
    year: Option<i32>,
    genre: String,
    page: Page,
) -> AppResult<Json<Chart>> {
    let prior_weight = state.chart_prior_weight;
    let rankings = state.rankings.clone();
    run_blocking(&state.pool, move |conn| {
        let genre_id = if genre.eq_ignore_ascii_case(ALL_GENRES) {
            None
        } else {
            let found = genres::find(conn, &genre)?.ok_or_else(|| no_genre(&genre))?;
            Some(found.genre_id)
        };
        let scope = Scope { year, genre_id };
        let order = |kind| kept_order(&rankings, conn, kind, scope, prior_weight, page);
        let (top, popular, recent) = (
            order(ChartKind::TopRated)?,
            order(ChartKind::MostPopular)?,
            order(ChartKind::MostRecent)?,
        );
        Ok(Json(Chart {
            top_ten: albums::by_ids(conn, &top, viewer)?,
            most_popular: albums::by_ids(conn, &popular, viewer)?,
            most_recent: albums::by_ids(conn, &recent, viewer)?,
        }))
    })
    .await
}

fn key(kind: ChartKind, scope: Scope, page: Page) -> RankKey {
    RankKey::Chart {
        kind,
        year: scope.year,
        genre_id: scope.genre_id,
        limit: page.limit,
        offset: page.offset,
    }
}

/// One page of an order of `scope`, cut from the kept first `KEPT_DEPTH`.
fn kept_order(
    rankings: &Rankings,
    conn: &Connection,
    kind: ChartKind,
    scope: Scope,
    prior_weight: f64,
    page: Page,
) -> AppResult<Vec<i64>> {
    let end = page.offset.saturating_add(page.limit);
    let (kept, wanted) = if end <= KEPT_DEPTH {
        (KEPT, page.offset as usize..end as usize)
    } else {
        (page, 0..page.limit as usize)
    };
    let ids = rankings.get_or_compute(conn, key(kind, scope, kept), move |conn| {
        kind.order(conn, scope, prior_weight, || charts::site_prior(conn), kept)
    })?;
    let within = |at: usize| at.min(ids.len());
    Ok(ids[within(wanted.start)..within(wanted.end)].to_vec())
}

/// Computes the kept orders of every scope ahead of any reader, into
/// `orders`, so no one waits for a scope's first computation; answers how
/// many scopes.
pub fn sweep(
    conn: &Connection,
    prior_weight: f64,
    orders: &mut HashMap<RankKey, Vec<i64>>,
    stopped: &dyn Fn() -> bool,
) -> AppResult<Option<usize>> {
    let priors = Priors {
        weight: prior_weight,
        site: charts::site_prior(conn)?,
    };
    let wide = charts::wide_scopes(conn)?;
    let mut scopes = wide.len();
    for &scope in &wide {
        if stopped() {
            return Ok(None);
        }
        for kind in ChartKind::ALL {
            let order = kind.order(conn, scope, prior_weight, || Ok(priors.site), KEPT)?;
            orders.insert(key(kind, scope, KEPT), order);
        }
    }
    let genres = wide.iter().filter_map(|scope| match scope {
        Scope {
            year: None,
            genre_id,
        } => *genre_id,
        _ => None,
    });
    for genre_id in genres {
        let mut years = 0;
        for kind in ChartKind::ALL {
            if stopped() {
                return Ok(None);
            }
            let by_year =
                charts::orders_by_year_of_genre(conn, kind, genre_id, priors, KEPT_DEPTH)?;
            years = years.max(by_year.len());
            for (year, ids) in by_year {
                let scope = Scope {
                    year: Some(year),
                    genre_id: Some(genre_id),
                };
                orders.insert(key(kind, scope, KEPT), ids);
            }
        }
        scopes += years;
    }
    Ok(Some(scopes))
}

#[utoipa::path(
    get,
    path = "/genre/top-rated/{genre}",
    tag = "charts",
    params(("genre" = String, Path, description = "Genre name or slug, or all-genres"), PageQuery),
    responses((status = 200, description = "All-time charts of the genre", body = Chart), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn genre_chart(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath(genre): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Chart>> {
    let page = query.page(DEFAULT_LIMIT, MOST_LIMIT)?;
    chart(state, user.0.map(|u| u.id), None, genre, page).await
}

#[utoipa::path(
    get,
    path = "/genre/top-rated/{year}/{genre}",
    tag = "charts",
    params(("year" = String, Path, pattern = r"^([1-9][0-9]{3}|[Aa][Ll][Ll]-[Tt][Ii][Mm][Ee])$", description = "A year (1000 to 9999), or all-time"), ("genre" = String, Path, description = "Genre name or slug, or all-genres"), PageQuery),
    responses((status = 200, description = "Charts of the year and genre", body = Chart), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn year_genre_chart(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath((year, genre)): AppPath<(String, String)>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Chart>> {
    let (year, page) = (parse_year(&year)?, query.page(DEFAULT_LIMIT, MOST_LIMIT)?);
    chart(state, user.0.map(|u| u.id), year, genre, page).await
}

#[utoipa::path(
    get,
    path = "/album/top-albums/year/{year}",
    tag = "charts",
    params(("year" = String, Path, pattern = r"^([1-9][0-9]{3}|[Aa][Ll][Ll]-[Tt][Ii][Mm][Ee])$", description = "A year (1000 to 9999), or all-time"), PageQuery),
    responses((status = 200, description = "Charts of the year, all genres", body = Chart), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn year_chart(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath(year): AppPath<String>,
    AppQuery(query): AppQuery<PageQuery>,
) -> AppResult<Json<Chart>> {
    let (year, page) = (parse_year(&year)?, query.page(DEFAULT_LIMIT, MOST_LIMIT)?);
    chart(
        state,
        user.0.map(|u| u.id),
        year,
        ALL_GENRES.to_owned(),
        page,
    )
    .await
}
