//! What one viewer may see of a Magnet game. A side is either [`OpenSide`]
//! (kinds known: a seat's own pieces, everything for the referee, and every
//! piece once the game is over) or [`ClosedSide`], whose piece type
//! [`HiddenPiece`] has no kind or value at all: a hidden value cannot leak
//! through a field someone forgot to blank.
//!
//! `Display` prints the position format, with `?` for what the viewer may
//! not see.

use std::fmt;

use super::board::{Color, Kind, Position, Vertex};
use super::notation::piece_token;
use crate::game::Outcome;
use crate::seat::Viewer;

/// A piece whose kind the viewer knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownPiece {
    pub vertex: Vertex,
    pub kind: Kind,
    pub rank: u8,
}

impl KnownPiece {
    /// The highest rank it may reach.
    pub fn value(&self) -> u8 {
        self.kind.value()
    }
}

/// An opponent's piece as a viewer sees it: where it stands and its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenPiece {
    pub vertex: Vertex,
    pub rank: u8,
}

/// A side seen in full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenSide {
    /// Whether the side's setup is in (during the setup phase).
    pub set_up: bool,
    /// Its pieces on the board, in label order.
    pub pieces: Vec<KnownPiece>,
    /// Its removed pieces whose kinds are public (captured ones), by kind.
    pub revealed: Vec<Kind>,
    /// Its removed pieces whose kinds the opponent has not seen (destroyed
    /// by a trap), by kind.
    pub secret: Vec<Kind>,
}

/// A side seen from the other side of the table (or by a spectator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedSide {
    /// Whether the side's setup is in: all a viewer learns of a setup
    /// before play starts.
    pub set_up: bool,
    /// Its pieces on the board, in label order.
    pub pieces: Vec<HiddenPiece>,
    /// Its removed pieces whose kinds are public (captured ones), by kind.
    pub revealed: Vec<Kind>,
    /// How many of its removed pieces are still secret.
    pub secret: usize,
}

/// One side as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideView {
    Open(OpenSide),
    Closed(ClosedSide),
}

impl SideView {
    pub fn set_up(&self) -> bool {
        match self {
            SideView::Open(s) => s.set_up,
            SideView::Closed(s) => s.set_up,
        }
    }

    /// Where the side's pieces stand and their ranks, in label order.
    pub fn placements(&self) -> Vec<(Vertex, u8)> {
        match self {
            SideView::Open(s) => s.pieces.iter().map(|p| (p.vertex, p.rank)).collect(),
            SideView::Closed(s) => s.pieces.iter().map(|p| (p.vertex, p.rank)).collect(),
        }
    }
}

/// What one viewer may see: both sides, whose turn it is, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub viewer: Viewer,
    /// Whether a side still has to set up.
    pub in_setup: bool,
    /// The side to move (red during the setup).
    pub side_to_move: Color,
    /// Whether Red's opening turn (one piece only) is still to come.
    pub opening: bool,
    pub red: SideView,
    pub blue: SideView,
    pub outcome: Option<Outcome>,
}

impl View {
    /// `position` as `viewer` may see it. A seat sees its own side open;
    /// the referee sees both; a spectator neither; once the game has an
    /// outcome everyone sees everything.
    pub fn new(position: &Position, viewer: Viewer, outcome: Option<&Outcome>) -> View {
        let open = |color: Color| match viewer {
            _ if outcome.is_some() => true,
            Viewer::Referee => true,
            Viewer::Seat(seat) => seat.index() == color.index(),
            Viewer::Spectator => false,
        };
        let side = |color| {
            if open(color) {
                SideView::Open(open_side(position, color))
            } else {
                SideView::Closed(closed_side(position, color))
            }
        };
        View {
            viewer,
            in_setup: position.in_setup(),
            side_to_move: position.side(),
            opening: position.is_opening(),
            red: side(Color::Red),
            blue: side(Color::Blue),
            outcome: outcome.cloned(),
        }
    }

    /// Everything, as the referee sees it.
    pub fn full(position: &Position) -> View {
        View::new(position, Viewer::Referee, None)
    }

    pub fn side(&self, color: Color) -> &SideView {
        match color {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }
}

fn kinds(counts: [u8; 6]) -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, usize::from(counts[k as usize])))
        .collect()
}

fn in_label_order<T>(mut items: Vec<T>, vertex: impl Fn(&T) -> Vertex) -> Vec<T> {
    items.sort_by_key(|p| vertex(p).label_order());
    items
}

fn open_side(position: &Position, color: Color) -> OpenSide {
    let removed = position.removed(color);
    let pieces = position
        .pieces(color)
        .map(|(vertex, p)| KnownPiece {
            vertex,
            kind: p.kind,
            rank: p.rank,
        })
        .collect();
    OpenSide {
        set_up: position.has_set_up(color),
        pieces: in_label_order(pieces, |p| p.vertex),
        revealed: kinds(removed.revealed),
        secret: kinds(removed.hidden),
    }
}

fn closed_side(position: &Position, color: Color) -> ClosedSide {
    let removed = position.removed(color);
    let pieces = position
        .pieces(color)
        .map(|(vertex, p)| HiddenPiece { vertex, rank: p.rank })
        .collect();
    ClosedSide {
        set_up: position.has_set_up(color),
        pieces: in_label_order(pieces, |p| p.vertex),
        revealed: kinds(removed.revealed),
        secret: removed.hidden.iter().map(|&n| usize::from(n)).sum(),
    }
}

impl fmt::Display for SideView {
    /// One section of the position format: `-` before the side has set
    /// up, else its pieces, then `x:` its revealed removed pieces and `t:`
    /// its secret removed pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.set_up() {
            return f.write_str("-");
        }
        let mut tokens: Vec<String> = Vec::new();
        match self {
            SideView::Open(s) => {
                tokens.extend(
                    s.pieces
                        .iter()
                        .map(|p| piece_token(p.vertex, Some(p.kind), p.rank)),
                );
                tokens.extend(s.revealed.iter().map(|k| format!("x:{k}")));
                tokens.extend(s.secret.iter().map(|k| format!("t:{k}")));
            }
            SideView::Closed(s) => {
                tokens.extend(s.pieces.iter().map(|p| piece_token(p.vertex, None, p.rank)));
                tokens.extend(s.revealed.iter().map(|k| format!("x:{k}")));
                tokens.extend(std::iter::repeat_n("t:?".to_string(), s.secret));
            }
        }
        f.write_str(&tokens.join(" "))
    }
}

impl fmt::Display for View {
    /// `<red> | <blue> | <status>`, status `setup`, `red opening`, `red` or
    /// `blue`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} | {} | ", self.red, self.blue)?;
        if self.in_setup {
            f.write_str("setup")
        } else if self.opening {
            write!(f, "{} opening", self.side_to_move.name())
        } else {
            f.write_str(self.side_to_move.name())
        }
    }
}

impl fmt::Display for Position {
    /// The full position: what the referee's view prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        View::full(self).fmt(f)
    }
}
