//! A request's id, chosen by the client and echoed in the reply: a leaf
//! that messages and refusals' details both name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A client-chosen request id, echoed in the reply: a number or a string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum RequestId {
    Number(u64),
    Text(String),
}

impl From<u64> for RequestId {
    fn from(n: u64) -> RequestId {
        RequestId::Number(n)
    }
}
