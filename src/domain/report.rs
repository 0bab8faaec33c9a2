use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What a member can report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    Review,
    Comment,
    Post,
    Shout,
    List,
    Profile,
}

impl ItemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Review => "review",
            Self::Comment => "comment",
            Self::Post => "post",
            Self::Shout => "shout",
            Self::List => "list",
            Self::Profile => "profile",
        }
    }
}

impl FromStr for ItemKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "review" => Ok(Self::Review),
            "comment" => Ok(Self::Comment),
            "post" => Ok(Self::Post),
            "shout" => Ok(Self::Shout),
            "list" => Ok(Self::List),
            "profile" => Ok(Self::Profile),
            _ => Err(
                "itemKind must be one of review, comment, post, shout, list, profile".to_owned(),
            ),
        }
    }
}

/// Why a member reports something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReportReason {
    Spam,
    Abuse,
    OffTopic,
    Other,
}

impl ReportReason {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spam => "spam",
            Self::Abuse => "abuse",
            Self::OffTopic => "off-topic",
            Self::Other => "other",
        }
    }
}

impl FromStr for ReportReason {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "spam" => Ok(Self::Spam),
            "abuse" => Ok(Self::Abuse),
            "off-topic" => Ok(Self::OffTopic),
            "other" => Ok(Self::Other),
            _ => Err("reason must be one of spam, abuse, off-topic, other".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_reasons_round_trip() {
        for kind in [
            ItemKind::Review,
            ItemKind::Comment,
            ItemKind::Post,
            ItemKind::Shout,
            ItemKind::List,
            ItemKind::Profile,
        ] {
            assert_eq!(kind.as_str().parse(), Ok(kind));
        }
        for reason in [
            ReportReason::Spam,
            ReportReason::Abuse,
            ReportReason::OffTopic,
            ReportReason::Other,
        ] {
            assert_eq!(reason.as_str().parse(), Ok(reason));
        }
        assert!("playlist".parse::<ItemKind>().is_err());
    }
}
