//! Fetching a picture from the address someone saved, safely: only http and
//! https; never a loopback, private, link-local, shared, multicast or cloud
//! metadata address (each one the name resolves to is checked, and the
//! connection goes only to checked ones, so a name cannot be re-pointed
//! between the check and the fetch), unless the site allows them (tests,
//! home networks); every redirect checked the same way; a time limit on the
//! whole fetch and a cap on its size.

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;

use ureq::Agent;
use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

/// Pictures larger than this are refused unread.
pub const MOST_PICTURE_BYTES: u64 = 10 * 1024 * 1024;
/// Redirects followed, each checked as the first address was.
const MOST_REDIRECTS: u32 = 5;

/// Why a picture was not fetched; the text is kept with the picture.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("refused: {0}")]
    Refused(String),
    /// Worth trying again later (the host failed or was slow).
    #[error("{0}")]
    Failed(String),
}

impl Refusal {
    /// Whether trying again later may succeed.
    pub fn may_pass(&self) -> bool {
        matches!(self, Self::Failed(_))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fetching {
    pub timeout: Duration,
    /// Allow loopback and private addresses (tests, a home network's picture
    /// host); link-local and metadata addresses stay refused.
    pub private_addresses: bool,
}

pub struct Fetcher {
    agent: Agent,
}

/// A resolver that keeps only the addresses pictures may come from.
#[derive(Debug)]
struct PublicOnly {
    private_addresses: bool,
}

impl Resolver for PublicOnly {
    fn resolve(
        &self,
        uri: &Uri,
        config: &Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let found = DefaultResolver::default().resolve(uri, config, timeout)?;
        let mut allowed = self.empty();
        let mut refused = None;
        for &address in found.iter() {
            let ip = address.ip();
            if is_public(ip) || (self.private_addresses && is_private(ip)) {
                allowed.push(address);
            } else {
                refused = Some(address.ip());
            }
        }
        match (allowed.is_empty(), refused) {
            (true, Some(ip)) => Err(ureq::Error::BadUri(format!(
                "{} is a private or reserved address ({ip})",
                uri.host().unwrap_or_default()
            ))),
            (true, None) => Err(ureq::Error::HostNotFound),
            (false, _) => Ok(allowed),
        }
    }
}

/// Whether an address is a machine of one's own network: loopback or a
/// private range. Link-local addresses (where cloud metadata services
/// answer) are not among them: no setting lets pictures come from there.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.is_loopback() || v4.is_private(),
            None => v6.is_loopback() || (v6.segments()[0] & 0xfe00) == 0xfc00,
        },
    }
}

/// Whether an address is on the public internet: not loopback, private,
/// link-local (where cloud metadata services answer), shared, documentation,
/// multicast or otherwise reserved.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || first == 0x2001 && ip.segments()[1] == 0x0db8
        || first == 0x64 && ip.segments()[1] == 0xff9b)
}

impl Fetcher {
    pub fn new(fetching: Fetching) -> Self {
        let config = Agent::config_builder()
            .user_agent(concat!(
                "halfstar/",
                env!("CARGO_PKG_VERSION"),
                " (picture fetcher)"
            ))
            .timeout_global(Some(fetching.timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .build();
        let agent = Agent::with_parts(
            config,
            DefaultConnector::default(),
            PublicOnly {
                private_addresses: fetching.private_addresses,
            },
        );
        Self { agent }
    }

    /// The bytes at `url`, following and checking redirects.
    pub fn fetch(&self, url: &str) -> Result<Vec<u8>, Refusal> {
        let mut address = checked_address(url)?;
        for _ in 0..=MOST_REDIRECTS {
            let mut response = self.agent.get(address.as_str()).call().map_err(transport)?;
            let status = response.status();
            if status.is_redirection() {
                let next = response
                    .headers()
                    .get("location")
                    .and_then(|l| l.to_str().ok())
                    .ok_or_else(|| Refusal::Failed(format!("HTTP {status} without a Location")))?;
                let joined = address.join(next).map_err(|_| {
                    Refusal::Refused(format!("a redirect to a bad address: {next}"))
                })?;
                address = checked_address(joined.as_str())?;
                continue;
            }
            if !status.is_success() {
                let message = format!("HTTP {}", status.as_u16());
                return Err(if status.is_server_error() || status.as_u16() == 429 {
                    Refusal::Failed(message)
                } else {
                    Refusal::Refused(message)
                });
            }
            let declared = response
                .headers()
                .get("content-length")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok());
            if declared.is_some_and(|length| length > MOST_PICTURE_BYTES) {
                return Err(too_large());
            }
            let mut bytes = Vec::new();
            response
                .body_mut()
                .as_reader()
                .take(MOST_PICTURE_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|error| Refusal::Failed(format!("the answer broke off: {error}")))?;
            if bytes.len() as u64 > MOST_PICTURE_BYTES {
                return Err(too_large());
            }
            return Ok(bytes);
        }
        Err(Refusal::Refused(format!(
            "more than {MOST_REDIRECTS} redirects"
        )))
    }
}

fn too_large() -> Refusal {
    Refusal::Refused(format!(
        "larger than {} MB",
        MOST_PICTURE_BYTES / 1024 / 1024
    ))
}

/// An http(s) address; anything else is refused before any connection.
fn checked_address(text: &str) -> Result<url::Url, Refusal> {
    let address =
        url::Url::parse(text).map_err(|_| Refusal::Refused(format!("not an address: {text}")))?;
    if !matches!(address.scheme(), "http" | "https") {
        return Err(Refusal::Refused(format!(
            "only http and https addresses are fetched, not {}:",
            address.scheme()
        )));
    }
    if address.host_str().is_none_or(str::is_empty) {
        return Err(Refusal::Refused("an address without a host".to_owned()));
    }
    Ok(address)
}

fn transport(error: ureq::Error) -> Refusal {
    match error {
        ureq::Error::BadUri(why) => Refusal::Refused(why),
        ureq::Error::Timeout(_) => Refusal::Failed("no answer in time".to_owned()),
        ureq::Error::HostNotFound => Refusal::Failed("the host was not found".to_owned()),
        other => Refusal::Failed(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["1.1.1.1", "93.184.216.34", "2606:4700:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn only_http_addresses_are_fetched() {
        let fetcher = Fetcher::new(Fetching {
            timeout: Duration::from_secs(1),
            private_addresses: false,
        });
        for (url, why) in [
            ("file:///etc/passwd", "only http and https"),
            ("ftp://example.org/a.jpg", "only http and https"),
            ("not a url", "not an address"),
            ("http://127.0.0.1:9/a.jpg", "private or reserved"),
            (
                "http://169.254.169.254/latest/meta-data/",
                "private or reserved",
            ),
            ("http://[::1]:9/a.jpg", "private or reserved"),
        ] {
            let refusal = fetcher.fetch(url).unwrap_err();
            assert!(!refusal.may_pass(), "{url}: {refusal}");
            assert!(refusal.to_string().contains(why), "{url}: {refusal}");
        }
    }
}
