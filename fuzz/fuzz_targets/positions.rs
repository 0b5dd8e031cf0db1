//! Fuzz target: any text as a position of each game. Reading never panics;
//! a position that reads prints as text that reads back to the same text
//! (the round trip of NOTATION.md), and its legal actions can be listed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lodestone_rules::{AnyGame, GameKind};

fuzz_target!(|input: (u8, &str)| {
    let (game, text) = input;
    let kind = GameKind::ALL[game as usize % GameKind::ALL.len()];
    let no_options: [(&str, &str); 0] = [];
    let Ok(game) = AnyGame::from_position(kind, &no_options, text) else {
        return;
    };
    let printed = game.position_string();
    let again = AnyGame::from_position(kind, &no_options, &printed)
        .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
    assert_eq!(again.position_string(), printed);
    for seat in game.to_act().iter() {
        let _ = game.legal_actions(seat);
    }
});
