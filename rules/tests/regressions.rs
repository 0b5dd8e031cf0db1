//! Regression tests named after the issue that found them. Records live in
//! `tests/records/` (the CLI's golden tests replay them too).

use std::path::Path;

use lodestone_rules::magnet::{Magnet, Options};
use lodestone_rules::{AnyGame, Game, GameKind, Millis, Outcome, Record, Seat};

fn record(path: &str) -> Record {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/records")
        .join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Record::parse(&text).unwrap()
}

/// Issue 18, item 1: drops on B7 and H7 leave the same stones, but H7
/// completes a line (its effect displaces a stone of white's four). Perft counts them as two children.
#[test]
fn issue_18_a_drop_that_wins_is_its_own_perft_child() {
    let game = record("magneton/valid/drop-that-wins-is-its-own-child.txt")
        .replay()
        .unwrap();
    assert_eq!(game.perft(1), Ok(44));
    let after = |text: &str| {
        let mut g = game.clone();
        g.play(Seat(0), text, Millis(0)).unwrap();
        g
    };
    let (b7, h7) = (after("B7"), after("H7"));
    assert_eq!(b7.position_string(), h7.position_string());
    assert_eq!(b7.outcome(), None);
    assert!(
        matches!(h7.outcome(), Some(Outcome::Win { .. })),
        "{:?}",
        h7.outcome()
    );
}

/// Issue 18, item 2: Magnet's repetition key leaves out the opening turn,
/// so the start of play is the first occurrence and the game is drawn
/// after action 10.
#[test]
fn issue_18_magnet_repetition_counts_the_start_of_play() {
    let rec = record("magnet/valid/repetition-counts-the-start.txt");
    assert_eq!(rec.actions.len(), 10);
    let game = rec.replay().unwrap();
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Draw {
            reason: "threefold repetition".into()
        })
    );
    // One action earlier the game is still on.
    let mut shorter = rec.clone();
    shorter.actions.pop();
    assert_eq!(shorter.replay().unwrap().outcome(), None);
}

/// Issue 18, item 4: NOTATION.md tolerates extra spaces, in every game's
/// actions.
#[test]
fn issue_18_every_notation_tolerates_extra_spaces() {
    /// A game, its options, an action with extra spaces, its canonical text.
    type Case = (
        GameKind,
        &'static [(&'static str, &'static str)],
        &'static str,
        &'static str,
    );
    let cases: [Case; 9] = [
        (GameKind::Magneton, &[], "  d4  ", "D4"),
        (GameKind::Magneton, &[], " PASS ", "pass"),
        (GameKind::Magnetism, &[], "  magnet   g4 ", "magnet g4"),
        (GameKind::Magma, &[("timer", "hot")], " remove   e4 ", "remove e4"),
        (GameKind::Magma, &[], " enter  d1 - e1 ", "enter d1-e1"),
        (GameKind::Magma, &[], " end ? ", "end?"),
        (
            GameKind::Magnet,
            &[],
            " F6   E5 , G6  +  F6 , G5 ",
            "F6 E5,G6 +F6,G5",
        ),
        (
            GameKind::Magnet,
            &[],
            "setup B1 : 4 C1 :3 D1: 2 E1:2 G1:4 H1:T3 I1:3 J1:3 K2:4 K3:T2 K4:2 K5 :  K",
            "setup B1:4 C1:3 D1:2 E1:2 G1:4 H1:T3 I1:3 J1:3 K2:4 K3:T2 K4:2 K5:K",
        ),
        (GameKind::Magma, &[], "e3 -  e5", "e3-e5"),
    ];
    for (kind, options, text, canonical) in cases {
        let game = AnyGame::new(kind, options).unwrap();
        let action = game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{kind} {text:?}: {e}"));
        assert_eq!(action.to_string(), canonical, "{kind} {text:?}");
    }
    // Magnetism's move, with spaces everywhere (read against the game).
    let game = AnyGame::new(GameKind::Magnetism, &[] as &[(&str, &str)]).unwrap();
    let action = game.parse_action(" ( f5 )  j1 - g4 ").unwrap();
    assert_eq!(action.to_string(), "(f5) j1-g4");
    // And a setup with spaces is played like the canonical one.
    let mut magnet = Magnet::new(Options::default());
    let spaced = magnet
        .parse_action("setup A2 : K A3 : 2 A4:T2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3 J7 : 4")
        .unwrap();
    magnet.apply(Seat(0), &spaced, Millis(0)).unwrap();
    // The position format too.
    let text = magnet.position().to_string().replace(':', " : ");
    assert_eq!(
        Magnet::parse_position(Options::default(), &text).map(|g| g.position().clone()),
        Ok(magnet.position().clone())
    );
}

/// Issue 18, item 8: Magma's `timeout` is the server's action: legal (a
/// record holding it replays) but never offered to a player.
#[test]
fn issue_18_timeout_is_the_servers_action_and_never_offered() {
    use lodestone_rules::magma::{Action as MagmaAction, Magma};

    for timer in ["hot", "white-hot"] {
        let game = AnyGame::new(GameKind::Magma, &[("timer", timer)]).unwrap();
        let timeout = game.parse_action("timeout").unwrap();
        assert!(game.is_server_action(&timeout));
        assert!(game.legal_actions(Seat(0)).contains(&timeout), "{timer}");
        assert!(
            game.offers(Seat(0)).iter().all(|(a, _)| a != "timeout"),
            "{timer}: {:?}",
            game.offers(Seat(0))
        );
        assert!(game.clone().play(Seat(0), "timeout", Millis(0)).is_ok());
        let pass = game.parse_action("pass").unwrap();
        assert!(!game.is_server_action(&pass));
    }
    let untimed = Magma::new(Default::default());
    assert!(untimed.is_server_action(&MagmaAction::Timeout));
    assert!(!untimed.legal_actions(Seat(0)).contains(&MagmaAction::Timeout));
}

/// Issue 18, item 3: every promotion the rules accept is offered, and
/// nothing else. Found on the code before the fix: after this record the
/// turn `F1` was offered with promotions `E1` and `F1` only, yet
/// `F1 +F2` was accepted.
#[test]
fn issue_18_every_accepted_promotion_is_offered() {
    let text = "[Game \"magnet\"]
setup A2:T2 A3:K A4:2 A5:2 B7:3 C8:2 D9:4 E10:T3 G10:4 H9:3 I8:3 J7:4
setup B1:4 C1:4 D1:2 E1:4 G1:T3 H1:3 I1:2 J1:2 K2:3 K3:T2 K4:3 K5:K
K2 +C7
E3 +E2
C4 +B4,C5
G1
E7 +H8
";
    let game = Record::parse(text).unwrap().replay().unwrap();
    let seat = game.to_act().first_seat().expect("someone is to act");
    let offers = game.offers(seat);
    let (_, offered) = offers
        .iter()
        .find(|(action, _)| action == "F1")
        .expect("the turn F1 is offered");
    let mut accepted: Vec<String> = Vec::new();
    for file in 'A'..='K' {
        for rank in 1..=11 {
            let vertex = format!("{file}{rank}");
            let mut g = game.clone();
            if g.play(seat, &format!("F1 +{vertex}"), Millis(0)).is_ok() {
                accepted.push(vertex);
            }
        }
    }
    let mut offered = offered.clone();
    offered.sort();
    accepted.sort();
    assert!(accepted.contains(&"F2".to_string()), "{accepted:?}");
    assert_eq!(offered, accepted);
}
