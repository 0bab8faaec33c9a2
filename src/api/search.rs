//! Search as you type: artists and albums whose names start with the words typed.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::rankings::RankKey;
use super::{AppQuery, AppState};
use crate::db::lists::{self, ListHit};
use crate::db::run_blocking;
use crate::db::search::{self, AlbumHit, ArtistHit};
use crate::error::{AppError, AppResult, ErrorMessage};
use utoipa::{IntoParams, ToSchema};

pub const MAX_QUERY_CHARS: usize = 100;
const DEFAULT_LIMIT: u32 = 8;
const MOST_LIMIT: u32 = 25;

pub fn router() -> Router<AppState> {
    Router::new().route("/search", get(search_catalogue))
}

/// This module's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(search_catalogue))]
pub struct Doc;

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
    path = "/api/search",
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
        let (artists_query, lists_query) = (fts_query.clone(), fts_query.clone());
        let artist_ids = rankings.get_or_compute(
            conn,
            RankKey::SearchArtists {
                query: fts_query.clone(),
                limit,
            },
            move |conn| search::rank_artists(conn, &artists_query, limit),
        )?;
        let album_ids = rankings.get_or_compute(
            conn,
            RankKey::SearchAlbums {
                query: fts_query.clone(),
                limit,
            },
            move |conn| search::rank_albums(conn, &fts_query, limit),
        )?;
        Ok(Json(Results {
            artists: search::artists(conn, &artist_ids)?,
            albums: search::albums(conn, &album_ids)?,
            lists: lists::search(conn, &lists_query, limit)?,
        }))
    })
    .await
}
