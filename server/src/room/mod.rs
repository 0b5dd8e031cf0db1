//! Rooms: the logic (`core`, no I/O), what happens to a room as events
//! (`event`) and how they are stored (`stored`), and the task that runs one
//! room as the single writer of its game (`task`).

mod core;
mod event;
mod stored;
mod task;

pub use self::core::{Player, RoomCore};
pub use self::event::Recorded;
pub use self::stored::{by_room, from_row};
pub use task::{Outbox, RoomHandle, RoomRequest, encode, spawn_room};

use crate::store::Op;

/// What storing the events of room `room` takes.
pub fn ops(room: &str, events: &[Recorded]) -> Vec<Op> {
    stored::to_ops(room, events)
}
