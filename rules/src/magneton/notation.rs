//! Magneton's text forms: actions (`D4`, `D4-D1`, `pass`) and the position
//! format (`8/8/8/8/8/8/8/8 w 12 12`).
//!
//! Position format: the eight ranks from 8 down to 1 separated by `/`, each
//! rank from file A to H with `W` for a white stone, `B` for a black stone
//! and a digit for a run of empty squares; then the side to move (`w` or
//! `b`) and the stones still in white's and black's hands. Reading ignores
//! case and extra spaces; printing is canonical.

use std::fmt;
use std::str::FromStr;

use super::action::Action;
use super::board::{Color, GRID, Position};
use crate::game::NotationError;
use crate::geometry::square::Square;

/// `D4`: the square's label as Magneton writes it (uppercase file).
pub fn square_label(sq: Square) -> String {
    GRID.label(sq, true)
}

fn parse_square(text: &str) -> Result<Square, NotationError> {
    GRID.read_label(text, true)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Drop(sq) => f.write_str(&square_label(sq)),
            Action::Move { from, to } => write!(f, "{}-{}", square_label(from), square_label(to)),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Action, NotationError> {
        let text = NotationError::action_text(text)?;
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        match text.split_once('-') {
            Some((from, to)) => Ok(Action::Move {
                from: parse_square(from)?,
                to: parse_square(to)?,
            }),
            None => parse_square(text).map(Action::Drop).map_err(|_| {
                NotationError::new(format!(
                    "{text:?} is not a Magneton action (a drop like D4, a move like D4-D1, or pass)"
                ))
            }),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        GRID.write_ranks(f, |sq| {
            self.at(sq).map(|c| if c == Color::White { 'W' } else { 'B' })
        })?;
        let side = if self.side() == Color::White { "w" } else { "b" };
        write!(
            f,
            " {side} {} {}",
            self.hand(Color::White),
            self.hand(Color::Black)
        )
    }
}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        let err = |m: String| NotationError::new(format!("bad Magneton position: {m}"));
        let ([white, black], side, [white_hand, black_hand]) = GRID
            .read_position(text, "board, side, white's hand, black's hand")
            .map_err(err)?;
        let side = Color::BOTH[side];
        let hand = |t: &str, who: &str| {
            t.parse::<u8>()
                .map_err(|_| err(format!("{who}'s hand {t:?} is not a number")))
        };
        let hands = [hand(white_hand, "white")?, hand(black_hand, "black")?];
        Position::new(white as u64, black as u64, hands, side).map_err(|e| err(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_text() {
        assert_eq!(Position::start().to_string(), "8/8/8/8/8/8/8/8 w 12 12");
        assert_eq!(
            "8/8/8/8/8/8/8/8  W 12 12 ".parse::<Position>(),
            Ok(Position::start())
        );
    }

    #[test]
    fn bad_positions_are_explained() {
        crate::error::explains(
            str::parse::<Position>,
            &[
                ("8/8/8 w 12 12", "expected 8 ranks"),
                ("9/8/8/8/8/8/8/8 w 12 12", "unexpected '9'"),
                ("7/8/8/8/8/8/8/8 w 12 12", "has 7 squares"),
                ("WWWWWWWW/WWWWW3/8/8/8/8/8/8 w 0 0", "13 stones"),
                ("8/8/8/8/8/8/8/8 x 12 12", "not w or b"),
                ("8/8/8/8/8/8/8/8 w 12", "expected 4 fields"),
            ],
        );
    }

    #[test]
    fn actions_read_and_print() {
        let a: Action = " d4 - d1 ".parse().unwrap();
        assert_eq!(a.to_string(), "D4-D1");
        assert_eq!("PASS".parse::<Action>(), Ok(Action::Pass));
        assert_eq!("c3".parse::<Action>().unwrap().to_string(), "C3");
        crate::error::explains(
            str::parse::<Action>,
            &[
                ("I9", "not a Magneton action"),
                ("D4-Z1", "\"Z1\" is not a square (A1 to H8)"),
            ],
        );
        assert!("".parse::<Action>().is_err());
    }
}
