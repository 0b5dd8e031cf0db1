//! What a Magma action did ([`Event`]) and how it is told: a piece moved
//! or entered along its path, a piece removed as a penalty, and at the end
//! the territory each colour claimed. Magma hides nothing, so every viewer
//! is told the same; votes, passes and timeouts move nothing and tell
//! nothing.

use super::board::{Cell, Color};
use crate::effect::{Effect, PieceInfo};

/// One thing a Magma action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece moved along `path` (its start first, its end last).
    Moved { path: Vec<Cell>, color: Color },
    /// A piece entered along `path` (the home first, its end last).
    Entered { path: Vec<Cell>, color: Color },
    /// The penalty took a piece off `at`.
    Removed { at: Cell, color: Color },
    /// At the end: the vacant cells only `color` could reach.
    Claimed { cells: Vec<Cell>, color: Color },
}

fn labels(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

/// The effects of one event.
pub(super) fn tell(event: &Event) -> Effect {
    let end = |path: &[Cell]| path.last().map(ToString::to_string).unwrap_or_default();
    match event {
        Event::Moved { path, color } => Effect::Move {
            from: path.first().map(ToString::to_string).unwrap_or_default(),
            to: end(path),
            path: labels(path),
            piece: PieceInfo::of(color.name()),
        },
        Event::Entered { path, color } => Effect::Enter {
            to: end(path),
            path: labels(path),
            piece: PieceInfo::of(color.name()),
        },
        Event::Removed { at, color } => Effect::Remove {
            at: at.to_string(),
            piece: PieceInfo::of(color.name()),
        },
        Event::Claimed { cells, color } => Effect::Claim {
            cells: labels(cells),
            side: color.name().to_string(),
        },
    }
}
