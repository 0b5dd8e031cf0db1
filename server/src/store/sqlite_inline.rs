//! The SQLite writer on the runtime's own thread (`--writer inline`, with
//! `--workers 1`): one shard of issue 29's sharded runtime, where a move is
//! read, judged, stored and answered on one thread. A task takes the write
//! queue as `sqlite_writer::run`'s thread does (everything waiting joins
//! one batch) but commits on the runtime's thread, blocking it for the
//! commit: nothing crosses to another thread, so no futex wakes a writer
//! and none wakes the runtime back. The batch is stored and answered by
//! `sqlite_writer::answer`, the same code as on the thread: the same
//! order, group commit, savepoints and error answers, every request
//! answered only once its commit is done.
//!
//! The WAL's checkpoints (`checkpoints.rs`) run after a batch's answers
//! have gone out: the task first lets every task it woke run (their
//! acknowledgements leave before the checkpoint blocks the thread).

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use rusqlite::Connection;
use tokio::sync::mpsc;

use super::checkpoints;
use super::sqlite_writer::{answer, store_last_turns, take_waiting};
use super::turns::Pending;
use super::types::{MAX_BATCH, WriteRequest};

/// Takes batches from `queue` until every sender is gone, commits each on
/// this thread and answers its requests, then checkpoints if the WAL is
/// long (counted in `checkpoints`); at the end writes the games waiting
/// still in `turns`, as the thread does. Spawn it on a current-thread runtime:
/// on a runtime of several threads it would hold one of them for each
/// commit while the others wait for its answers.
pub(super) async fn run(
    mut conn: Connection,
    mut queue: mpsc::Receiver<WriteRequest>,
    checkpoints: Arc<AtomicU64>,
    turns: &Pending,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while let Some(first) = queue.recv().await {
        batch.push(first);
        take_waiting(&mut queue, &mut batch);
        answer(&mut conn, &mut batch);
        // The rooms answered send their acknowledgements before a
        // checkpoint, if one is due, holds the thread.
        tokio::task::yield_now().await;
        checkpoints::after_commit(&conn, &checkpoints);
    }
    store_last_turns(&mut conn, turns);
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::store::handle::Store;
    use crate::store::tests::{event, new_room};
    use crate::store::types::{Op, StoreError, StoreOptions};

    /// A store on a new SQLite file with its writer inline, and the file.
    async fn inline_store() -> (Store, tokio::task::JoinHandle<()>, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("lodestone-inline-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let options = StoreOptions {
            inline_writer: true,
            ..StoreOptions::default()
        };
        let (store, task) = Store::open(path.to_str().unwrap(), &options).await.unwrap();
        (store, task, path)
    }

    /// Rows of `room` in the file, read by a connection of its own.
    fn stored(path: &std::path::Path, room: &str) -> i64 {
        let conn = Connection::open(path).unwrap();
        conn.query_row("SELECT count(*) FROM events WHERE room_id = ?1", [room], |row| {
            row.get(0)
        })
        .unwrap()
    }

    /// Many rooms write at once on one thread: each write is in the file
    /// when it is acknowledged; a request that cannot be stored (a
    /// duplicate `seq`) is refused with the database's reason while the
    /// others of its batch are stored; every commit ran on the test's own
    /// thread; and when the store is dropped the writer's task ends.
    #[tokio::test(flavor = "current_thread")]
    async fn inline_writes_are_stored_before_acknowledged_on_the_runtimes_thread() {
        let (store, task, path) = inline_store().await;
        let rooms: Vec<String> = (0..20).map(|i| format!("r{i:02}")).collect();
        store
            .write(rooms.iter().flat_map(|r| new_room(r)).collect())
            .await
            .unwrap();
        let writes = rooms.iter().enumerate().map(|(i, room)| {
            let (store, path) = (store.clone(), path.clone());
            async move {
                for seq in 2..=4 {
                    let mut ops = vec![event(room, seq, "action")];
                    if i == 7 && seq == 3 {
                        ops.push(event(room, 1, "again"));
                    }
                    match store.write(ops).await {
                        Ok(()) => assert_eq!(stored(&path, room), seq, "{room} acknowledged, not stored"),
                        Err(StoreError::Rejected(reason)) => {
                            assert!((i, seq) == (7, 3), "{room} {seq}: {reason}");
                            assert!(reason.contains("UNIQUE"), "{reason}");
                            return stored(&path, room);
                        }
                        Err(e) => panic!("{room}: {e:?}"),
                    }
                }
                stored(&path, room)
            }
        });
        let counts = futures_util::future::join_all(writes).await;
        for (i, count) in counts.into_iter().enumerate() {
            assert_eq!(count, if i == 7 { 2 } else { 4 }, "room {i}");
        }
        drop(store);
        task.await.unwrap();
    }

    /// The task commits on the thread that polls it, one batch for what
    /// was queued together, and the WAL is checkpointed once it is long.
    #[tokio::test(flavor = "current_thread")]
    async fn one_batch_per_wait_committed_on_the_polling_thread_and_checkpointed() {
        let dir = std::env::temp_dir().join(format!("lodestone-inline-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let (store, _task) = Store::open(path.to_str().unwrap(), &StoreOptions::default())
            .await
            .unwrap();
        store.write(new_room("r")).await.unwrap();
        drop(store);
        let conn = crate::store::sqlite_writer::open(path.clone(), false).unwrap();
        let threads = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = threads.clone();
        conn.commit_hook(Some(move || {
            seen.lock().unwrap().push(std::thread::current().id());
            false
        }))
        .unwrap();
        let (writer, queue) = mpsc::channel(4096);
        let checkpoints = Arc::new(AtomicU64::new(0));
        let (counted, turns) = (checkpoints.clone(), Pending::default());
        let task = tokio::spawn(async move { run(conn, queue, counted, &turns).await });
        let pad = format!("{{\"pad\": \"{}\"}}", "x".repeat(3000));
        let pages = checkpoints::CHECKPOINT_PAGES as i64;
        let mut seq = 2;
        while seq < 2 + 2 * pages {
            // Ten requests queued before the writer runs: one commit.
            let mut answers = Vec::new();
            for _ in 0..10 {
                let (done, answer) = tokio::sync::oneshot::channel();
                let mut op = event("r", seq, "action");
                if let Op::Append(row) = &mut op {
                    row.data = pad.clone();
                }
                let ops = vec![op];
                writer.send(WriteRequest { ops, done }).await.unwrap();
                answers.push(answer);
                seq += 1;
            }
            for answer in answers {
                answer.await.unwrap().unwrap();
            }
        }
        // The WAL while the writer still has it open (closing removes it).
        let wal = std::fs::metadata(dir.join("t.db-wal")).unwrap().len();
        drop(writer);
        task.await.unwrap();
        let threads = threads.lock().unwrap();
        assert_eq!(threads.len() as i64, (seq - 2) / 10, "one commit per batch");
        assert!(threads.iter().all(|t| *t == std::thread::current().id()));
        assert!(checkpoints.load(Ordering::Relaxed) > 0, "no checkpoint ran");
        let most = 3 * pages as u64 * (4096 + 24);
        assert!(
            wal <= most,
            "the WAL grew to {wal} bytes (at most {most} expected)"
        );
        assert_eq!(stored(&path, "r"), seq - 1);
    }
}
