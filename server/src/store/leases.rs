//! Room leases and the node registry in PostgreSQL (several nodes over one
//! database): taking a room, renewing and releasing leases, finding a
//! room's owner, the rooms a sweeper should claim, and the lobby as the
//! owners last wrote it. Every expiry is computed and compared with the
//! database's own clock (`clock_timestamp()`), never a node's.
//!
//! The fence itself is not here: it is a statement of the append's own
//! transaction (`Op::Fence`, `sql.rs`).

use std::sync::Arc;

use sqlx::postgres::PgListener;
use sqlx::{Pool, Postgres};

use super::db::sql;
use super::runs::{RunLock, RunState};
use super::types::{StoreError, StoredStatus};

/// The notification channel of cross-node notices (`LISTEN lodestone`).
pub const CHANNEL: &str = "lodestone";

/// The condition that lease `$l`'s run is dead (its lock free: `runs.rs`),
/// judged only while the boolean parameter `$judging` is true.
macro_rules! dead_run {
    ($l:literal, $judging:literal) => {
        concat!(
            "(",
            $judging,
            "::boolean AND ",
            $l,
            ".run IS NOT NULL AND NOT EXISTS \
             (SELECT 1 FROM live_runs a WHERE a.run = ",
            $l,
            ".run))"
        )
    };
}

/// The leases and nodes tables; cheap to clone.
#[derive(Clone, Debug)]
pub struct Leases {
    /// Also for the tournaments' leases (`tournaments.rs`).
    pub(super) pool: Pool<Postgres>,
    /// This node's run (`runs.rs`), named by the leases it takes.
    pub(super) runs: Arc<RunState>,
}

/// What trying to take a room gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Take {
    /// The room is ours at this epoch.
    Taken(i64),
    /// Another node holds an unexpired lease; its advertised URL, if it
    /// has one.
    Owned { node: String, url: Option<String> },
    /// There is no such room.
    NoRoom,
}

/// What a lease is of: a room or a tournament (one `leases` table keyed by
/// the id; the row that must exist is in the kind's own table).
#[derive(Clone, Copy, Debug)]
pub(super) enum Leased {
    Room,
    Tournament,
}

/// What the lobby of every node shows of a room: whether it is public,
/// its status (`open`, `playing`, …), its line (a `RoomSummary` as JSON)
/// and who is seated (a JSON array of guest ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyLine {
    pub public: bool,
    pub status: StoredStatus,
    pub summary: String,
    pub seated: String,
}

/// A notice from another node (`LISTEN lodestone`): hints, never data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A room's line in the lobby changed.
    Lobby,
    /// Node `node` took room `room`.
    Owner { room: String, node: String },
    /// A ban was given on another node: `ban` and the words after it
    /// (whom it is about; `moderation::bans` reads them).
    Ban { kind: String, what: Option<String> },
    /// A guest's vacations changed on another node: its rooms here read
    /// them again.
    Vacation { guest: String },
    /// Who may be notified changed on another node (`owner`: a guest,
    /// `guest:ID` or `room:ID`): its rooms here read their targets again.
    Targets { owner: String },
    /// Another node wrote a row that `kind` marks for `key` (`marks.rs`:
    /// `blocks` and a guest who blocks someone).
    Marked { kind: String, key: String },
    /// Something this server does not know (a newer node's).
    Other,
}

/// The nodes' notices as they come ([`Leases::notices`]). An error means
/// the connection is lost: notices may have been missed, so whatever they
/// tell of is read again.
#[derive(Debug)]
pub struct Notices {
    listener: PgListener,
}

impl Notices {
    /// The next notice.
    pub async fn next(&mut self) -> Result<Notice, StoreError> {
        let notice = self.listener.recv().await?;
        let mut words = notice.payload().split(' ');
        Ok(match (words.next(), words.next(), words.next()) {
            (Some("lobby"), _, _) => Notice::Lobby,
            (Some("ban"), Some(kind), what) => Notice::Ban {
                kind: kind.to_string(),
                what: what.map(str::to_string),
            },
            (Some("vacation"), Some(guest), _) => Notice::Vacation {
                guest: guest.to_string(),
            },
            (Some("targets"), Some(owner), _) => Notice::Targets {
                owner: owner.to_string(),
            },
            (Some("marked"), Some(kind), Some(key)) => Notice::Marked {
                kind: kind.to_string(),
                key: key.to_string(),
            },
            (Some("owner"), Some(room), Some(node)) => Notice::Owner {
                room: room.to_string(),
                node: node.to_string(),
            },
            _ => Notice::Other,
        })
    }
}

/// One room's line in the lobby as its owner wrote it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Listed {
    pub summary: String,
}

impl Leases {
    pub(super) fn new(pool: Pool<Postgres>) -> Leases {
        Leases {
            pool,
            runs: Arc::default(),
        }
    }

    /// Takes the lock of this node's run (`runs.rs`): `run` again, or a
    /// fresh one; `None` if another session still holds it. The leases
    /// taken from now on name the run.
    pub async fn lock_run(&self, run: Option<i64>) -> Result<Option<RunLock>, StoreError> {
        self.runs.lock(&self.pool, run).await
    }

    /// This node's run, once it holds its lock.
    pub fn run(&self) -> Option<i64> {
        self.runs.run()
    }

    /// Lets this node judge other runs dead by their locks (`true`) or not.
    pub fn judge_runs(&self, judging: bool) {
        self.runs.judge(judging);
    }

    fn judging(&self) -> bool {
        self.runs.judging()
    }

    /// Listens for the nodes' notices on a connection of its own.
    pub async fn notices(&self) -> Result<Notices, StoreError> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(Notices { listener })
    }

    /// Says that node `name` (its run, once it has one) is alive and
    /// reachable at `url`.
    pub async fn heartbeat(&self, name: &str, url: &str) -> Result<(), StoreError> {
        sql!(
            &self.pool,
            exec "INSERT INTO nodes (name, url, heartbeat, run) VALUES ($1, $2, clock_timestamp(), $3) \
                  ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url, heartbeat = EXCLUDED.heartbeat, \
                  run = EXCLUDED.run",
            name, url, self.run(),
        )?;
        Ok(())
    }

    /// Takes node `name` out of the registry (it is draining or gone).
    pub async fn remove_node(&self, name: &str) -> Result<(), StoreError> {
        sql!(&self.pool, exec "DELETE FROM nodes WHERE name = $1", name)?;
        Ok(())
    }

    /// Takes room `room` for `node` for `lease_ms`, if the room exists and
    /// its lease is free, expired, of a dead run (`runs.rs`), or an earlier
    /// one of `node` itself (a previous run of this node: fenced out by the
    /// new epoch).
    /// Another node's unexpired lease is answered from a look that waits
    /// for no lock (its owner may be in the middle of a commit, or stalled
    /// there); only a lease that may be ours is taken, which waits at most
    /// the lock timeout (`bounds.rs`) for a row another node holds locked.
    pub async fn take(&self, room: &str, node: &str, lease_ms: u64) -> Result<Take, StoreError> {
        for _ in 0..3 {
            let held = sql!(
                &self.pool,
                row (String, Option<String>): concat!(
                    "SELECT l.node, n.url FROM leases l LEFT JOIN nodes n ON n.name = l.node \
                     WHERE l.room_id = $1 AND l.node <> $2 AND l.expires_at > clock_timestamp() AND NOT ",
                    dead_run!("l", "$3")
                ),
                room, node, self.judging(),
            )?;
            if let Some((node, url)) = held {
                return Ok(Take::Owned { node, url });
            }
            if let Some(epoch) = self.grab(Leased::Room, room, node, lease_ms).await? {
                return Ok(Take::Taken(epoch));
            }
            let owner = self.holder(room).await?;
            match owner {
                Some((node, url)) => return Ok(Take::Owned { node, url }),
                None => {
                    let exists = sql!(&self.pool, value i32: "SELECT 1 FROM rooms WHERE id = $1", room)?;
                    if exists.is_none() {
                        return Ok(Take::NoRoom);
                    }
                    // The lease was released between the two queries.
                }
            }
        }
        Ok(Take::NoRoom)
    }

    /// Takes the lease of `id` (a room or a tournament, `kind`) for `node`
    /// for `lease_ms` if its row exists and the lease is free, expired, of
    /// a dead run, or `node`'s own: the new epoch, or none. The lease names
    /// this node's run.
    pub(super) async fn grab(
        &self,
        kind: Leased,
        id: &str,
        node: &str,
        lease_ms: u64,
    ) -> Result<Option<i64>, StoreError> {
        macro_rules! take_in {
            ($table:literal) => {
                concat!(
                    "INSERT INTO leases (room_id, node, epoch, expires_at, run) \
                     SELECT $1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond', $4 \
                     WHERE EXISTS (SELECT 1 FROM ",
                    $table,
                    " WHERE id = $1) \
                     ON CONFLICT (room_id) DO UPDATE \
                     SET node = EXCLUDED.node, epoch = leases.epoch + 1, expires_at = EXCLUDED.expires_at, \
                     run = EXCLUDED.run \
                     WHERE leases.expires_at <= clock_timestamp() OR leases.node = EXCLUDED.node OR ",
                    dead_run!("leases", "$5"),
                    " RETURNING epoch"
                )
            };
        }
        let sql = match kind {
            Leased::Room => take_in!("rooms"),
            Leased::Tournament => take_in!("tournaments"),
        };
        Ok(sql!(
            &self.pool,
            value i64: sql,
            id, node, lease_ms as i64, self.run(), self.judging(),
        )?)
    }

    /// Who holds the lease of `id` (whether expired or not) and the URL of
    /// that node, if anyone does.
    pub(super) async fn holder(&self, id: &str) -> Result<Option<(String, Option<String>)>, StoreError> {
        Ok(sql!(
            &self.pool,
            row (String, Option<String>):
                "SELECT l.node, n.url FROM leases l LEFT JOIN nodes n ON n.name = l.node WHERE l.room_id = $1",
            id,
        )?)
    }

    /// The lease of a room about to be created (its events are appended
    /// under it, fenced like any others): epoch 1, `node`'s.
    pub async fn claim_new(&self, room: &str, node: &str, lease_ms: u64) -> Result<(), StoreError> {
        sql!(
            &self.pool,
            exec "INSERT INTO leases (room_id, node, epoch, expires_at, run) \
                  VALUES ($1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond', $4)",
            room, node, lease_ms as i64, self.run(),
        )?;
        Ok(())
    }

    /// Extends `node`'s leases of `rooms` (room and epoch) by `lease_ms`
    /// from now by the database's clock; returns the rooms renewed. A lease
    /// another node took (its epoch changed) is not renewed: it is lost. A
    /// lease that lapsed but nobody took is still this node's to renew:
    /// nobody else can have appended under it.
    pub async fn renew(
        &self,
        node: &str,
        rooms: &[(String, i64)],
        lease_ms: u64,
    ) -> Result<Vec<String>, StoreError> {
        if rooms.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<String> = rooms.iter().map(|(r, _)| r.clone()).collect();
        let epochs: Vec<i64> = rooms.iter().map(|(_, e)| *e).collect();
        // The rows are locked in room order, as the fences of a batch are
        // (`sql.rs`), so a renewal and a commit never wait for each other
        // round a circle.
        Ok(sql!(
            &self.pool,
            values String: "WITH mine AS (SELECT l.room_id FROM leases l \
                            JOIN UNNEST($1::text[], $2::bigint[]) AS r(room_id, epoch) \
                            ON l.room_id = r.room_id AND l.epoch = r.epoch \
                            WHERE l.node = $4 AND l.expires_at <> '-infinity' ORDER BY l.room_id FOR UPDATE OF l) \
                            UPDATE leases SET expires_at = clock_timestamp() + $3 * interval '1 millisecond' \
                            WHERE room_id IN (SELECT room_id FROM mine) RETURNING room_id",
            &ids, &epochs, lease_ms as i64, node,
        )?)
    }

    /// Gives up `node`'s lease of `room` at `epoch`: deleted when the room
    /// is over (`gone`), otherwise expired at once so any node may take it
    /// (marked released: `-infinity`, which a renewal already under way
    /// does not extend again).
    pub async fn release(&self, room: &str, node: &str, epoch: i64, gone: bool) -> Result<(), StoreError> {
        let sql = if gone {
            "DELETE FROM leases WHERE room_id = $1 AND node = $2 AND epoch = $3"
        } else {
            "UPDATE leases SET expires_at = '-infinity' \
             WHERE room_id = $1 AND node = $2 AND epoch = $3"
        };
        sql!(&self.pool, exec sql, room, node, epoch)?;
        Ok(())
    }

    /// Where the clients of `room` should go now that node `me` lets it
    /// go: its owner's URL if another node holds it, or else the URL of
    /// another node that is alive (the freshest heartbeat), which will
    /// take it when they come.
    pub async fn where_to(&self, room: &str, me: &str, alive_ms: u64) -> Result<Option<String>, StoreError> {
        let owner = sql!(
            &self.pool,
            value String: concat!(
                "SELECT n.url FROM leases l JOIN nodes n ON n.name = l.node \
                 WHERE l.room_id = $1 AND l.node <> $2 AND l.expires_at > clock_timestamp() AND NOT ",
                dead_run!("l", "$3")
            ),
            room, me, self.judging(),
        )?;
        if let Some(url) = owner {
            return Ok(Some(url));
        }
        self.other_node(me, alive_ms).await
    }

    /// The URL of a live node other than `me` (heard from within
    /// `alive_ms`, its run not dead), if there is one.
    pub async fn other_node(&self, me: &str, alive_ms: u64) -> Result<Option<String>, StoreError> {
        Ok(sql!(
            &self.pool,
            value String: concat!(
                "SELECT url FROM nodes n WHERE name <> $1 \
                 AND heartbeat > clock_timestamp() - $2 * interval '1 millisecond' AND NOT ",
                dead_run!("n", "$3"),
                " ORDER BY heartbeat DESC LIMIT 1"
            ),
            me, alive_ms as i64, self.judging(),
        )?)
    }

    /// Up to `limit` live rooms nobody holds (no lease, an expired one, or
    /// one of a dead run), the most urgent first: those whose deadline has
    /// passed, by deadline, then the rest.
    pub async fn orphans(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        Ok(sql!(
            &self.pool,
            values String: concat!(
                "SELECT r.id FROM rooms r LEFT JOIN leases l ON l.room_id = r.id \
                 WHERE r.status IN ('open', 'playing') \
                 AND (l.room_id IS NULL OR l.expires_at <= clock_timestamp() OR ",
                dead_run!("l", "$2"),
                ") ORDER BY l.deadline NULLS LAST LIMIT $1"
            ),
            limit, self.judging(),
        )?)
    }

    /// Writes what the lobby shows of `room` (its owner `node` at `epoch`
    /// only): whether it is public, its status, its line and who is seated.
    pub async fn publish(
        &self,
        room: &str,
        node: &str,
        epoch: i64,
        line: &LobbyLine,
    ) -> Result<(), StoreError> {
        sql!(
            &self.pool,
            exec "UPDATE leases SET public = $4, status = $5, summary = $6, seated = $7 \
                  WHERE room_id = $1 AND node = $2 AND epoch = $3",
            room, node, epoch, line.public, line.status.as_str(), &line.summary, &line.seated,
        )?;
        Ok(())
    }

    /// Tells every node (`LISTEN lodestone`) `what`, outside any move's
    /// transaction.
    pub async fn notify(&self, what: &str) -> Result<(), StoreError> {
        sql!(&self.pool, exec "SELECT pg_notify($1, $2)", CHANNEL, what)?;
        Ok(())
    }

    /// The lines of the public rooms in `status` (`open` or `playing`),
    /// whoever owns them.
    pub async fn listed(&self, status: StoredStatus) -> Result<Vec<Listed>, StoreError> {
        Ok(sql!(
            &self.pool,
            rows Listed: "SELECT l.summary FROM leases l JOIN rooms r ON r.id = l.room_id \
                          WHERE l.public AND l.status = $1 AND l.summary IS NOT NULL \
                          AND r.status IN ('open', 'playing')",
            status.as_str(),
        )?)
    }

    /// The unfinished rooms where `guest` holds a seat, whoever owns them.
    pub async fn rooms_of(&self, guest: &str) -> Result<Vec<String>, StoreError> {
        Ok(sql!(
            &self.pool,
            values String: "SELECT l.room_id FROM leases l JOIN rooms r ON r.id = l.room_id \
                            WHERE r.status IN ('open', 'playing') AND l.status IN ('open', 'playing') \
                            AND strpos(l.seated, '\"' || $1 || '\"') > 0 ORDER BY l.room_id",
            guest,
        )?)
    }
}
