//! What the last action did, on the wire (`play.last`), and what the seat
//! to act risks with each offered action (`play.risks`). Both come from the
//! rules already filtered for their viewer ([`lodestone_rules::Game::effects`],
//! [`lodestone_rules::Game::risks`]); this module only gives them their JSON
//! shape, the same for every game, so a client draws them without knowing
//! the game.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use lodestone_rules::{Effect, PieceInfo, Risk};

/// The last action of the log and what it did, as the viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LastAction {
    /// Its place in the log (`moves[].ply`), from 1.
    pub ply: u32,
    pub seat: u8,
    /// In the order they happened; empty when the action moved nothing
    /// (a pass, a vote) or the viewer may not know what it did (a secret
    /// placement).
    pub effects: Vec<EffectState>,
}

/// Whose a piece is and what it is, each only where the viewer may know it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PieceState {
    /// `white`, `red`, a Magma colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub side: Option<String>,
    /// A Magnet kind (`K`, `2`, `T2`, `3`, `T3`, `4`) or `magnet`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub piece: Option<String>,
}

/// One thing an action did. Cells are named as the board JSON names them;
/// `path` lists every cell a piece stood on, its start first and its end
/// last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EffectState {
    /// A piece came onto the board from outside it (a stone dropped, a
    /// magnet put down).
    Place {
        at: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// A piece moved by its player's choice, along `path`.
    Move {
        from: String,
        to: String,
        path: Vec<String>,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// A piece entered through its home, along `path` (the home first).
    Enter {
        to: String,
        path: Vec<String>,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// A piece pushed away.
    Push {
        from: String,
        to: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// A piece pulled closer.
    Pull {
        from: String,
        to: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// The piece on `at` was captured.
    Capture {
        at: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// The moving piece, on `at`, was destroyed by the trap it captured.
    Trapped {
        at: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// The piece on `at` gained a rank.
    Promote { at: String, rank: u8 },
    /// The piece on `at` was taken off the board (a penalty).
    Remove {
        at: String,
        #[serde(flatten)]
        piece: PieceState,
    },
    /// The line that won the game.
    Line { cells: Vec<String>, side: String },
    /// The vacant cells a colour claimed at the end (Magma's territory).
    Claim { cells: Vec<String>, side: String },
}

impl From<PieceInfo> for PieceState {
    fn from(p: PieceInfo) -> PieceState {
        PieceState {
            side: p.side,
            piece: p.kind,
        }
    }
}

impl From<&Effect> for EffectState {
    /// The variant of the same name with the same fields, each as it is
    /// but the piece, in its wire shape.
    fn from(effect: &Effect) -> EffectState {
        macro_rules! same_fields {
            ($($variant:ident { $($field:ident),* }),* $(,)?) => {
                match effect {
                    $(Effect::$variant { $($field),* } => EffectState::$variant {
                        $($field: $field.clone().into()),*
                    },)*
                }
            };
        }
        same_fields!(
            Place { at, piece },
            Move {
                from,
                to,
                path,
                piece
            },
            Enter { to, path, piece },
            Push { from, to, piece },
            Pull { from, to, piece },
            Capture { at, piece },
            Trapped { at, piece },
            Promote { at, rank },
            Remove { at, piece },
            Line { cells, side },
            Claim { cells, side },
        )
    }
}

/// What the seat to act risks with an offered action, when another offered
/// action would not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RiskState {
    /// It ends the game at once, and the seat does not win.
    Loses,
    /// After it, an opponent has an action that wins at once.
    AllowsWin,
}

impl From<Risk> for RiskState {
    fn from(risk: Risk) -> RiskState {
        match risk {
            Risk::Loses => RiskState::Loses,
            Risk::AllowsWin => RiskState::AllowsWin,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An effect keeps its name and its fields; its piece's side and kind
    /// are `side` and `piece` on the wire.
    #[test]
    fn an_effect_keeps_its_fields_and_tells_its_piece() {
        let cells = |c: &[&str]| c.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let moved = Effect::Move {
            from: "a5".into(),
            to: "b5".into(),
            path: cells(&["a5", "b5"]),
            piece: PieceInfo::kind("red", "T2"),
        };
        let piece = PieceState {
            side: Some("red".into()),
            piece: Some("T2".into()),
        };
        assert_eq!(
            EffectState::from(&moved),
            EffectState::Move {
                from: "a5".into(),
                to: "b5".into(),
                path: cells(&["a5", "b5"]),
                piece,
            }
        );
        let promoted = Effect::Promote {
            at: "b5".into(),
            rank: 2,
        };
        assert_eq!(
            EffectState::from(&promoted),
            EffectState::Promote {
                at: "b5".into(),
                rank: 2
            }
        );
        let line = Effect::Line {
            cells: cells(&["c3", "c4"]),
            side: "white".into(),
        };
        assert_eq!(
            EffectState::from(&line),
            EffectState::Line {
                cells: cells(&["c3", "c4"]),
                side: "white".into(),
            }
        );
    }
}
