//! Reading the server's frames: an `update` or an `ack` straight into its
//! fields (the room as the caller's `RoomView`), any other message as a
//! whole `ServerMessage`.

use lodestone_protocol::{RequestId, RoomState, RoomStatus, ServerMessage};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What a connection keeps of a room from its updates: the whole
/// [`RoomState`] (the default), or a leaner view of it for a caller that
/// needs only part (`lodestone load`), which saves building the rest.
pub trait RoomView: DeserializeOwned + std::fmt::Debug {
    /// Whether the room's game is over.
    fn finished(&self) -> bool;
}

impl RoomView for RoomState {
    fn finished(&self) -> bool {
        self.status == RoomStatus::Finished
    }
}

/// An `update` read straight into its fields (an internally tagged enum
/// would buffer the whole message first); only for a frame that begins
/// `{"type":"update",`, as the server writes them.
#[derive(Deserialize)]
struct UpdateFrame<S> {
    /// Read (as `update`, from the prefix) only so that a second `type`
    /// is refused, as a `ServerMessage` refuses it.
    #[serde(rename = "type")]
    _kind: serde::de::IgnoredAny,
    room: String,
    version: u64,
    state: Box<S>,
}

/// How an update frame begins (the tag first, as serde writes it).
const UPDATE_PREFIX: &str = r#"{"type":"update","#;

/// An `ack` read straight into its fields, as [`UpdateFrame`]; its fields
/// as [`ServerMessage::Ack`] has them.
#[derive(Deserialize)]
struct AckFrame {
    #[serde(rename = "type")]
    _kind: serde::de::IgnoredAny,
    id: RequestId,
    #[serde(default)]
    room: Option<String>,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    invite: Option<String>,
    #[serde(default)]
    version: Option<u64>,
}

/// How an ack frame begins.
const ACK_PREFIX: &str = r#"{"type":"ack","#;

/// A frame read: an update (with its view of the state) or another
/// message.
pub(crate) enum Frame<S> {
    Update {
        room: String,
        version: u64,
        state: Box<S>,
    },
    Other(ServerMessage),
}

/// Reads a text frame: the same as reading it as a [`ServerMessage`]
/// (through a `serde_json::Value`), only cheaper. `Err` holds the request
/// id, if any, of a message this client does not understand.
pub(crate) fn read_frame<S: RoomView>(text: &str) -> std::result::Result<Frame<S>, Option<RequestId>> {
    if text.starts_with(UPDATE_PREFIX)
        && let Ok(UpdateFrame {
            room, version, state, ..
        }) = serde_json::from_str::<UpdateFrame<S>>(text)
    {
        return Ok(Frame::Update { room, version, state });
    }
    if text.starts_with(ACK_PREFIX)
        && let Ok(AckFrame {
            id,
            room,
            seat,
            invite,
            version,
            ..
        }) = serde_json::from_str::<AckFrame>(text)
    {
        return Ok(Frame::Other(ServerMessage::Ack {
            id,
            room,
            seat,
            invite,
            version,
        }));
    }
    match serde_json::from_str::<ServerMessage>(text) {
        Ok(ServerMessage::Update { .. }) => {}
        Ok(message) => return Ok(Frame::Other(message)),
        Err(_) => {}
    }
    // The old way, through a `Value`: for an update written otherwise, and
    // for what a direct read refuses that a `Value` takes (a repeated key:
    // the last counts).
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return Err(None);
    };
    let not_understood = || {
        value
            .get("id")
            .and_then(|i| serde_json::from_value(i.clone()).ok())
    };
    match serde_json::from_value::<ServerMessage>(value.clone()) {
        Ok(ServerMessage::Update { room, version, .. }) => {
            match value
                .get("state")
                .map(|state| serde_json::from_value(state.clone()))
            {
                Some(Ok(state)) => Ok(Frame::Update { room, version, state }),
                _ => Err(not_understood()),
            }
        }
        Ok(message) => Ok(Frame::Other(message)),
        Err(_) => Err(not_understood()),
    }
}
