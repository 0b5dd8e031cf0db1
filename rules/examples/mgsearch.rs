use lodestone_rules::magnet::Magnet;
use lodestone_rules::{Game, Millis};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
fn main() {
    let want = std::env::args().nth(1).unwrap();
    let maxp: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut best: Option<Vec<String>> = None;
    for seed in 0..20000u64 {
        let mut g = Magnet::new(Default::default());
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut played = vec![];
        for t in [
            "setup A2:K A3:2 A4:T2 A5:4 B7:3 C8:3 D9:T3 E10:4 G10:2 H9:2 I8:3 J7:4",
            "setup B1:4 C1:3 D1:2 E1:T3 G1:3 H1:2 I1:T2 J1:4 K2:3 K3:2 K4:K K5:4",
        ] {
            let s = g.to_act().first_seat().unwrap();
            let a = g.parse_action(t).unwrap();
            g.apply(s, &a, Millis(0)).unwrap();
            played.push(t.to_string());
        }
        for _ in 0..maxp {
            let Some(s) = g.to_act().first_seat() else { break };
            let acts = g.legal_actions(s);
            let a = acts[rng.random_range(0..acts.len())];
            played.push(a.to_string());
            g.apply(s, &a, Millis(0)).unwrap();
        }
        if let Some(o) = g.outcome() {
            if o.to_string().contains(&want) && best.as_ref().is_none_or(|b| b.len() > played.len()) {
                println!("seed {seed} len {} {o}", played.len());
                best = Some(played);
            }
        }
    }
    if let Some(b) = best {
        for l in b {
            println!("{l}");
        }
    }
}
