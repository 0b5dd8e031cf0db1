//! JSON kept as text in a message ([`RawJson`]): a board built once and
//! sent to many.

use serde::{Deserialize, Serialize};

/// A piece of JSON kept as text: written into a message as it is (built
/// once, sent to many), read from a message as any JSON value.
#[derive(Clone, Debug)]
pub struct RawJson(Box<serde_json::value::RawValue>);

impl RawJson {
    /// `value` as JSON.
    pub fn new<T: Serialize + ?Sized>(value: &T) -> RawJson {
        RawJson(serde_json::value::to_raw_value(value).expect("a value serialises"))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The JSON as a value, to look into.
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).expect("the text is JSON")
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.get() == other.get()
    }
}

impl Serialize for RawJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RawJson {
    /// Through a `Value`, which (unlike a raw value) can be read inside a
    /// message tagged by its `type`.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RawJson, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(RawJson::new(&value))
    }
}
