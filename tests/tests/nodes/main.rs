//! Several server nodes over one PostgreSQL database, as real processes on
//! loopback: games whose players reach different nodes, the same lobby
//! everywhere, owners killed (SIGKILL) and stopped (SIGSTOP) mid-game,
//! clocks that run out on another node, rolling restarts and a restarted
//! PostgreSQL. The checker reads the event table: no acknowledged action
//! lost, none stored twice. Every test needs PostgreSQL
//! (`scripts/with-postgres.sh`).

mod basics;
mod failover;
mod harness;
mod restarts;
mod tls;
mod tournaments;
