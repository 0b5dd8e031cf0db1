//! Durable storage: guests, and each room as one append-only event log, in
//! SQLite (the embedded default) or PostgreSQL, chosen by the URL.
//!
//! The seam is [`Store`]: the rest of the server sees rows and operations,
//! never a backend. Both backends run the same SQL (`sql.rs`, generic over
//! sqlx's `Database`); `sqlite.rs` and `postgres.rs` only connect and
//! migrate (one migrations folder per backend).
//!
//! Reads go through a connection pool. Writes go through one writer task
//! that takes every request waiting at the moment and stores them as one
//! transaction (group commit), then answers each request: an action is
//! acknowledged only once it is committed, and many games share the cost
//! of one commit. Every write to the log is an INSERT, so a batch is one
//! multi-row insert; if a batch fails (say a duplicate `(room_id, seq)`, or
//! a fence), its requests are stored again apart in one transaction (a
//! savepoint each), so a bad request fails alone. A SQLite file's WAL is
//! checkpointed by its writer between two batches, not inside a commit
//! (`checkpoints.rs`).

mod accounts;
mod backup;
mod bots;
mod bounds;
mod checkpoints;
mod copy;
mod copy_tables;
mod db;
mod guests;
mod handle;
mod leases;
mod marks;
mod moderation;
mod notify;
mod plan;
mod postgres;
mod privacy;
mod runs;
mod sql;
mod sqlite;
mod sqlite_inline;
mod sqlite_writer;
mod targets;
mod tls;
mod tournaments;
mod turns;
mod types;
mod vacations;
mod writer;

pub use accounts::{GameResult, PlayerResult, Rate, Registered, StoredRating};
pub use backup::{BackupInfo, Restored, backup, restore, utc_stamp};
pub use bots::{ApiTokenRow, BotMark, NewApiToken};
pub use bounds::{DbArgs, DbBounds};
pub use copy::{Copied, Progress, copy};
pub use db::sqlite_path;
pub use handle::Store;
pub use leases::{Leases, LobbyLine, Notice, Take};
pub use moderation::{AuditRow, OffenseRow, Preferences, ReportRow, SanctionRow};
pub use notify::{Saved, SubscriptionRow, Targets, WebhookRow};
pub use privacy::Deletion;
pub use runs::RunLock;
pub use tournaments::{Fence, TournamentLine, TournamentRow};
pub use types::{
    DeliveryRow, EventRow, GuestRow, NoticeWrite, Op, PlayResult, RatingKey, RoomRow, StoreError,
    StoreOptions, StoredStatus, TurnRow,
};
pub use vacations::{VacationChange, VacationSpan};

/// The log levels of the database driver's own targets a host wants by
/// default: PostgreSQL's notices (such as "relation already exists,
/// skipping" while migrating) only as warnings.
pub const QUIET_LOGS: &str = "sqlx::postgres::notice=warn";

#[cfg(test)]
mod tests;
