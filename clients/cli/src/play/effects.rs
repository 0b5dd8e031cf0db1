//! What the last action did (`play.last`, docs/protocol.md "Effects"), for
//! the board's highlight and a line of words in the side panel. Only what
//! the server tells this viewer: a hidden piece's kind never appears here.

use std::collections::BTreeSet;

use lodestone_protocol::{EffectState, PieceState};

/// Every cell the effects touch.
pub fn cells(effects: &[EffectState]) -> BTreeSet<String> {
    let mut cells = BTreeSet::new();
    for effect in effects {
        match effect {
            EffectState::Place { at, .. }
            | EffectState::Capture { at, .. }
            | EffectState::Trapped { at, .. }
            | EffectState::Promote { at, .. }
            | EffectState::Remove { at, .. } => {
                cells.insert(at.clone());
            }
            EffectState::Move { path, .. } | EffectState::Enter { path, .. } => {
                cells.extend(path.iter().cloned())
            }
            EffectState::Push { from, to, .. } | EffectState::Pull { from, to, .. } => {
                cells.insert(from.clone());
                cells.insert(to.clone());
            }
            EffectState::Line { cells: line, .. } => cells.extend(line.iter().cloned()),
            // A territory is the whole end of a Magma game: not a highlight.
            EffectState::Claim { .. } => {}
        }
    }
    cells
}

/// A piece as far as the viewer knows it: `white`, `red K`, `magnet`.
fn piece(p: &PieceState) -> String {
    match (&p.side, &p.piece) {
        (Some(side), Some(kind)) => format!("{side} {kind}"),
        (Some(side), None) => side.clone(),
        (None, Some(kind)) => kind.clone(),
        (None, None) => "a piece".to_string(),
    }
}

/// The effects in words, one phrase each.
pub fn describe(effects: &[EffectState]) -> Vec<String> {
    effects
        .iter()
        .map(|effect| match effect {
            EffectState::Place { at, piece: p } => format!("{} placed on {at}", piece(p)),
            EffectState::Move { path, piece: p, .. } => format!("{} {}", piece(p), path.join("→")),
            EffectState::Enter { path, piece: p, .. } => format!("{} entered {}", piece(p), path.join("→")),
            EffectState::Push { from, to, piece: p } => format!("{} pushed {from}→{to}", piece(p)),
            EffectState::Pull { from, to, piece: p } => format!("{} pulled {from}→{to}", piece(p)),
            EffectState::Capture { at, piece: p } => format!("{} captured on {at}", piece(p)),
            EffectState::Trapped { at, piece: p } => format!("{} destroyed by a trap on {at}", piece(p)),
            EffectState::Promote { at, rank } => format!("{at} promoted to rank {rank}"),
            EffectState::Remove { at, piece: p } => format!("{} removed from {at}", piece(p)),
            EffectState::Line { cells, side } => format!("{side}'s line {}", cells.join(" ")),
            EffectState::Claim { cells, side } => format!("{side} reaches {} empty cells", cells.len()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winning_drop_of_the_protocol_example() {
        // Black's C3 pulls two white stones into white's line.
        let effects: Vec<EffectState> = serde_json::from_str(
            r#"[{"kind": "place", "at": "C3", "side": "black"},
                {"kind": "pull", "from": "C6", "to": "C4", "side": "white"},
                {"kind": "pull", "from": "H3", "to": "D3", "side": "white"},
                {"kind": "line", "cells": ["F1", "E2", "D3", "C4"], "side": "white"}]"#,
        )
        .unwrap();
        let touched: Vec<String> = cells(&effects).into_iter().collect();
        assert_eq!(touched, ["C3", "C4", "C6", "D3", "E2", "F1", "H3"]);
        assert_eq!(
            describe(&effects),
            [
                "black placed on C3",
                "white pulled C6→C4",
                "white pulled H3→D3",
                "white's line F1 E2 D3 C4"
            ]
        );
    }

    #[test]
    fn a_hidden_kind_is_not_named() {
        let effects: Vec<EffectState> = serde_json::from_str(
            r#"[{"kind": "move", "from": "A5", "to": "B5", "path": ["A5", "B5"], "side": "blue"},
                {"kind": "capture", "at": "B5", "side": "red", "piece": "T2"},
                {"kind": "promote", "at": "B5", "rank": 2}]"#,
        )
        .unwrap();
        assert_eq!(
            describe(&effects),
            ["blue A5→B5", "red T2 captured on B5", "B5 promoted to rank 2"]
        );
    }
}
