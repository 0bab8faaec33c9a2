//! The site's public address (`--public-url`): the one source of every
//! absolute link the site writes (feeds, calendars, mail, sign-on redirects,
//! federation ids). A request's `Host` or `X-Forwarded-Host` never shapes
//! one: answers are kept and shared, and a link built from a header would
//! hand one caller's claim to every later reader.

use std::fmt;
use std::net::{IpAddr, SocketAddr};

/// Scheme, host, optional port and optional path prefix, as links begin:
/// `https://music.example`, `http://192.168.1.20:8080/halfstar`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl {
    /// No trailing slash, so `{base}/albums/...` is a link.
    base: String,
    host: String,
    /// Set by the admin rather than derived from the listening address.
    configured: bool,
}

impl PublicUrl {
    /// Checks an address as an admin typed it; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Self, String> {
        let url = url::Url::parse(text.trim())
            .map_err(|error| format!("the public URL {text:?} is not an address: {error}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!(
                "the public URL must begin with http:// or https://, not {}://",
                url.scheme()
            ));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err("the public URL must not carry a user name or password".to_owned());
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err("the public URL must not carry a query (?) or a fragment (#)".to_owned());
        }
        let host = url
            .host_str()
            .filter(|host| !host.is_empty())
            .ok_or_else(|| "the public URL must name a host".to_owned())?
            .to_owned();
        let authority = match url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.clone(),
        };
        let prefix = url.path().trim_end_matches('/');
        Ok(Self {
            base: format!("{}://{authority}{prefix}", url.scheme()),
            host,
            configured: true,
        })
    }

    /// The address used when none is configured: the listening address as
    /// a link, the same for every request. An unspecified address (listening
    /// on every interface) is named by the machine's host name.
    pub fn from_listen(listening: SocketAddr) -> Self {
        let ip = listening.ip();
        let host = if ip.is_unspecified() {
            machine_name().unwrap_or_else(|| "localhost".to_owned())
        } else {
            match ip {
                IpAddr::V4(v4) => v4.to_string(),
                IpAddr::V6(v6) => format!("[{v6}]"),
            }
        };
        let authority = match listening.port() {
            80 => host.clone(),
            port => format!("{host}:{port}"),
        };
        Self {
            base: format!("http://{authority}"),
            host,
            configured: false,
        }
    }

    /// Links begin with this: no trailing slash.
    pub fn as_str(&self) -> &str {
        &self.base
    }

    /// The host alone, without port or prefix.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// Whether an admin set it (`--public-url`), rather than it being
    /// derived from `--listen`.
    pub fn is_configured(&self) -> bool {
        self.configured
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.base)
    }
}

impl Default for PublicUrl {
    /// The default listening address's.
    fn default() -> Self {
        Self::from_listen(SocketAddr::from(([127, 0, 0, 1], 8080)))
    }
}

/// The machine's host name, when it has a usable one.
fn machine_name() -> Option<String> {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, and gethostname
    // writes at most that many bytes.
    let failed = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) } != 0;
    if failed {
        return None;
    }
    let end = buffer.iter().position(|&b| b == 0)?;
    let name = std::str::from_utf8(&buffer[..end]).ok()?;
    let usable = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    usable.then(|| name.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_keeps_its_scheme_host_port_and_prefix() {
        let url = PublicUrl::parse("https://Music.Example:8443/halfstar/").unwrap();
        assert_eq!(url.as_str(), "https://music.example:8443/halfstar");
        assert_eq!(url.host(), "music.example");
        assert!(url.as_str().starts_with("https://") && url.is_configured());
        assert_eq!(
            PublicUrl::parse("https://music.example").unwrap().as_str(),
            "https://music.example"
        );
        // The scheme's own port is left out, as browsers write it.
        assert_eq!(
            PublicUrl::parse("http://music.example:80/")
                .unwrap()
                .as_str(),
            "http://music.example"
        );
        assert_eq!(
            PublicUrl::parse("http://[::1]:8080").unwrap().as_str(),
            "http://[::1]:8080"
        );
    }

    #[test]
    fn what_is_not_a_site_address_is_refused_with_the_reason() {
        for (bad, said) in [
            ("music.example", "not an address"),
            ("ftp://music.example", "http:// or https://"),
            ("https://user:secret@music.example", "user name or password"),
            ("https://music.example/?a=1", "query"),
            ("https://music.example/#top", "fragment"),
            ("file:///srv/halfstar", "http:// or https://"),
        ] {
            let error = PublicUrl::parse(bad).unwrap_err();
            assert!(error.contains(said), "{bad}: {error}");
        }
    }

    #[test]
    fn unset_it_is_the_listening_address() {
        let url = PublicUrl::from_listen("127.0.0.1:8080".parse().unwrap());
        assert_eq!(url.as_str(), "http://127.0.0.1:8080");
        assert!(!url.is_configured());
        assert_eq!(
            PublicUrl::from_listen("[::1]:3000".parse().unwrap()).as_str(),
            "http://[::1]:3000"
        );
        let everywhere = PublicUrl::from_listen("0.0.0.0:8080".parse().unwrap());
        assert!(everywhere.as_str().starts_with("http://"));
        assert!(everywhere.as_str().ends_with(":8080"));
        assert!(!everywhere.as_str().contains("0.0.0.0"));
    }
}
