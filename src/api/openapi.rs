//! `GET /api/openapi.json`: the OpenAPI 3 description of the whole API,
//! assembled from each resource module's annotated handlers.

use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use std::collections::BTreeMap;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, PathItem};

use utoipa::openapi::{RefOr, Response};
use utoipa::{IntoResponses, Modify, OpenApi};

use crate::http::allowances::{Allowance, write_route};
use axum::http::Method;

struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
        // What music players send to the ListenBrainz-compatible API.
        components.add_security_scheme(
            "player_token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "\"Token <player token>\", the token made in Settings",
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "halfstar",
        description = "Rate, review and discuss music albums. Errors answer {\"message\": ...}. \
                       Writes take the caller from the bearer token.",
    ),
    modifiers(&BearerToken)
)]
struct Root;

/// The whole description, this route included.
pub fn document_value() -> Document {
    let mut doc = Root::openapi();
    doc.merge(super::described_operations());
    declare_bad_input(&mut doc);
    declare_dead_token(&mut doc);
    declare_write_protections(&mut doc);
    let mut this = PathItem::new(
        utoipa::openapi::HttpMethod::Get,
        utoipa::openapi::path::OperationBuilder::new()
            .tag("health")
            .description(Some("This description."))
            .response(
                "200",
                utoipa::openapi::Response::new("The OpenAPI 3 document"),
            ),
    );
    this.summary = Some("The OpenAPI description".to_owned());
    doc.paths.paths.insert("/api/openapi.json".to_owned(), this);
    doc
}

/// The answers every signed-in operation shares, named once. A handler's
/// annotation lists its own answers and the one set that fits it:
/// `responses(Writes, (status = 201, ...), (status = 404, ...))`.
pub struct SignedIn;
/// A member's write: signed in, refused to suspended members, charged to
/// an allowance.
pub struct Writes;
/// Only admins.
pub struct AdminOnly;
/// Only editors (and admins).
pub struct EditorOnly;

const NOT_SIGNED_IN: (&str, &str) = ("401", "Not signed in");

fn error_answers(answers: &[(&str, &str)]) -> BTreeMap<String, RefOr<Response>> {
    answers
        .iter()
        .map(|&(status, description)| (status.to_owned(), error_answer(description).into()))
        .collect()
}

impl IntoResponses for SignedIn {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_answers(&[NOT_SIGNED_IN])
    }
}

impl IntoResponses for Writes {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_answers(&[
            NOT_SIGNED_IN,
            ("403", "Not allowed for this caller"),
            ("429", "Too many writes of this kind; see Retry-After"),
        ])
    }
}

impl IntoResponses for AdminOnly {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_answers(&[NOT_SIGNED_IN, ("403", "Not an admin")])
    }
}

impl IntoResponses for EditorOnly {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        error_answers(&[NOT_SIGNED_IN, ("403", "Not an editor")])
    }
}

/// An error answer: `{"message": ...}` as JSON.
fn error_answer(description: &str) -> utoipa::openapi::Response {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorMessage")))
                .build(),
        )
        .build()
}

/// Every operation of the description.
fn operations(doc: &mut Document) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    doc.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
    })
}

/// Every operation that looks at who is calling answers 401 to a bearer
/// token that no longer works (expired, or signed out elsewhere), reads
/// included, so that a browser holding one learns its session is over. Only
/// the health operations ignore the token.
fn declare_dead_token(doc: &mut Document) {
    let dead_token = error_answer(
        "Not signed in: the bearer token sent no longer works (sign in again, or send none)",
    );
    for operation in operations(doc) {
        let health = operation
            .tags
            .as_ref()
            .is_some_and(|tags| tags.iter().any(|tag| tag == "health"));
        if !health {
            operation
                .responses
                .responses
                .entry("401".to_owned())
                .or_insert_with(|| dead_token.clone().into());
        }
    }
}

/// Every write by a member may be refused while they are suspended (403)
/// and past its allowance (429), as the registry of allowances says.
fn declare_write_protections(doc: &mut Document) {
    let suspended = error_answer("The caller is suspended: they may read, but not write");
    let too_many = error_answer(
        "Over the caller's allowance for this kind of write; Retry-After says when to try again",
    );
    for (path, item) in doc.paths.paths.iter_mut() {
        for (method, operation) in [
            (Method::PUT, &mut item.put),
            (Method::POST, &mut item.post),
            (Method::DELETE, &mut item.delete),
            (Method::PATCH, &mut item.patch),
        ] {
            let (Some(operation), Some(route)) = (operation, write_route(&method, path)) else {
                continue;
            };
            let responses = &mut operation.responses.responses;
            if !route.while_suspended {
                responses
                    .entry("403".to_owned())
                    .or_insert_with(|| suspended.clone().into());
            }
            if matches!(
                route.allowance,
                Allowance::Member(_) | Allowance::MemberWhenAccepted(_)
            ) {
                responses
                    .entry("429".to_owned())
                    .or_insert_with(|| too_many.clone().into());
            }
        }
    }
}

/// Every parameter and body passes through the shared extractors, which
/// answer 400 `{"message": ...}` to what does not parse; so every operation
/// that takes input declares it, unless it describes its own 400 already.
fn declare_bad_input(doc: &mut Document) {
    let bad_input = error_answer("Bad input; the message names the field");
    for operation in operations(doc) {
        let takes_input = operation
            .parameters
            .as_ref()
            .is_some_and(|parameters| !parameters.is_empty())
            || operation.request_body.is_some();
        if takes_input {
            operation
                .responses
                .responses
                .entry("400".to_owned())
                .or_insert_with(|| bad_input.clone().into());
        }
    }
}

/// The description as sent: assembled and serialised once, since it is the
/// same for the life of the binary.
pub(super) async fn document() -> impl IntoResponse {
    static SENT: OnceLock<Bytes> = OnceLock::new();
    let body = SENT.get_or_init(|| {
        serde_json::to_vec(&document_value())
            .expect("the description serialises")
            .into()
    });
    ([(CONTENT_TYPE, "application/json")], body.clone())
}
