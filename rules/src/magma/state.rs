//! The state of a Magma game ([`Magma`], its [`Position`] and [`Phase`])
//! and what can be read from it: whose turn, where pieces can go, clocks.

use super::board::{Cell, CellSet, Color, Geometry, bit, indices};
use super::clock::{Clock, Timer};
use super::layout::{Layout, Slot};
use super::options::Options;
use crate::game::{Millis, Outcome};
use crate::seat::{MAX_SEATS, Seat, SeatSet};
use crate::table::Moved;

/// Where a game stands between turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player of the current slot is to act. `refused`: it proposed the
    /// end this turn and was refused, so it may not propose again.
    Play { refused: bool },
    /// A proposal to end is open; `waiting` still have to answer, in
    /// [`Layout::voters`] order.
    Vote { waiting: SeatSet },
    /// The current slot's player timed out; the player of the slot before
    /// must choose one of its colour's pieces to remove.
    Penalty,
    /// Everyone agreed to end the game.
    Agreed,
}

/// Everything that decides future play: the pieces, the hands, whose turn
/// it is and the phase counters. This is what perft deduplicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) pieces: [CellSet; 3],
    pub(super) hands: [u8; MAX_SEATS],
    pub(super) slot: u8,
    /// Consecutive passes (the game ends when a whole round has passed).
    pub(super) passes: u8,
    /// Turns taken so far, counted up to one round (the tie-break looks no
    /// further back).
    pub(super) turns: u8,
    pub(super) phase: Phase,
    pub(super) clock: Clock,
    /// The seats that have left play (resigned or ran out of the room's
    /// time): their turn slots are skipped and they answer no vote.
    pub(super) out: SeatSet,
}

/// A game of Magma.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magma {
    pub(super) options: Options,
    pub(super) layout: Layout,
    pub(super) pos: Position,
    /// The seats that have moved, entered or passed at least once (for
    /// a room's abort; it does not decide play, and equality ignores it).
    pub(super) moved: Moved,
    pub(super) outcome: Option<Outcome>,
}

impl Magma {
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.options.board)
    }

    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    #[inline]
    pub fn phase(&self) -> Phase {
        self.pos.phase
    }

    /// The index of the current turn slot in [`Layout::slots`].
    #[inline]
    pub fn slot(&self) -> usize {
        self.pos.slot as usize
    }

    /// The current turn slot.
    #[inline]
    pub fn current(&self) -> Slot {
        self.layout.slot(self.slot())
    }

    /// Consecutive passes so far.
    #[inline]
    pub fn passes(&self) -> usize {
        self.pos.passes as usize
    }

    /// Pieces `seat` still has in hand.
    #[inline]
    pub fn hand(&self, seat: Seat) -> u8 {
        self.pos.hands[seat.index()]
    }

    /// The cells holding `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> CellSet {
        self.pos.pieces[color.index()]
    }

    #[inline]
    pub(super) fn occupied(&self) -> CellSet {
        self.pos.pieces.iter().fold(0, |a, &b| a | b)
    }

    /// The colour of the piece on `index`.
    #[inline]
    pub(super) fn color_on(&self, index: u8) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.pos.pieces[c.index()] & bit(index) != 0)
    }

    /// The colour of the piece on `cell`, if it is a cell of the board and
    /// holds one.
    pub fn piece_at(&self, cell: Cell) -> Option<Color> {
        self.geometry().index(cell).and_then(|i| self.color_on(i))
    }

    /// The home cell of slot `slot`.
    #[inline]
    pub fn home(&self, slot: usize) -> u8 {
        self.geometry().corners()[self.layout.slot(slot).corner as usize]
    }

    pub(super) fn labels(&self, set: CellSet) -> Vec<Cell> {
        let g = self.geometry();
        let mut cells: Vec<Cell> = indices(set).map(|i| g.label(i)).collect();
        cells.sort();
        cells
    }

    /// Where the piece on `from` can go by a step or a chain of jumps over
    /// pieces of its colour (ending where it started is not a move).
    pub fn move_targets_of(&self, from: u8) -> CellSet {
        let Some(color) = self.color_on(from) else {
            return 0;
        };
        self.targets_among(from, self.pos.pieces[color.index()], self.occupied())
    }

    /// [`Magma::move_targets_of`] for a piece on `from` of the colour whose
    /// pieces are `own`, among the pieces `occupied` (both including it):
    /// for callers that ask for many pieces of one colour.
    #[inline]
    pub(super) fn targets_among(&self, from: u8, own: CellSet, occupied: CellSet) -> CellSet {
        let g = self.geometry();
        let (own, occupied) = (own & !bit(from), occupied & !bit(from));
        let steps = g.around(from) & !occupied;
        (steps | g.jump_targets(from, own, occupied)) & !bit(from)
    }

    /// [`Magma::move_targets_of`] by labels, sorted.
    pub fn destinations(&self, from: Cell) -> Vec<Cell> {
        self.geometry()
            .index(from)
            .map_or_else(Vec::new, |f| self.labels(self.move_targets_of(f)))
    }

    /// Where a piece entering in slot `slot` can go: the home if it is
    /// empty; if it holds a piece of the slot's colour, the empty cells next
    /// to it and every cell reachable from those by jumps; otherwise
    /// nowhere. Nothing if the seat's hand is empty.
    pub fn entry_targets(&self, slot: usize) -> CellSet {
        let s = self.layout.slot(slot);
        if self.pos.hands[s.seat.index()] == 0 {
            return 0;
        }
        let g = self.geometry();
        let home = self.home(slot);
        let occupied = self.occupied();
        if occupied & bit(home) == 0 {
            return bit(home);
        }
        let own = self.pos.pieces[s.color.index()];
        if own & bit(home) == 0 {
            return 0;
        }
        let landings = g.around(home) & !occupied;
        indices(landings).fold(landings, |acc, l| acc | g.jump_targets(l, own, occupied))
    }

    /// [`Magma::entry_targets`] by labels, sorted.
    pub fn entry_destinations(&self, slot: usize) -> Vec<Cell> {
        self.labels(self.entry_targets(slot))
    }

    /// How long the running turn may last in all, in milliseconds (`None`
    /// without a timer, or once the game is over).
    pub fn turn_time(&self) -> Option<u32> {
        (self.options.timer != Timer::None && self.outcome.is_none()).then_some(self.pos.clock.budget)
    }

    /// How much of the running turn is left at `at`, in milliseconds; while
    /// a vote or penalty is pending the timer stands still.
    pub fn time_left(&self, at: Millis) -> Option<u32> {
        self.turn_time()?;
        Some(match self.pos.phase {
            Phase::Play { .. } => self.pos.clock.left(at),
            _ => self.pos.clock.budget - self.pos.clock.used,
        })
    }

    /// The seats that have left play (resigned or ran out of the room's
    /// time).
    #[inline]
    pub fn out(&self) -> SeatSet {
        self.pos.out
    }

    /// Whether the seat of turn slot `index` still plays.
    #[inline]
    pub(super) fn is_live_slot(&self, index: usize) -> bool {
        !self.pos.out.contains(self.layout.slot(index).seat)
    }

    /// How many turn slots of a round are still played: a round of passes
    /// this long ends the game.
    pub(super) fn live_slot_count(&self) -> usize {
        (0..self.layout.slot_count())
            .filter(|&i| self.is_live_slot(i))
            .count()
    }

    /// The first slot after `index`, round the table, whose seat still
    /// plays (`index` itself if there is none).
    pub(super) fn next_live_slot(&self, index: usize) -> usize {
        let n = self.layout.slot_count();
        (1..=n)
            .map(|k| (index + k) % n)
            .find(|&i| self.is_live_slot(i))
            .unwrap_or(index)
    }

    /// The colours with at least one seat still playing.
    pub(super) fn colors_in_play(&self) -> Vec<Color> {
        self.layout
            .colors()
            .filter(|&c| self.layout.team(c).iter().any(|s| !self.pos.out.contains(s)))
            .collect()
    }

    /// The seats that answer a proposal made in slot `proposer`, in order:
    /// [`Layout::voters`] without the seats that have left.
    pub(super) fn live_voters(&self, proposer: usize) -> impl Iterator<Item = Seat> + '_ {
        let out = self.pos.out;
        self.layout.voters(proposer).filter(move |&s| !out.contains(s))
    }

    /// The seat whose answer a vote waits for.
    #[inline]
    pub(super) fn next_voter(&self, waiting: SeatSet) -> Option<Seat> {
        self.layout.voters(self.slot()).find(|&s| waiting.contains(s))
    }

    /// The seat that chooses a pending penalty: the previous slot's, or,
    /// if that seat has left, the nearest seat to the right still playing
    /// other than the late one.
    #[inline]
    pub(super) fn chooser(&self) -> Seat {
        let previous = self.layout.slot(self.layout.previous_slot(self.slot())).seat;
        if !self.pos.out.contains(previous) {
            return previous;
        }
        let n = self.layout.slot_count();
        let late = self.current().seat;
        (1..n)
            .map(|k| self.layout.slot((self.slot() + n - k) % n).seat)
            .find(|&s| s != late && !self.pos.out.contains(s))
            .unwrap_or(previous)
    }

    /// The seat that may act now (the game not being over).
    #[inline]
    pub(super) fn actor(&self) -> Seat {
        match self.pos.phase {
            Phase::Vote { waiting } => self.next_voter(waiting).expect("a vote waits for someone"),
            Phase::Penalty => self.chooser(),
            _ => self.current().seat,
        }
    }
}
