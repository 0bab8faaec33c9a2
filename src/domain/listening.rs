//! A listen as the diary keeps it, checked the same whether a member logs it
//! or an export brings it.

use time::macros::format_description;
use time::{Date, Duration};

use super::RatingValue;
use super::text::multi_line;

const DAY: &[time::format_description::BorrowedFormatItem] =
    format_description!("[year]-[month]-[day]");
/// The earliest day a listen may be logged on.
const FIRST_DAY: Date = time::macros::date!(1900 - 01 - 01);
/// The longest note a listen may carry.
pub const MOST_NOTE_CHARS: usize = 500;

/// A listen's fields, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Listen {
    /// `YYYY-MM-DD`.
    pub listened_on: String,
    pub rating: Option<f64>,
    pub note: String,
    pub relisten: bool,
}

/// `YYYY-MM-DD` of a day.
pub fn day_text(day: Date) -> String {
    day.format(DAY).expect("a date formats")
}

/// A day a listen may be logged on: a real date from 1900 to tomorrow
/// (UTC), so a member ahead of UTC can log their today.
pub fn checked_day(text: &str, today: Date) -> Result<String, String> {
    let day = Date::parse(text.trim(), DAY)
        .map_err(|_| "listenedOn must be a date, YYYY-MM-DD".to_owned())?;
    if day < FIRST_DAY {
        return Err("listenedOn must be 1900-01-01 or later".to_owned());
    }
    if day > today + Duration::days(1) {
        return Err("listenedOn must not be in the future".to_owned());
    }
    Ok(day_text(day))
}

/// A listen as given, checked: the day, a rating in half steps, a note of
/// running text trimmed to at most 500 characters.
pub fn checked(
    listened_on: &str,
    rating: Option<f64>,
    note: &str,
    relisten: bool,
    today: Date,
) -> Result<Listen, String> {
    let listened_on = checked_day(listened_on, today)?;
    let rating = rating
        .map(|number| {
            RatingValue::from_f64(number)
                .map(RatingValue::as_f64)
                .ok_or_else(|| "rating must be 0.5 to 10 in half steps".to_owned())
        })
        .transpose()?;
    let note = note.trim();
    multi_line(note, "note")?;
    if note.chars().count() > MOST_NOTE_CHARS {
        return Err(format!("note must be at most {MOST_NOTE_CHARS} characters"));
    }
    Ok(Listen {
        listened_on,
        rating,
        note: note.to_owned(),
        relisten,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_a_real_date_up_to_tomorrow() {
        let today = time::macros::date!(2026 - 03 - 12);
        assert_eq!(checked_day(" 2026-03-13 ", today).unwrap(), "2026-03-13");
        assert_eq!(checked_day("1900-01-01", today).unwrap(), "1900-01-01");
        for (bad, problem) in [
            ("2026-03-14", "must not be in the future"),
            ("1899-12-31", "1900-01-01 or later"),
            ("2026-02-30", "YYYY-MM-DD"),
            ("12/03/2026", "YYYY-MM-DD"),
            ("", "YYYY-MM-DD"),
        ] {
            let error = checked_day(bad, today).unwrap_err();
            assert!(error.contains(problem), "{bad}: {error}");
        }
    }

    #[test]
    fn a_listen_is_checked_field_by_field() {
        let today = time::macros::date!(2026 - 03 - 12);
        let good = checked("2026-03-01", Some(8.5), "  Lovely.  ", true, today).unwrap();
        assert_eq!((good.rating, good.note.as_str()), (Some(8.5), "Lovely."));
        assert!(
            checked("2026-03-01", Some(8.3), "", false, today)
                .unwrap_err()
                .contains("rating")
        );
        let long = "a".repeat(501);
        assert!(
            checked("2026-03-01", None, &long, false, today)
                .unwrap_err()
                .contains("note")
        );
        assert!(
            checked("2026-03-01", None, "bell\u{7}", false, today)
                .unwrap_err()
                .contains("note")
        );
    }
}
