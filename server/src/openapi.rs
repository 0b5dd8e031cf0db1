//! The HTTP API described for machines: the OpenAPI 3.1 document served
//! at `/api/openapi.json`, and the JSON Schema of the WebSocket protocol's
//! messages at `/api/protocol.schema.json`. The paths come from the
//! handlers' `#[utoipa::path]` attributes, which utoipa-axum registers
//! together with their routes (`http::api_routes`); the schemas of the
//! bodies from the protocol crate's types (schemars,
//! `lodestone_protocol::schema`), the same that describe the protocol.
//! Every operation may also be refused by the request rate (429), which
//! is added to each here.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use lodestone_protocol::schema::{Components, protocol_schema as protocol};
use lodestone_protocol::{
    GameInfo, HttpError, Leaderboard, PlayerPage, RoomSummary, TournamentState, TournamentSummary,
};
use serde_json::{Value, json};

/// The OpenAPI document, built once.
pub fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(build)
}

/// The protocol's schema, built once.
fn protocol_document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(protocol)
}

fn build() -> Value {
    let (_, paths) = crate::http::api_routes().split_for_parts();
    let mut doc = serde_json::to_value(&paths).expect("the description serialises");
    doc["openapi"] = json!("3.1.0");
    doc["info"] = json!({
        "title": "Lodestone HTTP API",
        "version": env!("CARGO_PKG_VERSION"),
        "description": "The HTTP endpoints of a Lodestone server (docs/api.md). Games are played over the WebSocket at /ws (docs/protocol.md; its messages' JSON Schema is at /api/protocol.schema.json). Every refusal is a JSON error with a stable code; a refusal by a limit also names the limit and when to retry.",
        "license": {"name": "MIT OR Apache-2.0", "identifier": "MIT OR Apache-2.0"},
    });
    doc["jsonSchemaDialect"] = json!("https://spec.openapis.org/oas/3.1/dialect/base");
    let schemas = Components::new()
        .with::<Vec<GameInfo>>("GameList")
        .with::<Vec<RoomSummary>>("RoomList")
        .with::<PlayerPage>("PlayerPage")
        .with::<Leaderboard>("Leaderboard")
        .with::<HttpError>("HttpError")
        .with::<Vec<TournamentSummary>>("TournamentList")
        .with::<TournamentState>("TournamentState")
        .with::<lodestone_protocol::PushKey>("PushKey")
        .finish();
    doc["components"] = json!({
        "schemas": schemas,
        "responses": {
            "TooManyRequests": {
                "description": "Refused by a limit (`rate-limited`: the address's request rate; `too-many-connections`): the body names the limit and the seconds to wait, as `Retry-After` does",
                "headers": {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer", "minimum": 1}}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HttpError"}}},
            },
        },
        "securitySchemes": {
            "token": {
                "type": "http",
                "scheme": "bearer",
                "description": "A guest's token (from `welcome`), an account's device token (from `login`) or a bot account's API token; never in the address",
            },
        },
    });
    if let Some(paths) = doc["paths"].as_object_mut() {
        for operation in paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|p| p.values_mut())
        {
            operation["responses"]["429"] = json!({"$ref": "#/components/responses/TooManyRequests"});
        }
    }
    doc
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 description of this API", content_type = "application/json", body = Object)))]
pub async fn openapi_json() -> Response {
    json_answer(document())
}

/// `GET /api/protocol.schema.json`: the JSON Schema of every protocol
/// message.
#[utoipa::path(get, path = "/api/protocol.schema.json", tag = "meta",
    responses((status = 200, description = "The JSON Schema (draft 2020-12) of every WebSocket protocol message: `$defs.ClientMessage` and `$defs.ServerMessage`", content_type = "application/schema+json", body = Object)))]
pub async fn protocol_schema() -> Response {
    let mut answer = json_answer(protocol_document());
    answer.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/schema+json"),
    );
    answer
}

fn json_answer(value: &Value) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        value.to_string(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string literal of the server's code (before its tests) that
    /// names an `/api/` path, from its sources.
    fn api_paths_in_sources() -> Vec<(String, String)> {
        let mut found = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    // The code, not its tests.
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

    /// Whether `path` is the template `template` (`{name}` matching one
    /// segment, or part of one).
    fn matches(template: &str, path: &str) -> bool {
        let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
        t.len() == p.len()
            && t.iter().zip(&p).all(|(t, p)| {
                if !t.contains('{') {
                    return t == p;
                }
                // A template segment such as `{n}.svg`: the same text
                // around one parameter (a path written with its own
                // parameter names matches too).
                let (before, rest) = t.split_once('{').unwrap();
                let after = rest.split_once('}').map_or("", |(_, a)| a);
                p.starts_with(before) && p.ends_with(after)
            })
    }

    #[test]
    fn every_api_path_named_in_the_code_is_described() {
        let doc = document();
        let described: Vec<&String> = doc["paths"].as_object().unwrap().keys().collect();
        assert!(described.len() >= 7, "{described:?}");
        for (path, file) in api_paths_in_sources() {
            // The prefix itself (`rate_counted`) names no route.
            if path == "/api/" {
                continue;
            }
            assert!(
                described.iter().any(|d| matches(d, &path)),
                "{file} names {path}, which /api/openapi.json does not describe: add its route with routes!() in http::api_routes"
            );
        }
        assert!(matches(
            "/api/rooms/{id}/ply/{n}.svg",
            "/api/rooms/{id}/ply/{n}.svg"
        ));
        assert!(!matches("/api/rooms/{id}", "/api/rooms"));
    }

    #[test]
    fn every_operation_has_its_refusals_and_every_reference_resolves() {
        let doc = document();
        assert_eq!(doc["openapi"], "3.1.0");
        let text = doc.to_string();
        for piece in text.split("\"$ref\":\"#/").skip(1) {
            let pointer = format!("/{}", piece.split('"').next().unwrap());
            assert!(doc.pointer(&pointer).is_some(), "{pointer} does not resolve");
        }
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                assert!(operation["responses"]["200"].is_object(), "{method} {path}");
                assert!(operation["responses"]["429"].is_object(), "{method} {path}");
            }
        }
    }
}
