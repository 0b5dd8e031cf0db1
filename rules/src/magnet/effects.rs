//! What a Magnet turn did ([`Event`]) and how it is told to a viewer: the
//! magnet, each piece's path, the pieces it captured (revealed to everyone),
//! a piece a trap destroyed (its kind told only to whoever may know it, as
//! in the views), and the promotions. A setup tells nothing.

use super::board::{Color, Kind, Vertex};
use super::options::TrapVictims;
use super::state::Magnet;
use crate::effect::{Effect, PieceInfo};
use crate::seat::Viewer;

/// One thing a Magnet action did, as the referee knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `color` put the magnet down on `at`.
    Magnet { at: Vertex, color: Color },
    /// A piece of `color` moved along `path` (its start first).
    Moved { color: Color, path: Vec<Vertex> },
    /// The piece of `color` on `at`, of kind `kind`, was captured.
    Captured { at: Vertex, color: Color, kind: Kind },
    /// The moving piece of `color`, on `at`, was destroyed by a trap.
    Trapped { at: Vertex, color: Color, kind: Kind },
    /// The piece of `color` on `at` was promoted to `rank`.
    Promoted { at: Vertex, color: Color, rank: u8 },
}

impl Magnet {
    /// Whether `viewer` may now know the kind of a piece of `color` that a
    /// trap destroyed: its owner and the referee always; others once the
    /// game is over, or with `trap-victims=revealed`.
    fn knows_trap_victim(&self, color: Color, viewer: Viewer) -> bool {
        self.outcome.is_some()
            || self.options.trap_victims == TrapVictims::Revealed
            || match viewer {
                Viewer::Referee => true,
                Viewer::Seat(seat) => seat == color.seat(),
                Viewer::Spectator => false,
            }
    }

    /// The effect of one event for `viewer`.
    pub(super) fn tell(&self, event: &Event, viewer: Viewer) -> Effect {
        let label = |v: &Vertex| v.to_string();
        match event {
            Event::Magnet { at, color } => Effect::Place {
                at: label(at),
                piece: PieceInfo::kind(color.name(), "magnet"),
            },
            Event::Moved { color, path } => Effect::Move {
                from: path.first().map(label).unwrap_or_default(),
                to: path.last().map(label).unwrap_or_default(),
                path: path.iter().map(label).collect(),
                piece: PieceInfo::of(color.name()),
            },
            Event::Captured { at, color, kind } => Effect::Capture {
                at: label(at),
                piece: PieceInfo::kind(color.name(), kind.token()),
            },
            Event::Trapped { at, color, kind } => Effect::Trapped {
                at: label(at),
                piece: if self.knows_trap_victim(*color, viewer) {
                    PieceInfo::kind(color.name(), kind.token())
                } else {
                    PieceInfo::of(color.name())
                },
            },
            Event::Promoted { at, rank, .. } => Effect::Promote {
                at: label(at),
                rank: *rank,
            },
        }
    }
}
