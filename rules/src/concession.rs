//! What happens at the table rather than on the board: a seat resigning or
//! running out of the room's time ([`Concession`]), a draw agreed, and how
//! such an event is named in a record ([`TableEvent`]). A leaf: the
//! `Game` trait speaks of these, and `table.rs` holds the handling the
//! two-sided games share.

use std::fmt;

use crate::seat::Seat;

/// How a seat leaves play before the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Concession {
    /// The seat's player resigned.
    Resign,
    /// The seat ran out of the room's time (the room's clock, which the
    /// server keeps; not Magma's Hot and White-Hot turn timer, which has
    /// its own `timeout`).
    OutOfTime,
}

impl Concession {
    /// The reason a result gives: `resignation`, `on time`.
    pub const fn reason(self) -> &'static str {
        match self {
            Concession::Resign => "resignation",
            Concession::OutOfTime => "on time",
        }
    }

    /// The key of its record header: `Resign`, `OutOfTime`.
    pub const fn header_key(self) -> &'static str {
        match self {
            Concession::Resign => "Resign",
            Concession::OutOfTime => "OutOfTime",
        }
    }
}

/// An event at the table that changes the game: a seat resigned or ran
/// out of time, or both sides agreed to a draw. The server stores it as
/// its own room event (never as a player's action), and a record writes it
/// as a header that says after which action it happened (see
/// `docs/notation.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableEvent {
    Concede(Seat, Concession),
    DrawAgreed,
}

impl TableEvent {
    /// The key of its record header: `Resign`, `OutOfTime`, `DrawAgreed`.
    pub const fn header_key(self) -> &'static str {
        match self {
            TableEvent::Concede(_, how) => how.header_key(),
            TableEvent::DrawAgreed => "DrawAgreed",
        }
    }
}

impl fmt::Display for TableEvent {
    /// `seat 1 resigns`, `seat 2 runs out of time`, `draw agreed` (seats
    /// counted from 1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableEvent::Concede(seat, Concession::Resign) => write!(f, "seat {} resigns", seat.0 + 1),
            TableEvent::Concede(seat, Concession::OutOfTime) => {
                write!(f, "seat {} runs out of time", seat.0 + 1)
            }
            TableEvent::DrawAgreed => f.write_str("draw agreed"),
        }
    }
}
