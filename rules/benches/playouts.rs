//! Benchmarks: legal-action generation plus apply, over random playouts.
//!
//! Each benchmark plays whole games from the start, choosing uniformly among
//! the legal actions with a fixed-seed RNG, and reports actions per second
//! (`cargo bench -p lodestone-rules`).

use divan::counter::ItemsCount;
use lodestone_rules::magneton::{Magneton, Options};
use lodestone_rules::{Game, Millis};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn main() {
    divan::main();
}

/// Plays one game to its end (or `limit` actions); returns the actions played.
fn playout<G: Game>(mut game: G, rng: &mut SmallRng, limit: usize) -> usize {
    let mut played = 0;
    while played < limit {
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        let actions = game.legal_actions(seat);
        let action = &actions[rng.random_range(0..actions.len())];
        game.apply(seat, action, Millis(0))
            .expect("generated actions are legal");
        played += 1;
    }
    played
}

const GAMES: usize = 20;
const LIMIT: usize = 400;

/// Benches `GAMES` playouts, each `one(rng)` with the actions it played,
/// all from one seeded RNG; counts the actions once first so that divan
/// can report a rate.
fn bench_games(bencher: divan::Bencher, mut one: impl FnMut(&mut SmallRng) -> usize) {
    let mut rng = SmallRng::seed_from_u64(7);
    let total: usize = (0..GAMES).map(|_| one(&mut rng)).sum();
    bencher.counter(ItemsCount::new(total)).bench_local(|| {
        let mut rng = SmallRng::seed_from_u64(7);
        (0..GAMES).map(|_| one(&mut rng)).sum::<usize>()
    });
}

#[divan::bench(args = ["line", "per-ray"])]
fn magneton_playouts(bencher: divan::Bencher, rule: &str) {
    use lodestone_rules::magneton::MoveRule;
    let options = Options {
        move_rule: if rule == "line" {
            MoveRule::Line
        } else {
            MoveRule::PerRay
        },
    };
    bench_games(bencher, |rng| playout(Magneton::new(options), rng, LIMIT));
}

#[divan::bench]
fn magnetism_playouts(bencher: divan::Bencher) {
    use lodestone_rules::magnetism::{Magnetism, Options};
    let options = Options::default();
    bench_games(bencher, |rng| playout(Magnetism::new(options), rng, LIMIT));
}

/// Plays one Magma game of moves, entries and passes (never `end?`, which
/// random voters would accept early) to its end or `limit` actions.
fn magma_playout(mut game: lodestone_rules::magma::Magma, rng: &mut SmallRng, limit: usize) -> usize {
    use lodestone_rules::magma::Action;
    let mut played = 0;
    while played < limit {
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        let mut actions = game.legal_actions(seat);
        actions.retain(|a| *a != Action::ProposeEnd);
        let action = &actions[rng.random_range(0..actions.len())];
        game.apply(seat, action, Millis(0))
            .expect("generated actions are legal");
        played += 1;
    }
    played
}

/// Magma with 2, 4 and 6 players on the default board: random moves,
/// entries and passes until a round of passes or `LIMIT` actions.
#[divan::bench(args = [2, 4, 6])]
fn magma_playouts(bencher: divan::Bencher, players: u8) {
    use lodestone_rules::magma::{Magma, Options};
    let options = Options {
        players,
        ..Options::default()
    };
    bench_games(bencher, |rng| magma_playout(Magma::new(options), rng, LIMIT));
}

#[divan::bench]
fn magnet_playouts(bencher: divan::Bencher) {
    use lodestone_rules::magnet::{Action, Color, Magnet, Options, Setup};
    // Both setups dealt from the same RNG, then random turns.
    let start = |rng: &mut SmallRng| {
        let mut game = Magnet::new(Options::default());
        for color in Color::BOTH {
            let setup = Action::Setup(Setup::random(color, rng));
            game.apply(color.seat(), &setup, Millis(0))
                .expect("a dealt setup is legal");
        }
        game
    };
    bench_games(bencher, |rng| {
        let game = start(rng);
        playout(game, rng, LIMIT)
    });
}

/// Positions along one seeded game of `kind` (every fifth, up to 40) with
/// the seat to act: what the risks and effects benchmarks work on.
fn positions(
    kind: lodestone_rules::GameKind,
    options: &[(&str, &str)],
) -> Vec<(lodestone_rules::AnyGame, lodestone_rules::Seat)> {
    use lodestone_rules::AnyGame;
    let mut rng = SmallRng::seed_from_u64(11);
    let mut game = AnyGame::new(kind, options).expect("valid options");
    for (seat, action) in game.chance_actions(&mut rng) {
        game.apply(seat, &action, Millis(0)).expect("a dealt setup");
    }
    let mut out = Vec::new();
    for ply in 0..200 {
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        if ply % 5 == 0 && !game.offers(seat).is_empty() {
            out.push((game.clone(), seat));
        }
        // Moves rather than passes or votes, so that the game goes on.
        let offers = game.offers(seat);
        let moves: Vec<&String> = offers
            .iter()
            .map(|(a, _)| a)
            .filter(|a| !a.starts_with("end") && *a != "pass")
            .collect();
        let action = match moves.len() {
            0 => offers[rng.random_range(0..offers.len())].0.clone(),
            n => moves[rng.random_range(0..n)].clone(),
        };
        game.play(seat, &action, Millis(0)).expect("an offered action");
    }
    out.truncate(40);
    out
}

/// What the server asks once per state for the seat to act: the risks of
/// its offered actions (`Game::risks`), per position.
#[divan::bench(args = ["magneton", "magnetism", "magma", "magnet"])]
fn risks_per_position(bencher: divan::Bencher, game: &str) {
    let kind: lodestone_rules::GameKind = game.parse().expect("a game");
    let options: &[(&str, &str)] = if game == "magnet" {
        &[("setup", "random")]
    } else {
        &[]
    };
    let positions = positions(kind, options);
    bencher.counter(ItemsCount::new(positions.len())).bench_local(|| {
        positions
            .iter()
            .map(|(g, s)| g.risks(*s, Millis(0)).len())
            .sum::<usize>()
    });
}
