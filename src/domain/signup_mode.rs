use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Who may join the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SignupMode {
    /// Anyone.
    Open,
    /// Only someone with a valid invite code.
    Invite,
    /// Nobody; admins create accounts with the CLI.
    Closed,
}

impl SignupMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Invite => "invite",
            Self::Closed => "closed",
        }
    }
}

impl FromStr for SignupMode {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "open" => Ok(Self::Open),
            "invite" | "invite-only" => Ok(Self::Invite),
            "closed" => Ok(Self::Closed),
            _ => Err("mode must be one of open, invite, closed".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip() {
        for mode in [SignupMode::Open, SignupMode::Invite, SignupMode::Closed] {
            assert_eq!(mode.as_str().parse(), Ok(mode));
        }
        assert_eq!("Invite-Only".parse(), Ok(SignupMode::Invite));
        assert!("ajar".parse::<SignupMode>().is_err());
    }
}
