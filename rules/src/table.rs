//! What happens at the table rather than on the board: a seat resigning or
//! running out of the room's time ([`Concession`]), a draw agreed, and how
//! such an event is written in a record ([`TableEvent`]). The two-sided
//! games share their handling here; Magma has its own (a seat that leaves
//! a game of three or more sides stops playing while the others go on).

use std::fmt;

use crate::error::{ErrorCode, RuleError};
use crate::game::Outcome;
use crate::seat::{Seat, SeatSet};

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

/// The seats that have made their first move, for a room's abort. It is
/// bookkeeping, not play: a position cannot tell it, so it is left out of
/// a game's equality (every `Moved` equals every other).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Moved(pub(crate) SeatSet);

impl Moved {
    /// Every one of `n` seats, or nobody.
    pub(crate) const fn all_or_nobody(n: usize, all: bool) -> Moved {
        Moved(if all { SeatSet::first(n) } else { SeatSet::EMPTY })
    }

    pub(crate) fn add(&mut self, seat: Seat) {
        self.0 = self.0.with(seat);
    }
}

impl PartialEq for Moved {
    fn eq(&self, _: &Moved) -> bool {
        true
    }
}

impl Eq for Moved {}

/// The [`crate::Game`] methods a two-sided game shares, for its `impl
/// Game` block: `concede` (the other side wins at once) and `agree_draw`.
/// The game has an `outcome: Option<Outcome>` field and a `Color` made by
/// `two_sides!`.
macro_rules! two_sided_table {
    () => {
        fn concede<E: $crate::effect::Events<Self::Event>>(
            &mut self,
            seat: $crate::seat::Seat,
            how: $crate::table::Concession,
            _at: $crate::game::Millis,
            _events: &mut E,
        ) -> Result<(), $crate::error::RuleError> {
            $crate::table::concede_two_sided(&mut self.outcome, seat, how, Color::seat_name)
        }

        fn agree_draw(&mut self, _at: $crate::game::Millis) -> Result<(), $crate::error::RuleError> {
            $crate::table::agree_draw_two_sided(&mut self.outcome)
        }
    };
}

pub(crate) use two_sided_table;

/// The refusal of anything at the table once the game is over.
pub(crate) fn over() -> RuleError {
    RuleError::new(ErrorCode::GameOver, "the game is already over")
}

/// A two-sided game's concession: `seat` leaves, the other side wins at
/// once (`white wins (resignation)`). `name` names a side's seat.
pub(crate) fn concede_two_sided(
    outcome: &mut Option<Outcome>,
    seat: Seat,
    how: Concession,
    name: impl Fn(Seat) -> String,
) -> Result<(), RuleError> {
    if outcome.is_some() {
        return Err(over());
    }
    if seat.0 > 1 {
        return Err(RuleError::new(
            ErrorCode::NotYourTurn,
            format!("this game has two seats, not seat {}", seat.0),
        ));
    }
    let winner = Seat(1 - seat.0);
    *outcome = Some(Outcome::win(SeatSet::only(winner), name(winner), how.reason()));
    Ok(())
}

/// A two-sided game drawn by agreement: `draw (agreed)`.
pub(crate) fn agree_draw_two_sided(outcome: &mut Option<Outcome>) -> Result<(), RuleError> {
    if outcome.is_some() {
        return Err(over());
    }
    *outcome = Some(Outcome::draw("agreed"));
    Ok(())
}
