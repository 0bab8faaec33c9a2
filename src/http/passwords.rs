//! Password work off the async threads: a few hashes at a time, a short
//! queue behind them, and a share of that queue per client address. A full
//! queue answers 503 at once rather than keep a caller waiting, and one
//! address's burst can hold only its share, so everyone else's log-in waits
//! for at most a queue's worth of hashes (about half a second here). Log-ins
//! from an address the account has signed in from before have a few places
//! and a hashing lane of their own, so that strangers filling the queue from
//! many addresses can neither keep a member out at home nor make them wait.
//! Each account holds at most one place of that kind at a time, so that one
//! account signing in from all its known addresses at once cannot take the
//! lane from the others. Addresses are counted by their `LimitKey` (an IPv6
//! client by its /64).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

use super::client_address::LimitKey;
use crate::auth;
use crate::domain::Password;
use crate::error::{AppError, AppResult};

/// Each hash holds 32 MiB for ~70 ms; two at once keep a small machine responsive.
pub const CONCURRENT_HASHES: usize = 2;
/// Hashes running or waiting, in all.
pub const QUEUE_CAPACITY: usize = 16;
/// Hashes running or waiting for one client address.
pub const PER_ADDRESS: usize = 4;
/// Places beyond `QUEUE_CAPACITY` only log-ins from a known address take.
pub const KNOWN_ADDRESS_PLACES: usize = 4;
/// Places one account holds at once for log-ins from its known addresses:
/// a person types one password at a time.
pub const KNOWN_ADDRESS_PER_ACCOUNT: usize = 1;

pub struct PasswordQueue {
    running: Semaphore,
    running_for_known: Semaphore,
    admitted: Mutex<Admitted>,
}

#[derive(Default)]
struct Admitted {
    total: usize,
    by_address: HashMap<LimitKey, usize>,
    /// Places held by log-ins from known addresses, per account.
    known_by_account: HashMap<i64, usize>,
}

/// A place in the queue, held until its work is done.
#[must_use]
pub struct Ticket {
    queue: Arc<PasswordQueue>,
    address: LimitKey,
    caller: Caller,
}

impl Default for PasswordQueue {
    fn default() -> Self {
        Self {
            running: Semaphore::new(CONCURRENT_HASHES),
            running_for_known: Semaphore::new(1),
            admitted: Mutex::default(),
        }
    }
}

fn busy() -> AppError {
    AppError::ServiceUnavailable {
        message: "The server is busy checking passwords; try again in a moment".to_owned(),
        retry_after_secs: 1,
    }
}

/// Who the work is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Anyone,
    /// Logging in to an account (its id) from an address it has signed in from.
    KnownAddress(i64),
}

/// Takes a place in the queue for `address`, or answers 503 when the queue,
/// the address's share of it or the account's known-address place is full.
pub fn admit(queue: &Arc<PasswordQueue>, address: LimitKey, caller: Caller) -> AppResult<Ticket> {
    let mut admitted = queue.admitted.lock().expect("password queue lock");
    let capacity = match caller {
        Caller::Anyone => QUEUE_CAPACITY,
        Caller::KnownAddress(account) => {
            let held = admitted.known_by_account.get(&account).copied();
            if held.unwrap_or(0) >= KNOWN_ADDRESS_PER_ACCOUNT {
                return Err(busy());
            }
            QUEUE_CAPACITY + KNOWN_ADDRESS_PLACES
        }
    };
    let mine = admitted.by_address.get(&address).copied().unwrap_or(0);
    if admitted.total >= capacity || mine >= PER_ADDRESS {
        return Err(busy());
    }
    admitted.total += 1;
    admitted.by_address.insert(address, mine + 1);
    if let Caller::KnownAddress(account) = caller {
        *admitted.known_by_account.entry(account).or_default() += 1;
    }
    Ok(Ticket {
        queue: queue.clone(),
        address,
        caller,
    })
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut admitted = self.queue.admitted.lock().expect("password queue lock");
        admitted.total -= 1;
        release(&mut admitted.by_address, &self.address);
        if let Caller::KnownAddress(account) = self.caller {
            release(&mut admitted.known_by_account, &account);
        }
    }
}

/// One place fewer held under `key`; keys holding none are dropped.
fn release<K: std::hash::Hash + Eq>(held: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = held.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            held.remove(key);
        }
    }
}

impl Ticket {
    async fn run<T: Send + 'static>(
        self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> AppResult<T> {
        let lane = match self.caller {
            Caller::Anyone => &self.queue.running,
            Caller::KnownAddress(_) => &self.queue.running_for_known,
        };
        let _running = lane
            .acquire()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| AppError::Internal(e.into()))
    }

    pub async fn hash(self, password: &Password) -> AppResult<String> {
        let password = password.expose().to_owned();
        self.run(move || auth::hash_password(&password))
            .await?
            .map_err(AppError::Internal)
    }

    /// Checks a password against a stored hash, or, without one, spends the
    /// same time so that unknown accounts cannot be told apart.
    pub async fn verify(self, password: &str, hash: Option<String>) -> AppResult<bool> {
        let password = password.to_owned();
        self.run(move || match hash {
            Some(hash) => auth::verify_password(&password, &hash),
            None => {
                auth::verify_nothing(&password);
                false
            }
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::ClientAddress;
    use std::net::{IpAddr, Ipv6Addr};

    fn key(address: impl Into<IpAddr>) -> LimitKey {
        ClientAddress(address.into()).limit_key()
    }

    #[test]
    fn the_queue_and_each_address_share_are_bounded() {
        let queue = Arc::new(PasswordQueue::default());
        let one = key([10, 0, 0, 1]);
        let anyone = |address| admit(&queue, address, Caller::Anyone);
        let mut held: Vec<Ticket> = (0..PER_ADDRESS).map(|_| anyone(one).unwrap()).collect();
        assert!(anyone(one).is_err(), "one address's share is full");
        for last in 2.. {
            match anyone(key([10, 0, 0, last])) {
                Ok(ticket) => held.push(ticket),
                Err(_) => break,
            }
        }
        assert_eq!(held.len(), QUEUE_CAPACITY);
        let known: Vec<Ticket> = (0..KNOWN_ADDRESS_PLACES)
            .map(|n| {
                let account = i64::try_from(n).unwrap();
                admit(&queue, key([10, 0, 2, 1]), Caller::KnownAddress(account)).unwrap()
            })
            .collect();
        assert!(admit(&queue, key([10, 0, 2, 2]), Caller::KnownAddress(99)).is_err());
        drop(known);
        held.pop();
        assert!(anyone(key([10, 0, 1, 1])).is_ok(), "a place freed");
        drop(held);
        assert!(anyone(one).is_ok());
    }

    #[test]
    fn one_account_holds_one_known_address_place_however_many_its_addresses() {
        let queue = Arc::new(PasswordQueue::default());
        let flooding = Caller::KnownAddress(1);
        let first = admit(&queue, key([10, 0, 0, 1]), flooding).unwrap();
        for last in 2..10 {
            assert!(admit(&queue, key([10, 0, 0, last]), flooding).is_err());
        }
        let member = admit(&queue, key([10, 0, 1, 1]), Caller::KnownAddress(2));
        assert!(member.is_ok(), "another account's place is its own");
        drop(first);
        assert!(admit(&queue, key([10, 0, 0, 5]), flooding).is_ok());
    }

    #[test]
    fn an_ipv6_64_has_one_address_share() {
        let queue = Arc::new(PasswordQueue::default());
        let in_one_64 = |n| key(Ipv6Addr::new(0x2001, 0xdb8, 1, 2, n, 0, 0, n));
        let held: Vec<Ticket> = (1..=PER_ADDRESS)
            .map(|n| admit(&queue, in_one_64(u16::try_from(n).unwrap()), Caller::Anyone).unwrap())
            .collect();
        assert!(admit(&queue, in_one_64(999), Caller::Anyone).is_err());
        let next_64 = key(Ipv6Addr::new(0x2001, 0xdb8, 1, 3, 0, 0, 0, 1));
        assert!(admit(&queue, next_64, Caller::Anyone).is_ok());
        drop(held);
    }
}
