//! `GET /api/user/me/export`: the signed-in member's own data as a download.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::SignedIn;
use super::{AppState, CurrentUser};
use crate::db::export::{self, UserExport};
use crate::db::run_blocking;
use crate::domain::timestamp::now;
use crate::error::AppResult;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(download))
}

/// The file name a browser saves the export under.
pub fn file_name(username: &str, exported_at: &str) -> String {
    format!("halfstar-{username}-{}.json", &exported_at[..10])
}

/// Only ever the caller's own data: there is no way to name another member.
#[utoipa::path(
    get,
    path = "/user/me/export",
    tag = "users",
    responses(SignedIn, (status = 200, description = "Everything the caller wrote, as a JSON file", body = UserExport)),
    security(("bearer" = []))
)]
async fn download(
    State(state): State<AppState>,
    CurrentUser(caller): CurrentUser,
) -> AppResult<impl IntoResponse> {
    let exported = run_blocking(&state.pool, move |conn| {
        Ok(export::for_user(conn, caller, now())?)
    })
    .await?;
    let disposition = format!(
        "attachment; filename=\"{}\"",
        file_name(&exported.member.username, &exported.exported_at)
    );
    Ok((
        [
            (header::CONTENT_DISPOSITION, disposition),
            // It holds the member's email: no shared cache may keep it.
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        Json(exported),
    ))
}
