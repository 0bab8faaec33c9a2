//! A member's year in music (`/user/{name}/year/{year}`): its page's
//! figures, the years that have any, and the picture to share. Public, as
//! the diary and ratings it sums up are; hidden reviews are left out.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{AppPath, AppState};
use crate::db::{albums, community_year, pictures, run_blocking, users, year};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::pictures::WIDTHS;
use crate::reads::kept_answers::Depends;
use crate::year_in_music::{self, YearInMusic, image};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(years_of))
        .routes(routes!(year_of))
        .routes(routes!(image_of))
        .routes(routes!(community_year))
}

const FIRST_YEAR: i32 = 1900;

fn checked_year(text: &str) -> AppResult<i32> {
    let this_year = OffsetDateTime::now_utc().year();
    text.parse::<i32>()
        .ok()
        .filter(|year| (FIRST_YEAR..=this_year).contains(year))
        .ok_or_else(|| {
            AppError::BadRequest(format!(
                "year must be a year from {FIRST_YEAR} to {this_year}"
            ))
        })
}

fn no_member(username: &str) -> AppError {
    AppError::NotFound(format!("No member called {username}"))
}

#[derive(Serialize, ToSchema)]
struct ActiveYears {
    /// Years with a listen logged or a rating given, the latest first.
    years: Vec<i32>,
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/years",
    tag = "diary",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "The years the member has a year in music for", body = ActiveYears), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn years_of(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
) -> AppResult<(Depends, Json<ActiveYears>)> {
    run_blocking(&state.pool, move |conn| {
        let user = users::by_username(conn, &username)?.ok_or_else(|| no_member(&username))?;
        let years = year::active_years(conn, user.id)?;
        Ok((
            Depends::member_and_albums(user.id, []),
            Json(ActiveYears { years }),
        ))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/year/{year}",
    tag = "diary",
    params(("username" = String, Path, description = "Username"), ("year" = i32, Path, description = "From 1900 to this year")),
    responses((status = 200, description = "The member's year in music: listens, ratings and their spread, top genres, artists and tracks, the days listened, a collage of albums and the reviews written", body = YearInMusic), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn year_of(
    State(state): State<AppState>,
    AppPath((username, year)): AppPath<(String, String)>,
) -> AppResult<(Depends, Json<YearInMusic>)> {
    let year = checked_year(&year)?;
    run_blocking(&state.pool, move |conn| {
        let user = users::by_username(conn, &username)?.ok_or_else(|| no_member(&username))?;
        let summary = year_in_music::summary(conn, user.id, &user.username, year)?;
        let albums = summary.albums.iter().map(|album| album.album_id);
        Ok((Depends::member_and_albums(user.id, albums), Json(summary)))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/year/{year}/image.svg",
    tag = "diary",
    params(("username" = String, Path, description = "Username"), ("year" = i32, Path, description = "From 1900 to this year")),
    responses((status = 200, description = "The year as an SVG picture to share: the cover collage (covers inside the file), the figures and the top artists", content_type = "image/svg+xml", body = String), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn image_of(
    State(state): State<AppState>,
    AppPath((username, year)): AppPath<(String, String)>,
) -> AppResult<impl IntoResponse> {
    let year = checked_year(&year)?;
    let (name, svg) = run_blocking(&state.pool, move |conn| {
        let user = users::by_username(conn, &username)?.ok_or_else(|| no_member(&username))?;
        let summary = year_in_music::summary(conn, user.id, &user.username, year)?;
        let width = WIDTHS[1];
        let covers = summary
            .albums
            .iter()
            .map(|album| {
                pictures::size(conn, &album.picture_url, width)
                    .map(|found| found.map(|(_, bytes)| bytes))
            })
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok((user.username, image::draw(&summary, &covers)))
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"halfstar-{name}-{year}.svg\""),
            ),
        ],
        svg,
    ))
}

/// How many albums each list of the community's year shows.
const COMMUNITY_TOP: u32 = 10;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CountedAlbum {
    album_id: i64,
    title: String,
    slug: String,
    artist: String,
    artist_slug: String,
    picture_url: String,
    /// Members who logged it (a member's re-listens count once), or reviews and comments.
    count: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CommunityYear {
    year: i32,
    /// The albums the most members logged in their diaries that year, most
    /// first (one member's many listens of an album count once).
    most_listened: Vec<CountedAlbum>,
    /// The albums with the most reviews and comments written that year
    /// (hidden ones left out), most first.
    most_discussed: Vec<CountedAlbum>,
}

fn counted(
    conn: &rusqlite::Connection,
    counts: Vec<(i64, i64)>,
) -> rusqlite::Result<Vec<CountedAlbum>> {
    let ids: Vec<i64> = counts.iter().map(|(id, _)| *id).collect();
    let mut found: std::collections::HashMap<i64, albums::Album> =
        albums::by_ids(conn, &ids, None)?
            .into_iter()
            .map(|album| (album.album_id, album))
            .collect();
    Ok(counts
        .into_iter()
        .filter_map(|(id, count)| {
            let album = found.remove(&id)?;
            Some(CountedAlbum {
                album_id: id,
                title: album.title,
                slug: album.slug,
                artist: album.artist,
                artist_slug: album.artist_slug,
                picture_url: album.picture_url,
                count,
            })
        })
        .collect())
}

#[utoipa::path(
    get,
    path = "/year/{year}/community",
    tag = "diary",
    params(("year" = i32, Path, description = "From 1900 to this year")),
    responses((status = 200, description = "The community's year: the albums the most members logged in their diaries and the most discussed that year", body = CommunityYear), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn community_year(
    State(state): State<AppState>,
    AppPath(year): AppPath<String>,
) -> AppResult<Json<CommunityYear>> {
    let year = checked_year(&year)?;
    run_blocking(&state.pool, move |conn| {
        let most_listened = counted(
            conn,
            community_year::most_listened(conn, year, COMMUNITY_TOP)?,
        )?;
        let most_discussed = counted(
            conn,
            community_year::most_discussed(conn, year, COMMUNITY_TOP)?,
        )?;
        Ok(Json(CommunityYear {
            year,
            most_listened,
            most_discussed,
        }))
    })
    .await
}
