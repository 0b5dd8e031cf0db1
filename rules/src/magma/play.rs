//! Playing a judged Magma action: moving pieces, ending turns, votes,
//! timeouts and penalties, then deciding whether the game is over.

use super::action::Action;
use super::board::{Cell, bit, indices};
use super::clock::{Clock, FULL_MS};
use super::effects::Event;
use super::state::{Magma, Phase};
use crate::effect::Events;
use crate::game::Millis;

impl Magma {
    /// Ends the running turn at `at` (a move, an entry or a pass).
    #[inline]
    fn end_turn(&mut self, passed: bool, at: Millis) {
        let n = self.layout.slot_count() as u8;
        self.pos.turns = (self.pos.turns + 1).min(n);
        self.pos.passes = if passed { self.pos.passes + 1 } else { 0 };
        self.pos.clock = self.pos.clock.next(self.options.timer, at);
        self.pos.slot = self.next_live_slot(self.slot()) as u8;
        self.pos.phase = Phase::Play { refused: false };
    }

    /// Plays an action [`Magma::judge`] accepted, recording what it did.
    pub(super) fn play_action<E: Events<Event>>(&mut self, action: &Action, at: Millis, events: &mut E) {
        let g = self.geometry();
        let idx = |c: Cell| g.index(c).expect("checked");
        let color = self.current().color;
        if matches!(action, Action::Move { .. } | Action::Enter { .. } | Action::Pass) {
            self.moved.add(self.current().seat);
        }
        match action {
            Action::Move { from, to, via } => {
                events.record(|| Event::Moved {
                    path: self.move_path(*from, *to, via),
                    color,
                });
                self.pos.pieces[color.index()] ^= bit(idx(*from)) | bit(idx(*to));
                self.end_turn(false, at);
            }
            Action::Enter { to, via } => {
                events.record(|| Event::Entered {
                    path: self.entry_path(*to, via),
                    color,
                });
                self.pos.pieces[color.index()] |= bit(idx(*to));
                self.pos.hands[self.current().seat.index()] -= 1;
                self.end_turn(false, at);
            }
            Action::Pass => self.end_turn(true, at),
            Action::ProposeEnd => {
                self.pos.clock.pause(at);
                self.pos.phase = Phase::Vote {
                    waiting: self.live_voters(self.slot()).collect(),
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
                    self.pos.slot = self.next_live_slot(self.slot()) as u8;
                    self.pos.phase = Phase::Play { refused: false };
                }
            }
            Action::Remove(cell) => {
                events.record(|| Event::Removed { at: *cell, color });
                self.pos.pieces[color.index()] &= !bit(idx(*cell));
                self.pos.clock.resume(at);
                self.pos.slot = self.next_live_slot(self.slot()) as u8;
                self.pos.phase = Phase::Play { refused: false };
            }
        }
        self.decide_end(events);
    }

    /// Sets the outcome if the game has ended by passes or agreement, and
    /// records the territory each colour claims.
    pub(super) fn decide_end<E: Events<Event>>(&mut self, events: &mut E) {
        self.outcome = self.ending().map(|how| self.final_outcome(how));
        if self.outcome.is_some() {
            for color in self.layout.colors() {
                events.record(|| Event::Claimed {
                    cells: self.territory(color),
                    color,
                });
            }
        }
    }

    /// Every cell of a move's path, from `from` to `to`: as written, or a
    /// step, or a shortest chain of jumps.
    fn move_path(&self, from: Cell, to: Cell, via: &[Cell]) -> Vec<Cell> {
        if !via.is_empty() {
            return [from]
                .into_iter()
                .chain(via.iter().copied())
                .chain([to])
                .collect();
        }
        let g = self.geometry();
        let (f, t) = (g.index(from).expect("checked"), g.index(to).expect("checked"));
        let color = self.current().color;
        let own = self.pos.pieces[color.index()] & !bit(f);
        let occupied = self.occupied() & !bit(f);
        let jumps = (g.around(f) & bit(t) == 0)
            .then(|| g.jump_path(f, t, own, occupied))
            .flatten()
            .unwrap_or_else(|| vec![t]);
        [from]
            .into_iter()
            .chain(jumps.into_iter().map(|i| g.label(i)))
            .collect()
    }

    /// Every cell of an entry's path: the home, then every cell the piece
    /// lands on (only the home when it enters onto it).
    fn entry_path(&self, to: Cell, via: &[Cell]) -> Vec<Cell> {
        if !via.is_empty() {
            return via.iter().copied().chain([to]).collect();
        }
        let g = self.geometry();
        let home = self.home(self.slot());
        let t = g.index(to).expect("checked");
        if t == home {
            return vec![to];
        }
        let own = self.pos.pieces[self.current().color.index()];
        let occupied = self.occupied();
        let landings = g.around(home) & !occupied;
        let jumps = indices(landings)
            .find_map(|l| {
                if l == t {
                    Some(vec![l])
                } else {
                    let rest = g.jump_path(l, t, own, occupied)?;
                    Some([l].into_iter().chain(rest).collect())
                }
            })
            .unwrap_or_else(|| vec![t]);
        [g.label(home)]
            .into_iter()
            .chain(jumps.into_iter().map(|i| g.label(i)))
            .collect()
    }
}
