//! Limits on checking passwords that strangers cannot turn into a lock-out,
//! and that one account or address cannot turn into a monopoly.
//!
//! Failed log-ins are refused past a limit per (name, address) and per
//! address, never per name alone: otherwise anyone could keep an account's
//! owner out by failing on purpose. Against the name alone, whichever
//! addresses the guesses come from, each further attempt waits a little
//! longer (up to `MOST_DELAY`), except from an address the account has
//! signed in from before, so the owner is slowed at worst and never refused.
//!
//! A name is what was typed (an email or a username, normalised), never the
//! account it belongs to: the limits answer the same whether or not an
//! account has it, so they cannot tell who is registered.
//!
//! Right passwords are password work too. Successful checks are counted per
//! address and per account. Only the account's holder can succeed, and only
//! attempts from where it signed in before are refused on the account's
//! count, so a stranger never sees it.
//!
//! Addresses are counted by their `LimitKey` (an IPv6 client by its /64).

use std::time::{Duration, Instant};

use moka::sync::Cache;

use super::client_address::LimitKey;
use super::throttle::FailureWindow;

/// Failed log-ins allowed for one name from one address in `WINDOW`.
pub const PER_NAME_AND_ADDRESS: usize = 10;
/// Failed log-ins allowed from one address, over all names, in `WINDOW`
/// (more than one account's share, for households behind one address).
pub const PER_ADDRESS: usize = 30;
/// Right passwords from one address, over all accounts, in `WINDOW`.
pub const SUCCESSES_PER_ADDRESS: usize = 30;
/// Right passwords for one account in `WINDOW`, past which attempts from its
/// known addresses are refused: a person signs in a few times a day, a
/// script in a loop is refused.
pub const SUCCESSES_PER_ACCOUNT: usize = 10;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// A name's failures in `WINDOW` before its attempts start to wait.
const FREE_FAILURES: u32 = 5;
const FIRST_DELAY: Duration = Duration::from_millis(250);
pub const MOST_DELAY: Duration = Duration::from_secs(4);
/// How long an address an account signed in from skips the name's delay.
const KNOWN_ADDRESS_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

pub struct LoginLimits {
    failures_by_name_and_address: FailureWindow,
    failures_by_address: FailureWindow,
    /// Only counted, never refused: the delay grows with it.
    failures_by_name: FailureWindow,
    successes_by_address: FailureWindow,
    successes_by_account: FailureWindow,
    signed_in_from: Cache<(i64, LimitKey), ()>,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            failures_by_name_and_address: FailureWindow::new(PER_NAME_AND_ADDRESS, WINDOW),
            failures_by_address: FailureWindow::new(PER_ADDRESS, WINDOW),
            failures_by_name: FailureWindow::new(usize::MAX, WINDOW),
            successes_by_address: FailureWindow::new(SUCCESSES_PER_ADDRESS, WINDOW),
            successes_by_account: FailureWindow::new(SUCCESSES_PER_ACCOUNT, WINDOW),
            signed_in_from: Cache::builder()
                .max_capacity(100_000)
                .time_to_live(KNOWN_ADDRESS_LIFETIME)
                .build(),
        }
    }
}

/// Why an attempt was refused before its password was checked, and how
/// long until one is allowed again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Too many wrong passwords for the name or from the address.
    Failures(Duration),
    /// Too many right passwords for the account or from the address.
    Successes(Duration),
}

/// A log-in attempt, counted against every limit it could end up counting
/// against until it succeeds, fails or is abandoned unchecked; then it
/// keeps only what its outcome counts. Dropping it keeps every count.
#[must_use]
pub struct Attempt<'a> {
    limits: &'a LoginLimits,
    name: String,
    address: LimitKey,
    /// The account the name belongs to, when it has one.
    account: Option<i64>,
    name_and_address_key: String,
    address_key: String,
    account_key: String,
    name_and_address_at: Instant,
    address_at: Instant,
    success_from_address_at: Instant,
    /// Set when the attempt is from one of the account's known addresses.
    success_for_account_at: Option<Instant>,
}

impl LoginLimits {
    /// Counts an attempt on `name` (what was typed, normalised; `account` is
    /// the account it belongs to, if any) from `address`; when a limit is
    /// reached, which and for how long.
    pub fn begin(
        &self,
        name: &str,
        account: Option<i64>,
        address: LimitKey,
    ) -> Result<Attempt<'_>, Refusal> {
        let name_and_address_key = format!("{name}\n{address}");
        let address_key = address.to_string();
        let account_key = account.map(|id| id.to_string()).unwrap_or_default();
        let from_known_address =
            account.is_some_and(|id| self.signed_in_from.contains_key(&(id, address)));
        let failures = Refusal::Failures as fn(Duration) -> Refusal;
        let successes = Refusal::Successes as fn(Duration) -> Refusal;
        let mut wanted: Vec<Wanted> = vec![
            (
                &self.failures_by_name_and_address,
                name_and_address_key.as_str(),
                failures,
            ),
            (&self.failures_by_address, address_key.as_str(), failures),
            (&self.successes_by_address, address_key.as_str(), successes),
        ];
        if from_known_address {
            wanted.push((&self.successes_by_account, account_key.as_str(), successes));
        }
        let at = reserve_all(&wanted)?;
        Ok(Attempt {
            limits: self,
            name: name.to_owned(),
            address,
            account,
            name_and_address_key,
            address_key,
            account_key,
            name_and_address_at: at[0],
            address_at: at[1],
            success_from_address_at: at[2],
            success_for_account_at: at.get(3).copied(),
        })
    }
}

/// A window, the key an attempt is counted under there, and the refusal it
/// makes when full.
type Wanted<'a> = (&'a FailureWindow, &'a str, fn(Duration) -> Refusal);

/// Reserves an attempt in each window under its key, or in none: when one
/// refuses, the refusal it makes.
fn reserve_all(wanted: &[Wanted<'_>]) -> Result<Vec<Instant>, Refusal> {
    let mut taken = Vec::with_capacity(wanted.len());
    for (window, key, refusal) in wanted {
        match window.reserve(key) {
            Ok(at) => taken.push(at),
            Err(wait) => {
                for ((window, key, _), at) in wanted.iter().zip(taken) {
                    window.give_back(key, at);
                }
                return Err(refusal(wait));
            }
        }
    }
    Ok(taken)
}

impl Attempt<'_> {
    /// Whether the account has signed in from this address before.
    pub fn is_from_known_address(&self) -> bool {
        self.success_for_account_at.is_some()
    }

    /// How long this attempt waits before its password is checked: nothing
    /// until the name has failed `FREE_FAILURES` times, then doubling.
    pub fn delay(&self) -> Duration {
        if self.is_from_known_address() {
            return Duration::ZERO;
        }
        let failures =
            u32::try_from(self.limits.failures_by_name.recent(&self.name)).unwrap_or(u32::MAX);
        match failures.checked_sub(FREE_FAILURES) {
            None => Duration::ZERO,
            Some(over) => FIRST_DELAY
                .saturating_mul(2u32.saturating_pow(over))
                .min(MOST_DELAY),
        }
    }

    /// The password was not checked (the server was busy): nothing counts.
    pub fn abandon(self) {
        self.give_back_failure();
        self.give_back_success();
    }

    /// The right password: the attempt counts as a success, the name's
    /// failures from this address no longer count, and the address is
    /// known to the account.
    pub fn succeeded(self) {
        let limits = self.limits;
        limits
            .failures_by_name_and_address
            .clear(&self.name_and_address_key);
        limits.failures_by_name.clear(&self.name);
        if let Some(account) = self.account {
            limits.signed_in_from.insert((account, self.address), ());
            if self.success_for_account_at.is_none() {
                // Counted, not refused: it was not from a known address.
                let _ = limits.successes_by_account.reserve(&self.account_key);
            }
        }
        self.give_back_failure();
    }

    /// A wrong password: the attempt counts as a failure, and the name's
    /// delay grows.
    pub fn failed(self) {
        // Failures are only ever counted, never refused, on the name.
        let _ = self.limits.failures_by_name.reserve(&self.name);
        self.give_back_success();
    }

    fn give_back_failure(&self) {
        let limits = self.limits;
        limits
            .failures_by_name_and_address
            .give_back(&self.name_and_address_key, self.name_and_address_at);
        limits
            .failures_by_address
            .give_back(&self.address_key, self.address_at);
    }

    fn give_back_success(&self) {
        let limits = self.limits;
        limits
            .successes_by_address
            .give_back(&self.address_key, self.success_from_address_at);
        if let Some(at) = self.success_for_account_at {
            limits.successes_by_account.give_back(&self.account_key, at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::ClientAddress;

    fn address(last: u8) -> LimitKey {
        ClientAddress([10, 0, 0, last].into()).limit_key()
    }

    const VERA: Option<i64> = Some(1);

    #[test]
    fn a_name_is_limited_per_address_not_for_everyone() {
        let limits = LoginLimits::default();
        for _ in 0..PER_NAME_AND_ADDRESS {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .failed();
        }
        assert!(matches!(
            limits.begin("name:vera", VERA, address(1)),
            Err(Refusal::Failures(_))
        ));
        let owner = limits
            .begin("name:vera", VERA, address(2))
            .expect("another address may try");
        owner.succeeded();
    }

    #[test]
    fn an_address_is_limited_over_all_names() {
        let limits = LoginLimits::default();
        for account in 0..PER_ADDRESS {
            limits
                .begin(&format!("name:{account}"), None, address(1))
                .unwrap()
                .failed();
        }
        assert!(limits.begin("name:other", None, address(1)).is_err());
        assert!(limits.begin("name:other", None, address(2)).is_ok());
    }

    #[test]
    fn the_names_typed_are_limited_alike_whether_or_not_an_account_has_them() {
        let limits = LoginLimits::default();
        let refused_after = |name: &str, account: Option<i64>| {
            (0..).find(|_| match limits.begin(name, account, address(1)) {
                Ok(attempt) => {
                    attempt.failed();
                    false
                }
                Err(_) => true,
            })
        };
        // The username is tried first: it is the same account's, and must
        // not use up the email's share.
        assert_eq!(refused_after("name:vera", VERA), Some(PER_NAME_AND_ADDRESS));
        assert_eq!(
            refused_after("email:vera@example.org", VERA),
            refused_after("email:nobody@example.org", None)
        );
    }

    #[test]
    fn abandoned_attempts_give_their_place_back_and_successes_clear_failures() {
        let limits = LoginLimits::default();
        for _ in 0..PER_NAME_AND_ADDRESS * 2 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .abandon();
        }
        for _ in 0..PER_NAME_AND_ADDRESS - 1 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .failed();
        }
        limits
            .begin("name:vera", VERA, address(1))
            .unwrap()
            .succeeded();
        for _ in 0..PER_NAME_AND_ADDRESS - 1 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .failed();
        }
        assert!(limits.begin("name:vera", VERA, address(1)).is_ok());
    }

    #[test]
    fn right_passwords_count_per_address() {
        let limits = LoginLimits::default();
        for account in 0..SUCCESSES_PER_ADDRESS {
            let id = i64::try_from(account).unwrap();
            limits
                .begin(&format!("name:{account}"), Some(id), address(1))
                .unwrap()
                .succeeded();
        }
        assert!(matches!(
            limits.begin("name:other", Some(999), address(1)),
            Err(Refusal::Successes(_))
        ));
        assert!(limits.begin("name:other", Some(999), address(2)).is_ok());
    }

    #[test]
    fn right_passwords_count_per_account_and_refuse_its_known_addresses_only() {
        let limits = LoginLimits::default();
        let half = SUCCESSES_PER_ACCOUNT / 2;
        let homes = (1..=half).map(|home| address(u8::try_from(home).unwrap()));
        for home in homes.clone() {
            // Known from here on.
            limits.begin("name:vera", VERA, home).unwrap().succeeded();
        }
        for home in homes.cycle().take(SUCCESSES_PER_ACCOUNT - half) {
            let attempt = limits.begin("name:vera", VERA, home).unwrap();
            assert!(attempt.is_from_known_address());
            attempt.succeeded();
        }
        assert!(matches!(
            limits.begin("email:vera@example.org", VERA, address(1)),
            Err(Refusal::Successes(_))
        ));
        // A stranger is answered as for any name: the account's count is
        // not theirs to see.
        let stranger = limits.begin("name:vera", VERA, address(200)).unwrap();
        assert!(!stranger.is_from_known_address());
        stranger.failed();
    }

    #[test]
    fn wrong_passwords_and_abandoned_attempts_do_not_count_as_successes() {
        let limits = LoginLimits::default();
        limits
            .begin("name:vera", VERA, address(1))
            .unwrap()
            .succeeded();
        for _ in 0..SUCCESSES_PER_ACCOUNT * 3 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .abandon();
        }
        for _ in 0..PER_NAME_AND_ADDRESS - 1 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .failed();
        }
        assert!(limits.begin("name:vera", VERA, address(1)).is_ok());
    }

    #[test]
    fn the_name_delay_grows_but_not_for_a_known_address() {
        let limits = LoginLimits::default();
        limits
            .begin("name:vera", VERA, address(1))
            .unwrap()
            .succeeded();
        let mut delays = Vec::new();
        for attacker in 10..30 {
            let attempt = limits.begin("name:vera", VERA, address(attacker)).unwrap();
            delays.push(attempt.delay());
            attempt.failed();
        }
        assert_eq!(delays[..5], [Duration::ZERO; 5]);
        assert_eq!(delays[5], FIRST_DELAY);
        assert_eq!(delays[6], FIRST_DELAY * 2);
        assert!(delays.windows(2).all(|pair| pair[0] <= pair[1]));
        assert_eq!(*delays.last().unwrap(), MOST_DELAY);
        let owner = limits.begin("name:vera", VERA, address(1)).unwrap();
        assert_eq!(owner.delay(), Duration::ZERO);
    }

    #[test]
    fn one_ipv6_64_is_one_address() {
        let limits = LoginLimits::default();
        let in_one_64 = |n: u16| {
            ClientAddress(std::net::Ipv6Addr::new(0x2001, 0xdb8, 1, 2, n, n, n, n).into())
                .limit_key()
        };
        let checked = (0..40u16)
            .filter(
                |n| match limits.begin(&format!("name:{n}"), None, in_one_64(*n)) {
                    Ok(attempt) => {
                        attempt.failed();
                        true
                    }
                    Err(_) => false,
                },
            )
            .count();
        assert_eq!(checked, PER_ADDRESS);
    }
}
