//! Lodestone's authoritative server: a lobby of rooms, one task per room as
//! the single writer of its game, filtered views for every viewer, and a
//! durable event log per room in SQLite or PostgreSQL. `main.rs` only reads
//! the configuration and calls [`Server::start`]; tests start servers the
//! same way.

mod account_settings;
mod accounts;
mod address;
mod admission;
mod answers;
mod api_docs;
mod app;
mod backup;
mod bot_pool;
mod bots;
mod clock;
mod cluster;
mod config;
pub mod config_file;
mod embed;
mod etag;
mod flight;
mod health;
mod http;
mod input;
pub mod limits;
mod listen;
mod manifest;
mod metrics;
mod moderation;
mod names;
mod node;
pub mod notify;
mod openapi;
mod origins;
mod players;
mod ratings;
mod records;
mod replays;
mod reserve;
mod room;
mod rooms;
mod said;
pub mod secrets;
mod sentences;
mod serve;
mod served;
mod server;
mod session;
mod store;
mod systemd;
pub mod takeover;
mod throttle;
mod tls;
mod tournament;
mod web;
mod ws;

pub use config::{
    Config, DEFAULT_ABANDON_AFTER_MS, DEFAULT_ABSENT_GRACE_MS, DEFAULT_AFTER_GAME_MS, DEFAULT_BACKUP_KEEP,
    DEFAULT_EXPIRY_MS, DEFAULT_LEASE_MS, DEFAULT_RENEW_MS, TlsConfig,
};
pub use http::openapi_document;
pub use limits::Limits;
pub use listen::Role;
pub use moderation::grant_on_command_line as grant_role;
pub use node::host_name;
pub use notify::NotifyConfig;
pub use server::{Server, StartError};
pub use store::{
    BackupInfo, Copied, DbArgs, DbBounds, Progress, QUIET_LOGS as QUIET_DATABASE_LOGS, Restored, StoreError,
    backup, copy as copy_database, restore,
};
pub use systemd::{notify_ready, notify_stopping};

/// The store's handle and operations, for the black-box tests of group
/// commit and fencing on a real database; not an API.
#[doc(hidden)]
pub mod testing {
    pub use crate::store::{EventRow, Op, RoomRow, Store, StoreError, StoreOptions, StoredStatus};
}
pub use tls::acme::LETS_ENCRYPT;
pub use tls::domain as tls_domain;
pub use web::asset_paths as web_assets;
