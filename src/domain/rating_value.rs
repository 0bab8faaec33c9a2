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

/// Properties over many generated numbers and strings, beside the examples above.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// The twenty values, written out rather than computed like the parser does.
    const VALUES: [f64; 20] = [
        0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0,
        9.5, 10.0,
    ];

    /// Numbers near and on the scale as well as any at all.
    fn number() -> impl Strategy<Value = f64> {
        prop_oneof![
            any::<f64>(),
            (-8..=48i32).prop_map(|n| f64::from(n) / 4.0),
            (0..20usize, -1e-6..1e-6f64).prop_map(|(i, off)| VALUES[i] + off),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(-0.0),
        ]
    }

    proptest! {
        #[test]
        fn exactly_the_twenty_half_steps_are_ratings(number in number()) {
            let rating = RatingValue::from_f64(number);
            prop_assert_eq!(rating.is_some(), VALUES.contains(&number), "{}", number);
            if let Some(rating) = rating {
                prop_assert_eq!(rating.as_f64(), number);
            }
        }

        #[test]
        fn half_steps_are_one_to_twenty(steps in any::<u8>()) {
            let rating = RatingValue::from_half_steps(steps);
            prop_assert_eq!(rating.is_some(), (1..=20).contains(&steps));
            if let Some(rating) = rating {
                prop_assert_eq!(rating.half_steps(), steps);
                prop_assert_eq!(rating.as_f64(), VALUES[usize::from(steps) - 1]);
                prop_assert_eq!(RatingValue::from_f64(rating.as_f64()), Some(rating));
                prop_assert_eq!(rating.to_string().parse::<RatingValue>(), Ok(rating));
                prop_assert_eq!(format!("{}", rating.as_f64()).parse::<RatingValue>(), Ok(rating));
            }
        }

        #[test]
        fn ratings_order_like_their_numbers(a in 1..=20u8, b in 1..=20u8) {
            let (x, y) = (RatingValue::from_half_steps(a).unwrap(), RatingValue::from_half_steps(b).unwrap());
            prop_assert_eq!(x.cmp(&y), x.as_f64().total_cmp(&y.as_f64()));
        }

        #[test]
        fn decimal_strings_parse_to_their_number(
            number in number(),
            padded in "[ \t]{0,2}",
            decimals in 0..4usize,
        ) {
            let text = format!("{padded}{number:.decimals$}{padded}");
            let written: f64 = text.trim().parse().unwrap_or(f64::NAN);
            let parsed = text.parse::<RatingValue>();
            prop_assert_eq!(parsed.is_ok(), VALUES.contains(&written), "{:?}", text);
            match parsed {
                Ok(rating) => prop_assert_eq!(rating.as_f64(), written),
                Err(message) => prop_assert_eq!(message, "number must be one of 0.5, 1, 1.5, ... 10"),
            }
        }

        #[test]
        fn any_text_is_a_rating_only_when_it_reads_as_one(
            text in prop_oneof![
                any::<String>(),
                // Number-like text: signs, fractions, exponents, padding.
                "[ \t]?[-+]?(10|[0-9])(\\.[0-9]{1,2})?([eE][-+]?[0-9])?[ \t]?",
                "[-+]?(inf|infinity|NaN|nan)",
            ],
        ) {
            let written = text.trim().parse::<f64>().ok();
            match text.parse::<RatingValue>() {
                Ok(rating) => prop_assert_eq!(Some(rating.as_f64()), written),
                Err(_) => prop_assert!(!written.is_some_and(|n| VALUES.contains(&n)), "{:?}", text),
            }
        }
    }
}
