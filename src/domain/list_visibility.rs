use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Who may see a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ListVisibility {
    /// Everyone: on the profile, the album pages, the popular lists and search.
    Public,
    /// Whoever has its link; shown nowhere else but to its author.
    Unlisted,
    /// Its author only.
    Private,
}

impl ListVisibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Unlisted => "unlisted",
            Self::Private => "private",
        }
    }
}

impl FromStr for ListVisibility {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "public" => Ok(Self::Public),
            "unlisted" => Ok(Self::Unlisted),
            "private" => Ok(Self::Private),
            _ => Err("visibility must be one of public, unlisted, private".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visibilities_round_trip() {
        for visibility in [
            ListVisibility::Public,
            ListVisibility::Unlisted,
            ListVisibility::Private,
        ] {
            assert_eq!(visibility.as_str().parse(), Ok(visibility));
        }
        assert!("secret".parse::<ListVisibility>().is_err());
    }
}
