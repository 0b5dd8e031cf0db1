//! A connection's session, outside the transport (`ws/` owns the socket
//! and hands the session each text frame it has read): what it is and what
//! it writes (`state.rs`), how fast it may send (`rate.rs`), who it is
//! (`hello.rs`), each message read into the request of its service
//! (`command.rs`) and handed to the service
//! that answers it (`dispatch.rs`: room requests to the rooms through
//! `rooms.rs`, identities to `accounts/`, moderation to `moderation/`,
//! notifications to `notify/`, replays to `replays.rs`, tournaments to
//! `tournament/`), and its requests to rooms with the rooms it watches
//! (`watching.rs`).

mod command;
mod dispatch;
mod hello;
mod rate;
mod state;
mod watching;

pub use state::Session;
