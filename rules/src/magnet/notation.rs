//! Magnet's text forms: vertex labels (`A1` … `K6`), actions (`setup A2:K
//! A3:2 …`, `F6`, `F6 E5,G6 +F6,G5`) and the position format (see
//! `docs/rules/magnet.md`).
//!
//! Reading ignores case and extra spaces; printing is canonical.

use std::fmt;
use std::str::FromStr;

use super::action::{Action, Turn, VertexList};
use super::board::{Color, Kind, Piece, Position, Vertex, start_vertices};
use super::setup::Setup;
use crate::game::{NotationError, write_joined};
use crate::geometry::hex::Hex;

impl fmt::Display for Vertex {
    /// The label: column `A + (q + 5)`, row `r + 6 + min(q, 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.hex();
        let column = char::from(b'A' + (h.q + 5) as u8);
        write!(f, "{column}{}", h.r + 6 + h.q.min(0))
    }
}

impl FromStr for Vertex {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Vertex, NotationError> {
        let text = text.trim();
        let bad = || NotationError::new(format!("{text:?} is not a vertex (columns A to K, rows from 1)"));
        let mut chars = text.chars();
        let column = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !('A'..='K').contains(&column) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: i8 = digits.parse().map_err(|_| bad())?;
        let q = column as i8 - b'A' as i8 - 5;
        let r = row - 6 - q.min(0);
        Vertex::from_hex(Hex::new(q, r)).ok_or_else(|| {
            NotationError::new(format!(
                "{text:?} is not a vertex: column {column} has no row {row}"
            ))
        })
    }
}

/// `text` with its words joined by single spaces, and none next to any of
/// `marks` (`B1 : 4` reads as `B1:4`), so that its tokens are the
/// space-separated parts.
fn tighten(text: &str, marks: &[char]) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() && !out.ends_with(marks) && !word.starts_with(marks) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Splits a list of vertices written with commas and/or spaces.
fn parse_list(text: &str, what: &str) -> Result<VertexList, NotationError> {
    let mut list = VertexList::new();
    for part in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty())
    {
        let v = part.parse()?;
        if !list.push(v) {
            return Err(NotationError::new(format!(
                "{what} names at most 6 pieces (one per ray of the magnet)"
            )));
        }
    }
    Ok(list)
}

fn write_list(f: &mut fmt::Formatter<'_>, list: &VertexList) -> fmt::Result {
    write_joined(f, list.iter(), ",")
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.magnet)?;
        if let Some(order) = &self.order {
            f.write_str(" ")?;
            write_list(f, order)?;
        }
        if !self.promote.is_empty() {
            f.write_str(" +")?;
            write_list(f, &self.promote)?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Turn, NotationError> {
        let (moves, promote) = match text.split_once('+') {
            Some((moves, promote)) => {
                let list = parse_list(promote, "a promotion list")?;
                if list.is_empty() {
                    return Err(NotationError::new(
                        "`+` must be followed by the pieces to promote (by their final vertices)",
                    ));
                }
                (moves, list)
            }
            None => (text, VertexList::new()),
        };
        let moves = moves.trim();
        let (magnet, order) = match moves.split_once(|c: char| c.is_whitespace() || c == ',') {
            Some((magnet, order)) => (magnet, Some(parse_list(order, "an order")?)),
            None => (moves, None),
        };
        let magnet = magnet.parse().map_err(|_| {
            NotationError::new(format!(
                "{:?} is not a Magnet action (a setup, or a turn like F6, F6 E5,G6 or F6 E5,G6 +F6)",
                text.trim()
            ))
        })?;
        Ok(Turn {
            magnet,
            order: order.filter(|o| !o.is_empty()),
            promote,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("setup")?;
        for (v, kind) in self.pieces() {
            write!(f, " {v}:{kind}")?;
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = NotationError;

    /// `setup A2:K A3:2 …`: the twelve start vertices of one side, each
    /// once, in any order.
    fn from_str(text: &str) -> Result<Setup, NotationError> {
        let text = tighten(text, &[':']);
        let mut words = text.split_whitespace();
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("setup")) {
            return Err(NotationError::new("a setup starts with the word setup"));
        }
        let pairs: Vec<&str> = words.collect();
        let mut side = None;
        let mut kinds: [Option<Kind>; 12] = [None; 12];
        for pair in &pairs {
            let (v, k) = pair
                .split_once(':')
                .ok_or_else(|| NotationError::new(format!("{pair:?} is not VERTEX:PIECE (like A2:K)")))?;
            let v: Vertex = v.parse()?;
            let kind = Kind::from_token(k.trim())
                .ok_or_else(|| NotationError::new(format!("{k:?} is not a piece (K, 2, T2, 3, T3 or 4)")))?;
            let color = Color::BOTH
                .into_iter()
                .find(|&c| start_vertices(c).contains(&v))
                .ok_or_else(|| NotationError::new(format!("{v} is not a start vertex")))?;
            match side {
                None => side = Some(color),
                Some(s) if s != color => {
                    return Err(NotationError::new(format!(
                        "{v} is one of {}'s start vertices; a setup names one side's only",
                        color.name()
                    )));
                }
                Some(_) => {}
            }
            let slot = start_vertices(color)
                .iter()
                .position(|&s| s == v)
                .expect("a start vertex");
            if kinds[slot].replace(kind).is_some() {
                return Err(NotationError::new(format!("{v} is given twice")));
            }
        }
        let side = side.ok_or_else(|| NotationError::new("a setup names the pieces of 12 start vertices"))?;
        let mut out = [Kind::King; 12];
        for (slot, kind) in kinds.iter().enumerate() {
            out[slot] = kind.ok_or_else(|| {
                NotationError::new(format!(
                    "the setup leaves out {}: it must name all 12 of {}'s start vertices",
                    start_vertices(side)[slot],
                    side.name()
                ))
            })?;
        }
        Ok(Setup::new(side, out))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Setup(s) => s.fmt(f),
            Action::Turn(t) => t.fmt(f),
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Action, NotationError> {
        let text = NotationError::action_text(text)?;
        let first = text.split_whitespace().next().unwrap_or("");
        if first.eq_ignore_ascii_case("setup") {
            text.parse().map(Action::Setup)
        } else {
            text.parse().map(Action::Turn)
        }
    }
}

/// One piece token of the position format: `A2:K`, `F6:3^2`.
pub(super) fn piece_token(v: Vertex, kind: Option<Kind>, rank: u8) -> String {
    let kind = kind.map_or("?", Kind::token);
    if rank > 1 {
        format!("{v}:{kind}^{rank}")
    } else {
        format!("{v}:{kind}")
    }
}

impl FromStr for Position {
    type Err = NotationError;

    /// Reads the full (referee) position format.
    fn from_str(text: &str) -> Result<Position, NotationError> {
        let err = |m: String| NotationError::new(format!("bad Magnet position: {m}"));
        let sections: Vec<&str> = text.split('|').map(str::trim).collect();
        let [red, blue, status] = sections[..] else {
            return Err(err(format!(
                "expected 3 sections separated by | (red's pieces, blue's pieces, status), found {}",
                sections.len()
            )));
        };
        let status: Vec<String> = status.split_whitespace().map(str::to_ascii_lowercase).collect();
        let status: Vec<&str> = status.iter().map(String::as_str).collect();
        let (setup_phase, side, opening) = match status[..] {
            ["setup"] => (true, Color::Red, true),
            ["red"] => (false, Color::Red, false),
            ["red", "opening"] => (false, Color::Red, true),
            ["blue"] => (false, Color::Blue, false),
            _ => {
                return Err(err(format!(
                    "status {:?} is not one of: setup, red opening, red, blue",
                    status.join(" ")
                )));
            }
        };
        let mut pieces = Vec::new();
        let mut revealed = [[0u8; 6]; 2];
        let mut hidden = [[0u8; 6]; 2];
        let mut set_up = [false; 2];
        for (color, section) in [(Color::Red, red), (Color::Blue, blue)] {
            let c = color.index();
            if section == "-" {
                continue;
            }
            set_up[c] = true;
            for token in tighten(section, &[':', '^']).split_whitespace() {
                let (place, piece) = token
                    .split_once(':')
                    .ok_or_else(|| err(format!("{token:?} is not VERTEX:PIECE, x:PIECE or t:PIECE")))?;
                let (kind_text, rank) = match piece.split_once('^') {
                    Some((k, r)) => {
                        let rank = r
                            .parse::<u8>()
                            .ok()
                            .filter(|r| (1..=4).contains(r))
                            .ok_or_else(|| err(format!("{token:?}: rank {r:?} is not 1 to 4")))?;
                        (k, rank)
                    }
                    None => (piece, 1),
                };
                if kind_text == "?" {
                    return Err(err(format!(
                        "{token:?} is hidden: only a full position (as the referee sees it) can be read"
                    )));
                }
                let kind = Kind::from_token(kind_text)
                    .ok_or_else(|| err(format!("{token:?}: {kind_text:?} is not K, 2, T2, 3, T3 or 4")))?;
                if place.eq_ignore_ascii_case("x") || place.eq_ignore_ascii_case("t") {
                    let list = if place.eq_ignore_ascii_case("x") {
                        &mut revealed
                    } else {
                        &mut hidden
                    };
                    list[c][kind as usize] = list[c][kind as usize].saturating_add(1);
                    continue;
                }
                let v: Vertex = place.parse().map_err(|e: NotationError| err(e.message))?;
                pieces.push((v, Piece { color, kind, rank }));
            }
        }
        if setup_phase == (set_up == [true, true]) {
            return Err(err(if setup_phase {
                "status setup, but both sides have set up".into()
            } else {
                "a side that has not set up (-) is only possible in status setup".into()
            }));
        }
        Position::new(&pieces, revealed, hidden, set_up, side, opening).map_err(|e| err(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_notation() {
        let label = |q, r| Vertex::from_hex(Hex::new(q, r)).unwrap().to_string();
        assert_eq!(label(0, 0), "F6");
        assert_eq!(label(-5, 0), "A1");
        assert_eq!(label(-5, 5), "A6");
        assert_eq!(label(0, 5), "F11");
        assert_eq!(label(5, 0), "K6");
        assert_eq!(label(5, -5), "K1");
        assert_eq!(label(0, -5), "F1");
        assert_eq!(label(-5, 1), "A2");
        assert_eq!(label(1, 4), "G10");
        for v in Vertex::all() {
            assert_eq!(v.to_string().parse::<Vertex>(), Ok(v));
            assert_eq!(v.to_string().to_lowercase().parse::<Vertex>(), Ok(v));
        }
        for bad in ["A7", "F12", "L1", "A0", "F", "", "6F", "A+1", "K7"] {
            assert!(bad.parse::<Vertex>().is_err(), "{bad}");
        }
    }

    #[test]
    fn start_vertices_have_the_notation_labels() {
        let text = |c| start_vertices(c).map(|v| v.to_string()).join(" ");
        assert_eq!(text(Color::Red), "A2 A3 A4 A5 B7 C8 D9 E10 G10 H9 I8 J7");
        assert_eq!(text(Color::Blue), "B1 C1 D1 E1 G1 H1 I1 J1 K2 K3 K4 K5");
    }

    #[test]
    fn turns_read_and_print() {
        for (text, canonical) in [
            ("F6", "F6"),
            (" f6  e5 , g6 ", "F6 E5,G6"),
            ("F6 E5,G6 +F6,G5", "F6 E5,G6 +F6,G5"),
            ("F6 E5 G6 + F6 G5", "F6 E5,G6 +F6,G5"),
            ("F6 +G5", "F6 +G5"),
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), canonical);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        for bad in [
            "",
            "Z9",
            "F6 +",
            "F6 E5 +Q1",
            "F6 A1,A2,A3,A4,A5,B1,B2",
            "F6 ++G5",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn setups_read_and_print() {
        let text = "setup A2:K A3:2 A4:T2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3 J7:4";
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
        let shuffled = "SETUP j7:4 a3:2 A2:k A4:t2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3";
        assert_eq!(shuffled.parse::<Action>(), Ok(a));
        crate::error::explains(
            str::parse::<Action>,
            &[
                ("setup A2:K", "leaves out A3"),
                ("setup A2:K A2:3", "A2 is given twice"),
                ("setup A2:K K5:3", "K5 is one of blue's"),
                ("setup F6:K", "F6 is not a start vertex"),
                ("setup A2:Q", "not a piece"),
                ("setup A2", "not VERTEX:PIECE"),
                ("setup", "12 start vertices"),
            ],
        );
        // Extra spaces are tolerated around the colon too (issue 18).
        let spaced = "setup B1 : 4 C1 :3 D1: 2 E1:2  G1:4 H1:T3 I1:3 J1:3 K2:4 K3:T2 K4:2 K5 : K";
        let blue: Action = spaced.parse().unwrap();
        assert_eq!(
            blue.to_string(),
            "setup B1:4 C1:3 D1:2 E1:2 G1:4 H1:T3 I1:3 J1:3 K2:4 K3:T2 K4:2 K5:K"
        );
    }
}
