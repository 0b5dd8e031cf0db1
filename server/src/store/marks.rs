//! Who may have rows in the tables a join or a room's start would
//! otherwise read each time (issue 28): the guests who block anyone, and
//! the owners of any notification target (`guest:ID` for a push
//! subscription or an account's webhook, `room:ID` for a room's webhook).
//! A check reads the store only for someone marked here, so a join of
//! people who block nobody and are notified of nothing reads nothing.
//!
//! The marks are loaded on the first check (and again after the nodes'
//! notices may have been missed: [`Marks::forget`]); a write of such
//! a row marks its owner before it is made, so a check after its answer
//! sees the mark; another node's write is marked when its notice comes
//! (`marked blocks ID`, published by the block; `targets OWNER`, by
//! `notify/`). A mark is never taken back while the server runs (an
//! unblock, a deleted webhook): a guest marked is read as before, one
//! never marked has no rows to read.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::db::{Db, pooled, with_pool};
use super::types::StoreError;

/// The marks of one server (shared by the clones of its `Store`:
/// `Store::marks`).
#[derive(Debug, Default)]
pub struct Marks {
    state: Mutex<Marked>,
    /// One load at a time.
    loading: tokio::sync::Mutex<()>,
    /// How many loads were made (counted with the notifications' reads).
    loads: AtomicU64,
}

#[derive(Debug, Default)]
struct Marked {
    /// Whether every row stored is marked (else a check reads).
    known: bool,
    /// Counts the times notices may have been missed: a load begun before
    /// the last one is not trusted.
    era: u64,
    /// The guests who block anyone.
    blockers: HashSet<String>,
    /// The owners of any notification target.
    owners: HashSet<String>,
}

impl Marks {
    fn state(&self) -> MutexGuard<'_, Marked> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `guest` may block someone.
    pub(super) fn blocker(&self, guest: &str) {
        self.state().blockers.insert(guest.to_string());
    }

    /// `owner` (`guest:ID`, `room:ID`, or a guest's id) may have a target.
    pub(super) fn owner(&self, owner: &str) {
        let key = match owner.starts_with("guest:") || owner.starts_with("room:") {
            true => owner.to_string(),
            false => format!("guest:{owner}"),
        };
        self.state().owners.insert(key);
    }

    /// Notices may have been missed (the listener of a node starts or was
    /// lost): the marks are loaded again before the next check trusts them.
    pub fn forget(&self) {
        let mut state = self.state();
        state.known = false;
        state.era += 1;
    }

    /// Another node marked `key` as `kind` (its notice `marked KIND KEY`).
    pub fn heard(&self, kind: &str, key: &str) {
        match kind {
            "blocks" => self.blocker(key),
            // A newer node's kind: whatever it marks is read again.
            _ => self.forget(),
        }
    }

    /// `owner`'s targets changed on another node (`*`: anyone's, notices
    /// may have been missed): it is marked before its rooms read them.
    pub fn targets_heard(&self, owner: &str) {
        match owner {
            "*" => self.forget(),
            owner => self.owner(owner),
        }
    }

    /// How many times the marks were loaded.
    pub(super) fn loads(&self) -> u64 {
        self.loads.load(Ordering::Relaxed)
    }

    /// Of `guests`, those who may block someone (every one of them when
    /// the marks cannot be loaded from `db`: each is read, as before the
    /// marks).
    pub(super) async fn blockers_among<'a>(&self, db: &Db, guests: &'a [String]) -> Vec<&'a String> {
        let known = self.known(db).await;
        let state = self.state();
        (guests.iter())
            .filter(|g| !known || state.blockers.contains(g.as_str()))
            .collect()
    }

    /// Whether each of `owners` (`guest:ID`, `room:ID`) may have a target
    /// (true when the marks cannot be loaded from `db`).
    pub(super) async fn may_have_targets(&self, db: &Db, owners: &[String]) -> Vec<bool> {
        let known = self.known(db).await;
        let state = self.state();
        (owners.iter())
            .map(|o| !known || state.owners.contains(o))
            .collect()
    }

    /// Whether the marks hold every row stored: loaded from `db` if they
    /// were not (false if they could not be).
    async fn known(&self, db: &Db) -> bool {
        if self.state().known {
            return true;
        }
        let _one = self.loading.lock().await;
        let era = {
            let state = self.state();
            if state.known {
                return true;
            }
            state.era
        };
        self.loads.fetch_add(1, Ordering::Relaxed);
        match load(db).await {
            Ok((blockers, owners)) => {
                let mut state = self.state();
                state.blockers.extend(blockers);
                state.owners.extend(owners);
                if state.era == era {
                    state.known = true;
                }
                state.known
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not load who blocks or is notified; reading each");
                false
            }
        }
    }
}

/// Every guest who blocks anyone, and every owner of a target.
async fn load(db: &Db) -> Result<(Vec<String>, Vec<String>), StoreError> {
    let blockers = pooled!(db, values String: "SELECT DISTINCT guest_id FROM blocks")?;
    let owners = pooled!(
        db,
        values String: "SELECT DISTINCT owner FROM webhooks UNION \
                        SELECT DISTINCT 'guest:' || guest_id FROM push_subscriptions",
    )?;
    Ok((blockers, owners))
}
