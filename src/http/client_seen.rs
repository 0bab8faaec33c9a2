//! Where a request comes from, as a member's list of sessions and keys shows
//! it: the program's User-Agent (cut short) and the client address.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};

use super::ClientAddress;
use crate::db::sessions::Client;
use crate::error::AppError;
use crate::server::AppState;

/// The most characters of a User-Agent kept.
const MOST_AGENT_CHARS: usize = 300;

pub struct ClientSeen {
    user_agent: String,
    address: String,
}

impl ClientSeen {
    pub fn new(headers: &HeaderMap, address: ClientAddress) -> Self {
        let user_agent = headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .chars()
            .filter(|&c| !c.is_control())
            .take(MOST_AGENT_CHARS)
            .collect();
        Self {
            user_agent,
            address: address.to_string(),
        }
    }

    /// As the queries of sessions and keys take it.
    pub fn as_client(&self) -> Client<'_> {
        Client {
            user_agent: &self.user_agent,
            address: &self.address,
        }
    }
}

impl<S> FromRequestParts<S> for ClientSeen
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let address = ClientAddress::from_request_parts(parts, state).await?;
        Ok(Self::new(&parts.headers, address))
    }
}
