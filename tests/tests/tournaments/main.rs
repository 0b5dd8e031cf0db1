//! Tournaments, black-box: whole events played by the server's own bots
//! on a real server (round robin, Swiss, arena, Magma), entries and their
//! refusals, pairings pushed to their players, a SIGKILL in the middle of
//! a round, and two nodes on PostgreSQL whose director dies.

mod berserk;
mod entries;
mod events;
mod helpers;
mod notify;
mod performance;
mod restart;
mod teams;
