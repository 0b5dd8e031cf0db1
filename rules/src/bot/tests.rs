//! The bots' unit tests: every level plays every game to its end, the
//! honesty property, and the search's determinism.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::*;
use crate::{Game, Millis, Outcome};

/// A tiny search budget, so that whole games stay fast in tests.
const TINY: u64 = 60;

/// Plays a whole game of bots (each seat its level, round the list);
/// returns the game and the number of actions.
fn bot_game(kind: GameKind, options: &[(&str, &str)], levels: &[Level], seed: u64) -> (AnyGame, usize) {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = AnyGame::new(kind, &options).unwrap();
    let mut n = 0;
    let mut now = 0;
    while let Some(seat) = game.to_act().first_seat() {
        let level = levels[seat.index() % levels.len()];
        let situation = Situation::of(&game, seat);
        let action = choose_with(&situation, level, &Think::iterations(TINY), &mut rng)
            .expect("a bot always finds an action");
        // Each action a second after the last: timed turns never run out.
        now += 1000;
        game.play(seat, &action, Millis(now))
            .unwrap_or_else(|e| panic!("{kind}: {action}: {e}"));
        n += 1;
        assert!(n < 5000, "{kind} did not end");
    }
    (game, n)
}

#[test]
fn every_level_plays_every_game_to_its_end() {
    for kind in GameKind::ALL {
        for levels in [
            [Level::Random, Level::Greedy],
            [Level::Easy, Level::Random],
            [Level::Greedy, Level::Hard],
        ] {
            let (game, _) = bot_game(kind, &[], &levels, 7);
            assert!(game.outcome().is_some());
        }
    }
}

#[test]
fn search_bots_play_magma_for_five_and_six_with_hot_timers() {
    for options in [
        vec![("players", "5"), ("solo", "yellow")],
        vec![("players", "6"), ("timer", "hot")],
        vec![("players", "4"), ("timer", "white-hot")],
        vec![("players", "3"), ("board", "radius5")],
    ] {
        let (game, _) = bot_game(
            GameKind::Magma,
            &options,
            &[Level::Easy, Level::Greedy, Level::Normal],
            3,
        );
        assert!(game.outcome().is_some(), "{options:?}");
    }
}

#[test]
fn levels_read_and_print() {
    assert_eq!("Greedy".parse::<Level>(), Ok(Level::Greedy));
    assert_eq!(" hard ".parse::<Level>(), Ok(Level::Hard));
    assert_eq!(Level::Random.to_string(), "random");
    assert!(
        "clever"
            .parse::<Level>()
            .unwrap_err()
            .contains("easy, normal or hard")
    );
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        assert_eq!(level.searches(), level.iterations(GameKind::Magma) > 0);
    }
}

#[test]
fn a_guessed_magnet_world_is_a_position_and_keeps_the_seats_own_side() {
    let mut game = crate::magnet::Magnet::new(crate::magnet::Options::default());
    let mut rng = SmallRng::seed_from_u64(3);
    for color in crate::magnet::Color::BOTH {
        let setup = crate::magnet::Action::Setup(crate::magnet::Setup::random(color, &mut rng));
        game.apply(color.seat(), &setup, Millis(0)).unwrap();
    }
    let view = game.view(Viewer::Seat(Seat(0))).to_string();
    let mut fast = Fast::new(5);
    for _ in 0..20 {
        let guess = magnet::guess_world(&view, Seat(0), &mut fast).unwrap();
        assert!(!guess.contains('?'));
        assert_eq!(guess.split(" | ").next(), view.split(" | ").next());
        let world = crate::magnet::Magnet::parse_position(Default::default(), &guess).unwrap();
        assert_eq!(world.view(Viewer::Seat(Seat(0))).to_string(), view);
    }
}

#[test]
fn a_search_is_a_function_of_its_seed() {
    let game = AnyGame::new(GameKind::Magneton, &[("move-rule", "line")]).unwrap();
    let mut game = game;
    for a in ["D4", "E5", "C3", "F6"] {
        let seat = game.to_act().first_seat().unwrap();
        game.play(seat, a, Millis(0)).unwrap();
    }
    let situation = Situation::of(&game, Seat(0));
    let run = |seed| {
        choose_with(
            &situation,
            Level::Hard,
            &Think::iterations(500),
            &mut SmallRng::seed_from_u64(seed),
        )
    };
    assert_eq!(run(11), run(11));
}

#[test]
fn hard_takes_a_win_in_one_at_magneton() {
    // White has three in a row on rank 1 and drops to push the fourth in.
    let game = AnyGame::from_position(
        GameKind::Magneton,
        &[] as &[(&str, &str)],
        "8/8/8/8/8/8/8/WWW1W3 w 8 12",
    )
    .unwrap();
    let situation = Situation::of(&game, Seat(0));
    let action = choose(&situation, Level::Easy, &mut SmallRng::seed_from_u64(1)).unwrap();
    let mut after = game.clone();
    after.play(Seat(0), &action, Millis(0)).unwrap();
    assert!(
        matches!(after.outcome(), Some(Outcome::Win { winners, .. }) if winners.contains(Seat(0))),
        "{action}"
    );
}
