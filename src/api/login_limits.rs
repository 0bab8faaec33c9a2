//! Limits on guessing passwords that strangers cannot turn into a lock-out.
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
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// A name's failures in `WINDOW` before its attempts start to wait.
const FREE_FAILURES: u32 = 5;
const FIRST_DELAY: Duration = Duration::from_millis(250);
pub const MOST_DELAY: Duration = Duration::from_secs(4);
/// How long an address an account signed in from skips the name's delay.
const KNOWN_ADDRESS_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

pub struct LoginLimits {
    by_name_and_address: FailureWindow,
    by_address: FailureWindow,
    by_name: FailureWindow,
    signed_in_from: Cache<(i64, LimitKey), ()>,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            by_name_and_address: FailureWindow::new(PER_NAME_AND_ADDRESS, WINDOW),
            by_address: FailureWindow::new(PER_ADDRESS, WINDOW),
            by_name: FailureWindow::new(usize::MAX, WINDOW),
            signed_in_from: Cache::builder()
                .max_capacity(100_000)
                .time_to_live(KNOWN_ADDRESS_LIFETIME)
                .build(),
        }
    }
}

/// A log-in attempt counted against its limits until it succeeds or is
/// abandoned unchecked. Dropping it keeps it counted.
#[must_use]
pub struct Attempt<'a> {
    limits: &'a LoginLimits,
    name: String,
    address: LimitKey,
    /// The account the name belongs to, when it has one.
    account: Option<i64>,
    pair_key: String,
    address_key: String,
    pair_at: Instant,
    address_at: Instant,
    /// The account has signed in from this address before.
    from_known_address: bool,
}

impl LoginLimits {
    /// Counts an attempt on `name` (what was typed, normalised; `account` is
    /// the account it belongs to, if any) from `address`; when either limit
    /// is reached, how long until a try is allowed again.
    pub fn begin(
        &self,
        name: &str,
        account: Option<i64>,
        address: LimitKey,
    ) -> Result<Attempt<'_>, Duration> {
        let pair_key = format!("{name}\n{address}");
        let address_key = address.to_string();
        let pair_at = self.by_name_and_address.reserve(&pair_key)?;
        let address_at = match self.by_address.reserve(&address_key) {
            Ok(at) => at,
            Err(wait) => {
                self.by_name_and_address.give_back(&pair_key, pair_at);
                return Err(wait);
            }
        };
        let from_known_address =
            account.is_some_and(|id| self.signed_in_from.contains_key(&(id, address)));
        Ok(Attempt {
            limits: self,
            name: name.to_owned(),
            address,
            account,
            from_known_address,
            pair_key,
            address_key,
            pair_at,
            address_at,
        })
    }
}

impl Attempt<'_> {
    /// Whether the account has signed in from this address before.
    pub fn is_from_known_address(&self) -> bool {
        self.from_known_address
    }

    /// How long this attempt waits before its password is checked: nothing
    /// until the name has failed `FREE_FAILURES` times, then doubling.
    pub fn delay(&self) -> Duration {
        if self.from_known_address {
            return Duration::ZERO;
        }
        let failures = u32::try_from(self.limits.by_name.recent(&self.name)).unwrap_or(u32::MAX);
        match failures.checked_sub(FREE_FAILURES) {
            None => Duration::ZERO,
            Some(over) => FIRST_DELAY
                .saturating_mul(2u32.saturating_pow(over))
                .min(MOST_DELAY),
        }
    }

    /// The password was not checked (the server was busy): nothing counts.
    pub fn abandon(self) {
        self.give_back();
    }

    /// The right password: this attempt and the name's failures from this
    /// address no longer count, and the address is known to the account.
    pub fn succeeded(self) {
        let limits = self.limits;
        limits.by_name_and_address.clear(&self.pair_key);
        limits.by_name.clear(&self.name);
        if let Some(account) = self.account {
            limits.signed_in_from.insert((account, self.address), ());
        }
        self.give_back();
    }

    /// A wrong password: the attempt stays counted, and the name's delay
    /// grows.
    pub fn failed(self) {
        // Failures are only ever counted, never refused, on the name.
        let _ = self.limits.by_name.reserve(&self.name);
    }

    fn give_back(&self) {
        let limits = self.limits;
        limits
            .by_name_and_address
            .give_back(&self.pair_key, self.pair_at);
        limits
            .by_address
            .give_back(&self.address_key, self.address_at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ClientAddress;

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
        assert!(limits.begin("name:vera", VERA, address(1)).is_err());
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
    fn success_and_abandoned_attempts_give_their_place_back() {
        let limits = LoginLimits::default();
        for _ in 0..PER_NAME_AND_ADDRESS * 2 {
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .abandon();
            limits
                .begin("name:vera", VERA, address(1))
                .unwrap()
                .succeeded();
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
