//! Password work off the async threads, a bounded number at a time.

use super::AppState;
use crate::auth;
use crate::domain::Password;
use crate::error::{AppError, AppResult};

/// Each hash holds 32 MiB for ~70 ms; two at once keep a small machine responsive.
pub const CONCURRENT_HASHES: usize = 2;

async fn with_permit<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> AppResult<T> {
    let _permit = state
        .password_work
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(e.into()))
}

pub async fn hash(state: &AppState, password: &Password) -> AppResult<String> {
    let password = password.expose().to_owned();
    with_permit(state, move || auth::hash_password(&password))
        .await?
        .map_err(AppError::Internal)
}

/// Checks a password against a stored hash, or, without one, spends the
/// same time so that unknown accounts cannot be told apart.
pub async fn verify(state: &AppState, password: &str, hash: Option<String>) -> AppResult<bool> {
    let password = password.to_owned();
    with_permit(state, move || match hash {
        Some(hash) => auth::verify_password(&password, &hash),
        None => {
            auth::verify_nothing(&password);
            false
        }
    })
    .await
}
