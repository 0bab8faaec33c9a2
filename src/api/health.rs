use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use crate::db::run_blocking;
use crate::error::AppResult;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

/// Answers ok only when the database answers too.
#[utoipa::path(
    get,
    path = "/health",
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
