//! Bringing a member's history in (`/api/import/ratings...`): upload a file,
//! follow it being read and matched, review and fix the matches, confirm;
//! the "Listened, not yet rated" queue it fills (`/api/user/me/listened`);
//! and the ratings going out again as a Rate Your Music style CSV.
//! Every call is the caller's own: an import id of another member's is 404.

use std::sync::Arc;
use utoipa_axum::{router::OpenApiRouter, routes};

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::openapi::SignedIn;
use super::{AppJson, AppPath, AppQuery, AppState, CurrentUser};
use crate::csv_cells::CsvWriter;
use crate::db::listens::{self, ListenedAlbum};
use crate::db::{member_import, run_blocking};
use crate::domain::text;
use crate::domain::timestamp::now;
use crate::error::{AppError, AppResult, ErrorMessage};
use crate::http::paging::OffsetQuery;
use crate::http::uploads;
use crate::http::write_limits::{WriteKind, charge_write, how_long};
use crate::member_import::jobs::{
    CatalogueSource, ImportCounts, ImportStatus, Job, JobRow, JobState, Refused,
};
use crate::member_import::matching::{Found, How, ImportCandidate};
use crate::member_import::plan::{ImportEffects, ImportResult, Planned, plan};
use crate::member_import::write as import_write;
use crate::member_import::{self as reading, Asked, Format, MOST_BYTES, Shelf, Skipped, rym};
use crate::player_listens::payload::Listen as PlayerPlay;
use crate::reads::kept_answers::{Topic, Touched};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload))
        .routes(routes!(current))
        .routes(routes!(show, discard))
        .routes(routes!(rows))
        .routes(routes!(choose))
        .routes(routes!(accept_best))
        .routes(routes!(rematch))
        .routes(routes!(missing_csv))
        .routes(routes!(confirm))
        .routes(routes!(listened))
        .routes(routes!(dismiss))
        .routes(routes!(export_csv))
}

/// An import as the page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportJob {
    import_id: String,
    file_name: String,
    format: Format,
    /// "Rate Your Music export", "Discogs collection", ...
    format_name: &'static str,
    /// reading and matching move on by themselves (poll); writing is the
    /// confirmation under way.
    status: ImportStatus,
    progress: ImportProgress,
    /// Why it failed.
    #[schema(required)]
    message: Option<String>,
    /// What the member should know about how the file was read.
    notes: Vec<String>,
    counts: ImportCounts,
    /// What confirming would do now (while ready).
    effects: ImportEffects,
    /// What confirming did.
    #[schema(required)]
    result: Option<ImportResult>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportProgress {
    done: u64,
    /// 0 while not known.
    total: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
enum RowStatus {
    Matched,
    Uncertain,
    Missing,
    Skipped,
}

/// One album of the file, as the preview lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportRow {
    /// Its id within the import.
    row: usize,
    /// Where it is in the file (the first line is 1; for listens, the album's first listen).
    line: usize,
    artist: String,
    title: String,
    #[schema(required)]
    year: Option<i32>,
    /// On halfstar's scale, already converted.
    #[schema(required)]
    rating: Option<f64>,
    shelf: Shelf,
    /// Listens of the album; 0 for files that are not listening histories.
    plays: u32,
    has_review: bool,
    status: RowStatus,
    #[schema(required)]
    how: Option<How>,
    /// The album it will be written to.
    #[schema(required)]
    album: Option<ImportCandidate>,
    /// For an uncertain row, the nearest albums, best first.
    candidates: Vec<ImportCandidate>,
    /// Why a skipped row could not be read.
    #[schema(required)]
    problem: Option<String>,
    /// The member's rating of the matched album now.
    #[schema(required)]
    current_rating: Option<f64>,
}

fn status_of(row: &JobRow) -> RowStatus {
    if row.album().is_some() {
        RowStatus::Matched
    } else if row.is_uncertain() {
        RowStatus::Uncertain
    } else {
        RowStatus::Missing
    }
}

fn row_view(at: usize, row: &JobRow, current_rating: Option<f64>) -> ImportRow {
    let file = &row.file;
    let album = row.album();
    ImportRow {
        row: at,
        line: file.line,
        artist: file.artist.clone(),
        title: file.title.clone(),
        year: file.year,
        rating: file.rating.map(|v| v.as_f64()),
        shelf: file.shelf,
        plays: file.plays,
        has_review: file.review.is_some(),
        status: status_of(row),
        how: album.map(|(_, how)| how),
        album: album.map(|(album, _)| album.clone()),
        candidates: match &row.found {
            Found::Uncertain(candidates) => candidates.clone(),
            _ => Vec::new(),
        },
        problem: None,
        current_rating,
    }
}

fn skipped_view(at: usize, skipped: &Skipped) -> ImportRow {
    ImportRow {
        row: at,
        line: skipped.line,
        artist: String::new(),
        title: String::new(),
        year: None,
        rating: None,
        shelf: Shelf::NotCatalogued,
        plays: 0,
        has_review: false,
        status: RowStatus::Skipped,
        how: None,
        album: None,
        candidates: Vec::new(),
        problem: Some(skipped.problem.clone()),
        current_rating: None,
    }
}

/// The `limit` items from `offset` on (none past the end).
fn page_of<T>(items: &[T], offset: usize, limit: u32) -> &[T] {
    let from = items.get(offset..).unwrap_or_default();
    &from[..from.len().min(limit as usize)]
}

fn plans(state: &JobState) -> Vec<Planned> {
    plan(
        state
            .rows
            .iter()
            .filter_map(|row| row.album().map(|(album, _)| (&row.file, album.album_id))),
    )
}

/// The file's plays of albums no row was matched to: kept without an album.
fn unmatched_plays(state: &JobState) -> impl Iterator<Item = &PlayerPlay> {
    state
        .rows
        .iter()
        .filter(|row| row.album().is_none())
        .flat_map(|row| &row.file.player_plays)
}

/// The job as the page shows it, with what confirming would do now.
async fn job_view(state: &AppState, job: &Job) -> AppResult<ImportJob> {
    let ready_plans = {
        let held = job.state();
        (held.status == ImportStatus::Ready).then(|| (plans(&held), unmatched_plays(&held).count()))
    };
    let effects = match ready_plans {
        Some((planned, unmatched_plays)) => {
            let user_id = job.user_id;
            let mut effects = run_blocking(&state.pool, move |conn| {
                Ok(import_write::effects(conn, user_id, &planned)?)
            })
            .await?;
            effects.player_plays += u32::try_from(unmatched_plays).unwrap_or(u32::MAX);
            effects
        }
        None => ImportEffects::default(),
    };
    let held = job.state();
    let (done, total) = job.progress.get();
    Ok(ImportJob {
        import_id: job.id.clone(),
        file_name: job.file_name.clone(),
        format: job.format,
        format_name: job.format.name(),
        status: held.status,
        progress: ImportProgress { done, total },
        message: held.message.clone(),
        notes: held.notes.clone(),
        counts: held.counts(),
        effects,
        result: held.result.clone(),
    })
}

fn no_import(state: &AppState) -> AppError {
    AppError::NotFound(format!(
        "No such import: it was discarded, replaced by another file, or forgotten after {} unused",
        how_long(state.rating_imports.limits().idle)
    ))
}

fn find(state: &AppState, caller: i64, import_id: &str) -> AppResult<Arc<Job>> {
    state
        .rating_imports
        .get(caller, import_id)
        .ok_or_else(|| no_import(state))
}

fn not_ready(status: ImportStatus) -> AppError {
    AppError::Conflict(match status {
        ImportStatus::Done => "This import is finished already.".to_owned(),
        ImportStatus::Failed => "This import failed; upload the file again.".to_owned(),
        _ => "This import is still being read or written; wait for it to finish.".to_owned(),
    })
}

/// Opens a connection for matching, on the calling (blocking) thread.
fn catalogue_loader(state: &AppState) -> impl CatalogueSource + use<> {
    let pool = state.pool.clone();
    move || {
        pool.get()
            .map_err(|error| format!("The database is busy: {error}"))
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct UploadQuery {
    /// auto (the default), rym, discogs, lastfm, listenbrainz or halfstar.
    format: Option<String>,
    /// The file's name, to show on the page.
    file_name: Option<String>,
}

/// Starts reading a file of the caller's history (the request body is the
/// file as it is); poll the answer's import until it is ready. The file is
/// received onto disk, and only a file received whole and recognised is
/// charged to the member's allowance of uploads.
#[utoipa::path(
    post,
    path = "/import/ratings",
    tag = "imports",
    params(UploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The exported file, at most 64 MiB"),
    responses(SignedIn, (status = 202, description = "Being read", body = ImportJob), (status = 400, description = "Empty, or not a format halfstar reads", body = ErrorMessage), (status = 403, description = "The caller is suspended", body = ErrorMessage), (status = 409, description = "The caller's previous file is still being uploaded or read; refused before the body is read", body = ErrorMessage), (status = 413, description = "Over 64 MiB", body = ErrorMessage), (status = 429, description = "Too many uploads; see Retry-After", body = ErrorMessage), (status = 503, description = "Too many imports at once; see Retry-After", body = ErrorMessage), (status = 507, description = "The server's disk is full", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn upload(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<UploadQuery>,
    body: Body,
) -> AppResult<(StatusCode, Touched, Json<ImportJob>)> {
    let asked: Asked = query
        .format
        .as_deref()
        .unwrap_or("auto")
        .parse()
        .map_err(AppError::BadRequest)?;
    // Shown as one line: what a one-line field would refuse is left out.
    let file_name: String = text::strip_to_one_line(&query.file_name.unwrap_or_default())
        .chars()
        .take(200)
        .collect();
    // Before a byte of the body is read: one file at a time per member, and
    // a place for it among the site's imports.
    let reception = state.rating_imports.receive(caller.id).map_err(refusal)?;
    let spool = reception.spool_file().map_err(uploads::disk_error)?;
    let (file, format) = uploads::receive(
        body,
        spool,
        MOST_BYTES,
        reading::SNIFF_BYTES,
        || {
            AppError::PayloadTooLarge(format!(
                "The file is larger than {} MB; split it, or ask the site's admin to import it with `halfstar import-user`",
                MOST_BYTES / 1024 / 1024
            ))
        },
        |head| {
            if head.is_empty() {
                return Err(AppError::BadRequest("The file is empty.".to_owned()));
            }
            reading::detect(head, asked).map_err(AppError::BadRequest)
        },
    )
    .await?;
    // The route's allowance (allowances.rs), charged only now that the file is accepted.
    charge_write(&state, WriteKind::FileImport, &caller)?;
    let job = state.rating_imports.start(reception, &file_name, format);
    tokio::spawn(state.rating_imports.clone().read_in_turn(
        job.clone(),
        file,
        catalogue_loader(&state),
    ));
    let view = job_view(&state, &job).await?;
    Ok((StatusCode::ACCEPTED, Touched(Vec::new()), Json(view)))
}

fn refusal(refused: Refused) -> AppError {
    match refused {
        Refused::StillUploading => AppError::Conflict(
            "Your previous file is still being uploaded; wait for it to finish, then upload again."
                .to_owned(),
        ),
        Refused::StillReading => AppError::Conflict(
            "Your previous file is still being read; wait for it to finish, then upload again."
                .to_owned(),
        ),
        Refused::Full => AppError::ServiceUnavailable {
            message: "Too many members are importing right now; try again in a few minutes."
                .to_owned(),
            retry_after_secs: 120,
        },
    }
}

#[utoipa::path(
    get,
    path = "/import/ratings/current",
    tag = "imports",
    responses(SignedIn, (status = 200, description = "The caller's import, or null when they have none (the page opens on the upload form)", body = Option<ImportJob>)),
    security(("bearer" = []))
)]
async fn current(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<Json<Option<ImportJob>>> {
    Ok(Json(match state.rating_imports.current(caller.id) {
        Some(job) => Some(job_view(&state, &job).await?),
        None => None,
    }))
}

#[utoipa::path(
    get,
    path = "/import/ratings/{import_id}",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    responses(SignedIn, (status = 200, description = "The import", body = ImportJob), (status = 404, description = "No such import of the caller's", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn show(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
) -> AppResult<Json<ImportJob>> {
    let job = find(&state, caller.id, &import_id)?;
    Ok(Json(job_view(&state, &job).await?))
}

#[utoipa::path(
    delete,
    path = "/import/ratings/{import_id}",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    responses(SignedIn, (status = 204, description = "Discarded; nothing was written"), (status = 404, description = "No such import of the caller's", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn discard(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
) -> AppResult<(Touched, StatusCode)> {
    if !state.rating_imports.remove(caller.id, &import_id) {
        return Err(no_import(&state));
    }
    Ok((Touched(Vec::new()), StatusCode::NO_CONTENT))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RowsQuery {
    /// matched, uncertain, missing or skipped.
    status: RowStatus,
    #[param(minimum = 0)]
    offset: Option<u32>,
    /// 1 to 200; 50 by default.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportRows {
    rows: Vec<ImportRow>,
    /// How many rows have that status.
    total: usize,
}

#[utoipa::path(
    get,
    path = "/import/ratings/{import_id}/rows",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id"), RowsQuery),
    responses(SignedIn, (status = 200, description = "A page of the rows with that status, in file order", body = ImportRows), (status = 400, description = "Bad status or page", body = ErrorMessage), (status = 404, description = "No such import of the caller's", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn rows(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
    AppQuery(query): AppQuery<RowsQuery>,
) -> AppResult<Json<ImportRows>> {
    let limit = query.limit.unwrap_or(50);
    if !(1..=200).contains(&limit) {
        return Err(AppError::BadRequest("limit must be 1 to 200".to_owned()));
    }
    let offset = query.offset.unwrap_or(0) as usize;
    let job = find(&state, caller.id, &import_id)?;
    let (mut page, total) = {
        let held = job.state();
        if query.status == RowStatus::Skipped {
            let indexed: Vec<(usize, &Skipped)> = held.skipped.iter().enumerate().collect();
            return Ok(Json(ImportRows {
                rows: page_of(&indexed, offset, limit)
                    .iter()
                    .map(|(at, skipped)| skipped_view(*at, skipped))
                    .collect(),
                total: held.skipped.len(),
            }));
        }
        let with_status: Vec<(usize, &JobRow)> = held
            .rows
            .iter()
            .enumerate()
            .filter(|(_, row)| status_of(row) == query.status)
            .collect();
        let page: Vec<ImportRow> = page_of(&with_status, offset, limit)
            .iter()
            .map(|(at, row)| row_view(*at, row, None))
            .collect();
        (page, with_status.len())
    };
    let album_ids: Vec<i64> = page
        .iter()
        .filter_map(|r| r.album.as_ref().map(|a| a.album_id))
        .collect();
    if !album_ids.is_empty() {
        let have = run_blocking(&state.pool, move |conn| {
            Ok(member_import::existing(conn, caller.id, &album_ids)?)
        })
        .await?;
        for row in &mut page {
            row.current_rating = row
                .album
                .as_ref()
                .and_then(|album| have.get(&album.album_id))
                .and_then(|existing| existing.rating.flatten());
        }
    }
    Ok(Json(ImportRows { rows: page, total }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RowChoice {
    /// The album this row is; null to leave the row out.
    #[schema(required)]
    album_id: Option<i64>,
}

#[utoipa::path(
    put,
    path = "/import/ratings/{import_id}/rows/{row}",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id"), ("row" = usize, Path, description = "The row's id")),
    request_body = RowChoice,
    responses(SignedIn, (status = 200, description = "The row as it is now", body = ImportRow), (status = 400, description = "No such album", body = ErrorMessage), (status = 404, description = "No such import or row", body = ErrorMessage), (status = 409, description = "The import is not ready for choices", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn choose(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath((import_id, row)): AppPath<(String, usize)>,
    AppJson(choice): AppJson<RowChoice>,
) -> AppResult<(Touched, Json<ImportRow>)> {
    let job = find(&state, caller.id, &import_id)?;
    let album = match choice.album_id {
        Some(album_id) => Some(
            run_blocking(&state.pool, move |conn| {
                Ok(member_import::candidate(conn, album_id)?)
            })
            .await?
            .ok_or_else(|| AppError::BadRequest(format!("No album with id {album_id}")))?,
        ),
        None => None,
    };
    let view = {
        let mut held = job.state();
        if held.status != ImportStatus::Ready {
            return Err(not_ready(held.status));
        }
        let entry = held
            .rows
            .get_mut(row)
            .ok_or_else(|| AppError::NotFound(format!("No row {row} in this import")))?;
        entry.chosen = album;
        if entry.chosen.is_none()
            && let Found::Matched(matched, _) = &entry.found
        {
            // Leaving out a row that matched by itself: its album stays
            // on offer, so the member can take it back.
            entry.found = Found::Uncertain(vec![matched.clone()]);
        }
        row_view(row, entry, None)
    };
    Ok((Touched(Vec::new()), Json(view)))
}

#[utoipa::path(
    post,
    path = "/import/ratings/{import_id}/accept-best",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    responses(SignedIn, (status = 200, description = "Every uncertain row took its best candidate", body = ImportJob), (status = 404, description = "No such import of the caller's", body = ErrorMessage), (status = 409, description = "The import is not ready for choices", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn accept_best(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
) -> AppResult<(Touched, Json<ImportJob>)> {
    let job = find(&state, caller.id, &import_id)?;
    {
        let mut held = job.state();
        if held.status != ImportStatus::Ready {
            return Err(not_ready(held.status));
        }
        for row in held.rows.iter_mut().filter(|row| row.chosen.is_none()) {
            if let Found::Uncertain(candidates) = &row.found {
                row.chosen = candidates.first().cloned();
            }
        }
    }
    Ok((Touched(Vec::new()), Json(job_view(&state, &job).await?)))
}

#[utoipa::path(
    post,
    path = "/import/ratings/{import_id}/rematch",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    responses(SignedIn, (status = 202, description = "Matching the rows without an album again; poll until ready", body = ImportJob), (status = 404, description = "No such import of the caller's", body = ErrorMessage), (status = 409, description = "The import is not ready", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn rematch(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
) -> AppResult<(StatusCode, Touched, Json<ImportJob>)> {
    let job = find(&state, caller.id, &import_id)?;
    if !state.rating_imports.begin_matching(&job) {
        return Err(not_ready(job.state().status));
    }
    let (imports, working, load) = (
        state.rating_imports.clone(),
        job.clone(),
        catalogue_loader(&state),
    );
    tokio::spawn(imports.match_again_in_turn(working, load));
    let view = job_view(&state, &job).await?;
    Ok((StatusCode::ACCEPTED, Touched(Vec::new()), Json(view)))
}

#[utoipa::path(
    get,
    path = "/import/ratings/{import_id}/missing.csv",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    responses(SignedIn, (status = 200, description = "The rows not in the catalogue yet: Artist,Title,Year,Rating,Line", content_type = "text/csv", body = String), (status = 404, description = "No such import of the caller's", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn missing_csv(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
) -> AppResult<impl IntoResponse> {
    let job = find(&state, caller.id, &import_id)?;
    let mut writer = CsvWriter::new();
    let written: Result<(), csv::Error> = (|| {
        writer.write_record(["Artist", "Title", "Year", "Rating", "Line"])?;
        for row in job
            .state()
            .rows
            .iter()
            .filter(|r| status_of(r) == RowStatus::Missing)
        {
            let file = &row.file;
            writer.write_record([
                file.artist.clone(),
                file.title.clone(),
                file.year.map(|y| y.to_string()).unwrap_or_default(),
                file.rating.map(|v| v.to_string()).unwrap_or_default(),
                file.line.to_string(),
            ])?;
        }
        Ok(())
    })();
    written.map_err(|error| AppError::Internal(error.into()))?;
    let bytes = writer
        .into_bytes()
        .map_err(|error| AppError::Internal(error.into()))?;
    Ok(csv_download(bytes, "not-in-the-catalogue-yet.csv"))
}

fn csv_download(bytes: Vec<u8>, file_name: &str) -> impl IntoResponse + use<> {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        bytes,
    )
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Confirmation {
    /// Replace the caller's own ratings that differ from the file's.
    #[serde(default)]
    file_wins: bool,
}

#[utoipa::path(
    post,
    path = "/import/ratings/{import_id}/confirm",
    tag = "imports",
    params(("import_id" = String, Path, description = "The import's id")),
    request_body = Confirmation,
    responses(SignedIn, (status = 200, description = "Written in one transaction; the import is done", body = ImportJob), (status = 400, description = "Bad input", body = ErrorMessage), (status = 404, description = "No such import of the caller's", body = ErrorMessage), (status = 409, description = "The import is not ready", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn confirm(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(import_id): AppPath<String>,
    AppJson(confirmation): AppJson<Confirmation>,
) -> AppResult<(Touched, Json<ImportJob>)> {
    let job = find(&state, caller.id, &import_id)?;
    // Ready -> writing under the lock: a second confirmation waits its turn and is refused.
    let (planned, unmatched_plays) = {
        let mut held = job.state();
        if held.status != ImportStatus::Ready {
            return Err(not_ready(held.status));
        }
        held.status = ImportStatus::Writing;
        (
            plans(&held),
            unmatched_plays(&held).cloned().collect::<Vec<_>>(),
        )
    };
    let mut touched: Vec<Topic> = planned.iter().map(|p| Topic::Album(p.album_id)).collect();
    touched.push(Topic::Member(caller.id));
    let file_wins = confirmation.file_wins;
    let written = state
        .writer
        .write(move |conn| {
            Ok(import_write::apply(
                conn,
                caller.id,
                &planned,
                &unmatched_plays,
                file_wins,
                &now(),
            )?)
        })
        .await;
    {
        let mut held = job.state();
        match &written {
            Ok(result) => held.written(result.clone()),
            Err(_) => held.status = ImportStatus::Ready,
        }
    }
    written?;
    Ok((Touched(touched), Json(job_view(&state, &job).await?)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ListenedQueue {
    albums: Vec<ListenedAlbum>,
    total: i64,
}

#[utoipa::path(
    get,
    path = "/user/me/listened",
    tag = "users",
    params(OffsetQuery),
    responses(SignedIn, (status = 200, description = "Albums the caller listened to and has not rated, most played first", body = ListenedQueue), (status = 400, description = "Bad page", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn listened(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppQuery(query): AppQuery<OffsetQuery>,
) -> AppResult<Json<ListenedQueue>> {
    let page = query.page(24)?;
    let (albums, total) = run_blocking(&state.pool, move |conn| {
        Ok(listens::queue(conn, caller.id, page)?)
    })
    .await?;
    Ok(Json(ListenedQueue { albums, total }))
}

#[utoipa::path(
    delete,
    path = "/user/me/listened/{album_id}",
    tag = "users",
    params(("album_id" = i64, Path, description = "Album id")),
    responses(SignedIn, (status = 204, description = "Out of the queue, and stays out on the next import"), (status = 404, description = "Not in the caller's queue", body = ErrorMessage)),
    security(("bearer" = []))
)]
async fn dismiss(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
    AppPath(album_id): AppPath<i64>,
) -> AppResult<(Touched, StatusCode)> {
    state
        .writer
        .write(move |conn| {
            if !listens::dismiss(conn, caller.id, album_id)? {
                return Err(AppError::NotFound(format!(
                    "Album {album_id} is not in your listened queue"
                )));
            }
            Ok((Touched(Vec::new()), StatusCode::NO_CONTENT))
        })
        .await
}

#[utoipa::path(
    get,
    path = "/user/me/export/ratings.csv",
    tag = "users",
    responses(SignedIn, (status = 200, description = "The caller's ratings, library, wishlist and reviews as a Rate Your Music style CSV", content_type = "text/csv", body = String)),
    security(("bearer" = []))
)]
async fn export_csv(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<impl IntoResponse> {
    let albums = run_blocking(&state.pool, move |conn| {
        Ok(member_import::for_rym_csv(conn, caller.id)?)
    })
    .await?;
    let bytes = rym::write(&albums).map_err(|error| AppError::Internal(error.into()))?;
    let name = format!("halfstar-{}-ratings.csv", caller.username);
    Ok(csv_download(bytes, &name))
}
