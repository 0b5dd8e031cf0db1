//! What several of the rules' test suites share: the risks of a game that
//! hides nothing by their definition, the oracle the games' quicker ways
//! are held to.

use lodestone_rules::{Game, Millis, Outcome, Risk, Seat};

/// The risks by their definition: every offered action played on a copy
/// of the whole game, then every reply of the opponent played in full on
/// a copy of that.
pub fn risks_by_playing_out<G: Game>(game: &G, seat: Seat) -> Vec<(G::Action, Risk)> {
    let lost = |g: &G| matches!(g.outcome(), Some(Outcome::Win { winners, .. }) if !winners.contains(seat));
    let judged: Vec<(G::Action, Option<Risk>)> = game
        .legal_actions(seat)
        .into_iter()
        .map(|action| {
            let mut after = game.clone();
            after.apply(seat, &action, Millis(0)).unwrap();
            let risk = if lost(&after) {
                Some(Risk::Loses)
            } else if after.outcome().is_none()
                && after.to_act().iter().filter(|&s| s != seat).any(|s| {
                    after.legal_actions(s).into_iter().any(|reply| {
                        let mut g = after.clone();
                        g.apply(s, &reply, Millis(0)).unwrap();
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
