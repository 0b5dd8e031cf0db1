//! Tournament pairings and standings as pure functions: no I/O, no clock,
//! no randomness. Players are indices `0..n` into the caller's list; points
//! are counted in halves (a win 2, a draw 1, a loss 0) so that sums stay
//! integers. docs/tournaments.md states every criterion these functions
//! keep, and `tests.rs` checks them against slow references over many
//! random events.
//!
//! - `round_robin`: Berger tables (single or double, seats swapped).
//! - `swiss`: one round of a Swiss event for two-seat games, by
//!   minimum-cost perfect matching (`integer-blossom`).
//! - `arena`: pairing the players waiting in an arena, and arena points.
//! - `tables`: Magma tables of 3–6 players, balanced for new opponents.
//! - `teams`: Magma tables of fixed teams, seated as colour teams.
//! - `standings`: scores, Buchholz, Sonneborn–Berger and performance.

pub mod arena;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod tables;
#[cfg(test)]
mod team_tests;
pub mod teams;
#[cfg(test)]
mod tests;
mod types;

pub use types::{Halves, Played, Round, placing_points};
