//! The HTTP API described for machines: the OpenAPI 3.1 document served
//! at `/api/openapi.json`, and the JSON Schema of the WebSocket protocol's
//! messages at `/api/protocol.schema.json`. The paths come from the
//! handlers' `#[utoipa::path]` attributes, which utoipa-axum registers
//! together with their routes (`http::api_routes`, which hands them
//! here); the schemas of the
//! bodies from the protocol crate's types (schemars,
//! `lodestone_protocol::schema`), the same that describe the protocol.
//! Every operation may also be refused by the request rate (429), which
//! is added to each here. What several routes describe alike is written
//! once in `api_docs.rs`.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use lodestone_protocol::schema::{Components, protocol_schema as protocol};
use lodestone_protocol::{
    AccountInfo, GameInfo, GameRecord, HttpError, Leaderboard, NewApiToken, NewTokenRequest, PlayerPage,
    PlyView, RoomSummary, TournamentState, TournamentSummary,
};
use serde_json::{Value, json};

/// The image of a ply, `GET /api/rooms/{id}/ply/{n}.svg`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(crate::embed::ply_image))]
struct Images;

/// The OpenAPI document of the routes whose paths `paths` gives, built
/// once.
pub fn document(paths: impl FnOnce() -> utoipa::openapi::OpenApi) -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| build(paths()))
}

/// The protocol's schema, built once.
pub fn protocol_document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(protocol)
}

fn build(mut paths: utoipa::openapi::OpenApi) -> Value {
    // The one path answered by another's route (a suffix after a
    // parameter, which axum's router does not take).
    paths.merge(<Images as utoipa::OpenApi>::openapi());
    let mut doc = serde_json::to_value(&paths).expect("the description serialises");
    doc["openapi"] = json!("3.1.0");
    doc["info"] = json!({
        "title": "Lodestone HTTP API",
        "version": env!("CARGO_PKG_VERSION"),
        "description": "The HTTP endpoints of a Lodestone server (docs/api.md). Games are played over the WebSocket at /ws (docs/protocol.md; its messages' JSON Schema is at /api/protocol.schema.json). Every refusal is a JSON error with a stable code, its values typed in `detail` where it has some (the same as the WebSocket `error`), its sentence in the language of `Accept-Language`; a refusal by a limit also names the limit and when to retry.",
        "license": {"name": "MIT OR Apache-2.0", "identifier": "MIT OR Apache-2.0"},
    });
    doc["jsonSchemaDialect"] = json!("https://spec.openapis.org/oas/3.1/dialect/base");
    let schemas = Components::new()
        .with::<Vec<GameInfo>>("GameList")
        .with::<Vec<RoomSummary>>("RoomList")
        .with::<PlayerPage>("PlayerPage")
        .with::<Leaderboard>("Leaderboard")
        .with::<HttpError>("HttpError")
        .with::<AccountInfo>("AccountInfo")
        .with::<NewTokenRequest>("NewTokenRequest")
        .with::<NewApiToken>("NewApiToken")
        .with::<PlyView>("PlyView")
        .with::<GameRecord>("GameRecord")
        .with::<Vec<TournamentSummary>>("TournamentList")
        .with::<TournamentState>("TournamentState")
        .with::<lodestone_protocol::PushKey>("PushKey")
        .finish();
    doc["components"] = json!({
        "schemas": schemas,
        "responses": {
            "TooManyRequests": {
                "description": "Refused by a limit (`rate-limited`: the address's request rate; `too-many-connections`): the body names the limit and the seconds to wait, as `Retry-After` does, and carries the limit's value as `detail` (`request-rate`: `count` a minute), its `message` said from it in the language of `Accept-Language`",
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

/// `value` as the answer of a description, with its content type.
pub fn json_answer(value: &Value, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        value.to_string(),
    )
        .into_response()
}
