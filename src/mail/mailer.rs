//! The connection to the owner's mail server: built once from the settings,
//! a new SMTP session for each mail (no pool: a home server sends a few a
//! day), and what the server answered sorted into sent, try again later,
//! and never.

use std::net::IpAddr;
use std::time::Duration;

use anyhow::{Context, bail};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, CertificateStore, Tls, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use lettre::{Address, Message, SmtpTransport, Transport};

use super::Words;
use crate::config::{MailSettings, PublicUrl};

/// How long one step of an SMTP session may take before the mail is tried
/// again later.
const SESSION_TIMEOUT: Duration = Duration::from_secs(20);

/// Reply codes that refuse the recipient's address itself: the address is
/// then undeliverable. Other permanent refusals (a wrong password, a
/// message too large) are the site's to fix, not the member's.
const ADDRESS_REFUSED: [&str; 4] = ["550", "551", "553", "554"];

/// Why a mail was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Worth trying again: the server is down, busy, or answered 4xx.
    Temporary(String),
    /// The server refused the mail for good (5xx).
    Permanent {
        message: String,
        /// Whether it refused the recipient's address.
        address_refused: bool,
    },
}

impl Failure {
    pub fn message(&self) -> &str {
        match self {
            Self::Temporary(message) | Self::Permanent { message, .. } => message,
        }
    }
}

/// Sends mail through the configured server.
pub struct Mailer {
    transport: SmtpTransport,
    from: Mailbox,
    /// The public host, for Message-IDs.
    host: String,
}

impl Mailer {
    /// The mailer the settings describe, or none when no SMTP URL is set;
    /// an error names what is wrong in them.
    pub fn from_settings(
        settings: &MailSettings,
        public_url: &PublicUrl,
    ) -> anyhow::Result<Option<Self>> {
        let Some(url) = settings
            .smtp_url
            .as_deref()
            .filter(|url| !url.trim().is_empty())
        else {
            return Ok(None);
        };
        let from = settings
            .mail_from
            .as_deref()
            .context("an SMTP URL is set but not the address mail is sent from (--mail-from)")?;
        let address: Address = from
            .trim()
            .parse()
            .with_context(|| format!("the mail-from address {from:?} is not an email address"))?;
        let name = settings.mail_from_name.trim();
        let from = Mailbox::new((!name.is_empty()).then(|| name.to_owned()), address);
        let transport = transport(url, settings, public_url.host())?;
        Ok(Some(Self {
            transport,
            from,
            host: public_url.host().trim_matches(['[', ']']).to_owned(),
        }))
    }

    /// Sends `letter` to `to` in one SMTP session: the server's answer to
    /// the message, as "250 2.0.0 Ok: queued".
    pub fn send(&self, to: &str, letter: Words) -> Result<String, Failure> {
        let message = self.message(to, letter)?;
        match self.transport.send(&message) {
            Ok(answer) => {
                let lines: Vec<&str> = answer.message().collect();
                Ok(format!("{} {}", answer.code(), lines.join(" ")))
            }
            Err(error) => Err(sorted(&error)),
        }
    }

    fn message(&self, to: &str, letter: Words) -> Result<Message, Failure> {
        let never = |message: String| Failure::Permanent {
            message,
            address_refused: true,
        };
        let to: Address = to
            .parse()
            .map_err(|error| never(format!("{to:?} is not an email address: {error}")))?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to))
            .subject(letter.subject)
            .message_id(Some(format!(
                "<{}@{}>",
                crate::auth::new_invite_code(),
                self.host
            )))
            // RFC 3834: no vacation replies to mail no person wrote.
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".to_owned(),
            ));
        if let Some(unsubscribe) = letter.unsubscribe {
            // RFC 8058: one POST to the address unsubscribes, no sign-in.
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{unsubscribe}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        let body = MultiPart::alternative()
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_PLAIN)
                    .body(letter.text.to_owned()),
            )
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(letter.html.to_owned()),
            );
        builder.multipart(body).map_err(|error| Failure::Permanent {
            message: format!("the mail cannot be written: {error}"),
            address_refused: false,
        })
    }
}

/// What an SMTP error means for the mail.
fn sorted(error: &lettre::transport::smtp::Error) -> Failure {
    let message = error.to_string();
    match error.status() {
        Some(code) if error.is_permanent() => Failure::Permanent {
            address_refused: ADDRESS_REFUSED.contains(&code.to_string().as_str()),
            message,
        },
        // 4xx, a connection refused or cut, a timeout, a TLS failure (a
        // certificate the admin may yet fix): later.
        _ => Failure::Temporary(message),
    }
}

/// The SMTP transport an URL names, saying `hello` (the public host) as
/// the client's name.
fn transport(url: &str, settings: &MailSettings, hello: &str) -> anyhow::Result<SmtpTransport> {
    let parsed = url::Url::parse(url.trim()).map_err(|error| {
        anyhow::anyhow!("the SMTP URL is not an address ({error}); write it as smtp://host:port")
    })?;
    let host = parsed
        .host_str()
        .filter(|host| !host.is_empty())
        .context("the SMTP URL must name the mail server's host")?
        .trim_matches(['[', ']'])
        .to_owned();
    let tls_mode = parsed
        .query_pairs()
        .find(|(key, _)| key == "tls")
        .map(|(_, value)| value.into_owned());
    let parameters = || tls_parameters(&host, settings.smtp_ca_file.as_deref());
    let (tls, default_port) = match (parsed.scheme(), tls_mode.as_deref()) {
        ("smtp", None | Some("none")) => (Tls::None, 25),
        ("smtp", Some("required")) => (Tls::Required(parameters()?), 587),
        ("smtp", Some("opportunistic")) => (Tls::Opportunistic(parameters()?), 587),
        ("smtps", None) => (Tls::Wrapper(parameters()?), 465),
        ("smtp" | "smtps", Some(other)) => bail!(
            "the SMTP URL's tls={other} is not known: write tls=required or tls=opportunistic"
        ),
        (scheme, _) => bail!("the SMTP URL must begin with smtp:// or smtps://, not {scheme}://"),
    };
    let mut builder = SmtpTransport::builder_dangerous(host)
        .port(parsed.port().unwrap_or(default_port))
        .tls(tls)
        .hello_name(client_id(hello))
        .timeout(Some(SESSION_TIMEOUT));
    if let Some(credentials) = credentials(&parsed, settings)? {
        builder = builder.credentials(credentials);
    }
    Ok(builder.build())
}

fn tls_parameters(host: &str, ca_file: Option<&std::path::Path>) -> anyhow::Result<TlsParameters> {
    let mut builder =
        TlsParameters::builder(host.to_owned()).certificate_store(CertificateStore::WebpkiRoots);
    if let Some(path) = ca_file {
        let pem = std::fs::read(path)
            .with_context(|| format!("cannot read the SMTP CA file {}", path.display()))?;
        let certificates = Certificate::from_pem(&pem).map_err(|_| {
            anyhow::anyhow!(
                "the SMTP CA file {} holds no PEM certificates",
                path.display()
            )
        })?;
        builder = builder.add_root_certificate(certificates);
    }
    builder
        .build_rustls()
        .context("cannot set up TLS for the mail server")
}

/// The user and password to sign in with: the URL's user, and its password
/// or the password file's (its last line break dropped).
fn credentials(url: &url::Url, settings: &MailSettings) -> anyhow::Result<Option<Credentials>> {
    let decoded = |text: &str| -> anyhow::Result<String> {
        Ok(percent_encoding::percent_decode_str(text)
            .decode_utf8()
            .context("the SMTP URL's user or password is not UTF-8")?
            .into_owned())
    };
    let password = match &settings.smtp_password_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| {
                format!("cannot read the SMTP password file {}", path.display())
            })?;
            Some(text.trim_end_matches(['\r', '\n']).to_owned())
        }
        None => url.password().map(decoded).transpose()?,
    };
    match (url.username(), password) {
        ("", None) => Ok(None),
        ("", Some(_)) => bail!("the SMTP URL has a password but no user: write smtp://user@host"),
        (user, password) => Ok(Some(Credentials::new(
            decoded(user)?,
            password.unwrap_or_default(),
        ))),
    }
}

/// The name the client gives in EHLO: the public host, or its address
/// literal when the site is reached by address.
fn client_id(host: &str) -> ClientId {
    match host.trim_matches(['[', ']']).parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => ClientId::Ipv4(v4),
        Ok(IpAddr::V6(v6)) => ClientId::Ipv6(v6),
        Err(_) => ClientId::Domain(host.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(url: &str) -> MailSettings {
        MailSettings {
            smtp_url: Some(url.to_owned()),
            mail_from: Some("music@example.org".to_owned()),
            mail_from_name: "halfstar".to_owned(),
            ..MailSettings::default()
        }
    }

    fn public() -> PublicUrl {
        PublicUrl::parse("https://music.example").unwrap()
    }

    #[test]
    fn no_url_means_no_mail() {
        let none = MailSettings::default();
        assert!(Mailer::from_settings(&none, &public()).unwrap().is_none());
    }

    #[test]
    fn each_form_of_the_url_is_taken_and_bad_ones_are_named() {
        for good in [
            "smtp://127.0.0.1:2525",
            "smtp://mail.example:587?tls=required",
            "smtp://mail.example?tls=opportunistic",
            "smtps://user:p%40ss@mail.example",
        ] {
            assert!(
                Mailer::from_settings(&settings(good), &public()).is_ok(),
                "{good}"
            );
        }
        for (bad, said) in [
            ("http://mail.example", "must begin with smtp://"),
            ("smtp://mail.example?tls=maybe", "tls=maybe is not known"),
            ("smtp://:pw@mail.example", "no user"),
            ("not a url", "not an address"),
        ] {
            let error = Mailer::from_settings(&settings(bad), &public())
                .err()
                .unwrap_or_else(|| panic!("{bad} was taken"));
            assert!(error.to_string().contains(said), "{bad}: {error}");
        }
        let mut no_from = settings("smtp://mail.example");
        no_from.mail_from = None;
        let error = Mailer::from_settings(&no_from, &public()).err().unwrap();
        assert!(error.to_string().contains("--mail-from"), "{error}");
    }

    #[test]
    fn user_and_password_are_decoded_and_the_file_wins() {
        let url = url::Url::parse("smtp://me%40home:p%40ss+1@mail.example").unwrap();
        let plain = credentials(&url, &settings("")).unwrap().unwrap();
        // Credentials has no Debug, so that a password is never printed.
        assert!(plain == Credentials::new("me@home".into(), "p@ss+1".into()));
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), "from the file\n").unwrap();
        let with_file = MailSettings {
            smtp_password_file: Some(file.path().to_owned()),
            ..settings("")
        };
        let from_file = credentials(&url, &with_file).unwrap().unwrap();
        assert!(from_file == Credentials::new("me@home".into(), "from the file".into()));
    }

    #[test]
    fn the_client_names_itself_by_the_public_host() {
        assert_eq!(
            client_id("music.example"),
            ClientId::Domain("music.example".into())
        );
        assert_eq!(
            client_id("192.168.1.20"),
            ClientId::Ipv4("192.168.1.20".parse().unwrap())
        );
        assert_eq!(client_id("[::1]"), ClientId::Ipv6("::1".parse().unwrap()));
    }
}
