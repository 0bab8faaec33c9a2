//! A suspended member reads but does not write: every content write asks here.

use crate::db::users::{Suspension, User};
use crate::domain::timestamp::now;
use crate::domain::words::long_date;
use crate::error::AppError;

/// 403 with the reason and the end while the caller is suspended.
pub fn refuse_if_suspended(user: &User) -> Result<(), AppError> {
    match user.suspension(&now()) {
        Some(suspension) => Err(AppError::Forbidden(message(&suspension))),
        None => Ok(()),
    }
}

/// 403 while the member of a long-lived key (a player token, a calendar
/// link) is suspended: the key does nothing, reads included, until it ends.
pub fn refuse_key_if_suspended(user: &User) -> Result<(), AppError> {
    match user.suspension(&now()) {
        Some(suspension) => Err(AppError::Forbidden(key_message(&suspension))),
        None => Ok(()),
    }
}

fn key_message(suspension: &Suspension) -> String {
    format!(
        "This key's account is suspended{}: {}. Its player token and calendar link work again when the suspension ends.",
        until(suspension),
        suspension.reason.trim_end_matches('.')
    )
}

fn until(suspension: &Suspension) -> String {
    match &suspension.until {
        Some(until) => format!(" until {}", long_date(until)),
        None => String::new(),
    }
}

/// "Your account is suspended until December 1st, 2026: spam. You can read, but not write."
pub fn message(suspension: &Suspension) -> String {
    format!(
        "Your account is suspended{}: {}. You can read, but not write.",
        until(suspension),
        suspension.reason.trim_end_matches('.')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_says_until_when_and_why() {
        let until = Suspension {
            until: Some("2026-12-01T10:00:00.000Z".into()),
            reason: "Spam in comments.".into(),
        };
        assert_eq!(
            message(&until),
            "Your account is suspended until December 1st, 2026: Spam in comments. You can read, but not write."
        );
        let for_good = Suspension {
            until: None,
            reason: "abuse".into(),
        };
        assert_eq!(
            message(&for_good),
            "Your account is suspended: abuse. You can read, but not write."
        );
    }
}
