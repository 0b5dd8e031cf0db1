//! Fuzz target: any text as an action of each game, in a new game and after
//! a few legal moves chosen by the input. Parsing and applying never panic;
//! an action that parses prints as text that parses to the same action.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lodestone_rules::{AnyGame, GameKind, Millis};

fuzz_target!(|input: (u8, Vec<u8>, &str)| {
    let (game, path, text) = input;
    let kind = GameKind::ALL[game as usize % GameKind::ALL.len()];
    let no_options: [(&str, &str); 0] = [];
    let mut game = AnyGame::new(kind, &no_options).expect("default options");
    // Walk a few moves in, so parsers see later phases too.
    for (ply, choice) in path.iter().take(16).enumerate() {
        let Some(seat) = game.to_act().iter().next() else {
            break;
        };
        // The offers, not every legal action: Magnet's secret setup alone
        // has millions (and offers nothing: the client composes it).
        let offers = game.offers(seat);
        if offers.is_empty() {
            break;
        }
        let offered = &offers[*choice as usize % offers.len()].0;
        let action = game.parse_action(offered).expect("an offered action parses");
        game.apply(seat, &action, Millis(ply as u64 * 1000))
            .expect("an offered action applies");
    }
    if let Ok(action) = game.parse_action(text) {
        let printed = action.to_string();
        let again = game.parse_action(&printed).expect("a printed action parses");
        assert_eq!(again.to_string(), printed);
        for seat in game.to_act().iter() {
            let mut copy = game.clone();
            let _ = copy.apply(seat, &action, Millis(1_000_000));
        }
    }
});
