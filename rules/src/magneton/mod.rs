//! Magneton (Cerrato Luca, 2001): drop twelve stones each on an 8×8 board,
//! then move them; every stone dropped or moved pulls the first enemy stone
//! and pushes the first friendly stone on each of its eight rays. A line of
//! four wins only if the magnetic effect made it.
//!
//! The rules are those of RULINGS.md; `docs/rules/magneton.md` tells them in
//! full, with our decisions.

mod action;
mod board;
mod effects;
mod notation;

use std::fmt;

pub use action::Action;
pub use board::{Color, Displaced, GRID, InvalidPosition, MoveRule, Position, STONES, squares};
pub use effects::Event;
pub use notation::square_label;

use crate::game::{
    Effect, ErrorCode, Events, Game, GameOptions, Millis, NotationError, OptionError, OptionSpec,
    OptionValues, Outcome, Risk, RuleError, avoidable,
};
use crate::geometry::square::Square;
use crate::repetition::Repetitions;
use crate::seat::{Seat, SeatSet, Viewer};
use crate::table;

/// The options of Magneton.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub move_rule: MoveRule,
}

const OPTION_SPECS: &[OptionSpec] = &[OptionSpec {
    key: "move-rule",
    values: &["line", "per-ray"],
    help: "line: a line through the stone gives a move only if one side of it is empty; \
           per-ray: each of the eight directions reacts to its nearest stone",
}];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = OPTION_SPECS;

    fn from_values(values: &OptionValues) -> Result<Options, OptionError> {
        let move_rule = match values.get("move-rule") {
            "per-ray" => MoveRule::PerRay,
            _ => MoveRule::Line,
        };
        Ok(Options { move_rule })
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let rule = match self.move_rule {
            MoveRule::Line => "line",
            MoveRule::PerRay => "per-ray",
        };
        vec![("move-rule", rule.into())]
    }
}

/// A game of Magneton: the position plus what the position alone does not
/// say (options, the positions seen since the last drop, the result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magneton {
    options: Options,
    position: Position,
    /// Every position since the last drop (drops cannot be undone, so no
    /// earlier position can come back), the current one last.
    history: Repetitions<Position>,
    /// The squares of the stones the last turn's effect displaced.
    last_displaced: u64,
    outcome: Option<Outcome>,
}

impl Magneton {
    /// A game that continues from `position`.
    pub fn from_position(options: Options, position: Position) -> Magneton {
        let mut history = Repetitions::new();
        history.push(position);
        let mut game = Magneton {
            options,
            position,
            history,
            last_displaced: 0,
            outcome: None,
        };
        game.outcome = game.draw_by_deadlock();
        game
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The squares of the stones displaced by the last turn's magnetic effect.
    pub fn last_displaced(&self) -> impl Iterator<Item = Square> + use<> {
        squares(self.last_displaced)
    }

    /// Whether `action`, which leads to `after` without a line, ends the
    /// game drawn: a third repetition (never after a drop, which clears the
    /// history), or neither side able to act.
    fn draws_at(&self, action: Action, after: &Position) -> bool {
        let rule = self.options.move_rule;
        (!matches!(action, Action::Drop(_)) && self.history.would_draw(after))
            || Color::BOTH.iter().all(|&c| !after.can_act(c, rule))
    }

    fn draw_by_deadlock(&self) -> Option<Outcome> {
        let rule = self.options.move_rule;
        let stuck = Color::BOTH.iter().all(|&c| !self.position.can_act(c, rule));
        stuck.then(|| Outcome::draw("neither side can move"))
    }
}

impl Game for Magneton {
    crate::game::game_types!(Magneton, view: Position, key: Position, checked: ());

    /// Judges `action` for the side to move.
    fn check(&self, seat: Seat, action: &Action, _at: Millis) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let side = self.position.side();
        if Color::from_seat(seat) != Some(side) {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", side.name()),
            ));
        }
        let pos = &self.position;
        let name = side.name();
        match *action {
            Action::Drop(sq) => {
                if !pos.in_drop_phase() {
                    return Err(RuleError::new(
                        ErrorCode::WrongPhase,
                        format!("{name} has no stones left to drop: move one instead"),
                    ));
                }
                if !pos.is_empty(sq) {
                    return Err(RuleError::illegal(format!("{} is occupied", square_label(sq))));
                }
            }
            Action::Move { from, to } => {
                if pos.in_drop_phase() {
                    let n = pos.hand(side);
                    return Err(RuleError::new(
                        ErrorCode::WrongPhase,
                        format!(
                            "{name} still has {n} stone{} to drop",
                            if n == 1 { "" } else { "s" }
                        ),
                    ));
                }
                let label = square_label(from);
                match pos.at(from) {
                    None => return Err(RuleError::illegal(format!("there is no stone on {label}"))),
                    Some(c) if c != side => {
                        return Err(RuleError::illegal(format!(
                            "the stone on {label} is {}'s",
                            c.name()
                        )));
                    }
                    Some(_) => {}
                }
                let targets = pos.destinations(from, self.options.move_rule);
                if !targets.contains(&to) {
                    let labels: Vec<_> = targets.iter().map(|&t| square_label(t)).collect();
                    return Err(RuleError::illegal(match labels.as_slice() {
                        [] => format!("the stone on {label} cannot move"),
                        [only] => format!("the stone on {label} can move only to {only}"),
                        [init @ .., last] => {
                            format!(
                                "the stone on {label} can move only to {} or {last}",
                                init.join(", ")
                            )
                        }
                    }));
                }
            }
            Action::Pass => {
                if pos.in_drop_phase() {
                    return Err(RuleError::new(
                        ErrorCode::WrongPhase,
                        format!("{name} must drop a stone"),
                    ));
                }
                if pos.can_act(side, self.options.move_rule) {
                    return Err(RuleError::illegal(format!(
                        "{name} has a legal move and may not pass"
                    )));
                }
            }
        }
        Ok(())
    }

    fn play_unchecked<E: Events<Event>>(
        &mut self,
        _seat: Seat,
        action: &Action,
        _checked: (),
        _at: Millis,
        events: &mut E,
    ) {
        let mover = self.position.side();
        match *action {
            Action::Drop(at) => events.record(|| Event::Dropped { at, color: mover }),
            Action::Move { from, to } => events.record(|| Event::Moved {
                from,
                to,
                color: mover,
            }),
            Action::Pass => {}
        }
        let seen = |d| events.record(|| Event::Displaced(d));
        let displaced = match *action {
            Action::Drop(sq) => {
                self.history.clear();
                self.position.drop_stone_with(sq, seen)
            }
            Action::Move { from, to } => self.position.move_stone_with(from, to, seen),
            Action::Pass => {
                self.position.pass();
                0
            }
        };
        self.last_displaced = displaced;
        self.history.push(self.position);

        // The mover's line wins over the other side's, if both have one.
        let winner = [mover, mover.other()]
            .into_iter()
            .find(|&c| self.position.has_line(displaced, c));
        self.outcome = if let Some(winner) = winner {
            let position = &self.position;
            events.record(|| Event::Line {
                cells: position.line_squares(displaced, winner),
                color: winner,
            });
            Some(Outcome::win(
                SeatSet::only(winner.seat()),
                winner.name(),
                "four in a row",
            ))
        } else {
            self.history.draw().or_else(|| self.draw_by_deadlock())
        };
    }

    crate::side::two_sided_game!();

    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::EMPTY
        } else {
            SeatSet::only(self.position.side().seat())
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let pos = &self.position;
        if pos.in_drop_phase() {
            return pos.empty_squares().map(Action::Drop).collect();
        }
        let moves: Vec<Action> = pos
            .moves(self.options.move_rule)
            .into_iter()
            .map(|(from, to)| Action::Move { from, to })
            .collect();
        if moves.is_empty() {
            vec![Action::Pass]
        } else {
            moves
        }
    }

    /// Judged on positions, not on copies of the game: each offered action
    /// is played on a copy of the position; a line of the mover's wins, a
    /// line of the opponent's alone loses, and otherwise the opponent's
    /// quick win is looked for ([`Position::can_line_at_once`]); only
    /// then is it asked whether the action would have drawn first (a
    /// third repetition, or neither side able to act). The same answer as
    /// [`Game::risks`]'s default, which plays everything out (a test
    /// compares them over many random positions).
    fn risks(&self, seat: Seat, _at: Millis) -> Vec<(Action, Risk)> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let pos = self.position;
        let mover = pos.side();
        let rule = self.options.move_rule;
        let judged = self
            .legal_actions(seat)
            .into_iter()
            .map(|action| {
                let mut after = pos;
                let displaced = match action {
                    Action::Drop(sq) => after.drop_stone(sq),
                    Action::Move { from, to } => after.move_stone(from, to),
                    Action::Pass => {
                        after.pass();
                        0
                    }
                };
                let risk = if after.has_line(displaced, mover) {
                    None
                } else if after.has_line(displaced, mover.other()) {
                    Some(Risk::Loses)
                } else if after.can_line_at_once(rule) && !self.draws_at(action, &after) {
                    Some(Risk::AllowsWin)
                } else {
                    None
                };
                (action, risk)
            })
            .collect();
        avoidable(judged)
    }

    /// Only a line can win: [`Position::can_line_at_once`], on the
    /// position alone (no repetition or deadlock bookkeeping).
    fn can_win_at_once(&self, seat: Seat, _against: Seat, _at: Millis) -> bool {
        Color::from_seat(seat) == Some(self.position.side())
            && self.outcome.is_none()
            && self.position.can_line_at_once(self.options.move_rule)
    }

    /// Magneton hides nothing: every viewer is told everything.
    fn effects(&self, _actor: Seat, events: &[Event], _viewer: Viewer) -> Vec<Effect> {
        events.iter().map(effects::tell).collect()
    }

    table::two_sided_table!();

    /// Both sides have dropped a stone (drops cannot be undone).
    fn has_everyone_moved(&self) -> bool {
        Color::BOTH.iter().all(|&c| self.position.hand(c) < STONES)
    }

    /// Magneton hides nothing.
    fn views_differ(&self) -> bool {
        false
    }

    fn view(&self, _viewer: Viewer) -> Position {
        // Magneton has no hidden information: every viewer sees the position.
        self.position
    }

    fn position_key(&self) -> Position {
        self.position
    }
}

impl fmt::Display for Magneton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}
