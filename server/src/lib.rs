//! Lodestone's authoritative server: a lobby of rooms, one task per room as
//! the single writer of its game, filtered views for every viewer, and a
//! durable action log in SQLite. `main.rs` only reads the configuration and
//! calls [`Server::start`]; tests start servers the same way.

mod app;
mod bot_pool;
mod bots;
mod clock;
mod health;
mod http;
pub mod limits;
mod lobby;
mod metrics;
mod room;
pub mod secrets;
mod serve;
pub mod store;
mod web;
mod ws;

pub use app::{Config, Server};
pub use limits::Limits;
pub use web::asset_paths as web_assets;
