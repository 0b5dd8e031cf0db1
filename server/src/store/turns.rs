//! The games waiting for each guest's move (`turns`), kept off the moves'
//! commits (issue 28). The table is derived state: a room's log decides
//! whose turn it is, so a move's commit no longer carries its turn rows.
//! A room hands the rows it wants to [`Store::want_turns`] once its move is
//! stored; they wait here, one entry a room (the latest wins: a room's
//! later state never gives way to an earlier one), and a flusher writes
//! every room's latest rows through the writer, at most [`FLUSH_MS`]
//! apart, so many moves of a room are one write. Reads
//! ([`Store::turns`]) see the rows waiting here over the stored ones, so
//! `my_turns` is right at once; a crash loses only rows that the room
//! derives again when it is resumed (`room/notified.rs`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, mpsc, oneshot};

use super::db::{Db, pooled, with_pool};
use super::types::{Op, StoreError, TurnOp, TurnRow, WriteRequest};

/// How long the rows a room wants wait at most before they are written
/// (ms): long enough that a busy room's moves share one write (at 10 busy
/// games about 250 moves of a room), short enough that a store read by
/// another node (PostgreSQL) is seldom behind. Nothing a guest sees waits
/// for it: reads go through the rows waiting, and a resumed room derives
/// its rows again. `LODESTONE_TURN_WRITES_MS` sets another (tests).
pub const FLUSH_MS: u64 = 250;

/// How many rooms one flush request writes at most: a long flush shares
/// the writer's batches with the moves instead of holding one up.
const ROOMS_A_REQUEST: usize = 64;

/// A room's rows waiting to be written.
#[derive(Debug)]
struct Wanted {
    /// The room's version they were derived at.
    version: u64,
    /// The room's rows as stored (what the flush changes).
    stored: Vec<TurnRow>,
    /// The rows the room wants now.
    rows: Vec<TurnRow>,
}

/// The rows rooms want and the store does not hold yet.
#[derive(Debug, Default)]
pub(super) struct Pending {
    rooms: Mutex<HashMap<String, Wanted>>,
    /// Wakes the flusher when a first room waits, or the writer stopped.
    wake: Notify,
    closed: AtomicBool,
}

impl Pending {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<String, Wanted>) -> T) -> T {
        f(&mut self.rooms.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Room `room` wants `rows` as of its `version`; `stored` is what it
    /// last knew stored (its previous rows). An earlier version than the
    /// one waiting changes nothing.
    pub(super) fn want(&self, room: &str, version: u64, stored: Vec<TurnRow>, rows: Vec<TurnRow>) {
        let first = self.with(|rooms| {
            let first = rooms.is_empty();
            match rooms.get_mut(room) {
                Some(wanted) if wanted.version > version => {}
                Some(wanted) => {
                    wanted.version = version;
                    wanted.rows = rows;
                }
                None => {
                    rooms.insert(
                        room.to_string(),
                        Wanted {
                            version,
                            stored,
                            rows,
                        },
                    );
                }
            }
            first
        });
        if first {
            self.wake.notify_one();
        }
    }

    /// The writes of every room waiting now: its name, version and the
    /// rows it wants, with the operations that store them.
    fn snapshot(&self) -> Vec<(String, u64, Vec<TurnRow>, Vec<Op>)> {
        self.with(|rooms| {
            (rooms.iter())
                .map(|(room, w)| {
                    (
                        room.clone(),
                        w.version,
                        w.rows.clone(),
                        changes(&w.stored, &w.rows),
                    )
                })
                .collect()
        })
    }

    /// `rows` of `room` at `version` are stored: the room waits no more,
    /// unless it wants newer rows since (then those are changed from these).
    fn written(&self, room: &str, version: u64, rows: Vec<TurnRow>) {
        self.with(|rooms| match rooms.get_mut(room) {
            Some(wanted) if wanted.version == version => {
                rooms.remove(room);
            }
            Some(wanted) => wanted.stored = rows,
            None => {}
        });
    }

    /// Every change waiting, taken (the writer's last commit).
    pub(super) fn take_all(&self) -> Vec<Op> {
        let rooms = self.with(std::mem::take);
        (rooms.values())
            .flat_map(|w| changes(&w.stored, &w.rows))
            .collect()
    }

    /// The writer stopped: the flusher ends.
    pub(super) fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }

    /// The rows waiting of `room` (all rooms with `None`), each room's
    /// with its name: what a read shows instead of the stored ones.
    pub(super) fn overlay(&self, room: Option<&str>) -> Vec<(String, Vec<TurnRow>)> {
        self.with(|rooms| match room {
            Some(room) => (rooms.get(room).into_iter())
                .map(|w| (room.to_string(), w.rows.clone()))
                .collect(),
            None => (rooms.iter()).map(|(r, w)| (r.clone(), w.rows.clone())).collect(),
        })
    }
}

/// The changes that take a room's stored rows from `old` to `new`,
/// touching only the rows that change: a guest who waits now, or whose
/// turn changed, has their row written (made the first time); one who no
/// longer waits has it kept, not waiting, while others wait (a move of a
/// game of turns writes the two rows in place: no key changes); when
/// nobody waits the room's rows go.
pub(super) fn changes(old: &[TurnRow], new: &[TurnRow]) -> Vec<Op> {
    let mut out: Vec<Op> = (new.iter())
        .filter(|t| !old.contains(t))
        .map(|t| Op::Turn(TurnOp::Waits(t.clone())))
        .collect();
    let waits = |guest: &str| new.iter().any(|t| t.guest_id == guest);
    let mut gone = old.iter().filter(|t| !waits(&t.guest_id)).peekable();
    match gone.peek() {
        None => {}
        Some(was) if new.is_empty() => out.push(Op::Turn(TurnOp::Cleared {
            room: was.room_id.clone(),
        })),
        Some(_) => out.extend(gone.map(|was| {
            Op::Turn(TurnOp::Waited {
                room: was.room_id.clone(),
                guest: was.guest_id.clone(),
            })
        })),
    }
    out
}

/// How long the rows wait before a flush (ms).
fn flush_ms() -> u64 {
    (std::env::var("LODESTONE_TURN_WRITES_MS").ok())
        .and_then(|ms| ms.parse().ok())
        .unwrap_or(FLUSH_MS)
}

/// The flusher: once a room waits, lets [`FLUSH_MS`] pass (more moves
/// join), then writes every room waiting through the writer, a few rooms
/// a request. Ends when the writer stops (the writer writes what is left).
pub(super) async fn flusher(pending: Arc<Pending>, writer: mpsc::WeakSender<WriteRequest>) {
    let wait = Duration::from_millis(flush_ms());
    loop {
        pending.wake.notified().await;
        if pending.closed.load(Ordering::Relaxed) {
            return;
        }
        tokio::time::sleep(wait).await;
        let Some(writer) = writer.upgrade() else { return };
        for rooms in pending.snapshot().chunks(ROOMS_A_REQUEST) {
            let ops: Vec<Op> = rooms
                .iter()
                .flat_map(|(_, _, _, ops)| ops.iter().cloned())
                .collect();
            let (done, answer) = oneshot::channel();
            if writer.send(WriteRequest { ops, done }).await.is_err() {
                return;
            }
            match answer.await {
                Ok(Ok(())) => {
                    for (room, version, rows, _) in rooms {
                        pending.written(room, *version, rows.clone());
                    }
                }
                // Kept: tried again at the next flush.
                Ok(Err(e)) => tracing::warn!(error = %e, "could not store the games waiting; trying again"),
                Err(_) => return,
            }
        }
        // Rooms still waiting (new, or a failed write): flush again.
        if pending.with(|rooms| !rooms.is_empty()) {
            pending.wake.notify_one();
        }
    }
}

/// Forgets the games waiting of rooms no longer played (a room's last
/// rows, cleared after its game ended, may have been lost with a crash;
/// such a room is not resumed to derive them again). Run as the store
/// opens.
pub(super) async fn sweep(db: &Db) -> Result<(), StoreError> {
    pooled!(
        db,
        exec "DELETE FROM turns WHERE EXISTS (SELECT 1 FROM rooms r WHERE r.id = turns.room_id \
              AND r.status NOT IN ('open', 'playing'))",
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, StoreOptions};

    fn turn(guest: &str, since: i64) -> TurnRow {
        TurnRow {
            guest_id: guest.into(),
            room_id: "r".into(),
            game: "magneton".into(),
            since,
            seq: since / 10,
        }
    }

    /// The rows of room `r` the database holds that wait, by guest.
    async fn in_database(store: &Store) -> Vec<String> {
        pooled!(
            &store.db,
            values String: "SELECT guest_id FROM turns WHERE room_id = 'r' AND waiting ORDER BY guest_id",
        )
        .unwrap()
    }

    /// Rows a room wants are read at once, by room and by guest, before
    /// they are written; an earlier version than the one waiting changes
    /// nothing; the flusher writes the latest, and what waits when the
    /// store closes is written by its writer on the way out.
    #[tokio::test]
    async fn wanted_rows_are_read_at_once_and_written_latest_last() {
        let dir = std::env::temp_dir().join(format!("lodestone-turns-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = dir.join("t.db").to_str().unwrap().to_string();
        let (store, task) = Store::open(&url, &StoreOptions::default()).await.unwrap();
        store.want_turns("r", 2, Vec::new(), vec![turn("ann", 10)]);
        store.want_turns("r", 3, vec![turn("ann", 10)], vec![turn("bo", 20)]);
        store.want_turns("r", 2, Vec::new(), vec![turn("ann", 10)]);
        assert_eq!(store.turns(Some("r"), None).await.unwrap(), [turn("bo", 20)]);
        assert_eq!(store.turns(None, Some("bo")).await.unwrap(), [turn("bo", 20)]);
        assert_eq!(store.turns(None, Some("ann")).await.unwrap(), []);
        for _ in 0..200 {
            if !in_database(&store).await.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(in_database(&store).await, ["bo"]);
        assert!(store.pending_turns.with(|rooms| rooms.is_empty()));
        // Then a move the flusher has no time for: written at the close.
        store.want_turns("r", 4, vec![turn("bo", 20)], vec![turn("ann", 40)]);
        drop(store);
        task.await.unwrap();
        let (store, _task) = Store::open(&url, &StoreOptions::default()).await.unwrap();
        assert_eq!(in_database(&store).await, ["ann"]);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
