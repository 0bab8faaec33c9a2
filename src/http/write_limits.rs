//! How often a member may write each kind of thing, so that one account (or
//! one script) cannot flood the site. Each kind has its own allowance per
//! member, refilled steadily (a token bucket: governor); comments and shouts
//! answer the spec's messages, the others say what to slow down and for how
//! long.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use axum::http::Method;

use super::allowances::{Allowance, is_write, write_route};
pub use crate::config::WriteLimits;
use crate::db::users::User;
use crate::domain::words::count_of;
use crate::error::AppError;
use crate::server::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteKind {
    Comment,
    Shout,
    Post,
    Review,
    Vote,
    /// Ratings, library entries and listens logged in the diary.
    Rating,
    Wishlist,
    /// Adding, changing or removing artists and albums, and imports.
    Catalogue,
    /// Making, changing and re-ordering lists.
    List,
    /// Files of ratings and listens uploaded to import.
    FileImport,
    /// The steps of reviewing an import: choosing a row's album, accepting
    /// the best matches, matching again, confirming, discarding.
    ImportStep,
    /// Corrections suggested to editors.
    ChangeRequest,
    /// Following and unfollowing members and artists, blocking and unblocking.
    Follow,
    /// The member's own email, username, picture, password, settings.
    Account,
    /// Marking notifications read, acknowledging warnings, signing out,
    /// dismissing imported plays.
    Housekeeping,
    /// Removing one's own reviews, posts, comments and shouts.
    Removal,
    /// Reports of content to the moderators.
    Report,
    /// Invite links made and revoked.
    Invite,
    /// An admin's roles, suspensions, sign-up mode, report decisions and hiding.
    Moderation,
    /// Submissions of plays by the member's music players.
    PlayerSubmission,
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
    import_steps: DefaultKeyedRateLimiter<i64>,
    change_requests: DefaultKeyedRateLimiter<i64>,
    follows: DefaultKeyedRateLimiter<i64>,
    account: DefaultKeyedRateLimiter<i64>,
    housekeeping: DefaultKeyedRateLimiter<i64>,
    removals: DefaultKeyedRateLimiter<i64>,
    reports: DefaultKeyedRateLimiter<i64>,
    invites: DefaultKeyedRateLimiter<i64>,
    moderation: DefaultKeyedRateLimiter<i64>,
    player_submissions: DefaultKeyedRateLimiter<i64>,
    /// Plays one by one, on top of the submissions that carry them.
    player_plays: DefaultKeyedRateLimiter<i64>,
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
            import_steps: per_minute(limits.import_steps_per_minute),
            change_requests: per_hour(limits.change_requests_per_hour),
            follows: per_minute(limits.follows_per_minute),
            account: per_hour(limits.account_changes_per_hour),
            housekeeping: per_minute(limits.housekeeping_per_minute),
            removals: per_minute(limits.removals_per_minute),
            reports: per_hour(limits.reports_per_hour),
            invites: per_hour(limits.invite_changes_per_hour),
            moderation: per_minute(limits.moderation_actions_per_minute),
            player_submissions: per_minute(limits.player_submissions_per_minute),
            player_plays: per_hour(limits.player_plays_per_hour),
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
            WriteKind::ImportStep => &self.import_steps,
            WriteKind::ChangeRequest => &self.change_requests,
            WriteKind::Follow => &self.follows,
            WriteKind::Account => &self.account,
            WriteKind::Housekeeping => &self.housekeeping,
            WriteKind::Removal => &self.removals,
            WriteKind::Report => &self.reports,
            WriteKind::Invite => &self.invites,
            WriteKind::Moderation => &self.moderation,
            WriteKind::PlayerSubmission => &self.player_submissions,
        };
        charge(limiter, &user_id)
    }
}

impl WriteLimiters {
    /// Counts `plays` plays sent by `user_id`'s players; when over the
    /// hour's allowance, how long until that many would be allowed (an hour
    /// when more than the whole allowance is asked at once).
    pub fn charge_plays(&self, user_id: i64, plays: u32) -> Result<(), Duration> {
        let Some(plays) = NonZeroU32::new(plays) else {
            return Ok(());
        };
        match self.player_plays.check_key_n(&user_id, plays) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(DefaultClock::default().now())),
            Err(_) => Err(Duration::from_secs(60 * 60)),
        }
    }
}

/// Charges a submission's plays to the member's hourly allowance of plays:
/// 429 saying how long to wait when over it.
pub fn charge_player_plays(state: &AppState, user: &User, plays: usize) -> Result<(), AppError> {
    let plays = u32::try_from(plays).unwrap_or(u32::MAX);
    state
        .limits
        .writes
        .charge_plays(user.id, plays)
        .map_err(|wait| AppError::TooManyRequests {
            message: format!(
                "Your players sent more plays this hour than the site takes; try again in {}",
                how_long(wait)
            ),
            retry_after_secs: whole_seconds(wait),
        })
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
    count_of(count, unit)
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
        WriteKind::ImportStep => "changing your import too fast",
        WriteKind::ChangeRequest => "suggesting changes too often",
        WriteKind::Follow => "following and blocking too fast",
        WriteKind::Account => "changing your account too often",
        WriteKind::Housekeeping => "doing that too fast",
        WriteKind::Removal => "removing things too fast",
        WriteKind::Report => "sending too many reports",
        WriteKind::Invite => "changing invites too often",
        WriteKind::Moderation => "moderating too fast",
        WriteKind::PlayerSubmission => "sending plays too fast",
    };
    format!("You are {doing}; try again in {}", how_long(wait))
}

/// Refuses a suspended member, then charges the write to their allowance:
/// for the writes whose handler charges once it has accepted them
/// (`Allowance::MemberWhenAccepted`).
pub fn charge_write(state: &AppState, kind: WriteKind, user: &User) -> Result<(), AppError> {
    super::suspension::refuse_if_suspended(user)?;
    charge_member(state, kind, user)
}

/// Counts a write of `kind` by `user`: 429 with `Retry-After` and a message
/// saying what to slow down when over the allowance.
fn charge_member(state: &AppState, kind: WriteKind, user: &User) -> Result<(), AppError> {
    state
        .limits
        .writes
        .charge(kind, user.id)
        .map_err(|wait| AppError::TooManyRequests {
            message: refusal(kind, wait),
            retry_after_secs: whole_seconds(wait),
        })
}

/// What every request by a signed-in member passes before its handler
/// runs, once the caller's role is known: a write (`matched_path` is the
/// route it matched) refuses a suspended member unless the route allows
/// it, and is charged to the route's allowance (`allowances.rs`).
pub fn admit(
    state: &AppState,
    method: &Method,
    matched_path: Option<&str>,
    user: &User,
) -> Result<(), AppError> {
    if !is_write(method) {
        return Ok(());
    }
    let Some(route) = matched_path.and_then(|path| write_route(method, path)) else {
        tracing::error!(%method, path = ?matched_path, "a write route without an allowance");
        return super::suspension::refuse_if_suspended(user);
    };
    if !route.while_suspended {
        super::suspension::refuse_if_suspended(user)?;
    }
    match route.allowance {
        Allowance::Member(kind) => charge_member(state, kind, user),
        Allowance::MemberWhenAccepted(_) | Allowance::Stranger(_) | Allowance::ReadsOnly => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::limits::non_zero;

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
