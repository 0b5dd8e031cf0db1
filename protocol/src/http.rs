//! The bodies of the HTTP API that are not protocol messages: a refusal
//! (`HttpError`, the shape of the protocol's `error` message plus, for a
//! refusal by a limit, which limit and when to retry).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::code::Code;
use crate::detail::Detail;
use crate::message::RequestId;

/// The body of every refused HTTP request: `{"type": "error", "id": null,
/// "code": ..., "message": ...}`, as the protocol's `error`. A refusal by
/// one of the server's limits (429 Too Many Requests, 503 when the server
/// is full) also names the limit (`limit`: the server's flag for it,
/// `request-rate`, `connect-rate`, `per-address`, `max-connections`) and
/// the whole seconds to wait before trying again (`retry_after`, the same
/// as the `Retry-After` header). A refusal with values every language
/// says (a limit's count, a room's or a player's name) carries them as
/// `detail`, as the protocol's `error` does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HttpError {
    #[serde(rename = "type")]
    pub kind: ErrorType,
    /// Always `null`: an HTTP request has no protocol id.
    pub id: Option<RequestId>,
    pub code: Code,
    /// What went wrong, in a sentence.
    pub message: String,
    /// The values of the refusal, typed (docs/protocol.md, Refusal
    /// details): the `message` in any language is said from them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Detail>,
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
            detail: None,
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

    /// The refusal with its values, `detail`.
    pub fn with_detail(self, detail: Detail) -> HttpError {
        HttpError {
            detail: Some(detail),
            ..self
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

    #[test]
    fn a_record_reads_as_json_line_for_line() {
        let text = concat!(
            "[Game \"magnetism\"]\n[Option \"x=1\"]\n[Seat \"white=Ann \\\"A\\\"\"]\n[Seat \"black=Bo\"]\n",
            "[Result \"white wins\"]\n[SeedCommitment \"ab\"]\n\n(c3)\n",
            "# ply 2: black's secret action, commitment ff\nb1-b2\n"
        );
        let record = GameRecord::from_text(text);
        assert_eq!(record.game, "magnetism");
        assert_eq!(record.options["x"], "1");
        assert_eq!(record.seats["white"], "Ann \"A\"");
        assert_eq!(record.result.as_deref(), Some("white wins"));
        assert_eq!(record.headers.len(), 6);
        assert_eq!(
            record.actions,
            [
                RecordAction::Open("(c3)".into()),
                RecordAction::Secret {
                    ply: 2,
                    seat: "black".into(),
                    commitment: "ff".into()
                },
                RecordAction::Open("b1-b2".into()),
            ]
        );
    }
}

/// `GET /api/rooms/{id}/ply/{n}`: the room at ply `n` as a spectator (or
/// the token's guest) may see it, as the `replay` message gives it
/// (without the chat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PlyView {
    pub room: String,
    pub ply: u32,
    /// How many actions the room's log holds now.
    pub plies: u32,
    /// The room's version at that ply.
    pub version: u64,
    /// The game is over: the state hides nothing.
    pub revealed: bool,
    pub state: crate::RoomState,
}

/// `GET /api/rooms/{id}/record.json`: the game record
/// (`/api/rooms/{id}/record`, docs/notation.md) as JSON, line for line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GameRecord {
    /// Every header in order (`Game`, `Option`, `Seat`, `Room`, `Result`,
    /// `Resign`, `DrawAgreed`, `SeedCommitment`, `Seed`, `Commitment`),
    /// each `[key, value]`.
    pub headers: Vec<(String, String)>,
    /// The game (the `Game` header).
    pub game: String,
    /// The `Option` headers.
    pub options: std::collections::BTreeMap<String, String>,
    /// The players by seat name (the `Seat` headers).
    pub seats: std::collections::BTreeMap<String, String>,
    /// The `Result` header, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The actions in record order.
    pub actions: Vec<RecordAction>,
}

/// One action line of a record: its text, or, for an action still secret
/// from the viewer, the seat that played it and its commitment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RecordAction {
    Open(String),
    Secret {
        /// The ply of the secret action.
        ply: u32,
        /// The seat's name.
        seat: String,
        commitment: String,
    },
}

impl GameRecord {
    /// Reads a record as the server writes it: `[Key "value"]` headers
    /// (`\"` and `\\` escaped), a blank line, one action a line, and
    /// `# ply N: SEAT's secret action, commitment C` for a secret one.
    pub fn from_text(text: &str) -> GameRecord {
        let mut record = GameRecord {
            headers: Vec::new(),
            game: String::new(),
            options: Default::default(),
            seats: Default::default(),
            result: None,
            actions: Vec::new(),
        };
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix("\"]")) {
                let Some((key, value)) = header.split_once(" \"") else {
                    continue;
                };
                let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
                match key {
                    "Game" => record.game = value.clone(),
                    "Result" => record.result = Some(value.clone()),
                    "Option" | "Seat" => {
                        if let Some((k, v)) = value.split_once('=') {
                            let map = if key == "Option" {
                                &mut record.options
                            } else {
                                &mut record.seats
                            };
                            map.insert(k.to_string(), v.to_string());
                        }
                    }
                    _ => {}
                }
                record.headers.push((key.to_string(), value));
            } else if let Some(secret) = line.strip_prefix("# ply ") {
                let (ply, rest) = secret.split_once(": ").unwrap_or(("0", secret));
                let (seat, commitment) = rest
                    .split_once("'s secret action, commitment ")
                    .unwrap_or((rest, ""));
                record.actions.push(RecordAction::Secret {
                    ply: ply.parse().unwrap_or(0),
                    seat: seat.to_string(),
                    commitment: commitment.to_string(),
                });
            } else if !line.starts_with('#') {
                record.actions.push(RecordAction::Open(line.to_string()));
            }
        }
        record
    }
}
