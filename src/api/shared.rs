//! What several resources share, each in one place: the member a path
//! names, and a note, reason or description checked and bounded.

use crate::db::users::{self, User};
use crate::domain::text;
use crate::error::{AppError, AppResult};

pub(super) fn no_user() -> AppError {
    AppError::NotFound("No user".to_owned())
}

/// The member a path names; 404 `No user` when there is none.
pub(super) fn named(conn: &rusqlite::Connection, username: &str) -> AppResult<User> {
    users::by_username(conn, username)?.ok_or_else(no_user)
}

/// Trimmed, multi-line text of at most `most` characters; the error names the field.
pub(super) fn checked_text(text: &str, field: &str, most: usize) -> AppResult<String> {
    let text = text.trim();
    text::multi_line(text, field).map_err(AppError::BadRequest)?;
    if text.chars().count() > most {
        return Err(AppError::BadRequest(format!(
            "{field} must be at most {most} characters"
        )));
    }
    Ok(text.to_owned())
}
