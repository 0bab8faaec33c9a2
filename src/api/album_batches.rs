//! Albums in bulk, as the import page and scripts send them: add many,
//! update many, refresh many covers. Each call is one transaction; an album
//! that cannot be taken is skipped with its reason, while a malformed one
//! refuses the whole call.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::albums::{AlbumBody, CheckedAlbum};
use super::openapi::Writes;
use super::{AppJson, AppState, Editor};
use crate::db::albums;
use crate::db::audit::Actor;
use crate::db::revisions::{self, Change, EntityKind};
use crate::db::{artists, imports, is_unique_violation};
use crate::domain::PictureUrl;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use utoipa::ToSchema;

/// One call takes at most this many albums.
pub const MOST_PER_CALL: usize = 500;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_many))
        .routes(routes!(update_many))
        .routes(routes!(update_photos))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SkippedAlbum {
    pub title: String,
    pub reason: String,
}

/// What a bulk call did, album by album.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct BatchResult {
    pub added: Vec<String>,
    pub updated: Vec<String>,
    /// Albums already as sent: not written, so their `updated_at` stays.
    pub unchanged: Vec<String>,
    pub skipped: Vec<SkippedAlbum>,
}

impl BatchResult {
    fn leave_out(&mut self, title: &str, reason: impl Into<String>) {
        self.skipped.push(SkippedAlbum {
            title: title.to_owned(),
            reason: reason.into(),
        });
    }
}

fn bounded<T>(items: &[T]) -> AppResult<()> {
    match items.len() {
        0 => Err(AppError::BadRequest("Send at least one album".to_owned())),
        n if n > MOST_PER_CALL => Err(AppError::BadRequest(format!(
            "At most {MOST_PER_CALL} albums a call, got {n}"
        ))),
        _ => Ok(()),
    }
}

/// Every album checked before anything is written; the message says which one is wrong.
fn check_all(bodies: &[AlbumBody]) -> AppResult<Vec<CheckedAlbum>> {
    bounded(bodies)?;
    bodies
        .iter()
        .enumerate()
        .map(|(index, body)| {
            body.check(None).map_err(|error| match error {
                AppError::BadRequest(message) => {
                    AppError::BadRequest(format!("albums[{index}]: {message}"))
                }
                other => other,
            })
        })
        .collect()
}

#[utoipa::path(
    post,
    path = "/album/create-many",
    tag = "catalogue",
    request_body = Vec<AlbumBody>,
    responses(Writes, (status = 200, description = "Added, or skipped with the reason (an unknown artist, an album already there)", body = BatchResult), (status = 400, description = "A malformed album; the message names it and the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create_many(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppJson(bodies): AppJson<Vec<AlbumBody>>,
) -> AppResult<Json<BatchResult>> {
    let checked = check_all(&bodies)?;
    state
        .writer
        .write(move |conn| add_checked(conn, &bodies, &checked, Actor::member(&editor)).map(Json))
        .await
}

/// Adds the albums of a JSON list, as `POST /api/album/create-many` does:
/// for `halfstar import file`.
pub fn add_albums_from_json(conn: &mut rusqlite::Connection, json: &str) -> AppResult<BatchResult> {
    let bodies: Vec<AlbumBody> = serde_json::from_str(json)
        .map_err(|error| AppError::BadRequest(format!("not a list of albums: {error}")))?;
    let checked = check_all(&bodies)?;
    let tx = conn.transaction()?;
    let result = add_checked(&tx, &bodies, &checked, Actor::CommandLine)?;
    tx.commit()?;
    Ok(result)
}

fn add_checked(
    conn: &rusqlite::Connection,
    bodies: &[AlbumBody],
    checked: &[CheckedAlbum],
    by: Actor,
) -> AppResult<BatchResult> {
    let stamp = now();
    let mut result = BatchResult::default();
    for (body, album) in bodies.iter().zip(checked) {
        let artist_id = match body.artist_id(conn) {
            Ok(Some(id)) => id,
            Ok(None) => {
                result.leave_out(&album.title, "artist is required");
                continue;
            }
            Err(AppError::NotFound(message)) => {
                result.leave_out(&album.title, message);
                continue;
            }
            Err(other) => return Err(other),
        };
        if imports::existing_album(
            conn,
            artist_id,
            &album.title,
            album.mb_release_group.as_deref(),
        )?
        .is_some()
        {
            result.leave_out(&album.title, "already in the catalogue");
            continue;
        }
        match albums::insert(conn, &album.as_new(artist_id), &stamp) {
            Ok(id) => {
                revisions::record(conn, &Change::album(id, "add"), by, None, &stamp)?;
                result.added.push(album.title.clone());
            }
            Err(e) if is_unique_violation(&e) => {
                result.leave_out(&album.title, "already in the catalogue")
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(result)
}

#[utoipa::path(
    patch,
    path = "/album/update-many",
    tag = "catalogue",
    request_body = Vec<AlbumBody>,
    responses(Writes, (status = 200, description = "Updated, or skipped with the reason (not in the catalogue)", body = BatchResult), (status = 400, description = "A malformed album; the message names it and the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn update_many(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppJson(bodies): AppJson<Vec<AlbumBody>>,
) -> AppResult<Json<BatchResult>> {
    let checked = check_all(&bodies)?;
    state
        .writer
        .write(move |conn| {
            let stamp = now();
            let mut result = BatchResult::default();
            for (body, album) in bodies.iter().zip(&checked) {
                let found = match body.artist_id(conn) {
                    Ok(Some(artist_id)) => imports::existing_album(
                        conn,
                        artist_id,
                        &album.title,
                        album.mb_release_group.as_deref(),
                    )?
                    .map(|id| (artist_id, id)),
                    Ok(None) | Err(AppError::NotFound(_)) => None,
                    Err(other) => return Err(other),
                };
                let Some((artist_id, id)) = found else {
                    result.leave_out(&album.title, "not in the catalogue");
                    continue;
                };
                let change = album.as_change(artist_id);
                let same_group = match &album.mb_release_group {
                    Some(group) => imports::release_group_of(conn, id)?.as_ref() == Some(group),
                    None => true,
                };
                if same_group && albums::stored(conn, id)?.is_some_and(|stored| stored.is(&change))
                {
                    result.unchanged.push(album.title.clone());
                    continue;
                }
                let before = revisions::snapshot(conn, EntityKind::Album, id)?;
                match albums::update(conn, id, &change, &stamp) {
                    Ok(()) => {}
                    Err(e) if is_unique_violation(&e) => {
                        result.leave_out(
                            &album.title,
                            "another album of this artist has that title and type",
                        );
                        continue;
                    }
                    Err(e) => return Err(e.into()),
                }
                if let Some(group) = &album.mb_release_group {
                    imports::set_release_group(conn, id, group)?;
                }
                let edit = Change::album(id, "edit");
                revisions::record(conn, &edit, Actor::member(&editor), before, &stamp)?;
                result.updated.push(album.title.clone());
            }
            Ok(Json(result))
        })
        .await
}

/// A cover for an album named by its artist and title.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoBody {
    artist: String,
    title: String,
    picture_url: String,
}

#[utoipa::path(
    patch,
    path = "/album/update-many/photos",
    tag = "catalogue",
    request_body = Vec<PhotoBody>,
    responses(Writes, (status = 200, description = "Covers replaced, or skipped with the reason", body = BatchResult), (status = 400, description = "A malformed entry; the message names it and the field", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn update_photos(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppJson(bodies): AppJson<Vec<PhotoBody>>,
) -> AppResult<Json<BatchResult>> {
    bounded(&bodies)?;
    let pictures = bodies
        .iter()
        .enumerate()
        .map(|(index, body)| {
            PictureUrl::parse(&body.picture_url, "pictureUrl")
                .map_err(|message| AppError::BadRequest(format!("albums[{index}]: {message}")))
        })
        .collect::<AppResult<Vec<_>>>()?;
    state
        .writer
        .write(move |conn| {
            let stamp = now();
            let mut result = BatchResult::default();
            for (body, picture) in bodies.iter().zip(&pictures) {
                let album = match artists::find(conn, body.artist.trim())? {
                    Some(artist_id) => {
                        albums::id_by_artist_and_title(conn, artist_id, &body.title)?
                    }
                    None => None,
                };
                match album {
                    Some(id)
                        if albums::stored(conn, id)?
                            .is_some_and(|stored| stored.picture_url == picture.as_str()) =>
                    {
                        result.unchanged.push(body.title.clone());
                    }
                    Some(id) => {
                        let before = revisions::snapshot(conn, EntityKind::Album, id)?;
                        imports::set_picture(conn, id, picture.as_str(), &stamp)?;
                        let edit = Change::album(id, "edit");
                        revisions::record(conn, &edit, Actor::member(&editor), before, &stamp)?;
                        result.updated.push(body.title.clone());
                    }
                    None => result.leave_out(&body.title, "not in the catalogue"),
                }
            }
            Ok(Json(result))
        })
        .await
}
