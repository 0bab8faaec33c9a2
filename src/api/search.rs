//! Search as you type: artists and albums whose names start with the words typed.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::Connection;

use super::{AppQuery, AppState};
use crate::db::lists::{self, ListHit};
use crate::db::run_blocking;
use crate::db::search::{self, AlbumHit, ArtistHit, Names};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::rankings::{RankKey, Rankings};
use utoipa::{IntoParams, ToSchema};

pub const MAX_QUERY_CHARS: usize = 100;
const DEFAULT_LIMIT: u32 = 8;
const MOST_LIMIT: u32 = 25;
/// Word beginnings this long that begin words of more than `BUSY_NAMES`
/// names are ranked ahead of readers (`sweep`), as a member types them
/// letter by letter (a busy beginning took 21 ms to rank when first asked);
/// the others match few enough names to be ranked when first asked for.
const SWEPT_LENGTHS: std::ops::RangeInclusive<u32> = 2..=8;
const BUSY_NAMES: u32 = 1000;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_catalogue))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// The words typed, 1 to 100 characters.
    #[serde(default)]
    #[param(min_length = 1, max_length = 100)]
    q: String,
    /// How many artists and how many albums, 1 to 25 (8 when absent).
    #[param(minimum = 1, maximum = 25)]
    limit: Option<u32>,
}

#[derive(Serialize, ToSchema)]
struct Results {
    artists: Vec<ArtistHit>,
    albums: Vec<AlbumHit>,
    /// Public lists whose title has words starting with the words typed.
    lists: Vec<ListHit>,
}

#[utoipa::path(
    get,
    path = "/search",
    tag = "catalogue",
    params(SearchQuery),
    responses((status = 200, description = "Artists, albums and public lists whose words start with the query's", body = Results), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn search_catalogue(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<SearchQuery>,
) -> AppResult<Json<Results>> {
    let text = query.q.trim();
    if text.is_empty() || text.chars().count() > MAX_QUERY_CHARS {
        return Err(AppError::BadRequest(format!(
            "q must be 1 to {MAX_QUERY_CHARS} characters"
        )));
    }
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MOST_LIMIT).contains(&limit) {
        return Err(AppError::BadRequest(format!(
            "limit must be 1 to {MOST_LIMIT}"
        )));
    }
    let Some(fts_query) = search::prefix_query(text) else {
        return Ok(Json(Results {
            artists: Vec::new(),
            albums: Vec::new(),
            lists: Vec::new(),
        }));
    };
    let rankings = state.rankings.clone();
    run_blocking(&state.pool, move |conn| {
        // The orders are kept a while, like the charts': a popular word
        // prefix matches thousands of albums. The rows are read fresh.
        let shown = limit as usize;
        let artist_ids = kept_order(&rankings, conn, Names::Artists, &fts_query)?;
        let album_ids = kept_order(&rankings, conn, Names::Albums, &fts_query)?;
        let lists = lists::search(conn, &fts_query, limit)?;
        Ok(Json(Results {
            artists: search::artists(conn, &artist_ids[..shown.min(artist_ids.len())])?,
            albums: search::albums(conn, &album_ids[..shown.min(album_ids.len())])?,
            lists,
        }))
    })
    .await
}

fn key(names: Names, query: &str) -> RankKey {
    let query = query.to_owned();
    match names {
        Names::Artists => RankKey::SearchArtists {
            query,
            limit: MOST_LIMIT,
        },
        Names::Albums => RankKey::SearchAlbums {
            query,
            limit: MOST_LIMIT,
        },
    }
}

fn rank(conn: &Connection, names: Names, query: &str) -> rusqlite::Result<Vec<i64>> {
    match names {
        Names::Artists => search::rank_artists(conn, query, MOST_LIMIT),
        Names::Albums => search::rank_albums(conn, query, MOST_LIMIT),
    }
}

/// The best `MOST_LIMIT` matches of an FTS query, kept; a reader takes the
/// first as many as they asked for.
fn kept_order(
    rankings: &Rankings,
    conn: &Connection,
    names: Names,
    query: &str,
) -> AppResult<Arc<Vec<i64>>> {
    let owned = query.to_owned();
    rankings.get_or_compute(conn, key(names, query), move |conn| {
        rank(conn, names, &owned)
    })
}

/// Ranks the matches of every busy word beginning ahead of any reader, into
/// `orders`; answers how many beginnings.
pub fn sweep(
    conn: &Connection,
    orders: &mut HashMap<RankKey, Vec<i64>>,
    stopped: &dyn Fn() -> bool,
) -> AppResult<Option<usize>> {
    let mut swept = 0;
    for names in [Names::Artists, Names::Albums] {
        for query in search::busy_prefixes(conn, names, SWEPT_LENGTHS, BUSY_NAMES)? {
            if stopped() {
                return Ok(None);
            }
            orders.insert(key(names, &query), rank(conn, names, &query)?);
            swept += 1;
        }
    }
    Ok(Some(swept))
}
