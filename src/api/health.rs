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

/// Answers ok only when the database answers too.
async fn health(State(state): State<AppState>) -> AppResult<Json<Value>> {
    run_blocking(&state.pool, |conn| {
        conn.query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    })
    .await?;
    Ok(Json(json!({ "status": "ok" })))
}
