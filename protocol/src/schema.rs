//! JSON Schemas (draft 2020-12) of the wire types, generated from this
//! crate's types by schemars, so they cannot drift from what the server
//! reads and writes: every protocol message (served as
//! `/api/protocol.schema.json`) and the bodies of the HTTP API (the
//! `components.schemas` of `/api/openapi.json`, which OpenAPI 3.1 takes
//! as JSON Schema).

use schemars::JsonSchema;
use schemars::generate::{SchemaGenerator, SchemaSettings};
use serde_json::{Map, Value, json};

use crate::{ClientMessage, ServerMessage};

/// The schema of every protocol message: a frame from a client is a
/// `ClientMessage`, one from the server a `ServerMessage` (both in
/// `$defs`; the root accepts either).
pub fn protocol_schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let client = generator.subschema_for::<ClientMessage>();
    let server = generator.subschema_for::<ServerMessage>();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Lodestone protocol messages",
        "description": "Every message of the Lodestone WebSocket protocol (docs/protocol.md): a client sends a ClientMessage, the server a ServerMessage, each a JSON object in one text frame.",
        "anyOf": [client, server],
        "$defs": generator.take_definitions(true),
    })
}

/// Named schemas for an OpenAPI document: each type added under a name,
/// every type it refers to under its own, all referred to as
/// `#/components/schemas/NAME`.
#[derive(Debug)]
pub struct Components {
    generator: SchemaGenerator,
    named: Map<String, Value>,
}

impl Default for Components {
    fn default() -> Components {
        Components::new()
    }
}

impl Components {
    pub fn new() -> Components {
        let generator = SchemaSettings::draft2020_12()
            .with(|s| {
                s.definitions_path = "/components/schemas".into();
                s.meta_schema = None;
            })
            .into_generator();
        Components {
            generator,
            named: Map::new(),
        }
    }

    /// Adds `T` as the schema `name` (a list or a map of another type
    /// gets a name of its own this way).
    pub fn with<T: JsonSchema>(mut self, name: &str) -> Components {
        let schema = self.generator.subschema_for::<T>().to_value();
        let reference = format!("#/components/schemas/{name}");
        // A type schemars names itself is referred to; give it this name
        // only if that is a different one.
        if schema.get("$ref").and_then(Value::as_str) != Some(reference.as_str()) {
            self.named.insert(name.to_string(), schema);
        }
        self
    }

    /// Every schema, by name.
    pub fn finish(mut self) -> Map<String, Value> {
        let mut all = self.generator.take_definitions(true);
        all.append(&mut self.named);
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameInfo;

    #[test]
    fn messages_and_components_are_named_schemas() {
        let schema = protocol_schema();
        let defs = schema["$defs"].as_object().unwrap();
        assert!(defs.contains_key("ClientMessage") && defs.contains_key("ServerMessage"));
        assert!(defs.contains_key("RoomState") && defs.contains_key("Code"));
        let components = Components::new()
            .with::<GameInfo>("GameInfo")
            .with::<Vec<GameInfo>>("GameList")
            .finish();
        assert_eq!(
            components["GameList"]["items"]["$ref"],
            "#/components/schemas/GameInfo"
        );
        assert!(components.contains_key("OptionInfo"));
    }
}
