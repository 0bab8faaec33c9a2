//! The listening diary: a member logs a listen of an album on a day, with
//! the rating they gave it then, a short note and a re-listen mark; their
//! diary is public, as their ratings are. A rating given when logging also
//! becomes the member's rating of the album; changing an old entry's rating
//! changes only the entry.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::{SignedIn, Writes};
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser};
use crate::db::diary::{self, Cursor, DiaryEntry};
use crate::db::{albums, ratings, run_blocking, users};
use crate::domain::RatingValue;
use crate::domain::listening::{self, Listen};
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::reads::kept_answers::{Depends, Topic, Touched};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(log_listen))
        .routes(routes!(change_entry, remove_entry))
        .routes(routes!(my_listens))
        .routes(routes!(diary_of))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EntryBody {
    /// `YYYY-MM-DD`; today (UTC) when absent. Never after tomorrow.
    listened_on: Option<String>,
    /// 0.5 to 10 in half steps, or null.
    rating: Option<f64>,
    /// At most 500 characters.
    #[serde(default)]
    note: String,
    #[serde(default)]
    relisten: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LogBody {
    album_id: i64,
    #[serde(flatten)]
    entry: EntryBody,
}

fn checked_entry(body: &EntryBody) -> AppResult<Listen> {
    let today = OffsetDateTime::now_utc().date();
    let day = body
        .listened_on
        .clone()
        .unwrap_or_else(|| listening::day_text(today));
    listening::checked(&day, body.rating, &body.note, body.relisten, today)
        .map_err(AppError::BadRequest)
}

#[utoipa::path(
    post,
    path = "/diary",
    tag = "diary",
    request_body = LogBody,
    responses(Writes, (status = 201, description = "Logged; a rating given also becomes the caller's rating of the album", body = DiaryEntry), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn log_listen(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(body): AppJson<LogBody>,
) -> AppResult<(StatusCode, Touched, Json<DiaryEntry>)> {
    let fields = checked_entry(&body.entry)?;
    let album_id = body.album_id;
    state
        .writer
        .write(move |conn| {
            if !albums::exists(conn, album_id)? {
                return Err(AppError::NotFound(format!("No album with id {album_id}")));
            }
            let now = now();
            let entry_id = diary::log(conn, user.id, album_id, &fields, &now)?;
            // Only a changed rating is a new rating (and a new item in feeds).
            if let Some(number) = fields.rating.and_then(RatingValue::from_f64)
                && ratings::number_of(conn, user.id, album_id)? != Some(number.as_f64())
            {
                ratings::upsert(conn, user.id, album_id, Some(number), &now)?;
            }
            let entry = diary::by_id(conn, entry_id)?.expect("the entry exists");
            Ok((
                StatusCode::CREATED,
                Touched(vec![Topic::Member(user.id), Topic::Album(album_id)]),
                Json(entry),
            ))
        })
        .await
}

#[utoipa::path(
    patch,
    path = "/diary/{entry_id}",
    tag = "diary",
    params(("entry_id" = i64, Path, description = "Diary entry id")),
    request_body = EntryBody,
    responses(Writes, (status = 200, description = "Changed: the day (required here), rating, note and re-listen mark are replaced; the album rating is untouched", body = DiaryEntry), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such entry in the caller's diary", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn change_entry(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(entry_id): AppPath<i64>,
    AppJson(body): AppJson<EntryBody>,
) -> AppResult<(Touched, Json<DiaryEntry>)> {
    if body.listened_on.is_none() {
        return Err(AppError::BadRequest("listenedOn is required".to_owned()));
    }
    let fields = checked_entry(&body)?;
    state
        .writer
        .write(move |conn| {
            if !diary::change(conn, user.id, entry_id, &fields, &now())? {
                return Err(no_entry(entry_id));
            }
            let entry = diary::by_id(conn, entry_id)?.ok_or_else(|| no_entry(entry_id))?;
            Ok((Touched(vec![Topic::Member(user.id)]), Json(entry)))
        })
        .await
}

#[utoipa::path(
    delete,
    path = "/diary/{entry_id}",
    tag = "diary",
    params(("entry_id" = i64, Path, description = "Diary entry id")),
    responses(Writes, (status = 204, description = "The entry is gone"), (status = 404, description = "No such entry in the caller's diary", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn remove_entry(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(entry_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            if !diary::remove(conn, user.id, entry_id)? {
                return Err(no_entry(entry_id));
            }
            Ok((
                Touched(vec![Topic::Member(user.id)]),
                StatusCode::NO_CONTENT,
            ))
        })
        .await
}

fn no_entry(entry_id: i64) -> AppError {
    AppError::NotFound(format!("No entry {entry_id} in your diary"))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MyListens {
    /// How many listens of the album the caller logged.
    count: i64,
    /// The latest first, at most 20.
    entries: Vec<DiaryEntry>,
}

#[utoipa::path(
    get,
    path = "/album/{id}/my-listens",
    tag = "diary",
    params(("id" = i64, Path, description = "Album id")),
    responses(SignedIn, (status = 200, description = "The caller's logged listens of the album, the latest first, and how many", body = MyListens), (status = 404, description = "No such album", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn my_listens(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> AppResult<Json<MyListens>> {
    run_blocking(&state.pool, move |conn| {
        if !albums::exists(conn, id)? {
            return Err(AppError::NotFound(format!("No album with id {id}")));
        }
        let (entries, count) = diary::of_member_and_album(conn, user.id, id)?;
        Ok(Json(MyListens { count, entries }))
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct DiaryQuery {
    /// The `next` of the page before.
    before: Option<String>,
    /// How many entries, 1 to 100 (50 when absent).
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MonthOfListens {
    /// `YYYY-MM`.
    month: String,
    listens: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Diary {
    /// The latest day first.
    entries: Vec<DiaryEntry>,
    /// Pass as `before` for the next page; null at the end.
    #[schema(required)]
    next: Option<String>,
    /// Every month with listens and how many, the latest first; on the
    /// first page only (empty on the others).
    months: Vec<MonthOfListens>,
}

#[utoipa::path(
    get,
    path = "/user/username/{username}/diary",
    tag = "diary",
    params(("username" = String, Path, description = "Username"), DiaryQuery),
    responses((status = 200, description = "The member's diary, the latest listen first, with each month's count", body = Diary), (status = 400, description = "Bad input; the message names the field", body = ErrorMessage), (status = 404, description = "No such member", body = ErrorMessage)),
)]
async fn diary_of(
    State(state): State<AppState>,
    AppPath(username): AppPath<String>,
    AppQuery(query): AppQuery<DiaryQuery>,
) -> AppResult<(Depends, Json<Diary>)> {
    let limit = query.limit.unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return Err(AppError::BadRequest("limit must be 1 to 100".to_owned()));
    }
    let before = query
        .before
        .as_deref()
        .map(|text| {
            Cursor::decode(text).ok_or_else(|| {
                AppError::BadRequest("before must be the next of a page of the diary".to_owned())
            })
        })
        .transpose()?;
    run_blocking(&state.pool, move |conn| {
        let user = users::by_username(conn, &username)?
            .ok_or_else(|| AppError::NotFound(format!("No member called {username}")))?;
        let entries = diary::of_member(conn, user.id, before.as_ref(), limit)?;
        let next = (entries.len() == limit as usize)
            .then(|| entries.last())
            .flatten()
            .map(|last| {
                Cursor {
                    listened_on: last.listened_on.clone(),
                    entry_id: last.entry_id,
                }
                .encode()
            });
        let months = if before.is_none() {
            diary::months_of_member(conn, user.id)?
                .into_iter()
                .map(|(month, listens)| MonthOfListens { month, listens })
                .collect()
        } else {
            Vec::new()
        };
        let albums = entries.iter().map(|entry| entry.album.album_id);
        let depends = Depends::member_and_albums(user.id, albums);
        Ok((
            depends,
            Json(Diary {
                entries,
                next,
                months,
            }),
        ))
    })
    .await
}
