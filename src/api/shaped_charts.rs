//! Charts a member shapes (`/api/charts/shaped`): filters that combine and
//! an order, answered from every album's figures kept in memory
//! (`reads::chart_facts`), whatever the combination.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppQuery, AppState, MaybeUser};
use crate::db::albums::{self, Album};
use crate::db::{genres, run_blocking};
use crate::domain::AlbumType;
use crate::domain::descriptors;
use crate::domain::shaped_chart::{ChartOrder, Filters, Pull, rank};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::PageQuery;

const DEFAULT_LIMIT: u32 = 25;
const MOST_LIMIT: u32 = 100;
/// The most genres or descriptors one filter names.
const MOST_NAMED: usize = 10;
/// How deep a chart goes: a page past it would keep that many albums in
/// order while passing over the rest.
const MOST_DEPTH: u32 = 10_000;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(shaped))
}

/// A chart's filters and order, as its address holds them.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct Shape {
    /// The first year (with `to`, a range; `from=1990&to=1999` is the 1990s).
    from: Option<i16>,
    /// The last year.
    to: Option<i16>,
    /// Genres by slug or name, comma-separated: albums with any of them.
    genres: Option<String>,
    /// Genres by slug or name, comma-separated: albums with none of them.
    without: Option<String>,
    /// Descriptors by slug, comma-separated: albums each is strong for.
    descriptors: Option<String>,
    /// LP, EP, Live or Other.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<String>,
    /// The fewest ratings an album must have (1 unless asked; 0 only for
    /// `most-listened`).
    min_ratings: Option<u32>,
    order: Option<ChartOrder>,
    /// How many to answer.
    #[param(minimum = 1)]
    limit: Option<u32>,
    /// Which page, from 1.
    #[param(minimum = 1)]
    page: Option<u32>,
}

/// An album's place in a shaped chart.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RankedAlbum {
    /// From 1.
    rank: u32,
    /// What the order ranks by: the weighted score, the average, the
    /// number of ratings, the spread of ratings or the listeners.
    figure: f64,
    album: Album,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ShapedChart {
    order: ChartOrder,
    /// How many albums the filters keep, on every page.
    total: u32,
    albums: Vec<RankedAlbum>,
}

fn named(list: &Option<String>) -> Vec<&str> {
    list.as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect()
}

fn too_many(field: &str, names: &[&str]) -> AppResult<()> {
    if names.len() > MOST_NAMED {
        return Err(AppError::BadRequest(format!(
            "{field}: at most {MOST_NAMED}"
        )));
    }
    Ok(())
}

fn genre_ids(conn: &rusqlite::Connection, field: &str, names: &[&str]) -> AppResult<Vec<u32>> {
    too_many(field, names)?;
    names
        .iter()
        .map(|name| {
            let genre = genres::find(conn, name)?.ok_or_else(|| {
                AppError::BadRequest(format!(
                    "{field}: no genre called \"{}\"",
                    name.chars().take(60).collect::<String>()
                ))
            })?;
            Ok(u32::try_from(genre.genre_id).unwrap_or(u32::MAX))
        })
        .collect()
}

/// The filters, checked, with the genres found in the catalogue.
fn filters(conn: &rusqlite::Connection, shape: &Shape) -> AppResult<Filters> {
    for year in [shape.from, shape.to].into_iter().flatten() {
        if !(1000..=2999).contains(&year) {
            return Err(AppError::BadRequest(format!(
                "from and to must be years such as 1997; got {year}"
            )));
        }
    }
    if let (Some(from), Some(to)) = (shape.from, shape.to)
        && from > to
    {
        return Err(AppError::BadRequest(format!(
            "from ({from}) must not be after to ({to})"
        )));
    }
    let descriptor_names = named(&shape.descriptors);
    too_many("descriptors", &descriptor_names)?;
    let descriptors = descriptor_names
        .iter()
        .map(|name| {
            let found = descriptors::find(name).ok_or_else(|| {
                AppError::BadRequest(format!(
                    "descriptors: \"{}\" is not one of the descriptors",
                    name.chars().take(60).collect::<String>()
                ))
            })?;
            Ok(descriptors::place(found.slug).unwrap_or(u8::MAX))
        })
        .collect::<AppResult<_>>()?;
    let kind = shape
        .kind
        .as_deref()
        .map(str::parse::<AlbumType>)
        .transpose()
        .map_err(AppError::BadRequest)?;
    Ok(Filters {
        from_year: shape.from,
        to_year: shape.to,
        genres: genre_ids(conn, "genres", &named(&shape.genres))?,
        without_genres: genre_ids(conn, "without", &named(&shape.without))?,
        descriptors,
        kind,
        fewest_ratings: shape.min_ratings.unwrap_or(1),
    })
}

#[utoipa::path(
    get,
    path = "/charts/shaped",
    tag = "charts",
    params(Shape),
    responses((status = 200, description = "A page of the albums the filters keep, in the order asked (the weighted score unless asked)", body = ShapedChart), (status = 400, description = "An unknown genre, descriptor or type, a bad year or order, or a page past the chart's 10,000 albums", body = ErrorMessage)),
    security((), ("bearer" = []))
)]
async fn shaped(
    State(state): State<AppState>,
    MaybeUser(reader): MaybeUser,
    AppQuery(shape): AppQuery<Shape>,
) -> AppResult<Json<ShapedChart>> {
    let page = PageQuery {
        limit: shape.limit,
        page: shape.page,
    }
    .page(DEFAULT_LIMIT, MOST_LIMIT)?;
    if page.offset >= MOST_DEPTH {
        return Err(AppError::BadRequest(format!(
            "page: a chart goes {MOST_DEPTH} albums deep"
        )));
    }
    let order = shape.order.unwrap_or_default();
    let viewer = reader.map(|user| user.id);
    let facts = state.chart_facts.clone();
    let weight = state.chart_prior_weight;
    run_blocking(&state.pool, move |conn| {
        let filters = filters(conn, &shape)?;
        let (ranked, total) = {
            let kept = facts.current(conn)?;
            let kept = kept.as_ref().expect("read by current");
            let pull = Pull {
                weight,
                toward: kept.site_prior(),
            };
            rank(
                &kept.facts,
                &filters,
                order,
                pull,
                page.offset as usize,
                page.limit as usize,
            )
        };
        let ids: Vec<i64> = ranked.iter().map(|(id, _)| *id).collect();
        let found = albums::by_ids(conn, &ids, viewer)?;
        let albums = ranked
            .iter()
            .zip(page.offset + 1..)
            .filter_map(|((id, figure), place)| {
                let album = found.iter().find(|album| album.album_id == *id)?.clone();
                Some(RankedAlbum {
                    rank: place,
                    figure: (figure * 100.0).round() / 100.0,
                    album,
                })
            })
            .collect();
        Ok(Json(ShapedChart {
            order,
            total: u32::try_from(total).unwrap_or(u32::MAX),
            albums,
        }))
    })
    .await
}
