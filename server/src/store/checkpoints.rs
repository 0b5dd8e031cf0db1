//! SQLite's checkpoints off the move path. By default the connection that
//! commits runs a checkpoint inside the commit that takes the WAL past
//! 1,000 pages, so every game waiting on that batch waits for it. The
//! writer's connection does not checkpoint here: a WAL hook notes the
//! WAL's length after each commit, and once it reaches
//! [`CHECKPOINT_PAGES`] the writer, having answered its batch, wakes a
//! thread of its own that runs a passive checkpoint on a connection of its
//! own (it copies into the database file what no reader still needs, and
//! never waits for the writer or the readers). The WAL then starts again
//! from its beginning at a later commit, as before.

use std::cell::Cell;
use std::ffi::c_int;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::hooks::Wal;
use rusqlite::{Connection, OpenFlags};

/// The WAL's length, in pages, that wakes the checkpointer (SQLite's own
/// threshold for its automatic checkpoints).
pub(super) const CHECKPOINT_PAGES: i32 = 1000;

thread_local! {
    /// The WAL's length after the last commit of this thread's writer.
    static WAL_PAGES: Cell<i32> = const { Cell::new(0) };
}

/// Makes the writer's connection `conn` note the WAL's length after each
/// commit instead of checkpointing (a hook replaces SQLite's automatic
/// checkpoints on this connection).
pub(super) fn watch_wal(conn: &Connection) {
    conn.wal_hook(Some(note_pages));
}

fn note_pages(_: &Wal, pages: c_int) -> rusqlite::Result<()> {
    WAL_PAGES.set(pages);
    Ok(())
}

/// The checkpoints' thread; it stops (and is waited for) when dropped.
#[derive(Debug)]
pub(super) struct Checkpointer {
    wake: Option<SyncSender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Starts the thread, on a connection of its own to the SQLite file at
    /// `path`; `done` counts the checkpoints it has run.
    pub(super) fn start(path: PathBuf, done: Arc<AtomicU64>) -> Result<Checkpointer, String> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .and_then(|conn| conn.busy_timeout(Duration::from_secs(10)).map(|()| conn))
        .map_err(|e| e.to_string())?;
        let (wake, woken) = sync_channel::<()>(1);
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoints".into())
            .spawn(move || {
                while woken.recv().is_ok() {
                    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
                        Ok(()) => {
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => tracing::warn!(error = %e, "a checkpoint of the SQLite WAL failed"),
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Checkpointer {
            wake: Some(wake),
            thread: Some(thread),
        })
    }

    /// Called by the writer's thread once a batch is answered: wakes the
    /// checkpointer if the WAL is long (once: a wake-up already waiting
    /// will do).
    pub(super) fn after_commit(&self) {
        if WAL_PAGES.get() >= CHECKPOINT_PAGES
            && let Some(wake) = &self.wake
            && let Err(TrySendError::Disconnected(())) = wake.try_send(())
        {
            tracing::warn!("the SQLite checkpoints' thread has stopped");
        }
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.wake.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
