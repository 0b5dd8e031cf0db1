//! Seats, sets of seats, per-seat data and viewers.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most seats any game has (Magma with six players).
pub const MAX_SEATS: usize = 6;

/// A seat at the table, numbered from 0 in turn order.
///
/// Games name their seats for people (`white`, `red`, `3`); the number is
/// what the code uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's position in turn order, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of seats, e.g. the seats that may act now (several during a
/// simultaneous phase) or the winners (a team in Magma).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding only `seat`.
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Seats `0..n`.
    pub const fn first(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set: the one a record lists first.
    pub fn first_seat(self) -> Option<Seat> {
        self.iter().next()
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8).map(Seat).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// One value per seat, indexed by [`Seat`] rather than by a bare number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T> {
    values: Vec<T>,
}

impl<T> BySeat<T> {
    /// A value for each of `n` seats, made by `f(seat)`.
    pub fn from_fn(n: usize, mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        assert!(n <= MAX_SEATS, "at most {MAX_SEATS} seats");
        BySeat {
            values: (0..n as u8).map(|i| f(Seat(i))).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.values.get(seat.index())
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<T> {
        (0..self.values.len() as u8).map(Seat)
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.values.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        BySeat {
            values: self.iter().map(|(s, v)| f(s, v)).collect(),
        }
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index()]
    }
}

/// Who a view is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A player: sees its own secrets and the public part of everyone else's.
    Seat(Seat),
    /// Someone watching: sees only what is public.
    Spectator,
    /// Sees everything. For the room itself, stored records and tools such as
    /// `lodestone replay`; never sent to a socket while a game runs.
    Referee,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_operations() {
        let s = SeatSet::first(3);
        assert_eq!(s.len(), 3);
        assert!(s.contains(Seat(2)));
        assert!(!s.contains(Seat(3)));
        let t = s.without(Seat(0));
        assert_eq!(t.first_seat(), Some(Seat(1)));
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(2)]);
        assert_eq!(SeatSet::first(6).len(), 6);
        assert!(SeatSet::EMPTY.is_empty());
        assert_eq!([Seat(4), Seat(1)].into_iter().collect::<SeatSet>().len(), 2);
    }

    #[test]
    fn by_seat_indexes_by_seat() {
        let mut b = BySeat::from_fn(2, |s| s.index() * 10);
        b[Seat(1)] += 1;
        assert_eq!(b[Seat(0)], 0);
        assert_eq!(b[Seat(1)], 11);
        assert_eq!(b.map(|_, v| v + 1)[Seat(0)], 1);
    }
}
