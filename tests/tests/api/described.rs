//! The HTTP API and the protocol described for machines: the served
//! OpenAPI document and protocol schema are the ones built from the code,
//! and every described path answers as described (every answer these
//! tests get under `/api/` is checked against the description by
//! `lodestone_tests::http_get_with`, every frame against the schema by the
//! test client).

use lodestone_tests::{TestServer, each_backend, http_get, http_get_full};
use serde_json::Value;

each_backend!(the_descriptions_are_served_as_built);
/// `/api/openapi.json` and `/api/protocol.schema.json` are the documents
/// built from the code, with their content types.
async fn the_descriptions_are_served_as_built() {
    let server = TestServer::start().await;
    let (status, headers, body) = http_get_full(server.addr(), "/api/openapi.json", None).await;
    assert_eq!(status, 200);
    assert!(
        headers.contains(&"content-type: application/json".to_string()),
        "{headers:?}"
    );
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(&served, lodestone_server::openapi_document());
    assert_eq!(served["openapi"], "3.1.0");
    let (status, headers, body) = http_get_full(server.addr(), "/api/protocol.schema.json", None).await;
    assert_eq!(status, 200);
    assert!(
        headers.contains(&"content-type: application/schema+json".to_string()),
        "{headers:?}"
    );
    let served: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(served, lodestone_protocol::schema::protocol_schema());
}

each_backend!(every_described_path_answers);
/// Each path of the description, with real values for its parameters,
/// reaches its handler (axum's bare 404 for a missing route has no body)
/// and answers as described.
async fn every_described_path_answers() {
    let server = TestServer::start().await;
    let mut ann = server.client().await;
    ann.hello("Ann").await;
    let (room, _) = ann.create_room("magneton", serde_json::json!({}), true).await;
    let guest = ann_id(&ann);
    let doc = lodestone_server::openapi_document();
    for template in doc["paths"].as_object().unwrap().keys() {
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
        let (status, body) = http_get(server.addr(), &path, None).await;
        assert!(!(status == 404 && body.is_empty()), "{path}: no route");
    }
}

/// The guest id of `client`'s welcome (its first frame).
fn ann_id(client: &lodestone_tests::Client) -> String {
    let welcome: Value = serde_json::from_str(&client.frames[0]).unwrap();
    welcome["guest"]["id"].as_str().unwrap().to_string()
}
