//! Magnetism's text forms: actions (`magnet g4`, `(f5) j1-g4`) and reading
//! the position format (`BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w - -`).
//!
//! Position format: the eight ranks from 8 down to 1 separated by `/`, each
//! from file a to l with `W` a white piece, `B` a black piece and a number
//! 1–12 for a run of empty squares; then the side to move once both magnets
//! are placed (`w` or `b`); then the white and the black magnet, each a
//! square, `-` (not placed yet) or, in a redacted view only, `?` (placed but
//! hidden). Reading ignores case and extra spaces; printing (in `view.rs`)
//! is canonical.

use std::fmt;
use std::str::FromStr;

use super::action::Action;
use super::board::{Color, GRID, Position, label};
use crate::game::NotationError;
use crate::geometry::square::Square;

/// `g4`: a square as Magnetism writes it (lowercase file).
pub fn square_label(sq: Square) -> String {
    label(sq)
}

fn parse_square(text: &str) -> Result<Square, NotationError> {
    GRID.read_label(text, false)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Magnet(sq) => write!(f, "magnet {}", label(sq)),
            Action::Move { magnet, from, to } => {
                write!(f, "({}) {}-{}", label(magnet), label(from), label(to))
            }
        }
    }
}

/// `text` without a leading `prefix`, ignoring case.
fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Action, NotationError> {
        let text = NotationError::action_text(text)?;
        let not_an_action = || {
            NotationError::new(format!(
                "{text:?} is not a Magnetism action (a placement like magnet g4 or a move like (f5) j1-g4)"
            ))
        };
        if let Some(rest) = strip_prefix_ignore_case(text, "magnet") {
            if rest.trim().is_empty() {
                return Err(NotationError::new("magnet needs a square, as in magnet g4"));
            }
            return parse_square(rest).map(Action::Magnet);
        }
        let Some(rest) = text.strip_prefix('(') else {
            return Err(not_an_action());
        };
        let (magnet, piece) = rest.split_once(')').ok_or_else(not_an_action)?;
        let (from, to) = piece.split_once('-').ok_or_else(|| {
            NotationError::new(format!(
                "{text:?} lacks the piece's move: write it as in (f5) j1-g4"
            ))
        })?;
        Ok(Action::Move {
            magnet: parse_square(magnet)?,
            from: parse_square(from)?,
            to: parse_square(to)?,
        })
    }
}

impl FromStr for Position {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Position, NotationError> {
        let err = |m: String| NotationError::new(format!("bad Magnetism position: {m}"));
        let (pieces, side, [white_magnet, black_magnet]) = GRID
            .read_position(text, "board, side to move, white magnet, black magnet")
            .map_err(err)?;
        let side = Color::BOTH[side];
        let magnet = |t: &str, c: Color| match t {
            "-" => Ok(None),
            "?" => Err(err(format!(
                "the {} magnet is hidden (?): only a full position can be read",
                c.name()
            ))),
            _ => GRID
                .parse_label(t)
                .map(Some)
                .ok_or_else(|| err(format!("the {} magnet {t:?} is not a square or -", c.name()))),
        };
        let magnets = [
            magnet(white_magnet, Color::White)?,
            magnet(black_magnet, Color::Black)?,
        ];
        Position::new(pieces[0], pieces[1], magnets, side).map_err(|e| err(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "BBBBBBBBBBBB/12/12/12/12/12/12/WWWWWWWWWWWW w - -";

    #[test]
    fn start_position_text() {
        assert_eq!(Position::start().to_string(), START);
        assert_eq!(
            " bbbbbbbbbbbb/12/12/12/12/12/12/wwwwwwwwwwww  W - - ".parse::<Position>(),
            Ok(Position::start())
        );
    }

    #[test]
    fn bad_positions_are_explained() {
        let board = |rank: &str| format!("BBBBBBBBBBBB/{rank}/12/12/12/12/12/WWWWWWWWWWWW w - -");
        let changed = |from: &str, to: &str| START.replace(from, to);
        crate::error::explains(
            str::parse::<Position>,
            &[
                ("12/12 w - -", "expected 8 ranks"),
                (&board("13"), "longer than 12"),
                (&board("111"), "longer than 12"),
                (&board("11"), "has 11 squares"),
                (&board("0"), "unexpected '0'"),
                (&board("x11"), "unexpected 'x'"),
                (&changed("WWWWWWWWWWWW", "WWWWWWWWWWW1"), "white has 11 pieces"),
                (&changed(" w ", " x "), "not w or b"),
                (&changed(" - -", " ? -"), "hidden"),
                (&changed(" - -", " - m9"), "not a square"),
                (&changed(" - -", " a1 -"), "holds a piece"),
                (&changed(" - -", " g4 g4"), "both magnets are on g4"),
                (&changed(" - -", " g5 -"), "outside ranks 2 to 4"),
                (&changed(" - -", ""), "expected 4 fields"),
            ],
        );
        // Once both are placed, magnets may stand anywhere empty.
        assert!(START.replace(" - -", " g5 g4").parse::<Position>().is_ok());
    }

    #[test]
    fn actions_read_and_print() {
        let a: Action = " ( F5 )J1 - g4 ".parse().unwrap();
        assert_eq!(a.to_string(), "(f5) j1-g4");
        assert_eq!("MAGNET  G4".parse::<Action>().unwrap().to_string(), "magnet g4");
        crate::error::explains(
            str::parse::<Action>,
            &[
                ("", "empty"),
                ("magnet", "needs a square"),
                ("magnet m4", "\"m4\" is not a square (a1 to l8)"),
                ("j1-g4", "not a Magnetism action"),
                ("(f5 j1-g4", "not a Magnetism action"),
                ("(f5) j1", "lacks the piece's move"),
                ("(f9) j1-g4", "\"f9\" is not a square"),
                ("(f5) j1-g4-h3", "\"g4-h3\" is not a square"),
                ("magnét g4", "not a Magnetism action"),
            ],
        );
    }
}
