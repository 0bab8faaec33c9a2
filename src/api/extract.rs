//! Extractors that answer in the API's `{"message"}` format when they fail.

use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// `Json` whose rejections (malformed JSON, wrong content type, a body over
/// the limit) come back as `{"message": ...}` with a fitting status.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct AppJson<T>(pub T);

impl<T: serde::Serialize> IntoResponse for AppJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                AppError::PayloadTooLarge("Request body is too large".to_owned())
            }
            _ => AppError::BadRequest(rejection.body_text()),
        }
    }
}
