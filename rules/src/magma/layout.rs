//! Who sits where in Magma: the turn slots (a seat, its colour and its home
//! corner) for 2 to 6 players, the teams, the supplies and the order in
//! which seats answer a proposal to end the game.

use super::board::Color;
use crate::seat::{MAX_SEATS, Seat, SeatSet};

/// Pieces per player; one starts on the home, the rest in hand. The solo
/// player of the five-player game has twice as many.
pub const SUPPLY: u8 = 25;

/// One turn slot of a round: whose turn it is, the colour played and the
/// home corner the seat enters through in this slot (an index into the
/// board's corners, clockwise from the upper right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub seat: Seat,
    pub color: Color,
    pub corner: u8,
}

/// The seats of a game: its turn slots in order, and the solo seat of the
/// five-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    slots: [Slot; MAX_SEATS],
    len: u8,
    seats: u8,
    solo: Option<Seat>,
}

/// The colour each corner is drawn in, clockwise from the upper right.
const fn drawn(corner: u8) -> Color {
    Color::ALL[(corner % 3) as usize]
}

impl Layout {
    /// The layout of RULINGS.md for `players` (2 to 6); `solo` is the solo
    /// colour of the five-player game and is ignored otherwise.
    pub fn new(players: u8, solo: Color) -> Layout {
        use Color::{Blue, Red, Yellow};
        let mut slots = [Slot {
            seat: Seat(0),
            color: Red,
            corner: 0,
        }; MAX_SEATS];
        if players == 5 {
            // The six slots of the six-player game; the solo colour's two
            // corners share one seat, numbered by its first slot.
            let mut solo_seat = None;
            let mut next = 0;
            for corner in 0..6u8 {
                let color = drawn(corner);
                let seat = match solo_seat {
                    Some(seat) if color == solo => seat,
                    _ => {
                        let seat = Seat(next);
                        next += 1;
                        if color == solo {
                            solo_seat = Some(seat);
                        }
                        seat
                    }
                };
                slots[corner as usize] = Slot { seat, color, corner };
            }
            return Layout {
                slots,
                len: 6,
                seats: 5,
                solo: solo_seat,
            };
        }
        let plain: &[(Color, u8)] = match players {
            2 => &[(Red, 0), (Blue, 3)],
            3 => &[(Red, 0), (Yellow, 2), (Blue, 4)],
            4 => &[(Red, 0), (Blue, 1), (Red, 3), (Blue, 4)],
            6 => &[(Red, 0), (Blue, 1), (Yellow, 2), (Red, 3), (Blue, 4), (Yellow, 5)],
            _ => panic!("Magma has 2 to 6 players, not {players}"),
        };
        for (i, &(color, corner)) in plain.iter().enumerate() {
            slots[i] = Slot {
                seat: Seat(i as u8),
                color,
                corner,
            };
        }
        Layout {
            slots,
            len: plain.len() as u8,
            seats: players,
            solo: None,
        }
    }

    /// The turn slots of one round, in turn order.
    #[inline]
    pub fn slots(&self) -> &[Slot] {
        &self.slots[..self.len as usize]
    }

    #[inline]
    pub fn slot(&self, index: usize) -> Slot {
        self.slots()[index]
    }

    /// How many turn slots a round has (six in the five-player game).
    #[inline]
    pub fn slot_count(&self) -> usize {
        self.len as usize
    }

    /// The slot after `index`, round the table.
    #[inline]
    pub fn next_slot(&self, index: usize) -> usize {
        (index + 1) % self.slot_count()
    }

    /// The slot before `index`: the player to the right.
    pub fn previous_slot(&self, index: usize) -> usize {
        (index + self.slot_count() - 1) % self.slot_count()
    }

    pub fn seat_count(&self) -> usize {
        self.seats as usize
    }

    /// The five-player game's solo seat.
    pub fn solo(&self) -> Option<Seat> {
        self.solo
    }

    /// The first slot of `seat` in a round.
    pub fn first_slot(&self, seat: Seat) -> usize {
        self.slots()
            .iter()
            .position(|s| s.seat == seat)
            .expect("every seat has a slot")
    }

    /// The colour `seat` plays.
    pub fn color(&self, seat: Seat) -> Color {
        self.slot(self.first_slot(seat)).color
    }

    /// The seats playing `color` (a team, one seat, or none).
    pub fn team(&self, color: Color) -> SeatSet {
        self.slots()
            .iter()
            .filter(|s| s.color == color)
            .map(|s| s.seat)
            .collect()
    }

    /// The colours that have seats, in [`Color::ALL`] order.
    pub fn colors(&self) -> impl Iterator<Item = Color> + '_ {
        Color::ALL.into_iter().filter(|&c| !self.team(c).is_empty())
    }

    /// The pieces `seat` has in hand at the start (its supply minus the one
    /// on each of its homes).
    pub fn starting_hand(&self, seat: Seat) -> u8 {
        if self.solo == Some(seat) {
            2 * SUPPLY - 2
        } else {
            SUPPLY - 1
        }
    }

    /// Every piece of `color` there is, on the board and in hand.
    pub fn supply(&self, color: Color) -> u32 {
        self.team(color)
            .iter()
            .map(|s| {
                self.starting_hand(s) as u32 + self.slots().iter().filter(|x| x.seat == s).count() as u32
            })
            .sum()
    }

    /// The seats that answer a proposal made in slot `proposer`, in the
    /// order they answer: round the table from the next slot, each seat
    /// once, the proposer left out.
    pub fn voters(&self, proposer: usize) -> impl Iterator<Item = Seat> + '_ {
        let me = self.slot(proposer).seat;
        let mut seen = SeatSet::only(me);
        (1..self.slot_count()).filter_map(move |k| {
            let seat = self.slot((proposer + k) % self.slot_count()).seat;
            let new = !seen.contains(seat);
            seen = seen.with(seat);
            new.then_some(seat)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(l: &Layout) -> Vec<u8> {
        l.slots().iter().map(|s| s.seat.0 + 1).collect()
    }

    #[test]
    fn five_players_number_seats_by_their_first_slot() {
        let l = Layout::new(5, Color::Yellow);
        assert_eq!(order(&l), [1, 2, 3, 4, 5, 3]);
        assert_eq!(l.solo(), Some(Seat(2)));
        assert_eq!(l.starting_hand(Seat(2)), 48);
        assert_eq!(l.supply(Color::Yellow), 50);
        assert_eq!(l.team(Color::Red), [Seat(0), Seat(3)].into_iter().collect());
        assert_eq!(order(&Layout::new(5, Color::Red)), [1, 2, 3, 1, 4, 5]);
        assert_eq!(order(&Layout::new(5, Color::Blue)), [1, 2, 3, 4, 2, 5]);
    }

    #[test]
    fn voters_answer_once_each_round_the_table() {
        let l = Layout::new(5, Color::Yellow);
        let v: Vec<u8> = l.voters(5).map(|s| s.0 + 1).collect();
        assert_eq!(v, [1, 2, 4, 5]);
        let v: Vec<u8> = l.voters(1).map(|s| s.0 + 1).collect();
        assert_eq!(v, [3, 4, 5, 1]);
        let two = Layout::new(2, Color::Yellow);
        assert_eq!(two.voters(1).collect::<Vec<_>>(), [Seat(0)]);
        assert_eq!(two.supply(Color::Blue), 25);
        assert_eq!(two.colors().collect::<Vec<_>>(), [Color::Red, Color::Blue]);
    }
}
