use std::fmt;
use std::str::FromStr;

/// One of the twenty ratings 0.5, 1.0, ... 10.0, held as half steps (1..=20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RatingValue(u8);

impl RatingValue {
    pub fn from_half_steps(steps: u8) -> Option<Self> {
        (1..=20).contains(&steps).then_some(Self(steps))
    }

    pub fn from_f64(number: f64) -> Option<Self> {
        let steps = number * 2.0;
        if steps.fract() != 0.0 || !(1.0..=20.0).contains(&steps) {
            return None;
        }
        Some(Self(steps as u8))
    }

    pub fn half_steps(self) -> u8 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl FromStr for RatingValue {
    type Err = String;

    /// Parses a decimal such as `"7.5"` or `"8"`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.trim()
            .parse::<f64>()
            .ok()
            .and_then(Self::from_f64)
            .ok_or_else(|| "number must be one of 0.5, 1, 1.5, ... 10".to_owned())
    }
}

impl fmt::Display for RatingValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}", self.as_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_exactly_the_twenty_half_steps() {
        let valid: Vec<_> = (0..=42)
            .map(|n| f64::from(n) / 4.0)
            .filter_map(RatingValue::from_f64)
            .collect();
        assert_eq!(valid.len(), 20);
        assert_eq!(valid.first().map(|v| v.as_f64()), Some(0.5));
        assert_eq!(valid.last().map(|v| v.as_f64()), Some(10.0));
    }

    #[test]
    fn parses_decimal_strings() {
        assert_eq!("7.5".parse::<RatingValue>().map(|v| v.half_steps()), Ok(15));
        assert_eq!(" 8 ".parse::<RatingValue>().map(|v| v.half_steps()), Ok(16));
        for bad in ["0", "10.5", "7.25", "-1", "NaN", "inf", "", "seven"] {
            assert!(bad.parse::<RatingValue>().is_err(), "{bad} was accepted");
        }
    }
}

/// How much an album counts towards a member's favourite genre, by the
/// member's rating of it: 10 counts 5, 9 and above 4, 8 and above 3, 7 and
/// above 2, 6 and above or no number 1, below 6 nothing.
pub fn genre_weight(number: Option<f64>) -> u32 {
    match number {
        None => 1,
        Some(n) if n >= 10.0 => 5,
        Some(n) if n >= 9.0 => 4,
        Some(n) if n >= 8.0 => 3,
        Some(n) if n >= 7.0 => 2,
        Some(n) if n >= 6.0 => 1,
        Some(_) => 0,
    }
}

#[cfg(test)]
mod weight_tests {
    use super::genre_weight;

    #[test]
    fn weights_follow_the_rating() {
        let cases = [
            (Some(10.0), 5),
            (Some(9.5), 4),
            (Some(9.0), 4),
            (Some(8.5), 3),
            (Some(7.0), 2),
            (Some(6.5), 1),
            (Some(6.0), 1),
            (None, 1),
            (Some(5.5), 0),
            (Some(0.5), 0),
        ];
        for (number, weight) in cases {
            assert_eq!(genre_weight(number), weight, "{number:?}");
        }
    }
}
