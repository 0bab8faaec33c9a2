//! Where the site's mail goes (`--smtp-url` and its companions). Mail is
//! optional: with no SMTP URL the site sends nothing and says so where a
//! member would look for mail (the log-in page offers no reset by mail).

use std::path::PathBuf;

use clap::Args;

/// How the site reaches the owner's mail server.
#[derive(Debug, Clone, Args)]
pub struct MailSettings {
    /// The mail server: `smtp://host:25` (plain), `smtp://host:587?tls=required`
    /// (STARTTLS, refused without it), `smtp://host:587?tls=opportunistic`
    /// (STARTTLS when offered) or `smtps://host:465` (TLS from the first
    /// byte); `smtp://user:password@host...` signs in. Unset: no mail.
    #[arg(long, env = "HALFSTAR_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// A file holding the mail server's password (a container secret), used
    /// instead of one in the SMTP URL; the URL still names the user.
    #[arg(long, env = "HALFSTAR_SMTP_PASSWORD_FILE")]
    pub smtp_password_file: Option<PathBuf>,

    /// The address mail is sent from, as `music@example.org`.
    #[arg(long, env = "HALFSTAR_MAIL_FROM")]
    pub mail_from: Option<String>,

    /// The name mail is sent from, shown beside the address.
    #[arg(long, env = "HALFSTAR_MAIL_FROM_NAME", default_value = "halfstar")]
    pub mail_from_name: String,

    /// A PEM file of certificate authorities trusted besides the built-in
    /// ones, for a mail server whose certificate a home CA signed.
    #[arg(long, env = "HALFSTAR_SMTP_CA_FILE")]
    pub smtp_ca_file: Option<PathBuf>,

    /// Seconds before a mail the server could not take is tried again; each
    /// later pause doubles, up to two hours, for a day.
    #[arg(long, env = "HALFSTAR_MAIL_RETRY_SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub mail_retry_seconds: u64,

    /// Seconds between looks at new notifications, to mail those members
    /// asked to be mailed.
    #[arg(long, env = "HALFSTAR_MAIL_NOTIFICATIONS_SECONDS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub mail_notifications_seconds: u64,

    /// Make each sign-up wait for the link mailed to its address (needs mail).
    /// A sign-up then answers alike whether or not the address has an account.
    #[arg(long, env = "HALFSTAR_CONFIRM_SIGN_UPS", value_parser = clap::builder::BoolishValueParser::new())]
    pub confirm_sign_ups: bool,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            smtp_url: None,
            smtp_password_file: None,
            mail_from: None,
            mail_from_name: "halfstar".to_owned(),
            smtp_ca_file: None,
            mail_retry_seconds: 60,
            mail_notifications_seconds: 30,
            confirm_sign_ups: false,
        }
    }
}
