//! The one error type of the API: every failure answers `{"message": ...}`
//! with a fitting status; internal causes are logged, never shown.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    RequestTimeout(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    /// The request's address is longer than the head's limits allow.
    #[error("{0}")]
    UriTooLong(String),
    /// A header line, or the headers in all, are over the head's limits.
    #[error("{0}")]
    HeadersTooLarge(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// The server is too busy for this request now; `Retry-After` says when to try again.
    #[error("{message}")]
    ServiceUnavailable {
        message: String,
        retry_after_secs: u64,
    },
    /// A service the server called on the caller's behalf failed (the import sources).
    #[error("{0}")]
    BadGateway(String),
    /// SQLite found no room to write: the change was rolled back.
    #[error(
        "The server's disk is full, so nothing was saved; ask the site's admin to free some space"
    )]
    InsufficientStorage,
    #[error(transparent)]
    Internal(anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorMessage {
    pub message: String,
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::ServiceUnavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::InsufficientStorage => StatusCode::INSUFFICIENT_STORAGE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<anyhow::Error> for AppError {
    fn from(error: anyhow::Error) -> Self {
        // SQLite's and the file system's own word for it (an upload's file).
        let disk_full = error.chain().any(|cause| {
            cause
                .downcast_ref::<rusqlite::Error>()
                .and_then(rusqlite::Error::sqlite_error_code)
                == Some(rusqlite::ErrorCode::DiskFull)
                || cause
                    .downcast_ref::<std::io::Error>()
                    .is_some_and(|error| error.kind() == std::io::ErrorKind::StorageFull)
        });
        if disk_full {
            tracing::error!(error = ?error, "the disk is full");
            Self::InsufficientStorage
        } else {
            Self::Internal(error)
        }
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(error: rusqlite::Error) -> Self {
        anyhow::Error::from(error).into()
    }
}

impl From<r2d2::Error> for AppError {
    fn from(error: r2d2::Error) -> Self {
        Self::Internal(error.into())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = match &self {
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                "Internal server error".to_owned()
            }
            other => other.to_string(),
        };
        let mut response = (status, Json(ErrorMessage { message })).into_response();
        if let Self::TooManyRequests {
            retry_after_secs, ..
        }
        | Self::ServiceUnavailable {
            retry_after_secs, ..
        } = self
        {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
        }
        response
    }
}
