//! `openapi`: the API's OpenAPI description as `GET /api/openapi.json`
//! answers it, so the UI's types can be generated without a running server.

use std::io::Write;
use std::process::ExitCode;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut json = serde_json::to_vec_pretty(&halfstar::api::openapi_document())?;
    json.push(b'\n');
    std::io::stdout().lock().write_all(&json)?;
    Ok(ExitCode::SUCCESS)
}
