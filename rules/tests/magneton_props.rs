//! Properties of Magneton over random positions: the generator and the
//! judge agree, notation round-trips, and playouts are deterministic.

mod common;

use lodestone_rules::geometry::square::Square;
use lodestone_rules::magneton::{Action, Magneton, MoveRule, Options, Position};
use lodestone_rules::{Game, GameKind, Millis, Outcome, Risk, Seat};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn options(per_ray: bool) -> Options {
    Options {
        move_rule: if per_ray { MoveRule::PerRay } else { MoveRule::Line },
    }
}

/// Plays up to `plies` random legal actions from the start; returns the
/// game and the actions played.
fn random_game(options: Options, seed: u64, plies: usize) -> (Magneton, Vec<Action>) {
    common::play_randomly(Magneton::new(options), Vec::new(), seed, plies)
}

/// Every action the notation can express.
fn action_space() -> Vec<Action> {
    let squares = || (0..64).map(Square);
    let mut all: Vec<Action> = squares().map(Action::Drop).collect();
    for from in squares() {
        all.extend(squares().map(|to| Action::Move { from, to }));
    }
    all.push(Action::Pass);
    all
}

fn any_action() -> impl Strategy<Value = Action> {
    let square = || common::square(64);
    prop_oneof![
        square().prop_map(Action::Drop),
        (square(), square()).prop_map(|(from, to)| Action::Move { from, to }),
        Just(Action::Pass),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// An action is accepted exactly when it was generated, for both seats;
    /// a refused action changes nothing.
    #[test]
    fn generated_iff_accepted(seed: u64, plies in 0usize..90, per_ray: bool) {
        let (game, _) = random_game(options(per_ray), seed, plies);
        for seat in [Seat(0), Seat(1)] {
            let legal = game.legal_actions(seat);
            for action in action_space() {
                let mut after = game.clone();
                let accepted = after.apply(seat, &action, Millis(0)).is_ok();
                prop_assert_eq!(accepted, legal.contains(&action), "{} by seat {}", action, seat.0);
                if !accepted {
                    prop_assert_eq!(&after, &game);
                }
            }
            let mut unique = legal.clone();
            unique.sort_by_key(|a| a.to_string());
            unique.dedup();
            prop_assert_eq!(unique.len(), legal.len(), "an action is generated twice");
        }
    }

    #[test]
    fn actions_round_trip(action in any_action()) {
        common::reads_back(action, &[|t| t.to_lowercase()])?;
    }

    #[test]
    fn reachable_positions_round_trip(seed: u64, plies in 0usize..120, per_ray: bool) {
        let (game, _) = random_game(options(per_ray), seed, plies);
        let text = game.position().to_string();
        prop_assert_eq!(text.parse::<Position>(), Ok(*game.position()));
        let again = Magneton::parse_position(options(per_ray), &text).unwrap();
        prop_assert_eq!(again.position(), game.position());
    }

    #[test]
    fn arbitrary_positions_round_trip(white: u64, black: u64, wh in 0u8..=12, bh in 0u8..=12, black_to_move: bool) {
        let black = black & !white;
        let side = if black_to_move { lodestone_rules::magneton::Color::Black } else { lodestone_rules::magneton::Color::White };
        if let Ok(p) = Position::new(white, black, [wh, bh], side) {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
    }

    /// Playouts to the end never panic, always end, and the same choices
    /// give the same game; the written record replays to the same position.
    #[test]
    fn playouts_are_deterministic(seed: u64, per_ray: bool) {
        let (a, played) = random_game(options(per_ray), seed, 5_000);
        let (b, again) = random_game(options(per_ray), seed, 5_000);
        prop_assert!(a.outcome().is_some(), "a game did not end in 5000 actions");
        prop_assert_eq!(&played, &again);
        prop_assert_eq!(&a, &b);

        let tags = format!("[Game \"magneton\"]\n[Option \"move-rule={}\"]\n", if per_ray { "per-ray" } else { "line" });
        common::record_replays(&tags, &played, GameKind::Magneton, &a.position().to_string(), a.outcome())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// `can_line_at_once` (which plays only the drops and moves that might
    /// make a line) answers as playing every offered action does, in both
    /// phases and under both move rules.
    #[test]
    fn can_line_at_once_equals_trying_every_action(seed: u64, plies in 0usize..160, per_ray: bool) {
        let (game, _) = random_game(options(per_ray), seed, plies);
        let pos = *game.position();
        if game.outcome().is_none() {
            let side = pos.side();
            let tried = game.legal_actions(side.seat()).into_iter().any(|action| {
                let mut after = pos;
                let displaced = match action {
                    Action::Drop(sq) => after.drop_stone(sq),
                    Action::Move { from, to } => after.move_stone(from, to),
                    Action::Pass => 0,
                };
                after.has_line(displaced, side)
            });
            prop_assert_eq!(pos.can_line_at_once(options(per_ray).move_rule), tried, "{}", pos);
        }
    }

    /// Every drop that makes a line of the dropping side at once is among
    /// the drops `drops_that_may_line` names (the risks try only those).
    #[test]
    fn every_drop_that_makes_a_line_is_named(seed: u64, plies in 0usize..24, per_ray: bool) {
        let (game, _) = random_game(options(per_ray), seed, plies);
        let pos = *game.position();
        if pos.in_drop_phase() {
            let side = pos.side();
            let may = pos.drops_that_may_line(side);
            for sq in pos.empty_squares() {
                let mut after = pos;
                let displaced = after.drop_stone(sq);
                if after.has_line(displaced, side) {
                    prop_assert!(may & (1 << sq.0) != 0, "{} makes a line", sq.0);
                }
            }
        }
    }
}

/// Magneton's own risks (judged on positions, the opponent's quick win
/// found by bit sets) equal the slow definition at every ply of many
/// random games, under both move rules; half the games seek repeated
/// positions once the stones are down, so that the threefold-repetition
/// draw (which turns an allowed win into nothing) is met too.
#[test]
fn fast_risks_equal_playing_everything_out() {
    // Kinds met: a loss, an allowed win, an offer that repeats a third time.
    let mut seen = [0usize; 3];
    let mut positions = 0;
    for seed in 0..48u64 {
        let per_ray = seed % 2 == 1;
        let seek_repeats = seed % 4 >= 2;
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Magneton::new(options(per_ray));
        let mut history = vec![*game.position()];
        for _ in 0..160 {
            let Some(seat) = game.to_act().first_seat() else {
                break;
            };
            let fast = game.risks(seat, Millis(0));
            assert_eq!(
                fast,
                common::risks_by_playing_out(&game, seat),
                "seed {seed}, position {}",
                game.position()
            );
            // The seat not to act is told nothing.
            assert!(game.risks(Seat(1 - seat.0), Millis(0)).is_empty());
            positions += 1;
            for (_, r) in &fast {
                seen[usize::from(*r == Risk::AllowsWin)] += 1;
            }
            let actions = game.legal_actions(seat);
            let after = |a: &Action| {
                let mut g = game.clone();
                g.apply(seat, a, Millis(0)).unwrap();
                g
            };
            if actions.iter().any(|a| {
                matches!(after(a).outcome(), Some(Outcome::Draw { reason }) if reason.contains("repetition"))
            }) {
                seen[2] += 1;
            }
            // Seeking repeats: an action that comes back to a position
            // seen before, or one after which a reply does.
            let back: Vec<&Action> = if seek_repeats && !game.position().in_drop_phase() {
                let comes_back = |g: &Magneton| history.contains(g.position());
                let direct: Vec<&Action> = actions.iter().filter(|a| comes_back(&after(a))).collect();
                if direct.is_empty() {
                    let other = Seat(1 - seat.0);
                    actions
                        .iter()
                        .filter(|a| {
                            let g = after(a);
                            g.legal_actions(other).iter().any(|r| {
                                let mut h = g.clone();
                                h.apply(other, r, Millis(0)).is_ok() && comes_back(&h)
                            })
                        })
                        .collect()
                } else {
                    direct
                }
            } else {
                Vec::new()
            };
            let action = if !back.is_empty() && rng.random_range(0..4) > 0 {
                *back[rng.random_range(0..back.len())]
            } else {
                actions[rng.random_range(0..actions.len())]
            };
            game.apply(seat, &action, Millis(0)).unwrap();
            history.push(*game.position());
        }
    }
    assert!(positions > 1000, "{positions} positions");
    assert!(
        seen.iter().all(|&n| n > 0),
        "losses {}, allowed wins {}, offers drawing by repetition {}",
        seen[0],
        seen[1],
        seen[2]
    );
}
