//! The provider's HTTP client: our reqwest client under openidconnect's
//! `SyncHttpClient`, redirects off, a bounded answer. The configured
//! issuer's host may be on the household's own network (home providers
//! live there), so it alone is exempt from the private-address guard; any
//! other host the discovery document names must be public, as a picture's.
//! Never a link-local or metadata address, whoever names it.

use std::io::Read;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use openidconnect::{HttpRequest, HttpResponse, SyncHttpClient};
use reqwest::dns::{Name, Resolve, Resolving};
use reqwest::redirect::Policy;

use crate::outgoing::{LazyClient, client_builder, describe};
use crate::pictures::fetch::{PublicOnly, may_fetch_from};

/// The most a provider's answer may hold (a discovery document, keys, a
/// token, userinfo: a few kilobytes each).
const MOST_ANSWER_BYTES: u64 = 1024 * 1024;
/// Each request's time limit.
const TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct HttpFailure(pub String);

/// Resolves the issuer's host as the system does (private addresses
/// allowed), every other host as the picture fetcher does (public only).
struct IssuerOrPublic {
    issuer_host: String,
    public: PublicOnly,
}

impl Resolve for IssuerOrPublic {
    fn resolve(&self, name: Name) -> Resolving {
        if !name.as_str().eq_ignore_ascii_case(&self.issuer_host) {
            return self.public.resolve(name);
        }
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<std::net::SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|address| may_fetch_from(address.ip(), true))
                .collect();
            if found.is_empty() {
                return Err(format!("{host} has no address the site may reach").into());
            }
            Ok(Box::new(found.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

pub struct ProviderHttp {
    issuer_host: String,
    client: LazyClient,
}

impl ProviderHttp {
    pub fn new(issuer: &url::Url, user_agent: String) -> Self {
        let issuer_host = issuer.host_str().unwrap_or_default().to_owned();
        let resolving_host = issuer_host.clone();
        Self {
            issuer_host,
            client: LazyClient::new(move || {
                client_builder(&user_agent, TIMEOUT)
                    .redirect(Policy::none())
                    .no_proxy()
                    .dns_resolver(Arc::new(IssuerOrPublic {
                        issuer_host: resolving_host.clone(),
                        public: PublicOnly::new(false),
                    }))
            }),
        }
    }

    /// An address written in a URL skips the resolver: checked here.
    fn check(&self, url: &url::Url) -> Result<(), HttpFailure> {
        let Some(host) = url.host_str() else {
            return Err(HttpFailure(format!("{url} names no host")));
        };
        if !matches!(url.scheme(), "http" | "https") {
            return Err(HttpFailure(format!("{url} is not http or https")));
        }
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        if let Ok(ip) = bare.parse::<IpAddr>() {
            let issuer = host.eq_ignore_ascii_case(&self.issuer_host);
            if !may_fetch_from(ip, issuer) {
                return Err(HttpFailure(format!(
                    "{host} is a private or reserved address, and not the issuer's"
                )));
            }
        }
        Ok(())
    }
}

impl SyncHttpClient for ProviderHttp {
    type Error = HttpFailure;

    fn call(&self, request: HttpRequest) -> Result<HttpResponse, Self::Error> {
        let url = url::Url::parse(&request.uri().to_string())
            .map_err(|error| HttpFailure(format!("a bad address: {error}")))?;
        self.check(&url)?;
        let client = self
            .client
            .get()
            .map_err(|why| HttpFailure(why.to_owned()))?;
        let method = reqwest::Method::from_bytes(request.method().as_str().as_bytes())
            .map_err(|error| HttpFailure(error.to_string()))?;
        let mut outgoing = client.request(method, url.clone());
        for (name, value) in request.headers() {
            outgoing = outgoing.header(name.as_str(), value.as_bytes());
        }
        let answer = outgoing
            .body(request.into_body())
            .send()
            .map_err(|error| HttpFailure(format!("{url}: {}", describe(&error))))?;
        let mut response =
            openidconnect::http::Response::builder().status(answer.status().as_u16());
        for (name, value) in answer.headers() {
            response = response.header(name.as_str(), value.as_bytes());
        }
        let mut body = Vec::new();
        answer
            .take(MOST_ANSWER_BYTES)
            .read_to_end(&mut body)
            .map_err(|error| HttpFailure(format!("{url}: {error}")))?;
        response
            .body(body)
            .map_err(|error| HttpFailure(error.to_string()))
    }
}
