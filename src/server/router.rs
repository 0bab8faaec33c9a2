//! The whole application as one router: the API (`api::routes`) with the
//! kept answers and the security log around it, the music players' API at
//! both its mounts, a mail's one-click unsubscribe, the pictures, the embedded UI, and the layers every
//! answer passes through.

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::post;

use super::AppState;
use crate::api::{self, listenbrainz};
use crate::http::{layers, security_log};

pub fn app(state: AppState) -> Router {
    let max_body_bytes = state.max_body_bytes;
    let request_timeout = state.request_timeout;
    let api = api::routes(&state)
        .layer(from_fn_with_state(
            state.clone(),
            crate::reads::kept_answers::serve_or_keep,
        ))
        .layer(from_fn_with_state(state.clone(), security_log::watch))
        .with_state(state.clone());
    let (players, _) = listenbrainz::routes().split_for_parts();
    let players = players
        .layer(from_fn_with_state(state.clone(), security_log::watch))
        .with_state(state.clone());
    let router = Router::new()
        .nest("/api", api)
        .nest("/apis/listenbrainz/1", players.clone())
        .nest("/1", players)
        // A mail's List-Unsubscribe address (RFC 8058): its one POST turns
        // the mail off; a GET opens the page that asks first.
        .route(
            "/unsubscribe/{token}",
            post(api::unsubscribe::unsubscribe).get(crate::web::serve_ui),
        )
        .merge(crate::media::router().with_state(state.clone()))
        .fallback(crate::web::serve_ui)
        .with_state(state);
    layers::apply(router, max_body_bytes, request_timeout)
}
