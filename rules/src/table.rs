//! The table's side of the games that the two-sided games share: a seat
//! conceding (the other side wins at once), a draw agreed, and who has
//! made a first move (for a room's abort). The events themselves are in
//! `concession.rs`; Magma has its own handling (a seat that leaves a game
//! of three or more sides stops playing while the others go on).

use crate::concession::Concession;
use crate::error::{ErrorCode, RuleError};
use crate::game::Outcome;
use crate::seat::{Seat, SeatSet};

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
            how: $crate::concession::Concession,
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
