//! The `greedy` level: plays each candidate on a copy of the position and
//! keeps the one with the best evaluation (ties at random). A win is worth
//! more than anything, a loss less than anything. Where the view hides something,
//! the copy is one guess consistent with the seat's view.

use super::Situation;
use super::fast::Fast;
use crate::any::{AnyGame, AnyView, GameKind};
use crate::game::Millis;
use crate::geometry::square::Grid;
use crate::magnet::{self, Kind};
use crate::{Outcome, Seat, Viewer};

/// The best candidate one action ahead; `None` if the position cannot be
/// read.
pub(super) fn choose(situation: &Situation, candidates: &[String], rng: &mut Fast) -> Option<String> {
    let position = match situation.kind {
        GameKind::Magnet => super::magnet::guess_world(&situation.position, situation.seat, rng)?,
        _ => situation.position.clone(),
    };
    let game = AnyGame::from_position(situation.kind, &situation.options, &position).ok()?;
    let mut best: Vec<&String> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for action in candidates {
        let mut after = game.clone();
        // An action the guessed position refuses (a guess that cannot be
        // true) is still playable: rate it as neutral.
        let score = match after.play(situation.seat, action, Millis(0)) {
            Ok(_) => evaluate(&after, situation.seat),
            Err(_) => 0.0,
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(action);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len())].clone())
}

/// How good `game` is for `seat`: huge for a win, hugely negative for a
/// loss, else the game's own measure (docs/bots.md).
pub fn evaluate(game: &AnyGame, seat: Seat) -> f64 {
    match game.outcome() {
        Some(Outcome::Win { winners, .. }) if winners.contains(seat) => return 1e9,
        Some(Outcome::Win { .. }) => return -1e9,
        Some(Outcome::Draw { .. }) => return 0.0,
        None => {}
    }
    match game.view(Viewer::Referee) {
        AnyView::Magneton(p) => magneton_value(&p, seat),
        AnyView::Magnetism(v) => magnetism_value(&v, seat),
        AnyView::Magma(v) => magma_value(&v, seat),
        AnyView::Magnet(v) => magnet_value(&v, seat),
    }
}

/// Magneton: for every window of four squares in a line, a side holding
/// `n` of them with no enemy stone scores `n²`; own minus the opponent's.
fn magneton_value(p: &crate::magneton::Position, seat: Seat) -> f64 {
    use crate::magneton::{Color, GRID};
    let me = if seat.0 == 0 { Color::White } else { Color::Black };
    let (own, theirs) = (p.stones(me), p.stones(me.other()));
    let mut score = 0.0;
    for sq in GRID.squares() {
        for dir in crate::geometry::square::Dir::LINES {
            let window: Vec<_> = std::iter::once(sq).chain(GRID.ray(sq, dir).take(3)).collect();
            if window.len() < 4 {
                continue;
            }
            let mask: u64 = window.iter().map(|s| 1u64 << s.0).sum();
            let (a, b) = ((own & mask).count_ones(), (theirs & mask).count_ones());
            if b == 0 {
                score += f64::from(a * a);
            }
            if a == 0 {
                score -= f64::from(b * b);
            }
        }
    }
    score
}

/// Magnetism: pieces on the far row count 100 each; every other piece
/// counts by how far it has come. Own minus the opponent's.
fn magnetism_value(v: &crate::magnetism::View, seat: Seat) -> f64 {
    use crate::magnetism::{Color, GRID};
    let grid: Grid = GRID;
    let side = |c: Color| {
        let far = f64::from(v.far_row_count(c)) * 100.0;
        let progress: f64 = v
            .pieces(c)
            .map(|sq| {
                let rank = f64::from(grid.rank(sq));
                if c == Color::White { rank } else { 7.0 - rank }
            })
            .sum();
        far + progress
    };
    let me = if seat.0 == 0 { Color::White } else { Color::Black };
    side(me) - side(me.other())
}

/// Magma: the seat's colour's score minus the best other colour's.
fn magma_value(v: &crate::magma::View, seat: Seat) -> f64 {
    let mine = v.seats.get(seat).map(|s| s.color);
    let own = v
        .scores
        .iter()
        .filter(|s| Some(s.color) == mine)
        .map(|s| f64::from(s.total()))
        .sum::<f64>();
    let other = v
        .scores
        .iter()
        .filter(|s| Some(s.color) != mine)
        .map(|s| f64::from(s.total()))
        .fold(0.0, f64::max);
    own - other
}

/// Magnet: material (values on the board), and the King's steps from the
/// centre. Own minus the opponent's.
fn magnet_value(v: &magnet::View, seat: Seat) -> f64 {
    use magnet::{Color, SideView, Vertex};
    let side = |c: Color| match v.side(c) {
        SideView::Open(s) => s
            .pieces
            .iter()
            .map(|p| {
                let king = if p.kind == Kind::King {
                    50.0 - 2.0 * f64::from(p.vertex.hex().distance(Vertex::CENTRE.hex()))
                } else {
                    0.0
                };
                f64::from(p.value()) + f64::from(p.rank) * 0.5 + king
            })
            .sum::<f64>(),
        SideView::Closed(s) => s.pieces.iter().map(|p| 2.0 + f64::from(p.rank) * 0.5).sum(),
    };
    let me = if seat.0 == 0 { Color::Red } else { Color::Blue };
    side(me) - side(me.other())
}
