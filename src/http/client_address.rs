//! The client's address, which the log-in and sign-up limits count by
//! (through its `LimitKey`) and the security log shows in full.
//!
//! Without `--trust-proxy` it is the peer. Behind a trusted reverse proxy it
//! is the rightmost `X-Forwarded-For` entry over all the header's lines: the
//! one the proxy appended. Everything left of it was written by the client
//! and proves nothing, so when the rightmost entry does not parse (`unknown`,
//! a bare port, garbage) the client is unknown: all such clients share one
//! address, `UNKNOWN`, and one set of limits.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::error::AppError;
use crate::server::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

/// Where an address could not be known.
pub const UNKNOWN: IpAddr = IpAddr::V4(Ipv4Addr::UNSPECIFIED);

impl std::fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 == UNKNOWN {
            f.write_str("unknown")
        } else {
            self.0.fmt(f)
        }
    }
}

/// What every limit kept per client counts by: an IPv4 address, or the /64
/// network of an IPv6 one. A home or a rented server is given a whole /64
/// and may send from any of its 2^64 addresses, so counting full IPv6
/// addresses would give it a fresh allowance with every request. An IPv4
/// address mapped into IPv6 (how a dual-stack listener sees IPv4 clients)
/// counts as the IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LimitKey(IpAddr);

/// The bits of an IPv6 address that name its /64 network.
const NETWORK_64: u128 = !0 << 64;

impl ClientAddress {
    pub fn limit_key(self) -> LimitKey {
        match self.0.to_canonical() {
            IpAddr::V4(v4) => LimitKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => LimitKey(IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & NETWORK_64))),
        }
    }
}

impl std::fmt::Display for LimitKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(network) => write!(f, "{network}/64"),
            v4 => ClientAddress(v4).fmt(f),
        }
    }
}

/// The address a proxy appended to `X-Forwarded-For`: `None` when the
/// header is absent, `UNKNOWN` when its last entry is not an address.
pub fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last_line = headers.get_all("x-forwarded-for").iter().next_back()?;
    let entry = last_line
        .to_str()
        .ok()
        .and_then(|line| line.rsplit(',').next())
        .map(str::trim);
    Some(entry.and_then(parse_entry).unwrap_or(UNKNOWN))
}

/// `203.0.113.7`, `2001:db8::1`, `203.0.113.7:51234`, `[2001:db8::1]:51234` or `[2001:db8::1]`.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    if let Ok(address) = entry.parse::<IpAddr>() {
        return Some(address);
    }
    if let Ok(socket) = entry.parse::<SocketAddr>() {
        return Some(socket.ip());
    }
    entry
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .and_then(|inner| inner.parse::<std::net::Ipv6Addr>().ok())
        .map(IpAddr::V6)
}

impl<S> FromRequestParts<S> for ClientAddress
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // Settled once per API request by the security log's layer.
        if let Some(settled) = parts.extensions.get::<ClientAddress>() {
            return Ok(*settled);
        }
        let state = AppState::from_ref(state);
        if state.trust_proxy
            && let Some(address) = forwarded_for(&parts.headers)
        {
            return Ok(ClientAddress(address));
        }
        let peer = ConnectInfo::<SocketAddr>::from_request_parts(parts, &state)
            .await
            .map(|ConnectInfo(address)| address.ip())
            .unwrap_or(UNKNOWN);
        Ok(ClientAddress(peer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(lines: &[&str]) -> Option<IpAddr> {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", line.parse().unwrap());
        }
        forwarded_for(&headers)
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn the_rightmost_entry_of_the_last_line_is_the_client() {
        assert_eq!(forwarded(&[]), None);
        assert_eq!(forwarded(&["203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(forwarded(&["1.2.3.4, 203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(forwarded(&["1.2.3.4", " 203.0.113.7 "]), ip("203.0.113.7"));
        assert_eq!(forwarded(&["2001:db8::1"]), ip("2001:db8::1"));
    }

    #[test]
    fn ports_are_accepted_in_both_forms() {
        assert_eq!(forwarded(&["203.0.113.7:51234"]), ip("203.0.113.7"));
        assert_eq!(forwarded(&["[2001:db8::1]:51234"]), ip("2001:db8::1"));
        assert_eq!(forwarded(&["[2001:db8::1]"]), ip("2001:db8::1"));
    }

    #[test]
    fn an_entry_that_does_not_parse_is_unknown_never_the_one_before() {
        for bad in [
            "1.2.3.4, unknown",
            "1.2.3.4, :51234",
            "1.2.3.4, 999.1.1.1",
            "1.2.3.4, ",
            "1.2.3.4,",
            "1.2.3.4, 203.0.113.7 junk",
            "1.2.3.4, fe80::1%eth0",
            "1.2.3.4, [203.0.113.7]:80",
            "1.2.3.4, _hidden",
        ] {
            assert_eq!(forwarded(&[bad]), Some(UNKNOWN), "{bad}");
        }
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "1.2.3.4".parse().unwrap());
        headers.append(
            "x-forwarded-for",
            axum::http::HeaderValue::from_bytes(b"\xff\xfe").unwrap(),
        );
        assert_eq!(forwarded_for(&headers), Some(UNKNOWN));
    }

    fn key(text: &str) -> LimitKey {
        ClientAddress(text.parse().unwrap()).limit_key()
    }

    #[test]
    fn ipv6_clients_count_by_their_64_and_ipv4_clients_by_address() {
        assert_eq!(
            key("2001:db8:1:2::1"),
            key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_eq!(key("2001:db8:1:2:a:b:c:d").to_string(), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_ne!(key("203.0.113.7"), key("203.0.113.8"));
        assert_eq!(key("203.0.113.7").to_string(), "203.0.113.7");
        // A dual-stack listener's view of an IPv4 client is that client.
        assert_eq!(key("::ffff:203.0.113.7"), key("203.0.113.7"));
        assert_ne!(key("::ffff:203.0.113.7"), key("::ffff:203.0.113.8"));
        assert_eq!(ClientAddress(UNKNOWN).limit_key().to_string(), "unknown");
    }

    #[test]
    fn unknown_clients_are_shown_as_unknown() {
        assert_eq!(ClientAddress(UNKNOWN).to_string(), "unknown");
        assert_eq!(ClientAddress(ip("::1").unwrap()).to_string(), "::1");
    }
}
