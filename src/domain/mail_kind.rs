//! The kinds of notification mail a member may ask for, each on its own:
//! replies, mentions, new releases of followed artists and a weekly digest.

use std::str::FromStr;

use super::NotificationKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailKind {
    /// A comment on their writing, or after theirs.
    Replies,
    /// Their @username written.
    Mentions,
    /// An album of an artist they follow: added, or out today.
    NewReleases,
    /// Each week, what they have not read yet.
    Digest,
}

impl MailKind {
    pub const ALL: [Self; 4] = [
        Self::Replies,
        Self::Mentions,
        Self::NewReleases,
        Self::Digest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Replies => "replies",
            Self::Mentions => "mentions",
            Self::NewReleases => "new-releases",
            Self::Digest => "digest",
        }
    }

    /// What the mail is, as a sentence's end: "You will no longer get …".
    pub fn describe(self) -> &'static str {
        match self {
            Self::Replies => "mail about comments on your writing",
            Self::Mentions => "mail when someone mentions you",
            Self::NewReleases => "mail about new albums of artists you follow",
            Self::Digest => "the weekly digest",
        }
    }

    /// The mail a notification of `kind` is sent as, if any: likes, shouts,
    /// follows and corrections are told only on the site (and in the digest).
    pub fn of_notification(kind: NotificationKind) -> Option<Self> {
        match kind {
            NotificationKind::Comment | NotificationKind::Reply => Some(Self::Replies),
            NotificationKind::Mention => Some(Self::Mentions),
            NotificationKind::NewAlbum | NotificationKind::ReleaseDay => Some(Self::NewReleases),
            NotificationKind::Vote
            | NotificationKind::Shout
            | NotificationKind::Follow
            | NotificationKind::Correction => None,
        }
    }

    /// SQL: the mail kind of the notification `n`, NULL when it is not mailed.
    pub fn of_notification_sql() -> String {
        let arms: String = NotificationKind::ALL
            .into_iter()
            .filter_map(|kind| {
                Self::of_notification(kind)
                    .map(|mail| format!(" WHEN '{}' THEN '{}'", kind.as_str(), mail.as_str()))
            })
            .collect();
        format!("CASE n.kind{arms} END")
    }
}

impl FromStr for MailKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .ok_or_else(|| format!("unknown kind of mail {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip() {
        for kind in MailKind::ALL {
            assert_eq!(kind.as_str().parse(), Ok(kind));
        }
        assert!("spam".parse::<MailKind>().is_err());
    }

    #[test]
    fn the_sql_maps_as_the_rust_does() {
        let sql = MailKind::of_notification_sql();
        assert!(sql.contains("WHEN 'reply' THEN 'replies'"), "{sql}");
        assert!(
            sql.contains("WHEN 'release-day' THEN 'new-releases'"),
            "{sql}"
        );
        assert!(!sql.contains("'vote'"), "{sql}");
    }
}
