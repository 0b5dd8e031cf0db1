//! Judging a Magma action: whose turn, the phase, moves and entries with
//! their jump chains, the timer; every refusal with its sentence.

use super::action::Action;
use super::board::{Cell, CellSet, Color, bit};
use super::clock::Timer;
use super::state::{Magma, Phase};
use crate::game::{ErrorCode, Millis, RuleError};
use crate::seat::Seat;

fn illegal(message: impl Into<String>) -> RuleError {
    RuleError::illegal(message)
}

/// "e4, f5 or g6".
fn either(cells: &[Cell]) -> String {
    match cells {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(Cell::to_string).collect();
            format!("{} or {last}", init.join(", "))
        }
    }
}

impl Magma {
    /// Why `seat` may not act now: who acts instead.
    fn not_your_turn(&self) -> RuleError {
        let s = self.actor().0 + 1;
        RuleError::new(
            ErrorCode::NotYourTurn,
            match self.pos.phase {
                Phase::Vote { .. } => format!("seat {s} is to answer the proposal to end the game"),
                Phase::Penalty => format!("seat {s} is to choose the penalty"),
                _ => format!("it is seat {s}'s turn"),
            },
        )
    }

    fn index(&self, cell: Cell) -> Result<u8, RuleError> {
        self.geometry().index_or_error(cell).map_err(illegal)
    }

    /// Checks a chain of jumps through `path` (each a landing cell) from
    /// `start`, over pieces of `own`, onto cells outside `occupied`.
    fn check_jumps(
        &self,
        start: u8,
        path: &[u8],
        own: CellSet,
        occupied: CellSet,
        color: Color,
    ) -> Result<(), RuleError> {
        let g = self.geometry();
        let mut at = start;
        for &next in path {
            let (a, b) = (g.label(at), g.label(next));
            if occupied & bit(next) != 0 {
                return Err(illegal(format!("{b} is occupied")));
            }
            let over = match g.jumped_cell(at, next) {
                Some(over) => over,
                None if g.around(at) & bit(next) != 0 => {
                    return Err(illegal(format!(
                        "{a}-{b} is a step: a path of several cells is a chain of jumps"
                    )));
                }
                None => {
                    return Err(illegal(format!(
                        "{a}-{b} is not a jump (a jump goes over a neighbour to the cell straight beyond)"
                    )));
                }
            };
            if own & bit(over) == 0 {
                let o = g.label(over);
                return Err(illegal(
                    match self.color_on(over).filter(|_| occupied & bit(over) != 0) {
                        Some(c) => format!(
                            "{a}-{b} would jump the {c} piece on {o}: {color} jumps only {color} pieces"
                        ),
                        None => format!("{a}-{b} would jump the empty cell {o}"),
                    },
                ));
            }
            at = next;
        }
        Ok(())
    }

    fn check_move(&self, color: Color, from: Cell, to: Cell, via: &[Cell]) -> Result<(), RuleError> {
        let f = self.index(from)?;
        let t = self.index(to)?;
        match self.color_on(f) {
            None => return Err(illegal(format!("there is no piece on {from}"))),
            Some(c) if c != color => {
                return Err(illegal(format!(
                    "the piece on {from} is {c}: this turn plays {color}"
                )));
            }
            Some(_) => {}
        }
        if via.is_empty() {
            if t == f {
                return Err(illegal(format!(
                    "{from}-{to} is not a move: a piece must end elsewhere"
                )));
            }
            if self.occupied() & bit(t) != 0 {
                return Err(illegal(format!("{to} is occupied")));
            }
            let targets = self.move_targets_of(f);
            if targets & bit(t) == 0 {
                let g = self.geometry();
                if let Some(c) = g
                    .jumped_cell(f, t)
                    .and_then(|over| self.color_on(over))
                    .filter(|&c| c != color)
                {
                    let over = g.label(g.jumped_cell(f, t).expect("just found"));
                    return Err(illegal(format!(
                        "{from}-{to} would jump the {c} piece on {over}: {color} jumps only {color} pieces"
                    )));
                }
                let list = self.labels(targets);
                return Err(illegal(if list.is_empty() {
                    format!("the piece on {from} cannot move")
                } else {
                    format!("the piece on {from} can reach only {}", either(&list))
                }));
            }
            return Ok(());
        }
        let path = via
            .iter()
            .chain(std::iter::once(&to))
            .map(|&c| self.index(c))
            .collect::<Result<Vec<u8>, _>>()?;
        let own = self.pos.pieces[color.index()] & !bit(f);
        let occupied = self.occupied() & !bit(f);
        self.check_jumps(f, &path, own, occupied, color)?;
        if t == f {
            return Err(illegal(format!(
                "the jumps end on {from}, where the piece started: a piece must end elsewhere"
            )));
        }
        Ok(())
    }

    fn check_enter(&self, to: Cell, via: &[Cell]) -> Result<(), RuleError> {
        let slot = self.current();
        let (seat, color) = (slot.seat, slot.color);
        if self.pos.hands[seat.index()] == 0 {
            return Err(illegal(format!("seat {} has no pieces left in hand", seat.0 + 1)));
        }
        let g = self.geometry();
        let home = self.home(self.slot());
        let home_label = g.label(home);
        let t = self.index(to)?;
        let first = *via.first().unwrap_or(&to);
        let first_index = self.index(first)?;
        if first_index != home && self.layout.solo() == Some(seat) {
            let other = (0..self.layout.slot_count())
                .find(|&i| self.layout.slot(i).seat == seat && self.home(i) == first_index);
            if other.is_some() {
                return Err(illegal(format!(
                    "in this turn slot seat {} enters through {home_label}, not {first}",
                    seat.0 + 1
                )));
            }
        }
        let occupied = self.occupied();
        let own = self.pos.pieces[color.index()];
        let home_piece = self.color_on(home);
        if via.is_empty() && t == home {
            return match home_piece {
                None => Ok(()),
                Some(c) if c == color => Err(illegal(format!(
                    "{home_label} is occupied: enter by jumping the piece on it (enter and a cell next to {home_label})"
                ))),
                Some(c) => Err(illegal(format!(
                    "the home {home_label} holds a {c} piece: {color} cannot enter"
                ))),
            };
        }
        match home_piece {
            None => {
                return Err(illegal(format!(
                    "the home {home_label} is empty: a piece enters onto it (enter {home_label})"
                )));
            }
            Some(c) if c != color => {
                return Err(illegal(format!(
                    "the home {home_label} holds a {c} piece: {color} cannot enter"
                )));
            }
            Some(_) => {}
        }
        if via.is_empty() {
            if occupied & bit(t) != 0 {
                return Err(illegal(format!("{to} is occupied")));
            }
            let targets = self.entry_targets(self.slot());
            if targets & bit(t) == 0 {
                return Err(illegal(if targets == 0 {
                    format!("no piece can enter over {home_label}: the cells next to it are occupied")
                } else {
                    format!(
                        "a piece entering over {home_label} can reach only {}",
                        either(&self.labels(targets))
                    )
                }));
            }
            return Ok(());
        }
        if first_index != home {
            return Err(illegal(format!(
                "a written entry path starts with the home {home_label} (enter {home_label}-…)"
            )));
        }
        let path = via[1..]
            .iter()
            .chain(std::iter::once(&to))
            .map(|&c| self.index(c))
            .collect::<Result<Vec<u8>, _>>()?;
        let landing = path[0];
        let landing_label = g.label(landing);
        if g.around(home) & bit(landing) == 0 {
            return Err(illegal(format!(
                "{landing_label} is not next to the home {home_label}"
            )));
        }
        if occupied & bit(landing) != 0 {
            return Err(illegal(format!("{landing_label} is occupied")));
        }
        self.check_jumps(landing, &path[1..], own, occupied, color)
    }

    /// Judges `action` by `seat` at `at` without changing anything.
    #[inline]
    pub(super) fn judge(&self, seat: Seat, action: &Action, at: Millis) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        if seat != self.actor() {
            return Err(self.not_your_turn());
        }
        let name = seat.0 + 1;
        let wrong_phase = |message: String| Err(RuleError::new(ErrorCode::WrongPhase, message));
        match self.pos.phase {
            Phase::Agreed => Err(RuleError::game_over()),
            Phase::Vote { .. } => match action {
                Action::AcceptEnd | Action::RefuseEnd => Ok(()),
                _ => wrong_phase(format!(
                    "seat {name} must first answer the proposal to end the game (end! or end-)"
                )),
            },
            Phase::Penalty => {
                let late = self.current().color;
                let Action::Remove(cell) = action else {
                    return wrong_phase(format!(
                        "seat {name} must first choose the {late} piece to remove (remove and its cell)"
                    ));
                };
                match self.color_on(self.index(*cell)?) {
                    Some(c) if c == late => Ok(()),
                    Some(c) => Err(illegal(format!(
                        "the piece on {cell} is {c}: the penalty removes a {late} piece"
                    ))),
                    None => Err(illegal(format!("there is no piece on {cell}"))),
                }
            }
            Phase::Play { refused } => {
                let color = self.current().color;
                match action {
                    Action::AcceptEnd | Action::RefuseEnd => {
                        wrong_phase("no proposal to end the game is open".into())
                    }
                    Action::Remove(_) => wrong_phase("there is no penalty to choose".into()),
                    Action::Timeout if self.options.timer == Timer::None => Err(illegal(
                        "this game has no timer: timeout is not one of its actions",
                    )),
                    // The server decides when a timer fires.
                    Action::Timeout => Ok(()),
                    Action::Move { from, to, via } => {
                        self.check_time(name, at)?;
                        self.check_move(color, *from, *to, via)
                    }
                    Action::Enter { to, via } => {
                        self.check_time(name, at)?;
                        self.check_enter(*to, via)
                    }
                    Action::Pass => self.check_time(name, at),
                    Action::ProposeEnd if refused => Err(illegal(format!(
                        "seat {name}'s proposal to end was refused this turn: it may not propose again until its next turn"
                    ))),
                    Action::ProposeEnd => self.check_time(name, at),
                }
            }
        }
    }

    /// Refuses an action of seat `name` that comes after its turn ran out.
    fn check_time(&self, name: u8, at: Millis) -> Result<(), RuleError> {
        if self.options.timer != Timer::None && self.pos.clock.is_late(at) {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!(
                    "seat {name}'s time ran out at {} ms: the turn ends with timeout",
                    self.pos.clock.deadline().0
                ),
            ));
        }
        Ok(())
    }
}
