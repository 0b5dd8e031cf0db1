//! What the side to move risks with each offered turn, judged from its own
//! knowledge only: the enemy's kinds are hidden, so the turn is foreseen
//! with every enemy piece taken as an ordinary one (as promotions are).
//!
//! What can be known: whether the enemy could capture the mover's King on
//! its next turn (enemy pieces move by their ranks and block only each
//! other, all public), and, when the enemy is down to one piece (so it is
//! its King), whether that King then stands on the centre, or could reach
//! it with only the two Kings left. What cannot be known is left out: a
//! trap the mover's King might capture, whether an enemy piece on the
//! centre is the King, and any turn whose foreseen end for the mover's
//! King could change because a hidden trap frees the magnet's vertex.

use super::action::Action;
use super::board::{Board, Color, Kind, Piece, Vertex, bits};
use super::state::Magnet;
use super::turn::{plan, run};
use crate::game::{Millis, Risk, avoidable};
use crate::seat::Seat;

impl Magnet {
    /// The board as the side to move `color` knows it: enemy pieces where
    /// they stand, with their ranks, as ordinary pieces.
    fn known_board(&self, color: Color) -> Board {
        let mut board = self.position.board;
        for v in bits(board.occupied(color.other())) {
            let piece = board.take(v).expect("an enemy piece");
            board.put(
                v,
                Piece {
                    kind: Kind::Four,
                    ..piece
                },
            );
        }
        board
    }

    /// The risks of the offered turns (see [`crate::Game::risks`]).
    pub(super) fn turn_risks(&self, seat: Seat, _at: Millis) -> Vec<(Action, Risk)> {
        let color = self.position.side();
        if self.outcome.is_some() || self.position.in_setup() || seat != color.seat() {
            return Vec::new();
        }
        let known = self.known_board(color);
        let judged = self
            .offered_actions()
            .into_iter()
            .filter_map(|action| {
                let Action::Turn(turn) = action else {
                    return None;
                };
                let checked = self.check_turn(seat, &turn).ok()?;
                let order = checked.order.as_slice();
                let planned = plan(&known, color, turn.magnet, &checked.affected, order);
                let mut board = known;
                for &i in order {
                    run(
                        &mut board,
                        color,
                        turn.magnet,
                        checked.affected.get(usize::from(i)),
                    );
                }
                // The King's end is certain unless it is kept off the magnet
                // by an earlier piece, which a hidden trap may remove.
                let uncertain = order.iter().any(|&i| {
                    let ray = checked.affected.get(usize::from(i));
                    let king = self
                        .position
                        .board
                        .at(ray.from)
                        .is_some_and(|p| p.kind == Kind::King);
                    king && ray.rank >= ray.dist && planned.ends[usize::from(i)] != Some(turn.magnet)
                });
                let risk = if uncertain {
                    None
                } else {
                    foreseen_risk(&board, color)
                };
                Some((Action::Turn(turn), risk))
            })
            .collect();
        avoidable(judged)
    }
}

/// What the mover `color` risks after a turn that leaves `board`.
fn foreseen_risk(board: &Board, color: Color) -> Option<Risk> {
    let enemy = color.other();
    let king = board
        .pieces(color)
        .find(|(_, p)| p.kind == Kind::King)
        .map(|(v, _)| v)?;
    let enemies: Vec<(Vertex, Piece)> = board.pieces(enemy).collect();
    if let [(only, _)] = enemies[..] {
        // A side with one piece left has only its King.
        if only == Vertex::CENTRE {
            return Some(Risk::Loses);
        }
        let race = board.count(color) == 1;
        if race && (0..6).any(|d| only.step(d) == Some(Vertex::CENTRE)) {
            return Some(Risk::AllowsWin);
        }
    }
    // An enemy piece with the King on one of its lines, within its rank,
    // and no enemy piece between: a magnet on the King's vertex draws it
    // there first, and it captures the King.
    let capture = enemies.iter().any(|&(from, piece)| {
        (0..6).any(|d| {
            let mut at = from;
            for _ in 0..piece.rank {
                let Some(next) = at.step(d) else { return false };
                if next == king {
                    return true;
                }
                if board.at(next).is_some_and(|p| p.color == enemy) {
                    return false;
                }
                at = next;
            }
            false
        })
    });
    capture.then_some(Risk::AllowsWin)
}
