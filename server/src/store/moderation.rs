//! The storage of moderation (`moderation/`): roles, the audit log,
//! sanctions (bans, chat timeouts, bans from rated play), blocks, a
//! player's settings, reports, abandoned games and names taken away. Rare
//! writes, each a statement or a transaction of its own on the pool (not
//! the event writer), one SQL text for both backends. Every node reads
//! these tables, so a ban or a timeout holds on all of them at once.

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::types::StoreError;

/// A stored admin or moderator action.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditRow {
    pub id: String,
    pub at: i64,
    pub actor_id: Option<String>,
    pub action: String,
    pub target_id: Option<String>,
    pub room_id: Option<String>,
    pub detail: String,
}

/// A stored ban, timeout or ban from rated play.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SanctionRow {
    pub id: String,
    /// `ban`, `timeout` or `rated_ban`.
    pub kind: String,
    pub guest_id: Option<String>,
    pub address: Option<String>,
    pub room_id: Option<String>,
    pub reason: String,
    pub by_id: Option<String>,
    pub at: i64,
    /// `None`: for good.
    pub until: Option<i64>,
    pub lifted_at: Option<i64>,
}

/// A stored report.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ReportRow {
    pub id: String,
    pub at: i64,
    pub reporter_id: String,
    pub target_id: String,
    pub room_id: Option<String>,
    pub reason: String,
    /// The context, a JSON object.
    pub context: Option<String>,
    /// `open`, `taken`, `resolved` or `dismissed`.
    pub status: String,
    pub moderator_id: Option<String>,
    pub note: Option<String>,
    pub updated_at: i64,
}

/// A game a player left (`left`) or aborted (`aborted`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct OffenseRow {
    pub guest_id: String,
    pub room_id: String,
    pub kind: String,
    pub at: i64,
}

/// A player's settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Preferences {
    pub zen: bool,
    pub mute_spectators: bool,
}

/// Inserts audit entry `$row` through `$executor` (a pool or a
/// transaction of either backend).
macro_rules! insert_audit {
    ($executor:expr, $row:expr) => {{
        let row: &AuditRow = $row;
        sql!(
            $executor,
            exec "INSERT INTO audit (id, at, actor_id, action, target_id, room_id, detail) \
                  VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &row.id, row.at, &row.actor_id, &row.action, &row.target_id, &row.room_id, &row.detail,
        )
        .map(|_| ())
    }};
}

pub(super) use insert_audit;

const SANCTION_COLUMNS: &str = "id, kind, guest_id, address, room_id, reason, by_id, at, until, lifted_at";
const REPORT_COLUMNS: &str =
    "id, at, reporter_id, target_id, room_id, reason, context, status, moderator_id, note, updated_at";

impl Store {
    /// The role of guest `id` (`admin`, `moderator`), if any.
    pub async fn role_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(pooled!(&self.db, value String: "SELECT role FROM roles WHERE guest_id = $1", id)?)
    }

    /// Gives guest `id` the role `role` (`None`: none), with the audit
    /// entry of the change, in one transaction.
    pub async fn set_role(
        &self,
        id: &str,
        role: Option<&str>,
        by: Option<&str>,
        now: i64,
        audit: &AuditRow,
    ) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            sql!(&mut *tx, exec "DELETE FROM roles WHERE guest_id = $1", id)?;
            if let Some(role) = role {
                sql!(
                    &mut *tx,
                    exec "INSERT INTO roles (guest_id, role, granted_by, granted_at) VALUES ($1, $2, $3, $4)",
                    id, role, by, now,
                )?;
            }
            insert_audit!(&mut *tx, audit)?;
            tx.commit().await
        })?;
        Ok(())
    }

    /// Makes account `id` an admin if it is the first account ever made
    /// and there is no admin yet (`--first-account-is-admin`). Returns
    /// whether it did.
    pub async fn grant_first_admin(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let done = pooled!(
            &self.db,
            exec "INSERT INTO roles (guest_id, role, granted_by, granted_at) \
                  SELECT guest_id, 'admin', NULL, $2 FROM accounts WHERE guest_id = $1 \
                  AND guest_id = (SELECT guest_id FROM accounts ORDER BY created_at, guest_id LIMIT 1) \
                  AND NOT EXISTS (SELECT 1 FROM roles WHERE role = 'admin') \
                  ON CONFLICT DO NOTHING",
            id, now,
        )?;
        Ok(done > 0)
    }

    /// Stores an audit entry.
    pub async fn audit(&self, row: &AuditRow) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => insert_audit!(pool, row))?;
        Ok(())
    }

    /// The audit log, newest first: the latest `limit` entries (`None`:
    /// all).
    pub async fn audit_log(&self, limit: Option<i64>) -> Result<Vec<AuditRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            rows AuditRow: "SELECT id, at, actor_id, action, target_id, room_id, detail FROM audit \
                            ORDER BY at DESC, id DESC LIMIT $1",
            limit.unwrap_or(i64::MAX),
        )?)
    }

    /// The audit entries about guest `id` or by it, newest first.
    pub async fn audit_of(&self, id: &str) -> Result<Vec<AuditRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            rows AuditRow: "SELECT id, at, actor_id, action, target_id, room_id, detail FROM audit \
                            WHERE target_id = $1 OR actor_id = $1 ORDER BY at DESC, id DESC",
            id,
        )?)
    }

    /// Stores a sanction with its audit entry (none for the server's own,
    /// abandonment) in one transaction.
    pub async fn add_sanction(&self, row: &SanctionRow, audit: Option<&AuditRow>) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            sql!(
                &mut *tx,
                exec "INSERT INTO sanctions (id, kind, guest_id, address, room_id, reason, by_id, at, until, lifted_at) \
                      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                &row.id, &row.kind, &row.guest_id, &row.address, &row.room_id,
                &row.reason, &row.by_id, row.at, row.until, row.lifted_at,
            )?;
            if let Some(audit) = audit {
                insert_audit!(&mut *tx, audit)?;
            }
            tx.commit().await
        })?;
        Ok(())
    }

    /// Lifts sanction `id` at `now` (with its audit entry); false if there
    /// is no such sanction in force.
    pub async fn lift_sanction(&self, id: &str, now: i64, audit: &AuditRow) -> Result<bool, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            let lifted = sql!(
                &mut *tx,
                exec "UPDATE sanctions SET lifted_at = $2 WHERE id = $1 AND lifted_at IS NULL \
                      AND (until IS NULL OR until > $2)",
                id, now,
            )?;
            if lifted == 0 {
                return Ok(false);
            }
            insert_audit!(&mut *tx, audit)?;
            tx.commit().await.map(|()| true)
        })?)
    }

    /// One sanction.
    pub async fn sanction(&self, id: &str) -> Result<Option<SanctionRow>, StoreError> {
        let sql = format!("SELECT {SANCTION_COLUMNS} FROM sanctions WHERE id = $1");
        Ok(pooled!(&self.db, row SanctionRow: sqlx::AssertSqlSafe(sql), id)?)
    }

    /// The sanctions in force at `now`, newest first.
    pub async fn sanctions_in_force(&self, now: i64) -> Result<Vec<SanctionRow>, StoreError> {
        let sql = format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions WHERE lifted_at IS NULL AND (until IS NULL OR until > $1) \
             ORDER BY at DESC, id DESC"
        );
        Ok(pooled!(&self.db, rows SanctionRow: sqlx::AssertSqlSafe(sql), now)?)
    }

    /// Every sanction of guest `id`, newest first.
    pub async fn sanctions_of(&self, id: &str) -> Result<Vec<SanctionRow>, StoreError> {
        let sql =
            format!("SELECT {SANCTION_COLUMNS} FROM sanctions WHERE guest_id = $1 ORDER BY at DESC, id DESC");
        Ok(pooled!(&self.db, rows SanctionRow: sqlx::AssertSqlSafe(sql), id)?)
    }

    /// The sanction of kind `kind` in force at `now` on guest `guest` or
    /// address `address` (a timeout: everywhere, or in room `room`), the
    /// one that lasts longest.
    pub async fn sanction_on(
        &self,
        kind: &str,
        guest: Option<&str>,
        address: Option<&str>,
        room: Option<&str>,
        now: i64,
    ) -> Result<Option<SanctionRow>, StoreError> {
        let sql = format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions WHERE kind = $1 AND lifted_at IS NULL \
             AND (until IS NULL OR until > $2) AND (guest_id = $3 OR address = $4) \
             AND (room_id IS NULL OR room_id = $5) \
             ORDER BY CASE WHEN until IS NULL THEN 1 ELSE 0 END DESC, until DESC LIMIT 1"
        );
        Ok(pooled!(
            &self.db,
            row SanctionRow: sqlx::AssertSqlSafe(sql),
            kind, now, guest, address, room,
        )?)
    }

    /// Guest `id` blocks `other` (again: nothing changes). `id` is marked
    /// as blocking before the write, and the other nodes told after it
    /// (`marks.rs`).
    pub async fn block(&self, id: &str, other: &str, now: i64) -> Result<(), StoreError> {
        self.marks.blocker(id);
        pooled!(
            &self.db,
            exec "INSERT INTO blocks (guest_id, blocked_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            id, other, now,
        )?;
        if let Some(leases) = self.leases()
            && let Err(e) = leases.notify(&format!("marked blocks {id}")).await
        {
            tracing::warn!(error = %e, "could not tell the other nodes of a block");
        }
        Ok(())
    }

    /// Guest `id` no longer blocks `other`.
    pub async fn unblock(&self, id: &str, other: &str) -> Result<(), StoreError> {
        pooled!(&self.db, exec "DELETE FROM blocks WHERE guest_id = $1 AND blocked_id = $2", id, other)?;
        Ok(())
    }

    /// The guests `id` blocks.
    pub async fn blocked_by(&self, id: &str) -> Result<Vec<String>, StoreError> {
        Ok(pooled!(
            &self.db,
            values String: "SELECT blocked_id FROM blocks WHERE guest_id = $1 ORDER BY at, blocked_id",
            id,
        )?)
    }

    /// Whether `a` blocks `b` or `b` blocks `a`: such players are never
    /// seated together (tournaments ask this before pairing them).
    pub async fn blocks_between(&self, a: &str, b: &str) -> Result<bool, StoreError> {
        Ok(!self
            .blocked_pairs(&[a.to_string(), b.to_string()])
            .await?
            .is_empty())
    }

    /// The pairs among `ids` where the first blocks the second (read only
    /// for the guests marked as blocking anyone: `marks.rs`).
    pub async fn blocked_pairs(&self, ids: &[String]) -> Result<Vec<(String, String)>, StoreError> {
        let mut pairs = Vec::new();
        for id in self.marks.blockers_among(&self.db, ids).await {
            for other in self.blocked_by(id).await? {
                if ids.contains(&other) && other != *id {
                    pairs.push((id.clone(), other));
                }
            }
        }
        Ok(pairs)
    }

    /// Guest `id`'s settings (the defaults if it never changed them).
    pub async fn preferences(&self, id: &str) -> Result<Preferences, StoreError> {
        let row = pooled!(
            &self.db,
            row (i64, i64): "SELECT zen, mute_spectators FROM preferences WHERE guest_id = $1",
            id,
        )?;
        Ok(row.map_or(Preferences::default(), |(zen, mute)| Preferences {
            zen: zen != 0,
            mute_spectators: mute != 0,
        }))
    }

    /// Stores guest `id`'s settings.
    pub async fn set_preferences(&self, id: &str, p: Preferences) -> Result<(), StoreError> {
        pooled!(
            &self.db,
            exec "INSERT INTO preferences (guest_id, zen, mute_spectators) VALUES ($1, $2, $3) \
                  ON CONFLICT (guest_id) DO UPDATE SET zen = excluded.zen, mute_spectators = excluded.mute_spectators",
            id, i64::from(p.zen), i64::from(p.mute_spectators),
        )?;
        Ok(())
    }

    /// Whether any of `ids` has muted the spectators of its games.
    pub async fn mutes_spectators(&self, ids: &[String]) -> Result<bool, StoreError> {
        for id in ids {
            if self.preferences(id).await?.mute_spectators {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Stores a new report.
    pub async fn add_report(&self, row: &ReportRow) -> Result<(), StoreError> {
        pooled!(
            &self.db,
            exec "INSERT INTO reports (id, at, reporter_id, target_id, room_id, reason, context, status, moderator_id, note, updated_at) \
                  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            &row.id, row.at, &row.reporter_id, &row.target_id, &row.room_id, &row.reason,
            &row.context, &row.status, &row.moderator_id, &row.note, row.updated_at,
        )?;
        Ok(())
    }

    /// The reports open or taken (with `all`, every report), oldest first.
    pub async fn reports(&self, all: bool) -> Result<Vec<ReportRow>, StoreError> {
        let filter = if all {
            ""
        } else {
            "WHERE status IN ('open', 'taken')"
        };
        let sql = format!("SELECT {REPORT_COLUMNS} FROM reports {filter} ORDER BY at, id");
        Ok(pooled!(&self.db, rows ReportRow: sqlx::AssertSqlSafe(sql))?)
    }

    /// The reports about guest `id` (`about`) or made by it, newest first.
    pub async fn reports_of(&self, id: &str, about: bool) -> Result<Vec<ReportRow>, StoreError> {
        let column = if about { "target_id" } else { "reporter_id" };
        let sql =
            format!("SELECT {REPORT_COLUMNS} FROM reports WHERE {column} = $1 ORDER BY at DESC, id DESC");
        Ok(pooled!(&self.db, rows ReportRow: sqlx::AssertSqlSafe(sql), id)?)
    }

    /// Moves report `id` from one of `from` (statuses) to `status`, by
    /// moderator `by` with `note`, and stores the audit entry, in one
    /// transaction; false if the report is not in one of `from`.
    pub async fn move_report(
        &self,
        id: &str,
        from: &[&str],
        status: &str,
        by: &str,
        note: Option<&str>,
        audit: &AuditRow,
    ) -> Result<bool, StoreError> {
        let placeholders: Vec<String> = (0..from.len()).map(|i| format!("${}", i + 6)).collect();
        let sql = format!(
            "UPDATE reports SET status = $2, moderator_id = $3, note = COALESCE($4, note), updated_at = $5 \
             WHERE id = $1 AND status IN ({})",
            placeholders.join(", ")
        );
        Ok(with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(id)
                .bind(status)
                .bind(by)
                .bind(note)
                .bind(audit.at);
            for s in from {
                query = query.bind(*s);
            }
            if query.execute(&mut *tx).await?.rows_affected() == 0 {
                return Ok(false);
            }
            insert_audit!(&mut *tx, audit)?;
            tx.commit().await.map(|()| true)
        })?)
    }

    /// One report.
    pub async fn report(&self, id: &str) -> Result<Option<ReportRow>, StoreError> {
        let sql = format!("SELECT {REPORT_COLUMNS} FROM reports WHERE id = $1");
        Ok(pooled!(&self.db, row ReportRow: sqlx::AssertSqlSafe(sql), id)?)
    }

    /// Records a game left or aborted; false if it was recorded already.
    pub async fn add_offense(&self, row: &OffenseRow) -> Result<bool, StoreError> {
        let done = pooled!(
            &self.db,
            exec "INSERT INTO offenses (guest_id, room_id, kind, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            &row.guest_id, &row.room_id, &row.kind, row.at,
        )?;
        Ok(done > 0)
    }

    /// Guest `id`'s games left or aborted since `since`, oldest first.
    pub async fn offenses_of(&self, id: &str, since: i64) -> Result<Vec<OffenseRow>, StoreError> {
        Ok(pooled!(
            &self.db,
            rows OffenseRow: "SELECT guest_id, room_id, kind, at FROM offenses WHERE guest_id = $1 AND at >= $2 \
                              ORDER BY at, room_id",
            id, since,
        )?)
    }

    /// Whether a moderator took the name with this key away.
    pub async fn name_banned(&self, key: &str) -> Result<bool, StoreError> {
        let row =
            pooled!(&self.db, value String: "SELECT name_key FROM banned_names WHERE name_key = $1", key)?;
        Ok(row.is_some())
    }

    /// Renames guest `id` to `name` (its account too, whose name key
    /// becomes `key`), takes the old name (key `old_key`) away and stores
    /// the audit entry, in one transaction. False if an account has the
    /// new name already.
    pub async fn rename_by_moderator(
        &self,
        id: &str,
        name: &str,
        key: &str,
        old_key: &str,
        audit: &AuditRow,
    ) -> Result<bool, StoreError> {
        Ok(with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            // A write first: on SQLite the transaction then holds the write
            // lock from its start (waiting its turn), where a read first
            // would fail as busy when the event writer commits in between.
            sql!(&mut *tx, exec "UPDATE guests SET name = $1 WHERE id = $2", name, id)?;
            let taken = sql!(
                &mut *tx,
                value String: "SELECT guest_id FROM accounts WHERE name_key = $1 AND guest_id <> $2",
                key, id,
            )?;
            if taken.is_some() {
                // Dropped, the transaction rolls the new name back.
                return Ok(false);
            }
            sql!(&mut *tx, exec "UPDATE accounts SET name_key = $1 WHERE guest_id = $2", key, id)?;
            sql!(
                &mut *tx,
                exec "INSERT INTO banned_names (name_key, at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                old_key, audit.at,
            )?;
            insert_audit!(&mut *tx, audit)?;
            tx.commit().await.map(|()| true)
        })?)
    }
}
