//! Magnetism's search: UCT on the full position once both magnets are
//! placed. A leaf is judged by the race: pieces on the far row, pieces
//! that could get there with one move (threats the other side must
//! answer), and progress; a side to move that is behind and cannot draw
//! level has lost.
//!
//! The secret opening is a choice made without seeing the other magnet:
//! each square of the bot's zone is scored against placements of the
//! other magnet drawn from its whole zone (never from where it is), and
//! the best on average is played.

use std::ops::ControlFlow;

use super::fast::Fast;
use super::mcts::{self, Evaluation, Values};
use super::{Situation, Think};
use crate::MAX_SEATS;
use crate::any::AnyGame;
use crate::geometry::square::Square;
use crate::magnetism::{Color, GRID, Magnetism, Position, View, squares};

/// What the evaluation weighs (in units of one piece on the far row).
const READY: f32 = 0.3;
const PROGRESS: f32 = 0.03;
const TEMPO: f32 = 0.15;

pub(super) fn choose(situation: &Situation, think: &Think<'_>, rng: &mut Fast) -> Option<String> {
    if situation.offers().iter().all(|(a, _)| a.starts_with("magnet")) {
        return opening(situation, rng);
    }
    let AnyGame::Magnetism(game) = situation.game()? else {
        return None;
    };
    super::search_perfect(game, Race, situation, think, rng)
}

/// The race evaluation (see the module's documentation).
struct Race;

impl Evaluation<Magnetism> for Race {
    fn leaf(&mut self, game: &mut Magnetism, _rng: &mut Fast) -> Values {
        let pos = game.position();
        let mover = View::full(pos).side();
        let x = judge(pos, mover);
        let mut v = [0.5; MAX_SEATS];
        v[mover.index()] = x;
        v[mover.other().index()] = 1.0 - x;
        v
    }
}

/// The ranks a piece of `c` on `sq` has come.
fn progress(c: Color, sq: Square) -> i32 {
    let rank = i32::from(GRID.rank(sq));
    match c {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

/// How many of `c`'s pieces (off the far row) could reach it with one
/// move, and the most ranks one move gains.
fn reach(pos: &Position, c: Color) -> (u32, i32) {
    let far = i32::from(c.far_rank());
    let mut ready: u128 = 0;
    let mut best = 0;
    let _ = pos.visit_moves(c, |_, from, to| {
        let gain = progress(c, to) - progress(c, from);
        best = best.max(gain);
        if i32::from(GRID.rank(to)) == far && i32::from(GRID.rank(from)) != far {
            ready |= 1 << from.0;
        }
        ControlFlow::Continue(())
    });
    (ready.count_ones(), best)
}

/// The chance that `mover`, to move in `pos`, wins the race.
fn judge(pos: &Position, mover: Color) -> f32 {
    let other = mover.other();
    let (far_m, far_o) = (pos.far_row_count(mover), pos.far_row_count(other));
    let (ready_m, _) = reach(pos, mover);
    if far_m < far_o && ready_m == 0 {
        // Behind, and no move draws level: the move it must make loses.
        return 0.0;
    }
    let (ready_o, _) = reach(pos, other);
    let view = View::full(pos);
    let advanced = |c: Color| view.pieces(c).map(|sq| progress(c, sq)).sum::<i32>();
    let x = (far_m as f32 - far_o as f32)
        + READY * (ready_m as f32 - ready_o as f32)
        + PROGRESS * (advanced(mover) - advanced(other)) as f32
        + TEMPO;
    mcts::squash(x, 1.0)
}

/// Samples of the other magnet's square per candidate in the opening.
const OPENING_SAMPLES: usize = 12;

/// The secret opening: the square of the bot's zone that does best, on
/// average, against sampled squares of the other magnet. Reads only the
/// view (whose other magnet is `-` or `?`) and the offers.
fn opening(situation: &Situation, rng: &mut Fast) -> Option<String> {
    let me = Color::from_seat(situation.seat())?;
    let fields: Vec<&str> = situation.position().split_whitespace().collect();
    let [ranks, side, _, _] = fields[..] else {
        return None;
    };
    let options = situation.options();
    let mine: Vec<(String, Square)> = situation
        .offers()
        .iter()
        .filter_map(|(a, _)| {
            let label = a.strip_prefix("magnet")?.trim();
            Some((a.clone(), GRID.parse_label(label)?))
        })
        .collect();
    // The other magnet may be anywhere in its zone: all of it is empty
    // while the opening lasts.
    let start = AnyGame::from_position(situation.kind(), options, &format!("{ranks} {side} - -")).ok()?;
    let AnyGame::Magnetism(start) = start else {
        return None;
    };
    let zone: Vec<Square> = squares(start.position().placements(me.other())).collect();
    if zone.is_empty() || mine.is_empty() {
        return None;
    }
    let samples: Vec<Square> = (0..OPENING_SAMPLES)
        .map(|_| zone[rng.below(zone.len())])
        .collect();
    let mut best: Option<(f32, &String)> = None;
    let mut order: Vec<usize> = (0..mine.len()).collect();
    rng.shuffle(&mut order);
    for i in order {
        let (action, sq) = &mine[i];
        let mut total = 0.0;
        for &theirs in &samples {
            let (w, b) = match me {
                Color::White => (*sq, theirs),
                Color::Black => (theirs, *sq),
            };
            let text = format!("{ranks} w {} {}", GRID.label(w, false), GRID.label(b, false));
            let Ok(AnyGame::Magnetism(g)) = AnyGame::from_position(situation.kind(), options, &text) else {
                continue;
            };
            let pos = g.position();
            let (moves_m, gain_m) = reach(pos, me);
            let (moves_o, gain_o) = reach(pos, me.other());
            let mobility = |c: Color| {
                let mut n = 0u32;
                let _ = pos.visit_moves(c, |_, _, _| {
                    n += 1;
                    ControlFlow::Continue(())
                });
                n as f32
            };
            total += (moves_m as f32 - moves_o as f32)
                + 0.5 * (gain_m - gain_o) as f32
                + 0.01 * (mobility(me) - mobility(me.other()));
        }
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, action));
        }
    }
    best.map(|(_, a)| a.clone())
}
