//! The import page's lookups, run on the server so the sources' keys never
//! reach a browser: an artist, and the albums that would be imported. Both
//! only read; the page adds what it previewed through `POST /api/artist` and
//! the bulk album calls.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::album_batches::SkippedAlbum;
use super::write_limits::{WriteKind, charge_write};
use super::{AppQuery, AppState, Editor};
use crate::domain::catalogue;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::import::pipeline::{
    self, AlbumPlan, ArtistPlan, FoundArtist, NoProgress, Planned, Request,
};
use crate::import::sources::Sources;
use utoipa::{IntoParams, ToSchema};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/import/artist", get(artist))
        .route("/import/albums", get(albums))
}

/// This module's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(artist, albums))]
pub struct Doc;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ImportQuery {
    /// The artist's name as typed.
    #[serde(default)]
    #[param(required = true, min_length = 1, max_length = 300)]
    name: String,
    /// The artist's MusicBrainz id, to pick one of several artists of that name.
    mbid: Option<String>,
    /// Genre for albums no source classifies.
    default_genre: Option<String>,
}

/// An artist as `POST /api/artist` takes it, with their MusicBrainz id.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ArtistPreview {
    name: String,
    description: String,
    picture_url: String,
    mbid: String,
}

impl From<ArtistPlan> for ArtistPreview {
    fn from(artist: ArtistPlan) -> Self {
        Self {
            name: artist.name,
            description: artist.description,
            picture_url: String::new(),
            mbid: artist.mbid,
        }
    }
}

/// One of several artists the name matches.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    mbid: String,
    name: String,
    disambiguation: String,
    #[schema(required)]
    country: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct ArtistLookup {
    /// The artist, when the name (or id) settles who it is.
    #[schema(required)]
    artist: Option<ArtistPreview>,
    /// Otherwise the artists it might be: ask again with one's `mbid`.
    candidates: Vec<Candidate>,
}

/// An album as `POST /api/album/create-many` takes it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AlbumPreview {
    title: String,
    artist: String,
    release_date: String,
    release_year: i32,
    picture_url: String,
    /// Comma-joined, as the spec's import payload has them.
    genres: String,
    styles: Vec<String>,
    #[serde(rename = "type")]
    album_type: &'static str,
    mb_release_group: String,
}

impl AlbumPreview {
    fn new(album: AlbumPlan, artist: &str) -> Self {
        Self {
            release_year: album.release_date.year(),
            release_date: album.release_date.to_string(),
            title: album.title,
            artist: artist.to_owned(),
            picture_url: album.picture_url,
            genres: album.genres.join(", "),
            styles: album.styles,
            album_type: "LP",
            mb_release_group: album.release_group,
        }
    }
}

#[derive(Serialize, ToSchema)]
struct AlbumsLookup {
    #[schema(required)]
    artist: Option<ArtistPreview>,
    candidates: Vec<Candidate>,
    albums: Vec<AlbumPreview>,
    /// Release groups left out, and why (not a studio album, no cover, ...).
    skipped: Vec<SkippedAlbum>,
}

fn candidates(hits: Vec<crate::import::musicbrainz::ArtistHit>) -> Vec<Candidate> {
    hits.into_iter()
        .map(|hit| Candidate {
            mbid: hit.id,
            name: hit.name,
            disambiguation: hit.disambiguation,
            country: hit.country,
        })
        .collect()
}

fn checked_name(query: &ImportQuery) -> AppResult<String> {
    catalogue::name(&query.name, "name").map_err(AppError::BadRequest)
}

/// The id goes into a MusicBrainz path, so only a real one is sent; blank is none.
fn checked_mbid(query: &ImportQuery) -> AppResult<Option<String>> {
    query
        .mbid
        .as_deref()
        .filter(|id| !id.trim().is_empty())
        .map(|id| catalogue::musicbrainz_id(id, "mbid"))
        .transpose()
        .map_err(AppError::BadRequest)
}

fn not_found(name: &str) -> AppError {
    AppError::NotFound(format!("MusicBrainz has no artist called {name}"))
}

/// Runs a lookup off the async threads: the sources are called blocking and slowly.
async fn look_up<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&Sources) -> Result<T, crate::import::SourceError> + Send + 'static,
) -> AppResult<T> {
    // One set of clients for every editor, so MusicBrainz's pace holds across calls.
    let sources = state.import_sources.clone();
    tokio::task::spawn_blocking(move || work(&sources))
        .await
        .map_err(|error| AppError::Internal(error.into()))?
        .map_err(|error| AppError::BadGateway(error.to_string()))
}

#[utoipa::path(
    get,
    path = "/api/import/artist",
    tag = "import",
    params(ImportQuery),
    responses((status = 200, description = "The artist, or the candidates when the name is unclear", body = ArtistLookup), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 401, description = "Not signed in", body = ErrorMessage), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "MusicBrainz has no such artist", body = ErrorMessage), (status = 502, description = "A source failed", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn artist(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppQuery(query): AppQuery<ImportQuery>,
) -> AppResult<Json<ArtistLookup>> {
    charge_write(&state, WriteKind::Catalogue, editor.id)?;
    let name = checked_name(&query)?;
    let mbid = checked_mbid(&query)?;
    let asked = name.clone();
    let found = look_up(&state, move |sources| {
        pipeline::find_artist(sources, &asked, mbid.as_deref())
    })
    .await?;
    match found {
        FoundArtist::Found(artist) => Ok(Json(ArtistLookup {
            artist: Some(artist.into()),
            candidates: Vec::new(),
        })),
        FoundArtist::Unclear(hits) => Ok(Json(ArtistLookup {
            artist: None,
            candidates: candidates(hits),
        })),
        FoundArtist::NotFound => Err(not_found(&name)),
    }
}

#[utoipa::path(
    get,
    path = "/api/import/albums",
    tag = "import",
    params(ImportQuery),
    responses((status = 200, description = "The albums an import would add, and those it would leave out", body = AlbumsLookup), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 401, description = "Not signed in", body = ErrorMessage), (status = 403, description = "Not allowed for this caller", body = ErrorMessage), (status = 404, description = "MusicBrainz has no such artist", body = ErrorMessage), (status = 502, description = "A source failed", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn albums(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppQuery(query): AppQuery<ImportQuery>,
) -> AppResult<Json<AlbumsLookup>> {
    charge_write(&state, WriteKind::Catalogue, editor.id)?;
    let name = checked_name(&query)?;
    let mbid = checked_mbid(&query)?;
    let asked = name.clone();
    let planned = look_up(&state, move |sources| {
        let known = Default::default();
        let request = Request {
            name: &asked,
            mbid: mbid.as_deref(),
            default_genre: query
                .default_genre
                .as_deref()
                .filter(|g| !g.trim().is_empty()),
            known: &known,
        };
        pipeline::plan(sources, &request, &NoProgress)
    })
    .await?;
    match planned {
        Planned::Ready(plan) => {
            let artist = plan.artist.name.clone();
            Ok(Json(AlbumsLookup {
                albums: plan
                    .albums
                    .into_iter()
                    .map(|album| AlbumPreview::new(album, &artist))
                    .collect(),
                skipped: plan
                    .skipped
                    .into_iter()
                    .map(|s| SkippedAlbum {
                        title: s.title,
                        reason: s.reason,
                    })
                    .collect(),
                artist: Some(plan.artist.into()),
                candidates: Vec::new(),
            }))
        }
        Planned::Unclear(hits) => Ok(Json(AlbumsLookup {
            artist: None,
            candidates: candidates(hits),
            albums: Vec::new(),
            skipped: Vec::new(),
        })),
        Planned::NotFound => Err(not_found(&name)),
    }
}
