use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use super::AppState;
use crate::db::run_blocking;
use crate::error::AppResult;

pub fn router() -> Router<AppState> {
    Router::new().route("/health", get(health))
}

/// This module's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(health))]
pub struct Doc;

/// Answers ok only when the database answers too.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "health",
    responses((status = 200, description = "The server and its database answer")),
)]
async fn health(State(state): State<AppState>) -> AppResult<Json<Value>> {
    run_blocking(&state.pool, |conn| {
        conn.query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    })
    .await?;
    Ok(Json(json!({ "status": "ok" })))
}
