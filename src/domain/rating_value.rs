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
