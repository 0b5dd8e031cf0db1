//! A room's seating, one part of its state: who holds each seat (a
//! [`Player`]), since when each seat is absent, and who owns the room.
//! Only `RoomCore::evolve` changes it.

use lodestone_rules::Seat;

use super::event::Owner;
pub use super::event::Player;

/// Who holds each seat, since when each seat is absent, and who owns the
/// room.
#[derive(Clone, Debug, Default)]
pub struct Seating {
    seats: Vec<Option<Player>>,
    absent_since: Vec<Option<u64>>,
    owner: Option<Owner>,
}

impl Seating {
    pub(super) fn new(seats: usize, owner: Option<Owner>) -> Seating {
        Seating {
            seats: vec![None; seats],
            absent_since: vec![None; seats],
            owner,
        }
    }

    pub fn seats(&self) -> &[Option<Player>] {
        &self.seats
    }

    pub fn len(&self) -> usize {
        self.seats.len()
    }

    /// The seated players.
    pub fn players(&self) -> impl Iterator<Item = &Player> + Clone {
        self.seats.iter().flatten()
    }

    /// The seat `guest` holds.
    pub fn seat_of(&self, guest: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.id == guest))
            .map(|i| Seat(i as u8))
    }

    pub fn owner(&self) -> Option<&Owner> {
        self.owner.as_ref()
    }

    /// Whether seat `i` is absent.
    pub fn is_absent(&self, i: usize) -> bool {
        self.absent_since[i].is_some()
    }

    /// Since when (wall ms) seat `i` is absent.
    pub fn absent_since(&self, i: usize) -> Option<u64> {
        self.absent_since[i]
    }

    /// Puts `player` at `seat`; returns who held it.
    pub(super) fn take(&mut self, seat: Seat, player: Player) -> Result<Option<Player>, String> {
        let slot = self
            .seats
            .get_mut(seat.index())
            .ok_or_else(|| format!("seat {} is not a seat of this game", seat.0))?;
        Ok(slot.replace(player))
    }

    /// Frees `seat`; returns who held it.
    pub(super) fn free(&mut self, seat: Seat) -> Option<Player> {
        self.seats.get_mut(seat.index()).and_then(Option::take)
    }

    pub(super) fn rename(&mut self, seat: Seat, name: &str) {
        if let Some(Some(p)) = self.seats.get_mut(seat.index()) {
            p.name = name.to_string();
        }
    }

    pub(super) fn set_owner(&mut self, owner: Option<Owner>) {
        self.owner = owner;
    }

    /// Seat `seat` is absent since `since`, or (with `None`) back.
    pub(super) fn set_absent(&mut self, seat: Seat, since: Option<u64>) {
        if let Some(slot) = self.absent_since.get_mut(seat.index()) {
            *slot = since;
        }
    }
}
