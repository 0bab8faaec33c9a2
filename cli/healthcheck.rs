//! `healthcheck`: asks a running server's `/api/health` and exits 0 only when
//! it answers ok. Container images have no curl (the halfstar image holds
//! nothing but the binary), so their `HEALTHCHECK` runs this.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};

/// Long enough for a busy Raspberry Pi, short enough that a stuck server is
/// reported before the container runtime's own timeout.
const TIMEOUT: Duration = Duration::from_secs(5);

pub fn run(listen: SocketAddr) -> anyhow::Result<ExitCode> {
    let url = format!("http://{}/api/health", reachable(listen));
    let client = halfstar::outgoing::client_builder("halfstar healthcheck", TIMEOUT)
        // A proxy set for the imports must not carry a loopback request.
        .no_proxy()
        .build()
        .context("cannot make an HTTP client")?;
    let body: serde_json::Value = client
        .get(&url)
        .send()
        .map_err(|error| anyhow::anyhow!(halfstar::outgoing::describe(&error.without_url())))
        .with_context(|| format!("{url} did not answer"))?
        .error_for_status()
        .with_context(|| format!("{url} did not answer ok"))?
        .bytes()
        .with_context(|| format!("{url} broke off its answer"))
        .and_then(|bytes| {
            serde_json::from_slice(&bytes)
                .with_context(|| format!("{url} answered something other than JSON"))
        })?;
    if body["status"] != "ok" {
        bail!("{url} answered {body}");
    }
    println!("ok");
    Ok(ExitCode::SUCCESS)
}

/// A server listening on every address (0.0.0.0 in a container) is asked on
/// loopback.
fn reachable(listen: SocketAddr) -> SocketAddr {
    match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv4Addr::LOCALHOST.into(), listen.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(Ipv6Addr::LOCALHOST.into(), listen.port())
        }
        _ => listen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_on_every_address_is_asked_on_loopback() {
        let any: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(reachable(any), "127.0.0.1:8080".parse().unwrap());
        let any6: SocketAddr = "[::]:9000".parse().unwrap();
        assert_eq!(reachable(any6), "[::1]:9000".parse().unwrap());
        let one: SocketAddr = "192.168.1.5:80".parse().unwrap();
        assert_eq!(reachable(one), one);
    }
}
