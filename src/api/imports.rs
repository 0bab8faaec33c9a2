//! The import page's lookups, run on the server so the sources' keys never
//! reach a browser: an artist, and the albums that would be imported. Both
//! only read; the page adds what it previewed through `POST /api/artist` and
//! the bulk album calls.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::Writes;
use super::{AppQuery, AppState, Editor};
use crate::db::run_blocking;
use crate::domain::catalogue;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::write_limits::{WriteKind, charge_write};
use crate::import::musicbrainz::ArtistHit;
use crate::import::pipeline::{
    self, AlbumPlan, ArtistPlan, FoundArtist, NoProgress, Planned, Request, Skipped,
};
use crate::import::sources::Sources;
use crate::import::troubles::{Trouble, Troubles};
use utoipa::{IntoParams, ToSchema};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(artist))
        .routes(routes!(albums))
}

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
    /// MusicBrainz's comment telling namesakes apart ("90s US grunge band").
    disambiguation: String,
    /// Person, Group, Orchestra, Choir, Character or Other.
    #[schema(required)]
    artist_type: Option<String>,
    #[schema(required)]
    country: Option<String>,
    /// "1987–1994", "1967–", or empty when unknown.
    active_years: String,
    /// How well MusicBrainz's search matched, 0 to 100.
    score: u8,
}

/// What a source failed to give, told once for everything it failed on alike.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SourceTrouble {
    source: String,
    /// What went wrong: "HTTP 404 (Not Found)", "no answer (timeout)".
    what: String,
    /// What was asked: "the tags of Kid A".
    asked: Vec<String>,
    /// What was not asked any more after the source failed three times in a row.
    not_asked: Vec<String>,
    /// What the import goes without because of it.
    cost: String,
}

fn troubles(list: Vec<Trouble>) -> Vec<SourceTrouble> {
    list.into_iter()
        .map(|t| SourceTrouble {
            source: t.source.to_owned(),
            what: t.what,
            asked: t.asked,
            not_asked: t.not_asked,
            cost: t.cost,
        })
        .collect()
}

/// A release group left out, and why.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LeftOut {
    title: String,
    /// single, ep, live, compilation, soundtrack, remix, demo, other,
    /// no-front-cover, no-release-date or refused.
    kind: &'static str,
    reason: String,
}

impl From<Skipped> for LeftOut {
    fn from(skipped: Skipped) -> Self {
        Self {
            title: skipped.title,
            kind: skipped.kind.code(),
            reason: skipped.reason,
        }
    }
}

#[derive(Serialize, ToSchema)]
struct ArtistLookup {
    /// The artist, when the name (or id) settles who it is.
    #[schema(required)]
    artist: Option<ArtistPreview>,
    /// Otherwise the artists it might be: ask again with one's `mbid`.
    candidates: Vec<Candidate>,
    /// What the optional sources failed to give (the description).
    troubles: Vec<SourceTrouble>,
}

/// An album as `POST /api/album/create-many` takes it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AlbumPreview {
    title: String,
    artist: String,
    /// The first day of the period known: see `releaseDatePrecision`.
    release_date: String,
    #[schema(value_type = crate::domain::DatePrecision)]
    release_date_precision: &'static str,
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
            release_date_precision: album.release_date.precision().as_str(),
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
    /// Release groups left out, and why (a single, a live album, no cover, ...).
    skipped: Vec<LeftOut>,
    /// What the sources failed to give; the albums are there all the same.
    troubles: Vec<SourceTrouble>,
    /// MusicBrainz's list of release groups stopped early: ask again for the rest.
    incomplete: bool,
}

fn candidates(hits: Vec<ArtistHit>) -> Vec<Candidate> {
    hits.into_iter()
        .map(|hit| Candidate {
            active_years: hit.active_years(),
            mbid: hit.id,
            name: hit.name,
            disambiguation: hit.disambiguation,
            artist_type: hit.artist_type,
            country: hit.country,
            score: hit.score,
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
    path = "/import/artist",
    tag = "import",
    params(ImportQuery),
    responses(Writes, (status = 200, description = "The artist, or the candidates when the name is unclear", body = ArtistLookup), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "MusicBrainz has no such artist", body = ErrorMessage), (status = 502, description = "A source failed", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn artist(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppQuery(query): AppQuery<ImportQuery>,
) -> AppResult<Json<ArtistLookup>> {
    charge_write(&state, WriteKind::Catalogue, &editor)?;
    let name = checked_name(&query)?;
    let mbid = checked_mbid(&query)?;
    let asked = name.clone();
    let (found, troubled) = look_up(&state, move |sources| {
        let mut troubles = Troubles::default();
        pipeline::find_artist(sources, &asked, mbid.as_deref(), true, &mut troubles)
            .map(|found| (found, troubles.into_list()))
    })
    .await?;
    match found {
        FoundArtist::Found(artist) => Ok(Json(ArtistLookup {
            artist: Some(artist.into()),
            candidates: Vec::new(),
            troubles: troubles(troubled),
        })),
        FoundArtist::Unclear(hits) => Ok(Json(ArtistLookup {
            artist: None,
            candidates: candidates(hits),
            troubles: Vec::new(),
        })),
        FoundArtist::NotFound => Err(not_found(&name)),
    }
}

#[utoipa::path(
    get,
    path = "/import/albums",
    tag = "import",
    params(ImportQuery),
    responses(Writes, (status = 200, description = "The albums an import would add, and those it would leave out", body = AlbumsLookup), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "MusicBrainz has no such artist", body = ErrorMessage), (status = 502, description = "A source failed", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn albums(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppQuery(query): AppQuery<ImportQuery>,
) -> AppResult<Json<AlbumsLookup>> {
    charge_write(&state, WriteKind::Catalogue, &editor)?;
    let name = checked_name(&query)?;
    let mbid = checked_mbid(&query)?;
    let asked = name.clone();
    let site_genres = run_blocking(&state.pool, |conn| Ok(crate::db::genres::names(conn)?)).await?;
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
            site_genres: &site_genres,
            artist_known: false,
            // The preview stays quick: a tracklist is one more request an album.
            tracklists: false,
            known_without_tracks: &[],
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
                skipped: plan.skipped.into_iter().map(LeftOut::from).collect(),
                troubles: troubles(plan.troubles),
                incomplete: plan.incomplete,
                artist: Some(plan.artist.into()),
                candidates: Vec::new(),
            }))
        }
        Planned::Unclear(hits) => Ok(Json(AlbumsLookup {
            artist: None,
            candidates: candidates(hits),
            albums: Vec::new(),
            skipped: Vec::new(),
            troubles: Vec::new(),
            incomplete: false,
        })),
        Planned::NotFound => Err(not_found(&name)),
    }
}
