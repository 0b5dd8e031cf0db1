//! The HTTP API and the protocol described for machines: the served
//! OpenAPI document and protocol schema are the ones built from the code,
//! and every described path answers as described (every answer these
//! tests get under `/api/` is checked against the description by
//! `lodestone_tests::http_get_with`, every frame against the schema by the
//! test client).

use lodestone_tests::schemas::template_match;
use lodestone_tests::{TestServer, each_backend, http_get_typed, http_request};
use serde_json::Value;

each_backend!(the_descriptions_are_served_as_built);
/// `/api/openapi.json` and `/api/protocol.schema.json` are the documents
/// built from the code, with their content types.
async fn the_descriptions_are_served_as_built() {
    let server = TestServer::start().await;
    let (_, body) = http_get_typed(server.addr(), "/api/openapi.json", "application/json").await;
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(&served, lodestone_server::openapi_document());
    assert_eq!(served["openapi"], "3.1.0");
    let (_, body) = http_get_typed(
        server.addr(),
        "/api/protocol.schema.json",
        "application/schema+json",
    )
    .await;
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(served, lodestone_protocol::schema::protocol_schema());
}

each_backend!(every_described_path_answers);
/// Each path of the description, with real values for its parameters,
/// reaches its handler (axum's bare 404 for a missing route has no body)
/// and answers as described.
async fn every_described_path_answers() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let (room, _) = ann.create_room("magneton", serde_json::json!({}), true).await;
    let guest = ann_id(&ann);
    let doc = lodestone_server::openapi_document();
    for (template, item) in doc["paths"].as_object().unwrap() {
        let path = template
            .replace(
                "{id}",
                if template.contains("players") {
                    &guest
                } else {
                    &room
                },
            )
            .replace("{n}", "0");
        let path = if template == "/api/leaderboard" {
            format!("{path}?game=magneton")
        } else {
            path
        };
        for method in item.as_object().unwrap().keys() {
            let method = method.to_ascii_uppercase();
            let (status, _, body) = http_request(server.addr(), &method, &path, &[], None).await;
            assert!(!(status == 404 && body.is_empty()), "{method} {path}: no route");
            assert_ne!(status, 405, "{method} {path}: no such method");
        }
    }
}

/// The guest id of `client`'s welcome (its first frame).
fn ann_id(client: &lodestone_tests::Client) -> String {
    let welcome: Value = serde_json::from_str(&client.frames[0]).unwrap();
    welcome["guest"]["id"].as_str().unwrap().to_string()
}

/// Every string literal of the server's code (before its tests) that
/// names an `/api/` path, with its file.
fn api_paths_in_sources() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../server/src"
    ))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap();
                for piece in code.split("\"/api/").skip(1) {
                    let literal = piece.split('"').next().unwrap();
                    found.push((format!("/api/{literal}"), path.display().to_string()));
                }
            }
        }
    }
    found
}

#[test]
/// A route of the API exists only with its description: every `/api/`
/// path the server's code names is a path of the document (`{name}`
/// templates match any segment).
fn every_api_path_named_in_the_code_is_described() {
    let doc = lodestone_server::openapi_document();
    let described: Vec<&String> = doc["paths"].as_object().unwrap().keys().collect();
    let sources = api_paths_in_sources();
    assert!(sources.len() >= 10, "{sources:?}");
    for (path, file) in sources {
        // The prefix itself (`rate_counted`) names no route.
        if path == "/api/" {
            continue;
        }
        let path = path.split('?').next().unwrap();
        assert!(
            described
                .iter()
                .any(|d| template_match(d, path).is_some() || *d == path),
            "{file} names {path}, which /api/openapi.json does not describe: add its route with routes!() in http::api_routes"
        );
    }
}

#[test]
/// Every operation answers some success and may be refused by the
/// request rate, and every reference of the document resolves.
fn every_operation_has_its_refusals_and_every_reference_resolves() {
    let doc = lodestone_server::openapi_document();
    assert_eq!(doc["openapi"], "3.1.0");
    let text = doc.to_string();
    for piece in text.split("\"$ref\":\"#/").skip(1) {
        let pointer = format!("/{}", piece.split('"').next().unwrap());
        assert!(doc.pointer(&pointer).is_some(), "{pointer} does not resolve");
    }
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let answers = operation["responses"].as_object().unwrap();
            assert!(answers.keys().any(|s| s.starts_with('2')), "{method} {path}");
            assert!(answers.contains_key("429"), "{method} {path}");
        }
    }
}
