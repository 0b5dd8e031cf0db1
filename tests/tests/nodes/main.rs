//! Several server nodes over one PostgreSQL database, as real processes on
//! loopback: games whose players reach different nodes, the same lobby
//! everywhere, owners killed (SIGKILL) and stopped (SIGSTOP) mid-game,
//! clocks that run out on another node, rolling restarts, a restarted
//! PostgreSQL, a node stalled or cut off in the middle of a commit, and
//! moderation given on one node holding on another.
//! The checker reads the event table: no acknowledged action lost, none
//! stored twice. Every test needs PostgreSQL (`scripts/with-postgres.sh`).

mod alarms;
mod basics;
mod clients;
mod failover;
mod harness;
mod moderation;
mod notify;
mod proxy;
mod restarts;
mod runs;
mod stalls;
mod tls;
mod tournaments;
mod upgrade;
mod vacation;
