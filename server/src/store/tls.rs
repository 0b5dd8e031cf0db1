//! What the server keeps for HTTPS (`tls/`): a small key-value table for
//! the ACME account, the certificates and the claims that let one node at
//! a time order one, and the HTTP-01 challenge answers. Plain reads and
//! writes through the pool: none of it is a room's event.

use super::db::{Db, with_pool};
use super::handle::Store;
use super::types::StoreError;

impl Store {
    /// The value stored under `key`, with when it was written (unix ms).
    pub async fn tls_get(&self, key: &str) -> Result<Option<(String, i64)>, StoreError> {
        let sql = "SELECT value, updated_at FROM tls_state WHERE key = $1";
        Ok(with_pool!(&self.db, pool => sqlx::query_as(sql).bind(key).fetch_optional(pool).await?))
    }

    /// Stores `value` under `key`.
    pub async fn tls_put(&self, key: &str, value: &str, now: i64) -> Result<(), StoreError> {
        let sql = "INSERT INTO tls_state (key, value, updated_at) VALUES ($1, $2, $3) \
                   ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at";
        with_pool!(&self.db, pool => {
            sqlx::query(sql).bind(key).bind(value).bind(now).execute(pool).await?.rows_affected()
        });
        Ok(())
    }

    /// Claims `key` for `holder`: true if nobody holds it, the holder is
    /// `holder` already, or the last claim was made before `stale` (a node
    /// that died while ordering).
    pub async fn tls_claim(&self, key: &str, holder: &str, now: i64, stale: i64) -> Result<bool, StoreError> {
        let sql = "INSERT INTO tls_state (key, value, updated_at) VALUES ($1, $2, $3) \
                   ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at \
                   WHERE tls_state.value = excluded.value OR tls_state.updated_at < $4";
        let done = with_pool!(&self.db, pool => {
            let query = sqlx::query(sql).bind(key).bind(holder).bind(now).bind(stale);
            query.execute(pool).await?.rows_affected()
        });
        Ok(done == 1)
    }

    /// Forgets `key` (a claim given back).
    pub async fn tls_delete(&self, key: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM tls_state WHERE key = $1";
        with_pool!(&self.db, pool => sqlx::query(sql).bind(key).execute(pool).await?.rows_affected());
        Ok(())
    }

    /// Publishes the answer to an HTTP-01 challenge, for every node.
    pub async fn challenge_put(&self, token: &str, answer: &str, now: i64) -> Result<(), StoreError> {
        let sql = "INSERT INTO acme_challenges (token, key_authorization, created_at) VALUES ($1, $2, $3) \
                   ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization";
        with_pool!(&self.db, pool => {
            sqlx::query(sql).bind(token).bind(answer).bind(now).execute(pool).await?.rows_affected()
        });
        Ok(())
    }

    /// The answer to the HTTP-01 challenge `token`, if one is published.
    pub async fn challenge_get(&self, token: &str) -> Result<Option<String>, StoreError> {
        let sql = "SELECT key_authorization FROM acme_challenges WHERE token = $1";
        let row: Option<(String,)> =
            with_pool!(&self.db, pool => sqlx::query_as(sql).bind(token).fetch_optional(pool).await?);
        Ok(row.map(|(answer,)| answer))
    }

    /// Removes a challenge's answer once its order is done.
    pub async fn challenge_delete(&self, token: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM acme_challenges WHERE token = $1";
        with_pool!(&self.db, pool => sqlx::query(sql).bind(token).execute(pool).await?.rows_affected());
        Ok(())
    }
}
