use std::fmt;
use std::str::FromStr;

use time::{Date, Month};

/// How much of a release date is known, coarsest first: 2019-01-01 known to
/// the year means some time in 2019, and is shown as "2019".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum DatePrecision {
    Year,
    Month,
    Day,
}

impl DatePrecision {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Year => "year",
            Self::Month => "month",
            Self::Day => "day",
        }
    }
}

impl FromStr for DatePrecision {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "year" => Ok(Self::Year),
            "month" => Ok(Self::Month),
            "day" => Ok(Self::Day),
            _ => Err(format!(
                "releaseDatePrecision must be year, month or day, got '{text}'"
            )),
        }
    }
}

impl fmt::Display for DatePrecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A real calendar date and how much of it is known. `YYYY` and `YYYY-MM`
/// are completed with `-01` (so they sort at the start of their period) and
/// keep `Year` or `Month` precision, as imports and the Add Album form often
/// know only the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReleaseDate {
    date: Date,
    precision: DatePrecision,
}

impl ReleaseDate {
    pub fn year(self) -> i32 {
        self.date.year()
    }

    /// The date as far as it is known: "2019", "2019-05" or "2019-05-21".
    pub fn known_part(self) -> String {
        let full = self.to_string();
        let known = match self.precision() {
            DatePrecision::Year => 4,
            DatePrecision::Month => 7,
            DatePrecision::Day => full.len(),
        };
        full[..known].to_owned()
    }

    pub fn precision(self) -> DatePrecision {
        self.precision
    }

    /// A date known to `precision`: a stored row's full `YYYY-MM-DD`, or a
    /// date as given with the precision asked for beside it. A day or month
    /// the precision leaves unknown becomes the first, so `2008-12-05` at
    /// `Year` is `2008`; a precision finer than the text gives is refused.
    pub fn with_precision(text: &str, precision: DatePrecision) -> Result<Self, String> {
        let given: Self = text.parse()?;
        if given.precision < precision {
            return Err(format!(
                "releaseDatePrecision '{precision}' needs a releaseDate that gives the {precision}, got '{text}'"
            ));
        }
        let date = match precision {
            DatePrecision::Year => given.date.replace_ordinal(1),
            DatePrecision::Month => given.date.replace_day(1),
            DatePrecision::Day => Ok(given.date),
        }
        .expect("the first of a year or month exists");
        Ok(Self { date, precision })
    }
}

impl FromStr for ReleaseDate {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || format!("releaseDate must be a real date as YYYY-MM-DD, got '{text}'");
        let parts: Vec<&str> = text.trim().split('-').collect();
        let field = |index: usize, width: usize| -> Result<Option<u16>, String> {
            match parts.get(index) {
                None => Ok(None),
                Some(part) if part.len() == width && part.bytes().all(|b| b.is_ascii_digit()) => {
                    part.parse().map(Some).map_err(|_| error())
                }
                Some(_) => Err(error()),
            }
        };
        if parts.len() > 3 {
            return Err(error());
        }
        let precision = match parts.len() {
            1 => DatePrecision::Year,
            2 => DatePrecision::Month,
            _ => DatePrecision::Day,
        };
        let year = field(0, 4)?.ok_or_else(error)?;
        let month = field(1, 2)?.unwrap_or(1);
        let day = field(2, 2)?.unwrap_or(1);
        let month = u8::try_from(month)
            .ok()
            .and_then(|m| Month::try_from(m).ok())
            .ok_or_else(error)?;
        let day = u8::try_from(day).map_err(|_| error())?;
        Date::from_calendar_date(i32::from(year), month, day)
            .map(|date| Self { date, precision })
            .map_err(|_| error())
    }
}

/// Always the full `YYYY-MM-DD`, whatever the precision: the API's
/// `releaseDate` is the first day of the period, with `releaseDatePrecision`
/// beside it.
impl fmt::Display for ReleaseDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.date.year(),
            u8::from(self.date.month()),
            self.date.day()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<String, String> {
        text.parse::<ReleaseDate>().map(|d| d.to_string())
    }

    #[test]
    fn completes_partial_dates() {
        assert_eq!(parse("1997"), Ok("1997-01-01".into()));
        assert_eq!(parse("1997-05"), Ok("1997-05-01".into()));
        assert_eq!(parse("1997-05-21"), Ok("1997-05-21".into()));
    }

    #[test]
    fn rejects_unreal_or_malformed_dates() {
        for bad in [
            "",
            "97",
            "1997-13",
            "1997-02-30",
            "2023-02-29",
            "1997-5-21",
            "1997-05-21-01",
            "abcd",
            "1997/05/21",
        ] {
            assert!(parse(bad).is_err(), "{bad} was accepted");
        }
        assert_eq!(parse("2024-02-29"), Ok("2024-02-29".into()));
    }

    #[test]
    fn keeps_how_much_of_the_date_was_given() {
        let precision = |text: &str| text.parse::<ReleaseDate>().map(|d| d.precision());
        assert_eq!(precision("2019"), Ok(DatePrecision::Year));
        assert_eq!(precision("2008-12"), Ok(DatePrecision::Month));
        assert_eq!(precision("2008-12-05"), Ok(DatePrecision::Day));
        // The same first day at another precision is another date.
        assert_ne!(
            "2019".parse::<ReleaseDate>(),
            "2019-01-01".parse::<ReleaseDate>()
        );
    }

    #[test]
    fn precision_names_round_trip() {
        for precision in [
            DatePrecision::Year,
            DatePrecision::Month,
            DatePrecision::Day,
        ] {
            assert_eq!(precision.as_str().parse(), Ok(precision));
            assert_eq!(precision.to_string(), precision.as_str());
        }
        assert_eq!(DatePrecision::Year.as_str(), "year");
        assert_eq!(DatePrecision::Month.as_str(), "month");
        assert_eq!(DatePrecision::Day.as_str(), "day");
        assert!("Year".parse::<DatePrecision>().is_err());
        let schema =
            serde_json::to_value(<DatePrecision as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(schema["enum"], serde_json::json!(["year", "month", "day"]));
        assert!("".parse::<DatePrecision>().is_err());
    }

    #[test]
    fn a_stored_date_reads_back_with_its_precision() {
        for text in ["2019", "2008-12", "2008-12-05"] {
            let date: ReleaseDate = text.parse().unwrap();
            let stored = ReleaseDate::with_precision(&date.to_string(), date.precision());
            assert_eq!(stored, Ok(date), "{text}");
        }
        // A stored day the precision says is unknown is brought back to the first.
        assert_eq!(
            ReleaseDate::with_precision("2008-12-05", DatePrecision::Year),
            "2008".parse()
        );
        assert_eq!(
            ReleaseDate::with_precision("2008-12-05", DatePrecision::Month),
            "2008-12".parse()
        );
        assert_eq!(
            ReleaseDate::with_precision("2008", DatePrecision::Year),
            "2008".parse()
        );
        assert_eq!(
            ReleaseDate::with_precision("2008", DatePrecision::Month),
            Err(
                "releaseDatePrecision 'month' needs a releaseDate that gives the month, got '2008'"
                    .into()
            )
        );
        assert!(ReleaseDate::with_precision("2008-12", DatePrecision::Day).is_err());
        assert!(ReleaseDate::with_precision("2008-02-30", DatePrecision::Day).is_err());
    }

    #[test]
    fn year_is_the_first_four_characters() {
        assert_eq!(
            "2020-03-03".parse::<ReleaseDate>().map(|d| d.year()),
            Ok(2020)
        );
    }
}

/// Properties over many generated dates and strings, beside the examples above.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn message_for(text: &str) -> String {
        format!("releaseDate must be a real date as YYYY-MM-DD, got '{text}'")
    }

    proptest! {
        #[test]
        fn every_real_date_round_trips(year in 0..=9999i32, ordinal in 1..=366u16) {
            let Ok(date) = Date::from_ordinal_date(year, ordinal) else {
                // Day 366 of a common year.
                return Ok(());
            };
            let text = format!("{:04}-{:02}-{:02}", year, u8::from(date.month()), date.day());
            let parsed: ReleaseDate = text.parse().map_err(TestCaseError::fail)?;
            prop_assert_eq!(parsed, ReleaseDate { date, precision: DatePrecision::Day });
            prop_assert_eq!(parsed.precision(), DatePrecision::Day);
            prop_assert_eq!(
                ReleaseDate::with_precision(&text, DatePrecision::Day),
                Ok(parsed)
            );
            prop_assert_eq!(parsed.to_string(), text.clone());
            prop_assert_eq!(parsed.year(), year);
            prop_assert_eq!(format!(" {text}\n").parse::<ReleaseDate>(), Ok(parsed));
            // Nothing may follow the day.
            let longer = format!("{text}-01");
            prop_assert_eq!(longer.parse::<ReleaseDate>(), Err(message_for(&longer)));
        }

        #[test]
        fn a_year_or_a_month_alone_starts_on_the_first(year in 0..=9999i32, month in 1..=12u8) {
            let as_year = format!("{year:04}");
            let as_month = format!("{year:04}-{month:02}");
            let year_only: ReleaseDate = as_year.parse().map_err(TestCaseError::fail)?;
            let month_only: ReleaseDate = as_month.parse().map_err(TestCaseError::fail)?;
            prop_assert_eq!(year_only.precision(), DatePrecision::Year);
            prop_assert_eq!(month_only.precision(), DatePrecision::Month);
            prop_assert_eq!(year_only.year(), year);
            // What the database keeps (full date + precision) reads back the same.
            prop_assert_eq!(
                ReleaseDate::with_precision(&year_only.to_string(), DatePrecision::Year),
                Ok(year_only)
            );
            prop_assert_eq!(
                ReleaseDate::with_precision(&month_only.to_string(), DatePrecision::Month),
                Ok(month_only)
            );
            // The first day of the period, given in full, is known to the day.
            prop_assert_ne!(Ok(year_only), format!("{year:04}-01-01").parse::<ReleaseDate>());
            prop_assert_eq!(
                as_year.parse::<ReleaseDate>().map(|d| d.to_string()),
                Ok(format!("{year:04}-01-01"))
            );
            prop_assert_eq!(
                as_month.parse::<ReleaseDate>().map(|d| d.to_string()),
                Ok(format!("{year:04}-{month:02}-01"))
            );
        }

        #[test]
        fn days_past_the_month_and_unreal_months_are_refused_with_a_message(
            year in 0..=9999i32,
            month in 1..=12u8,
            past in 1..=70u8,
            bad_month in prop_oneof![Just(0u8), 13..=99u8],
        ) {
            let last = Month::try_from(month).unwrap().length(year);
            let day = last.saturating_add(past).min(99);
            for text in [
                format!("{year:04}-{month:02}-{day:02}"),
                format!("{year:04}-{month:02}-00"),
                format!("{year:04}-{bad_month:02}"),
                format!("{year:04}-{bad_month:02}-01"),
            ] {
                prop_assert_eq!(text.parse::<ReleaseDate>(), Err(message_for(&text)));
            }
        }

        #[test]
        fn any_text_parses_to_a_date_it_begins_or_is_refused(
            text in prop_oneof![
                any::<String>(),
                // Date-like text: parts of any width, any count, padded.
                "[ \t\n]{0,2}[0-9]{1,5}(-[0-9]{1,3}){0,4}[ \t\n]{0,2}",
            ],
        ) {
            match text.parse::<ReleaseDate>() {
                Ok(date) => {
                    let shown = date.to_string();
                    prop_assert!(shown.starts_with(text.trim()), "{:?} -> {}", text, shown);
                    prop_assert_eq!(shown.len(), 10);
                    prop_assert_eq!(
                        ReleaseDate::with_precision(&shown, date.precision()),
                        Ok(date)
                    );
                    let given_parts = text.trim().split('-').count();
                    let expected = [DatePrecision::Year, DatePrecision::Month, DatePrecision::Day];
                    prop_assert_eq!(date.precision(), expected[given_parts - 1]);
                }
                Err(message) => prop_assert_eq!(message, message_for(&text)),
            }
        }

        #[test]
        fn near_misses_of_the_format_are_refused(
            text in "[0-9]{1,5}(-[0-9]{1,3}){0,3}|[0-9]{4}(-[0-9]{2}){3}|[0-9]{4}[/. ][0-9]{2}|[0-9٠-٩]{4}",
        ) {
            let well_formed = {
                let parts: Vec<&str> = text.split('-').collect();
                parts.len() <= 3
                    && parts[0].len() == 4
                    && parts[1..].iter().all(|p| p.len() == 2)
                    && text.bytes().all(|b| b.is_ascii_digit() || b == b'-')
            };
            if !well_formed {
                prop_assert_eq!(text.parse::<ReleaseDate>(), Err(message_for(&text)));
            }
        }
    }
}
