//! Rooms. The room as a value, without I/O: `core` (what a creation
//! fixed, the state in parts, and `evolve`, the only code that changes
//! it), the parts `seating`, `lifecycle`, `table`, `log` and `social`, with
//! the decisions of each kind of request (`seats`, `table`, `play`,
//! `conduct`, `absence`, `chat`, `rematch`), `watchers` (presence), `outcome` (a
//! command and the one typed answer to it), `view` and `record` (what
//! each viewer is shown, from `&self`), `results` and `replay`; `event`
//! is what happens to a room and `stored` how that is stored. Around the
//! value: the task (`task`, started by `spawn`, reading by `reads`) runs
//! one room as the single writer of its game in a narrow environment
//! (`env`), with its lease (`lease`) and a
//! `broadcast`er that knows what each audience was last sent; `handle` is
//! the way to it (`queue` the way back to a connection) and `lobby` lists
//! the rooms in memory. This file only
//! names what the rest of the server uses.

mod absence;
mod away;
mod berserk;
mod broadcast;
mod chat;
mod conduct;
mod core;
mod env;
mod event;
#[cfg(test)]
mod frame_tests;
mod handle;
mod lease;
mod lifecycle;
mod lobby;
mod log;
mod moderated;
mod notice;
mod notified;
mod outcome;
mod play;
pub mod queue;
mod reads;
mod record;
mod refusal;
mod rematch;
mod replay;
mod results;
mod rows;
mod seating;
mod seats;
mod social;
mod spawn;
mod spectators;
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
mod vacation;
mod vec_map;
mod view;
mod watchers;

pub use self::core::RoomCore;
pub use env::{Notifier, RoomEnv};
pub use event::{Recorded, RoomEvent};
pub use handle::{Outbox, RematchDue, RoomHandle, RoomRequest, StandIn, Unsent, encode};
pub use lease::{NodeEnv, Owned, RoomLease};
pub use lobby::{Lobby, Opener};
#[cfg(test)]
pub use notice::ClockTurn;
pub use notice::{Happened, NO_RESULT, RoomNotice, notice, owner_of};
pub use refusal::Refusal;
pub use replay::{Replay, replay};
pub use results::{Finished, GameEnded, Side};
pub use seating::Player;
pub use spawn::{spawn_leased_room, spawn_room};
pub use stored::{Fence, by_room, from_row, load, ops};
pub use timing::berserk_option;
