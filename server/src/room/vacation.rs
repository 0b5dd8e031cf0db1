//! A room's seats on vacation: the seated accounts' vacations (read by
//! the room task from their stored events, `notify/vacation.rs`) given to
//! the table's clocks (`room/away.rs` does the arithmetic), and shown on
//! the seats ("on vacation until …") while they last.

use std::collections::HashMap;

use lodestone_protocol::{RoomStatus, SeatVacation};

use super::core::RoomCore;
use crate::store::VacationSpan;

impl RoomCore {
    /// Whether its players' vacations matter to this room: a
    /// correspondence clock, in a game not over.
    pub fn minds_vacations(&self) -> bool {
        self.table().clocks().control().is_correspondence()
            && matches!(self.status(), RoomStatus::Open | RoomStatus::Playing)
    }

    /// The seated guests' vacations are `of` (by guest): their clocks are
    /// folded again. Whether anything the watchers see changed.
    pub fn set_vacations(&mut self, of: &HashMap<String, Vec<VacationSpan>>) -> bool {
        let seated: Vec<Option<String>> = (self.seating().seats().iter())
            .map(|p| p.as_ref().map(|p| p.id.clone()))
            .collect();
        let mut changed = false;
        for (i, guest) in seated.into_iter().enumerate() {
            let spans = guest.and_then(|g| of.get(&g).cloned()).unwrap_or_default();
            changed |= self.table_mut().set_vacations(i, spans);
        }
        changed
    }

    /// The end of each seat's vacation at `now`, if on one.
    pub fn vacations_now(&self, now: u64) -> Vec<Option<u64>> {
        (0..self.seating().len())
            .map(|i| self.seat_vacation(i, now).map(|v| v.until))
            .collect()
    }

    /// The next time after `now` a seat's vacation starts or ends (the
    /// room shows it again then).
    pub fn next_vacation_edge(&self, now: u64) -> Option<u64> {
        if self.status() != RoomStatus::Playing {
            return None;
        }
        (0..self.seating().len())
            .flat_map(|i| self.table().vacations(i))
            .flat_map(|s| [s.from, s.until])
            .filter(|&t| t > now)
            .min()
    }

    /// Seat `i`'s vacation at `now` (unix ms), as the room shows it.
    pub(super) fn seat_vacation(&self, i: usize, now: u64) -> Option<SeatVacation> {
        if self.status() != RoomStatus::Playing {
            return None;
        }
        let span = self.table().vacation_at(i, now)?;
        Some(SeatVacation {
            until: span.until,
            message: span.message.clone(),
        })
    }
}
