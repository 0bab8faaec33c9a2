use std::fmt;
use std::str::FromStr;

/// The four kinds of release the artist page has tabs for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AlbumType {
    Lp,
    Ep,
    Live,
    Other,
}

impl AlbumType {
    pub const ALL: [AlbumType; 4] = [Self::Lp, Self::Ep, Self::Live, Self::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Lp => "LP",
            Self::Ep => "EP",
            Self::Live => "Live",
            Self::Other => "Other",
        }
    }
}

impl FromStr for AlbumType {
    type Err = String;

    /// Accepts any case (`lp`, `live`), as the spec writes them both ways.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| "type must be one of LP, EP, Live, Other".to_owned())
    }
}

impl fmt::Display for AlbumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_any_case_and_rejects_others() {
        assert_eq!("live".parse(), Ok(AlbumType::Live));
        assert_eq!(" Lp ".parse(), Ok(AlbumType::Lp));
        assert!("single".parse::<AlbumType>().is_err());
    }
}
