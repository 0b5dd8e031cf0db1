//! What several of the rules' test suites share: the risks of a game that
//! hides nothing by their definition, the oracle the games' quicker ways
//! are held to; random playouts, and the checks that notation and records
//! read back.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use lodestone_rules::geometry::square::Square;
use lodestone_rules::{Game, GameKind, Millis, Outcome, Record, Risk, Seat, SeatSet};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// How the risk oracle plays a game: the actions a seat is offered, one
/// played on the game, its outcome, the seats to act, and whether two
/// seats play on one side.
pub struct Playing<T, A> {
    pub offers: fn(&T, Seat) -> Vec<A>,
    pub play: fn(&mut T, Seat, &A),
    pub outcome: fn(&T) -> Option<&Outcome>,
    pub to_act: fn(&T) -> SeatSet,
    pub allies: fn(&T, Seat, Seat) -> bool,
}

/// The risks by their definition: every offered action played on a copy
/// of the whole game, then every reply of the seats of the other sides
/// played in full on a copy of that.
pub fn risks_of<T: Clone, A>(game: &T, seat: Seat, rules: &Playing<T, A>) -> Vec<(A, Risk)> {
    let lost =
        |g: &T| matches!((rules.outcome)(g), Some(Outcome::Win { winners, .. }) if !winners.contains(seat));
    let judged: Vec<(A, Option<Risk>)> = (rules.offers)(game, seat)
        .into_iter()
        .map(|action| {
            let mut after = game.clone();
            (rules.play)(&mut after, seat, &action);
            let risk = if lost(&after) {
                Some(Risk::Loses)
            } else if (rules.outcome)(&after).is_none()
                && (rules.to_act)(&after)
                    .iter()
                    .filter(|&s| !(rules.allies)(&after, s, seat))
                    .any(|s| {
                        (rules.offers)(&after, s).into_iter().any(|reply| {
                            let mut g = after.clone();
                            (rules.play)(&mut g, s, &reply);
                            lost(&g)
                        })
                    })
            {
                Some(Risk::AllowsWin)
            } else {
                None
            };
            (action, risk)
        })
        .collect();
    let safe = judged.iter().any(|(_, r)| r.is_none());
    let survives = safe || judged.iter().any(|(_, r)| *r == Some(Risk::AllowsWin));
    judged
        .into_iter()
        .filter_map(|(a, r)| match r? {
            Risk::Loses if survives => Some((a, Risk::Loses)),
            Risk::AllowsWin if safe => Some((a, Risk::AllowsWin)),
            _ => None,
        })
        .collect()
}

/// [`risks_of`] a game of two seats, each its own side.
pub fn risks_by_playing_out<G: Game>(game: &G, seat: Seat) -> Vec<(G::Action, Risk)> {
    risks_of(
        game,
        seat,
        &Playing {
            offers: |g: &G, s| g.legal_actions(s),
            play: |g: &mut G, s, a| g.apply(s, a, Millis(0)).unwrap(),
            outcome: |g: &G| g.outcome(),
            to_act: |g: &G| g.to_act(),
            allies: |_, a, b| a == b,
        },
    )
}

/// Plays on `game` random legal actions of its first seat to act, drawn
/// from `seed`, until `played` (the actions so far) holds `plies` or no
/// seat is to act; returns the game and every action played.
pub fn play_randomly<G: Game>(
    mut game: G,
    mut played: Vec<G::Action>,
    seed: u64,
    plies: usize,
) -> (G, Vec<G::Action>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    while played.len() < plies {
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        let actions = game.legal_actions(seat);
        let action = actions[rng.random_range(0..actions.len())].clone();
        game.apply(seat, &action, Millis(0))
            .expect("generated actions are accepted");
        played.push(action);
    }
    (game, played)
}

/// Any square of a grid of `squares` squares (Magneton 64, Magnetism 96).
pub fn square(squares: u8) -> impl Strategy<Value = Square> {
    (0..squares).prop_map(Square)
}

/// `action`'s text reads back as `action`, and so does each of
/// `written(text)`: the same action as a player may write it otherwise.
pub fn reads_back<A>(action: A, written: &[fn(&str) -> String]) -> Result<(), TestCaseError>
where
    A: Display + FromStr + PartialEq + Debug + Clone,
    A::Err: PartialEq + Debug,
{
    let text = action.to_string();
    prop_assert_eq!(text.parse::<A>(), Ok(action.clone()));
    for write in written {
        prop_assert_eq!(write(&text).parse::<A>(), Ok(action.clone()));
    }
    Ok(())
}

/// The record of `tags` and `played` (an action a line) replays to a game
/// of `kind` at `position`, with `outcome`.
pub fn record_replays<A: Display>(
    tags: &str,
    played: &[A],
    kind: GameKind,
    position: &str,
    outcome: Option<&Outcome>,
) -> Result<(), TestCaseError> {
    let mut text = tags.to_string();
    for action in played {
        text.push_str(&format!("{action}\n"));
    }
    let replayed = Record::parse(&text).unwrap().replay().unwrap();
    prop_assert_eq!(replayed.kind(), kind);
    prop_assert_eq!(replayed.position_string(), position);
    prop_assert_eq!(replayed.outcome(), outcome);
    Ok(())
}
