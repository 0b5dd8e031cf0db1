//! Judging a Magnet turn from the mover's knowledge only: the magnet, the
//! order of the affected pieces, the promotions by their foreseen ends.

use super::action::Turn;
use super::board::{Color, Kind, Vertex, list_labels};
use super::state::Magnet;
use super::turn::{Affected, MAX_AFFECTED, affected, plan};
use crate::game::{ErrorCode, RuleError};
use crate::seat::Seat;

/// The default order of up to six affected pieces.
pub(super) const DEFAULT_ORDER: [u8; MAX_AFFECTED] = [0, 1, 2, 3, 4, 5];

/// A checked turn, ready to play.
#[derive(Debug)]
pub struct CheckedTurn {
    pub(super) magnet: Vertex,
    pub(super) affected: Affected,
    pub(super) order: PieceOrder,
    /// Indices into `affected` of the pieces to promote.
    pub(super) promote: [u8; MAX_AFFECTED],
    pub(super) promote_len: usize,
}

/// Indices into the affected pieces, in the order they move.
#[derive(Clone, Copy, Debug)]
pub(super) struct PieceOrder {
    pub(super) items: [u8; MAX_AFFECTED],
    pub(super) len: usize,
}

impl PieceOrder {
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.items[..self.len]
    }
}

impl Magnet {
    /// Checks a turn for the side to move without changing anything. Every
    /// check uses only what the mover knows (its own pieces and the board),
    /// so a refusal never tells it anything about the enemy's hidden
    /// pieces.
    pub(super) fn check_turn(&self, seat: Seat, turn: &Turn) -> Result<CheckedTurn, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let color = self.side_of(seat)?;
        let pos = &self.position;
        if pos.in_setup() {
            let missing: Vec<_> = Color::BOTH
                .into_iter()
                .filter(|&c| !pos.has_set_up(c))
                .map(Color::name)
                .collect();
            return Err(RuleError::new(
                ErrorCode::WrongPhase,
                format!(
                    "both sides set up before the first turn ({} has not yet)",
                    missing.join(" and ")
                ),
            ));
        }
        if color != pos.side() {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", pos.side().name()),
            ));
        }
        let name = color.name();
        let m = turn.magnet;
        let aff = affected(&pos.board, color, m);
        if aff.is_empty() {
            return Err(RuleError::illegal(format!(
                "no {name} piece lies on a line from {m}"
            )));
        }
        let affected_list = || list_labels(aff.iter().map(|r| r.from));
        let mut order = PieceOrder {
            items: [0; MAX_AFFECTED],
            len: 0,
        };
        match &turn.order {
            None if pos.is_opening() && aff.len() > 1 => {
                return Err(RuleError::illegal(format!(
                    "{name}'s opening turn moves exactly one piece: name one of {} after the magnet",
                    affected_list()
                )));
            }
            None => {
                order.items = DEFAULT_ORDER;
                order.len = aff.len();
            }
            Some(list) => {
                for v in list.iter() {
                    let i = aff.position(v).ok_or_else(|| {
                        RuleError::illegal(format!(
                            "{v} is not one of the pieces a magnet on {m} affects ({})",
                            affected_list()
                        ))
                    })?;
                    if order.as_slice().contains(&(i as u8)) {
                        return Err(RuleError::illegal(format!("{v} is listed twice in the order")));
                    }
                    order.items[order.len] = i as u8;
                    order.len += 1;
                }
                if pos.is_opening() && order.len != 1 {
                    return Err(RuleError::illegal(format!(
                        "{name}'s opening turn moves exactly one piece, not {}",
                        order.len
                    )));
                }
                if !pos.is_opening()
                    && let Some(missing) = aff.iter().find(|r| !list.iter().any(|v| v == r.from))
                {
                    return Err(RuleError::illegal(format!(
                        "the order must list every piece the magnet affects: {} is missing",
                        missing.from
                    )));
                }
            }
        }
        let planned = plan(&pos.board, color, m, &aff, order.as_slice());
        if planned.moves == 0 {
            return Err(RuleError::illegal(if pos.is_opening() && aff.len() > 1 {
                format!(
                    "the piece on {} cannot move toward {m}",
                    aff.get(usize::from(order.items[0])).from
                )
            } else {
                format!("a magnet on {m} moves no {name} piece")
            }));
        }
        let mut promote = [0u8; MAX_AFFECTED];
        let mut promote_len = 0;
        for v in turn.promote.iter() {
            let i = order
                .as_slice()
                .iter()
                .map(|&i| usize::from(i))
                .find(|&i| planned.ends[i] == Some(v))
                .ok_or_else(|| RuleError::illegal(format!("no moving {name} piece ends on {v}")))?;
            let piece = pos.at(aff.get(i).from).expect("an affected piece");
            if planned.may_move & (1 << i) == 0 {
                return Err(RuleError::illegal(format!(
                    "the piece on {v} does not move, so it cannot be promoted"
                )));
            }
            if piece.kind == Kind::King {
                return Err(RuleError::illegal(format!(
                    "the King ending on {v} is never promoted"
                )));
            }
            if !piece.can_promote() {
                return Err(RuleError::illegal(format!(
                    "the piece ending on {v} is already at rank {}, its value",
                    piece.rank
                )));
            }
            if promote[..promote_len].contains(&(i as u8)) {
                return Err(RuleError::illegal(format!("{v} is listed twice for promotion")));
            }
            promote[promote_len] = i as u8;
            promote_len += 1;
        }
        Ok(CheckedTurn {
            magnet: m,
            affected: aff,
            order,
            promote,
            promote_len,
        })
    }
}
