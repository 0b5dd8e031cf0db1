use lodestone_rules::magnet::{Magnet, Options, SetupRule};
use lodestone_rules::{Game, Millis};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
fn main() {
    let mut g = Magnet::new(Options {
        setup: SetupRule::Random,
        ..Options::default()
    });
    let mut rng = SmallRng::seed_from_u64(42);
    for (s, a) in g.chance_actions(&mut rng) {
        println!("{a}");
        g.apply(s, &a, Millis(0)).unwrap();
    }
    for _ in 0..6 {
        let s = g.to_act().first_seat().unwrap();
        let acts = g.legal_actions(s);
        let a = acts[rng.random_range(0..acts.len())];
        println!("{a}");
        g.apply(s, &a, Millis(0)).unwrap();
    }
}
