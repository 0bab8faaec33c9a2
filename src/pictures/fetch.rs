//! Fetching a picture from the address someone saved, safely: only http and
//! https; never a loopback, private, shared, multicast or reserved address
//! (each one the name resolves to is checked, and the connection goes only
//! to checked ones, so a name cannot be re-pointed between the check and
//! the fetch), unless the site allows loopback and private ones (tests,
//! home networks); never a link-local or cloud metadata address, whatever
//! the setting and however the address is written (an IPv4 address inside
//! an IPv6 one included); every redirect checked the same way; straight to
//! the host, never through a proxy the environment names (the proxy would
//! resolve the name, unchecked); a time limit on the whole fetch and a cap
//! on its size.

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::Policy;

use crate::outgoing::LazyClient;

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

pub use crate::config::Fetching;

pub struct Fetcher {
    private_addresses: bool,
    client: LazyClient,
}

/// A resolver that keeps only the addresses pictures may come from. Names
/// only: an address written in the URL is checked by `checked_address`.
#[derive(Debug)]
pub struct PublicOnly {
    private_addresses: bool,
}

impl PublicOnly {
    pub fn new(private_addresses: bool) -> Self {
        Self { private_addresses }
    }
}

/// A name that resolved only to addresses pictures may not come from.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct NotPublic(String);

/// A name that resolved to no address at all.
#[derive(Debug, thiserror::Error)]
#[error("the host was not found")]
struct NotFound;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let private_addresses = self.private_addresses;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|_| NotFound)?
                .collect();
            let (allowed, refused): (Vec<SocketAddr>, Vec<SocketAddr>) = found
                .into_iter()
                .partition(|address| may_fetch_from(address.ip(), private_addresses));
            match (allowed.is_empty(), refused.first()) {
                (true, Some(address)) => Err(NotPublic(not_public(&host, address.ip())).into()),
                (true, None) => Err(NotFound.into()),
                (false, _) => Ok(Box::new(allowed.into_iter()) as Addrs),
            }
        })
    }
}

fn not_public(host: &str, ip: IpAddr) -> String {
    format!("{host} is a private or reserved address ({ip})")
}

/// Whether pictures may come from `ip`: a public address, or with
/// `private_addresses` a machine of one's own network; never a link-local
/// or cloud metadata address.
pub fn may_fetch_from(ip: IpAddr, private_addresses: bool) -> bool {
    !is_never_fetched(ip) && (is_public(ip) || (private_addresses && is_private(ip)))
}

/// Addresses of cloud metadata services outside the link-local ranges:
/// Alibaba Cloud's, Azure's wire server and Oracle Cloud's older one.
const METADATA_V4: [Ipv4Addr; 3] = [
    Ipv4Addr::new(100, 100, 100, 200),
    Ipv4Addr::new(168, 63, 129, 16),
    Ipv4Addr::new(192, 0, 0, 192),
];

/// Google Cloud's metadata server over IPv6.
const GOOGLE_METADATA_V6: Ipv6Addr = Ipv6Addr::new(0xfd20, 0xce, 0, 0, 0, 0, 0, 0x254);

/// Link-local addresses (169.254.0.0/16, fe80::/10, where most metadata
/// services answer) and the other metadata services' addresses (AWS's
/// fd00:ec2::/32 among them: unique-local, so "private"), in any spelling.
/// No setting lets pictures come from them.
fn is_never_fetched(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_link_local_or_metadata_v4(v4),
        IpAddr::V6(v6) => {
            let [first, second, ..] = v6.segments();
            (first & 0xffc0) == 0xfe80
                || (first == 0xfd00 && second == 0x0ec2)
                || v6 == GOOGLE_METADATA_V6
                || embedded_v4(v6)
                    .into_iter()
                    .flatten()
                    .any(is_link_local_or_metadata_v4)
        }
    }
}

fn is_link_local_or_metadata_v4(ip: Ipv4Addr) -> bool {
    ip.is_link_local() || METADATA_V4.contains(&ip)
}

/// The IPv4 addresses an IPv6 address carries, in each way one is written
/// into the other: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
/// `::a.b.c.d`, SIIT `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` (and its
/// local-use `64:ff9b:1::/48`), 6to4 `2002:aabb:ccdd::` and Teredo
/// `2001:0:server:…:client` (the client's address inverted).
fn embedded_v4(ip: Ipv6Addr) -> [Option<Ipv4Addr>; 2] {
    let v4 = |high: u16, low: u16| Some(Ipv4Addr::from((u32::from(high) << 16) | u32::from(low)));
    match ip.segments() {
        [0, 0, 0, 0, 0, 0 | 0xffff, high, low]
        | [0, 0, 0, 0, 0xffff, 0, high, low]
        | [0x64, 0xff9b, _, _, _, _, high, low] => [v4(high, low), None],
        [0x2002, high, low, ..] => [v4(high, low), None],
        [
            0x2001,
            0,
            server_high,
            server_low,
            _,
            _,
            client_high,
            client_low,
        ] => [v4(server_high, server_low), v4(!client_high, !client_low)],
        _ => [None, None],
    }
}

/// Whether an address is a machine of one's own network: loopback or a
/// private range (IPv6's unique-local fc00::/7 among them). Link-local
/// addresses are not among them.
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

/// Only global unicast (2000::/3) is public; everything outside it is
/// loopback, local, multicast, reserved or an IPv4 address written as IPv6
/// (compatible, NAT64), none a picture host's.
fn is_public_v6(ip: Ipv6Addr) -> bool {
    let [first, second, ..] = ip.segments();
    if (first & 0xe000) != 0x2000 {
        return false;
    }
    match first {
        // 6to4: as public as the IPv4 address it carries.
        0x2002 => embedded_v4(ip)[0].is_some_and(is_public_v4),
        // 2001::/23 (Teredo, benchmarking, ORCHID and other protocol
        // assignments) and 2001:db8::/32 (documentation).
        0x2001 => second >= 0x0200 && second != 0x0db8,
        // 3fff::/20: documentation.
        0x3fff => (second & 0xf000) != 0,
        _ => true,
    }
}

impl Fetcher {
    pub fn new(fetching: Fetching) -> Self {
        let client = LazyClient::new(move || {
            let user_agent = concat!("halfstar/", env!("CARGO_PKG_VERSION"), " (picture fetcher)");
            crate::outgoing::client_builder(user_agent, fetching.timeout)
                // Each redirect is checked here before it is followed.
                .redirect(Policy::none())
                // A proxy would resolve the host itself, past `PublicOnly`.
                .no_proxy()
                .dns_resolver(Arc::new(PublicOnly {
                    private_addresses: fetching.private_addresses,
                }))
        });
        Self {
            private_addresses: fetching.private_addresses,
            client,
        }
    }

    /// The bytes at `url`, following and checking redirects.
    pub fn fetch(&self, url: &str) -> Result<Vec<u8>, Refusal> {
        let private_addresses = self.private_addresses;
        let mut address = checked_address(url, private_addresses)?;
        let client = self
            .client
            .get()
            .map_err(|why| Refusal::Failed(format!("no HTTP client: {why}")))?;
        for _ in 0..=MOST_REDIRECTS {
            let response = client.get(address.as_str()).send().map_err(transport)?;
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
                address = checked_address(joined.as_str(), private_addresses)?;
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
                .take(MOST_PICTURE_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|error| {
                    Refusal::Failed(if is_timeout(&error) {
                        "no answer in time".to_owned()
                    } else {
                        format!("the answer broke off: {error}")
                    })
                })?;
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

/// An http(s) address whose host, if written as an IP address, pictures may
/// come from; anything else is refused before any connection.
fn checked_address(text: &str, private_addresses: bool) -> Result<url::Url, Refusal> {
    let address =
        url::Url::parse(text).map_err(|_| Refusal::Refused(format!("not an address: {text}")))?;
    if !matches!(address.scheme(), "http" | "https") {
        return Err(Refusal::Refused(format!(
            "only http and https addresses are fetched, not {}:",
            address.scheme()
        )));
    }
    // The URL parser has already read every spelling of an address
    // (decimal, hexadecimal, octal, shortened) as the address it means.
    let written = match address.host() {
        None => return Err(Refusal::Refused("an address without a host".to_owned())),
        Some(url::Host::Domain("")) => {
            return Err(Refusal::Refused("an address without a host".to_owned()));
        }
        Some(url::Host::Domain(_)) => None,
        Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
    };
    if let Some(ip) = written.filter(|&ip| !may_fetch_from(ip, private_addresses)) {
        return Err(Refusal::Refused(not_public(
            address.host_str().unwrap_or_default(),
            ip,
        )));
    }
    Ok(address)
}

/// Why a request got no answer, in the words kept with the picture.
fn transport(error: reqwest::Error) -> Refusal {
    if let Some(refused) = find_cause::<NotPublic>(&error) {
        return Refusal::Refused(refused.0.clone());
    }
    if is_timeout(&error) {
        return Refusal::Failed("no answer in time".to_owned());
    }
    if find_cause::<NotFound>(&error).is_some() {
        return Refusal::Failed(NotFound.to_string());
    }
    Refusal::Failed(crate::outgoing::describe(&error.without_url()))
}

/// The first error of type `E` among `error` and its causes.
fn find_cause<'a, E: std::error::Error + 'static>(
    error: &'a (dyn std::error::Error + 'static),
) -> Option<&'a E> {
    let mut cause = Some(error);
    while let Some(current) = cause {
        if let Some(found) = current.downcast_ref::<E>() {
            return Some(found);
        }
        cause = current.source();
    }
    None
}

/// Whether reading stopped at the time limit (reqwest says so in the I/O error's cause).
fn is_timeout(error: &(dyn std::error::Error + 'static)) -> bool {
    find_cause::<reqwest::Error>(error).is_some_and(reqwest::Error::is_timeout)
        || find_cause::<std::io::Error>(error)
            .is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

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
        for public in [
            "1.1.1.1",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "2001:4860:4860::8888",
            // 6to4 of 1.1.1.1.
            "2002:101:101::1",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
        for reserved in [
            // IPv4-compatible, NAT64 and 6to4 forms of 10.0.0.1.
            "::a00:1",
            "64:ff9b::a00:1",
            "2002:a00:1::1",
            "2001::1",
            "2001:db8::1",
            "3fff::1",
            "fec0::1",
            "100::1",
            "ff02::1",
        ] {
            assert!(!is_public(reserved.parse().unwrap()), "{reserved}");
        }
    }

    /// Link-local and metadata addresses as each form of an IPv6 address
    /// may carry them.
    const NEVER_FETCHED: [&str; 20] = [
        "169.254.169.254",
        "169.254.170.2",
        "169.254.0.1",
        "100.100.100.200",
        "168.63.129.16",
        "192.0.0.192",
        "fe80::1",
        "febf:ffff::1",
        "fd00:ec2::254",
        "fd00:ec2::23",
        "fd20:ce::254",
        "::ffff:169.254.169.254",
        "::169.254.169.254",
        "::ffff:0:169.254.169.254",
        "64:ff9b::169.254.169.254",
        "64:ff9b:1::a9fe:a9fe",
        "2002:a9fe:a9fe::",
        "2002:6464:64c8::1",
        // Teredo with the metadata address as server, then as (inverted) client.
        "2001:0:a9fe:a9fe::1",
        "2001:0:4136:e378:8000:63bf:5601:5601",
    ];

    #[test]
    fn link_local_and_metadata_addresses_are_never_fetched_whatever_the_setting() {
        for address in NEVER_FETCHED {
            let ip: IpAddr = address.parse().unwrap();
            for private_addresses in [false, true] {
                assert!(
                    !may_fetch_from(ip, private_addresses),
                    "{address} (private addresses allowed: {private_addresses})"
                );
            }
        }
    }

    #[test]
    fn the_setting_allows_loopback_and_private_addresses_only() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.1.20",
            "::1",
            "fd12:3456:789a::20",
            "::ffff:192.168.1.20",
        ] {
            let ip: IpAddr = private.parse().unwrap();
            assert!(!may_fetch_from(ip, false), "{private}");
            assert!(may_fetch_from(ip, true), "{private}");
        }
        for never in [
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "ff02::1",
            "fec0::1",
        ] {
            assert!(!may_fetch_from(never.parse().unwrap(), true), "{never}");
        }
        assert!(may_fetch_from("1.1.1.1".parse().unwrap(), false));
    }

    #[test]
    fn metadata_addresses_are_refused_in_every_spelling_before_any_connection() {
        let fetcher = Fetcher::new(Fetching {
            timeout: Duration::from_secs(5),
            private_addresses: true,
        });
        let urls = [
            "http://169.254.169.254/latest/meta-data/",
            // Decimal, hexadecimal, octal and shortened spellings of it,
            // which the URL parser writes as 169.254.169.254.
            "http://2852039166/latest/meta-data/",
            "http://0xa9fea9fe/latest/meta-data/",
            "http://0xA9.0xFE.0xA9.0xFE/latest/meta-data/",
            "http://0251.0376.0251.0376/latest/meta-data/",
            "http://169.254.43518/latest/meta-data/",
            "http://169.254.169.254./latest/meta-data/",
            "http://[::ffff:169.254.169.254]/latest/meta-data/",
            "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
            "http://[::169.254.169.254]/latest/meta-data/",
            "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
            "http://[2002:a9fe:a9fe::]/latest/meta-data/",
            "http://[fd00:ec2::254]/latest/meta-data/",
            "http://[fd00:0ec2:0000::0254]/latest/meta-data/",
            "http://[fd20:ce::254]/computeMetadata/v1/",
            "http://[fe80::1]/",
            "http://100.100.100.200/latest/meta-data/",
            "https://168.63.129.16/machine",
        ];
        for url in urls {
            let refusal = fetcher.fetch(url).unwrap_err();
            assert!(!refusal.may_pass(), "{url}: {refusal}");
            assert!(
                refusal.to_string().contains("private or reserved"),
                "{url}: {refusal}"
            );
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
            // A name is checked by what it resolves to, before connecting.
            (
                "http://localhost:9/a.jpg",
                "localhost is a private or reserved address",
            ),
        ] {
            let refusal = fetcher.fetch(url).unwrap_err();
            assert!(!refusal.may_pass(), "{url}: {refusal}");
            assert!(refusal.to_string().contains(why), "{url}: {refusal}");
        }
    }
}
