//! Sign-in through the household's OpenID Connect provider: discovery (at
//! start, and again while it fails, never stopping the site from starting),
//! the authorization code flow with PKCE, state and nonce (kept in SQLite by
//! the API, single use, ten minutes), and the checks of its answer. What
//! the member's account then becomes is the API's (`api::sign_on`).

pub mod http;
pub mod provider;

pub use provider::{Identity, Problem, SignOn, Started};

use crate::config::{PublicUrl, SignOnSettings};
use crate::domain::Role;

/// The site's provider, with what the site does with its answers.
pub struct SignOnSite {
    pub provider: SignOn,
    pub button_label: String,
    admin_group: Option<String>,
    editor_group: Option<String>,
    /// Whether a first sign-in links to the account of the same email (both
    /// addresses verified).
    pub link_by_email: bool,
}

impl SignOnSite {
    /// The site's provider from the settings: none without an issuer, an
    /// error for settings that cannot work.
    pub fn from_settings(
        settings: &SignOnSettings,
        site: &PublicUrl,
        user_agent: String,
    ) -> anyhow::Result<Option<Self>> {
        let Some(provider) = SignOn::from_settings(settings, site, user_agent)? else {
            return Ok(None);
        };
        Ok(Some(Self {
            provider,
            button_label: settings.oidc_button_label.trim().to_owned(),
            admin_group: settings.oidc_admin_group.clone(),
            editor_group: settings.oidc_editor_group.clone(),
            link_by_email: settings.oidc_link_by_email,
        }))
    }

    /// The role the provider's groups give, when the site maps groups to
    /// roles: an admin group's members are admins, an editor group's editors,
    /// everyone else (a missing claim included) a plain member.
    pub fn role_for(&self, groups: Option<&[String]>) -> Option<Role> {
        if self.admin_group.is_none() && self.editor_group.is_none() {
            return None;
        }
        let member_of = |group: &Option<String>| {
            group
                .as_ref()
                .is_some_and(|group| groups.unwrap_or_default().iter().any(|had| had == group))
        };
        Some(if member_of(&self.admin_group) {
            Role::Admin
        } else if member_of(&self.editor_group) {
            Role::Editor
        } else {
            Role::User
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(admin: Option<&str>, editor: Option<&str>) -> SignOnSite {
        let settings = SignOnSettings {
            oidc_issuer: Some("https://auth.example.org".to_owned()),
            oidc_admin_group: admin.map(str::to_owned),
            oidc_editor_group: editor.map(str::to_owned),
            ..SignOnSettings::default()
        };
        SignOnSite::from_settings(&settings, &PublicUrl::default(), "test".to_owned())
            .unwrap()
            .unwrap()
    }

    #[test]
    fn groups_give_roles_only_when_mapped() {
        let groups = ["music-admins".to_owned(), "music".to_owned()];
        assert_eq!(site(None, None).role_for(Some(&groups)), None);
        let mapped = site(Some("music-admins"), Some("music-editors"));
        assert_eq!(mapped.role_for(Some(&groups)), Some(Role::Admin));
        assert_eq!(
            mapped.role_for(Some(&["music-editors".to_owned()])),
            Some(Role::Editor)
        );
        assert_eq!(mapped.role_for(Some(&[])), Some(Role::User));
        assert_eq!(
            mapped.role_for(None),
            Some(Role::User),
            "a missing claim is no groups"
        );
    }
}
