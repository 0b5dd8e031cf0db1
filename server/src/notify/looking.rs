//! Who is looking at which room now: each connection's guest, the rooms it
//! watches and whether its page is visible (a client that never says
//! counts as visible). A push about a room is dropped when its person has
//! a visible connection watching it. Memory only, per node: the sockets of
//! a room sit on the node that owns it, and so do its pushes' first tries.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// One connection as the notifications see it.
#[derive(Debug)]
struct Conn {
    guest: String,
    visible: bool,
    rooms: HashSet<String>,
}

/// The connections of this node (std mutex, never held across `.await`).
#[derive(Debug, Default)]
pub struct Looking {
    conns: Mutex<HashMap<u64, Conn>>,
}

impl Looking {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<u64, Conn>) -> T) -> T {
        f(&mut self.conns.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Connection `conn` of `guest` watches `rooms` now.
    pub fn watching(&self, conn: u64, guest: &str, rooms: &HashSet<String>) {
        self.with(|conns| {
            let entry = conns.entry(conn).or_insert_with(|| Conn {
                guest: guest.to_string(),
                visible: true,
                rooms: HashSet::new(),
            });
            entry.guest = guest.to_string();
            entry.rooms.clone_from(rooms);
        });
    }

    /// The page of connection `conn` (of `guest`) is visible, or not.
    pub fn visible(&self, conn: u64, guest: &str, visible: bool) {
        self.with(|conns| {
            let entry = conns.entry(conn).or_insert_with(|| Conn {
                guest: guest.to_string(),
                visible,
                rooms: HashSet::new(),
            });
            entry.guest = guest.to_string();
            entry.visible = visible;
        });
    }

    /// Connection `conn` closed.
    pub fn forget(&self, conn: u64) {
        self.with(|conns| conns.remove(&conn));
    }

    /// Whether `guest` has a visible connection watching `room`.
    pub fn is_looking(&self, guest: &str, room: &str) -> bool {
        self.with(|conns| {
            conns
                .values()
                .any(|c| c.visible && c.guest == guest && c.rooms.contains(room))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visible_connection_watching_the_room_is_looking() {
        let looking = Looking::default();
        let rooms: HashSet<String> = ["r1".to_string()].into();
        looking.watching(1, "ann", &rooms);
        assert!(looking.is_looking("ann", "r1"));
        assert!(!looking.is_looking("ann", "r2"));
        assert!(!looking.is_looking("bob", "r1"));
        looking.visible(1, "ann", false);
        assert!(!looking.is_looking("ann", "r1"));
        looking.visible(1, "ann", true);
        looking.forget(1);
        assert!(!looking.is_looking("ann", "r1"));
    }
}
