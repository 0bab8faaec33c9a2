//! Abuse limits: password checks (login_limits.rs), sign-ups per client
//! address, email changes, forgotten passwords' mails, and each kind of write per member
//! (write_limits.rs). Client addresses are counted by their `LimitKey`
//! (an IPv6 client by its /64).

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

pub use super::client_address::LimitKey;
pub use super::login_limits::LoginLimits;
pub use super::write_limits::{WriteKind, WriteLimits};
use super::write_limits::{WriteLimiters, charge};
pub use crate::config::AccountLimits;

/// Counts attempts in a sliding window and refuses new ones once `max` of
/// them fall inside it. An attempt is reserved before the work it guards
/// (checking a password) and given back if it turns out not to count, so
/// that parallel attempts can never get past the limit together. A
/// token-bucket limiter (governor, used for sign-ups) cannot give back.
pub struct FailureWindow {
    max: usize,
    window: Duration,
    attempts: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Keys kept before expired ones are swept, so the map cannot grow without bound.
const SWEEP_ABOVE: usize = 10_000;

impl FailureWindow {
    pub fn new(max: usize, window: Duration) -> Self {
        Self {
            max,
            window,
            attempts: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an attempt by `key` now, unless `max` already count: then how
    /// long until one of them ages out. The answer identifies the attempt
    /// for `give_back`.
    pub fn reserve(&self, key: &str) -> Result<Instant, Duration> {
        let now = Instant::now();
        let mut attempts = self.attempts.lock().expect("throttle lock");
        if attempts.len() > SWEEP_ABOVE {
            attempts.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < self.window));
        }
        let times = attempts.entry(key.to_owned()).or_default();
        times.retain(|t| now.duration_since(*t) < self.window);
        if times.len() >= self.max {
            // Free again when the oldest of the window's attempts ages out.
            let freeing = times[times.len() - self.max];
            return Err(self.window.saturating_sub(now.duration_since(freeing)));
        }
        times.push(now);
        Ok(now)
    }

    /// Takes back an attempt `reserve` counted.
    pub fn give_back(&self, key: &str, at: Instant) {
        let mut attempts = self.attempts.lock().expect("throttle lock");
        if let Some(times) = attempts.get_mut(key)
            && let Some(position) = times.iter().position(|t| *t == at)
        {
            times.remove(position);
        }
    }

    /// How many attempts by `key` fall inside the window.
    pub fn recent(&self, key: &str) -> usize {
        let now = Instant::now();
        let attempts = self.attempts.lock().expect("throttle lock");
        attempts.get(key).map_or(0, |times| {
            times
                .iter()
                .filter(|t| now.duration_since(**t) < self.window)
                .count()
        })
    }

    pub fn clear(&self, key: &str) {
        self.attempts.lock().expect("throttle lock").remove(key);
    }
}

pub struct Limits {
    pub logins: LoginLimits,
    pub writes: WriteLimiters,
    signups: DefaultKeyedRateLimiter<LimitKey>,
    email_changes_by_member: DefaultKeyedRateLimiter<i64>,
    email_changes_by_email: DefaultKeyedRateLimiter<String>,
    resets_by_address: DefaultKeyedRateLimiter<LimitKey>,
    resets_by_email: DefaultKeyedRateLimiter<String>,
    unsubscribes: DefaultKeyedRateLimiter<LimitKey>,
    sign_ons: DefaultKeyedRateLimiter<LimitKey>,
}

/// Sign-ins through the provider a client address may start an hour.
pub const SIGN_ONS_PER_HOUR: u32 = 60;

/// Unsubscribes a client address may ask for an hour. Generous: a mail
/// provider's one-click POSTs for all its members come from a few addresses,
/// and a token cannot be guessed; this only bounds a flood.
pub const UNSUBSCRIBES_PER_HOUR: u32 = 600;

impl Limits {
    pub fn new(writes: &WriteLimits) -> Self {
        Self::with_account_limits(writes, &AccountLimits::DEFAULT)
    }

    pub fn with_account_limits(writes: &WriteLimits, accounts: &AccountLimits) -> Self {
        let email_changes = Quota::per_hour(accounts.email_changes_per_hour);
        Self {
            logins: LoginLimits::default(),
            writes: WriteLimiters::new(writes),
            signups: RateLimiter::keyed(Quota::per_hour(writes.sign_ups_per_hour)),
            email_changes_by_member: RateLimiter::keyed(email_changes),
            email_changes_by_email: RateLimiter::keyed(email_changes),
            resets_by_address: RateLimiter::keyed(Quota::per_hour(
                accounts.password_resets_per_hour,
            )),
            resets_by_email: RateLimiter::keyed(Quota::per_hour(accounts.password_resets_per_hour)),
            unsubscribes: RateLimiter::keyed(Quota::per_hour(
                NonZeroU32::new(UNSUBSCRIBES_PER_HOUR).expect("not zero"),
            )),
            sign_ons: RateLimiter::keyed(Quota::per_hour(
                NonZeroU32::new(SIGN_ONS_PER_HOUR).expect("not zero"),
            )),
        }
    }

    /// Counts a sign-up from `address`; when over the limit, how long to wait.
    pub fn sign_up(&self, address: LimitKey) -> Result<(), Duration> {
        charge(&self.signups, &address)
    }

    /// Counts an attempt by `member` to change their email to `email` (as
    /// checked, lower-cased); when over the member's allowance or the
    /// address's, how long to wait.
    pub fn email_change(&self, member: i64, email: &str) -> Result<(), Duration> {
        charge(&self.email_changes_by_member, &member)?;
        charge(&self.email_changes_by_email, &email.to_owned())
    }

    /// Counts a forgotten password's mail asked from `address` for `email`
    /// (as checked, lower-cased), whether or not an account has it; when
    /// over either allowance, how long to wait.
    pub fn password_reset(&self, address: LimitKey, email: &str) -> Result<(), Duration> {
        charge(&self.resets_by_address, &address)?;
        charge(&self.resets_by_email, &email.to_owned())
    }

    /// Counts an unsubscribe from `address`, by a mail's link or its
    /// one-click POST; when over the allowance, how long to wait.
    pub fn unsubscribe(&self, address: LimitKey) -> Result<(), Duration> {
        charge(&self.unsubscribes, &address)
    }

    /// Counts a sign-in through the provider started from `address`.
    pub fn sign_on(&self, address: LimitKey) -> Result<(), Duration> {
        charge(&self.sign_ons, &address)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::new(&WriteLimits::DEFAULT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_max_and_takes_back_what_is_given_back() {
        let window = FailureWindow::new(3, Duration::from_secs(60));
        let first = window.reserve("vera").expect("room");
        window.reserve("vera").expect("room");
        window.reserve("vera").expect("room");
        let wait = window.reserve("vera").expect_err("full");
        assert!(wait > Duration::from_secs(50) && wait <= Duration::from_secs(60));
        assert!(window.reserve("tom").is_ok(), "keys are separate");
        window.give_back("vera", first);
        assert_eq!(window.recent("vera"), 2);
        assert!(window.reserve("vera").is_ok());
        window.clear("vera");
        assert_eq!(window.recent("vera"), 0);
    }

    #[test]
    fn parallel_reservations_never_pass_the_limit() {
        let window = std::sync::Arc::new(FailureWindow::new(10, Duration::from_secs(60)));
        let granted: usize = (0..8)
            .map(|_| {
                let window = window.clone();
                std::thread::spawn(move || (0..20).filter(|_| window.reserve("k").is_ok()).count())
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .sum();
        assert_eq!(granted, 10);
    }

    #[test]
    fn attempts_age_out_of_the_window() {
        let window = FailureWindow::new(2, Duration::from_millis(30));
        window.reserve("vera").unwrap();
        window.reserve("vera").unwrap();
        assert!(window.reserve("vera").is_err());
        std::thread::sleep(Duration::from_millis(40));
        assert!(window.reserve("vera").is_ok());
    }

    fn key(address: &str) -> LimitKey {
        super::super::client_address::ClientAddress(address.parse().unwrap()).limit_key()
    }

    #[test]
    fn sign_ups_are_limited_per_address() {
        let limits = Limits::default();
        let (a, b) = (key("10.0.0.1"), key("10.0.0.2"));
        for _ in 0..5 {
            assert!(limits.sign_up(a).is_ok());
        }
        assert!(limits.sign_up(a).unwrap_err() > Duration::from_secs(60));
        assert!(limits.sign_up(b).is_ok());
    }

    #[test]
    fn sign_ups_from_one_ipv6_64_share_an_allowance() {
        let limits = Limits::default();
        let signed_up = (1..=8)
            .filter(|n| limits.sign_up(key(&format!("2001:db8:7:8::{n}"))).is_ok())
            .count();
        assert_eq!(signed_up, 5);
        assert!(limits.sign_up(key("2001:db8:7:9::1")).is_ok());
    }

    #[test]
    fn password_resets_are_limited_per_client_and_per_address_typed() {
        let limits = Limits::default();
        let (a, b) = (key("10.0.0.1"), key("10.0.0.2"));
        for n in 0..5 {
            assert!(
                limits
                    .password_reset(a, &format!("m{n}@example.org"))
                    .is_ok()
            );
        }
        assert!(limits.password_reset(a, "fresh@example.org").is_err());
        for _ in 0..4 {
            assert!(limits.password_reset(b, "vera@example.org").is_ok());
        }
        // Another client naming the same address shares its allowance.
        assert!(
            limits
                .password_reset(key("10.0.0.3"), "vera@example.org")
                .is_ok()
        );
        assert!(
            limits
                .password_reset(key("10.0.0.4"), "vera@example.org")
                .is_err()
        );
    }

    #[test]
    fn email_changes_are_limited_per_member_and_per_address_named() {
        let limits = Limits::default();
        for n in 0..5 {
            assert!(limits.email_change(1, &format!("a{n}@example.org")).is_ok());
        }
        assert!(limits.email_change(1, "fresh@example.org").is_err());
        // Other members asking about one address share its allowance.
        for member in 2..7 {
            assert!(limits.email_change(member, "vera@example.org").is_ok());
        }
        assert!(limits.email_change(7, "vera@example.org").is_err());
        assert!(limits.email_change(7, "mira@example.org").is_ok());
    }
}
