//! `/api/openapi.json` describes every route the API serves, and nothing else.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::Value;

/// Every `(METHOD, /api/path)` the route tables in `src/api/` declare, read
/// from the source so that a new route cannot slip by undescribed.
fn declared_routes() -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/api");
    for entry in std::fs::read_dir(dir).unwrap() {
        let source = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut rest = source.as_str();
        while let Some(start) = rest.find(".route(") {
            let call = &rest[start + ".route(".len()..];
            let mut depth = 1;
            let end = call
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map(|(i, _)| i)
                .expect("balanced parentheses");
            let args = &call[..end];
            let path = args.split('"').nth(1).expect("a path literal");
            let handlers = &args[args.find(',').expect("handlers") + 1..];
            for method in ["get", "post", "patch", "put", "delete"] {
                let called = handlers
                    .match_indices(&format!("{method}("))
                    .any(|(i, _)| i == 0 || !handlers.as_bytes()[i - 1].is_ascii_alphanumeric());
                if called {
                    routes.insert((method.to_owned(), format!("/api{path}")));
                }
            }
            rest = &call[end..];
        }
    }
    routes
}

fn described_routes(doc: &Value) -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "patch", "put", "delete"] {
            if item.get(method).is_some() {
                routes.insert((method.to_owned(), path.clone()));
            }
        }
    }
    routes
}

fn refs(value: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "$ref" {
                    found.insert(inner.as_str().unwrap().to_owned());
                } else {
                    refs(inner, found);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
        _ => {}
    }
}

#[tokio::test]
async fn every_route_is_described_and_every_description_is_a_route() {
    let app = TestApp::new();
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status, StatusCode::OK);
    let doc = response.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));

    let declared = declared_routes();
    assert!(
        declared.len() > 60,
        "the scan finds the route tables: {declared:?}"
    );
    let described = described_routes(&doc);
    let undescribed: Vec<_> = declared.difference(&described).collect();
    assert!(
        undescribed.is_empty(),
        "routes without a description: {undescribed:?}"
    );
    let stale: Vec<_> = described.difference(&declared).collect();
    assert!(stale.is_empty(), "descriptions of no route: {stale:?}");
}

#[tokio::test]
async fn schemas_are_complete_and_writes_name_their_security() {
    let app = TestApp::new();
    let doc = app.get("/api/openapi.json").await.json();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let mut found = BTreeSet::new();
    refs(&doc, &mut found);
    for reference in &found {
        let name = reference.trim_start_matches("#/components/schemas/");
        assert!(schemas.contains_key(name), "{reference} has no schema");
    }
    let album = &schemas["Album"]["properties"];
    for field in [
        "albumId",
        "title",
        "artist",
        "artistId",
        "releaseDate",
        "releaseYear",
        "pictureUrl",
        "type",
        "genres",
        "averageRating",
        "numberOfRatings",
        "styles",
        "numberOfReviews",
        "userRating",
    ] {
        assert!(album.get(field).is_some(), "Album.{field}");
    }
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
    let rate = &doc["paths"]["/api/rating"]["post"];
    assert!(rate["security"].is_array());
    assert!(rate["responses"]["401"].is_object());
    let comments = &doc["paths"]["/api/comment"]["post"]["responses"]["429"]["description"];
    assert_eq!(comments, "You are sending too many comments.");
}
