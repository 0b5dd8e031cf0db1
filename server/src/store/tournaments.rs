//! Tournaments' storage: each tournament's event log and its summary row
//! (`tournaments`: status and list line, written in the same transaction
//! as the events that change them), and, on PostgreSQL, taking a
//! tournament's lease (the `leases` table, keyed by the tournament's id
//! like a room's). Tournament writes are rare (a few a round), so each is
//! a transaction of its own on the pool rather than through the event
//! writer; with several nodes the fence is its first statement, exactly
//! as for a room's appends.

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::leases::{Leased, Leases, Take};
use super::types::{StoreError, StoredStatus};

/// One event of a tournament's log as stored (`tournament/stored.rs`
/// knows the kinds).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub tournament_id: String,
    pub seq: i64,
    pub kind: String,
    pub at: i64,
    pub data: String,
}

/// A tournament's summary row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentLine {
    pub id: String,
    pub organizer: String,
    pub public: bool,
    /// `upcoming`, `running` or `finished`.
    pub status: String,
    pub created_at: i64,
    /// The list line, as JSON.
    pub summary: String,
}

/// A tournament writer's fence (several nodes): its node and epoch.
#[derive(Clone, Copy, Debug)]
pub struct Fence<'a> {
    pub node: &'a str,
    pub epoch: i64,
}

impl Store {
    /// One tournament's log, in order (empty if there is none).
    pub async fn tournament_events(&self, id: &str) -> Result<Vec<TournamentRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            rows TournamentRow: "SELECT tournament_id, seq, kind, at, data FROM tournament_events \
                                 WHERE tournament_id = $1 ORDER BY seq",
            id,
        )?)
    }

    /// Appends `rows` to a tournament's log and writes its summary `line`,
    /// in one transaction; with `fence`, only while the node holds the
    /// tournament's lease at that epoch (else [`StoreError::Fenced`], and
    /// nothing is stored).
    pub async fn append_tournament(
        &self,
        rows: &[TournamentRow],
        line: &TournamentLine,
        fence: Option<Fence<'_>>,
    ) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            if let Some(fence) = fence {
                let held = sql!(
                    &mut *tx,
                    value String: "UPDATE leases SET deadline = NULL WHERE room_id = $1 AND node = $2 AND epoch = $3 \
                                   AND expires_at > clock_timestamp() RETURNING room_id",
                    &line.id, fence.node, fence.epoch,
                )?;
                if held.is_none() {
                    return Err(StoreError::Fenced);
                }
            }
            for row in rows {
                sql!(
                    &mut *tx,
                    exec "INSERT INTO tournament_events (tournament_id, seq, kind, at, data) VALUES ($1, $2, $3, $4, $5)",
                    &row.tournament_id, row.seq, &row.kind, row.at, &row.data,
                )?;
            }
            sql!(
                &mut *tx,
                exec "INSERT INTO tournaments (id, organizer, public, status, created_at, summary) \
                      VALUES ($1, $2, $3, $4, $5, $6) \
                      ON CONFLICT (id) DO UPDATE SET status = excluded.status, summary = excluded.summary",
                &line.id, &line.organizer, line.public, &line.status, line.created_at, &line.summary,
            )?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The summary rows of the tournaments that are not finished, and of
    /// the `finished` latest finished ones.
    pub async fn tournament_lines(&self, finished: i64) -> Result<Vec<TournamentLine>, StoreError> {
        Ok(pooled!(
            &self.db,
            rows TournamentLine:
                "SELECT id, organizer, public, status, created_at, summary FROM tournaments WHERE status <> 'finished' \
                 UNION ALL \
                 SELECT * FROM (SELECT id, organizer, public, status, created_at, summary FROM tournaments \
                 WHERE status = 'finished' ORDER BY created_at DESC LIMIT $1) AS latest",
            finished,
        )?)
    }

    /// How many unfinished tournaments `organizer` has.
    pub async fn live_tournaments_of(&self, organizer: &str) -> Result<i64, StoreError> {
        Ok(pooled!(
            &self.db,
            count "SELECT COUNT(*) FROM tournaments WHERE organizer = $1 AND status <> 'finished'",
            organizer,
        )?)
    }

    /// Each room's summary status of those among `ids` that exist (a
    /// status this server does not know is left out, not misread).
    pub async fn room_statuses(&self, ids: &[String]) -> Result<Vec<(String, StoredStatus)>, StoreError> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!("SELECT id, status FROM rooms WHERE id IN ({})", marks.join(", "));
            let rows: Vec<(String, String)> = with_pool!(&self.db, pool => {
                let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()));
                for id in chunk {
                    query = query.bind(id);
                }
                query.fetch_all(pool).await
            })?;
            out.extend(
                rows.into_iter()
                    .filter_map(|(id, status)| Some((id, status.parse().ok()?))),
            );
        }
        Ok(out)
    }
}

impl Leases {
    /// Takes tournament `id` for `node` for `lease_ms`: if the tournament
    /// exists and its lease is free, expired, or an earlier one of `node`
    /// (like [`Leases::take`] for a room).
    pub async fn take_tournament(&self, id: &str, node: &str, lease_ms: u64) -> Result<Take, StoreError> {
        if let Some(epoch) = self.grab(Leased::Tournament, id, node, lease_ms).await? {
            return Ok(Take::Taken(epoch));
        }
        let owner = self.holder(id).await?;
        Ok(match owner {
            Some((node, url)) => Take::Owned { node, url },
            None => Take::NoRoom,
        })
    }

    /// The unfinished tournaments nobody holds (no lease, or an expired one).
    pub async fn orphan_tournaments(&self) -> Result<Vec<String>, StoreError> {
        Ok(sql!(
            &self.pool,
            values String: "SELECT t.id FROM tournaments t LEFT JOIN leases l ON l.room_id = t.id \
                            WHERE t.status <> 'finished' AND (l.room_id IS NULL OR l.expires_at <= clock_timestamp())",
        )?)
    }
}
