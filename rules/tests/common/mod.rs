//! What several of the rules' test suites share: the risks of a game that
//! hides nothing by their definition, the oracle the games' quicker ways
//! are held to.

use lodestone_rules::{Game, Millis, Outcome, Risk, Seat, SeatSet};

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
