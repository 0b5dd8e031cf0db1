//! What clients send: `ClientMessage` and its parts, and how the server
//! reads one (`parse_client_message`), saying what is wrong in a reply it
//! can send as is.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::chat::ChatTo;
use crate::code::codes;
use crate::message::{RequestId, ServerMessage, error};

/// The protocol version; a `hello` with another version is refused.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client message the server reads, in bytes. Larger text gets
/// a `too-large` error (the connection stays open).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// A seat, by its index from 0 in turn order or by its name in the game
/// (`"white"`, `"red"`, `"3"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum SeatRef {
    Index(u8),
    Name(String),
}

impl std::fmt::Display for SeatRef {
    /// The index, or the name as given.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatRef::Index(i) => write!(f, "{i}"),
            SeatRef::Name(name) => f.write_str(name),
        }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Identify: `name` alone makes a new guest (the reply carries its
    /// token); `token` resumes an existing guest (with `name`, renames it).
    Hello {
        id: RequestId,
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// List the public rooms that have a free seat (optionally of one game),
    /// or with `playing`, the public games being played (to watch).
    ListRooms {
        id: RequestId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        playing: bool,
    },
    /// Open a room. The game and its options decide the seats (and teams).
    CreateRoom {
        id: RequestId,
        game: String,
        /// Option values are text; JSON numbers and booleans are read as
        /// their text (`3`, `true`).
        #[serde(default, deserialize_with = "option_values")]
        #[ts(optional, type = "Record<string, string | number | boolean>")]
        #[schemars(with = "BTreeMap<String, OptionValue>")]
        options: BTreeMap<String, String>,
        #[serde(default = "yes")]
        #[ts(as = "Option<bool>", optional)]
        public: bool,
    },
    /// Take a seat (a given one, or any free one) before the game starts;
    /// also watches the room.
    Join {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Give up one's seat before the game starts.
    Leave { id: RequestId, room: String },
    /// Start the game; any seated player may, once every seat is taken.
    Start { id: RequestId, room: String },
    /// Receive the room's updates: as one's seat if one has a seat there
    /// (the way to reconnect), otherwise as a spectator.
    Watch {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// Stop receiving the room's updates.
    Unwatch { id: RequestId, room: String },
    /// Play an action, in the game's notation (NOTATION.md).
    Act {
        id: RequestId,
        room: String,
        action: String,
    },
    /// Seat a computer player at a free seat (a given one, or any), before
    /// the game starts: the room's owner only. With `replace_me`, a seated
    /// player hands its own seat to the bot. `level`: `random`, `greedy` (the default), `easy`,
    /// `normal` or `hard` (`GET /api/games` lists them in words).
    AddBot {
        id: RequestId,
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
        /// Hand one's own seat to the bot (before the start or during the
        /// game) instead of seating it at a free seat.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        replace_me: bool,
    },
    /// Resign the game (a seated player, during play).
    Resign { id: RequestId, room: String },
    /// Offer a draw to the other side (two-sided games, during play).
    OfferDraw { id: RequestId, room: String },
    /// Accept (`true`) or decline (`false`) the other side's draw offer.
    AnswerDraw {
        id: RequestId,
        room: String,
        accept: bool,
    },
    /// End the game without a result, before every seat has made its first
    /// move (a seated player); the room closes.
    Abort { id: RequestId, room: String },
    /// Claim the win over an absent player, when the room's policy allows.
    Claim { id: RequestId, room: String },
    /// Remove a bot from its seat before the start (the room's owner).
    RemoveBot {
        id: RequestId,
        room: String,
        seat: SeatRef,
    },
    /// Free someone's seat before the start (the room's owner).
    Kick {
        id: RequestId,
        room: String,
        seat: SeatRef,
    },
    /// Close the room for good before the start (the room's owner).
    CloseRoom { id: RequestId, room: String },
    /// Check the connection.
    Ping { id: RequestId },
    /// The room as the asking viewer saw it at ply `ply` (the number of
    /// logged actions, 0 = the start): answered with `replay`. During the
    /// game a viewer gets what it was shown then (secrets kept); once the
    /// game is over, everything. `invite`: a private room's code, for a
    /// guest without a seat there.
    Replay {
        id: RequestId,
        room: String,
        ply: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// After the end of a game (a seated person): the first proposes a
    /// rematch, the others accept it; with `accept: false`, decline it (or
    /// withdraw one's own proposal). When every person's seat has
    /// accepted (bots accept at once), a new room with the same game,
    /// options and people opens, already started, seats rotated by one.
    Rematch {
        id: RequestId,
        room: String,
        #[serde(default = "yes")]
        #[ts(as = "Option<bool>", optional)]
        accept: bool,
    },
    /// Say `text` in the room's chat, to `to`: `room` (the seated
    /// players), `team` (one's teammates, in a team game) or `spectators`
    /// (those watching without a seat).
    Chat {
        id: RequestId,
        room: String,
        text: String,
        #[serde(default)]
        #[ts(as = "Option<ChatTo>", optional)]
        to: ChatTo,
    },
    /// Turn the room's chat on or off (the room's owner).
    SetChat { id: RequestId, room: String, on: bool },
    /// Turn the guest of this connection into an account with a name and
    /// a password (8 to 128 characters), keeping its id and history;
    /// answered with `ack`. The guest takes the name.
    Register {
        id: RequestId,
        name: String,
        password: Password,
    },
    /// Log in to an account (on a new device, or after clearing the
    /// browser): answered with `welcome` carrying a new token for this
    /// device (the account's other tokens keep working).
    Login {
        id: RequestId,
        name: String,
        password: Password,
    },
}

/// A password on the wire: its text, never shown by `Debug` (so a logged
/// message cannot carry it).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(transparent)]
#[ts(type = "string")]
pub struct Password(pub String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// The text, to hash or check.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// An option's value as `create_room` reads it (for the JSON Schema:
/// text, or a number or a boolean read as its text).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum OptionValue {
    Text(String),
    Number(f64),
    Flag(bool),
}

fn yes() -> bool {
    true
}

/// Reads an options object whose values may be strings, numbers or
/// booleans, keeping each value as its text.
fn option_values<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Value {
        Text(String),
        Number(serde_json::Number),
        Flag(bool),
    }
    let values = BTreeMap::<String, Option<Value>>::deserialize(deserializer)?;
    values
        .into_iter()
        .map(|(key, value)| match value {
            Some(Value::Text(text)) => Ok((key, text)),
            Some(Value::Number(n)) => Ok((key, n.to_string())),
            Some(Value::Flag(b)) => Ok((key, b.to_string())),
            None => Err(serde::de::Error::custom(format!(
                "option {key:?} has no value: option values are strings, numbers or booleans"
            ))),
        })
        .collect()
}

impl ClientMessage {
    pub fn id(&self) -> &RequestId {
        match self {
            ClientMessage::Hello { id, .. }
            | ClientMessage::ListRooms { id, .. }
            | ClientMessage::CreateRoom { id, .. }
            | ClientMessage::Join { id, .. }
            | ClientMessage::Leave { id, .. }
            | ClientMessage::Start { id, .. }
            | ClientMessage::Watch { id, .. }
            | ClientMessage::Unwatch { id, .. }
            | ClientMessage::Act { id, .. }
            | ClientMessage::AddBot { id, .. }
            | ClientMessage::Resign { id, .. }
            | ClientMessage::OfferDraw { id, .. }
            | ClientMessage::AnswerDraw { id, .. }
            | ClientMessage::Abort { id, .. }
            | ClientMessage::Claim { id, .. }
            | ClientMessage::RemoveBot { id, .. }
            | ClientMessage::Kick { id, .. }
            | ClientMessage::CloseRoom { id, .. }
            | ClientMessage::Ping { id }
            | ClientMessage::Replay { id, .. }
            | ClientMessage::Rematch { id, .. }
            | ClientMessage::Chat { id, .. }
            | ClientMessage::SetChat { id, .. }
            | ClientMessage::Register { id, .. }
            | ClientMessage::Login { id, .. } => id,
        }
    }
}

/// Reads a client message, saying what is wrong in a reply the server can
/// send as is (with the message's id when it has one).
pub fn parse_client_message(text: &str) -> Result<ClientMessage, ServerMessage> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(error(
            None,
            codes::TOO_LARGE,
            format!(
                "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    // The common case, a well-formed message, is read once; only a bad one
    // is read again as plain JSON to say what is wrong.
    if let Ok(message) = serde_json::from_str::<ClientMessage>(text) {
        return check(message);
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| error(None, codes::BAD_JSON, format!("the message is not JSON: {e}")))?;
    let id = value
        .get("id")
        .and_then(|v| serde_json::from_value::<RequestId>(v.clone()).ok());
    if !value.is_object() {
        return Err(error(
            id,
            codes::BAD_MESSAGE,
            "a message is a JSON object with a \"type\"",
        ));
    }
    let message = serde_json::from_value(value).map_err(|e| error(id, codes::BAD_MESSAGE, format!("{e}")))?;
    check(message)
}

/// What the types cannot say: a `hello` names a guest by a name or a token.
fn check(message: ClientMessage) -> Result<ClientMessage, ServerMessage> {
    match message {
        ClientMessage::Hello {
            id,
            name: None,
            token: None,
            ..
        } => Err(error(
            Some(id),
            codes::BAD_MESSAGE,
            "hello needs a name (a new guest) or a token (a guest coming back)",
        )),
        message => Ok(message),
    }
}
