//! Albums: by artist and title, by title, by artist, the home page's popular
//! albums; editors add and edit them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::artists::no_artist;
use super::openapi::Writes;
use super::{Admin, AppJson, AppPath, AppQuery, AppState, Editor, MaybeUser};
use crate::db::albums::{self, Album, AlbumChange, NewAlbum};
use crate::db::audit::Actor;
use crate::db::revisions::{self, Change, EntityKind};
use crate::db::tracks::{self, TrackFields};
use crate::db::{artists, charts, is_unique_violation, run_blocking};
use crate::domain::timestamp::{before_now, now};
use crate::domain::{AlbumType, DatePrecision, PictureUrl, ReleaseDate, catalogue};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::kept_answers::{Depends, Topic};
use crate::reads::rankings::RankKey;
use utoipa::{IntoParams, ToSchema};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_artist_and_title))
        .routes(routes!(by_title))
        .routes(routes!(by_artist))
        .routes(routes!(popular))
        .routes(routes!(create))
        .routes(routes!(update, remove))
}

fn viewer(user: &MaybeUser) -> Option<i64> {
    user.0.as_ref().map(|u| u.id)
}

fn no_album(title: &str) -> AppError {
    AppError::NotFound(format!("No album called {title}"))
}

#[utoipa::path(
    get,
    path = "/album/name/{artist}/{title}",
    tag = "catalogue",
    params(("artist" = String, Path, description = "Artist name or slug"), ("title" = String, Path, description = "Album title or slug")),
    responses((status = 200, description = "The album", body = Album), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_artist_and_title(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath((artist, title)): AppPath<(String, String)>,
) -> AppResult<(Depends, Json<Album>)> {
    let viewer = viewer(&user);
    run_blocking(&state.pool, move |conn| {
        let artist_id = artists::find(conn, &artist)?.ok_or_else(|| no_artist(&artist))?;
        let found = albums::find_by_artist(conn, artist_id, &title)?;
        let album = match found {
            Some(id) => albums::by_id(conn, id, viewer)?,
            None => None,
        };
        album
            .map(shown)
            .ok_or_else(|| AppError::NotFound(format!("{artist} has no album called {title}")))
    })
    .await
}

/// An album's answer, which shows that album only.
fn shown(album: Album) -> (Depends, Json<Album>) {
    (Depends(vec![Topic::Album(album.album_id)]), Json(album))
}

#[utoipa::path(
    get,
    path = "/album/name/{title}",
    tag = "catalogue",
    params(("title" = String, Path, description = "Album title or slug")),
    responses((status = 200, description = "The album", body = Album), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_title(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath(title): AppPath<String>,
) -> AppResult<(Depends, Json<Album>)> {
    let viewer = viewer(&user);
    run_blocking(&state.pool, move |conn| {
        let album = match albums::find_by_title(conn, &title)? {
            Some(id) => albums::by_id(conn, id, viewer)?,
            None => None,
        };
        album.map(shown).ok_or_else(|| no_album(&title))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/album/artist/{artist_name}",
    tag = "catalogue",
    params(("artist_name" = String, Path, description = "Artist name or slug")),
    responses((status = 200, description = "The artist's albums, newest first", body = Vec<Album>), (status = 404, description = "Not found", body = ErrorMessage)),
)]
async fn by_artist(
    State(state): State<AppState>,
    user: MaybeUser,
    AppPath(artist): AppPath<String>,
) -> AppResult<Json<Vec<Album>>> {
    let viewer = viewer(&user);
    run_blocking(&state.pool, move |conn| {
        let artist_id = artists::find(conn, &artist)?.ok_or_else(|| no_artist(&artist))?;
        let ids = albums::ids_by_artist(conn, artist_id)?;
        Ok(Json(albums::by_ids(conn, &ids, viewer)?))
    })
    .await
}

/// How far back "popular lately" looks.
const POPULAR_WINDOW: time::Duration = time::Duration::days(30);
const POPULAR_DEFAULT: u32 = 20;
const POPULAR_MOST: u32 = 100;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PopularQuery {
    /// How many albums, 1 to 100 (20 when absent).
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

#[utoipa::path(
    get,
    path = "/album/popular-albums",
    tag = "charts",
    params(PopularQuery),
    responses((status = 200, description = "Most rated lately, topped up from all time", body = Vec<Album>), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn popular(
    State(state): State<AppState>,
    user: MaybeUser,
    AppQuery(query): AppQuery<PopularQuery>,
) -> AppResult<Json<Vec<Album>>> {
    let limit = query.limit.unwrap_or(POPULAR_DEFAULT);
    if !(1..=POPULAR_MOST).contains(&limit) {
        return Err(AppError::BadRequest(format!(
            "limit must be 1 to {POPULAR_MOST}"
        )));
    }
    let viewer = viewer(&user);
    let rankings = state.rankings.clone();
    run_blocking(&state.pool, move |conn| {
        let since_day = before_now(POPULAR_WINDOW)[..10].to_owned();
        let key = RankKey::Popular {
            since_day: since_day.clone(),
            limit,
        };
        let ids = rankings.get_or_compute(conn, key, move |conn| {
            charts::popular_lately(conn, &since_day, limit)
        })?;
        Ok(Json(albums::by_ids(conn, &ids, viewer)?))
    })
    .await
}

/// Genres and styles arrive as a list (of names or `{name}` objects) or as
/// one comma-joined string, as the edit form sends them. Only the string is
/// split at commas: a listed name may hold one.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
enum TagsField {
    Joined(String),
    List(Vec<TagItem>),
}

#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
enum TagItem {
    Name(String),
    Object { name: String },
}

impl TagsField {
    fn names(&self) -> Vec<&str> {
        match self {
            Self::Joined(text) => text.split(',').collect(),
            Self::List(items) => items
                .iter()
                .map(|item| match item {
                    TagItem::Name(name) | TagItem::Object { name } => name.as_str(),
                })
                .collect(),
        }
    }
}

/// An album as the forms and imports send it. `releaseYear` is ignored: it
/// always follows from the date. Absent fields keep their value on PATCH.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AlbumBody {
    artist: Option<String>,
    artist_id: Option<i64>,
    title: Option<String>,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`: as much as is known.
    release_date: Option<String>,
    /// Narrows `releaseDate` (or the stored date, when absent) to this
    /// precision, so an album sent back as answered keeps its precision.
    /// Without it the precision is what `releaseDate` gives.
    #[schema(value_type = Option<crate::domain::DatePrecision>)]
    release_date_precision: Option<String>,
    picture_url: Option<String>,
    genres: Option<TagsField>,
    styles: Option<TagsField>,
    #[serde(rename = "type")]
    album_type: Option<String>,
    /// The MusicBrainz release group an import took the album from.
    mb_release_group: Option<String>,
    /// The whole tracklist, replacing the album's: a place (disc and
    /// position) kept keeps its tracks' ratings. Absent: unchanged.
    tracks: Option<Vec<TrackFields>>,
}

pub(super) struct CheckedAlbum {
    pub title: String,
    pub release_date: ReleaseDate,
    pub album_type: AlbumType,
    pub picture_url: PictureUrl,
    pub genres: Vec<String>,
    pub styles: Vec<String>,
    pub mb_release_group: Option<String>,
    pub tracks: Option<Vec<TrackFields>>,
}

impl CheckedAlbum {
    /// The album to insert under `artist_id`.
    pub(super) fn as_new(&self, artist_id: i64) -> NewAlbum<'_> {
        NewAlbum {
            artist_id,
            title: &self.title,
            release_date: self.release_date,
            album_type: self.album_type,
            picture_url: self.picture_url.as_str(),
            genres: &self.genres,
            styles: &self.styles,
            mb_release_group: self.mb_release_group.as_deref(),
        }
    }

    /// The same fields as a change to an existing album under `artist_id`.
    pub(super) fn as_change(&self, artist_id: i64) -> AlbumChange<'_> {
        AlbumChange {
            artist_id,
            title: &self.title,
            release_date: self.release_date,
            album_type: self.album_type,
            picture_url: self.picture_url.as_str(),
            genres: &self.genres,
            styles: &self.styles,
        }
    }
}

impl AlbumBody {
    pub(super) fn check(&self, current: Option<&Album>) -> AppResult<CheckedAlbum> {
        let bad = AppError::BadRequest;
        let title = self
            .title
            .clone()
            .or_else(|| current.map(|a| a.title.clone()))
            .unwrap_or_default();
        let precision = self
            .release_date_precision
            .as_deref()
            .map(str::parse::<DatePrecision>)
            .transpose()
            .map_err(bad)?;
        let release_date = match (&self.release_date, current, precision) {
            (Some(date), _, None) => date.parse(),
            (Some(date), _, Some(precision)) => ReleaseDate::with_precision(date, precision),
            (None, Some(album), None) => album.parsed_release_date(),
            (None, Some(album), Some(precision)) => {
                ReleaseDate::with_precision(&album.release_date, precision)
            }
            (None, None, _) => return Err(bad("releaseDate is required".to_owned())),
        }
        .map_err(bad)?;
        let album_type = match (&self.album_type, current) {
            (Some(kind), _) => kind.parse().map_err(bad)?,
            (None, Some(album)) => album.album_type.parse().map_err(bad)?,
            (None, None) => AlbumType::Lp,
        };
        let picture_url = self
            .picture_url
            .clone()
            .or_else(|| current.map(|a| a.picture_url.clone()))
            .unwrap_or_default();
        let genres = match (&self.genres, current) {
            (Some(given), _) => catalogue::genres(given.names()).map_err(bad)?,
            (None, Some(album)) => album.genres.iter().map(|g| g.name.clone()).collect(),
            (None, None) => Vec::new(),
        };
        let styles = match (&self.styles, current) {
            (Some(given), _) => catalogue::styles(given.names()).map_err(bad)?,
            (None, Some(album)) => album.styles.clone(),
            (None, None) => Vec::new(),
        };
        Ok(CheckedAlbum {
            title: catalogue::name(&title, "title").map_err(bad)?,
            release_date,
            album_type,
            picture_url: PictureUrl::parse(&picture_url, "pictureUrl").map_err(bad)?,
            genres,
            styles,
            mb_release_group: self
                .mb_release_group
                .as_deref()
                .map(|id| catalogue::musicbrainz_id(id, "mbReleaseGroup"))
                .transpose()
                .map_err(bad)?,
            tracks: self
                .tracks
                .as_deref()
                .map(super::tracks::checked_tracklist)
                .transpose()
                .map_err(bad)?,
        })
    }

    /// The artist the body names, by id or by name; `None` when it names none.
    pub(super) fn artist_id(&self, conn: &rusqlite::Connection) -> AppResult<Option<i64>> {
        if let Some(id) = self.artist_id {
            return match artists::by_id(conn, id)? {
                Some(_) => Ok(Some(id)),
                None => Err(AppError::NotFound(format!(
                    "No artist with id {id}: add the artist first"
                ))),
            };
        }
        let Some(name) = self
            .artist
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        else {
            return Ok(None);
        };
        match artists::find(conn, name)? {
            Some(id) => Ok(Some(id)),
            None => Err(AppError::NotFound(format!(
                "No artist called {name}: add the artist first"
            ))),
        }
    }
}

pub(super) fn duplicate(album: &CheckedAlbum) -> AppError {
    AppError::Conflict(format!(
        "This artist already has an album called {} of type {}",
        album.title, album.album_type
    ))
}

#[utoipa::path(
    post,
    path = "/album",
    tag = "catalogue",
    request_body = AlbumBody,
    responses(Writes, (status = 201, description = "Added", body = Album), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Unknown artist: add the artist first", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppJson(body): AppJson<AlbumBody>,
) -> AppResult<(StatusCode, Json<Album>)> {
    let album = body.check(None)?;
    let created = state
        .writer
        .write(move |conn| {
            let artist_id = body
                .artist_id(conn)?
                .ok_or_else(|| AppError::BadRequest("artist is required".to_owned()))?;
            let id = match albums::insert(conn, &album.as_new(artist_id), &now()) {
                Err(e) if is_unique_violation(&e) => return Err(duplicate(&album)),
                other => other?,
            };
            if let Some(tracklist) = &album.tracks {
                tracks::replace(conn, id, tracklist)?;
            }
            revisions::record(
                conn,
                &Change::album(id, "add"),
                Actor::member(&editor),
                None,
                &now(),
            )?;
            Ok(albums::by_id(conn, id, None)?.expect("the new album exists"))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(
    patch,
    path = "/album/{id}",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    request_body = AlbumBody,
    responses(Writes, (status = 200, description = "Changed", body = Album), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "Not found", body = ErrorMessage), (status = 409, description = "Already exists", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn update(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(id): AppPath<i64>,
    AppJson(body): AppJson<AlbumBody>,
) -> AppResult<Json<Album>> {
    state
        .writer
        .write(move |conn| {
            edit_album(
                conn,
                &body,
                &Change::album(id, "edit"),
                Actor::member(&editor),
            )?;
            Ok(Json(
                albums::by_id(conn, id, Some(editor.id))?.expect("the album exists"),
            ))
        })
        .await
}

/// Applies an edit (fields absent from the body keep their value) and
/// records it in the album's history: a PATCH, a revert, an accepted request.
/// Answers the revision, or `None` when nothing changed.
pub(super) fn edit_album(
    conn: &rusqlite::Connection,
    body: &AlbumBody,
    change: &Change,
    by: Actor,
) -> AppResult<Option<i64>> {
    let id = change.id;
    let current = albums::by_id(conn, id, None)?
        .ok_or_else(|| AppError::NotFound(format!("No album with id {id}")))?;
    let album = body.check(Some(&current))?;
    let artist_id = body.artist_id(conn)?.unwrap_or(current.artist_id);
    let before = revisions::snapshot(conn, EntityKind::Album, id)?;
    match albums::update(conn, id, &album.as_change(artist_id), &now()) {
        Err(e) if is_unique_violation(&e) => return Err(duplicate(&album)),
        other => other?,
    }
    if let Some(tracklist) = &album.tracks {
        tracks::replace(conn, id, tracklist)?;
    }
    Ok(revisions::record(conn, change, by, before, &now())?)
}

/// An admin removes an album with everything written about it, at once.
#[utoipa::path(
    delete,
    path = "/album/{id}",
    tag = "catalogue",
    params(("id" = i64, Path, description = "Album id")),
    responses(Writes, (status = 204, description = "Removed with its ratings, reviews, comments and wishlist entries"), (status = 404, description = "Not found", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    AppPath(id): AppPath<i64>,
) -> AppResult<StatusCode> {
    state
        .writer
        .write(move |conn| {
            let before = revisions::snapshot(conn, EntityKind::Album, id)?;
            if !albums::delete(conn, id)? {
                return Err(AppError::NotFound(format!("No album with id {id}")));
            }
            revisions::record(
                conn,
                &Change::album(id, "delete"),
                Actor::member(&admin),
                before,
                &now(),
            )?;
            Ok(StatusCode::NO_CONTENT)
        })
        .await
}
