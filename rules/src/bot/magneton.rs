//! Magneton's search: UCT on the full position (nothing is hidden). A leaf
//! is worth a win to the side to move if it has a winning action (so a
//! threat the tree has not met yet still counts), else the lines
//! evaluation: every window of four squares along a line that holds `n`
//! stones of one colour and none of the other counts `WEIGHT[n]`.

use std::sync::OnceLock;

use super::fast::Fast;
use super::mcts::{self, Evaluation, Values};
use super::{Situation, Think};
use crate::MAX_SEATS;
use crate::any::AnyGame;
use crate::game::Game;
use crate::geometry::square::Dir;
use crate::magneton::{Color, GRID, Magneton, MoveRule, Position};

/// What a window of four with `n` own stones (and no enemy one) is worth.
const WEIGHT: [f32; 5] = [0.0, 1.0, 4.0, 12.0, 20.0];
/// The lines evaluation's scale: a difference of this much is a 73% chance.
const SCALE: f32 = 24.0;

pub(super) fn choose(situation: &Situation, think: &Think<'_>, rng: &mut Fast) -> Option<String> {
    let AnyGame::Magneton(game) = situation.game()? else {
        return None;
    };
    let rule = game.options().move_rule;
    super::search_perfect(game, Lines { rule }, situation, think, rng)
}

/// The lines evaluation (see the module's documentation) under `rule`.
struct Lines {
    rule: MoveRule,
}

impl Evaluation<Magneton> for Lines {
    fn leaf(&mut self, game: &mut Magneton, _rng: &mut Fast) -> Values {
        value(game.position(), self.rule)
    }
}

/// The value of a position with the game not over, per seat.
pub(super) fn value(pos: &Position, rule: MoveRule) -> Values {
    let mover = pos.side();
    let white = if can_win(pos, rule) {
        if mover == Color::White { 1.0 } else { 0.0 }
    } else {
        let x = lines(pos, Color::White) - lines(pos, Color::Black);
        mcts::squash(x, SCALE)
    };
    let mut v = [0.5; MAX_SEATS];
    v[0] = white;
    v[1] = 1.0 - white;
    v
}

/// Whether the side to move has an action that wins at once.
fn can_win(pos: &Position, rule: MoveRule) -> bool {
    let c = pos.side();
    let wins = |after: &Position, displaced: u64| {
        let lines = after.winning_lines(displaced);
        // Both colours' lines: the player who acted wins.
        lines.contains(&c)
    };
    if pos.in_drop_phase() {
        // The first two drops have no effect and cannot win.
        if pos.on_board(Color::White) + pos.on_board(Color::Black) < 2 {
            return false;
        }
        pos.empty_squares().any(|sq| {
            let mut after = *pos;
            let displaced = after.drop_stone(sq);
            wins(&after, displaced)
        })
    } else {
        pos.moves_of(c, rule).into_iter().any(|(from, to)| {
            let mut after = *pos;
            let displaced = after.move_stone(from, to);
            wins(&after, displaced)
        })
    }
}

/// Every window of four squares in a line, as a bit set.
fn windows() -> &'static [u64] {
    static WINDOWS: OnceLock<Vec<u64>> = OnceLock::new();
    WINDOWS.get_or_init(|| {
        let mut out = Vec::new();
        for sq in GRID.squares() {
            for dir in Dir::LINES {
                let window: Vec<_> = std::iter::once(sq).chain(GRID.ray(sq, dir).take(3)).collect();
                if window.len() == 4 {
                    out.push(window.iter().fold(0u64, |m, s| m | (1 << s.0)));
                }
            }
        }
        out
    })
}

/// The lines evaluation of `c`'s stones.
fn lines(pos: &Position, c: Color) -> f32 {
    let (own, theirs) = (pos.stones(c), pos.stones(c.other()));
    windows()
        .iter()
        .filter(|&&w| theirs & w == 0)
        .map(|&w| WEIGHT[(own & w).count_ones() as usize])
        .sum()
}
