//! Magma's search for two to six players: UCT with one value per seat
//! (each node judged by the seat that moved into it, as in max^n), where
//! teammates share their colour's value. A leaf is valued by the scores as
//! if the game ended there: each colour by its lead over the best other
//! colour.
//!
//! The search never proposes the end (`end?`) and never plays the
//! server's `timeout`; asked to vote, the bot accepts exactly when its
//! colour would win the game ended now. A timed turn is searched as if
//! every action came at once, and the caller keeps the bot well inside the
//! turn's time (docs/bots.md).

use super::fast::Fast;
use super::mcts::{self, Evaluation, Perfect, Values};
use super::{Situation, Think};
use crate::any::AnyGame;
use crate::game::{Game, Millis, Outcome};
use crate::magma::{Action, Magma, Phase};
use crate::{MAX_SEATS, Seat};

/// Random actions played from a leaf before it is evaluated.
const PLAYOUT: usize = 0;
/// A lead of this many points is a 73% chance.
const SCALE: f32 = 8.0;
/// How much worse than the best action passing may look and still be
/// chosen.
const PASS_MARGIN: f32 = 0.01;

pub(super) fn choose(situation: &Situation, think: &Think<'_>, rng: &mut Fast) -> Option<String> {
    let AnyGame::Magma(game) = situation.game()? else {
        return None;
    };
    let me = situation.seat();
    let at = clock_since(situation.position());
    if let Phase::Vote { .. } = game.phase() {
        return Some(vote(&game, me, at).to_string());
    }
    let root: Vec<Action> = super::root_actions(&game, situation)?
        .into_iter()
        .filter(searched)
        .collect();
    if root.len() == 1 {
        return root.first().map(ToString::to_string);
    }
    let mut model = Perfect {
        root: game,
        eval: Playouts { at, playout: PLAYOUT },
    };
    let found = mcts::search(&mut model, me, root, think, rng);
    // Passing when nothing does better lets a game end: without it two
    // bots could move pieces to and fro for ever (Magma has no other end
    // but agreement).
    let best = found.ranked.first()?;
    let pass = found.ranked.iter().find(|(a, n, _)| *a == Action::Pass && *n > 0);
    match pass {
        Some((pass, _, value)) if *value >= best.2 - PASS_MARGIN => Some(pass.to_string()),
        _ => Some(best.0.to_string()),
    }
}

/// The actions a search considers: not proposals, not the timer's.
fn searched(action: &Action) -> bool {
    !matches!(action, Action::ProposeEnd | Action::Timeout)
}

/// When the running turn's timer started, from the position's
/// `clock=<budget>/<used>@<since>` field (0 without a timer).
fn clock_since(position: &str) -> Millis {
    position
        .split_whitespace()
        .find_map(|f| f.strip_prefix("clock="))
        .and_then(|c| c.split_once('@'))
        .and_then(|(_, since)| since.parse().ok())
        .map_or(Millis(0), Millis)
}

/// `end!` if `me`'s colour would win were everyone to agree now, else
/// `end-`.
fn vote(game: &Magma, me: Seat, at: Millis) -> Action {
    let mut agreed = game.clone();
    while let Some(voter) = agreed.to_act().first_seat() {
        if !matches!(agreed.phase(), Phase::Vote { .. })
            || agreed.apply(voter, &Action::AcceptEnd, at).is_err()
        {
            break;
        }
    }
    match agreed.outcome() {
        Some(Outcome::Win { winners, .. }) if winners.contains(me) => Action::AcceptEnd,
        _ => Action::RefuseEnd,
    }
}

/// Short random playouts of `playout` actions played at `at`, then the
/// score evaluation.
struct Playouts {
    at: Millis,
    playout: usize,
}

impl Evaluation<Magma> for Playouts {
    fn actions(&self, game: &Magma, seat: Seat) -> Vec<Action> {
        let mut actions = game.legal_actions(seat);
        actions.retain(searched);
        actions
    }

    fn leaf(&mut self, game: &mut Magma, rng: &mut Fast) -> Values {
        for _ in 0..self.playout {
            let Some(seat) = game.to_act().first_seat() else {
                break;
            };
            let actions = self.actions(game, seat);
            if actions.is_empty()
                || game
                    .apply(seat, &actions[rng.below(actions.len())], self.at)
                    .is_err()
            {
                break;
            }
            if let Some(outcome) = game.outcome() {
                return mcts::outcome_values(outcome);
            }
        }
        value(game)
    }

    fn at(&self) -> Millis {
        self.at
    }
}

/// Each seat's chance, from its colour's lead over the best other colour
/// if the game ended now.
fn value(game: &Magma) -> Values {
    let scores = game.scores();
    let mut v = [0.5; MAX_SEATS];
    for (i, s) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, o)| o.total())
            .max()
            .unwrap_or(0);
        let lead = s.total() as f32 - best_other as f32;
        let chance = mcts::squash(lead, SCALE);
        for seat in s.seats.iter() {
            v[seat.index()] = chance;
        }
    }
    v
}
