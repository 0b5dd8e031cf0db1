//! Magma's text forms: actions (`e3-e5`, `enter d1-e1-g2`, `pass`, `end?`,
//! `remove e4`, …) and reading the position format, which
//! [`View`](super::View)'s `Display` writes and `docs/rules/magma.md`
//! describes.
//!
//! Reading ignores case and spaces inside an action; printing is canonical
//! (lowercase, no spaces inside a path).

use std::fmt;

use super::action::Action;
use super::board::{Cell, Color, Geometry, bit};
use super::clock::{Clock, Timer};
use super::layout::Layout;
use super::options::Options;
use super::scoring::Score;
use super::state::{Phase, Position};
use crate::game::{NotationError, write_joined};
use crate::seat::{MAX_SEATS, Seat, SeatSet};

fn write_path(f: &mut fmt::Formatter<'_>, cells: impl Iterator<Item = Cell>) -> fmt::Result {
    write_joined(f, cells, "-")
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to, via } => {
                write_path(f, std::iter::once(*from).chain(via.iter().copied()).chain([*to]))
            }
            Action::Enter { to, via } => {
                f.write_str("enter ")?;
                write_path(f, via.iter().copied().chain([*to]))
            }
            Action::Pass => f.write_str("pass"),
            Action::ProposeEnd => f.write_str("end?"),
            Action::AcceptEnd => f.write_str("end!"),
            Action::RefuseEnd => f.write_str("end-"),
            Action::Timeout => f.write_str("timeout"),
            Action::Remove(c) => write!(f, "remove {c}"),
        }
    }
}

/// Reads one cell label that must be a cell of `g`.
fn parse_cell(g: &Geometry, text: &str) -> Result<Cell, NotationError> {
    let cell = Cell::parse(text).ok_or_else(|| {
        NotationError::new(format!(
            "{text:?} is not a cell (a row letter and a number, like e3)"
        ))
    })?;
    g.index_or_error(cell).map_err(NotationError::new)?;
    Ok(cell)
}

fn parse_path(g: &Geometry, text: &str) -> Result<Vec<Cell>, NotationError> {
    text.split('-').map(|t| parse_cell(g, t)).collect()
}

/// Reads an action on board `g`.
pub fn parse_action(g: &Geometry, text: &str) -> Result<Action, NotationError> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let unknown = || {
        NotationError::new(format!(
            "{:?} is not a Magma action (a move like e3-e5, enter d1, pass, end?, end!, end-, timeout or remove e4)",
            text.trim()
        ))
    };
    match compact.as_str() {
        "" => return Err(NotationError::new("empty action")),
        "pass" => return Ok(Action::Pass),
        "end?" => return Ok(Action::ProposeEnd),
        "end!" => return Ok(Action::AcceptEnd),
        "end-" => return Ok(Action::RefuseEnd),
        "timeout" => return Ok(Action::Timeout),
        _ => {}
    }
    if let Some(rest) = compact.strip_prefix("remove") {
        return parse_cell(g, rest).map(Action::Remove);
    }
    if let Some(rest) = compact.strip_prefix("enter") {
        let mut path = parse_path(g, rest)?;
        let to = path.pop().expect("split yields at least one part");
        return Ok(Action::Enter { to, via: path });
    }
    if !compact.contains('-') {
        return Err(unknown());
    }
    let mut path = parse_path(g, &compact)?;
    let to = path.pop().expect("at least two parts");
    let from = path.remove(0);
    Ok(Action::Move { from, to, via: path })
}

/// The `score=` field for `scores`: `red:7,blue:7`.
pub fn score_field(scores: &[Score]) -> String {
    let parts: Vec<String> = scores
        .iter()
        .map(|s| format!("{}:{}", s.color, s.total()))
        .collect();
    parts.join(",")
}

/// The value of a position text's `score=` field, if it has one.
pub fn given_scores(text: &str) -> Option<String> {
    text.split_whitespace()
        .find_map(|t| t.to_ascii_lowercase().strip_prefix("score=").map(str::to_string))
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what} {text:?} is not a number"))
}

fn set_once<T>(slot: &mut Option<T>, value: T, key: &str) -> Result<(), String> {
    if slot.replace(value).is_some() {
        return Err(format!("the field {key} is given twice"));
    }
    Ok(())
}

fn parse_board(g: &Geometry, text: &str) -> Result<[u128; 3], String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != g.row_count() {
        return Err(format!("expected {} rows, found {}", g.row_count(), rows.len()));
    }
    let mut pieces = [0u128; 3];
    for (row, row_text) in rows.iter().enumerate() {
        let letter = (b'a' + row as u8) as char;
        let len = g.row_len(row);
        let mut col = 0usize;
        let mut run = String::new();
        let flush = |run: &mut String, col: &mut usize| -> Result<(), String> {
            if !run.is_empty() {
                let n: usize = number(run, "run")?;
                if n == 0 {
                    return Err(format!("row {letter} has an empty run of 0 cells"));
                }
                *col += n;
                run.clear();
            }
            Ok(())
        };
        for ch in row_text.chars() {
            if ch.is_ascii_digit() {
                run.push(ch);
                continue;
            }
            flush(&mut run, &mut col)?;
            let color = Color::from_letter(ch).ok_or_else(|| format!("unexpected {ch:?} in row {letter}"))?;
            col += 1;
            if col > len {
                return Err(format!("row {letter} is longer than {len} cells"));
            }
            let index = g.index(Cell::new(row as u8, col as u8)).expect("within the row");
            pieces[color.index()] |= bit(index);
        }
        flush(&mut run, &mut col)?;
        if col != len {
            return Err(format!("row {letter} has {col} cells, not {len}"));
        }
    }
    Ok(pieces)
}

/// Reads the position format for a game with `options` (checked for
/// consistency by the caller).
pub fn parse_position(options: &Options, layout: &Layout, text: &str) -> Result<Position, NotationError> {
    read_position(options, layout, text).map_err(|m| NotationError::new(format!("bad Magma position: {m}")))
}

fn read_position(options: &Options, layout: &Layout, text: &str) -> Result<Position, String> {
    let g = Geometry::of(options.board);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let [board, turn, rest @ ..] = tokens.as_slice() else {
        return Err("expected the board, the turn and the fields hand=, passes= and turns=".into());
    };
    let pieces = parse_board(g, board)?;

    let (seat, home) = turn
        .split_once('@')
        .ok_or_else(|| format!("the turn {turn:?} is not SEAT@HOME (like 1@d10)"))?;
    let seat: u8 = number(seat, "seat")?;
    let home = Cell::parse(home).ok_or_else(|| format!("{home:?} is not a cell"))?;
    let slot = layout
        .slots()
        .iter()
        .position(|s| s.seat.0 + 1 == seat && g.label(g.corners()[s.corner as usize]) == home)
        .ok_or_else(|| format!("no turn slot of seat {seat} has its home on {home}"))?;

    let mut hands = None;
    let mut passes = None;
    let mut turns = None;
    let mut phase = None;
    let mut clock = None;
    let mut out = None;
    for token in rest {
        let lower = token.to_ascii_lowercase();
        let (key, value) = lower.split_once('=').unwrap_or((lower.as_str(), ""));
        match key {
            "hand" => {
                let list: Vec<u8> = value
                    .split(',')
                    .map(|n| number(n, "hand"))
                    .collect::<Result<_, _>>()?;
                if list.len() != layout.seat_count() {
                    return Err(format!(
                        "hand= lists {} seats; this game has {}",
                        list.len(),
                        layout.seat_count()
                    ));
                }
                let mut h = [0u8; MAX_SEATS];
                h[..list.len()].copy_from_slice(&list);
                set_once(&mut hands, h, "hand")?;
            }
            "passes" => set_once(&mut passes, number::<u8>(value, "passes")?, "passes")?,
            // Any count is read; only one round of it matters.
            "turns" => {
                let n = number::<u32>(value, "turns")?.min(layout.slot_count() as u32);
                set_once(&mut turns, n as u8, "turns")?;
            }
            "refused" | "penalty" | "agreed" if value.is_empty() => {
                let p = match key {
                    "refused" => Phase::Play { refused: true },
                    "penalty" => Phase::Penalty,
                    _ => Phase::Agreed,
                };
                if phase.replace(p).is_some() {
                    return Err("more than one of refused, penalty, agreed and vote= is given".into());
                }
            }
            "out" => set_once(&mut out, seats(layout, value, "out")?, "out")?,
            "vote" => {
                let waiting = seats(layout, value, "vote")?;
                if phase.replace(Phase::Vote { waiting }).is_some() {
                    return Err("more than one of refused, penalty, agreed and vote= is given".into());
                }
            }
            "clock" => {
                let err = || format!("the clock {value:?} is not BUDGET/USED@SINCE in milliseconds");
                let (budget, rest) = value.split_once('/').ok_or_else(err)?;
                let (used, since) = rest.split_once('@').ok_or_else(err)?;
                let c = Clock {
                    budget: budget.parse().map_err(|_| err())?,
                    used: used.parse().map_err(|_| err())?,
                    since: since.parse().map_err(|_| err())?,
                };
                set_once(&mut clock, c, "clock")?;
            }
            "score" => {}
            _ => return Err(format!("unknown field {token:?}")),
        }
    }
    let missing = |what: &str| format!("the field {what}= is missing");
    let clock = match (options.timer, clock) {
        (Timer::None, None) => Clock::default(),
        (Timer::None, Some(_)) => return Err("a game without a timer has no clock= field".into()),
        (_, Some(c)) => c,
        (_, None) => return Err(missing("clock")),
    };
    Ok(Position {
        pieces,
        hands: hands.ok_or_else(|| missing("hand"))?,
        slot: slot as u8,
        passes: passes.ok_or_else(|| missing("passes"))?,
        turns: turns.ok_or_else(|| missing("turns"))?,
        phase: phase.unwrap_or(Phase::Play { refused: false }),
        clock,
        out: out.unwrap_or(SeatSet::EMPTY),
    })
}

/// Reads the seats of the field `key=` (`2,3`, numbered from 1).
fn seats(layout: &Layout, value: &str, key: &str) -> Result<SeatSet, String> {
    value
        .split(',')
        .map(|n| {
            let n: u8 = number(n, "seat")?;
            (1..=layout.seat_count() as u8)
                .contains(&n)
                .then_some(Seat(n - 1))
                .ok_or_else(|| format!("{key}= names seat {n}, which this game does not have"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magma::BoardKind;

    #[test]
    fn actions_read_and_print() {
        let g = Geometry::of(BoardKind::Zigzag);
        for (text, read) in [
            (" E3 - e5 ", "e3-e5"),
            ("e3-e5-g6", "e3-e5-g6"),
            ("Enter  D1", "enter d1"),
            ("enter d1-e1-g2", "enter d1-e1-g2"),
            ("END?", "end?"),
            ("end !", "end!"),
            ("end-", "end-"),
            ("Remove E4", "remove e4"),
            ("timeout", "timeout"),
            ("PASS", "pass"),
        ] {
            assert_eq!(parse_action(g, text).unwrap().to_string(), read, "{text}");
        }
        crate::error::explains(
            |t| parse_action(g, t),
            &[
                ("e3", "not a Magma action"),
                ("jump", "not a Magma action"),
                ("", "empty"),
                ("remove 4e", "\"4e\" is not a cell"),
                ("e3-", "\"\" is not a cell"),
            ],
        );
        for (text, message) in [
            ("e3-n1", "n1 is not a cell of this board (rows a to m)"),
            (
                "enter d11",
                "d11 is not a cell of this board (row d has 10 cells)",
            ),
        ] {
            assert_eq!(parse_action(g, text).unwrap_err().message, message);
        }
    }
}
