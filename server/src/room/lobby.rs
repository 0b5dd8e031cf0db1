//! The lobby: every room in memory, by id, with the summary the public room
//! list shows, and who opened each room (for the open-room quotas). Shared
//! by all connections behind `std` mutexes that are held only for map
//! operations, never across an `.await`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use lodestone_protocol::{RoomStatus, RoomSummary};

use super::core::RoomCore;
use super::handle::RoomHandle;
use crate::metrics::{Refusal, RoomCounts};

#[derive(Debug)]
struct Entry {
    handle: RoomHandle,
    line: Line,
    public: bool,
    status: RoomStatus,
    seated: Vec<String>,
}

/// A room's line of the list, kept small: a [`RoomSummary`] is made of it
/// only when the list is read (its id is the lobby's key; its options a
/// sorted slice, where a map's first node alone is half a kibibyte).
#[derive(Debug)]
struct Line {
    game: String,
    options: Box<[(String, String)]>,
    seats: u8,
    taken: u8,
    players: Vec<String>,
}

impl Line {
    fn of(core: &RoomCore) -> Line {
        let summary = core.summary();
        Line {
            game: summary.game,
            options: summary.options.into_iter().collect(),
            seats: summary.seats,
            taken: summary.taken,
            players: summary.players,
        }
    }

    fn option(&self, key: &str) -> Option<&str> {
        let found = self.options.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok();
        found.map(|i| self.options[i].1.as_str())
    }

    fn summary(&self, id: &str) -> RoomSummary {
        RoomSummary {
            id: id.to_string(),
            game: self.game.clone(),
            options: self.options.iter().cloned().collect(),
            seats: self.seats,
            taken: self.taken,
            players: self.players.clone(),
        }
    }
}

/// Who opened a room: the guest and the client address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opener {
    pub guest: String,
    pub address: IpAddr,
}

/// A page of the room list: at most the page size, and how many matched.
#[derive(Debug)]
pub struct RoomPage {
    pub rooms: Vec<RoomSummary>,
    pub total: usize,
}

/// The rooms in memory.
#[derive(Debug, Default)]
pub struct Lobby {
    rooms: Mutex<HashMap<String, Entry>>,
    /// Rooms opened since the server started, by id, until they start or
    /// leave memory. A room being created is here before it is stored, so
    /// requests on several connections cannot all pass the quota at once.
    openers: Mutex<HashMap<String, Opener>>,
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
                line: Line::of(core),
                public: core.is_public(),
                status: core.status(),
                seated: core.seated_guests(),
            },
        );
    }

    /// Refreshes a room's summary after a change.
    pub fn update(&self, core: &RoomCore) {
        if let Some(e) = self.rooms().get_mut(core.id()) {
            e.line = Line::of(core);
            e.status = core.status();
            e.seated = core.seated_guests();
        }
    }

    pub fn remove(&self, id: &str) {
        self.rooms().remove(id);
        self.openers().remove(id);
    }

    fn openers(&self) -> std::sync::MutexGuard<'_, HashMap<String, Opener>> {
        self.openers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts room `id` (about to be created) against its opener's quotas:
    /// `per_guest` open rooms per guest and `per_address` per address
    /// (0: no limit). Rooms that have started no longer count. On success
    /// the room counts until [`Lobby::forget_opener`] or its removal.
    pub fn claim_open_room(
        &self,
        id: &str,
        opener: Opener,
        per_guest: usize,
        per_address: usize,
    ) -> Result<(), Refusal> {
        if per_guest == 0 && per_address == 0 {
            return Ok(());
        }
        let rooms = self.rooms();
        let mut openers = self.openers();
        // Rooms that are no longer open stop counting (and are forgotten).
        openers.retain(|room, _| rooms.get(room).is_none_or(|e| e.status == RoomStatus::Open));
        let (mut guest, mut address) = (0, 0);
        for o in openers.values() {
            guest += usize::from(o.guest == opener.guest);
            address += usize::from(o.address == opener.address);
        }
        if per_guest > 0 && guest >= per_guest {
            return Err(Refusal::RoomsPerGuest);
        }
        if per_address > 0 && address >= per_address {
            return Err(Refusal::RoomsPerAddress);
        }
        openers.insert(id.to_string(), opener);
        Ok(())
    }

    /// Gives back a claim whose room was not created.
    pub fn forget_opener(&self, id: &str) {
        self.openers().remove(id);
    }

    /// How many rooms are in memory in each state.
    pub fn counts(&self) -> RoomCounts {
        let mut counts = RoomCounts::default();
        for e in self.rooms().values() {
            match e.status {
                RoomStatus::Open => counts.open += 1,
                RoomStatus::Playing => counts.playing += 1,
                RoomStatus::Finished | RoomStatus::Closed => counts.finished += 1,
            }
        }
        counts
    }

    /// The guests seated in room `id`, if it is in memory.
    pub fn seated(&self, id: &str) -> Vec<String> {
        self.rooms().get(id).map(|e| e.seated.clone()).unwrap_or_default()
    }

    pub fn get(&self, id: &str) -> Option<RoomHandle> {
        self.rooms().get(id).map(|e| e.handle.clone())
    }

    /// The rooms where `guest` sits (finished ones too), or with `None`
    /// every room.
    pub fn handles(&self, guest: Option<&str>) -> Vec<RoomHandle> {
        (self.rooms().values())
            .filter(|e| guest.is_none_or(|g| e.seated.iter().any(|s| s == g)))
            .map(|e| e.handle.clone())
            .collect()
    }

    /// Public rooms that still have a free seat (or with `playing`, public
    /// games being played, to watch), in id order: the first `page` of them
    /// (0: all) and how many there are.
    pub fn list(&self, game: Option<&str>, playing: bool, page: usize) -> RoomPage {
        let keep = |e: &Entry| {
            if playing {
                // Only games anyone may watch.
                e.status == RoomStatus::Playing && e.line.option("spectators").is_none()
            } else {
                e.status == RoomStatus::Open && e.line.taken < e.line.seats
            }
        };
        let rooms = self.rooms();
        let mut list: Vec<(&String, &Entry)> = rooms
            .iter()
            .filter(|(_, e)| e.public && keep(e))
            .filter(|(_, e)| game.is_none_or(|g| e.line.game.eq_ignore_ascii_case(g)))
            .collect();
        let total = list.len();
        let page = if page == 0 { total } else { page.min(total) };
        // Only the page is sorted and cloned, not every matching room.
        if page < total {
            list.select_nth_unstable_by(page, |a, b| a.0.cmp(b.0));
            list.truncate(page);
        }
        list.sort_by(|a, b| a.0.cmp(b.0));
        RoomPage {
            rooms: list.into_iter().map(|(id, e)| e.line.summary(id)).collect(),
            total,
        }
    }

    /// Whether room `id`, in memory, is rated (one room looked at, not a
    /// copy of the whole lobby: a `join` asks).
    pub fn is_rated(&self, id: &str) -> bool {
        (self.rooms().get(id)).is_some_and(|e| e.line.option("rated") == Some("yes"))
    }

    /// Every room in memory for the moderators' console: its summary,
    /// status, publicity and seated guests, by id.
    pub fn live(&self) -> Vec<(RoomSummary, RoomStatus, bool, Vec<String>)> {
        let mut all: Vec<_> = self
            .rooms()
            .iter()
            .map(|(id, e)| (e.line.summary(id), e.status, e.public, e.seated.clone()))
            .collect();
        all.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        all
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
