//! What a body may say about who is acting, and who may change what.
//! The caller is always the token's user: a body's `userId` naming anyone
//! else is refused, never obeyed.

use serde_json::Value;

use crate::db::users::User;
use crate::domain::Role;
use crate::error::{AppError, AppResult};

/// Accepts a missing or null `userId`, or one naming the caller (as a number,
/// a numeric string or the username); anything else is 403.
pub fn acting_as_self(caller: &User, claimed: &Option<Value>) -> AppResult<()> {
    let is_caller = match claimed {
        None | Some(Value::Null) => true,
        Some(Value::Number(n)) => n.as_i64() == Some(caller.id),
        Some(Value::String(s)) => {
            s.trim() == caller.id.to_string() || s.trim().eq_ignore_ascii_case(&caller.username)
        }
        Some(_) => false,
    };
    if is_caller {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "You can only do this as yourself".to_owned(),
        ))
    }
}

/// The author may remove their own things; an admin may remove anything.
pub fn may_remove(caller: &User, author_id: i64) -> bool {
    caller.id == author_id || caller.role == Role::Admin
}

/// An id that a body may send as a number or a numeric string.
pub fn optional_id(value: &Option<Value>, field: &str) -> AppResult<Option<i64>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Some)
            .ok_or_else(|| AppError::BadRequest(format!("{field} must be a whole number"))),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| AppError::BadRequest(format!("{field} must be a whole number"))),
        Some(_) => Err(AppError::BadRequest(format!(
            "{field} must be a whole number"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vera() -> User {
        User {
            id: 7,
            username: "vinylvera".to_owned(),
            email: "v@example.org".to_owned(),
            profile_picture_url: String::new(),
            role: Role::User,
            created_at: String::new(),
            suspended_until: None,
            suspension_reason: String::new(),
            has_hidden_items: false,
        }
    }

    #[test]
    fn only_the_caller_may_be_named() {
        for ok in [
            None,
            Some(json!(null)),
            Some(json!(7)),
            Some(json!("7")),
            Some(json!("VinylVera")),
        ] {
            assert!(acting_as_self(&vera(), &ok).is_ok(), "{ok:?}");
        }
        for other in [
            Some(json!(8)),
            Some(json!("8")),
            Some(json!("tom")),
            Some(json!([7])),
        ] {
            assert!(acting_as_self(&vera(), &other).is_err(), "{other:?}");
        }
    }

    #[test]
    fn ids_come_as_numbers_or_numeric_strings() {
        assert_eq!(optional_id(&Some(json!(3)), "albumId").unwrap(), Some(3));
        assert_eq!(
            optional_id(&Some(json!(" 3 ")), "albumId").unwrap(),
            Some(3)
        );
        assert_eq!(optional_id(&Some(json!("")), "albumId").unwrap(), None);
        assert!(optional_id(&Some(json!("x")), "albumId").is_err());
        assert!(optional_id(&Some(json!(1.5)), "albumId").is_err());
    }
}
