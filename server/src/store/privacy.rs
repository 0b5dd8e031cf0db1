//! The storage of a player's data as a whole (`moderation/privacy.rs`):
//! what is read for an export, and a player's deletion in one
//! transaction. Also the look-ups of guests by name the console uses.

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::moderation::{AuditRow, insert_audit};
use super::types::{EventRow, StoreError};

/// A player's account as stored, without its password hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountInfo {
    pub name_key: String,
    pub created_at: i64,
    /// Devices logged in (their tokens are not exported).
    pub devices: i64,
}

/// What a deletion changes besides the player's own rows.
#[derive(Clone, Debug)]
pub struct Deletion {
    pub guest: String,
    /// The guest's new name (its games keep it in place of the old one).
    pub name: String,
    /// A token hash nobody has the token of.
    pub token_hash: String,
    /// Events rewritten without the player's name and words: room, seq
    /// and the new `data`.
    pub events: Vec<(String, i64, String)>,
    pub audit: AuditRow,
}

impl Store {
    /// Guests whose name is `name` (ignoring case), accounts first.
    pub async fn guests_named(&self, name: &str) -> Result<Vec<String>, StoreError> {
        Ok(pooled!(
            &self.db,
            values String: "SELECT g.id FROM guests g LEFT JOIN accounts a ON a.guest_id = g.id \
                            WHERE LOWER(g.name) = LOWER($1) \
                            AND NOT EXISTS (SELECT 1 FROM deleted_players d WHERE d.guest_id = g.id) ORDER BY CASE WHEN a.guest_id IS NULL THEN 1 ELSE 0 END, g.created_at DESC LIMIT 20",
            name,
        )?)
    }

    /// Whether guest `id`'s data was deleted (its guest row is what is
    /// left of it).
    pub async fn is_deleted(&self, id: &str) -> Result<bool, StoreError> {
        Ok(pooled!(&self.db, count "SELECT COUNT(*) FROM deleted_players WHERE guest_id = $1", id)? > 0)
    }

    /// When guest `id` was made (unix ms).
    pub async fn guest_created_at(&self, id: &str) -> Result<Option<i64>, StoreError> {
        Ok(pooled!(&self.db, value i64: "SELECT created_at FROM guests WHERE id = $1", id)?)
    }

    /// Guest `id`'s account, if it is one.
    pub async fn account_info(&self, id: &str) -> Result<Option<AccountInfo>, StoreError> {
        let row = pooled!(
            &self.db,
            row (String, i64): "SELECT name_key, created_at FROM accounts WHERE guest_id = $1",
            id,
        )?;
        let Some((name_key, created_at)) = row else {
            return Ok(None);
        };
        let devices = pooled!(&self.db, count "SELECT COUNT(*) FROM account_tokens WHERE guest_id = $1", id)?;
        Ok(Some(AccountInfo {
            name_key,
            created_at,
            devices,
        }))
    }

    /// The password hash of guest `id`'s account, if it is one.
    pub async fn password_hash_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(pooled!(&self.db, value String: "SELECT password_hash FROM accounts WHERE guest_id = $1", id)?)
    }

    /// Every stored event whose details name guest `id` (its seats, its
    /// rooms, its chat lines), room by room in order.
    pub async fn events_naming(&self, id: &str) -> Result<Vec<EventRow>, StoreError> {
        let pattern = format!("%\"{}\"%", id.replace(['%', '_', '"', '\\'], ""));
        Ok(pooled!(
            &self.db,
            rows EventRow: "SELECT room_id, seq, kind, at, data FROM events WHERE data LIKE $1 ORDER BY room_id, seq",
            pattern,
        )?)
    }

    /// Deletes a player: its account, devices, ratings, finished games
    /// list, role, settings, blocks and offenses go; its guest row stays
    /// (others' records name it) with a new name and a token nobody has,
    /// marked deleted (see [`Store::is_deleted`]);
    /// its events are rewritten as given. One transaction.
    pub async fn delete_player(&self, d: &Deletion) -> Result<(), StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            for (room, seq, data) in &d.events {
                sql!(&mut *tx, exec "UPDATE events SET data = $1 WHERE room_id = $2 AND seq = $3", data, room, *seq)?;
            }
            sql!(
                &mut *tx,
                exec "UPDATE guests SET name = $1, token_hash = $2 WHERE id = $3",
                &d.name, &d.token_hash, &d.guest,
            )?;
            sql!(
                &mut *tx,
                exec "INSERT INTO deleted_players (guest_id, deleted_at) VALUES ($1, $2)",
                &d.guest, d.audit.at,
            )?;
            for sql in [
                "DELETE FROM accounts WHERE guest_id = $1",
                "DELETE FROM account_tokens WHERE guest_id = $1",
                "DELETE FROM ratings WHERE guest_id = $1",
                "DELETE FROM player_games WHERE guest_id = $1",
                "DELETE FROM roles WHERE guest_id = $1",
                "DELETE FROM preferences WHERE guest_id = $1",
                "DELETE FROM blocks WHERE guest_id = $1 OR blocked_id = $1",
                "DELETE FROM offenses WHERE guest_id = $1",
                "DELETE FROM vacation_events WHERE guest_id = $1",
            ] {
                sql!(&mut *tx, exec sql, &d.guest)?;
            }
            insert_audit!(&mut *tx, &d.audit)?;
            tx.commit().await
        })?;
        Ok(())
    }
}
