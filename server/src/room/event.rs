//! What happens to a room, as domain events. Every change of a room is one
//! event; the room core returns the events of each change, the room task
//! stores them (`room/stored.rs` maps them to rows) before anyone hears of
//! the change, and restoring a room is a fold over its events.
//!
//! New kinds (resign, draw offers, clocks, chat…) are new variants here and
//! new arms in `stored.rs`; the table does not change.

use lodestone_rules::{GameKind, Millis, Seat};

/// One change of a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// The room exists: its game with canonical options, whether the public
    /// list shows it, the invite code of a private room, and the secret
    /// seed of its chance draws (revealed with the record once the game
    /// ends).
    Created {
        game: GameKind,
        options: Vec<(String, String)>,
        public: bool,
        invite: Option<String>,
        seed: String,
    },
    /// A guest took a seat, under the name it had then.
    SeatTaken { seat: Seat, guest: String, name: String },
    /// A seat was given up before the start.
    SeatFreed { seat: Seat },
    /// The game started (the event's time is the game's time 0).
    Started,
    /// An accepted action of a seat (or chance, or the server's timer) in
    /// notation, at the game's time, with the salt of its commitment when
    /// it was secret.
    Action {
        seat: Seat,
        action: String,
        at: Millis,
        salt: Option<String>,
    },
    /// The game ended with this result line.
    Finished { result: String },
    /// Nobody started the open room in time: it is closed for good.
    Expired,
}

/// An event with its place in the room's log and its wall-clock time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// From 1, one more for each event: the room's `version` once this
    /// event is in.
    pub seq: u64,
    /// Unix milliseconds.
    pub at: u64,
    pub event: RoomEvent,
}
