//! `GET /api/openapi.json`: the OpenAPI 3 description of the whole API,
//! assembled from each resource module's annotated handlers.

use axum::routing::get;
use axum::{Json, Router};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, PathItem};
use utoipa::{Modify, OpenApi};

use super::{
    AppState, album_batches, albums, artists, auth, charts, comments, export, health, imports,
    posts, ratings, reviews, search, shouts, users, votes, wishlist,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(document))
}

struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
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
    for part in [
        health::Doc::openapi(),
        auth::Doc::openapi(),
        users::Doc::openapi(),
        export::Doc::openapi(),
        artists::Doc::openapi(),
        albums::Doc::openapi(),
        album_batches::Doc::openapi(),
        imports::Doc::openapi(),
        charts::Doc::openapi(),
        search::Doc::openapi(),
        ratings::Doc::openapi(),
        wishlist::Doc::openapi(),
        reviews::Doc::openapi(),
        votes::Doc::openapi(),
        posts::Doc::openapi(),
        comments::Doc::openapi(),
        shouts::Doc::openapi(),
    ] {
        doc.merge(part);
    }
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

async fn document() -> Json<Document> {
    Json(document_value())
}
