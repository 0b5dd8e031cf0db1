//! The bodies of the HTTP API that are not protocol messages: a refusal
//! (`HttpError`, the shape of the protocol's `error` message plus, for a
//! refusal by a limit, which limit and when to retry).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Code, RequestId};

/// The body of every refused HTTP request: `{"type": "error", "id": null,
/// "code": ..., "message": ...}`, as the protocol's `error`. A refusal by
/// one of the server's limits (429 Too Many Requests, 503 when the server
/// is full) also names the limit (`limit`: the server's flag for it,
/// `request-rate`, `connect-rate`, `per-address`, `max-connections`) and
/// the whole seconds to wait before trying again (`retry_after`, the same
/// as the `Retry-After` header).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HttpError {
    #[serde(rename = "type")]
    pub kind: ErrorType,
    /// Always `null`: an HTTP request has no protocol id.
    pub id: Option<RequestId>,
    pub code: Code,
    /// What went wrong, in a sentence.
    pub message: String,
    /// The limit that refused the request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    /// Seconds to wait before trying again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

/// The `type` of an [`HttpError`]: always `error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorType {
    Error,
}

impl HttpError {
    /// A refusal with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> HttpError {
        HttpError {
            kind: ErrorType::Error,
            id: None,
            code,
            message: message.into(),
            limit: None,
            retry_after: None,
        }
    }

    /// A refusal by the limit `limit`, to be tried again in `retry_after`
    /// seconds.
    pub fn limited(code: Code, message: impl Into<String>, limit: &str, retry_after: u64) -> HttpError {
        HttpError {
            limit: Some(limit.to_string()),
            retry_after: Some(retry_after),
            ..HttpError::new(code, message)
        }
    }

    /// The body as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an error serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;

    #[test]
    fn a_refusal_reads_as_a_protocol_error() {
        let plain = HttpError::new(codes::UNKNOWN_ROOM, "no such room").to_json();
        assert_eq!(
            plain,
            r#"{"type":"error","id":null,"code":"unknown-room","message":"no such room"}"#
        );
        let as_message: crate::ServerMessage = serde_json::from_str(&plain).unwrap();
        assert!(matches!(as_message, crate::ServerMessage::Error { .. }));
        let limited = HttpError::limited(codes::RATE_LIMITED, "slow down", "request-rate", 1).to_json();
        assert!(
            limited.ends_with(r#""limit":"request-rate","retry_after":1}"#),
            "{limited}"
        );
    }
}
