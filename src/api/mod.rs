//! The HTTP API's resources, one module each with its handlers, request and
//! answer types and routes; and the route table. What every request passes
//! through (layers, extractors, limits) is in `crate::http`; the state they
//! all share is `crate::server::state`.

mod account;
mod account_mail;
mod address_checks;
mod admin;
mod admin_mail;
mod admin_sign_on;
mod album_batches;
mod albums;
mod artists;
mod atom;
mod auth;
mod calendar;
mod charts;
mod comments;
mod descriptors;
mod diary;
mod export;
mod feed;
mod follows;
mod genre_votes;
mod health;
mod history;
mod imports;
mod invites;
pub mod listenbrainz;
mod lists;
mod member_tokens;
mod new_releases;
mod notifications;
mod openapi;
mod password_resets;
mod player_token;
mod posts;
mod rating_imports;
mod ratings;
mod recommendations;
mod reports;
mod reviews;
mod search;
mod shaped_charts;
mod shared;
mod shouts;
mod sign_on;
mod tracks;
pub mod unsubscribe;
mod users;
mod votes;
mod wishlist;
mod year;

use axum::Router;
use axum::extract::OriginalUri;
use axum::http::Method;
use utoipa_axum::router::OpenApiRouter;

use crate::error::AppError;

pub use crate::http::{
    Admin, AppJson, AppPath, AppQuery, ClientAddress, CurrentUser, Editor, MaybeUser, with_layers,
};
pub use crate::reads::kept_answers::KeptAnswers;
pub use crate::reads::kept_sessions::KeptSessions;
pub use crate::reads::rankings::Rankings;
pub use album_batches::{BatchResult, add_albums_from_json};
pub use openapi::document_value as openapi_document;

pub use crate::config::{
    DEFAULT_CHART_PRIOR_WEIGHT, DEFAULT_MAX_BODY_BYTES, DEFAULT_SESSION_MAX_DAYS,
};
pub use crate::server::state::{AppParts, AppState, DEFAULT_REQUEST_TIMEOUT};

/// Every operation under `/api`, each declared once, by its handler's
/// `#[utoipa::path]` and its module's `routes!`: the route table and the
/// description both come from here. `catalogue_writes` wraps the changes to
/// the catalogue (what the route table adds around them).
fn operations(
    catalogue_writes: impl FnOnce(OpenApiRouter<AppState>) -> OpenApiRouter<AppState>,
) -> OpenApiRouter<AppState> {
    let catalogue = OpenApiRouter::new()
        .merge(artists::routes())
        .merge(albums::routes())
        .merge(album_batches::routes())
        .merge(genre_votes::routes());
    OpenApiRouter::new()
        .merge(health::routes())
        .merge(auth::routes())
        .merge(account::routes())
        .merge(account_mail::routes())
        .merge(unsubscribe::routes())
        .merge(password_resets::routes())
        .merge(sign_on::routes())
        .merge(address_checks::routes())
        .merge(users::routes())
        .merge(export::routes())
        .merge(catalogue_writes(catalogue))
        .merge(imports::routes())
        .merge(admin::routes())
        .merge(admin_mail::routes())
        .merge(admin_sign_on::routes())
        .merge(invites::routes())
        .merge(reports::routes())
        .merge(history::routes())
        .merge(charts::routes())
        .merge(shaped_charts::routes())
        .merge(search::routes())
        .merge(ratings::routes())
        .merge(tracks::routes())
        .merge(descriptors::routes())
        .merge(recommendations::routes())
        .merge(new_releases::routes())
        .merge(calendar::routes())
        .merge(diary::routes())
        .merge(year::routes())
        .merge(rating_imports::routes())
        .merge(wishlist::routes())
        .merge(reviews::routes())
        .merge(votes::routes())
        .merge(posts::routes())
        .merge(comments::routes())
        .merge(shouts::routes())
        .merge(lists::routes())
        .merge(follows::routes())
        .merge(feed::routes())
        .merge(notifications::routes())
        .merge(player_token::routes())
}

/// Every `/api` route; anything else under `/api` answers 404 JSON.
pub fn routes(state: &AppState) -> Router<AppState> {
    // A change to the catalogue may add, remove or rename what a kept chart
    // or search order lists, whichever of these routes made it.
    let rankings = state.rankings.clone();
    let (described, _) = operations(|catalogue| {
        catalogue.route_layer(axum::middleware::from_fn_with_state(
            rankings,
            crate::reads::rankings::forget_after_writes,
        ))
    })
    .split_for_parts();
    described
        // The description itself, described by hand in `openapi.rs`.
        .route("/openapi.json", axum::routing::get(openapi::document))
        .fallback(unknown_api_path)
        .method_not_allowed_fallback(method_not_allowed)
}

/// The operations as described: the API's under `/api`, the music players'
/// under `/apis/listenbrainz/1` (also served at `/1`, undescribed, as
/// ListenBrainz's own root).
fn described_operations() -> utoipa::openapi::OpenApi {
    OpenApiRouter::new()
        .nest("/api", operations(|catalogue| catalogue))
        .nest("/apis/listenbrainz/1", listenbrainz::routes())
        .into_openapi()
}

/// axum adds the `Allow` header to this answer.
async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> AppError {
    AppError::MethodNotAllowed(format!("{method} is not allowed on {}", uri.path()))
}

pub(crate) async fn unknown_api_path(OriginalUri(uri): OriginalUri) -> AppError {
    AppError::NotFound(format!("No API route for {}", uri.path()))
}

/// What a sweep of the orders computed: how many chart scopes and search
/// word beginnings.
#[derive(Debug, Clone, Copy)]
pub struct Swept {
    pub chart_scopes: usize,
    pub search_beginnings: usize,
}

/// Computes, ahead of any reader, the orders that would be slow to compute
/// when first asked for: every chart scope's and the busy word beginnings'
/// of search. They are served as kept, as old as this sweep. `stopped` is
/// asked between orders: once it says so, the sweep ends with nothing kept
/// (`None`).
pub fn sweep_orders(
    conn: &rusqlite::Connection,
    rankings: &Rankings,
    prior_weight: f64,
    stopped: &dyn Fn() -> bool,
) -> crate::error::AppResult<Option<Swept>> {
    let began = rankings.sweep_begins();
    let mut orders = std::collections::HashMap::new();
    let Some(chart_scopes) = charts::sweep(conn, prior_weight, &mut orders, stopped)? else {
        return Ok(None);
    };
    let Some(search_beginnings) = search::sweep(conn, &mut orders, stopped)? else {
        return Ok(None);
    };
    rankings.seed(orders, began);
    Ok(Some(Swept {
        chart_scopes,
        search_beginnings,
    }))
}
