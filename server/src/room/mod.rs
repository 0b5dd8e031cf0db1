//! Rooms: the logic (`core`, no I/O) and the task that runs one room as the
//! single writer of its game (`task`).

mod core;
mod task;

pub use self::core::{Player, RoomCore};
pub use task::{Outbox, RoomHandle, RoomRequest, encode, spawn_room};
