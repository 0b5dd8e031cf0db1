//! Who watches a room, from which connections and as whom, and since when
//! each seat has had no connection. This is presence, not the room's
//! state: it changes with connections, never with events, is not stored
//! and does not count in the version (a restart counts from the restart).

use std::collections::{BTreeMap, BTreeSet};

use lodestone_rules::Seat;

use super::vec_map::VecMap;

/// Identifies one client connection.
pub type ConnId = u64;

/// A connection watching the room, and as whom.
#[derive(Clone, Debug)]
struct Watcher {
    guest: String,
    seat: Option<Seat>,
    /// A bot standing in for an absent person: it does not make the
    /// seat present.
    stand_in: bool,
}

/// The room's watchers.
#[derive(Clone, Debug, Default)]
pub struct Watchers {
    by_conn: VecMap<ConnId, Watcher>,
    /// Each seat: since when (wall ms) no connection watches from it.
    away_since: Vec<Option<u64>>,
}

impl Watchers {
    pub(super) fn new(seats: usize) -> Watchers {
        Watchers {
            by_conn: VecMap::default(),
            away_since: vec![None; seats],
        }
    }

    /// `conn` watches as `guest` from `seat` (a stand-in does not make the
    /// seat present).
    pub(super) fn insert(&mut self, conn: ConnId, guest: &str, seat: Option<Seat>, stand_in: bool) {
        let guest = guest.to_string();
        self.by_conn.insert(
            conn,
            Watcher {
                guest,
                seat,
                stand_in,
            },
        );
    }

    /// Stops `conn` watching; returns whether it did.
    pub(super) fn remove(&mut self, conn: ConnId) -> bool {
        self.by_conn.remove(&conn).is_some()
    }

    /// `guest` holds no seat any more: its connections watch as
    /// spectators.
    pub(super) fn unseat(&mut self, guest: &str) {
        for w in self.by_conn.values_mut().filter(|w| w.guest == guest) {
            w.seat = None;
        }
    }

    /// Every watcher's seat as `seat_of` tells it (after a rebuild).
    pub(super) fn reseat(&mut self, seat_of: impl Fn(&str) -> Option<Seat>) {
        for w in self.by_conn.values_mut() {
            w.seat = seat_of(&w.guest);
        }
    }

    /// Seat `i` is watched (`connected`) or not at `now`: when it is not,
    /// since when it has not been.
    pub(super) fn note(&mut self, i: usize, connected: bool, now: u64) {
        if connected {
            self.away_since[i] = None;
        } else if self.away_since[i].is_none() {
            self.away_since[i] = Some(now);
        }
    }

    /// Since when seat `i` has had no connection.
    pub fn away_since(&self, i: usize) -> Option<u64> {
        self.away_since[i]
    }

    pub fn contains(&self, conn: ConnId) -> bool {
        self.by_conn.contains_key(&conn)
    }

    /// The seat `conn` watches from.
    pub fn seat_of_conn(&self, conn: ConnId) -> Option<Seat> {
        self.by_conn.get(&conn).and_then(|w| w.seat)
    }

    /// The seats watched from at least one connection (stand-ins aside).
    pub fn connected_seats(&self) -> BTreeSet<Seat> {
        self.by_conn
            .values()
            .filter(|w| !w.stand_in)
            .filter_map(|w| w.seat)
            .collect()
    }

    /// The distinct viewers among the watchers, with their connections.
    pub fn audiences(&self) -> BTreeMap<Option<Seat>, Vec<ConnId>> {
        let mut out: BTreeMap<Option<Seat>, Vec<ConnId>> = BTreeMap::new();
        for (conn, w) in self.by_conn.iter() {
            out.entry(w.seat).or_default().push(*conn);
        }
        out
    }

    /// The connections watching as `guest`.
    pub fn conns_of(&self, guest: &str) -> Vec<ConnId> {
        self.by_conn
            .iter()
            .filter(|(_, w)| w.guest == guest)
            .map(|(c, _)| *c)
            .collect()
    }

    /// Whether someone watches who is not a stand-in and not one of
    /// `bots`.
    pub fn any_person(&self, bots: &[&str]) -> bool {
        self.by_conn
            .values()
            .any(|w| !w.stand_in && !bots.contains(&w.guest.as_str()))
    }
}
