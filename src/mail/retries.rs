//! When a mail the server could not take is tried again: the pause doubles
//! from the first (a minute unless set) up to two hours, and a mail first
//! tried a day ago is given up.

use std::time::Duration;

/// A mail not sent within this long of its first try is given up.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// The longest pause between two tries.
const LONGEST_PAUSE: Duration = Duration::from_secs(2 * 60 * 60);

/// The pause after `tries` failed tries (one or more), the first being `first`.
pub fn pause_after(tries: u32, first: Duration) -> Duration {
    let doubled = first.saturating_mul(1u32 << tries.saturating_sub(1).min(20));
    doubled.min(LONGEST_PAUSE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_two_hours() {
        let minute = Duration::from_secs(60);
        let pauses: Vec<u64> = (1..=9)
            .map(|n| pause_after(n, minute).as_secs() / 60)
            .collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 32, 64, 120, 120]);
        assert_eq!(pause_after(500, minute), LONGEST_PAUSE);
        // A day's tries at these pauses: about twenty.
        let mut waited = Duration::ZERO;
        let tries = (1..)
            .take_while(|n| {
                waited += pause_after(*n, minute);
                waited < GIVE_UP_AFTER
            })
            .count();
        assert_eq!(tries, 17);
    }
}
