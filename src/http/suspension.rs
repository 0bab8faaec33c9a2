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

/// "Your account is suspended until December 1st, 2026: spam. You can read, but not write."
pub fn message(suspension: &Suspension) -> String {
    let until = match &suspension.until {
        Some(until) => format!(" until {}", long_date(until)),
        None => String::new(),
    };
    format!(
        "Your account is suspended{until}: {}. You can read, but not write.",
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
