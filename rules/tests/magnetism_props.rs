//! Properties of Magnetism over random games: the generator and the judge
//! agree, notation and positions round-trip, views hide exactly the
//! unrevealed magnet, and playouts are deterministic and replay as records.

use std::collections::HashSet;

use lodestone_rules::geometry::square::{Dir, Square};
use lodestone_rules::magnetism::{Action, Color, GRID, MagnetView, Magnetism, Options, Position};
use lodestone_rules::{Game, GameKind, Millis, Record, Seat, Viewer};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const SEATS: [Seat; 2] = [Seat(0), Seat(1)];

fn options(repetition_draw: bool) -> Options {
    Options { repetition_draw }
}

/// Plays up to `plies` random legal actions from the start, the seat
/// chosen at random when both may act; returns the game and the actions
/// with their seats.
fn random_game(options: Options, seed: u64, plies: usize) -> (Magnetism, Vec<(Seat, Action)>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Magnetism::new(options);
    let mut played = Vec::new();
    while played.len() < plies {
        let seats: Vec<Seat> = game.to_act().iter().collect();
        if seats.is_empty() {
            break;
        }
        let seat = seats[rng.random_range(0..seats.len())];
        let actions = game.legal_actions(seat);
        let action = actions[rng.random_range(0..actions.len())];
        game.apply(seat, &action, Millis(0))
            .expect("generated actions are accepted");
        played.push((seat, action));
    }
    (game, played)
}

/// The squares on the eight lines through `sq`, and `sq` itself.
fn lines_through(sq: Square) -> Vec<Square> {
    let mut out = vec![sq];
    for d in Dir::ALL {
        out.extend(GRID.ray(sq, d));
    }
    out
}

/// A superset of the legal actions of `seat`: every placement, and every
/// move whose magnet lies on a line through the seat's magnet, whose piece
/// square holds a piece (or is one of a few empty squares) and whose target
/// lies on a line through it. Plus `extra` random triples from anywhere.
fn candidates(game: &Magnetism, seat: Seat, rng: &mut SmallRng, extra: usize) -> Vec<Action> {
    let pos = game.position();
    let mut all: Vec<Action> = GRID.squares().map(Action::Magnet).collect();
    let color = Color::from_seat(seat).unwrap();
    let magnets = match pos.magnet(color) {
        Some(m) => lines_through(m),
        None => vec![Square(rng.random_range(0..96))],
    };
    let mut froms: Vec<Square> = GRID.squares().filter(|&s| pos.at(s).is_some()).collect();
    froms.extend((0..3).map(|_| Square(rng.random_range(0..96))));
    for &magnet in &magnets {
        for &from in &froms {
            for to in lines_through(from) {
                all.push(Action::Move { magnet, from, to });
            }
        }
    }
    for _ in 0..extra {
        let mut sq = || Square(rng.random_range(0..96));
        all.push(Action::Move {
            magnet: sq(),
            from: sq(),
            to: sq(),
        });
    }
    all
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..96).prop_map(Square)
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        square().prop_map(Action::Magnet),
        (square(), square(), square()).prop_map(|(magnet, from, to)| Action::Move { magnet, from, to }),
    ]
}

/// A record of `played`, the opening placements in seat order.
fn record_text(options: Options, played: &[(Seat, Action)]) -> String {
    let repetition = if options.repetition_draw { "on" } else { "off" };
    let mut text = format!("[Game \"magnetism\"]\n[Option \"repetition={repetition}\"]\n");
    let (mut opening, moves): (Vec<_>, Vec<_>) =
        played.iter().partition(|(_, a)| matches!(a, Action::Magnet(_)));
    opening.sort_by_key(|(seat, _)| *seat);
    for (_, action) in opening.iter().chain(&moves) {
        text.push_str(&format!("{action}\n"));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// An action is accepted exactly when it was generated, for both seats;
    /// a refused action changes nothing; nothing is generated twice.
    #[test]
    fn generated_iff_accepted(seed: u64, plies in prop_oneof![0usize..3, 2usize..60], repetition: bool) {
        let (game, _) = random_game(options(repetition), seed, plies);
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        for seat in SEATS {
            let legal = game.legal_actions(seat);
            let set: HashSet<Action> = legal.iter().copied().collect();
            prop_assert_eq!(set.len(), legal.len(), "an action is generated twice");
            prop_assert_eq!(legal.is_empty(), !game.to_act().contains(seat));
            for action in &legal {
                let mut after = game.clone();
                prop_assert!(after.apply(seat, action, Millis(0)).is_ok(), "{} refused", action);
            }
            let mut scratch = game.clone();
            for action in candidates(&game, seat, &mut rng, 200) {
                match scratch.apply(seat, &action, Millis(0)) {
                    Ok(()) => {
                        prop_assert!(set.contains(&action), "{} accepted but not generated", action);
                        scratch = game.clone();
                    }
                    Err(_) => {
                        prop_assert!(!set.contains(&action), "{} generated but refused", action);
                        prop_assert_eq!(&scratch, &game, "refused {} changed the game", action);
                    }
                }
            }
        }
    }

    #[test]
    fn actions_round_trip(action in any_action()) {
        let text = action.to_string();
        prop_assert_eq!(text.parse::<Action>(), Ok(action));
        prop_assert_eq!(text.to_uppercase().parse::<Action>(), Ok(action));
        prop_assert_eq!(text.replace(' ', "   ").parse::<Action>(), Ok(action));
    }

    /// Reached positions print and read back, and a position read back is
    /// judged the same (except a repetition, which needs the history).
    #[test]
    fn reachable_positions_round_trip(seed: u64, plies in 0usize..200) {
        let (game, _) = random_game(options(true), seed, plies);
        let text = game.position().to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(*game.position()));
        let again = Magnetism::parse_position(options(true), &text).unwrap();
        prop_assert_eq!(again.position(), game.position());
        let repetition = game.outcome().is_some_and(|o| o.to_string().contains("repetition"));
        if !repetition {
            prop_assert_eq!(again.outcome(), game.outcome());
        }
    }

    #[test]
    fn arbitrary_positions_round_trip(
        squares in Just((0u8..96).collect::<Vec<_>>()).prop_shuffle(),
        placed in (any::<bool>(), any::<bool>()),
        black_to_move: bool,
    ) {
        let bits = |s: &[u8]| s.iter().fold(0u128, |acc, &i| acc | 1 << i);
        let magnets = [
            placed.0.then_some(Square(squares[24])),
            placed.1.then_some(Square(squares[25])),
        ];
        let side = if black_to_move { Color::Black } else { Color::White };
        if let Ok(p) = Position::new(bits(&squares[..12]), bits(&squares[12..24]), magnets, side) {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
            prop_assert_eq!(p.to_string().to_lowercase().parse::<Position>(), Ok(p));
        }
    }

    /// Every viewer sees every piece; a magnet is hidden only from the other
    /// seat and spectators, only while the opening lasts; the hidden square
    /// appears nowhere in the printed view.
    #[test]
    fn views_hide_exactly_the_unrevealed_magnet(seed: u64, plies in 0usize..4) {
        let (game, played) = random_game(options(true), seed, plies);
        let pos = game.position();
        for viewer in [Viewer::Seat(SEATS[0]), Viewer::Seat(SEATS[1]), Viewer::Spectator, Viewer::Referee] {
            let view = game.view(viewer);
            for c in Color::BOTH {
                prop_assert!(view.pieces(c).eq(lodestone_rules::magnetism::squares(pos.pieces(c))));
                let own = viewer == Viewer::Seat(c.seat()) || viewer == Viewer::Referee;
                let expected = match pos.magnet(c) {
                    None => MagnetView::NotPlaced,
                    Some(_) if !pos.opening_done() && !own => MagnetView::Hidden,
                    Some(sq) => MagnetView::At(sq),
                };
                prop_assert_eq!(view.magnet(c), expected);
                if expected == MagnetView::Hidden {
                    let sq = pos.magnet(c).unwrap();
                    let printed = view.to_string();
                    prop_assert!(!printed.contains(&GRID.label(sq, false)), "{} shows {:?}", printed, sq);
                }
            }
            for (actor, action) in &played {
                let hidden = view.magnet(Color::from_seat(*actor).unwrap()) == MagnetView::Hidden;
                prop_assert_eq!(game.conceals(*actor, action, viewer), hidden && matches!(action, Action::Magnet(_)));
            }
        }
    }

    /// Playouts to the end never panic, end or stop at the bound, and the
    /// same seed gives the same game; the written record replays to the
    /// same position and result.
    #[test]
    fn playouts_are_deterministic(seed: u64, repetition: bool) {
        let (a, played) = random_game(options(repetition), seed, 3_000);
        let (b, again) = random_game(options(repetition), seed, 3_000);
        prop_assert!(a.outcome().is_some() || played.len() == 3_000);
        prop_assert_eq!(&played, &again);
        prop_assert_eq!(&a, &b);

        let record = Record::parse(&record_text(options(repetition), &played)).unwrap();
        let replayed = record.replay().unwrap();
        prop_assert_eq!(replayed.kind(), GameKind::Magnetism);
        prop_assert_eq!(replayed.position_string(), a.position().to_string());
        prop_assert_eq!(replayed.outcome(), a.outcome());
    }
}
