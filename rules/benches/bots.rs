//! Benchmarks of the searching bots: one `hard`-sized search of a fixed
//! number of iterations from a position a few random moves into each game,
//! reported as iterations per second (`cargo bench -p lodestone-rules
//! --bench bots`). `Level::iterations` is calibrated from these figures
//! (docs/bots.md).

use divan::counter::ItemsCount;
use lodestone_rules::bot::{Level, Situation, Think, choose_with};
use lodestone_rules::{AnyGame, GameKind, Millis};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn main() {
    divan::main();
}

/// Iterations of each measured search.
const ITERATIONS: u64 = 2_000;

/// The situation of the seat to act after `plies` random actions (Magnet:
/// after random setups) of `kind` with `options`.
fn midgame(kind: GameKind, options: &[(&str, &str)], plies: usize) -> Situation {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut game = AnyGame::new(kind, options).expect("the options are valid");
    let mut played = 0;
    loop {
        let seat = game.to_act().first_seat().expect("the game goes on");
        let situation = Situation::of(&game, seat);
        let searchable = situation.offers().len() > 1 && !situation.offers()[0].0.starts_with("magnet ");
        if played >= plies && searchable {
            return situation;
        }
        // Any offered action but one that could end the game early.
        let mut offers: Vec<&String> = situation.offers().iter().map(|(a, _)| a).collect();
        offers.retain(|a| !matches!(a.as_str(), "end?" | "end!" | "pass"));
        let action = match offers.is_empty() {
            true => choose_with(&situation, Level::Random, &Think::iterations(0), &mut rng)
                .expect("a bot finds an action"),
            false => offers[rng.random_range(0..offers.len())].clone(),
        };
        game.play(seat, &action, Millis(0))
            .expect("offered actions are legal");
        played += 1;
    }
}

fn search(bencher: divan::Bencher, situation: Situation) {
    bencher.counter(ItemsCount::new(ITERATIONS)).bench_local(|| {
        let mut rng = SmallRng::seed_from_u64(1);
        choose_with(&situation, Level::Hard, &Think::iterations(ITERATIONS), &mut rng)
    });
}

#[divan::bench(sample_count = 10)]
fn magneton(bencher: divan::Bencher) {
    search(bencher, midgame(GameKind::Magneton, &[], 14));
}

#[divan::bench(sample_count = 10)]
fn magnetism(bencher: divan::Bencher) {
    search(bencher, midgame(GameKind::Magnetism, &[], 4));
}

#[divan::bench(sample_count = 10, args = ["2", "4", "6"])]
fn magma(bencher: divan::Bencher, players: &str) {
    search(bencher, midgame(GameKind::Magma, &[("players", players)], 20));
}

#[divan::bench(sample_count = 10)]
fn magnet(bencher: divan::Bencher) {
    search(bencher, midgame(GameKind::Magnet, &[], 6));
}
