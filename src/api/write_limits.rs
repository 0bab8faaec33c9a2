//! How often a member may write each kind of thing, so that one account (or
//! one script) cannot flood the site. Each kind has its own allowance per
//! member, refilled steadily (a token bucket: governor); comments and shouts
//! answer the spec's messages, the others say what to slow down and for how
//! long.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::AppState;
use crate::db::users::User;
use crate::error::AppError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteKind {
    Comment,
    Shout,
    Post,
    Review,
    Vote,
    /// Ratings and library entries.
    Rating,
    Wishlist,
    /// Adding, changing or removing artists and albums, and imports.
    Catalogue,
    /// Making, changing and re-ordering lists.
    List,
    /// Files of ratings and listens uploaded to import.
    FileImport,
}

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
    /// Accounts one client address may sign up an hour.
    #[arg(long, env = "HALFSTAR_SIGN_UPS_PER_HOUR", default_value_t = Self::DEFAULT.sign_ups_per_hour)]
    pub sign_ups_per_hour: NonZeroU32,
}

const fn non_zero(n: u32) -> NonZeroU32 {
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
        sign_ups_per_hour: non_zero(5),
    };
}

impl Default for WriteLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

pub struct WriteLimiters {
    comments: DefaultKeyedRateLimiter<i64>,
    shouts: DefaultKeyedRateLimiter<i64>,
    posts: DefaultKeyedRateLimiter<i64>,
    reviews: DefaultKeyedRateLimiter<i64>,
    votes: DefaultKeyedRateLimiter<i64>,
    ratings: DefaultKeyedRateLimiter<i64>,
    wishlist: DefaultKeyedRateLimiter<i64>,
    catalogue: DefaultKeyedRateLimiter<i64>,
    lists: DefaultKeyedRateLimiter<i64>,
    file_imports: DefaultKeyedRateLimiter<i64>,
}

impl WriteLimiters {
    pub fn new(limits: &WriteLimits) -> Self {
        let per_minute = |n| RateLimiter::keyed(Quota::per_minute(n));
        let per_hour = |n| RateLimiter::keyed(Quota::per_hour(n));
        Self {
            comments: per_minute(limits.comments_per_minute),
            shouts: per_minute(limits.shouts_per_minute),
            posts: per_hour(limits.posts_per_hour),
            reviews: per_hour(limits.reviews_per_hour),
            votes: per_minute(limits.votes_per_minute),
            ratings: per_minute(limits.ratings_per_minute),
            wishlist: per_minute(limits.wishlist_changes_per_minute),
            catalogue: per_minute(limits.catalogue_edits_per_minute),
            lists: per_minute(limits.list_changes_per_minute),
            file_imports: per_hour(limits.file_imports_per_hour),
        }
    }

    /// Counts a write of `kind` by `user_id`; when over the allowance, how
    /// long until the next one is allowed.
    pub fn charge(&self, kind: WriteKind, user_id: i64) -> Result<(), Duration> {
        let limiter = match kind {
            WriteKind::Comment => &self.comments,
            WriteKind::Shout => &self.shouts,
            WriteKind::Post => &self.posts,
            WriteKind::Review => &self.reviews,
            WriteKind::Vote => &self.votes,
            WriteKind::Rating => &self.ratings,
            WriteKind::Wishlist => &self.wishlist,
            WriteKind::Catalogue => &self.catalogue,
            WriteKind::List => &self.lists,
            WriteKind::FileImport => &self.file_imports,
        };
        charge(limiter, &user_id)
    }
}

pub fn charge<K: Clone + std::hash::Hash + Eq>(
    limiter: &DefaultKeyedRateLimiter<K>,
    key: &K,
) -> Result<(), Duration> {
    limiter
        .check_key(key)
        .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
}

/// Whole seconds, rounded up: waiting the answer is always long enough.
pub fn whole_seconds(wait: Duration) -> u64 {
    u64::try_from(wait.as_millis().div_ceil(1000))
        .unwrap_or(u64::MAX)
        .max(1)
}

/// "12 seconds", "1 minute", "40 minutes".
pub fn how_long(wait: Duration) -> String {
    let seconds = whole_seconds(wait);
    let (count, unit) = if seconds < 90 {
        (seconds, "second")
    } else {
        (seconds.div_ceil(60), "minute")
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural}")
}

fn refusal(kind: WriteKind, wait: Duration) -> String {
    let doing = match kind {
        WriteKind::Comment => return "You are sending too many comments.".to_owned(),
        WriteKind::Shout => return "You are sending too many shouts.".to_owned(),
        WriteKind::Post => "posting too often",
        WriteKind::Review => "writing reviews too fast",
        WriteKind::Vote => "voting too fast",
        WriteKind::Rating => "rating too fast",
        WriteKind::Wishlist => "changing your wishlist too fast",
        WriteKind::Catalogue => "editing the catalogue too fast",
        WriteKind::List => "changing lists too fast",
        WriteKind::FileImport => "uploading files to import too often",
    };
    format!("You are {doing}; try again in {}", how_long(wait))
}

/// Counts a write of `kind` by the member `user_id`: 429 with `Retry-After`
/// and a message saying what to slow down when over the allowance.
/// Refuses a suspended member, then charges the write to their allowance.
pub fn charge_write(state: &AppState, kind: WriteKind, user: &User) -> Result<(), AppError> {
    super::suspension::refuse_if_suspended(user)?;
    state
        .limits
        .writes
        .charge(kind, user.id)
        .map_err(|wait| AppError::TooManyRequests {
            message: refusal(kind, wait),
            retry_after_secs: whole_seconds(wait),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_own_allowance_per_member() {
        let limits = WriteLimits {
            posts_per_hour: non_zero(2),
            ..WriteLimits::DEFAULT
        };
        let limiters = WriteLimiters::new(&limits);
        assert!(limiters.charge(WriteKind::Post, 1).is_ok());
        assert!(limiters.charge(WriteKind::Post, 1).is_ok());
        let wait = limiters.charge(WriteKind::Post, 1).unwrap_err();
        assert!(wait > Duration::from_secs(1700) && wait <= Duration::from_secs(1800));
        assert!(
            limiters.charge(WriteKind::Post, 2).is_ok(),
            "another member"
        );
        assert!(
            limiters.charge(WriteKind::Review, 1).is_ok(),
            "another kind"
        );
    }

    #[test]
    fn refusals_say_what_to_slow_down_and_for_how_long() {
        let minute = Duration::from_secs(60);
        assert_eq!(
            refusal(WriteKind::Vote, Duration::from_millis(900)),
            "You are voting too fast; try again in 1 second"
        );
        assert_eq!(
            refusal(WriteKind::Post, 30 * minute),
            "You are posting too often; try again in 30 minutes"
        );
        assert_eq!(
            refusal(WriteKind::Comment, minute),
            "You are sending too many comments."
        );
        assert_eq!(how_long(Duration::from_secs(75)), "75 seconds");
        assert_eq!(how_long(Duration::from_secs(90)), "2 minutes");
    }
}
