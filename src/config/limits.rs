//! The limits `serve` takes as flags: how often members may write, try
//! account changes and hold imports. The limiters that apply them are in
//! `crate::http` and `crate::member_import`.

use std::num::NonZeroU32;
use std::time::Duration;

/// The largest history file a member may upload to import (a ZIP archive's
/// contents too, however small the archive): the one body over
/// `--max-body-bytes` the layers let through, to its own limit.
pub const MOST_IMPORT_BYTES: usize = 64 * 1024 * 1024;

/// How often each member may write each kind of thing (sign-ups: each client
/// address): `*_per_minute` or `*_per_hour` writes, all of which may be spent
/// at once, refilled evenly over the period. `serve` takes each as a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct WriteLimits {
    /// Comments a member may post a minute.
    #[arg(long, env = "HALFSTAR_COMMENTS_PER_MINUTE", default_value_t = Self::DEFAULT.comments_per_minute)]
    pub comments_per_minute: NonZeroU32,
    /// Shouts a member may send a minute.
    #[arg(long, env = "HALFSTAR_SHOUTS_PER_MINUTE", default_value_t = Self::DEFAULT.shouts_per_minute)]
    pub shouts_per_minute: NonZeroU32,
    /// Posts a member may write or edit an hour.
    #[arg(long, env = "HALFSTAR_POSTS_PER_HOUR", default_value_t = Self::DEFAULT.posts_per_hour)]
    pub posts_per_hour: NonZeroU32,
    /// Reviews a member may write an hour.
    #[arg(long, env = "HALFSTAR_REVIEWS_PER_HOUR", default_value_t = Self::DEFAULT.reviews_per_hour)]
    pub reviews_per_hour: NonZeroU32,
    /// Votes on reviews and posts a member may cast a minute.
    #[arg(long, env = "HALFSTAR_VOTES_PER_MINUTE", default_value_t = Self::DEFAULT.votes_per_minute)]
    pub votes_per_minute: NonZeroU32,
    /// Ratings and library entries a member may add or change a minute.
    #[arg(long, env = "HALFSTAR_RATINGS_PER_MINUTE", default_value_t = Self::DEFAULT.ratings_per_minute)]
    pub ratings_per_minute: NonZeroU32,
    /// Wishlist additions and removals a member may make a minute.
    #[arg(long, env = "HALFSTAR_WISHLIST_CHANGES_PER_MINUTE", default_value_t = Self::DEFAULT.wishlist_changes_per_minute)]
    pub wishlist_changes_per_minute: NonZeroU32,
    /// Catalogue changes and import look-ups an editor may make a minute.
    #[arg(long, env = "HALFSTAR_CATALOGUE_EDITS_PER_MINUTE", default_value_t = Self::DEFAULT.catalogue_edits_per_minute)]
    pub catalogue_edits_per_minute: NonZeroU32,
    /// List changes (made, renamed, an album added, moved, noted or taken off)
    /// a member may make a minute; re-ordering saves every move.
    #[arg(long, env = "HALFSTAR_LIST_CHANGES_PER_MINUTE", default_value_t = Self::DEFAULT.list_changes_per_minute)]
    pub list_changes_per_minute: NonZeroU32,
    /// Files a member may upload to import their ratings or listens an hour.
    #[arg(long, env = "HALFSTAR_FILE_IMPORTS_PER_HOUR", default_value_t = Self::DEFAULT.file_imports_per_hour)]
    pub file_imports_per_hour: NonZeroU32,
    /// Steps of reviewing an import (a row's album chosen, matched again,
    /// confirmed, discarded) a member may take a minute.
    #[arg(long, env = "HALFSTAR_IMPORT_STEPS_PER_MINUTE", default_value_t = Self::DEFAULT.import_steps_per_minute)]
    pub import_steps_per_minute: NonZeroU32,
    /// Corrections a member may suggest to editors an hour.
    #[arg(long, env = "HALFSTAR_CHANGE_REQUESTS_PER_HOUR", default_value_t = Self::DEFAULT.change_requests_per_hour)]
    pub change_requests_per_hour: NonZeroU32,
    /// Follows, unfollows, blocks and unblocks a member may make a minute.
    #[arg(long, env = "HALFSTAR_FOLLOWS_PER_MINUTE", default_value_t = Self::DEFAULT.follows_per_minute)]
    pub follows_per_minute: NonZeroU32,
    /// Changes to their own account (email, username, picture, password,
    /// settings) a member may make an hour.
    #[arg(long, env = "HALFSTAR_ACCOUNT_CHANGES_PER_HOUR", default_value_t = Self::DEFAULT.account_changes_per_hour)]
    pub account_changes_per_hour: NonZeroU32,
    /// Notifications marked read, warnings acknowledged, sign-outs and
    /// dismissed plays a member may make a minute.
    #[arg(long, env = "HALFSTAR_HOUSEKEEPING_PER_MINUTE", default_value_t = Self::DEFAULT.housekeeping_per_minute)]
    pub housekeeping_per_minute: NonZeroU32,
    /// Own reviews, posts, comments and shouts a member may remove a minute.
    #[arg(long, env = "HALFSTAR_REMOVALS_PER_MINUTE", default_value_t = Self::DEFAULT.removals_per_minute)]
    pub removals_per_minute: NonZeroU32,
    /// Reports a member may send the moderators an hour.
    #[arg(long, env = "HALFSTAR_REPORTS_PER_HOUR", default_value_t = Self::DEFAULT.reports_per_hour)]
    pub reports_per_hour: NonZeroU32,
    /// Invite links a member may make or revoke an hour.
    #[arg(long, env = "HALFSTAR_INVITE_CHANGES_PER_HOUR", default_value_t = Self::DEFAULT.invite_changes_per_hour)]
    pub invite_changes_per_hour: NonZeroU32,
    /// Moderation actions (roles, suspensions, sign-up mode, report
    /// decisions, hiding) an admin may take a minute.
    #[arg(long, env = "HALFSTAR_MODERATION_ACTIONS_PER_MINUTE", default_value_t = Self::DEFAULT.moderation_actions_per_minute)]
    pub moderation_actions_per_minute: NonZeroU32,
    /// Submissions a member's music players may send a minute (a player
    /// sends two a track: playing now, then the play).
    #[arg(long, env = "HALFSTAR_PLAYER_SUBMISSIONS_PER_MINUTE", default_value_t = Self::DEFAULT.player_submissions_per_minute)]
    pub player_submissions_per_minute: NonZeroU32,
    /// Plays a member's music players may send an hour, counted one by one
    /// (an import of 1,000 listens spends 1,000); a long history is better
    /// brought as a file on the import page.
    #[arg(long, env = "HALFSTAR_PLAYER_PLAYS_PER_HOUR", default_value_t = Self::DEFAULT.player_plays_per_hour)]
    pub player_plays_per_hour: NonZeroU32,
    /// Accounts one client address may sign up an hour.
    #[arg(long, env = "HALFSTAR_SIGN_UPS_PER_HOUR", default_value_t = Self::DEFAULT.sign_ups_per_hour)]
    pub sign_ups_per_hour: NonZeroU32,
}

pub(crate) const fn non_zero(n: u32) -> NonZeroU32 {
    match NonZeroU32::new(n) {
        Some(n) => n,
        None => panic!("a limit must not be zero"),
    }
}

impl WriteLimits {
    pub const DEFAULT: Self = Self {
        comments_per_minute: non_zero(5),
        shouts_per_minute: non_zero(5),
        posts_per_hour: non_zero(10),
        reviews_per_hour: non_zero(20),
        votes_per_minute: non_zero(60),
        ratings_per_minute: non_zero(60),
        wishlist_changes_per_minute: non_zero(60),
        catalogue_edits_per_minute: non_zero(60),
        list_changes_per_minute: non_zero(120),
        file_imports_per_hour: non_zero(30),
        import_steps_per_minute: non_zero(300),
        change_requests_per_hour: non_zero(20),
        follows_per_minute: non_zero(60),
        account_changes_per_hour: non_zero(30),
        housekeeping_per_minute: non_zero(120),
        removals_per_minute: non_zero(60),
        reports_per_hour: non_zero(30),
        invite_changes_per_hour: non_zero(30),
        moderation_actions_per_minute: non_zero(120),
        player_submissions_per_minute: non_zero(60),
        player_plays_per_hour: non_zero(2000),
        sign_ups_per_hour: non_zero(5),
    };
}

impl Default for WriteLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// How often the account changes that could tell who is registered may be
/// tried. `serve` takes each as a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct AccountLimits {
    /// Email changes a member may try an hour; as many may name any one
    /// address, over all members. An email already registered answers 409,
    /// so this bounds how fast members can ask who has an address.
    #[arg(long, env = "HALFSTAR_EMAIL_CHANGES_PER_HOUR", default_value_t = Self::DEFAULT.email_changes_per_hour)]
    pub email_changes_per_hour: NonZeroU32,

    /// Forgotten-password mails that may be asked for an hour from one client
    /// address, and for any one typed address.
    #[arg(long, env = "HALFSTAR_PASSWORD_RESETS_PER_HOUR", default_value_t = Self::DEFAULT.password_resets_per_hour)]
    pub password_resets_per_hour: NonZeroU32,
}

impl AccountLimits {
    pub const DEFAULT: Self = Self {
        email_changes_per_hour: NonZeroU32::new(5).expect("not zero"),
        password_resets_per_hour: NonZeroU32::new(5).expect("not zero"),
    };
}

impl Default for AccountLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// How many imports are held, and for how long (`serve` takes each as a flag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportLimits {
    /// An import nobody has looked at or changed for this long is forgotten.
    pub idle: Duration,
    /// Members who may have an import under way at once, site-wide.
    pub places: usize,
}

impl ImportLimits {
    pub const DEFAULT: Self = Self {
        idle: Duration::from_secs(10 * 60),
        places: 64,
    };
}

impl Default for ImportLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}
