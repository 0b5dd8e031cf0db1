//! What a client sees of a Magma game ([`View`]): every cell with its
//! piece, the turn slots, hands, phase, timer and scores. Magma hides
//! nothing, so every viewer gets the same view. Its `Display` is the
//! position format.

use std::fmt;

use super::board::{BoardKind, Cell, Color};
use super::clock::Timer;
use super::notation::score_field;
use super::scoring::Score;
use super::state::{Magma, Phase};
use crate::game::{Game, Millis, Outcome};
use crate::geometry::hex::Hex;
use crate::seat::{BySeat, Seat, SeatSet};

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView {
    pub label: Cell,
    /// Axial coordinates (`r` grows upward, `q` to the right).
    pub hex: Hex,
    pub piece: Option<Color>,
    /// The colour the board draws this cell in, if it is a corner.
    pub corner: Option<Color>,
    /// The seat whose home this cell is, if any.
    pub home_of: Option<Seat>,
}

/// One turn slot of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotView {
    pub seat: Seat,
    pub color: Color,
    /// The home the seat enters through in this slot.
    pub home: Cell,
}

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub color: Color,
    /// Pieces still in hand.
    pub hand: u8,
    /// Its home cells (two for the solo player of the five-player game).
    pub homes: Vec<Cell>,
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseView {
    /// The current slot's seat takes its turn; `may_propose_end` is false
    /// once its proposal has been refused this turn.
    Turn { may_propose_end: bool },
    /// The current slot's seat proposed to end; `waiting` still have to
    /// answer, the first of them now.
    Vote { proposer: Seat, waiting: Vec<Seat> },
    /// `late` ran out of time; `chooser` removes one of `color`'s pieces.
    Penalty { late: Seat, color: Color, chooser: Seat },
    /// Everyone agreed to end the game.
    Agreed,
}

/// The turn timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub timer: Timer,
    /// The running turn's time in all, in milliseconds.
    pub budget_ms: u32,
    /// Time used before `since`.
    pub used_ms: u32,
    /// When the timer last started (or stopped, while it stands still).
    pub since: Millis,
    /// When the turn runs out; `None` while the timer stands still (a vote
    /// or penalty is pending) or after the end.
    pub deadline: Option<Millis>,
}

/// A Magma position as a client draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub board: BoardKind,
    /// Every cell, row by row from the top (`a`), left to right.
    pub cells: Vec<CellView>,
    /// The turn slots of a round, in order.
    pub slots: Vec<SlotView>,
    pub seats: BySeat<SeatView>,
    /// The current slot (an index into `slots`).
    pub slot: usize,
    /// Who may act now (none once the game is over).
    pub to_act: SeatSet,
    /// Consecutive passes; the game ends when they fill a round.
    pub passes: u8,
    /// Turns taken, counted up to one round.
    pub turns: u8,
    /// The seats that have left play (resigned or ran out of the room's
    /// time): their turns are skipped; their pieces stay.
    pub out: SeatSet,
    pub phase: PhaseView,
    /// The timer, in a game that has one.
    pub clock: Option<ClockView>,
    /// Every colour's score as if the game ended now.
    pub scores: Vec<Score>,
    pub outcome: Option<Outcome>,
}

impl View {
    pub(super) fn of(game: &Magma) -> View {
        let g = game.geometry();
        let layout = game.layout();
        let corners = g.corners();
        let mut cells: Vec<CellView> = (0..g.len() as u8)
            .map(|i| CellView {
                label: g.label(i),
                hex: g.hex(i),
                piece: game.color_on(i),
                corner: corners.iter().position(|&c| c == i).map(|k| Color::ALL[k % 3]),
                home_of: (0..layout.slot_count())
                    .find(|&s| game.home(s) == i)
                    .map(|s| layout.slot(s).seat),
            })
            .collect();
        cells.sort_by_key(|c| c.label);
        let slots = (0..layout.slot_count())
            .map(|s| SlotView {
                seat: layout.slot(s).seat,
                color: layout.slot(s).color,
                home: g.label(game.home(s)),
            })
            .collect::<Vec<_>>();
        let seats = BySeat::from_fn(layout.seat_count(), |seat| SeatView {
            color: layout.color(seat),
            hand: game.hand(seat),
            homes: slots.iter().filter(|s| s.seat == seat).map(|s| s.home).collect(),
        });
        let current = layout.slot(game.slot());
        let phase = match game.phase() {
            Phase::Play { refused } => PhaseView::Turn {
                may_propose_end: !refused,
            },
            Phase::Vote { waiting } => PhaseView::Vote {
                proposer: current.seat,
                waiting: layout
                    .voters(game.slot())
                    .filter(|&s| waiting.contains(s))
                    .collect(),
            },
            Phase::Penalty => PhaseView::Penalty {
                late: current.seat,
                color: current.color,
                chooser: game.chooser(),
            },
            Phase::Agreed => PhaseView::Agreed,
        };
        let timer = game.options().timer;
        let clock = (timer != Timer::None).then(|| {
            let c = game.position().clock;
            ClockView {
                timer,
                budget_ms: c.budget,
                used_ms: c.used,
                since: Millis(c.since),
                deadline: game.deadline().map(|d| d.at),
            }
        });
        View {
            board: game.options().board,
            cells,
            slots,
            seats,
            slot: game.slot(),
            to_act: game.to_act(),
            passes: game.position().passes,
            turns: game.position().turns,
            out: game.out(),
            phase,
            clock,
            scores: game.scores(),
            outcome: game.outcome().cloned(),
        }
    }

    /// The cell labelled `label`, if the board has it.
    pub fn cell(&self, label: Cell) -> Option<&CellView> {
        self.cells.iter().find(|c| c.label == label)
    }
}

/// The rows of the board in the position format: `1/4/7/9r/…`.
fn write_board(f: &mut fmt::Formatter<'_>, cells: &[CellView]) -> fmt::Result {
    let mut row = 0;
    let mut empty = 0;
    for cell in cells {
        if cell.label.row != row {
            if empty > 0 {
                write!(f, "{empty}")?;
                empty = 0;
            }
            f.write_str("/")?;
            row = cell.label.row;
        }
        match cell.piece {
            None => empty += 1,
            Some(c) => {
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{}", c.letter())?;
            }
        }
    }
    if empty > 0 {
        write!(f, "{empty}")?;
    }
    Ok(())
}

impl fmt::Display for View {
    /// The position format (`docs/rules/magma.md`), for example the
    /// two-player start:
    /// `1/4/7/9r/9/10/9/10/9/b9/7/4/1 1@d10 hand=24,24 passes=0 turns=0 score=red:7,blue:7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, &self.cells)?;
        let slot = self.slots[self.slot];
        write!(f, " {}@{}", slot.seat.0 + 1, slot.home)?;
        let hands: Vec<String> = self.seats.iter().map(|(_, s)| s.hand.to_string()).collect();
        write!(
            f,
            " hand={} passes={} turns={}",
            hands.join(","),
            self.passes,
            self.turns
        )?;
        if !self.out.is_empty() {
            let seats: Vec<String> = self.out.iter().map(|s| (s.0 + 1).to_string()).collect();
            write!(f, " out={}", seats.join(","))?;
        }
        match &self.phase {
            PhaseView::Turn {
                may_propose_end: true,
            } => {}
            PhaseView::Turn {
                may_propose_end: false,
            } => f.write_str(" refused")?,
            PhaseView::Vote { waiting, .. } => {
                let seats: Vec<String> = waiting.iter().map(|s| (s.0 + 1).to_string()).collect();
                write!(f, " vote={}", seats.join(","))?;
            }
            PhaseView::Penalty { .. } => f.write_str(" penalty")?,
            PhaseView::Agreed => f.write_str(" agreed")?,
        }
        if let Some(c) = &self.clock {
            write!(f, " clock={}/{}@{}", c.budget_ms, c.used_ms, c.since.0)?;
        }
        write!(f, " score={}", score_field(&self.scores))
    }
}
