//! Every frame and every API answer of the black-box tests is checked
//! against the descriptions the server publishes: server frames (and the
//! client frames the server accepted) against the protocol's JSON Schema
//! (`/api/protocol.schema.json`), answers under `/api/` against the
//! OpenAPI document (`/api/openapi.json`): the path, the status, the
//! content type and the body's schema must all be described. Both are
//! built in this process from the same code that serves them.

use std::sync::OnceLock;

use jsonschema::Validator;
use serde_json::Value;

/// A validator of `pointer` inside the document `root` (whose other
/// parts its references may name).
fn validator(root: &Value, pointer: &str) -> Validator {
    let mut schema = root.clone();
    let object = schema.as_object_mut().expect("a schema object");
    object.remove("anyOf");
    // A URI fragment: a template's braces are escaped.
    let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
    object.insert("$ref".into(), Value::String(format!("#{fragment}")));
    object
        .entry("$schema")
        .or_insert_with(|| "https://json-schema.org/draft/2020-12/schema".into());
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("the schema at {pointer} compiles: {e}"))
}

/// What is wrong with `value` by `validator` (the first few problems).
fn problems(validator: &Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .take(5)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

fn check(validator: &Validator, value: &Value, what: &str) {
    let errors = problems(validator, value);
    assert!(
        errors.is_empty(),
        "{what} does not match its published schema: {errors:?}\n{value}"
    );
}

fn protocol() -> &'static (Validator, Validator) {
    static VALIDATORS: OnceLock<(Validator, Validator)> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let schema = lodestone_protocol::schema::protocol_schema();
        (
            validator(&schema, "/$defs/ClientMessage"),
            validator(&schema, "/$defs/ServerMessage"),
        )
    })
}

/// Checks a frame the server sent.
pub fn check_server_frame(text: &str) {
    let value: Value = serde_json::from_str(text).expect("a server frame is JSON");
    check(&protocol().1, &value, "a server frame");
}

/// Checks a frame the server accepted from a client.
pub fn check_client_frame(text: &str) {
    let value: Value = serde_json::from_str(text).expect("a client frame is JSON");
    check(&protocol().0, &value, "an accepted client frame");
}

/// Whether the template `template` (`{name}` standing for one segment, or
/// for part of one as in `{n}.svg`) names `path`; the number of literal
/// characters it matched with, to prefer the most specific template.
pub fn template_match(template: &str, path: &str) -> Option<usize> {
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    if t.len() != p.len() {
        return None;
    }
    let mut literal = 0;
    for (t, p) in t.iter().zip(&p) {
        match t.split_once('{') {
            None if t == p => literal += t.len(),
            None => return None,
            Some((before, rest)) => {
                let after = rest.split_once('}').map_or("", |(_, a)| a);
                if p.len() <= before.len() + after.len() || !p.starts_with(before) || !p.ends_with(after) {
                    return None;
                }
                literal += before.len() + after.len();
            }
        }
    }
    Some(literal)
}

/// Checks the answer to `method path` (a path under `/api/`) against the
/// OpenAPI document: its path, method and status are described, its
/// content type is one described for that status, and a JSON body
/// matches the schema.
pub fn check_api_answer(method: &str, path: &str, status: u16, headers: &[String], body: &str) {
    let method = method.to_ascii_lowercase();
    let doc = lodestone_server::openapi_document();
    let path = path.split('?').next().unwrap();
    let template = doc["paths"]
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|t| template_match(t, path).map(|score| (score, t)))
        .max()
        .map(|(_, t)| t.clone())
        .unwrap_or_else(|| panic!("{method} {path} is not described in /api/openapi.json"));
    let escaped = template.replace('~', "~0").replace('/', "~1");
    let mut pointer = format!("/paths/{escaped}/{method}/responses/{status}");
    let mut response = doc.pointer(&pointer).unwrap_or_else(|| {
        panic!("{method} {template} answered {status}, which its description does not list")
    });
    if let Some(reference) = response.get("$ref").and_then(Value::as_str) {
        pointer = reference.trim_start_matches('#').to_string();
        response = doc.pointer(&pointer).expect("the reference resolves");
    }
    let content_type = headers
        .iter()
        .find_map(|h| h.strip_prefix("content-type: "))
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap()
        .trim()
        .to_string();
    let Some(content) = response.get("content").and_then(Value::as_object) else {
        assert!(
            body.is_empty(),
            "{method} {template} {status} has a body its description does not have"
        );
        return;
    };
    assert!(
        content.contains_key(&content_type),
        "{method} {template} {status} answered {content_type:?}, described: {:?}",
        content.keys().collect::<Vec<_>>()
    );
    if content_type.ends_with("json") {
        let value: Value = serde_json::from_str(body).expect("a JSON answer parses");
        let pointer = format!("{pointer}/content/{}/schema", content_type.replace('/', "~1"));
        check(
            &validator(doc, &pointer),
            &value,
            &format!("the answer to {method} {path} ({status})"),
        );
    }
    if status == 429 {
        assert!(
            headers.iter().any(|h| h.starts_with("retry-after: ")),
            "a 429 without Retry-After"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_prefer_the_most_specific() {
        assert_eq!(template_match("/api/rooms/{id}", "/api/rooms/abc"), Some(8));
        assert_eq!(template_match("/api/rooms/{id}", "/api/rooms"), None);
        assert!(
            template_match("/api/rooms/{id}/ply/{n}.svg", "/api/rooms/r/ply/3.svg").unwrap()
                > template_match("/api/rooms/{id}/ply/{n}", "/api/rooms/r/ply/3.svg").unwrap()
        );
        assert_eq!(
            template_match("/api/rooms/{id}/ply/{n}.svg", "/api/rooms/r/ply/3"),
            None
        );
    }

    #[test]
    fn the_schemas_refuse_what_the_server_would_not_send_or_read() {
        let (client, server) = protocol();
        let pong = serde_json::json!({"type": "pong", "id": 3});
        assert!(problems(server, &pong).is_empty());
        for bad in [
            serde_json::json!({"type": "pong"}),
            serde_json::json!({"type": "dance", "id": 3}),
            serde_json::json!({"type": "error", "id": null, "code": "no-such-code", "message": "x"}),
        ] {
            assert!(!problems(server, &bad).is_empty(), "{bad}");
        }
        let act = serde_json::json!({"type": "act", "id": "a", "room": "r", "action": "D4"});
        assert!(problems(client, &act).is_empty());
        let options = serde_json::json!({"type": "create_room", "id": 1, "game": "magma", "options": {"players": 3, "teams": true}});
        assert!(problems(client, &options).is_empty());
        assert!(!problems(client, &serde_json::json!({"type": "act", "id": 1, "room": "r"})).is_empty());
        let doc = lodestone_server::openapi_document();
        let games = validator(
            doc,
            "/paths/~1api~1games/get/responses/200/content/application~1json/schema",
        );
        assert!(problems(&games, &serde_json::json!([])).is_empty());
        assert!(!problems(&games, &serde_json::json!([{"game": "magneton"}])).is_empty());
    }
}
