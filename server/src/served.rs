//! What a service answers a connection's request with ([`Served`]): the
//! reply for the requester and what the connection learns about itself.
//! The services (`accounts/`, `moderation/`, `notify/`, `replays.rs`,
//! tournaments) take a typed request and return it; the connection's
//! session (`session/`) only writes the reply and applies the change.

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{Code, RequestId, ServerMessage, error};

/// A request refused: its code and sentence.
pub type Refused = (Code, String);

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
    pub fn done(id: RequestId, result: Result<(), Refused>) -> Served {
        Served::message(match result {
            Ok(()) => ack(id),
            Err((code, sentence)) => error(Some(id), code, sentence),
        })
    }

    pub fn refused(id: RequestId, (code, sentence): Refused) -> Served {
        Served::message(error(Some(id), code, sentence))
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

/// The refusal `(code, sentence)` as the reply to `id`.
pub fn refusal(id: RequestId, (code, sentence): Refused) -> ServerMessage {
    error(Some(id), code, sentence)
}
