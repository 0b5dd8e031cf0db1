//! What the last action did (`play.last`, docs/protocol.md "Effects"), for
//! the board's highlight and a line of words in the side panel. Only what
//! the server tells this viewer: a hidden piece's kind never appears here.

use std::collections::BTreeSet;

use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{EffectState, PieceState};

use super::words::color_word;

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
fn piece(words: &Words, p: &PieceState) -> String {
    let kind = |kind: &str| match kind {
        "magnet" => words.get("piece-magnet"),
        // Magnet's kinds (`K`, `T2`…) are notation.
        _ => kind.to_string(),
    };
    match (&p.side, &p.piece) {
        (Some(side), Some(k)) => words.with(
            "piece-of",
            &[("side", color_word(words, side).into()), ("kind", kind(k).into())],
        ),
        (Some(side), None) => color_word(words, side),
        (None, Some(k)) => kind(k),
        (None, None) => words.get("piece-unknown"),
    }
}

/// The effects in words, one phrase each.
pub fn describe(words: &Words, effects: &[EffectState]) -> Vec<String> {
    let say = |id: &'static str, piece_state: &PieceState, args: &[(&'static str, String)]| {
        let mut all: Vec<(&'static str, FluentValue)> = vec![("piece", piece(words, piece_state).into())];
        all.extend(args.iter().map(|(k, v)| (*k, FluentValue::from(v.clone()))));
        words.with(id, &all)
    };
    effects
        .iter()
        .map(|effect| match effect {
            EffectState::Place { at, piece: p } => say("effect-place", p, &[("at", at.clone())]),
            EffectState::Move { path, piece: p, .. } => say("effect-move", p, &[("path", path.join("→"))]),
            EffectState::Enter { path, piece: p, .. } => say("effect-enter", p, &[("path", path.join("→"))]),
            EffectState::Push { from, to, piece: p } => {
                say("effect-push", p, &[("path", format!("{from}→{to}"))])
            }
            EffectState::Pull { from, to, piece: p } => {
                say("effect-pull", p, &[("path", format!("{from}→{to}"))])
            }
            EffectState::Capture { at, piece: p } => say("effect-capture", p, &[("at", at.clone())]),
            EffectState::Trapped { at, piece: p } => say("effect-trapped", p, &[("at", at.clone())]),
            EffectState::Promote { at, rank } => words.with(
                "effect-promote",
                &[("at", at.clone().into()), ("rank", (*rank).into())],
            ),
            EffectState::Remove { at, piece: p } => say("effect-remove", p, &[("at", at.clone())]),
            EffectState::Line { cells, side } => words.with(
                "effect-line",
                &[
                    ("side", color_word(words, side).into()),
                    ("cells", cells.join(" ").into()),
                ],
            ),
            EffectState::Claim { cells, side } => words.with(
                "effect-claim",
                &[
                    ("side", color_word(words, side).into()),
                    ("count", cells.len().into()),
                ],
            ),
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
            describe(&Words::english(), &effects),
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
            describe(&Words::english(), &effects),
            ["blue A5→B5", "red T2 captured on B5", "B5 promoted to rank 2"]
        );
        assert_eq!(
            describe(&Words::for_tag("fr"), &effects),
            ["bleu A5→B5", "rouge T2 pris en B5", "B5 promu au rang 2"]
        );
        // A count chooses the words by its plural.
        let claims: Vec<EffectState> = serde_json::from_str(
            r#"[{"kind": "claim", "cells": ["a1"], "side": "red"},
                {"kind": "claim", "cells": ["a2", "a3"], "side": "blue"}]"#,
        )
        .unwrap();
        assert_eq!(
            describe(&Words::english(), &claims),
            ["red reaches 1 empty cell", "blue reaches 2 empty cells"]
        );
        assert_eq!(
            describe(&Words::for_tag("de"), &claims),
            ["Rot erreicht 1 leeres Feld", "Blau erreicht 2 leere Felder"]
        );
    }
}
