//! Playing a judged Magnet turn: each piece in the order, its captures and
//! traps, the promotions that are not void, then the end of the game.

use super::board::{Board, Color};
use super::checks::CheckedTurn;
use super::effects::Event;
use super::options::TrapVictims;
use super::state::Magnet;
use super::turn::{MAX_AFFECTED, Moved, Ray, run};
use crate::effect::Events;

impl Magnet {
    /// Plays a checked turn, recording what it did, and decides whether
    /// the game has ended.
    pub(super) fn play_turn<E: Events<Event>>(&mut self, turn: &CheckedTurn, events: &mut E) {
        let color = self.position.side();
        let enemy = color.other();
        let mut board = self.position.board;
        let mut ends = [None; MAX_AFFECTED];
        let mut irreversible = false;
        let mut event = None;
        events.record(|| Event::Magnet {
            at: turn.magnet,
            color,
        });
        for &i in turn.order.as_slice() {
            let i = usize::from(i);
            let ray = turn.affected.get(i);
            let before = board;
            let moved = run(&mut board, color, turn.magnet, ray);
            if E::ON {
                record_move(events, &before, color, ray, &moved);
            }
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
                    events.record(|| Event::Promoted {
                        at: end,
                        color,
                        rank: board.at(end).map_or(0, |p| p.rank),
                    });
                }
            }
        }
        self.position.board = board;
        self.moved.add(color.seat());
        self.position.side = enemy;
        self.position.opening = false;
        if irreversible {
            self.history.clear();
        }
        self.history.push(self.repeated());
        self.outcome = self.decide().or_else(|| self.history.draw());
    }
}

/// Records one piece's move (if it moved): its path, the enemy pieces it captured on the
/// way (from the board `before` it moved), and its end if a trap destroyed
/// it.
fn record_move<E: Events<Event>>(events: &mut E, before: &Board, color: Color, ray: Ray, moved: &Moved) {
    if moved.steps == 0 {
        return;
    }
    let mut path = vec![ray.from];
    let mut at = ray.from;
    for _ in 0..moved.steps {
        at = at.step(ray.toward).expect("the path stays on the board");
        path.push(at);
    }
    events.record(|| Event::Moved {
        color,
        path: path.clone(),
    });
    for &v in &path[1..] {
        if let Some(victim) = before.at(v).filter(|p| p.color != color) {
            events.record(|| Event::Captured {
                at: v,
                color: victim.color,
                kind: victim.kind,
            });
        }
    }
    if let Some(kind) = moved.destroyed {
        events.record(|| Event::Trapped { at, color, kind });
    }
}
