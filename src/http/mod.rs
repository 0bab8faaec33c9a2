//! What every request passes through before and after a resource's handler:
//! the layers, the extractors that say who is calling, the client address,
//! the password queue, the sign-in and write limits, suspension and the
//! security log. `api/` holds the resources; this holds the rules they share.

/// Every write route, its allowance, and whether a suspended member may make it.
pub mod allowances;
/// What a body may say about who is acting.
pub(crate) mod claims;
/// Who is calling from where: the client address behind a trusted proxy.
pub(crate) mod client_address;
/// Where a request comes from as a member's sessions list shows it.
pub(crate) mod client_seen;
/// Extractors: the caller (signed in, editor, admin) and bodies, paths and queries whose refusals answer in the API's message format.
pub(crate) mod extract;
/// How large a request's head may be: 8 KiB a line, 32 KiB in all.
pub mod head_limits;
/// Layers every response passes through: tracing, compression, security headers, the body limit, the time limit.
pub(crate) mod layers;
/// How many password checks a client address and an account may have.
pub(crate) mod login_limits;
/// `?limit=` and `?page=`, bounded per list.
pub(crate) mod paging;
/// The bounded queue of password hashing.
pub(crate) mod passwords;
/// The security log: one line per refusal worth a fail2ban filter's notice.
pub mod security_log;
/// The site's configured public address, for feeds' absolute links.
pub(crate) mod site_origin;
/// A suspended member reads but does not write.
pub(crate) mod suspension;
/// Abuse limits: sign-ups, email changes and each kind of write.
pub mod throttle;
/// Receiving a file as a request body, a batch at a time.
pub(crate) mod uploads;
/// Charging each write to its allowance.
pub(crate) mod write_limits;

pub use client_address::ClientAddress;
pub use extract::{Admin, AppJson, AppPath, AppQuery, CurrentUser, Editor, MaybeUser};
pub use layers::apply as with_layers;
