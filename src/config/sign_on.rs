//! Sign-in through the household's OpenID Connect provider (`--oidc-issuer`
//! and its companions), and whether passwords still sign in. Optional: with
//! no issuer the site signs in with passwords only, as before.

use std::path::PathBuf;
use std::str::FromStr;

use clap::Args;

/// Who may still sign in with a password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordLogin {
    /// Everyone (the default).
    On,
    /// Admins only, so they can get in while the provider is down.
    Admins,
    /// Nobody: every sign-in goes through the provider. Started again with
    /// `--password-login on`, an admin is back in with their password.
    Off,
}

impl PasswordLogin {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::On => "on",
            Self::Admins => "admins",
            Self::Off => "off",
        }
    }
}

impl FromStr for PasswordLogin {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        [Self::On, Self::Admins, Self::Off]
            .into_iter()
            .find(|mode| mode.as_str() == text)
            .ok_or_else(|| format!("{text} is not on, admins or off"))
    }
}

/// How the site reaches the identity provider, and what it takes from it.
#[derive(Debug, Clone, Args)]
pub struct SignOnSettings {
    /// The provider's issuer URL, as its discovery document says it (with or
    /// without a trailing slash), as `https://auth.example.org` for Authelia
    /// or `https://sso.example.org/realms/home` for Keycloak. Unset: no
    /// sign-on.
    #[arg(long, env = "HALFSTAR_OIDC_ISSUER")]
    pub oidc_issuer: Option<String>,

    /// The client id the provider knows halfstar by.
    #[arg(long, env = "HALFSTAR_OIDC_CLIENT_ID", default_value = "halfstar")]
    pub oidc_client_id: String,

    /// The client secret; better given in a file (`--oidc-client-secret-file`).
    #[arg(long, env = "HALFSTAR_OIDC_CLIENT_SECRET", hide_env_values = true)]
    pub oidc_client_secret: Option<String>,

    /// A file holding the client secret (a container secret).
    #[arg(long, env = "HALFSTAR_OIDC_CLIENT_SECRET_FILE")]
    pub oidc_client_secret_file: Option<PathBuf>,

    /// The scopes asked for, besides `openid`, separated by spaces.
    #[arg(long, env = "HALFSTAR_OIDC_SCOPES", default_value = "email profile")]
    pub oidc_scopes: String,

    /// The button's words on the log-in and sign-up pages.
    #[arg(
        long,
        env = "HALFSTAR_OIDC_BUTTON_LABEL",
        default_value = "Sign in with single sign-on"
    )]
    pub oidc_button_label: String,

    /// The claim that lists the member's groups (from the ID token or the
    /// userinfo answer).
    #[arg(long, env = "HALFSTAR_OIDC_GROUPS_CLAIM", default_value = "groups")]
    pub oidc_groups_claim: String,

    /// Members of this provider group are admins here, rechecked at every
    /// sign-in. Unset (with the editor group unset too): roles are given
    /// here, not by the provider.
    #[arg(long, env = "HALFSTAR_OIDC_ADMIN_GROUP")]
    pub oidc_admin_group: Option<String>,

    /// Members of this provider group are editors here (admins stay admins).
    #[arg(long, env = "HALFSTAR_OIDC_EDITOR_GROUP")]
    pub oidc_editor_group: Option<String>,

    /// Link a first sign-in to the account here with the same email, when
    /// the provider says the address is verified and the account's address
    /// was confirmed by mail here too. Off: the member links it from their
    /// settings, signed in.
    #[arg(long, env = "HALFSTAR_OIDC_LINK_BY_EMAIL", value_parser = clap::builder::BoolishValueParser::new())]
    pub oidc_link_by_email: bool,

    /// Who may sign in with a password: on, admins or off.
    #[arg(long, env = "HALFSTAR_PASSWORD_LOGIN", default_value = "on")]
    pub password_login: PasswordLogin,
}

impl Default for SignOnSettings {
    fn default() -> Self {
        Self {
            oidc_issuer: None,
            oidc_client_id: "halfstar".to_owned(),
            oidc_client_secret: None,
            oidc_client_secret_file: None,
            oidc_scopes: "email profile".to_owned(),
            oidc_button_label: "Sign in with single sign-on".to_owned(),
            oidc_groups_claim: "groups".to_owned(),
            oidc_admin_group: None,
            oidc_editor_group: None,
            oidc_link_by_email: false,
            password_login: PasswordLogin::On,
        }
    }
}

impl SignOnSettings {
    /// The client secret, from the file when one is given.
    pub fn client_secret(&self) -> anyhow::Result<Option<String>> {
        match &self.oidc_client_secret_file {
            Some(path) => {
                let secret = std::fs::read_to_string(path).map_err(|error| {
                    anyhow::anyhow!(
                        "cannot read the client secret from {}: {error}",
                        path.display()
                    )
                })?;
                Ok(Some(secret.trim_end_matches(['\r', '\n']).to_owned()))
            }
            None => Ok(self.oidc_client_secret.clone()),
        }
    }

    /// Whether the provider gives roles here.
    pub fn maps_groups(&self) -> bool {
        self.oidc_admin_group.is_some() || self.oidc_editor_group.is_some()
    }
}
