use std::fmt;
use std::str::FromStr;

/// The four kinds of release the artist page has tabs for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, utoipa::ToSchema)]
pub enum AlbumType {
    #[schema(rename = "LP")]
    Lp,
    #[schema(rename = "EP")]
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

    /// The OpenAPI description (and the UI's types made from it) lists
    /// exactly the names the API writes.
    #[test]
    fn the_described_names_are_the_written_ones() {
        let schema = serde_json::to_value(<AlbumType as utoipa::PartialSchema>::schema()).unwrap();
        let written = AlbumType::ALL.map(AlbumType::as_str);
        assert_eq!(schema["enum"], serde_json::json!(written));
    }
}
