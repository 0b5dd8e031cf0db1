//! SQLite's checkpoints, on the writer's thread but out of the commits.
//! By default the connection that commits runs a checkpoint inside the
//! commit that takes the WAL past 1,000 pages, so every game waiting on
//! that batch waits for it. The writer's connection does not checkpoint
//! there: a WAL hook notes the WAL's length after each commit, and once
//! it reaches [`CHECKPOINT_PAGES`] the writer, having answered its batch,
//! runs a passive checkpoint before it takes the next one.
//!
//! Why not a thread of its own (as from ad044c9 to this change): SQLite
//! starts its WAL again from the beginning only when a write finds every
//! frame copied back. A checkpoint running beside a busy writer never
//! catches up with it, so the WAL grew without end (37 MB after 21,000
//! moves at 10 games), every commit appended at the file's end, and each
//! commit past the threshold woke a checkpoint with its two `fsync`s. Run
//! between two batches, the checkpoint copies everything (unless a reader
//! still needs a page), and the next commit writes the WAL from its start
//! again: a WAL of about [`CHECKPOINT_PAGES`] pages, in the page cache.

use std::cell::Cell;
use std::ffi::c_int;
use std::sync::atomic::{AtomicU64, Ordering};

use rusqlite::Connection;
use rusqlite::hooks::Wal;

/// The WAL's length, in pages, that makes the writer checkpoint (SQLite's
/// own threshold for its automatic checkpoints).
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

/// Called by the writer's thread once a batch is answered: if the WAL is
/// long, checkpoints it on the writer's connection `conn` (passive: it
/// copies what no reader still needs and waits for nobody) and counts it
/// in `done`.
pub(super) fn after_commit(conn: &Connection, done: &AtomicU64) {
    if WAL_PAGES.get() < CHECKPOINT_PAGES {
        return;
    }
    // Until the next commit says otherwise, the WAL counts as short: a
    // checkpoint held back by a reader is tried again at the next commit.
    WAL_PAGES.set(0);
    match conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
        Ok(()) => {
            done.fetch_add(1, Ordering::Relaxed);
        }
        Err(e) => tracing::warn!(error = %e, "a checkpoint of the SQLite WAL failed"),
    }
}
