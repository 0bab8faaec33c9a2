//! `/api/openapi.json` describes every route the API serves, and nothing else.

use crate::common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::Value;

/// Every route the API's modules add by hand (`.route(`, `.route_service(`,
/// `.nest_service(`) rather than through `routes!`, which takes its path and
/// methods from the handler's `#[utoipa::path]` (a handler without one does
/// not compile): (file under src/, path literal).
fn routes_added_by_hand() -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    for dir in ["api", "server"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let file = entry.unwrap().path();
            if file.is_dir() {
                continue;
            }
            let source = std::fs::read_to_string(&file).unwrap();
            for call in [".route(", ".route_service(", ".nest_service("] {
                for (at, _) in source.match_indices(call) {
                    let args = &source[at + call.len()..];
                    let path = args.split('"').nth(1).expect("a path literal");
                    let name = file.file_name().unwrap().to_string_lossy();
                    found.insert((format!("{dir}/{name}"), path.to_owned()));
                }
            }
        }
    }
    found
}

/// Each described operation, called with its parameters filled in: the route
/// table has it (no 405, no "No API route" 404, not the UI's page that any
/// other path gets), whatever it then answers.
async fn described_but_not_served(
    app: &TestApp,
    described: &BTreeSet<(String, String)>,
) -> Vec<String> {
    let mut missing = Vec::new();
    for (method, path) in described {
        let mut concrete = String::new();
        for (i, part) in path.split(['{', '}']).enumerate() {
            concrete.push_str(if i % 2 == 1 { "1" } else { part });
        }
        let method: axum::http::Method = method.to_uppercase().parse().unwrap();
        let body = (method != axum::http::Method::GET).then(|| serde_json::json!({}));
        let response = app.call(method.clone(), &concrete, None, body).await;
        let the_ui = response
            .headers
            .get("content-type")
            .is_some_and(|kind| kind.to_str().unwrap_or("").starts_with("text/html"));
        let unrouted =
            the_ui || String::from_utf8_lossy(&response.body).contains("No API route for");
        if response.status == StatusCode::METHOD_NOT_ALLOWED || unrouted {
            missing.push(format!("{method} {path}"));
        }
    }
    missing
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

    // Routes are added only through `routes!`, so each has its description;
    // the exceptions are this description itself, described in openapi.rs,
    // and a mail's one-click unsubscribe address outside /api, whose POST is
    // the described POST /api/mail/unsubscribe/{token}.
    let by_hand = routes_added_by_hand();
    let expected = BTreeSet::from([
        ("api/mod.rs".to_owned(), "/openapi.json".to_owned()),
        (
            "server/router.rs".to_owned(),
            "/unsubscribe/{token}".to_owned(),
        ),
    ]);
    assert_eq!(by_hand, expected, "routes added without their declaration");
    let described = described_routes(&doc);
    assert!(described.len() > 100, "the description lists the API");
    assert!(described.contains(&("get".to_owned(), "/api/openapi.json".to_owned())));
    let missing = described_but_not_served(&app, &described).await;
    assert!(missing.is_empty(), "descriptions of no route: {missing:?}");

    // A parameter described as in the path is in the path's template.
    let mut misplaced = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for operation in item.as_object().unwrap().values() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap();
                if parameter["in"] == "path" && !path.contains(&format!("{{{name}}}")) {
                    misplaced.push(format!("{path}: {name}"));
                }
            }
        }
    }
    assert!(
        misplaced.is_empty(),
        "path parameters not in their path: {misplaced:?}"
    );
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

/// The schemas reachable from `start` through `$ref`s, their own names included.
fn reachable(doc: &Value, start: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut pending = BTreeSet::new();
    refs(start, &mut pending);
    while let Some(reference) = pending.pop_first() {
        let name = reference.trim_start_matches("#/components/schemas/");
        if names.insert(name.to_owned()) {
            refs(&doc["components"]["schemas"][name], &mut pending);
        }
    }
    names
}

/// Whether a property's schema allows `null`: `"type": [..., "null"]`, or a
/// `oneOf` with a null member (how an optional `$ref` is written).
fn may_be_null(schema: &Value) -> bool {
    let null = Value::from("null");
    schema["type"] == null
        || schema["type"]
            .as_array()
            .is_some_and(|types| types.contains(&null))
        || schema["oneOf"]
            .as_array()
            .is_some_and(|members| members.iter().any(may_be_null))
}

/// In answers, a field that may be `null` is always sent (`#[schema(required)]`
/// on an `Option`), and a field the server leaves out when empty
/// (`skip_serializing_if`) is never `null` (`#[schema(nullable = false)]`):
/// the UI's generated types then say `T | null` or `T?`, as the server does,
/// never both at once.
#[tokio::test]
async fn answers_describe_null_and_absent_fields_as_sent() {
    let app = TestApp::new();
    let doc = app.get("/api/openapi.json").await.json();
    let mut bodies = Vec::new();
    let mut answers = Vec::new();
    for item in doc["paths"].as_object().unwrap().values() {
        for operation in item.as_object().unwrap().values() {
            bodies.push(operation["requestBody"].clone());
            answers.push(operation["responses"].clone());
        }
    }
    let taken = reachable(&doc, &Value::Array(bodies));
    let answered = reachable(&doc, &Value::Array(answers));
    assert!(answered.contains("Album") && taken.contains("AlbumBody"));

    let mut both = Vec::new();
    for name in answered.difference(&taken) {
        let schema = &doc["components"]["schemas"][name];
        let parts = schema["allOf"].as_array().cloned().unwrap_or_default();
        for part in parts.iter().chain([schema]) {
            let required = part["required"].as_array().cloned().unwrap_or_default();
            for (field, property) in part["properties"].as_object().into_iter().flatten() {
                if !required.contains(&Value::from(field.as_str())) && may_be_null(property) {
                    both.push(format!("{name}.{field}"));
                }
            }
        }
    }
    assert!(
        both.is_empty(),
        "described as optional and nullable: {both:?}"
    );
    let comments = &doc["components"]["schemas"]["CommentPage"];
    assert!(!may_be_null(&comments["properties"]["totalAlbumComments"]));
    let album = &doc["components"]["schemas"]["Album"];
    assert!(may_be_null(&album["properties"]["userRating"]));
}

/// `halfstar openapi` prints what the route answers, without a database:
/// the UI's types are generated from the command (`npm run api-types`).
#[tokio::test]
async fn the_openapi_command_prints_the_served_description() {
    let dir = tempfile::tempdir().unwrap();
    let output = common::server::halfstar(dir.path(), &["openapi"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed: Value = serde_json::from_slice(&output.stdout).expect("JSON on stdout");
    let served = TestApp::new().get("/api/openapi.json").await.json();
    assert_eq!(printed, served);
    assert!(
        !dir.path().join("halfstar.db").exists(),
        "printing the description opens no database"
    );
}

/// A path or query parameter that does not parse (`/api/post/abc`, `%FF` in
/// a name, `?page=0`) and a malformed body answer 400 on every route, through
/// the shared extractors: each such operation declares it.
#[tokio::test]
async fn every_operation_taking_input_declares_bad_input() {
    let app = TestApp::new();
    let doc = app.get("/api/openapi.json").await.json();
    let mut silent = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let takes_input = operation
                .get("parameters")
                .is_some_and(|p| p.as_array().is_some_and(|p| !p.is_empty()))
                || operation.get("requestBody").is_some();
            if takes_input && operation["responses"].get("400").is_none() {
                silent.push(format!("{method} {path}"));
            }
        }
    }
    assert!(silent.is_empty(), "no 400 declared: {silent:?}");

    for (path, message) in [
        (
            "/api/post/abc",
            "Invalid URL: Cannot parse `abc` to a `i64`",
        ),
        (
            "/api/user/username/%FF",
            "Invalid URL: Invalid UTF-8 in `username`",
        ),
        ("/api/post/recent?page=0", "page starts at 1"),
    ] {
        let response = app.get(path).await;
        assert_eq!(
            (response.status, response.json()["message"].clone()),
            (StatusCode::BAD_REQUEST, Value::from(message)),
            "{path}"
        );
    }
    let page = &doc["paths"]["/api/post/recent"]["get"]["parameters"];
    let page = page
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "page");
    assert_eq!(page.unwrap()["schema"]["minimum"], 1, "pages count from 1");
}

/// What the description says a parameter may be is what the server takes:
/// generated input (scripts/test-api-fuzz) that fits the description reaches
/// the handler instead of being refused, and input that does not is refused.
#[tokio::test]
async fn described_parameter_rules_are_the_servers_rules() {
    let app = TestApp::new();
    let doc = app.get("/api/openapi.json").await.json();
    let parameter = |path: &str, name: &str| {
        let parameters = doc["paths"][path]["get"]["parameters"].as_array().unwrap();
        parameters
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };

    for path in [
        "/api/album/top-albums/year/{year}",
        "/api/genre/top-rated/{year}/{genre}",
    ] {
        assert_eq!(
            parameter(path, "year")["schema"]["pattern"],
            "^([1-9][0-9]{3}|[Aa][Ll][Ll]-[Tt][Ii][Mm][Ee])$",
            "{path}"
        );
    }
    for (year, status) in [
        ("1997", StatusCode::OK),
        ("1000", StatusCode::OK),
        ("All-Time", StatusCode::OK),
        ("0999", StatusCode::BAD_REQUEST),
        ("+999", StatusCode::BAD_REQUEST),
        ("199", StatusCode::BAD_REQUEST),
        ("19970", StatusCode::BAD_REQUEST),
        ("alltime", StatusCode::BAD_REQUEST),
    ] {
        let response = app.get(&format!("/api/album/top-albums/year/{year}")).await;
        assert_eq!(response.status, status, "{year}: {}", response.text());
    }

    let name = parameter("/api/import/artist", "name");
    assert_eq!(name["required"], true);
    assert_eq!(name["schema"]["minLength"], 1);
}
