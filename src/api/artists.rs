//! Artists: look one up by name or slug; editors add and edit them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::Writes;
use super::{AppJson, AppPath, AppState, Editor};
use crate::db::artists::{self, Artist, ArtistChange, NewArtist};
use crate::db::audit::Actor;
use crate::db::revisions::{self, Change, EntityKind};
use crate::db::{imports, is_unique_violation, run_blocking};
use crate::domain::timestamp::now;
use crate::domain::{PictureUrl, catalogue};
use crate::error::{AppError, AppResult, ErrorMessage};
use utoipa::ToSchema;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_name))
        .routes(routes!(create))
        .routes(routes!(update))
}

pub fn no_artist(name: &str) -> AppError {
    AppError::NotFound(format!("No artist called {name}"))
}

fn taken(name: &str) -> AppError {
    AppError::Conflict(format!("An artist called {name} already exists"))
}

#[utoipa::path(
    get,
    path = "/artist/name/{name}",
    tag = "catalogue",
    params(("name" = String, Path, description = "Name or slug, any case, accents optional")),
    responses((status = 200, description = "The artist", body = Artist), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_name(
    State(state): State<AppState>,
    AppPath(name): AppPath<String>,
) -> AppResult<Json<Artist>> {
    let reference = name.clone();
    let artist = run_blocking(&state.pool, move |conn| {
        let Some(id) = artists::find(conn, &reference)? else {
            return Ok(None);
        };
        Ok(artists::by_id(conn, id)?)
    })
    .await?;
    artist.map(Json).ok_or_else(|| no_artist(&name))
}

/// The fields of an artist as the forms send them; absent ones keep their value on PATCH.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ArtistBody {
    name: Option<String>,
    description: Option<String>,
    picture_url: Option<String>,
    /// The MusicBrainz artist an import took this one from (on creation only).
    mbid: Option<String>,
}

struct CheckedArtist {
    name: String,
    description: String,
    picture_url: PictureUrl,
}

impl ArtistBody {
    /// Validates the body over the current values (none when creating).
    fn check(self, current: Option<&Artist>) -> AppResult<CheckedArtist> {
        let bad = AppError::BadRequest;
        let pick = |given: Option<String>, old: Option<&String>| {
            given.or_else(|| old.cloned()).unwrap_or_default()
        };
        Ok(CheckedArtist {
            name: catalogue::name(&pick(self.name, current.map(|a| &a.name)), "name")
                .map_err(bad)?,
            description: catalogue::description(&pick(
                self.description,
                current.map(|a| &a.description),
            ))
            .map_err(bad)?,
            picture_url: PictureUrl::parse(
                &pick(self.picture_url, current.map(|a| &a.picture_url)),
                "pictureUrl",
            )
            .map_err(bad)?,
        })
    }
}

#[utoipa::path(
    post,
    path = "/artist",
    tag = "catalogue",
    request_body = ArtistBody,
    responses(Writes, (status = 201, description = "Added", body = Artist), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppJson(body): AppJson<ArtistBody>,
) -> AppResult<(StatusCode, Json<Artist>)> {
    let mbid = body
        .mbid
        .as_deref()
        .filter(|id| !id.trim().is_empty())
        .map(|id| catalogue::musicbrainz_id(id, "mbid"))
        .transpose()
        .map_err(AppError::BadRequest)?;
    let artist = body.check(None)?;
    let created = state
        .writer
        .write(move |conn| {
            let new = NewArtist {
                name: &artist.name,
                description: &artist.description,
                picture_url: artist.picture_url.as_str(),
                mbid: mbid.as_deref(),
            };
            if let Some(id) = &mbid
                && imports::artist_by_mbid(conn, id)?.is_some()
            {
                return Err(AppError::Conflict(
                    "That MusicBrainz artist is already in the catalogue".to_owned(),
                ));
            }
            let id = match artists::insert(conn, &new, &now()) {
                Err(e) if is_unique_violation(&e) => return Err(taken(&artist.name)),
                other => other?,
            };
            revisions::record(
                conn,
                &Change::artist(id, "add"),
                Actor::member(&editor),
                None,
                &now(),
            )?;
            Ok(artists::by_id(conn, id)?.expect("the new artist exists"))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(
    patch,
    path = "/artist/{id}",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Artist id")),
    request_body = ArtistBody,
    responses(Writes, (status = 200, description = "Changed", body = Artist), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn update(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(id): AppPath<i64>,
    AppJson(body): AppJson<ArtistBody>,
) -> AppResult<Json<Artist>> {
    let updated = state
        .writer
        .write(move |conn| {
            edit_artist(
                conn,
                body,
                &Change::artist(id, "edit"),
                Actor::member(&editor),
            )?;
            Ok(artists::by_id(conn, id)?.expect("the artist exists"))
        })
        .await?;
    Ok(Json(updated))
}

/// Applies an edit (fields absent from the body keep their value) and
/// records it in the artist's history: a PATCH, a revert, an accepted request.
/// Answers the revision, or `None` when nothing changed.
pub(super) fn edit_artist(
    conn: &rusqlite::Connection,
    body: ArtistBody,
    change: &Change,
    by: Actor,
) -> AppResult<Option<i64>> {
    let id = change.id;
    let current = artists::by_id(conn, id)?
        .ok_or_else(|| AppError::NotFound(format!("No artist with id {id}")))?;
    let artist = body.check(Some(&current))?;
    let fields = ArtistChange {
        name: &artist.name,
        description: &artist.description,
        picture_url: artist.picture_url.as_str(),
    };
    let before = revisions::snapshot(conn, EntityKind::Artist, id)?;
    match artists::update(conn, id, &fields, &now()) {
        Err(e) if is_unique_violation(&e) => return Err(taken(&artist.name)),
        other => other?,
    }
    Ok(revisions::record(conn, change, by, before, &now())?)
}
