//! Playing a judged Magma action: moving pieces, ending turns, votes,
//! timeouts and penalties, then deciding whether the game is over.

use super::action::Action;
use super::board::{Cell, bit};
use super::clock::{Clock, FULL_MS};
use super::state::{Magma, Phase};
use crate::game::Millis;

impl Magma {
    /// Ends the running turn at `at` (a move, an entry or a pass).
    fn end_turn(&mut self, passed: bool, at: Millis) {
        let n = self.layout.slot_count() as u8;
        self.pos.turns = (self.pos.turns + 1).min(n);
        self.pos.passes = if passed { self.pos.passes + 1 } else { 0 };
        self.pos.clock = self.pos.clock.next(self.options.timer, at);
        self.pos.slot = self.layout.next_slot(self.slot()) as u8;
        self.pos.phase = Phase::Play { refused: false };
    }

    /// Plays an action [`Magma::judge`] accepted.
    pub(super) fn play_action(&mut self, action: &Action, at: Millis) {
        let g = self.geometry();
        let idx = |c: Cell| g.index(c).expect("checked");
        let color = self.current().color;
        match action {
            Action::Move { from, to, .. } => {
                self.pos.pieces[color.index()] ^= bit(idx(*from)) | bit(idx(*to));
                self.end_turn(false, at);
            }
            Action::Enter { to, .. } => {
                self.pos.pieces[color.index()] |= bit(idx(*to));
                self.pos.hands[self.current().seat.index()] -= 1;
                self.end_turn(false, at);
            }
            Action::Pass => self.end_turn(true, at),
            Action::ProposeEnd => {
                self.pos.clock.pause(at);
                self.pos.phase = Phase::Vote {
                    waiting: self.layout.voters(self.slot()).collect(),
                };
            }
            Action::AcceptEnd => {
                let Phase::Vote { waiting } = self.pos.phase else {
                    unreachable!("checked")
                };
                let voter = self.next_voter(waiting).expect("checked");
                let waiting = waiting.without(voter);
                self.pos.phase = if waiting.is_empty() {
                    Phase::Agreed
                } else {
                    Phase::Vote { waiting }
                };
            }
            Action::RefuseEnd => {
                self.pos.clock.resume(at);
                self.pos.phase = Phase::Play { refused: true };
            }
            Action::Timeout => {
                let n = self.layout.slot_count() as u8;
                self.pos.turns = (self.pos.turns + 1).min(n);
                self.pos.passes = 0;
                self.pos.clock = Clock::turn(FULL_MS, at);
                if self.pos.pieces[color.index()] != 0 {
                    self.pos.clock.pause(at);
                    self.pos.phase = Phase::Penalty;
                } else {
                    self.pos.slot = self.layout.next_slot(self.slot()) as u8;
                    self.pos.phase = Phase::Play { refused: false };
                }
            }
            Action::Remove(cell) => {
                self.pos.pieces[color.index()] &= !bit(idx(*cell));
                self.pos.clock.resume(at);
                self.pos.slot = self.layout.next_slot(self.slot()) as u8;
                self.pos.phase = Phase::Play { refused: false };
            }
        }
        self.outcome = self.ending().map(|how| self.final_outcome(how));
    }
}
