//! How the site words counts and dates in what it says to people, the same
//! way the web interface does: "1 day", "3 days", "December 1st, 2026".

/// "1 day", "3 days", "1,200 ratings".
pub fn count_of(count: u64, one: &str) -> String {
    let digits = count.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let noun = if count == 1 {
        one.to_owned()
    } else {
        format!("{one}s")
    };
    format!("{grouped} {noun}")
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
fn ordinal(day: usize) -> String {
    let suffix = match (day % 10, day % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{day}{suffix}")
}

/// A stamp's day ("2026-12-01T…") as "December 1st, 2026"; anything else as given.
pub fn long_date(stamp: &str) -> String {
    let part =
        |range: std::ops::Range<usize>| stamp.get(range).and_then(|p| p.parse::<usize>().ok());
    match (part(0..4), part(5..7), part(8..10)) {
        (Some(year), Some(month @ 1..=12), Some(day @ 1..=31)) => {
            format!("{} {}, {year}", MONTHS[month - 1], ordinal(day))
        }
        _ => stamp.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_thousands_are_grouped() {
        assert_eq!(count_of(1, "day"), "1 day");
        assert_eq!(count_of(0, "day"), "0 days");
        assert_eq!(count_of(3, "day"), "3 days");
        assert_eq!(count_of(1200, "rating"), "1,200 ratings");
        assert_eq!(count_of(1_234_567, "rating"), "1,234,567 ratings");
    }

    #[test]
    fn dates_read_as_the_interface_writes_them() {
        assert_eq!(long_date("2026-12-01T10:00:00.000Z"), "December 1st, 2026");
        assert_eq!(long_date("2027-03-12T00:00:00Z"), "March 12th, 2027");
        assert_eq!(long_date("2027-03-22"), "March 22nd, 2027");
        assert_eq!(long_date("2027-03-23"), "March 23rd, 2027");
        assert_eq!(long_date("soon"), "soon");
    }
}
