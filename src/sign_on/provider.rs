//! One configured provider: its discovered metadata and keys, and each step
//! of a sign-in through it. Every call here blocks on the network: the API
//! runs them on a blocking thread.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use openidconnect::core::{
    CoreClient, CoreGenderClaim, CoreJwsSigningAlgorithm, CoreProviderMetadata, CoreResponseType,
};
use openidconnect::{
    AdditionalClaims, AuthenticationFlow, AuthorizationCode, ClientId, ClientSecret, CsrfToken,
    IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope,
    TokenResponse, UserInfoClaims,
};
use serde::{Deserialize, Serialize};

use super::http::ProviderHttp;
use crate::config::{PublicUrl, SignOnSettings};

/// How long an ID token may be past its expiry, for clocks that differ.
const CLOCK_LEEWAY: Duration = Duration::from_secs(60);
/// A failed discovery is not tried again sooner than this.
const RETRY_DISCOVERY_AFTER: Duration = Duration::from_secs(10);
/// Keys are fetched again, for a signature they do not check, at most this
/// often: a provider that rotated its keys is followed within seconds, and a
/// stream of forged tokens cannot make the site ask it more.
const REFETCH_KEYS_AFTER: Duration = Duration::from_secs(5);

/// Why a sign-in cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The provider cannot be reached, or answers nonsense: try later.
    #[error("{0}")]
    Unavailable(String),
    /// The provider's answer does not hold: this sign-in is refused.
    #[error("{0}")]
    Refused(String),
}

/// A sign-in sent to the provider: where the browser goes, and what to
/// keep to check the answer.
pub struct Started {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Who the provider says signed in, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// As the provider's discovery document says it.
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub preferred_username: Option<String>,
    /// None when the provider gave no groups claim at all.
    pub groups: Option<Vec<String>>,
}

/// Claims besides the standard ones (the groups claim among them).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct OtherClaims {
    #[serde(flatten)]
    rest: HashMap<String, serde_json::Value>,
}

impl AdditionalClaims for OtherClaims {}

enum Discovery {
    Not {
        problem: String,
        tried: Instant,
    },
    Found {
        metadata: Box<CoreProviderMetadata>,
        at: Instant,
    },
}

pub struct SignOn {
    issuer: IssuerUrl,
    client_id: ClientId,
    client_secret: Option<ClientSecret>,
    scopes: Vec<String>,
    groups_claim: String,
    redirect: RedirectUrl,
    http: ProviderHttp,
    discovery: RwLock<Discovery>,
}

/// The provider's status, for the log-in page and the admin.
#[derive(Debug, Clone)]
pub struct Status {
    pub issuer: String,
    pub available: bool,
    pub problem: Option<String>,
}

impl SignOn {
    /// A provider from the settings (none without an issuer); nothing is
    /// asked of it yet.
    pub fn from_settings(
        settings: &SignOnSettings,
        site: &PublicUrl,
        user_agent: String,
    ) -> anyhow::Result<Option<Self>> {
        let Some(issuer) = settings.oidc_issuer.as_deref().map(str::trim) else {
            return Ok(None);
        };
        let issuer = IssuerUrl::new(issuer.to_owned())
            .map_err(|error| anyhow::anyhow!("the OpenID Connect issuer {issuer}: {error}"))?;
        if !matches!(issuer.url().scheme(), "http" | "https") || issuer.url().host().is_none() {
            anyhow::bail!("the OpenID Connect issuer must be an http or https URL");
        }
        let redirect = RedirectUrl::new(format!("{site}/sign-on/callback"))?;
        Ok(Some(Self {
            http: ProviderHttp::new(issuer.url(), user_agent),
            issuer,
            client_id: ClientId::new(settings.oidc_client_id.clone()),
            client_secret: settings.client_secret()?.map(ClientSecret::new),
            scopes: settings
                .oidc_scopes
                .split_whitespace()
                .filter(|scope| *scope != "openid")
                .map(str::to_owned)
                .collect(),
            groups_claim: settings.oidc_groups_claim.clone(),
            redirect,
            discovery: RwLock::new(Discovery::Not {
                problem: "not asked yet".to_owned(),
                tried: Instant::now() - RETRY_DISCOVERY_AFTER,
            }),
        }))
    }

    pub fn redirect_uri(&self) -> &str {
        self.redirect.as_str()
    }

    /// Asks the provider for its discovery document and keys, accepting its
    /// issuer with or without the trailing slash the settings gave.
    pub fn discover(&self) -> Result<(), Problem> {
        let found = CoreProviderMetadata::discover(&self.issuer, &self.http).or_else(|error| {
            let mismatch = matches!(&error, openidconnect::DiscoveryError::Validation(why) if why.contains("issuer"));
            let other = self.other_spelling();
            match (mismatch, other) {
                (true, Some(other)) => CoreProviderMetadata::discover(&other, &self.http),
                _ => Err(error),
            }
        });
        let mut discovery = self
            .discovery
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match found {
            Ok(metadata) => {
                tracing::info!(issuer = %metadata.issuer().as_str(), "the sign-on provider answered");
                *discovery = Discovery::Found {
                    metadata: Box::new(metadata),
                    at: Instant::now(),
                };
                Ok(())
            }
            Err(error) => {
                let problem = format!(
                    "the provider at {} cannot be reached: {}",
                    self.issuer.as_str(),
                    chain(&error)
                );
                tracing::warn!("{problem}");
                if !matches!(*discovery, Discovery::Found { .. }) {
                    *discovery = Discovery::Not {
                        problem: problem.clone(),
                        tried: Instant::now(),
                    };
                }
                Err(Problem::Unavailable(problem))
            }
        }
    }

    /// The issuer with its trailing slash added or taken off.
    fn other_spelling(&self) -> Option<IssuerUrl> {
        let text = self.issuer.as_str();
        let other = match text.strip_suffix('/') {
            Some(bare) => bare.to_owned(),
            None => format!("{text}/"),
        };
        IssuerUrl::new(other).ok()
    }

    pub fn status(&self) -> Status {
        let discovery = self
            .discovery
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match &*discovery {
            Discovery::Found { metadata, .. } => Status {
                issuer: metadata.issuer().as_str().to_owned(),
                available: true,
                problem: None,
            },
            Discovery::Not { problem, .. } => Status {
                issuer: self.issuer.as_str().to_owned(),
                available: false,
                problem: Some(problem.clone()),
            },
        }
    }

    /// The metadata, discovering it first if an earlier try failed a while ago.
    fn metadata(&self) -> Result<CoreProviderMetadata, Problem> {
        let retry = {
            let discovery = self
                .discovery
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match &*discovery {
                Discovery::Found { metadata, .. } => return Ok((**metadata).clone()),
                Discovery::Not { problem, tried } => {
                    if tried.elapsed() < RETRY_DISCOVERY_AFTER {
                        return Err(Problem::Unavailable(problem.clone()));
                    }
                    true
                }
            }
        };
        if retry {
            self.discover()?;
        }
        self.metadata()
    }

    /// Starts a sign-in: the provider's address for the browser, with a
    /// fresh state, nonce and PKCE challenge.
    pub fn start(&self) -> Result<Started, Problem> {
        let metadata = self.metadata()?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            self.client_id.clone(),
            self.client_secret.clone(),
        )
        .set_redirect_uri(self.redirect.clone());
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut request = client
            .authorize_url(
                AuthenticationFlow::<CoreResponseType>::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .set_pkce_challenge(challenge);
        for scope in &self.scopes {
            request = request.add_scope(Scope::new(scope.clone()));
        }
        let (url, state, nonce) = request.url();
        Ok(Started {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    /// Finishes a sign-in with the provider's code: the token exchange, the
    /// ID token's checks and the userinfo answer.
    pub fn finish(
        &self,
        code: &str,
        nonce: &str,
        pkce_verifier: &str,
    ) -> Result<Identity, Problem> {
        let metadata = self.metadata()?;
        let client = CoreClient::from_provider_metadata(
            metadata.clone(),
            self.client_id.clone(),
            self.client_secret.clone(),
        )
        .set_redirect_uri(self.redirect.clone());
        let tokens = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|error| {
                Problem::Unavailable(format!("the provider has no token endpoint: {error}"))
            })?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request(&self.http)
            .map_err(|error| {
                Problem::Refused(format!("the provider refused the code: {}", chain(&error)))
            })?;
        let id_token = tokens
            .id_token()
            .ok_or_else(|| Problem::Refused("the provider sent no ID token".to_owned()))?;
        let nonce = Nonce::new(nonce.to_owned());
        let verified = |metadata: &CoreProviderMetadata| {
            let client = CoreClient::from_provider_metadata(
                metadata.clone(),
                self.client_id.clone(),
                self.client_secret.clone(),
            );
            let signing: Vec<CoreJwsSigningAlgorithm> = metadata
                .id_token_signing_alg_values_supported()
                .iter()
                .filter(|alg| **alg != CoreJwsSigningAlgorithm::None)
                .cloned()
                .collect();
            let verifier = client
                .id_token_verifier()
                .set_allowed_algs(signing)
                .set_time_fn(|| {
                    chrono::DateTime::<chrono::Utc>::from(
                        std::time::SystemTime::now() - CLOCK_LEEWAY,
                    )
                });
            id_token.claims(&verifier, &nonce).cloned()
        };
        let claims = match verified(&metadata) {
            Err(openidconnect::ClaimsVerificationError::SignatureVerification(why))
                if self.may_refetch_keys() =>
            {
                // A key id not seen yet: the provider may have rotated its keys.
                tracing::info!(%why, "fetching the provider's keys again");
                self.discover()?;
                verified(&self.metadata()?)
            }
            other => other,
        }
        .map_err(|error| {
            Problem::Refused(format!("the ID token does not hold: {}", chain(&error)))
        })?;
        let subject = claims.subject().clone();
        let userinfo: UserInfoClaims<OtherClaims, CoreGenderClaim> = client
            .user_info(tokens.access_token().clone(), Some(subject.clone()))
            .map_err(|error| {
                Problem::Unavailable(format!("the provider has no userinfo endpoint: {error}"))
            })?
            .request(&self.http)
            .map_err(|error| {
                Problem::Refused(format!("the provider's userinfo: {}", chain(&error)))
            })?;
        let email = userinfo
            .email()
            .or(claims.email())
            .map(|email| email.as_str().to_owned());
        let email_verified = userinfo
            .email_verified()
            .or(claims.email_verified())
            .unwrap_or(false);
        let preferred_username = userinfo
            .preferred_username()
            .or(claims.preferred_username())
            .map(|name| name.as_str().to_owned());
        let groups = userinfo
            .additional_claims()
            .rest
            .get(&self.groups_claim)
            .and_then(groups_of)
            .or_else(|| {
                id_token_claim(&id_token.to_string(), &self.groups_claim)
                    .as_ref()
                    .and_then(groups_of)
            });
        Ok(Identity {
            issuer: claims.issuer().as_str().to_owned(),
            subject: subject.as_str().to_owned(),
            email,
            email_verified,
            preferred_username,
            groups,
        })
    }

    fn may_refetch_keys(&self) -> bool {
        let discovery = self
            .discovery
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match &*discovery {
            Discovery::Found { at, .. } => at.elapsed() >= REFETCH_KEYS_AFTER,
            Discovery::Not { .. } => true,
        }
    }
}

/// A groups claim as providers write it: a list of names, or one name.
fn groups_of(value: &serde_json::Value) -> Option<Vec<String>> {
    match value {
        serde_json::Value::Array(items) => Some(
            items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_owned))
                .collect(),
        ),
        serde_json::Value::String(one) => Some(vec![one.clone()]),
        _ => None,
    }
}

/// One claim of an ID token already verified, read from its payload.
fn id_token_claim(jwt: &str, name: &str) -> Option<serde_json::Value> {
    let payload = jwt.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload).ok()?;
    let mut claims: HashMap<String, serde_json::Value> = serde_json::from_slice(&bytes).ok()?;
    claims.remove(name)
}

/// An error and its causes in one line.
fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    crate::outgoing::describe(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_a_list_or_one_name() {
        assert_eq!(
            groups_of(&serde_json::json!(["admins", 3, "music"])),
            Some(vec!["admins".to_owned(), "music".to_owned()])
        );
        assert_eq!(
            groups_of(&serde_json::json!("admins")),
            Some(vec!["admins".to_owned()])
        );
        assert_eq!(groups_of(&serde_json::json!({"a": 1})), None);
    }

    #[test]
    fn a_claim_is_read_from_the_payload() {
        let payload = URL_SAFE_NO_PAD.encode(br#"{"sub":"1","groups":["a"]}"#);
        let jwt = format!("e30.{payload}.sig");
        assert_eq!(
            id_token_claim(&jwt, "groups"),
            Some(serde_json::json!(["a"]))
        );
        assert_eq!(id_token_claim(&jwt, "roles"), None);
        assert_eq!(id_token_claim("nonsense", "groups"), None);
    }
}
