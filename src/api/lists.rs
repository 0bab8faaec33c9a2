//! Lists: members make ordered or unordered lists of albums, public,
//! unlisted or private; others like and discuss the ones they can see.
//! Only a list's author changes it; a private list is as if it did not
//! exist for everyone else.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::atom::{self, About, Item};
use super::openapi::SignedIn;
use super::shared::{self, checked_text};
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser, MaybeUser};
use crate::db::comments::{self, CommentTarget};
use crate::db::hidden::Reader;
use crate::db::lists::{self, ListEntry, ListEvent, ListSummary, MOST_ENTRIES, NewList};
use crate::db::notifications::{self, Subject};
use crate::db::users::User;
use crate::db::{albums, is_unique_violation, run_blocking};
use crate::domain::timestamp::now;
use crate::domain::{ListVisibility, NotificationKind, Role, slug, text};
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::site_origin::SiteOrigin;
use crate::reads::kept_answers::{Depends, Topic, Touched};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(mine))
        .routes(routes!(popular))
        .routes(routes!(by_user))
        .routes(routes!(holding_album))
        .routes(routes!(one, edit, remove))
        .routes(routes!(history))
        .routes(routes!(feed))
        .routes(routes!(add_entry))
        .routes(routes!(edit_entry, remove_entry))
        .routes(routes!(like, unlike))
}

const MOST_TITLE_CHARS: usize = 120;
const MOST_DESCRIPTION_CHARS: usize = 5000;
const MOST_NOTE_CHARS: usize = 1000;
const SHOWN_ON_ALBUM: u32 = 5;
const HISTORY_SHOWN: u32 = 200;

fn no_list(id: i64) -> AppError {
    AppError::NotFound(format!("No list {id}"))
}

/// The list if the reader may open it, else 404 (a private list is not
/// admitted to exist).
fn open_list(conn: &rusqlite::Connection, id: i64, reader: Reader) -> AppResult<ListSummary> {
    lists::summary(conn, id, reader)?.ok_or_else(|| no_list(id))
}

/// The list, for a change only its author may make.
fn own_list(conn: &rusqlite::Connection, id: i64, user: &User) -> AppResult<ListSummary> {
    let list = open_list(conn, id, Reader::of(Some(user)))?;
    if list.author.user_id != user.id {
        return Err(AppError::Forbidden(
            "Only its author can change this list".to_owned(),
        ));
    }
    Ok(list)
}

fn checked_title(title: &str) -> AppResult<String> {
    let title = title.trim();
    text::single_line(title, "title").map_err(AppError::BadRequest)?;
    if title.is_empty() || title.chars().count() > MOST_TITLE_CHARS {
        return Err(AppError::BadRequest(format!(
            "title must be 1 to {MOST_TITLE_CHARS} characters"
        )));
    }
    Ok(title.to_owned())
}

fn slug_of(title: &str) -> String {
    let slug = slug::words_only(title);
    if slug.is_empty() {
        "list".to_owned()
    } else {
        slug
    }
}

/// What a list's reads show: the list, and its albums' averages.
fn depends_on(list_id: i64, entries: &[ListEntry]) -> Depends {
    let mut topics = vec![Topic::List(list_id)];
    topics.extend(
        entries
            .iter()
            .map(|entry| Topic::Album(entry.album.album_id)),
    );
    Depends(topics)
}

/// A change to a list: its own answers and its author's.
fn touched(list: &ListSummary) -> Touched {
    Touched(vec![
        Topic::List(list.list_id),
        Topic::Member(list.author.user_id),
    ])
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewListRequest {
    #[serde(default)]
    title: String,
    #[serde(default)]
    description: String,
    /// Numbered in the author's order (the default), or a set.
    ranked: Option<bool>,
    /// Public unless said otherwise.
    visibility: Option<ListVisibility>,
    /// Albums to start it with, in order (a chart saved as a list): at most
    /// 100, each once.
    #[serde(default)]
    albums: Vec<i64>,
}

/// The most albums a list is made with at once.
const MOST_STARTING_ALBUMS: usize = 100;

#[utoipa::path(
    post,
    path = "/list",
    tag = "lists",
    request_body = NewListRequest,
    responses(SignedIn, (status = 201, description = "Made, empty or with the albums given", body = ListSummary), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "One of the albums given does not exist; nothing is made", body = ErrorMessage), (status = 429, description = "Too many list changes; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn create(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppJson(body): AppJson<NewListRequest>,
) -> AppResult<(StatusCode, Touched, Json<ListSummary>)> {
    let title = checked_title(&body.title)?;
    let description = checked_text(&body.description, "description", MOST_DESCRIPTION_CHARS)?;
    if body.albums.len() > MOST_STARTING_ALBUMS {
        return Err(AppError::BadRequest(format!(
            "albums: at most {MOST_STARTING_ALBUMS} to start a list with"
        )));
    }
    if let Some(twice) = body
        .albums
        .iter()
        .enumerate()
        .find_map(|(at, id)| body.albums[..at].contains(id).then_some(id))
    {
        return Err(AppError::BadRequest(format!(
            "albums: {twice} is named twice"
        )));
    }
    state
        .writer
        .write(move |conn| {
            let new = NewList {
                slug: &slug_of(&title),
                title: &title,
                description: &description,
                ranked: body.ranked.unwrap_or(true),
                visibility: body.visibility.unwrap_or(ListVisibility::Public),
            };
            let id = lists::create(conn, caller.id, &new, &now())?;
            for album_id in &body.albums {
                if !albums::exists(conn, *album_id)? {
                    return Err(AppError::NotFound(format!("No album {album_id}")));
                }
                lists::add_entry(conn, id, *album_id, "", &now())?;
            }
            if !body.albums.is_empty() {
                let what = format!("{} albums were added", body.albums.len());
                lists::record_event(conn, id, &what, &now())?;
            }
            let written = format!("{}\n{}", new.title, new.description);
            notifications::mentions(conn, &written, caller.id, Subject::List(id), &[], &now())?;
            let list = open_list(conn, id, Reader::of(Some(&caller)))?;
            Ok((StatusCode::CREATED, touched(&list), Json(list)))
        })
        .await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ListPage {
    list: ListSummary,
    /// Every entry, in order.
    entries: Vec<ListEntry>,
    /// Whether the caller likes it (false for a visitor).
    liked_by_me: bool,
    /// Whether the caller is its author.
    can_edit: bool,
}

fn page_of(conn: &rusqlite::Connection, id: i64, caller: Option<&User>) -> AppResult<ListPage> {
    let list = open_list(conn, id, Reader::of(caller))?;
    let viewer = caller.map(|user| user.id);
    Ok(ListPage {
        entries: lists::entries(conn, id, viewer)?,
        liked_by_me: match viewer {
            Some(user_id) => lists::liked_by(conn, id, user_id)?,
            None => false,
        },
        can_edit: viewer == Some(list.author.user_id),
        list,
    })
}

#[utoipa::path(
    get,
    path = "/list/{list_id}",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    responses((status = 200, description = "The list with its entries", body = ListPage), (status = 404, description = "No list the caller may see", body = ErrorMessage)),
)]
async fn one(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(list_id): AppPath<i64>,
) -> AppResult<(Depends, Json<ListPage>)> {
    run_blocking(&state.pool, move |conn| {
        let page = page_of(conn, list_id, caller.as_ref())?;
        Ok((depends_on(list_id, &page.entries), Json(page)))
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ListEdit {
    title: Option<String>,
    description: Option<String>,
    ranked: Option<bool>,
    visibility: Option<ListVisibility>,
}

#[utoipa::path(
    patch,
    path = "/list/{list_id}",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    request_body = ListEdit,
    responses(SignedIn, (status = 200, description = "Changed as asked; what was not sent stays", body = ListSummary), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Not its author, or suspended", body = ErrorMessage), (status = 404, description = "No list the caller may see", body = ErrorMessage), (status = 429, description = "Too many list changes; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn edit(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(list_id): AppPath<i64>,
    AppJson(body): AppJson<ListEdit>,
) -> AppResult<(Touched, Json<ListSummary>)> {
    let title = body.title.as_deref().map(checked_title).transpose()?;
    let description = body
        .description
        .as_deref()
        .map(|text| checked_text(text, "description", MOST_DESCRIPTION_CHARS))
        .transpose()?;
    state
        .writer
        .write(move |conn| {
            let list = own_list(conn, list_id, &caller)?;
            let title = title.unwrap_or(list.title);
            let changed = NewList {
                slug: &slug_of(&title),
                title: &title,
                description: description.as_deref().unwrap_or(&list.description),
                ranked: body.ranked.unwrap_or(list.ranked),
                visibility: body.visibility.unwrap_or(list.visibility),
            };
            lists::update(conn, list_id, &changed, &now())?;
            let written = format!("{}\n{}", changed.title, changed.description);
            notifications::mentions(
                conn,
                &written,
                caller.id,
                Subject::List(list_id),
                &[],
                &now(),
            )?;
            let visibility_changed = changed.visibility != list.visibility;
            let list = open_list(conn, list_id, Reader::of(Some(&caller)))?;
            let mut touched = touched(&list);
            if visibility_changed {
                // Whether its comments count on their authors' profiles.
                let commenters = comments::commenters(conn, CommentTarget::List(list_id))?;
                touched.0.extend(commenters.into_iter().map(Topic::Member));
            }
            Ok((touched, Json(list)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/list/{list_id}",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    responses(SignedIn, (status = 204, description = "Deleted with its entries, likes and comments"), (status = 403, description = "Neither its author nor an admin", body = ErrorMessage), (status = 404, description = "No list the caller may see", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(list_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            let list = open_list(conn, list_id, Reader::of(Some(&caller)))?;
            if list.author.user_id != caller.id && caller.role != Role::Admin {
                return Err(AppError::Forbidden(
                    "Only its author or an admin can delete this list".to_owned(),
                ));
            }
            lists::delete(conn, list_id)?;
            Ok((touched(&list), StatusCode::NO_CONTENT))
        })
        .await
}

#[utoipa::path(
    get,
    path = "/list/{list_id}/history",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    responses((status = 200, description = "What was added and what left, newest first", body = Vec<ListEvent>), (status = 404, description = "No list the caller may see", body = ErrorMessage)),
)]
async fn history(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(list_id): AppPath<i64>,
) -> AppResult<Json<Vec<ListEvent>>> {
    run_blocking(&state.pool, move |conn| {
        open_list(conn, list_id, Reader::of(caller.as_ref()))?;
        Ok(Json(lists::events(conn, list_id, HISTORY_SHOWN)?))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/feeds/lists/{list_id}",
    tag = "feeds",
    params(("list_id" = i64, Path, description = "List id")),
    responses((status = 200, description = "An Atom feed of the list's changes (what was added and what left), newest first (30 at most)", content_type = "application/atom+xml", body = String), (status = 404, description = "No list a visitor may see (private or hidden lists have no feed)", body = ErrorMessage)),
)]
async fn feed(
    State(state): State<AppState>,
    AppPath(list_id): AppPath<i64>,
    SiteOrigin(origin): SiteOrigin,
) -> AppResult<Response> {
    let (list, events) = run_blocking(&state.pool, move |conn| {
        let list = open_list(conn, list_id, Reader::of(None))?;
        Ok((list, lists::events(conn, list_id, atom::MOST_ENTRIES)?))
    })
    .await?;
    let page = format!("/list/{}/{}", list.list_id, list.slug);
    let items = events
        .into_iter()
        .map(|event| Item {
            id: format!("/list/{}#change-{}", list.list_id, event.id),
            title: event.text.clone(),
            page: page.clone(),
            updated: event.at,
            published: None,
            author: Some(list.author.username.clone()),
            content: event.text,
        })
        .collect();
    let feed_path = format!("/api/feeds/lists/{}", list.list_id);
    let about = About {
        origin: &origin,
        feed_path: &feed_path,
        page: &page,
        title: format!("{}, a list by {}", list.title, list.author.username),
        subtitle: "What was added to the list and what left it".to_owned(),
        changed: Some(&list.updated_at),
    };
    Ok(atom::feed(about, items))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewEntry {
    album_id: Option<i64>,
    #[serde(default)]
    note: String,
}

#[utoipa::path(
    post,
    path = "/list/{list_id}/entries",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    request_body = NewEntry,
    responses(SignedIn, (status = 201, description = "Added last", body = ListEntry), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Not its author, or suspended", body = ErrorMessage), (status = 404, description = "No such list or album", body = ErrorMessage), (status = 409, description = "On the list already, or the list is full", body = ErrorMessage), (status = 429, description = "Too many list changes; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn add_entry(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(list_id): AppPath<i64>,
    AppJson(body): AppJson<NewEntry>,
) -> AppResult<(StatusCode, Touched, Json<ListEntry>)> {
    let album_id = body
        .album_id
        .ok_or_else(|| AppError::BadRequest("albumId is required".to_owned()))?;
    let note = checked_text(&body.note, "note", MOST_NOTE_CHARS)?;
    state
        .writer
        .write(move |conn| {
            let list = own_list(conn, list_id, &caller)?;
            let album = albums::by_id(conn, album_id, Some(caller.id))?
                .ok_or_else(|| AppError::NotFound(format!("No album {album_id}")))?;
            // Counted inside the write, so parallel additions cannot pass it.
            let count = lists::entry_count(conn, list_id)?;
            if count >= MOST_ENTRIES {
                return Err(AppError::Conflict(
                    "A list holds at most 1,000 albums.".to_owned(),
                ));
            }
            let added_at = now();
            let entry_id = match lists::add_entry(conn, list_id, album_id, &note, &added_at) {
                Ok(id) => id,
                Err(error) if is_unique_violation(&error) => {
                    return Err(AppError::Conflict(
                        "That album is on this list already.".to_owned(),
                    ));
                }
                Err(error) => return Err(error.into()),
            };
            let what = format!("{} by {} was added", album.title, album.artist);
            lists::record_event(conn, list_id, &what, &now())?;
            // Last, after the `count` entries before it.
            let entry = ListEntry {
                entry_id,
                position: count + 1,
                note,
                added_at,
                album,
            };
            Ok((StatusCode::CREATED, touched(&list), Json(entry)))
        })
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EntryEdit {
    /// The place to move it to, from 1; the others shift.
    position: Option<i64>,
    note: Option<String>,
}

#[utoipa::path(
    patch,
    path = "/list/{list_id}/entries/{entry_id}",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id"), ("entry_id" = i64, Path, description = "Entry id")),
    request_body = EntryEdit,
    responses(SignedIn, (status = 200, description = "Moved or noted; the whole list as it is now", body = ListPage), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 403, description = "Not its author, or suspended", body = ErrorMessage), (status = 404, description = "No such list or entry", body = ErrorMessage), (status = 429, description = "Too many list changes; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn edit_entry(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath((list_id, entry_id)): AppPath<(i64, i64)>,
    AppJson(body): AppJson<EntryEdit>,
) -> AppResult<(Touched, Json<ListPage>)> {
    let note = body
        .note
        .as_deref()
        .map(|note| checked_text(note, "note", MOST_NOTE_CHARS))
        .transpose()?;
    if body.position.is_some_and(|position| position < 1) {
        return Err(AppError::BadRequest(
            "position must be 1 or more".to_owned(),
        ));
    }
    state
        .writer
        .write(move |conn| {
            let list = own_list(conn, list_id, &caller)?;
            let no_entry = || AppError::NotFound(format!("No entry {entry_id} on this list"));
            lists::entry_album(conn, list_id, entry_id)?.ok_or_else(no_entry)?;
            if let Some(position) = body.position {
                lists::move_entry(conn, list_id, entry_id, position, &now())?;
            }
            if let Some(note) = &note {
                lists::set_note(conn, list_id, entry_id, note, &now())?;
            }
            Ok((touched(&list), Json(page_of(conn, list_id, Some(&caller))?)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/list/{list_id}/entries/{entry_id}",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id"), ("entry_id" = i64, Path, description = "Entry id")),
    responses(SignedIn, (status = 204, description = "Taken off the list"), (status = 403, description = "Not its author, or suspended", body = ErrorMessage), (status = 404, description = "No such list or entry", body = ErrorMessage), (status = 429, description = "Too many list changes; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove_entry(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath((list_id, entry_id)): AppPath<(i64, i64)>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            let list = own_list(conn, list_id, &caller)?;
            let album = lists::entry_album(conn, list_id, entry_id)?
                .ok_or_else(|| AppError::NotFound(format!("No entry {entry_id} on this list")))?;
            lists::remove_entry(conn, list_id, entry_id, &now())?;
            lists::record_event(conn, list_id, &format!("{album} was removed"), &now())?;
            Ok((touched(&list), StatusCode::NO_CONTENT))
        })
        .await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Liking {
    liked: bool,
    like_count: i64,
}

async fn set_like(
    state: AppState,
    caller: User,
    list_id: i64,
    like: bool,
) -> AppResult<(Touched, Json<Liking>)> {
    state
        .writer
        .write(move |conn| {
            let list = open_list(conn, list_id, Reader::of(Some(&caller)))?;
            if list.author.user_id == caller.id {
                return Err(AppError::BadRequest(
                    "You can't like your own list".to_owned(),
                ));
            }
            let like_count = lists::set_like(conn, list_id, caller.id, like, &now())?;
            // A like is told once, however often it is taken back and given again.
            if like {
                notifications::notify(
                    conn,
                    list.author.user_id,
                    NotificationKind::Vote,
                    caller.id,
                    Subject::List(list_id),
                    &now(),
                )?;
            }
            Ok((
                touched(&list),
                Json(Liking {
                    liked: like,
                    like_count,
                }),
            ))
        })
        .await
}

#[utoipa::path(
    post,
    path = "/list/{list_id}/like",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    responses(SignedIn, (status = 200, description = "Liked (once, however often asked)", body = Liking), (status = 400, description = "The caller's own list", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No list the caller may see", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn like(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(list_id): AppPath<i64>,
) -> AppResult<(Touched, Json<Liking>)> {
    set_like(state, caller, list_id, true).await
}

#[utoipa::path(
    delete,
    path = "/list/{list_id}/like",
    tag = "lists",
    params(("list_id" = i64, Path, description = "List id")),
    responses(SignedIn, (status = 200, description = "Not liked", body = Liking), (status = 400, description = "The caller's own list", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 404, description = "No list the caller may see", body = ErrorMessage), (status = 429, description = "Too many writes of this kind; see Retry-After", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn unlike(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(list_id): AppPath<i64>,
) -> AppResult<(Touched, Json<Liking>)> {
    set_like(state, caller, list_id, false).await
}

#[utoipa::path(
    get,
    path = "/list/user/{username}",
    tag = "lists",
    params(("username" = String, Path, description = "Username")),
    responses((status = 200, description = "The member's lists the caller may see (all of them for the member, the public ones for others), newest changed first", body = Vec<ListSummary>), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn by_user(
    State(state): State<AppState>,
    MaybeUser(caller): MaybeUser,
    AppPath(username): AppPath<String>,
) -> AppResult<Json<Vec<ListSummary>>> {
    run_blocking(&state.pool, move |conn| {
        let member = shared::named(conn, &username)?;
        Ok(Json(lists::by_user(
            conn,
            member.id,
            Reader::of(caller.as_ref()),
        )?))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct MineQuery {
    /// Say which lists hold this album.
    album_id: Option<i64>,
}

/// One of the caller's lists, for choosing where to add an album.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MyList {
    #[serde(flatten)]
    list: ListSummary,
    /// Whether it holds the album asked about.
    contains_album: bool,
}

#[utoipa::path(
    get,
    path = "/list/mine",
    tag = "lists",
    params(MineQuery),
    responses(SignedIn, (status = 200, description = "Every list of the caller's, newest changed first", body = Vec<MyList>)),
    security(("bearer" = []))
)]
async fn mine(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<MineQuery>,
) -> AppResult<Json<Vec<MyList>>> {
    run_blocking(&state.pool, move |conn| {
        let mine = lists::mine(conn, caller.id, query.album_id)?
            .into_iter()
            .map(|(list, contains_album)| MyList {
                list,
                contains_album,
            })
            .collect();
        Ok(Json(mine))
    })
    .await
}

#[derive(Serialize, ToSchema)]
struct ListsHolding {
    /// How many public lists hold the album.
    count: i64,
    /// The most liked of them.
    lists: Vec<ListSummary>,
}

#[utoipa::path(
    get,
    path = "/list/album/{album_id}",
    tag = "lists",
    params(("album_id" = i64, Path, description = "Album id")),
    responses((status = 200, description = "The public lists holding the album: how many, and the five most liked", body = ListsHolding), (status = 404, description = "No such album", body = ErrorMessage)),
)]
async fn holding_album(
    State(state): State<AppState>,
    AppPath(album_id): AppPath<i64>,
) -> AppResult<Json<ListsHolding>> {
    run_blocking(&state.pool, move |conn| {
        albums::by_id(conn, album_id, None)?
            .ok_or_else(|| AppError::NotFound(format!("No album {album_id}")))?;
        let (count, lists) = lists::holding_album(conn, album_id, SHOWN_ON_ALBUM)?;
        Ok(Json(ListsHolding { count, lists }))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PopularQuery {
    /// How many, 1 to 50 (6 when absent).
    #[param(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

#[utoipa::path(
    get,
    path = "/list/popular",
    tag = "lists",
    params(PopularQuery),
    responses((status = 200, description = "Public lists, the most liked first", body = Vec<ListSummary>), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage)),
)]
async fn popular(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<PopularQuery>,
) -> AppResult<Json<Vec<ListSummary>>> {
    let limit = query.limit.unwrap_or(6);
    if !(1..=50).contains(&limit) {
        return Err(AppError::BadRequest("limit must be 1 to 50".to_owned()));
    }
    run_blocking(&state.pool, move |conn| {
        Ok(Json(lists::popular(conn, limit)?))
    })
    .await
}
