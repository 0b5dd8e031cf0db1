//! Rooms. `core` (a room's state and its game's transitions, no I/O),
//! `seats` (taking seats, and the owner's powers), `table` (resign, draw
//! offers, abort), `view` (what each viewer is shown, from `&self`),
//! `record` (game records), `restore` (a room rebuilt from its events
//! or from a checkpoint) and `replay` (a ply as one viewer saw it, folded
//! from the events) are the room as a value;
//! `event` is what happens to it and `stored` how that is stored. The task
//! (`task`) runs one room as the single writer of its game, in a narrow
//! environment ([`RoomEnv`]), with a `broadcast`er that knows what each
//! audience was last sent; `handle` is the way to it and `lobby` lists the
//! rooms in memory. `social` keeps the chat and a rematch, whose rules
//! are `chat` (who says what to whom, who reads it) and `rematch` (a new
//! room after the end). This file only names what the rest of the server uses.

mod absence;
mod broadcast;
mod chat;
mod core;
mod event;
mod frame;
#[cfg(test)]
mod frame_tests;
mod handle;
mod lobby;
mod record;
mod rematch;
mod replay;
mod restore;
mod results;
mod rows;
mod seats;
mod social;
mod stored;
mod table;
mod task;
#[cfg(test)]
mod task_tests;
#[cfg(test)]
pub(crate) mod test_person;
#[cfg(test)]
mod tests;
mod timing;
mod view;

pub use self::core::{Player, Refusal, RoomCore};
pub use handle::{Outbox, RoomHandle, RoomRequest, StandIn, Unsent, encode};
pub use lobby::{Lobby, Opener};
pub use replay::{Replay, replay};
pub use results::{Finished, GameEnded, Side, rating_key};
pub use stored::{by_room, from_row, to_ops as ops};
pub use task::{NodeEnv, Owned, RoomEnv, RoomLease, spawn_leased_room, spawn_room};
