//! Playing a judged Magnet turn: each piece in the order, its captures and
//! traps, the promotions that are not void, then the end of the game.

use super::checks::CheckedTurn;
use super::options::TrapVictims;
use super::state::Magnet;
use super::turn::{MAX_AFFECTED, run};

impl Magnet {
    /// Plays a checked turn and decides whether the game has ended.
    pub(super) fn play_turn(&mut self, turn: &CheckedTurn) {
        let color = self.position.side();
        let enemy = color.other();
        let mut board = self.position.board;
        let mut ends = [None; MAX_AFFECTED];
        let mut irreversible = false;
        let mut event = None;
        for &i in turn.order.as_slice() {
            let i = usize::from(i);
            let moved = run(&mut board, color, turn.magnet, turn.affected.get(i));
            ends[i] = moved.end;
            for kind in moved.captured.into_iter().flatten() {
                self.position.revealed[enemy.index()][kind as usize] += 1;
                irreversible = true;
            }
            if let Some(kind) = moved.destroyed {
                if self.options.trap_victims == TrapVictims::Revealed {
                    self.position.revealed[color.index()][kind as usize] += 1;
                }
                irreversible = true;
            }
            if moved.event.is_some() {
                event = moved.event;
                break;
            }
        }
        if event.is_none() {
            for &i in &turn.promote[..turn.promote_len] {
                let i = usize::from(i);
                // A promotion is void for a piece the turn removed or did
                // not move after all.
                if let Some(end) = ends[i].filter(|&e| e != turn.affected.get(i).from) {
                    board.promote(end);
                    irreversible = true;
                }
            }
        }
        self.position.board = board;
        self.position.side = enemy;
        self.position.opening = false;
        if irreversible {
            self.history.clear();
        }
        self.history.push(self.repeated());
        self.outcome = self.decide().or_else(|| self.history.draw());
    }
}
