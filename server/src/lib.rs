//! Lodestone's authoritative server: lobby, rooms, storage, clocks.
//!
//! Not built yet: the rules crate comes first. ARCHITECTURE.md describes
//! what will live here.
