//! What a service answers a connection's request with ([`Served`]): the
//! reply for the requester and what the connection learns about itself.
//! The services (`accounts/`, `moderation/`, `notify/`, `replays.rs`,
//! tournaments) take a typed request and return it; the connection's
//! session (`session/`) only writes the reply and applies the change.

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{Detail, RequestId, ServerMessage, codes};

/// A request refused: its code, sentence and, when every language should
/// say its values, its `detail` (a plain `(code, sentence)` converts).
pub type Refused = crate::room::Refusal;

/// What goes back to the requester.
#[derive(Debug)]
pub enum Reply {
    Message(ServerMessage),
    /// An answer a room wrote itself, sent as it is.
    Text(Utf8Bytes),
}

/// What the connection learns about itself from its request, applied
/// after the reply is queued.
#[derive(Debug, Default)]
pub enum Change {
    #[default]
    Nothing,
    /// Its person blocks (`true`) or no longer blocks `player`.
    Blocked { player: String, on: bool },
    /// Its person's zen setting.
    Zen(bool),
    /// Its guest has a new name.
    Renamed(String),
    /// Guest `.0` was deleted: its connections end.
    Deleted(String),
}

/// A service's answer to one request.
#[derive(Debug)]
pub struct Served {
    pub reply: Reply,
    pub change: Change,
}

impl Served {
    pub fn message(message: ServerMessage) -> Served {
        Served {
            reply: Reply::Message(message),
            change: Change::Nothing,
        }
    }

    /// `ack` to `id`, or the refusal.
    pub fn done(id: RequestId, result: Result<(), impl Into<Refused>>) -> Served {
        Served::message(match result {
            Ok(()) => ack(id),
            Err(refused) => refusal(id, refused),
        })
    }

    pub fn refused(id: RequestId, refused: impl Into<Refused>) -> Served {
        Served::message(refusal(id, refused))
    }

    pub fn with(self, change: Change) -> Served {
        Served { change, ..self }
    }
}

impl From<ServerMessage> for Served {
    fn from(message: ServerMessage) -> Served {
        Served::message(message)
    }
}

/// A plain `ack` to request `id`.
pub fn ack(id: RequestId) -> ServerMessage {
    ServerMessage::Ack {
        id,
        room: None,
        seat: None,
        invite: None,
        version: None,
    }
}

/// The refusal as the reply to `id`.
pub fn refusal(id: RequestId, refused: impl Into<Refused>) -> ServerMessage {
    refused.into().into_error(Some(id))
}

/// The refusals of a name that names nothing, or of a room that cannot be
/// had, with the name as their detail: no player `name`, no room `room`.
pub fn unknown_player(name: &str) -> Refused {
    Refused::detailed(codes::UNKNOWN_PLAYER, Detail::UnknownPlayer { name: name.into() })
}

pub fn unknown_room(room: &str) -> Refused {
    Refused::detailed(codes::UNKNOWN_ROOM, Detail::UnknownRoom { room: room.into() })
}

/// Room `room` is not available now (another node is taking it over).
pub fn room_unavailable(room: &str) -> Refused {
    Refused::detailed(codes::UNKNOWN_ROOM, Detail::RoomUnavailable { room: room.into() })
}

/// Room `room`'s stored record cannot be read.
pub fn room_unreadable(room: &str) -> Refused {
    Refused::detailed(codes::UNKNOWN_ROOM, Detail::RoomUnreadable { room: room.into() })
}

/// An account is named `name` already.
pub fn name_taken(name: &str) -> Refused {
    Refused::detailed(codes::NAME_TAKEN, Detail::NameTaken { name: name.into() })
}

/// More than `count` messages a second came over a connection.
pub fn message_rate(count: u64) -> Refused {
    Refused::detailed(codes::RATE_LIMITED, Detail::MessageRate { count })
}
