use std::fmt;
use std::str::FromStr;

use time::{Date, Month};

/// A real calendar date. `YYYY` and `YYYY-MM` are completed with `-01`,
/// as imports and the Add Album form often know only the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReleaseDate(Date);

impl ReleaseDate {
    pub fn year(self) -> i32 {
        self.0.year()
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
        let year = field(0, 4)?.ok_or_else(error)?;
        let month = field(1, 2)?.unwrap_or(1);
        let day = field(2, 2)?.unwrap_or(1);
        let month = u8::try_from(month)
            .ok()
            .and_then(|m| Month::try_from(m).ok())
            .ok_or_else(error)?;
        let day = u8::try_from(day).map_err(|_| error())?;
        Date::from_calendar_date(i32::from(year), month, day)
            .map(Self)
            .map_err(|_| error())
    }
}

impl fmt::Display for ReleaseDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.0.year(),
            u8::from(self.0.month()),
            self.0.day()
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
    fn year_is_the_first_four_characters() {
        assert_eq!(
            "2020-03-03".parse::<ReleaseDate>().map(|d| d.year()),
            Ok(2020)
        );
    }
}
