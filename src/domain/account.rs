//! What a member's account may hold. Each error names the field, as the
//! sign-up form shows it under the input.

use std::fmt;

use super::text;

/// 3 to 30 letters, digits, `_`, `-` or `.`; unique regardless of case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
        if (3..=30).contains(&text.len()) && text.chars().all(allowed) {
            Ok(Self(text.to_owned()))
        } else {
            Err("username must be 3 to 30 letters, digits, '_', '-' or '.'".to_owned())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A plausible email address: one `@`, a local part, a dotted domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let error = || "email must be a valid email address".to_owned();
        if text.len() > 254
            || text.chars().any(char::is_whitespace)
            || text::single_line(text, "email").is_err()
        {
            return Err(error());
        }
        let (local, domain) = text.split_once('@').ok_or_else(error)?;
        let domain_ok = !domain.contains('@')
            && domain.contains('.')
            && domain
                .split('.')
                .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(error());
        }
        // Kept lower-cased: SQLite's NOCASE folds only A to Z, and log-in
        // lower-cases what is typed, so `Ünal@` and `ünal@` are one address.
        Ok(Self(text.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// 8 to 256 characters. Never printed: `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// `field` names the JSON field in the error (`password`, `newPassword`).
    pub fn parse(text: &str, field: &str) -> Result<Self, String> {
        if (8..=256).contains(&text.chars().count()) {
            Ok(Self(text.to_owned()))
        } else {
            Err(format!("{field} must be 8 to 256 characters"))
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(..)")
    }
}

/// An http(s) URL to a picture on another host, or empty for none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PictureUrl(String);

impl PictureUrl {
    /// `field` names the JSON field in the error (`profilePictureUrl`, `pictureUrl`).
    pub fn parse(text: &str, field: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Self::default());
        }
        // Checked before parsing, which would quietly drop tabs and line breaks.
        text::single_line(text, field)?;
        let error = || format!("{field} must be an http(s) URL or empty");
        let url = url::Url::parse(text).map_err(|_| error())?;
        let web = matches!(url.scheme(), "http" | "https") && url.host_str().is_some();
        if web && text.len() <= 2048 {
            Ok(Self(text.to_owned()))
        } else {
            Err(error())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        for good in ["abc", "vinyl.vera", "Tom_99", "a-b", &"x".repeat(30)] {
            assert!(Username::parse(good).is_ok(), "{good}");
        }
        for bad in [
            "ab",
            "has space",
            "émile",
            "semi;colon",
            &"x".repeat(31),
            "",
        ] {
            let error = Username::parse(bad).unwrap_err();
            assert!(error.starts_with("username"), "{bad}: {error}");
        }
    }

    #[test]
    fn emails() {
        for good in ["vera@example.org", "a.b+c@mail.example.co.uk", " x@y.io "] {
            assert!(Email::parse(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "no-at.example.org",
            "@example.org",
            "a@b",
            "a@@b.org",
            "a b@c.org",
            "a@.org",
            "a@b..org",
        ] {
            let error = Email::parse(bad).unwrap_err();
            assert!(error.starts_with("email"), "{bad}: {error}");
        }
        assert_eq!(
            Email::parse(" Ünal@Example.ORG ").unwrap().as_str(),
            "ünal@example.org"
        );
    }

    #[test]
    fn passwords_and_their_debug_form() {
        assert!(Password::parse("12345678", "password").is_ok());
        assert!(Password::parse("1234567", "password").is_err());
        assert!(Password::parse(&"p".repeat(257), "password").is_err());
        assert!(
            Password::parse(&"é".repeat(8), "password").is_ok(),
            "counts characters, not bytes"
        );
        let password = Password::parse("secret-password", "password").unwrap();
        assert!(!format!("{password:?}").contains("secret"));
    }

    #[test]
    fn picture_urls_are_http_or_empty() {
        assert_eq!(PictureUrl::parse("", "pictureUrl").unwrap().as_str(), "");
        assert!(PictureUrl::parse("https://example.org/a.jpg", "pictureUrl").is_ok());
        assert!(PictureUrl::parse("http://example.org/a.jpg", "pictureUrl").is_ok());
        for bad in [
            "javascript:alert(1)",
            "data:image/png;base64,AAAA",
            "ftp://x.org/a",
            "not a url",
            "https://",
        ] {
            let error = PictureUrl::parse(bad, "profilePictureUrl").unwrap_err();
            assert!(error.starts_with("profilePictureUrl"), "{bad}: {error}");
        }
    }
}
