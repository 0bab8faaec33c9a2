use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What a member is told about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NotificationKind {
    /// Someone commented on their review, post or list.
    Comment,
    /// Someone commented where they had commented too.
    Reply,
    /// Someone liked their review or post.
    Vote,
    /// Someone shouted on their profile.
    Shout,
    /// Someone followed them.
    Follow,
    /// Someone wrote their @username.
    Mention,
    /// An artist they follow has a new album.
    NewAlbum,
    /// An editor accepted or declined their suggested correction.
    Correction,
    /// An album to come by an artist they follow is out today.
    ReleaseDay,
}

impl NotificationKind {
    pub const ALL: [Self; 9] = [
        Self::Comment,
        Self::Reply,
        Self::Vote,
        Self::Shout,
        Self::Follow,
        Self::Mention,
        Self::NewAlbum,
        Self::Correction,
        Self::ReleaseDay,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Comment => "comment",
            Self::Reply => "reply",
            Self::Vote => "vote",
            Self::Shout => "shout",
            Self::Follow => "follow",
            Self::Mention => "mention",
            Self::NewAlbum => "new-album",
            Self::Correction => "correction",
            Self::ReleaseDay => "release-day",
        }
    }
}

impl FromStr for NotificationKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .ok_or_else(|| format!("unknown kind of notification {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for kind in NotificationKind::ALL {
            assert_eq!(kind.as_str().parse(), Ok(kind));
        }
        assert!("poke".parse::<NotificationKind>().is_err());
    }
}
