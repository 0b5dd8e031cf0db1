//! The lobby: every room in memory, by id, with the summary the public room
//! list shows. Shared by all connections behind a `std` mutex that is held
//! only for map operations, never across an `.await`.

use std::collections::HashMap;
use std::sync::Mutex;

use lodestone_protocol::{RoomStatus, RoomSummary};

use crate::room::{RoomCore, RoomHandle};

#[derive(Debug)]
struct Entry {
    handle: RoomHandle,
    summary: RoomSummary,
    public: bool,
    status: RoomStatus,
    seated: Vec<String>,
}

/// The rooms in memory.
#[derive(Debug, Default)]
pub struct Lobby {
    rooms: Mutex<HashMap<String, Entry>>,
}

impl Lobby {
    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        // A panic while holding the lock cannot leave the map half-changed
        // (every change is a single insert or field update), so a poisoned
        // lock is still usable.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds a room's task.
    pub fn insert(&self, handle: RoomHandle, core: &RoomCore) {
        self.rooms().insert(
            core.id().to_string(),
            Entry {
                handle,
                summary: core.summary(),
                public: core.is_public(),
                status: core.status(),
                seated: core.seated_guests(),
            },
        );
    }

    /// Refreshes a room's summary after a change.
    pub fn update(&self, core: &RoomCore) {
        if let Some(e) = self.rooms().get_mut(core.id()) {
            e.summary = core.summary();
            e.status = core.status();
            e.seated = core.seated_guests();
        }
    }

    pub fn remove(&self, id: &str) {
        self.rooms().remove(id);
    }

    pub fn get(&self, id: &str) -> Option<RoomHandle> {
        self.rooms().get(id).map(|e| e.handle.clone())
    }

    /// Public rooms that still have a free seat, in id order.
    pub fn open_rooms(&self, game: Option<&str>) -> Vec<RoomSummary> {
        self.public_rooms(game, |e| {
            e.status == RoomStatus::Open && e.summary.taken < e.summary.seats
        })
    }

    /// Public games being played (to watch), in id order.
    pub fn playing_rooms(&self, game: Option<&str>) -> Vec<RoomSummary> {
        self.public_rooms(game, |e| e.status == RoomStatus::Playing)
    }

    fn public_rooms(&self, game: Option<&str>, keep: impl Fn(&Entry) -> bool) -> Vec<RoomSummary> {
        let mut list: Vec<RoomSummary> = self
            .rooms()
            .values()
            .filter(|e| e.public && keep(e))
            .filter(|e| game.is_none_or(|g| e.summary.game.eq_ignore_ascii_case(g)))
            .map(|e| e.summary.clone())
            .collect();
        list.sort_by(|a, b| a.id.cmp(&b.id));
        list
    }

    /// The unfinished rooms where `guest` holds a seat.
    pub fn rooms_of(&self, guest: &str) -> Vec<String> {
        let mut ids: Vec<String> = self
            .rooms()
            .iter()
            .filter(|(_, e)| e.status != RoomStatus::Finished && e.seated.iter().any(|g| g == guest))
            .map(|(id, _)| id.clone())
            .collect();
        ids.sort();
        ids
    }
}
