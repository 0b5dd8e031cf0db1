//! A seat leaving a Magma game before the end (it resigned, or ran out of
//! the room's time): its turn slots are skipped, it answers no vote, its
//! pieces stay; a colour is out once every seat playing it has left, and
//! the last colour still playing wins at once.

use super::effects::Event;
use super::state::{Magma, Phase};
use crate::effect::Events;
use crate::game::{Concession, ErrorCode, Millis, Outcome, RuleError};
use crate::seat::Seat;
use crate::table;

impl Magma {
    /// `seat` leaves play at `at` (see `docs/rules/magma.md`, "Leaving the
    /// game").
    pub(super) fn leave<E: Events<Event>>(
        &mut self,
        seat: Seat,
        how: Concession,
        at: Millis,
        events: &mut E,
    ) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(table::over());
        }
        let seats = self.layout.seat_count();
        if seat.index() >= seats {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("this game has {seats} seats, not seat {}", seat.0 + 1),
            ));
        }
        if self.pos.out.contains(seat) {
            return Err(RuleError::new(
                ErrorCode::GameOver,
                format!("seat {} has already left the game", seat.0 + 1),
            ));
        }
        let its_turn = self.current().seat == seat;
        self.pos.out = self.pos.out.with(seat);
        // A run of passes starts afresh: the game ends by passes only once
        // every seat still playing has passed after this.
        self.pos.passes = 0;
        match self.pos.phase {
            // Its turn ends as if it had moved; a vote it proposed lapses.
            Phase::Play { .. } | Phase::Vote { .. } if its_turn => {
                if matches!(self.pos.phase, Phase::Vote { .. }) {
                    self.pos.clock.resume(at);
                }
                self.pos.clock = self.pos.clock.next(self.options.timer, at);
                self.pos.slot = self.next_live_slot(self.slot()) as u8;
                self.pos.phase = Phase::Play { refused: false };
            }
            // A vote no longer waits for it; if it was the last to answer,
            // everyone left has agreed.
            Phase::Vote { waiting } => {
                let waiting = waiting.without(seat);
                self.pos.phase = if waiting.is_empty() {
                    Phase::Agreed
                } else {
                    Phase::Vote { waiting }
                };
            }
            // Another seat's turn goes on. A pending penalty stays: the
            // late colour still loses its piece, and the chooser is found
            // again if it was the seat that left.
            Phase::Play { .. } | Phase::Penalty | Phase::Agreed => {}
        }
        let playing = self.colors_in_play();
        if let [last] = playing.as_slice() {
            self.outcome = Some(Outcome::win(self.layout.team(*last), last.name(), how.reason()));
            return Ok(());
        }
        self.decide_end(events);
        Ok(())
    }
}
