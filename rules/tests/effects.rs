//! Effects of an action: what each game tells each viewer, on the seed's
//! and the issues' records; that keeping events never changes play; that
//! no viewer is told a secret (indistinguishability: permuting what a
//! viewer may not know leaves its effects unchanged); and the risks the
//! rules warn a seat of.

use std::path::Path;

// The risk oracle the suites share; this one needs only its general form.
#[allow(dead_code)]
mod common;

use lodestone_rules::magnet::{self, Magnet};
use lodestone_rules::magnetism::{self, Magnetism};
use lodestone_rules::{AnyGame, Effect, Game, GameKind, Millis, PieceInfo, Record, Risk, Seat, Viewer};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn record(path: &str) -> Record {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/records")
        .join(path);
    Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Plays a record's actions, keeping the events of each; returns the game
/// before the last `last` actions and those actions' texts.
fn replay_until(rec: &Record, last: usize) -> (AnyGame, Vec<String>) {
    let mut game = AnyGame::new(rec.game, &rec.options().unwrap()).unwrap();
    let stop = rec.actions.len() - last;
    for a in &rec.actions[..stop] {
        let seat = game.to_act().first_seat().unwrap();
        game.play(seat, &a.text, Millis(0)).unwrap();
    }
    (game, rec.actions[stop..].iter().map(|a| a.text.clone()).collect())
}

/// Plays `text` for the seat to act; returns the actor and what each
/// viewer (red/white, blue/black, spectator, referee) is told.
fn told(game: &mut AnyGame, text: &str) -> (Seat, [Vec<Effect>; 4]) {
    let seat = game.to_act().first_seat().unwrap();
    let action = game.parse_action(text).unwrap();
    let events = game.apply_with_events(seat, &action, Millis(0)).unwrap();
    let viewers = [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
        Viewer::Referee,
    ];
    (seat, viewers.map(|v| game.effects(seat, &events, v)))
}

fn piece(side: &str) -> PieceInfo {
    PieceInfo::of(side)
}

fn cells(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|s| s.to_string()).collect()
}

#[test]
fn magneton_tells_the_drop_the_push_and_the_winning_line() {
    // Issue 18's record, then white's H7: it pushes C7 to B7 and makes
    // B5-B8, a line of four.
    let (mut game, _) = replay_until(&record("magneton/valid/drop-that-wins-is-its-own-child.txt"), 0);
    let (_, [white, black, spectator, referee]) = told(&mut game, "H7");
    assert_eq!(
        white,
        vec![
            Effect::Place {
                at: "H7".into(),
                piece: piece("white")
            },
            Effect::Push {
                from: "C7".into(),
                to: "B7".into(),
                piece: piece("white")
            },
            Effect::Line {
                cells: cells(&["B5", "B6", "B7", "B8"]),
                side: "white".into()
            },
        ]
    );
    assert!(black == white && spectator == white && referee == white);
}

#[test]
fn magneton_tells_pulls_and_the_path_of_a_move() {
    let (mut game, _) = replay_until(&record("magneton/valid/drop-that-wins-is-its-own-child.txt"), 2);
    let (_, [effects, ..]) = told(&mut game, "A3");
    assert_eq!(
        effects,
        vec![
            Effect::Place {
                at: "A3".into(),
                piece: piece("white")
            },
            Effect::Pull {
                from: "E3".into(),
                to: "B3".into(),
                piece: piece("black")
            },
        ]
    );
    // A move in the move phase: its path runs square by square.
    let mut game = AnyGame::from_position(
        GameKind::Magneton,
        &[] as &[(&str, &str)],
        "8/W1BB2W1/3W4/8/1B1W4/4B1B1/2W5/6B1 w 0 0",
    )
    .unwrap();
    let seat = Seat(0);
    let moves = game.legal_actions(seat);
    let long = moves
        .iter()
        .find(|a| {
            let t = a.to_string();
            let (f, to) = t.split_once('-').unwrap();
            f.as_bytes()[1].abs_diff(to.as_bytes()[1]) >= 2 || f.as_bytes()[0].abs_diff(to.as_bytes()[0]) >= 2
        })
        .expect("a move of two squares or more")
        .to_string();
    let (_, [effects, ..]) = told(&mut game, &long);
    let Effect::Move { from, to, path, .. } = &effects[0] else {
        panic!("{effects:?}")
    };
    assert_eq!(format!("{from}-{to}"), long);
    assert!(
        path.len() >= 3 && path.first() == Some(from) && path.last() == Some(to),
        "{path:?}"
    );
}

#[test]
fn magnetism_keeps_a_magnet_secret_until_both_are_down() {
    // The seed's game (tests/records/magnetism/valid/seed-partial-game.txt).
    let mut game = AnyGame::new(GameKind::Magnetism, &[] as &[(&str, &str)]).unwrap();
    let (_, [white, black, spectator, referee]) = told(&mut game, "magnet g4");
    let placed = |side: &str, at: &str| Effect::Place {
        at: at.into(),
        piece: PieceInfo::kind(side, "magnet"),
    };
    assert_eq!(white, vec![placed("white", "g4")]);
    assert_eq!(referee, white);
    assert_eq!(black, vec![], "black must not learn white's square");
    assert_eq!(spectator, vec![]);
    let (_, [white, black, spectator, _]) = told(&mut game, "magnet d5");
    let both = vec![placed("black", "d5"), placed("white", "g4")];
    assert!(
        white == both && black == both && spectator == both,
        "{white:?} {black:?}"
    );
    let (_, [effects, ..]) = told(&mut game, "(f5) j1-g4");
    assert_eq!(
        effects,
        vec![
            Effect::Move {
                from: "g4".into(),
                to: "f5".into(),
                path: cells(&["g4", "f5"]),
                piece: PieceInfo::kind("white", "magnet")
            },
            Effect::Pull {
                from: "j1".into(),
                to: "g4".into(),
                piece: piece("white")
            },
        ]
    );
}

#[test]
fn magma_tells_entries_moves_and_the_territory_at_the_end() {
    let (mut game, rest) = replay_until(&record("magma/valid/two-players-all-pass.txt"), 7);
    let (_, [effects, ..]) = told(&mut game, &rest[0]); // enter j1-j2-h1, written out
    assert_eq!(
        effects,
        vec![Effect::Enter {
            to: "h1".into(),
            path: cells(&["j1", "j2", "h1"]),
            piece: piece("blue")
        }]
    );
    for text in &rest[1..6] {
        told(&mut game, text);
    }
    let (_, [effects, ..]) = told(&mut game, &rest[6]); // the last pass
    let sides: Vec<&str> = effects
        .iter()
        .map(|e| match e {
            Effect::Claim { side, cells } => {
                assert!(!cells.is_empty());
                side.as_str()
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sides, ["red", "blue"]);
}

#[test]
fn magnet_tells_a_trap_victims_kind_only_to_its_owner() {
    for (file, revealed) in [
        ("magnet/valid/trap-victim-stays-secret.txt", false),
        ("magnet/valid/trap-victims-revealed.txt", true),
    ] {
        let rec = record(file);
        let mut game = AnyGame::new(rec.game, &rec.options().unwrap()).unwrap();
        let mut found = false;
        for a in &rec.actions {
            let (seat, [red, blue, spectator, referee]) = told(&mut game, &a.text);
            let trapped = |effects: &[Effect]| {
                effects.iter().find_map(|e| match e {
                    Effect::Trapped { piece, .. } => Some(piece.clone()),
                    _ => None,
                })
            };
            let Some(victim) = trapped(&referee) else { continue };
            if game.outcome().is_some() {
                continue;
            }
            found = true;
            let owner_view = if seat == Seat(0) { &red } else { &blue };
            let other_view = if seat == Seat(0) { &blue } else { &red };
            assert!(victim.kind.is_some());
            assert_eq!(trapped(owner_view), Some(victim.clone()));
            let hidden = PieceInfo {
                kind: None,
                ..victim.clone()
            };
            let expected = if revealed { victim.clone() } else { hidden };
            assert_eq!(trapped(other_view), Some(expected.clone()), "{file}: {}", a.text);
            assert_eq!(trapped(&spectator), Some(expected), "{file}: {}", a.text);
            // The trap it captured is revealed to everyone.
            for effects in [&red, &blue, &spectator] {
                assert!(effects.iter().any(|e| matches!(e, Effect::Capture { piece, .. } if piece.kind.as_deref().is_some_and(|k| k.starts_with('T')))));
            }
        }
        assert!(found, "{file} has no trap victim before the end");
    }
}

/// Every game, random play: keeping events plays exactly like `apply`;
/// games that hide nothing tell every viewer the same; paths are whole.
#[test]
fn keeping_events_never_changes_play() {
    for (kind, options) in [
        (GameKind::Magneton, vec![]),
        (GameKind::Magneton, vec![("move-rule", "per-ray")]),
        (GameKind::Magnetism, vec![]),
        (GameKind::Magnet, vec![("setup", "random")]),
        (GameKind::Magma, vec![("players", "3")]),
        (GameKind::Magma, vec![("players", "6"), ("timer", "hot")]),
    ] {
        for seed in 0..4u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = AnyGame::new(kind, &options).unwrap();
            for (seat, action) in game.chance_actions(&mut rng) {
                game.apply(seat, &action, Millis(0)).unwrap();
            }
            for _ in 0..150 {
                let Some(seat) = game.to_act().first_seat() else {
                    break;
                };
                let legal = game.legal_actions(seat);
                let action = &legal[rng.random_range(0..legal.len())];
                let mut plain = game.clone();
                plain.apply(seat, action, Millis(0)).unwrap();
                let events = game.apply_with_events(seat, action, Millis(0)).unwrap();
                assert_eq!(game.position_string(), plain.position_string(), "{kind} {action}");
                assert_eq!(game.outcome(), plain.outcome());
                let referee = game.effects(seat, &events, Viewer::Referee);
                for v in (0..game.seat_count() as u8)
                    .map(|s| Viewer::Seat(Seat(s)))
                    .chain([Viewer::Spectator])
                {
                    let told = game.effects(seat, &events, v);
                    if !game.views_differ() {
                        assert_eq!(told, referee, "{kind} {action} {v:?}");
                    }
                }
                for e in &referee {
                    match e {
                        Effect::Move { from, to, path, .. } => assert!(
                            path.len() >= 2 && path.first() == Some(from) && path.last() == Some(to),
                            "{kind} {action}: {e:?}"
                        ),
                        Effect::Enter { to, path, .. } => {
                            assert!(
                                !path.is_empty() && path.last() == Some(to),
                                "{kind} {action}: {e:?}"
                            )
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

/// The referee's position text of a Magnet game with the kinds of the
/// pieces on `a` and `b` (both of one side) swapped.
fn swap_kinds(text: &str, a: &str, b: &str) -> String {
    let kind_of = |v: &str| {
        text.split_whitespace()
            .find_map(|t| t.strip_prefix(&format!("{v}:")))
            .map(|rest| rest.split('^').next().unwrap().to_string())
            .unwrap()
    };
    let (ka, kb) = (kind_of(a), kind_of(b));
    text.split(' ')
        .map(|t| {
            if let Some(rest) = t.strip_prefix(&format!("{a}:")) {
                format!("{a}:{}", rest.replacen(&ka, &kb, 1))
            } else if let Some(rest) = t.strip_prefix(&format!("{b}:")) {
                format!("{b}:{}", rest.replacen(&kb, &ka, 1))
            } else {
                t.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A Magnet game after both (dealt) setups and `plies` random turns.
fn magnet_game(seed: u64, plies: usize) -> Magnet {
    let mut rng = SmallRng::seed_from_u64(seed);
    let options = magnet::Options::default();
    let mut game = Magnet::new(options);
    for color in magnet::Color::BOTH {
        let setup = magnet::Setup::random(color, &mut rng);
        game.apply(color.seat(), &magnet::Action::Setup(setup), Millis(0))
            .unwrap();
    }
    for _ in 0..plies {
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        let offers = game.offers(seat);
        let offer = &offers[rng.random_range(0..offers.len())];
        game.apply(seat, &offer.action, Millis(0)).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Indistinguishability for Magnet: the opponent and spectators are
    /// told exactly the same when the mover's hidden kinds are permuted
    /// (while the game goes on; once it is over, everything is shown).
    #[test]
    fn magnet_effects_hide_the_movers_kinds(seed: u64, plies in 0usize..80, pick: u64, swaps in prop::collection::vec((0usize..12, 0usize..12), 1..4), promote: bool) {
        let game = magnet_game(seed, plies);
        prop_assume!(game.outcome().is_none());
        let mover = game.position().side();
        let options = *game.options();
        let text = game.position().to_string();
        let a = Magnet::parse_position(options, &text).unwrap();
        // Swap kinds between the mover's pieces where both ranks still fit.
        let own: Vec<(magnet::Vertex, magnet::Piece)> = game.position().pieces(mover).collect();
        let mut swapped = text.clone();
        let mut current = a.clone();
        for (i, j) in swaps {
            let (Some(&(va, _)), Some(&(vb, _))) = (own.get(i % own.len()), own.get(j % own.len())) else { continue };
            let (pa, pb) = (current.position().at(va).unwrap(), current.position().at(vb).unwrap());
            if va == vb || pa.rank > pb.kind.value() || pb.rank > pa.kind.value() {
                continue;
            }
            swapped = swap_kinds(&swapped, &va.to_string(), &vb.to_string());
            current = Magnet::parse_position(options, &swapped).unwrap();
        }
        let b = current;
        prop_assume!(b.outcome().is_none());
        let offers = a.offers(mover.seat());
        let offer = &offers[(pick % offers.len() as u64) as usize];
        let mut text = offer.action.to_string();
        if promote && !offer.extras.is_empty() {
            text = format!("{text} +{}", offer.extras.join(","));
        }
        let action = a.parse_action(&text).unwrap();
        let (mut a, mut b) = (a, b);
        let (Ok(ea), Ok(eb)) = (a.apply_with_events(mover.seat(), &action, Millis(0)), b.apply_with_events(mover.seat(), &action, Millis(0))) else {
            // A promotion one arrangement allows and the other not: the
            // mover's own knowledge, never shown to anyone else.
            return Ok(());
        };
        prop_assume!(a.outcome().is_none() && b.outcome().is_none());
        for viewer in [Viewer::Seat(mover.other().seat()), Viewer::Spectator] {
            prop_assert_eq!(a.view(viewer).to_string(), b.view(viewer).to_string());
            prop_assert_eq!(a.effects(mover.seat(), &ea, viewer), b.effects(mover.seat(), &eb, viewer), "{:?} told apart: {}", viewer, text);
        }
    }

    /// Indistinguishability for Magnetism's secret opening: black and
    /// spectators are told the same whichever square white chose.
    #[test]
    fn magnetism_effects_hide_the_secret_magnet(first in 0usize..36, second in 0usize..36, black_first: bool) {
        let zone: Vec<String> = (2..=4).flat_map(|r| "abcdefghijkl".chars().map(move |f| format!("magnet {f}{r}"))).collect();
        let (secret, viewers) = if black_first {
            (Seat(1), [Viewer::Seat(Seat(0)), Viewer::Spectator])
        } else {
            (Seat(0), [Viewer::Seat(Seat(1)), Viewer::Spectator])
        };
        let text = |i: usize| if black_first { zone[i].replace('2', "7").replace('3', "6").replace('4', "5") } else { zone[i].clone() };
        let mut told = Vec::new();
        for i in [first, second] {
            let mut game = Magnetism::new(magnetism::Options::default());
            let action = game.parse_action(&text(i)).unwrap();
            let events = game.apply_with_events(secret, &action, Millis(0)).unwrap();
            told.push(viewers.map(|v| (game.effects(secret, &events, v), game.view(v).to_string())));
        }
        prop_assert_eq!(&told[0], &told[1]);
        prop_assert!(told[0].iter().all(|(effects, _)| effects.is_empty()));
    }
}

#[test]
fn risks_name_a_losing_pass_and_a_drop_that_lets_the_opponent_win() {
    // Magma, two players, red ahead: if blue passes after red's pass the
    // game ends with red the winner, so blue's pass loses at once; and
    // proposing the end lets red accept it and win.
    let (mut game, _) = replay_until(&record("magma/valid/two-players-all-pass.txt"), 1);
    let risks = game.risks(Seat(1), Millis(0));
    assert_eq!(
        risks,
        vec![
            ("pass".to_string(), Risk::Loses),
            ("end?".to_string(), Risk::AllowsWin)
        ]
    );
    game.play(Seat(1), "pass", Millis(0)).unwrap();
    assert!(game.outcome().is_some());

    // Magneton, issue 18's record with black to move after white's A3
    // pulled E3: white threatens H7 (B5-B8). Black's drops that leave the
    // threat allow the win; at least one drop avoids it.
    let (game, _) = replay_until(&record("magneton/valid/drop-that-wins-is-its-own-child.txt"), 1);
    let risks = game.risks(Seat(1), Millis(0));
    let offers = game.offers(Seat(1));
    assert!(!risks.is_empty());
    assert!(risks.len() < offers.len());
    for (action, risk) in &risks {
        assert_eq!(*risk, Risk::AllowsWin, "{action}");
        let mut after = game.clone();
        after.play(Seat(1), action, Millis(0)).unwrap();
        let wins = after.offers(Seat(0)).into_iter().any(|(reply, _)| {
            let mut g = after.clone();
            g.play(Seat(0), &reply, Millis(0)).unwrap();
            matches!(g.outcome(), Some(lodestone_rules::Outcome::Win { winners, .. }) if winners.contains(Seat(0)))
        });
        assert!(wins, "{action} was said to allow a win");
    }
    // The seat not to move has no risks to be told.
    assert!(game.risks(Seat(0), Millis(0)).is_empty());
}

#[test]
fn magnet_risks_name_turns_that_leave_the_king_to_be_captured() {
    // Red: King on F1 and a 4 on A2; blue: a 3 of rank 2 on F3 (two steps
    // up F1's column) and its King far away. Moving the King to E1 or G1
    // takes it off every line of F3; anything else lets blue's magnet on
    // F1 draw F3 onto the King.
    let text = "A2:4 F1:K x:2 x:2 x:2 x:T2 x:3 x:3 x:3 x:T3 x:4 x:4 \
                | F3:3^2 K6:K x:2 x:2 x:2 x:T2 x:3 x:3 x:T3 x:4 x:4 x:4 | red";
    let game = AnyGame::from_position(GameKind::Magnet, &[] as &[(&str, &str)], text).unwrap();
    let offers: Vec<String> = game.offers(Seat(0)).into_iter().map(|(a, _)| a).collect();
    let risks = game.risks(Seat(0), Millis(0));
    let risky = |a: &str| risks.iter().any(|(r, risk)| r == a && *risk == Risk::AllowsWin);
    let king_to = |to: &str| {
        offers
            .iter()
            .find(|a| {
                let mut g = game.clone();
                g.play(Seat(0), a, Millis(0)).unwrap();
                g.position_string().contains(&format!("{to}:K"))
            })
            .cloned()
    };
    let (e1, g1) = (king_to("E1").unwrap(), king_to("G1").unwrap());
    assert!(!risky(&e1) && !risky(&g1), "{risks:?}");
    let stays = king_to("F1").expect("a turn that moves only the 4");
    assert!(risky(&stays), "{stays}: {risks:?}");
    assert!(risks.iter().all(|(_, r)| *r == Risk::AllowsWin));
    // Nothing is said to blue, which is not to move.
    assert!(game.risks(Seat(1), Millis(0)).is_empty());
}

/// Risks by brute force: every offered action, then every reply of the
/// opponent to act, played in full.
fn brute_risks(game: &AnyGame, seat: Seat) -> Vec<(String, Risk)> {
    common::risks_of(
        game,
        seat,
        &common::Playing {
            offers: |g: &AnyGame, s| g.offers(s).into_iter().map(|(action, _)| action).collect(),
            play: |g: &mut AnyGame, s, a: &String| {
                g.play(s, a, Millis(0)).unwrap();
            },
            outcome: AnyGame::outcome,
            to_act: AnyGame::to_act,
            allies: |g: &AnyGame, a, b| g.team(a) == g.team(b),
        },
    )
}

/// In the games that hide nothing, the risks (with each game's quicker
/// ways) are exactly what playing everything out finds; and random play
/// meets both kinds of risk.
#[test]
fn risks_agree_with_playing_everything_out() {
    let mut seen = [0usize; 2];
    for (kind, options) in [
        (GameKind::Magneton, vec![]),
        (GameKind::Magneton, vec![("move-rule", "per-ray")]),
        (GameKind::Magnetism, vec![]),
        (GameKind::Magma, vec![]),
        (GameKind::Magma, vec![("players", "4")]),
    ] {
        for seed in 0..3u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = AnyGame::new(kind, &options).unwrap();
            for ply in 0..120 {
                let Some(seat) = game.to_act().first_seat() else {
                    break;
                };
                // Magma's passes end it quickly: pass less often.
                let offers: Vec<String> = game.offers(seat).into_iter().map(|(a, _)| a).collect();
                if !game.views_differ() && ply % 4 == 0 {
                    let risks = game.risks(seat, Millis(0));
                    assert_eq!(
                        risks,
                        brute_risks(&game, seat),
                        "{kind} {options:?} seed {seed} ply {ply}"
                    );
                    for (_, r) in &risks {
                        seen[usize::from(*r == Risk::AllowsWin)] += 1;
                    }
                }
                let moves: Vec<&String> = offers
                    .iter()
                    .filter(|a| !a.starts_with("end") && *a != "pass")
                    .collect();
                let action = if moves.is_empty() {
                    &offers[rng.random_range(0..offers.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                game.play(seat, action, Millis(0)).unwrap();
            }
        }
    }
    assert!(
        seen[0] > 0 && seen[1] > 0,
        "losses {} and allowed wins {}",
        seen[0],
        seen[1]
    );
}
