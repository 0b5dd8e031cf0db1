//! Magma's scoring: what each colour could still reach, its territory,
//! the scores, how a game ends and who wins (with the tie-break).

use super::board::{Cell, CellSet, Color, bit};
use super::state::{Magma, Phase};
use crate::game::Outcome;
use crate::seat::SeatSet;

/// One colour's score: its pieces on the board plus three per cell of
/// territory (vacant, and reachable by that colour alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    pub color: Color,
    /// The seats playing the colour.
    pub seats: SeatSet,
    pub pieces: u32,
    pub territory: u32,
}

impl Score {
    pub const fn total(&self) -> u32 {
        self.pieces + 3 * self.territory
    }
}

/// How a game may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    Passes,
    Agreement,
}

impl Magma {
    /// The vacant cells `color` could move a piece to in this position: next
    /// to one of its pieces (every step, jump landing and entry landing is),
    /// or an empty home of one of its seats with pieces in hand.
    pub fn reach(&self, color: Color) -> CellSet {
        let g = self.geometry();
        let vacant = g.all() & !self.occupied();
        let mut reach = g.dilate(self.pos.pieces[color.index()]) & vacant;
        for (i, s) in self.layout.slots().iter().enumerate() {
            if s.color == color && self.pos.hands[s.seat.index()] > 0 {
                reach |= bit(self.home(i)) & vacant;
            }
        }
        reach
    }

    /// Every colour's score if the game ended now, in [`Color::ALL`] order.
    pub fn scores(&self) -> Vec<Score> {
        let colors: Vec<Color> = self.layout.colors().collect();
        let reach: Vec<CellSet> = colors.iter().map(|&c| self.reach(c)).collect();
        colors
            .iter()
            .enumerate()
            .map(|(i, &color)| {
                let others = reach
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(0, |a, (_, &r)| a | r);
                Score {
                    color,
                    seats: self.layout.team(color),
                    pieces: self.pos.pieces[color.index()].count_ones(),
                    territory: (reach[i] & !others).count_ones(),
                }
            })
            .collect()
    }

    /// The cells that score for `color`: vacant and reachable by it alone.
    pub fn territory(&self, color: Color) -> Vec<Cell> {
        let others = self
            .layout
            .colors()
            .filter(|&c| c != color)
            .fold(0, |a, c| a | self.reach(c));
        self.labels(self.reach(color) & !others)
    }

    pub(super) fn ending(&self) -> Option<Ending> {
        if self.pos.phase == Phase::Agreed {
            Some(Ending::Agreement)
        } else if self.passes() >= self.live_slot_count() {
            Some(Ending::Passes)
        } else {
            None
        }
    }

    /// Among `colors`, the one whose latest turn came last, if any of them
    /// has taken a turn. Only the slots of seats still playing are looked
    /// at (after a resignation the turns go round those).
    pub(super) fn latest(&self, colors: &[Color]) -> Option<Color> {
        let n = self.layout.slot_count();
        (1..=n)
            .map(|k| (self.slot() + n - k) % n)
            .filter(|&i| self.is_live_slot(i))
            .take(self.pos.turns as usize)
            .map(|i| self.layout.slot(i).color)
            .find(|c| colors.contains(c))
    }

    /// The result at the end by passes or agreement. Colours whose every
    /// seat has left play are ranked below every colour still playing,
    /// whatever their scores, and marked `(out)`.
    pub(super) fn final_outcome(&self, how: Ending) -> Outcome {
        let mut scores = self.scores();
        let playing = self.colors_in_play();
        let plays = |s: &Score| playing.contains(&s.color);
        let best = scores
            .iter()
            .filter(|s| plays(s))
            .map(Score::total)
            .max()
            .unwrap_or(0);
        let tied: Vec<Color> = scores
            .iter()
            .filter(|s| plays(s) && s.total() == best)
            .map(|s| s.color)
            .collect();
        let latest = self.latest(&tied);
        // Colours still playing first; then highest first; among equals,
        // the tie-break's winner first.
        scores.sort_by_key(|s| (!plays(s), std::cmp::Reverse(s.total()), Some(s.color) != latest));
        let listed: Vec<String> = scores
            .iter()
            .map(|s| {
                let out = if plays(s) { "" } else { " (out)" };
                format!("{} {}{out}", s.color, s.total())
            })
            .collect();
        let how = match how {
            Ending::Passes => "all passed",
            Ending::Agreement => "agreed end",
        };
        let mut reason = format!("{how}; {}", listed.join(", "));
        let winner = if tied.len() == 1 {
            Some(tied[0])
        } else if let Some(c) = latest {
            reason.push_str(&format!("; the tie goes to {c}, who played last"));
            Some(c)
        } else {
            reason.push_str("; a tie, and no tied side has taken a turn");
            None
        };
        match winner {
            Some(color) => Outcome::Win {
                winners: self.layout.team(color),
                side: color.name().into(),
                reason,
            },
            None => Outcome::Draw { reason },
        }
    }
}
