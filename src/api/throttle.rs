//! Abuse limits: failed logins per account and per client address, sign-ups
//! per client address, comments and shouts per member.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Counts failures in a sliding window and refuses attempts once `max` of
/// them fall inside it. A token-bucket limiter (governor, used for sign-ups)
/// cannot do this: it charges every attempt, so a successful login would
/// use up the allowance and a blocked key could not be checked without being
/// charged again.
pub struct FailureWindow {
    max: usize,
    window: Duration,
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Keys kept before expired ones are swept, so the map cannot grow without bound.
const SWEEP_ABOVE: usize = 10_000;

impl FailureWindow {
    pub fn new(max: usize, window: Duration) -> Self {
        Self {
            max,
            window,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// How long until `key` may try again, when it has failed too often.
    pub fn blocked_for(&self, key: &str) -> Option<Duration> {
        let now = Instant::now();
        let failures = self.failures.lock().expect("throttle lock");
        let recent: Vec<&Instant> = failures
            .get(key)?
            .iter()
            .filter(|t| now.duration_since(**t) < self.window)
            .collect();
        if recent.len() < self.max {
            return None;
        }
        // Free again when enough of the window's failures have aged out.
        let freeing = recent[recent.len() - self.max];
        Some(self.window.saturating_sub(now.duration_since(*freeing)))
    }

    pub fn record_failure(&self, key: &str) {
        let now = Instant::now();
        let mut failures = self.failures.lock().expect("throttle lock");
        if failures.len() > SWEEP_ABOVE {
            failures.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < self.window));
        }
        let times = failures.entry(key.to_owned()).or_default();
        times.retain(|t| now.duration_since(*t) < self.window);
        times.push(now);
    }

    pub fn clear(&self, key: &str) {
        self.failures.lock().expect("throttle lock").remove(key);
    }
}

pub struct Limits {
    pub failed_logins_by_account: FailureWindow,
    pub failed_logins_by_address: FailureWindow,
    signups: DefaultKeyedRateLimiter<IpAddr>,
    comments: DefaultKeyedRateLimiter<i64>,
    shouts: DefaultKeyedRateLimiter<i64>,
}

pub const FAILED_LOGINS_ALLOWED: usize = 10;
pub const FAILED_LOGIN_WINDOW: Duration = Duration::from_secs(15 * 60);
const SIGNUPS_PER_HOUR: NonZeroU32 = NonZeroU32::new(5).expect("non-zero");
/// A member may post five comments, and five shouts, a minute.
pub const COMMENTS_PER_MINUTE: NonZeroU32 = NonZeroU32::new(5).expect("non-zero");
pub const SHOUTS_PER_MINUTE: NonZeroU32 = NonZeroU32::new(5).expect("non-zero");

impl Default for Limits {
    fn default() -> Self {
        Self {
            failed_logins_by_account: FailureWindow::new(
                FAILED_LOGINS_ALLOWED,
                FAILED_LOGIN_WINDOW,
            ),
            failed_logins_by_address: FailureWindow::new(
                FAILED_LOGINS_ALLOWED,
                FAILED_LOGIN_WINDOW,
            ),
            signups: RateLimiter::keyed(Quota::per_hour(SIGNUPS_PER_HOUR)),
            comments: RateLimiter::keyed(Quota::per_minute(COMMENTS_PER_MINUTE)),
            shouts: RateLimiter::keyed(Quota::per_minute(SHOUTS_PER_MINUTE)),
        }
    }
}

impl Limits {
    /// Counts a sign-up from `address`; when over the limit, how long to wait.
    pub fn sign_up(&self, address: IpAddr) -> Result<(), Duration> {
        Self::charge(&self.signups, &address)
    }

    /// Counts a comment by `user_id`; when over the limit, how long to wait.
    pub fn comment(&self, user_id: i64) -> Result<(), Duration> {
        Self::charge(&self.comments, &user_id)
    }

    pub fn shout(&self, user_id: i64) -> Result<(), Duration> {
        Self::charge(&self.shouts, &user_id)
    }

    fn charge<K: Clone + std::hash::Hash + Eq>(
        limiter: &DefaultKeyedRateLimiter<K>,
        key: &K,
    ) -> Result<(), Duration> {
        limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_failures_and_clears() {
        let window = FailureWindow::new(3, Duration::from_secs(60));
        for _ in 0..2 {
            window.record_failure("vera");
        }
        assert_eq!(window.blocked_for("vera"), None);
        window.record_failure("vera");
        let wait = window.blocked_for("vera").expect("blocked");
        assert!(wait > Duration::from_secs(50) && wait <= Duration::from_secs(60));
        assert_eq!(window.blocked_for("tom"), None, "keys are separate");
        window.clear("vera");
        assert_eq!(window.blocked_for("vera"), None);
    }

    #[test]
    fn failures_age_out_of_the_window() {
        let window = FailureWindow::new(2, Duration::from_millis(30));
        window.record_failure("vera");
        window.record_failure("vera");
        assert!(window.blocked_for("vera").is_some());
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(window.blocked_for("vera"), None);
    }

    #[test]
    fn sign_ups_are_limited_per_address() {
        let limits = Limits::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..5 {
            assert!(limits.sign_up(a).is_ok());
        }
        assert!(limits.sign_up(a).unwrap_err() > Duration::from_secs(60));
        assert!(limits.sign_up(b).is_ok());
    }
}
