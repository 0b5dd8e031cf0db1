//! Lodestone's wire protocol: the messages clients and the server exchange.
//!
//! Only the version exists so far; the message types arrive with the server
//! (see ARCHITECTURE.md). This crate is the only place wire types are defined.

/// The protocol version every message will carry.
pub const PROTOCOL_VERSION: u32 = 1;
