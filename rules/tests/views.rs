//! Views across the games: when a game says its views do not differ, every
//! viewer's view shows the same (its printed form, the position format, is
//! the same), so a server may build it once.

use lodestone_rules::bot::{Level, Situation, choose};
use lodestone_rules::{AnyGame, GameKind, Millis, Seat, Viewer};
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[test]
fn views_that_do_not_differ_are_the_same_for_everyone() {
    for (kind, options) in [
        (GameKind::Magneton, vec![]),
        (GameKind::Magnetism, vec![]),
        (GameKind::Magnet, vec![]),
        (GameKind::Magma, vec![("players".to_string(), "3".to_string())]),
    ] {
        for seed in 0..3 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = AnyGame::new(kind, &options).unwrap();
            let mut checked = 0;
            loop {
                let viewers = (0..game.seat_count() as u8)
                    .map(|s| Viewer::Seat(Seat(s)))
                    .chain([Viewer::Spectator]);
                let referee = game.view(Viewer::Referee).to_string();
                if !game.views_differ() {
                    for v in viewers {
                        assert_eq!(
                            game.view(v).to_string(),
                            referee,
                            "{kind}: {v:?} sees another view"
                        );
                    }
                    checked += 1;
                }
                let Some(seat) = game.to_act().first_seat() else {
                    break;
                };
                let situation = Situation::of(&game, seat);
                let action = choose(&situation, Level::Random, &mut rng).unwrap();
                game.play(seat, &action, Millis(0)).unwrap();
            }
            assert!(checked > 0, "{kind}: never checked");
        }
    }
}
