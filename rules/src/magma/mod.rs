//! Magma (Jonathan Leistiko, 2009): two to six players, in up to three
//! colour teams, step and jump their pieces (Chinese-checkers style, over
//! their own colour only) out of their corner homes to claim territory:
//! at the end each colour scores its pieces plus three per vacant cell only
//! it could move to. Hot and White-Hot Magma add a turn timer, driven here by
//! the times of the actions.
//!
//! The rules are those of RULINGS.md; `docs/rules/magma.md` tells them in
//! full, with our decisions.

mod board;
mod clock;
mod layout;
mod notation;
mod view;

use std::fmt;

pub use board::{BoardKind, Cell, CellSet, Color, Geometry, bit, indices};
pub use clock::{Clock, FULL_MS, Timer};
pub use layout::{Layout, SUPPLY, Slot};
pub use view::{CellView, ClockView, PhaseView, Score, SeatView, SlotView, View};

use crate::game::{
    Deadline, ErrorCode, Game, Millis, NotationError, OptionError, OptionSpec, OptionValues, Outcome,
    RuleError,
};
use crate::{GameKind, MAX_SEATS, Seat, SeatSet, Viewer};

/// One action of Magma.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move a piece of one's colour: a step or a chain of jumps, `e3-e5`;
    /// with the landing cells spelled out, `e3-e5-g6` (`via` holds the
    /// cells between `from` and `to`).
    Move { from: Cell, to: Cell, via: Vec<Cell> },
    /// Bring a piece in through one's home: `enter d1` onto the empty home,
    /// `enter e1` over the home piece (and on by jumps); spelled out,
    /// `enter d1-e1-g2` (`via` holds the home and the cells before `to`).
    Enter { to: Cell, via: Vec<Cell> },
    /// `pass`.
    Pass,
    /// `end?`: the player to move proposes to end the game.
    ProposeEnd,
    /// `end!`: accept the proposal.
    AcceptEnd,
    /// `end-`: refuse it.
    RefuseEnd,
    /// `timeout`: the running turn's timer ran out (the server applies it).
    Timeout,
    /// `remove e4`: the penalty for a timeout, chosen by the player to the
    /// late player's right.
    Remove(Cell),
}

/// The options of Magma. Text options are checked by
/// [`Game::options_from`]; typed ones out of range are brought into range
/// (players to 2..=6, a `first` seat the game lacks to seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// 2 to 6.
    pub players: u8,
    /// The solo colour of the five-player game.
    pub solo: Color,
    pub board: BoardKind,
    pub timer: Timer,
    /// The seat that takes the first turn (at its first slot).
    pub first: Seat,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            solo: Color::Yellow,
            board: BoardKind::Zigzag,
            timer: Timer::None,
            first: Seat(0),
        }
    }
}

impl Options {
    /// The options with every field in range.
    fn in_range(self) -> Options {
        let players = self.players.clamp(2, 6);
        Options {
            players,
            first: if self.first.0 < players {
                self.first
            } else {
                Seat(0)
            },
            ..self
        }
    }
}

const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "players",
        values: &["2", "3", "4", "5", "6"],
        help: "the number of players; 4 and 6 play in colour teams, 5 has one solo player",
    },
    OptionSpec {
        key: "solo",
        values: &["yellow", "red", "blue"],
        help: "the colour of the five-player game's solo player (only with players=5)",
    },
    OptionSpec {
        key: "board",
        values: &["zigzag", "radius5"],
        help: "zigzag: 91 cells with pointed two-neighbour corners; radius5: the plain hex-hex board",
    },
    OptionSpec {
        key: "timer",
        values: &["none", "hot", "white-hot"],
        help: "hot: 30 seconds a turn; white-hot: one passed-on sand timer (15 s first, then 30 − what was left)",
    },
    OptionSpec {
        key: "first",
        values: &["1", "2", "3", "4", "5", "6"],
        help: "the seat that takes the first turn",
    },
];

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
    pieces: [CellSet; 3],
    hands: [u8; MAX_SEATS],
    slot: u8,
    /// Consecutive passes (the game ends when a whole round has passed).
    passes: u8,
    /// Turns taken so far, counted up to one round (the tie-break looks no
    /// further back).
    turns: u8,
    phase: Phase,
    clock: Clock,
}

/// A game of Magma.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magma {
    options: Options,
    layout: Layout,
    pos: Position,
    outcome: Option<Outcome>,
}

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

/// How a game may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Passes,
    Agreement,
}

impl Magma {
    /// A game continuing from `pos` (already checked).
    fn from_parts(options: Options, pos: Position) -> Magma {
        let layout = Layout::new(options.players, options.solo);
        let mut game = Magma {
            options,
            layout,
            pos,
            outcome: None,
        };
        game.outcome = game.ending().map(|how| game.final_outcome(how));
        game
    }

    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.options.board)
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn phase(&self) -> Phase {
        self.pos.phase
    }

    /// The index of the current turn slot in [`Layout::slots`].
    pub fn slot(&self) -> usize {
        self.pos.slot as usize
    }

    /// The current turn slot.
    pub fn current(&self) -> Slot {
        self.layout.slot(self.slot())
    }

    /// Consecutive passes so far.
    pub fn passes(&self) -> usize {
        self.pos.passes as usize
    }

    /// Pieces `seat` still has in hand.
    pub fn hand(&self, seat: Seat) -> u8 {
        self.pos.hands[seat.index()]
    }

    /// The cells holding `color`'s pieces.
    pub fn pieces(&self, color: Color) -> CellSet {
        self.pos.pieces[color.index()]
    }

    fn occupied(&self) -> CellSet {
        self.pos.pieces.iter().fold(0, |a, &b| a | b)
    }

    /// The colour of the piece on `index`.
    fn color_on(&self, index: u8) -> Option<Color> {
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
    pub fn home(&self, slot: usize) -> u8 {
        self.geometry().corners()[self.layout.slot(slot).corner as usize]
    }

    fn labels(&self, set: CellSet) -> Vec<Cell> {
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
        let g = self.geometry();
        let own = self.pos.pieces[color.index()] & !bit(from);
        let occupied = self.occupied() & !bit(from);
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

    /// The vacant cells `color` could move a piece to in this position: next
    /// to one of its pieces (every step, jump landing and entry landing is),
    /// or an empty home of one of its seats with pieces in hand.
    pub fn reach(&self, color: Color) -> CellSet {
        let g = self.geometry();
        let vacant = g.all() & !self.occupied();
        let mut reach = g.dilate(self.pos.pieces[color.index()]) & vacant;
        for (i, s) in self.layout.slots().iter().enumerate() {
            if s.color == color && self.pos.hands[s.seat.index()] > 0 {
                reach |= bit(self.home(i)) & vacant;
            }
        }
        reach
    }

    /// Every colour's score if the game ended now, in [`Color::ALL`] order.
    pub fn scores(&self) -> Vec<Score> {
        let colors: Vec<Color> = self.layout.colors().collect();
        let reach: Vec<CellSet> = colors.iter().map(|&c| self.reach(c)).collect();
        colors
            .iter()
            .enumerate()
            .map(|(i, &color)| {
                let others = reach
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(0, |a, (_, &r)| a | r);
                Score {
                    color,
                    seats: self.layout.team(color),
                    pieces: self.pos.pieces[color.index()].count_ones(),
                    territory: (reach[i] & !others).count_ones(),
                }
            })
            .collect()
    }

    /// The cells that score for `color`: vacant and reachable by it alone.
    pub fn territory(&self, color: Color) -> Vec<Cell> {
        let others = self
            .layout
            .colors()
            .filter(|&c| c != color)
            .fold(0, |a, c| a | self.reach(c));
        self.labels(self.reach(color) & !others)
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

    /// The seat whose answer a vote waits for.
    fn next_voter(&self, waiting: SeatSet) -> Option<Seat> {
        self.layout.voters(self.slot()).find(|&s| waiting.contains(s))
    }

    /// The seat that chooses a pending penalty: the previous slot's.
    fn chooser(&self) -> Seat {
        self.layout.slot(self.layout.previous_slot(self.slot())).seat
    }

    fn ending(&self) -> Option<Ending> {
        if self.pos.phase == Phase::Agreed {
            Some(Ending::Agreement)
        } else if self.passes() >= self.layout.slot_count() {
            Some(Ending::Passes)
        } else {
            None
        }
    }

    /// Among `colors`, the one whose latest turn came last, if any of them
    /// has taken a turn.
    fn latest(&self, colors: &[Color]) -> Option<Color> {
        (1..=self.pos.turns as usize)
            .map(|k| {
                let n = self.layout.slot_count();
                self.layout.slot((self.slot() + n * 2 - k) % n).color
            })
            .find(|c| colors.contains(c))
    }

    fn final_outcome(&self, how: Ending) -> Outcome {
        let mut scores = self.scores();
        let best = scores.iter().map(Score::total).max().unwrap_or(0);
        let tied: Vec<Color> = scores
            .iter()
            .filter(|s| s.total() == best)
            .map(|s| s.color)
            .collect();
        let latest = self.latest(&tied);
        // Highest first; among equals, the tie-break's winner first.
        scores.sort_by_key(|s| (std::cmp::Reverse(s.total()), Some(s.color) != latest));
        let listed: Vec<String> = scores
            .iter()
            .map(|s| format!("{} {}", s.color, s.total()))
            .collect();
        let how = match how {
            Ending::Passes => "all passed",
            Ending::Agreement => "agreed end",
        };
        let mut reason = format!("{how}; {}", listed.join(", "));
        let winner = if tied.len() == 1 {
            Some(tied[0])
        } else if let Some(c) = latest {
            reason.push_str(&format!("; the tie goes to {c}, who played last"));
            Some(c)
        } else {
            reason.push_str("; a tie, and no tied side has taken a turn");
            None
        };
        match winner {
            Some(color) => Outcome::Win {
                winners: self.layout.team(color),
                side: color.name().into(),
                reason,
            },
            None => Outcome::Draw { reason },
        }
    }

    /// The seat that may act now (the game not being over).
    fn actor(&self) -> Seat {
        match self.pos.phase {
            Phase::Vote { waiting } => self.next_voter(waiting).expect("a vote waits for someone"),
            Phase::Penalty => self.chooser(),
            _ => self.current().seat,
        }
    }

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

    /// Checks `action` by `seat` at `at` without changing anything.
    fn check(&self, seat: Seat, action: &Action, at: Millis) -> Result<(), RuleError> {
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

    /// Ends the running turn at `at` (a move, an entry or a pass).
    fn end_turn(&mut self, passed: bool, at: Millis) {
        let n = self.layout.slot_count() as u8;
        self.pos.turns = (self.pos.turns + 1).min(n);
        self.pos.passes = if passed { self.pos.passes + 1 } else { 0 };
        self.pos.clock = self.pos.clock.next(self.options.timer, at);
        self.pos.slot = self.layout.next_slot(self.slot()) as u8;
        self.pos.phase = Phase::Play { refused: false };
    }

    /// Plays a checked action.
    fn play_unchecked(&mut self, action: &Action, at: Millis) {
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

    /// Checks a position read from text against the options.
    fn validate(options: &Options, layout: &Layout, pos: &Position) -> Result<(), String> {
        let g = Geometry::of(options.board);
        let mut seen = 0;
        for c in Color::ALL {
            let set = pos.pieces[c.index()];
            if set & seen != 0 {
                return Err("a cell holds two pieces".into());
            }
            seen |= set;
            let team = layout.team(c);
            if team.is_empty() && set != 0 {
                return Err(format!("{c} has no seat in a {}-player game", options.players));
            }
            let total = set.count_ones() + team.iter().map(|s| pos.hands[s.index()] as u32).sum::<u32>();
            if total > layout.supply(c) {
                return Err(format!(
                    "{c} has {total} pieces on the board and in hand; the most is {}",
                    layout.supply(c)
                ));
            }
        }
        if seen & !g.all() != 0 {
            return Err("a piece lies outside the board".into());
        }
        for seat in (0..layout.seat_count() as u8).map(Seat) {
            let most = layout.starting_hand(seat);
            if pos.hands[seat.index()] > most {
                return Err(format!("seat {} has more than {most} pieces in hand", seat.0 + 1));
            }
        }
        let n = layout.slot_count() as u8;
        if pos.passes > n || pos.turns > n || pos.passes > pos.turns {
            return Err(format!(
                "{} passes in a row and {} turns taken do not fit a round of {n} turns",
                pos.passes, pos.turns
            ));
        }
        let over_by_passes = pos.passes == n;
        match pos.phase {
            Phase::Play { .. } => {}
            _ if over_by_passes => return Err("the game ended by passes: nothing can be pending".into()),
            Phase::Vote { waiting } => {
                let order: Vec<Seat> = layout.voters(pos.slot as usize).collect();
                let k = order.len() - waiting.len();
                if waiting.is_empty() || order[k..].iter().copied().collect::<SeatSet>() != waiting {
                    return Err("the seats still to answer must be the last voters in turn order".into());
                }
            }
            Phase::Penalty => {
                if options.timer == Timer::None {
                    return Err("a penalty needs a timer".into());
                }
                let late = layout.slot(pos.slot as usize).color;
                if pos.pieces[late.index()] == 0 || pos.turns == 0 || pos.passes != 0 {
                    return Err(format!("no penalty can be pending: {late} has no piece to lose"));
                }
            }
            Phase::Agreed => {}
        }
        if options.timer == Timer::None {
            if pos.clock != Clock::default() {
                return Err("a game without a timer has no clock".into());
            }
        } else if pos.clock.budget > FULL_MS || pos.clock.used > pos.clock.budget {
            return Err(format!(
                "the clock must have at most {FULL_MS} ms and use no more than it has"
            ));
        }
        Ok(())
    }
}

impl Game for Magma {
    const KIND: GameKind = GameKind::Magma;
    type Options = Options;
    type Action = Action;
    type View = View;
    type Key = Position;

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn options_from(values: &OptionValues) -> Result<Options, OptionError> {
        let players: u8 = values.get("players").parse().expect("spec values are numbers");
        let solo = match values.get("solo") {
            "red" => Color::Red,
            "blue" => Color::Blue,
            _ => Color::Yellow,
        };
        if players != 5 && values.is_given("solo") {
            return Err(OptionError::new(format!(
                "option solo={} needs players=5 (this game has {players})",
                solo.name()
            )));
        }
        let board = match values.get("board") {
            "radius5" => BoardKind::Radius5,
            _ => BoardKind::Zigzag,
        };
        let timer = match values.get("timer") {
            "hot" => Timer::Hot,
            "white-hot" => Timer::WhiteHot,
            _ => Timer::None,
        };
        let first: u8 = values.get("first").parse().expect("spec values are numbers");
        if first > players {
            return Err(OptionError::new(format!(
                "option first={first} is out of range for players={players} (allowed: 1 to {players})"
            )));
        }
        Ok(Options {
            players,
            solo,
            board,
            timer,
            first: Seat(first - 1),
        })
    }

    /// Every option in spec order, except `solo` outside the five-player
    /// game (where giving it is an error).
    fn option_pairs(options: &Options) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("players", options.players.to_string())];
        if options.players == 5 {
            pairs.push(("solo", options.solo.name().into()));
        }
        pairs.push(("board", options.board.name().into()));
        pairs.push(("timer", options.timer.name().into()));
        pairs.push(("first", (options.first.0 + 1).to_string()));
        pairs
    }

    fn new(options: Options) -> Magma {
        let options = options.in_range();
        let layout = Layout::new(options.players, options.solo);
        let g = Geometry::of(options.board);
        let mut pieces = [0; 3];
        for s in layout.slots() {
            pieces[s.color.index()] |= bit(g.corners()[s.corner as usize]);
        }
        let mut hands = [0; MAX_SEATS];
        for seat in (0..layout.seat_count() as u8).map(Seat) {
            hands[seat.index()] = layout.starting_hand(seat);
        }
        let pos = Position {
            pieces,
            hands,
            slot: layout.first_slot(options.first) as u8,
            passes: 0,
            turns: 0,
            phase: Phase::Play { refused: false },
            clock: Clock::start(options.timer),
        };
        Magma::from_parts(options, pos)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        self.layout.seat_count()
    }

    fn seat_name(&self, seat: Seat) -> String {
        (seat.0 + 1).to_string()
    }

    fn seat_color(&self, seat: Seat) -> String {
        self.layout.color(seat).name().to_string()
    }

    /// Teams are colours: red 0, blue 1, yellow 2.
    fn team(&self, seat: Seat) -> u8 {
        self.layout.color(seat) as u8
    }

    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else {
            SeatSet::only(self.actor())
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let g = self.geometry();
        let label = |i: u8| g.label(i);
        match self.pos.phase {
            Phase::Vote { .. } => vec![Action::AcceptEnd, Action::RefuseEnd],
            Phase::Penalty => indices(self.pos.pieces[self.current().color.index()])
                .map(|i| Action::Remove(label(i)))
                .collect(),
            Phase::Agreed => Vec::new(),
            Phase::Play { refused } => {
                let color = self.current().color;
                let mut actions = Vec::with_capacity(64);
                for from in indices(self.pos.pieces[color.index()]) {
                    for to in indices(self.move_targets_of(from)) {
                        actions.push(Action::Move {
                            from: label(from),
                            to: label(to),
                            via: Vec::new(),
                        });
                    }
                }
                for to in indices(self.entry_targets(self.slot())) {
                    actions.push(Action::Enter {
                        to: label(to),
                        via: Vec::new(),
                    });
                }
                actions.push(Action::Pass);
                if !refused {
                    actions.push(Action::ProposeEnd);
                }
                if self.options.timer != Timer::None {
                    actions.push(Action::Timeout);
                }
                actions
            }
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action, at: Millis) -> Result<(), RuleError> {
        self.check(seat, action, at)?;
        self.play_unchecked(action, at);
        Ok(())
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Magma hides nothing.
    fn views_differ(&self) -> bool {
        false
    }

    fn view(&self, _viewer: Viewer) -> View {
        // Magma hides nothing: every viewer sees the whole position.
        View::of(self)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::parse_action(self.geometry(), text)
    }

    fn parse_position(options: Options, text: &str) -> Result<Magma, NotationError> {
        let options = options.in_range();
        let layout = Layout::new(options.players, options.solo);
        let pos = notation::parse_position(&options, &layout, text)?;
        Magma::validate(&options, &layout, &pos)
            .map_err(|m| NotationError::new(format!("bad Magma position: {m}")))?;
        let game = Magma::from_parts(options, pos);
        if let Some(given) = notation::given_scores(text) {
            let actual = notation::score_field(&game.scores());
            if given != actual {
                return Err(NotationError::new(format!(
                    "bad Magma position: the score field says {given}, the position gives {actual}"
                )));
            }
        }
        Ok(game)
    }

    fn position_key(&self) -> Position {
        self.pos
    }

    fn deadline(&self) -> Option<Deadline<Action>> {
        if self.options.timer == Timer::None || self.outcome.is_some() {
            return None;
        }
        matches!(self.pos.phase, Phase::Play { .. }).then(|| Deadline {
            seat: self.current().seat,
            at: self.pos.clock.deadline(),
            action: Action::Timeout,
        })
    }

    /// `timeout` is applied by the server when the turn's time runs out.
    fn is_server_action(&self, action: &Action) -> bool {
        matches!(action, Action::Timeout)
    }

    fn counts_in_perft(&self, action: &Action) -> bool {
        !matches!(action, Action::ProposeEnd | Action::Timeout)
    }
}

impl fmt::Display for Magma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&View::of(self), f)
    }
}
