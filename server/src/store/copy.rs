//! Copying a whole database to another, e.g. from SQLite to PostgreSQL when
//! a host outgrows one machine (`lodestone-server migrate-db`): every
//! guest, every room summary and every event, page by page, then every
//! other table (`copy_tables.rs`), into an empty target, in one
//! transaction there (a failed copy leaves it empty).

use super::copy_tables::{TargetTx, copy_tables};
use super::db::{Db, pooled, with_pool};
use super::sql::Dialect;
use super::types::{EventRow, GuestRecord, Location, Op, RoomRow, StoreError, StoreOptions};

/// Rows read (and written) at a time.
const PAGE: i64 = 2000;

/// How far a copy has come, for progress lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// `guests`, `rooms` or `events` (page by page), then each other
    /// table by name once it is copied.
    pub what: String,
    pub done: i64,
    pub total: i64,
}

/// What a finished copy holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    pub guests: i64,
    pub rooms: i64,
    pub events: i64,
}

/// Copies everything from the database at `from` into the empty database
/// at `to`, calling `progress` after every page. Both are brought up to the
/// current schema first (as the server does at start).
pub async fn copy(from: &str, to: &str, mut progress: impl FnMut(Progress)) -> Result<Copied, StoreError> {
    let (from, to) = (Location::parse(from)?, Location::parse(to)?);
    if from == to {
        return Err(StoreError::Url(format!(
            "--from and --to are the same database ({from})"
        )));
    }
    let options = StoreOptions::default();
    // The source must be a Lodestone database already: a mistyped path is
    // refused, never created empty and "copied".
    let existing = StoreOptions {
        existing: true,
        ..StoreOptions::default()
    };
    let source = Db::open(&from, &existing).await?;
    let target = Db::open(&to, &options).await?;
    let [guests, rooms, events] = source.counts().await?;
    let held = target.counts().await?;
    if held.iter().any(|&n| n > 0) {
        return Err(StoreError::Open(format!(
            "the target database {to} is not empty ({} guests, {} rooms, {} events): migrate-db copies only into an empty database",
            held[0], held[1], held[2]
        )));
    }
    let mut tx = target.begin().await?;
    copy_rows(
        &mut tx,
        ("guests", guests),
        &mut progress,
        async |after: &String| source.guests_after(after, PAGE).await,
        |guest| guest.id.clone(),
        GuestRecord::into_op,
    )
    .await?;
    copy_rows(
        &mut tx,
        ("rooms", rooms),
        &mut progress,
        async |after: &String| source.rooms_after(after, PAGE).await,
        |room| room.id.clone(),
        Op::CreateRoom,
    )
    .await?;
    copy_rows(
        &mut tx,
        ("events", events),
        &mut progress,
        async |(room, seq): &(String, i64)| source.events_after(room, *seq, PAGE).await,
        |event| (event.room_id.clone(), event.seq),
        Op::Append,
    )
    .await?;
    for (table, rows) in copy_tables(&source, &target, &mut tx).await? {
        progress(Progress {
            what: table,
            done: rows,
            total: rows,
        });
    }
    tx.commit().await?;
    let copied = target.counts().await?;
    if copied != [guests, rooms, events] {
        return Err(StoreError::Open(format!(
            "the copy holds {copied:?} guests, rooms and events, the source {:?}: was the source written to meanwhile? Stop the server first",
            [guests, rooms, events]
        )));
    }
    source.close().await;
    target.close().await;
    Ok(Copied {
        guests,
        rooms,
        events,
    })
}

/// Copies one table page by page: `page` reads the rows after a key (the
/// default key is before every row), `key` gives a row's key, `op` how to
/// write it.
async fn copy_rows<T, K: Default>(
    tx: &mut TargetTx,
    (what, total): (&'static str, i64),
    progress: &mut impl FnMut(Progress),
    mut page: impl AsyncFnMut(&K) -> Result<Vec<T>, sqlx::Error>,
    key: impl Fn(&T) -> K,
    op: impl Fn(T) -> Op,
) -> Result<(), sqlx::Error> {
    let mut last = K::default();
    let mut done = 0;
    loop {
        let rows = page(&last).await?;
        let Some(end) = rows.last() else {
            return Ok(());
        };
        last = key(end);
        let ops: Vec<Op> = rows.into_iter().map(&op).collect();
        tx.insert(&ops).await?;
        done += ops.len() as i64;
        progress(Progress {
            what: what.to_string(),
            done,
            total,
        });
    }
}

impl GuestRecord {
    fn into_op(self) -> Op {
        Op::CreateGuest {
            id: self.id,
            name: self.name,
            token_hash: self.token_hash,
            created_at: self.created_at.max(0) as u64,
            // A level this server does not know is left out.
            bot: self.bot.as_deref().and_then(|b| b.parse().ok()),
        }
    }
}

impl Db {
    async fn counts(&self) -> Result<[i64; 3], sqlx::Error> {
        with_pool!(self, pool => Dialect::counts(pool).await)
    }

    /// Up to `limit` guests with ids after `after`, in id order.
    async fn guests_after(&self, after: &str, limit: i64) -> Result<Vec<GuestRecord>, sqlx::Error> {
        pooled!(
            self,
            rows GuestRecord: "SELECT id, name, token_hash, created_at, bot FROM guests WHERE id > $1 \
                               ORDER BY id LIMIT $2",
            after, limit,
        )
    }

    /// Up to `limit` room summaries with ids after `after`, in id order.
    async fn rooms_after(&self, after: &str, limit: i64) -> Result<Vec<RoomRow>, sqlx::Error> {
        pooled!(
            self,
            rows RoomRow: "SELECT id, game, public, status, created_at FROM rooms WHERE id > $1 ORDER BY id LIMIT $2",
            after, limit,
        )
    }

    /// Up to `limit` events after event `seq` of room `room`, in
    /// `(room_id, seq)` order.
    async fn events_after(&self, room: &str, seq: i64, limit: i64) -> Result<Vec<EventRow>, sqlx::Error> {
        pooled!(
            self,
            rows EventRow: "SELECT room_id, seq, kind, at, data FROM events \
                            WHERE room_id > $1 OR (room_id = $1 AND seq > $2) ORDER BY room_id, seq LIMIT $3",
            room, seq, limit,
        )
    }

    async fn close(&self) {
        with_pool!(self, pool => pool.close().await)
    }
}
