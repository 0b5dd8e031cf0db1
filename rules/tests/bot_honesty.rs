//! The bots are honest: what they play depends only on what their seat may
//! know. With the same seed, a bot chooses the same action when the
//! opponent's hidden pieces are replaced by any other arrangement
//! consistent with the bot's view (Magnet), or when the other magnet of
//! Magnetism's secret opening stands elsewhere. The arrangements are made
//! here from the referee's full position, independently of the bots' own
//! guessing.

use lodestone_rules::bot::{Level, Situation, Think, choose_with};
use lodestone_rules::magnet::Kind;
use lodestone_rules::{AnyGame, GameKind, Millis, Seat, Viewer};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// A small search budget: enough for the search to depend on everything
/// it reads, small enough for a debug build.
const BUDGET: u64 = 40;

fn choice(situation: &Situation, level: Level, seed: u64) -> Option<String> {
    choose_with(
        situation,
        level,
        &Think::iterations(BUDGET),
        &mut SmallRng::seed_from_u64(seed),
    )
}

/// A Magnet game after both setups (dealt from `seed`) and `plies` turns of
/// random offered actions, unless it ended sooner.
fn magnet_game(seed: u64, plies: usize) -> AnyGame {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = AnyGame::new(GameKind::Magnet, &[] as &[(&str, &str)]).unwrap();
    let mut played = 0;
    while let Some(seat) = game.to_act().first_seat() {
        if played >= plies + 2 {
            break;
        }
        let situation = Situation::of(&game, seat);
        let action = choose_with(&situation, Level::Random, &Think::iterations(0), &mut rng).unwrap();
        let mut next = game.clone();
        next.play(seat, &action, Millis(0)).unwrap();
        if next.outcome().is_some() {
            // Keep a game in play.
            break;
        }
        game = next;
        played += 1;
    }
    game
}

/// The full position text with `seat`'s opponent's hidden kinds dealt
/// again: its pieces on the board and its secretly lost pieces take its
/// unrevealed kinds in a new order (`order` shuffles them), each on-board
/// piece a kind of value at least its rank, the King on the board. `None`
/// if the shuffle fits no such arrangement.
fn redeal(full: &str, seat: Seat, order: u64) -> Option<String> {
    let mut sections: Vec<String> = full.split(" | ").map(str::to_string).collect();
    let other = 1 - seat.index();
    let tokens: Vec<String> = sections[other].split_whitespace().map(str::to_string).collect();
    // (token index, rank) of each piece on the board; the lost in secret.
    let mut board = Vec::new();
    let mut pool = Vec::new();
    let mut secret = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.starts_with("x:") {
            continue;
        }
        if let Some(k) = t.strip_prefix("t:") {
            pool.push(Kind::from_token(k)?);
            secret += 1;
            continue;
        }
        let (_, piece) = t.split_once(':')?;
        let (kind, rank) = match piece.split_once('^') {
            Some((k, r)) => (k, r.parse::<u8>().ok()?),
            None => (piece, 1),
        };
        pool.push(Kind::from_token(kind)?);
        board.push((i, rank));
    }
    pool.shuffle(&mut SmallRng::seed_from_u64(order));
    let (on_board, lost) = pool.split_at(board.len());
    if lost.contains(&Kind::King) || board.iter().zip(on_board).any(|(&(_, rank), k)| k.value() < rank) {
        return None;
    }
    let mut out = tokens.clone();
    for (&(i, rank), kind) in board.iter().zip(on_board) {
        let vertex = tokens[i].split_once(':')?.0;
        out[i] = match rank {
            1 => format!("{vertex}:{kind}"),
            r => format!("{vertex}:{kind}^{r}"),
        };
    }
    let mut lost = lost.to_vec();
    lost.sort_by_key(|k| Kind::ALL.iter().position(|a| a == k));
    out.retain(|t| !t.starts_with("t:"));
    out.extend(lost.iter().map(|k| format!("t:{k}")));
    assert_eq!(lost.len(), secret);
    sections[other] = out.join(" ");
    Some(sections.join(" | "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_magnet_bot_plays_the_same_whatever_the_opponents_hidden_kinds(
        seed in 0u64..10_000,
        plies in 0usize..14,
        order in any::<u64>(),
        bot in any::<u64>(),
    ) {
        let game = magnet_game(seed, plies);
        let seat = game.to_act().first_seat().unwrap();
        let Some(text) = redeal(&game.position_string(), seat, order) else {
            return Err(TestCaseError::reject("no arrangement fits this shuffle"));
        };
        let other = AnyGame::from_position(GameKind::Magnet, &[] as &[(&str, &str)], &text).unwrap();
        // The arrangement is consistent with the bot's view: the seat sees
        // exactly the same.
        prop_assert_eq!(other.view(Viewer::Seat(seat)).to_string(), game.view(Viewer::Seat(seat)).to_string());
        let (mine, theirs) = (Situation::of(&game, seat), Situation::of(&other, seat));
        prop_assert_eq!(&mine, &theirs);
        for level in [Level::Greedy, Level::Easy, Level::Hard] {
            prop_assert_eq!(choice(&mine, level, bot), choice(&theirs, level, bot), "{}", level);
        }
    }

    #[test]
    fn a_magnetism_bot_places_its_magnet_the_same_wherever_the_other_one_is(
        first in 0usize..36,
        elsewhere in 0usize..36,
        white_first in any::<bool>(),
        bot in any::<u64>(),
    ) {
        // The one who placed first, on two different squares of its zone.
        let (placer, chooser) = if white_first { (Seat(0), Seat(1)) } else { (Seat(1), Seat(0)) };
        let start = AnyGame::new(GameKind::Magnetism, &[] as &[(&str, &str)]).unwrap();
        let zone: Vec<String> = start.offers(placer).into_iter().map(|(a, _)| a).collect();
        let placed = |square: &String| {
            let mut g = start.clone();
            g.play(placer, square, Millis(0)).unwrap();
            g
        };
        let (a, b) = (placed(&zone[first % zone.len()]), placed(&zone[elsewhere % zone.len()]));
        let (mine, theirs) = (Situation::of(&a, chooser), Situation::of(&b, chooser));
        prop_assert_eq!(&mine, &theirs);
        for level in [Level::Greedy, Level::Normal] {
            prop_assert_eq!(choice(&mine, level, bot), choice(&theirs, level, bot));
        }
    }
}

#[test]
fn redealing_changes_the_hidden_kinds_but_not_the_view() {
    let game = magnet_game(11, 0);
    let seat = game.to_act().first_seat().unwrap();
    let full = game.position_string();
    let changed = (0..50)
        .filter_map(|order| redeal(&full, seat, order))
        .filter(|text| *text != full)
        .count();
    assert!(
        changed > 40,
        "only {changed} of 50 shuffles made another arrangement"
    );
}
