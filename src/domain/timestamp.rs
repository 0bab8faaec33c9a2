//! Timestamps as stored and served: UTC ISO-8601 with milliseconds, so the
//! first 10 characters are the date and text order is time order.

use time::macros::format_description;
use time::{Duration, OffsetDateTime};

pub fn now() -> String {
    format(OffsetDateTime::now_utc())
}

/// The time `ago` before now; the demo loader spreads its history with it.
pub fn before_now(ago: Duration) -> String {
    format(OffsetDateTime::now_utc() - ago)
}

/// The time `ahead` after now, for expiries.
pub fn after_now(ahead: Duration) -> String {
    format(OffsetDateTime::now_utc() + ahead)
}

/// A moment another site's file gives (RFC 3339, as halfstar's export writes
/// them), as stored; `None` unless it is one and not in the future.
pub fn from_file(text: &str) -> Option<String> {
    let moment =
        OffsetDateTime::parse(text.trim(), &time::format_description::well_known::Rfc3339).ok()?;
    (moment <= OffsetDateTime::now_utc()).then(|| format(moment))
}

/// A moment as stored.
pub fn format(moment: OffsetDateTime) -> String {
    // Fixed width, so that text order stays time order.
    let layout =
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");
    moment
        .to_offset(time::UtcOffset::UTC)
        .format(layout)
        .expect("a UTC time always formats")
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_utc_iso_with_a_leading_date() {
        let stamp = now();
        assert!(stamp.ends_with('Z'), "{stamp}");
        assert_eq!(&stamp[4..5], "-");
        assert_eq!(&stamp[10..11], "T");
        assert!(before_now(Duration::days(1)) < stamp);
        assert!(after_now(Duration::days(1)) > stamp);
    }
}
