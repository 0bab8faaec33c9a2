//! Catalogue history for editors: each album's and artist's revisions, a
//! revert of one, and the corrections members suggest, which editors accept
//! (applied as a revision) or decline.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::admin::checked_note;
use super::albums::{AlbumBody, edit_album};
use super::artists::{ArtistBody, edit_artist};
use super::openapi::{EditorOnly, SignedIn};
use super::shared::checked_text;
use super::{AppJson, AppPath, AppState, CurrentUser, Editor};
use crate::db::audit::Actor;
use crate::db::change_requests::{self, ChangeRequest, NewRequest};
use crate::db::notifications::{self, Subject};
use crate::db::revisions::{self, Change, EntityKind, Revision};
use crate::db::run_blocking;
use crate::domain::NotificationKind;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(album_history))
        .routes(routes!(artist_history))
        .routes(routes!(revert))
        .routes(routes!(open_requests, request_change))
        .routes(routes!(accept))
        .routes(routes!(decline))
}

const MOST_REQUEST_NOTE_CHARS: usize = 2000;

#[derive(Serialize, ToSchema)]
struct History {
    /// Newest first.
    revisions: Vec<Revision>,
}

async fn history(state: &AppState, kind: EntityKind, id: i64) -> AppResult<Json<History>> {
    let revisions = run_blocking(&state.pool, move |conn| {
        Ok(revisions::history(conn, kind, id)?)
    })
    .await?;
    Ok(Json(History { revisions }))
}

#[utoipa::path(
    get,
    path = "/album/{id}/history",
    tag = "catalogue history",
    params(("id" = i64, Path, description = "Album id")),
    responses(EditorOnly, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 200, description = "The album's revisions, newest first (also after it is deleted)", body = History)),
    security(("bearer" = []))
)]
async fn album_history(
    State(state): State<AppState>,
    Editor(_): Editor,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<History>> {
    history(&state, EntityKind::Album, id).await
}

#[utoipa::path(
    get,
    path = "/artist/{id}/history",
    tag = "catalogue history",
    params(("id" = i64, Path, description = "Artist id")),
    responses(EditorOnly, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 200, description = "The artist's revisions, newest first", body = History)),
    security(("bearer" = []))
)]
async fn artist_history(
    State(state): State<AppState>,
    Editor(_): Editor,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<History>> {
    history(&state, EntityKind::Artist, id).await
}

/// "reverts revision 3", followed by ": <why>" when the editor gave a note.
fn with_why(what: String, why: &str) -> String {
    if why.is_empty() {
        what
    } else {
        format!("{what}: {why}")
    }
}

#[derive(Deserialize, ToSchema, Default)]
struct NoteBody {
    #[serde(default)]
    note: String,
}

/// Applies `fields` (an edit's body) to the album or artist and records it;
/// answers the revision, or `None` when nothing changed.
fn apply(
    conn: &rusqlite::Connection,
    kind: EntityKind,
    change: &Change,
    fields: Value,
    by: Actor,
) -> AppResult<Option<i64>> {
    let refused = |error: serde_json::Error| AppError::BadRequest(format!("fields: {error}"));
    match kind {
        EntityKind::Album => {
            let body: AlbumBody = serde_json::from_value(fields).map_err(refused)?;
            edit_album(conn, &body, change, by)
        }
        EntityKind::Artist => {
            let body: ArtistBody = serde_json::from_value(fields).map_err(refused)?;
            edit_artist(conn, body, change, by)
        }
    }
}

#[utoipa::path(
    post,
    path = "/revisions/{revision_id}/revert",
    tag = "catalogue history",
    params(("revision_id" = i64, Path, description = "The revision to undo")),
    request_body = NoteBody,
    responses(EditorOnly, (status = 200, description = "The fields are as before that revision; the new revision that did it", body = Revision), (status = 400, description = "Bad input, or a revision that cannot be reverted (an addition)", body = ErrorMessage), (status = 404, description = "No such revision", body = ErrorMessage), (status = 409, description = "The album or artist is gone, or another has those fields", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn revert(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(revision_id): AppPath<i64>,
    AppJson(body): AppJson<NoteBody>,
) -> AppResult<Json<Revision>> {
    let note = checked_note(&body.note)?;
    let revision = state
        .writer
        .write(move |conn| {
            let revision = revisions::by_id(conn, revision_id)?
                .ok_or_else(|| AppError::NotFound(format!("No revision {revision_id}")))?;
            let Some(before) = revision.before.clone() else {
                return Err(AppError::BadRequest(
                    "An addition cannot be reverted: an admin can delete it.".to_owned(),
                ));
            };
            let (kind, id) = (revision.entity_kind, revision.entity_id);
            if !change_requests::entity_exists(conn, kind, id)? {
                return Err(AppError::Conflict(format!(
                    "{} is gone: nothing to revert.",
                    revision.entity_name
                )));
            }
            let note = with_why(format!("reverts revision {revision_id}"), &note);
            let change = Change {
                kind,
                id,
                action: "revert",
                note: &note,
            };
            let reverted =
                apply(conn, kind, &change, before, Actor::member(&editor))?.ok_or_else(|| {
                    AppError::Conflict("It is already as it was before that revision.".to_owned())
                })?;
            Ok(revisions::by_id(conn, reverted)?.expect("the revision was just recorded"))
        })
        .await?;
    Ok(Json(revision))
}

#[derive(Serialize, ToSchema)]
struct Requests {
    /// Oldest first.
    requests: Vec<ChangeRequest>,
}

#[utoipa::path(
    get,
    path = "/change-requests",
    tag = "catalogue history",
    responses(EditorOnly, (status = 200, description = "The open change requests, with the fields as they are now", body = Requests)),
    security(("bearer" = []))
)]
async fn open_requests(
    State(state): State<AppState>,
    Editor(_): Editor,
) -> AppResult<Json<Requests>> {
    let requests = run_blocking(&state.pool, |conn| Ok(change_requests::open(conn)?)).await?;
    Ok(Json(Requests { requests }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RequestBody {
    entity_kind: EntityKind,
    entity_id: i64,
    /// The fields to change, as an edit sends them (title, releaseDate, genres, ... or name, description, pictureUrl).
    #[schema(value_type = Object)]
    fields: Value,
    /// Why, and where it comes from.
    #[serde(default)]
    note: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Requested {
    request_id: i64,
}

#[utoipa::path(
    post,
    path = "/change-requests",
    tag = "catalogue history",
    request_body = RequestBody,
    responses(SignedIn, (status = 201, description = "Suggested: an editor will accept or decline it", body = Requested), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No such album or artist", body = ErrorMessage), (status = 409, description = "Another album or artist has those fields", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn request_change(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<RequestBody>,
) -> AppResult<(StatusCode, Json<Requested>)> {
    let note = checked_text(&body.note, "note", MOST_REQUEST_NOTE_CHARS)?;
    if body
        .fields
        .as_object()
        .is_none_or(|fields| fields.is_empty())
    {
        return Err(AppError::BadRequest(
            "fields must name at least one field to change".to_owned(),
        ));
    }
    let request_id = state
        .writer
        .write(move |conn| {
            let (kind, id) = (body.entity_kind, body.entity_id);
            if !change_requests::entity_exists(conn, kind, id)? {
                return Err(AppError::NotFound(format!("No {} {id}", kind.as_str())));
            }
            let fields = tried_fields(conn, kind, id, body.fields, &user)?;
            let new = NewRequest {
                kind,
                entity_id: id,
                requester_id: user.id,
                fields: &fields,
                note: &note,
            };
            Ok(change_requests::create(conn, &new, &now())?)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(Requested { request_id })))
}

/// Tries `fields` as an edit would apply them, then rolls the trial back:
/// what is kept is only the fields the edit changed, as the edit checked,
/// bounded and normalised them, so an editor never meets a malformed
/// request and nothing else a member sends is stored.
fn tried_fields(
    conn: &rusqlite::Connection,
    kind: EntityKind,
    id: i64,
    fields: Value,
    user: &crate::db::users::User,
) -> AppResult<Value> {
    conn.execute_batch("SAVEPOINT trying_the_request")?;
    let trial = Change {
        kind,
        id,
        action: "request",
        note: "",
    };
    let tried = (|| {
        let before = revisions::snapshot(conn, kind, id)?;
        apply(conn, kind, &trial, fields, Actor::member(user))?;
        let after = revisions::snapshot(conn, kind, id)?;
        AppResult::Ok((before, after))
    })();
    conn.execute_batch("ROLLBACK TO trying_the_request; RELEASE trying_the_request")?;
    let (Some(Value::Object(before)), Some(Value::Object(after))) = tried? else {
        return Err(AppError::NotFound(format!("No {} {id}", kind.as_str())));
    };
    let changed: serde_json::Map<String, Value> = after
        .into_iter()
        .filter(|(field, value)| before.get(field) != Some(value))
        .collect();
    if changed.is_empty() {
        return Err(AppError::BadRequest(
            "fields change nothing: the album or artist already has them".to_owned(),
        ));
    }
    Ok(Value::Object(changed))
}

async fn close_request(
    state: &AppState,
    editor: crate::db::users::User,
    request_id: i64,
    note: String,
    accepting: bool,
) -> AppResult<Json<ChangeRequest>> {
    state
        .writer
        .write(move |conn| {
            let request = change_requests::by_id(conn, request_id)?
                .filter(|r| r.status == "open")
                .ok_or_else(|| {
                    AppError::NotFound(format!("No open change request {request_id}"))
                })?;
            if accepting {
                let why = with_why(
                    format!("change request {request_id} by {}", request.requester),
                    &note,
                );
                let change = Change {
                    kind: request.entity_kind,
                    id: request.entity_id,
                    action: "request",
                    note: &why,
                };
                apply(
                    conn,
                    request.entity_kind,
                    &change,
                    request.fields.clone(),
                    Actor::member(&editor),
                )?;
            }
            let status = if accepting { "accepted" } else { "declined" };
            let at = now();
            change_requests::close(conn, request_id, status, &editor.username, &note, &at)?;
            let album = (request.entity_kind == EntityKind::Album).then_some(request.entity_id);
            notifications::notify(
                conn,
                change_requests::requester_id(conn, request_id)?,
                NotificationKind::Correction,
                editor.id,
                Subject::ChangeRequest(request_id, album),
                &at,
            )?;
            Ok(Json(
                change_requests::by_id(conn, request_id)?.expect("the request exists"),
            ))
        })
        .await
}

#[utoipa::path(
    post,
    path = "/change-requests/{request_id}/accept",
    tag = "catalogue history",
    params(("request_id" = i64, Path, description = "The change request")),
    request_body = NoteBody,
    responses(EditorOnly, (status = 200, description = "Applied as a revision", body = ChangeRequest), (status = 400, description = "It no longer applies (bad fields)", body = ErrorMessage), (status = 404, description = "No such open request, or its album or artist is gone", body = ErrorMessage), (status = 409, description = "Another album or artist has those fields", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn accept(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(request_id): AppPath<i64>,
    AppJson(body): AppJson<NoteBody>,
) -> AppResult<Json<ChangeRequest>> {
    let note = checked_note(&body.note)?;
    close_request(&state, editor, request_id, note, true).await
}

#[utoipa::path(
    post,
    path = "/change-requests/{request_id}/decline",
    tag = "catalogue history",
    params(("request_id" = i64, Path, description = "The change request")),
    request_body = NoteBody,
    responses(EditorOnly, (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 200, description = "Declined", body = ChangeRequest), (status = 404, description = "No such open request", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn decline(
    State(state): State<AppState>,
    Editor(editor): Editor,
    AppPath(request_id): AppPath<i64>,
    AppJson(body): AppJson<NoteBody>,
) -> AppResult<Json<ChangeRequest>> {
    let note = checked_note(&body.note)?;
    close_request(&state, editor, request_id, note, false).await
}
