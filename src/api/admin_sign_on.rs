//! The admin's view of sign-on: whether the site signs in through a
//! provider, whether it answers, and what the provider must be told.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::openapi::AdminOnly;
use super::{Admin, AppState};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sign_on_status))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SignOnStatus {
    /// Whether an issuer is set (`--oidc-issuer`).
    configured: bool,
    /// As discovered, or as set while it is not.
    #[schema(required)]
    issuer: Option<String>,
    /// Whether the provider's discovery document and keys were read.
    available: bool,
    /// Why not, while it is not.
    #[schema(required)]
    problem: Option<String>,
    /// The redirect URI to register with the provider.
    #[schema(required)]
    redirect_uri: Option<String>,
    /// Who may sign in with a password: "on", "admins" or "off".
    password_login: String,
}

#[utoipa::path(
    get,
    path = "/admin/sign-on",
    tag = "admin",
    responses(AdminOnly, (status = 200, description = "Whether the site signs in through a provider, and whether it answers", body = SignOnStatus)),
    security(("bearer" = []))
)]
async fn sign_on_status(State(state): State<AppState>, Admin(_): Admin) -> Json<SignOnStatus> {
    let password_login = state.password_login.as_str().to_owned();
    Json(match &state.sign_on {
        Some(site) => {
            let status = site.provider.status();
            SignOnStatus {
                configured: true,
                issuer: Some(status.issuer),
                available: status.available,
                problem: status.problem,
                redirect_uri: Some(site.provider.redirect_uri().to_owned()),
                password_login,
            }
        }
        None => SignOnStatus {
            configured: false,
            issuer: None,
            available: false,
            problem: None,
            redirect_uri: None,
            password_login,
        },
    })
}
