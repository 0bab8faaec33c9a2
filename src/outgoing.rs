//! The one way halfstar builds an HTTP client for its own requests (the
//! catalogue import, picture fetching, the health check): rustls on *ring*
//! with the Mozilla roots built in, so the static downloads and the container
//! image (which holds no certificate store) reach HTTPS hosts as any build does.
//!
//! The clients are reqwest's blocking ones: every caller runs on a thread of
//! its own (the CLI, the picture fetcher, an import's worker). reqwest runs
//! each on a small runtime of its own, which must not be started on an async
//! runtime's thread, so a `LazyClient` is built on its first request.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use reqwest::blocking::{Client, ClientBuilder};

/// A client builder with halfstar's TLS settings, its `User-Agent` and a
/// time limit on each whole request.
pub fn client_builder(user_agent: &str, timeout: Duration) -> ClientBuilder {
    reqwest::blocking::Client::builder()
        .tls_backend_preconfigured(tls_config())
        .user_agent(user_agent)
        .timeout(timeout)
}

/// A client made on its first use, on the thread that uses it, and kept;
/// a client that cannot be made says why on every use.
pub struct LazyClient {
    make: Box<dyn Fn() -> ClientBuilder + Send + Sync>,
    client: OnceLock<Result<Client, String>>,
}

impl LazyClient {
    pub fn new(make: impl Fn() -> ClientBuilder + Send + Sync + 'static) -> Self {
        Self {
            make: Box::new(make),
            client: OnceLock::new(),
        }
    }

    pub fn get(&self) -> Result<&Client, &str> {
        self.client
            .get_or_init(|| (self.make)().build().map_err(|error| describe(&error)))
            .as_ref()
            .map_err(String::as_str)
    }
}

fn tls_config() -> rustls::ClientConfig {
    let roots = rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("ring supports the default TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth()
}

/// An error and its causes in one line ("error sending request: client error
/// (Connect): tcp connect error: Connection refused"): reqwest's own text
/// alone leaves out why.
pub fn describe(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let said = inner.to_string();
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = inner.source();
    }
    text
}
