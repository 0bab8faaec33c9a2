use std::fmt;
use std::str::FromStr;

/// What a member may do. Ordered: an admin can do what an editor can.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Editor,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Editor => "editor",
            Self::Admin => "admin",
        }
    }
}

impl FromStr for Role {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "user" => Ok(Self::User),
            "editor" => Ok(Self::Editor),
            "admin" => Ok(Self::Admin),
            _ => Err("role must be one of user, editor, admin".to_owned()),
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_and_order() {
        for role in [Role::User, Role::Editor, Role::Admin] {
            assert_eq!(role.as_str().parse(), Ok(role));
        }
        assert!(Role::Admin > Role::Editor && Role::Editor > Role::User);
        assert!("root".parse::<Role>().is_err());
    }

    /// The OpenAPI description (and the UI's types made from it) lists
    /// exactly the names the API writes.
    #[test]
    fn the_described_names_are_the_written_ones() {
        let schema = serde_json::to_value(<Role as utoipa::PartialSchema>::schema()).unwrap();
        let written = [Role::User, Role::Editor, Role::Admin].map(Role::as_str);
        assert_eq!(schema["enum"], serde_json::json!(written));
    }
}
