//! Magma's actions: moves, entries, passes, the votes to end, and the
//! timer's timeout with its penalty.

use super::board::Cell;

/// One action of Magma.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move a piece of one's colour: a step or a chain of jumps, `e3-e5`;
    /// with the landing cells spelled out, `e3-e5-g6` (`via` holds the
    /// cells between `from` and `to`).
    Move { from: Cell, to: Cell, via: Vec<Cell> },
    /// Bring a piece in through one's home: `enter d1` onto the empty home,
    /// `enter e1` over the home piece (and on by jumps); spelled out,
    /// `enter d1-e1-g2` (`via` holds the home and the cells before `to`).
    Enter { to: Cell, via: Vec<Cell> },
    /// `pass`.
    Pass,
    /// `end?`: the player to move proposes to end the game.
    ProposeEnd,
    /// `end!`: accept the proposal.
    AcceptEnd,
    /// `end-`: refuse it.
    RefuseEnd,
    /// `timeout`: the running turn's timer ran out (the server applies it).
    Timeout,
    /// `remove e4`: the penalty for a timeout, chosen by the player to the
    /// late player's right.
    Remove(Cell),
}
