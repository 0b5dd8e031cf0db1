//! Lodestone's rules: the four magnet games as pure functions of their
//! state. No I/O, no async, no clock, no global randomness: callers supply
//! time and random numbers, so every game is a deterministic fold over its
//! record.
//!
//! Start with [`Game`] (the trait every game implements) and [`AnyGame`]
//! (any game behind one type).

pub mod any;
pub mod bot;
mod concession;
mod effect;
mod error;
pub mod game;
pub mod geometry;
mod kind;
pub mod magma;
pub mod magnet;
pub mod magnetism;
pub mod magneton;
pub mod perft;
pub mod record;
mod repetition;
mod seat;
mod side;
mod table;

pub use any::{ActionError, AnyAction, AnyEvents, AnyGame, AnyView, GameKind, SetupError, Variant};
pub use effect::{Effect, Events, PieceInfo};
pub use game::{
    Concession, Deadline, ErrorCode, Game, GameOptions, Millis, NotationError, Offer, OptionError,
    OptionSpec, OptionValues, Outcome, Risk, RuleError, TableEvent,
};
pub use record::{Record, ReplayError};
pub use seat::{BySeat, MAX_SEATS, Seat, SeatSet, Viewer};
