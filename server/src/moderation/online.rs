//! The people connected to this node, by connection: for the console's
//! list of players online, and so that a ban closes an account's
//! connections at once and a moderator's rename reaches them. A std mutex
//! held only for map operations, never across an `.await`. Each node
//! knows only its own connections; another node's learn of a ban through
//! the nodes' hint (`bans.rs`), or when they next check (`moderation/checks.rs`).

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use lodestone_protocol::{Guest, OnlinePlayer, ServerMessage};

use crate::room::{Outbox, Refusal};

/// What a connection is told by a moderator: to close (a ban, with its
/// sentence) or to take a new name.
#[derive(Debug, Default)]
pub struct Notice {
    /// Set once: the connection is banned and closes with this sentence.
    pub kicked: std::sync::OnceLock<String>,
    /// A new name a moderator gave the guest, to take at its next message.
    pub renamed: Mutex<Option<String>>,
}

#[derive(Debug)]
struct Entry {
    guest: Guest,
    address: IpAddr,
    outbox: Outbox,
    notice: Arc<Notice>,
}

impl Entry {
    /// Tells the connection `banned` with the ban's sentence and details
    /// (once) and closes it.
    fn ban(&self, ban: &Refusal) {
        if self.notice.kicked.set(ban.message.clone()).is_ok() {
            self.outbox.send_message(&ban.clone().into_error(None));
        }
        self.outbox.close.cancel();
    }
}

/// The identified connections of this node.
#[derive(Debug, Default)]
pub struct Online {
    conns: Mutex<HashMap<u64, Entry>>,
}

impl Online {
    fn conns(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Entry>> {
        // Every change is one insert or remove: a poisoned lock is whole.
        self.conns.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes that connection `outbox.conn` from `address` is `guest` now.
    pub fn enter(&self, guest: Guest, address: IpAddr, outbox: Outbox, notice: Arc<Notice>) {
        self.conns().insert(
            outbox.conn,
            Entry {
                guest,
                address,
                outbox,
                notice,
            },
        );
    }

    /// Forgets connection `conn`.
    pub fn leave(&self, conn: u64) {
        self.conns().remove(&conn);
    }

    /// The people connected, one line per guest, by name.
    pub fn players(&self) -> Vec<OnlinePlayer> {
        let mut by_guest: BTreeMap<String, OnlinePlayer> = BTreeMap::new();
        for entry in self.conns().values() {
            by_guest
                .entry(entry.guest.id.clone())
                .and_modify(|p| p.connections += 1)
                .or_insert_with(|| OnlinePlayer {
                    guest: entry.guest.clone(),
                    address: entry.address.to_string(),
                    connections: 1,
                });
        }
        let mut players: Vec<OnlinePlayer> = by_guest.into_values().collect();
        players.sort_by_key(|p| p.guest.name.to_lowercase());
        players
    }

    /// Closes the connections of guest `guest` (or from `address`), each
    /// told `banned` with `ban`; returns how many.
    pub fn kick(&self, guest: Option<&str>, address: Option<IpAddr>, ban: &Refusal) -> usize {
        let conns = self.conns();
        let mut n = 0;
        for entry in conns.values() {
            if guest.is_some_and(|g| g == entry.guest.id) || address.is_some_and(|a| a == entry.address) {
                entry.ban(ban);
                n += 1;
            }
        }
        n
    }

    /// Every identified connection: its number, guest and address.
    pub fn connections(&self) -> Vec<(u64, String, IpAddr)> {
        self.conns()
            .iter()
            .map(|(conn, e)| (*conn, e.guest.id.clone(), e.address))
            .collect()
    }

    /// Closes connection `conn`, told `banned` with `ban` (once).
    pub fn kick_conn(&self, conn: u64, ban: &Refusal) {
        if let Some(entry) = self.conns().get(&conn) {
            entry.ban(ban);
        }
    }

    /// Ends guest `guest`'s connections with `message` (its account was
    /// deleted).
    pub fn end(&self, guest: &str, message: &ServerMessage) {
        for entry in self.conns().values().filter(|e| e.guest.id == guest) {
            if entry.notice.kicked.set("this account was deleted".into()).is_ok() {
                entry.outbox.send_message(message);
            }
            entry.outbox.close.cancel();
        }
    }

    /// Gives guest `guest`'s connections the name `name` at their next
    /// message.
    pub fn rename(&self, guest: &str, name: &str) {
        for entry in self.conns().values_mut() {
            if entry.guest.id == guest {
                entry.guest.name = name.to_string();
                *entry.notice.renamed.lock().unwrap_or_else(|e| e.into_inner()) = Some(name.to_string());
            }
        }
    }
}
