//! Tournaments: round robin, Swiss, arena and Magma events
//! (docs/tournaments.md). `pairing` is pure (pairings, points and
//! standings); a tournament is its event log (`event`), folded into a
//! value (`state`) whose decisions make new events (`decide` for
//! requests, `plan` for what the time and ended games call for; `spec`
//! checks what a tournament is created with; `teams` the teams of a Magma
//! event of fixed teams). The
//! `director` task runs one tournament as the single writer of its log
//! (leased and fenced like a room with several nodes), making its games'
//! rooms and reading their results (`rooms`); `registry` holds the way to
//! each director (`app.rs` keeps it), `serve` answers a connection's
//! tournament requests and resumes tournaments at start, `http` serves
//! them over HTTP.

mod decide;
mod director;
mod event;
pub mod http;
pub mod limits;
pub mod pairing;
mod plan;
pub mod registry;
mod rooms;
pub mod serve;
mod spec;
mod state;
mod teams;

pub use registry::Registry;
