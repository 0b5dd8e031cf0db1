//! Setting a Magma game up: the start (a piece on each home, the rest in
//! hand) and a position read from text, checked against the options.

use super::board::{Color, Geometry, bit};
use super::clock::{Clock, FULL_MS, Timer};
use super::layout::Layout;
use super::options::Options;
use super::state::{Magma, Phase, Position};
use crate::seat::{MAX_SEATS, Seat, SeatSet};
use crate::table::Moved;

impl Magma {
    /// A game continuing from `pos` (already checked).
    pub(super) fn from_parts(options: Options, pos: Position) -> Magma {
        let layout = Layout::new(options.players, options.solo);
        // The seats of the turns the position counts (up to a round back)
        // have moved, as far as it can tell.
        let n = layout.slot_count();
        let moved = Moved(
            (1..=pos.turns as usize)
                .map(|k| layout.slot((pos.slot as usize + n * 2 - k) % n).seat)
                .collect(),
        );
        let mut game = Magma {
            options,
            layout,
            pos,
            moved,
            outcome: None,
        };
        game.outcome = game.ending().map(|how| game.final_outcome(how));
        game
    }

    /// The starting position of a game with `options`.
    pub(super) fn start(options: Options) -> Magma {
        let options = options.in_range();
        let layout = Layout::new(options.players, options.solo);
        let g = Geometry::of(options.board);
        let mut pieces = [0; 3];
        for s in layout.slots() {
            pieces[s.color.index()] |= bit(g.corners()[s.corner as usize]);
        }
        let mut hands = [0; MAX_SEATS];
        for seat in (0..layout.seat_count() as u8).map(Seat) {
            hands[seat.index()] = layout.starting_hand(seat);
        }
        let pos = Position {
            pieces,
            hands,
            slot: layout.first_slot(options.first) as u8,
            passes: 0,
            turns: 0,
            phase: Phase::Play { refused: false },
            clock: Clock::start(options.timer),
            out: SeatSet::EMPTY,
        };
        Magma::from_parts(options, pos)
    }

    /// Checks a position read from text against the options.
    pub(super) fn validate(options: &Options, layout: &Layout, pos: &Position) -> Result<(), String> {
        let g = Geometry::of(options.board);
        let mut seen = 0;
        for c in Color::ALL {
            let set = pos.pieces[c.index()];
            if set & seen != 0 {
                return Err("a cell holds two pieces".into());
            }
            seen |= set;
            let team = layout.team(c);
            if team.is_empty() && set != 0 {
                return Err(format!("{c} has no seat in a {}-player game", options.players));
            }
            let total = set.count_ones() + team.iter().map(|s| pos.hands[s.index()] as u32).sum::<u32>();
            if total > layout.supply(c) {
                return Err(format!(
                    "{c} has {total} pieces on the board and in hand; the most is {}",
                    layout.supply(c)
                ));
            }
        }
        if seen & !g.all() != 0 {
            return Err("a piece lies outside the board".into());
        }
        for seat in (0..layout.seat_count() as u8).map(Seat) {
            let most = layout.starting_hand(seat);
            if pos.hands[seat.index()] > most {
                return Err(format!("seat {} has more than {most} pieces in hand", seat.0 + 1));
            }
        }
        let n = layout.slot_count() as u8;
        let live = |i: usize| !pos.out.contains(layout.slot(i).seat);
        // A round of passes counts only the slots of seats still playing.
        let live_n = (0..layout.slot_count()).filter(|&i| live(i)).count() as u8;
        if pos.passes > live_n || pos.turns > n || pos.passes > pos.turns {
            return Err(format!(
                "{} passes in a row and {} turns taken do not fit a round of {n} turns",
                pos.passes, pos.turns
            ));
        }
        let playing = layout
            .colors()
            .filter(|&c| layout.team(c).iter().any(|s| !pos.out.contains(s)))
            .count();
        if playing < 2 {
            return Err("fewer than two sides still play: the game would be over".into());
        }
        if !live(pos.slot as usize) && pos.phase != Phase::Penalty {
            return Err(format!(
                "seat {} has left the game: its turn is skipped",
                layout.slot(pos.slot as usize).seat.0 + 1
            ));
        }
        let over_by_passes = pos.passes == live_n;
        match pos.phase {
            Phase::Play { .. } => {}
            _ if over_by_passes => return Err("the game ended by passes: nothing can be pending".into()),
            Phase::Vote { waiting } => {
                let order: Vec<Seat> = layout
                    .voters(pos.slot as usize)
                    .filter(|&s| !pos.out.contains(s))
                    .collect();
                let k = order.len() - waiting.len();
                if waiting.is_empty() || order[k..].iter().copied().collect::<SeatSet>() != waiting {
                    return Err("the seats still to answer must be the last voters in turn order".into());
                }
            }
            Phase::Penalty => {
                if options.timer == Timer::None {
                    return Err("a penalty needs a timer".into());
                }
                let late = layout.slot(pos.slot as usize).color;
                if pos.pieces[late.index()] == 0 || pos.turns == 0 || pos.passes != 0 {
                    return Err(format!("no penalty can be pending: {late} has no piece to lose"));
                }
            }
            Phase::Agreed => {}
        }
        if options.timer == Timer::None {
            if pos.clock != Clock::default() {
                return Err("a game without a timer has no clock".into());
            }
        } else if pos.clock.budget > FULL_MS || pos.clock.used > pos.clock.budget {
            return Err(format!(
                "the clock must have at most {FULL_MS} ms and use no more than it has"
            ));
        }
        Ok(())
    }
}
