//! Every route that writes, with the allowance it is charged to and whether
//! a suspended member may still make it. The member extractors
//! (`CurrentUser`, `Editor`, `Admin`) look a write up here before its
//! handler runs: a suspended member is refused and the member's allowance
//! charged, so a new write route cannot forget either. A route missing
//! from this table is refused to suspended members and logged;
//! `tests/it/protections.rs` fails on it.

use axum::http::Method;

use super::write_limits::WriteKind;

/// What limits a write route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowance {
    /// The caller's allowance of this kind, charged before the handler runs.
    Member(WriteKind),
    /// The caller's allowance of this kind, charged by the handler only
    /// once it has accepted the write (uploads: a refused file costs
    /// nothing).
    MemberWhenAccepted(WriteKind),
    /// A stranger's write, limited by the handler per client address and
    /// per name typed: the limit's name.
    Stranger(&'static str),
    /// A POST that only reads (checks a draft): nothing to charge.
    ReadsOnly,
}

#[derive(Debug)]
pub struct WriteRoute {
    pub method: &'static str,
    /// As the route table matches it, `/api` included.
    pub path: &'static str,
    pub allowance: Allowance,
    /// Suspended members may still do this: sign in and out, end sessions,
    /// revoke keys, change their password, take their data, delete their account,
    /// acknowledge warnings and mark notifications read.
    pub while_suspended: bool,
}

const fn member(method: &'static str, path: &'static str, kind: WriteKind) -> WriteRoute {
    WriteRoute {
        method,
        path,
        allowance: Allowance::Member(kind),
        while_suspended: false,
    }
}

const fn even_suspended(method: &'static str, path: &'static str, kind: WriteKind) -> WriteRoute {
    WriteRoute {
        while_suspended: true,
        ..member(method, path, kind)
    }
}

const fn stranger(method: &'static str, path: &'static str, limit: &'static str) -> WriteRoute {
    WriteRoute {
        method,
        path,
        allowance: Allowance::Stranger(limit),
        while_suspended: true,
    }
}

use WriteKind::*;

/// Where music players submit plays, as described and charged, whichever of
/// its two mounts a request came through.
pub const PLAYER_SUBMIT_PATH: &str = "/apis/listenbrainz/1/submit-listens";

pub const WRITE_ROUTES: &[WriteRoute] = &[
    // Signing in and out, and the account itself.
    stranger("POST", "/api/auth/signup", "sign-ups per client address"),
    stranger(
        "POST",
        "/api/auth/login",
        "failed log-ins and password checks per account and address",
    ),
    stranger(
        "POST",
        "/api/auth/forgot-password",
        "password resets per client address and per address typed",
    ),
    stranger(
        "POST",
        "/api/auth/reset-password",
        "password hashing per client address; a token works once",
    ),
    stranger(
        "POST",
        "/api/auth/confirm-sign-up",
        "a mailed link, once; the sign-up was charged per client address",
    ),
    stranger(
        "POST",
        "/api/auth/confirm-email",
        "a mailed link, once; the change was charged to the member's email changes",
    ),
    stranger(
        "POST",
        "/api/mail/unsubscribe/{token}",
        "unsubscribes per client address; a token turns one kind of mail off",
    ),
    // A mail's List-Unsubscribe address, outside /api (server::router).
    stranger(
        "POST",
        "/unsubscribe/{token}",
        "unsubscribes per client address; a token turns one kind of mail off",
    ),
    stranger(
        "POST",
        "/api/auth/sign-on/start",
        "sign-ins through the provider started per client address",
    ),
    stranger(
        "POST",
        "/api/auth/sign-on/finish",
        "a started sign-in, once; the start was charged per client address",
    ),
    member("POST", "/api/settings/sign-on/unlink", Account),
    even_suspended("POST", "/api/auth/logout", Housekeeping),
    even_suspended("DELETE", "/api/auth/sessions", Housekeeping),
    even_suspended("DELETE", "/api/auth/sessions/{session_id}", Housekeeping),
    even_suspended("PUT", "/api/auth/password", Account),
    member("PUT", "/api/auth/email", Account),
    member("PUT", "/api/auth/username", Account),
    member("PATCH", "/api/user/{user_id}", Account),
    member("PUT", "/api/settings/community", Account),
    // Turning mail off must work while suspended; turning it on costs nothing.
    even_suspended("PUT", "/api/settings/mail", Account),
    even_suspended("POST", "/api/auth/delete-account", Account),
    even_suspended("POST", "/api/auth/warnings/{warning_id}/seen", Housekeeping),
    // Following a notification marks it read: part of reading.
    even_suspended("POST", "/api/notifications/read", Housekeeping),
    member("DELETE", "/api/user/me/listened/{album_id}", Housekeeping),
    // Administration.
    member("PUT", "/api/admin/signup", Moderation),
    member("PUT", "/api/admin/members/{username}/role", Moderation),
    member(
        "POST",
        "/api/admin/members/{username}/suspension",
        Moderation,
    ),
    member(
        "DELETE",
        "/api/admin/members/{username}/suspension",
        Moderation,
    ),
    member("POST", "/api/admin/members/{username}/sign-out", Moderation),
    member("POST", "/api/admin/reports/resolve", Moderation),
    member("POST", "/api/admin/visibility", Moderation),
    member("POST", "/api/admin/new-releases/checks", Catalogue),
    member("POST", "/api/reports", Report),
    member("POST", "/api/invites", Invite),
    member("DELETE", "/api/invites/{invite_id}", Invite),
    // The catalogue and its history.
    member("POST", "/api/artist", Catalogue),
    member("PATCH", "/api/artist/{id}", Catalogue),
    member("POST", "/api/album", Catalogue),
    member("PATCH", "/api/album/{id}", Catalogue),
    member("DELETE", "/api/album/{id}", Catalogue),
    member("POST", "/api/album/create-many", Catalogue),
    member("PATCH", "/api/album/update-many", Catalogue),
    member("PATCH", "/api/album/update-many/photos", Catalogue),
    member("POST", "/api/revisions/{revision_id}/revert", Catalogue),
    member(
        "POST",
        "/api/change-requests/{request_id}/accept",
        Catalogue,
    ),
    member(
        "POST",
        "/api/change-requests/{request_id}/decline",
        Catalogue,
    ),
    member("POST", "/api/change-requests", ChangeRequest),
    // A member's own history brought from elsewhere.
    WriteRoute {
        method: "POST",
        path: "/api/import/ratings",
        allowance: Allowance::MemberWhenAccepted(FileImport),
        while_suspended: false,
    },
    member("DELETE", "/api/import/ratings/{import_id}", ImportStep),
    member(
        "PUT",
        "/api/import/ratings/{import_id}/rows/{row}",
        ImportStep,
    ),
    member(
        "POST",
        "/api/import/ratings/{import_id}/accept-best",
        ImportStep,
    ),
    member(
        "POST",
        "/api/import/ratings/{import_id}/rematch",
        ImportStep,
    ),
    member(
        "POST",
        "/api/import/ratings/{import_id}/confirm",
        ImportStep,
    ),
    // Ratings, reviews and the rest of a member's writing.
    member("POST", "/api/rating", Rating),
    member("PATCH", "/api/rating/{rating_id}", Rating),
    member("DELETE", "/api/rating/{rating_id}", Rating),
    member("PUT", "/api/track/{track_id}/rating", Rating),
    member("PUT", "/api/album/{id}/genre-votes", Vote),
    member("PUT", "/api/album/{id}/genre-lock", Catalogue),
    member("PUT", "/api/album/{id}/descriptors", Vote),
    member(
        "PUT",
        "/api/recommendations/dismissed/{album_id}",
        Housekeeping,
    ),
    member(
        "DELETE",
        "/api/recommendations/dismissed/{album_id}",
        Housekeeping,
    ),
    member("DELETE", "/api/track/{track_id}/rating", Rating),
    member("POST", "/api/diary", Rating),
    member("PATCH", "/api/diary/{entry_id}", Rating),
    member("DELETE", "/api/diary/{entry_id}", Rating),
    member("POST", "/api/wishlistitem", Wishlist),
    member("DELETE", "/api/wishlistitem/{id}", Wishlist),
    member("POST", "/api/review", Review),
    WriteRoute {
        method: "POST",
        path: "/api/review/validate",
        allowance: Allowance::ReadsOnly,
        while_suspended: true,
    },
    member("DELETE", "/api/review/{album_title}", Removal),
    member("POST", "/api/reviewvote", Vote),
    member("POST", "/api/post", Post),
    member("PATCH", "/api/post/{post_id}", Post),
    member("DELETE", "/api/post/{post_id}", Removal),
    member("POST", "/api/comment", Comment),
    member("DELETE", "/api/comment/{id}", Removal),
    member("POST", "/api/shout", Shout),
    member("DELETE", "/api/shout/{id}", Removal),
    member("POST", "/api/list", List),
    member("PATCH", "/api/list/{list_id}", List),
    member("DELETE", "/api/list/{list_id}", List),
    member("POST", "/api/list/{list_id}/entries", List),
    member("PATCH", "/api/list/{list_id}/entries/{entry_id}", List),
    member("DELETE", "/api/list/{list_id}/entries/{entry_id}", List),
    member("POST", "/api/list/{list_id}/like", Vote),
    member("DELETE", "/api/list/{list_id}/like", Vote),
    // Following and blocking.
    member("POST", "/api/user/username/{username}/follow", Follow),
    member("DELETE", "/api/user/username/{username}/follow", Follow),
    member("DELETE", "/api/user/username/{username}/follower", Follow),
    member("POST", "/api/user/username/{username}/block", Follow),
    member("DELETE", "/api/user/username/{username}/block", Follow),
    member("POST", "/api/artist/{id}/follow", Follow),
    member("DELETE", "/api/artist/{id}/follow", Follow),
    // Plays from the member's music players, and the token they send.
    member("POST", "/api/settings/player-token", Account),
    // A suspended member may still revoke a key, as they may end a session.
    even_suspended("DELETE", "/api/settings/player-token", Account),
    member("POST", "/api/settings/calendar", Account),
    even_suspended("DELETE", "/api/settings/calendar", Account),
    member("POST", PLAYER_SUBMIT_PATH, PlayerSubmission),
];

/// Whether a request of `method` changes something (everything but reads).
pub fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The write route `method` + `path` (a matched route, `/api` included).
pub fn write_route(method: &Method, path: &str) -> Option<&'static WriteRoute> {
    WRITE_ROUTES
        .iter()
        .find(|route| route.method == method.as_str() && route.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_route_is_listed_once() {
        for (i, route) in WRITE_ROUTES.iter().enumerate() {
            assert!(
                WRITE_ROUTES[i + 1..]
                    .iter()
                    .all(|other| (other.method, other.path) != (route.method, route.path)),
                "{} {} is listed twice",
                route.method,
                route.path
            );
        }
    }
}
