//! Bot accounts and their API tokens (issue 33): which accounts are
//! bots, and the tokens (hashed) their programs say `hello` with. Rare
//! writes, on the pool like the other account tables
//! (`store/accounts.rs`).

use std::collections::HashSet;

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::types::{GuestRow, StoreError};
use crate::secrets::Token;

/// What marking an account a bot found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotMark {
    /// Marked (or it was already).
    Done,
    /// The guest is not an account.
    NotAccount,
    /// The account has played rated games: its ratings were earned as a
    /// person.
    HasRatings,
}

/// An API token as its account's settings list it (the token itself is
/// shown once, when it is made, and never kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiTokenRow {
    pub id: String,
    pub label: String,
    pub created_at: i64,
}

/// A new API token to store.
#[derive(Clone, Copy, Debug)]
pub struct NewApiToken<'a> {
    pub id: &'a str,
    pub guest_id: &'a str,
    /// The token as its holder will send it (only its hash is stored).
    pub token: &'a Token,
    pub label: &'a str,
    pub created_at: i64,
}

impl Store {
    /// Marks account `guest_id` a bot, for good; refused for a guest that
    /// is not an account and for an account with rated games.
    pub async fn mark_bot(&self, guest_id: &str, now: i64) -> Result<BotMark, StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            // The write first: on SQLite it takes the write lock.
            let inserted = sql!(
                &mut *tx,
                exec "INSERT INTO bot_accounts (guest_id, marked_at) SELECT guest_id, $2 FROM accounts \
                      WHERE guest_id = $1 AND NOT EXISTS (SELECT 1 FROM ratings WHERE guest_id = $1 AND games > 0) \
                      ON CONFLICT DO NOTHING",
                guest_id, now,
            )?;
            let marked = inserted == 1
                || sql!(&mut *tx, value String: "SELECT guest_id FROM bot_accounts WHERE guest_id = $1", guest_id)?
                    .is_some();
            let found = if marked {
                BotMark::Done
            } else if sql!(&mut *tx, value String: "SELECT guest_id FROM accounts WHERE guest_id = $1", guest_id)?
                .is_none()
            {
                BotMark::NotAccount
            } else {
                BotMark::HasRatings
            };
            tx.commit().await?;
            Ok(found)
        })
    }

    /// Which of these guests are bot accounts.
    pub async fn bot_accounts_among(&self, ids: &[String]) -> Result<HashSet<String>, StoreError> {
        self.among("SELECT guest_id FROM bot_accounts WHERE guest_id = $1", ids)
            .await
    }

    /// Whether guest `id` is a bot account (for tournaments to ask too).
    pub async fn is_bot_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.bot_accounts_among(&[id.to_string()]).await?.contains(id))
    }

    /// Stores a new API token, unless its account has `max` already;
    /// returns whether it was stored.
    pub async fn add_api_token(&self, token: NewApiToken<'_>, max: i64) -> Result<bool, StoreError> {
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            let inserted = sql!(
                &mut *tx,
                exec "INSERT INTO api_tokens (id, guest_id, token_hash, label, created_at) \
                      SELECT $1, $2, $3, $4, $5 WHERE (SELECT COUNT(*) FROM api_tokens WHERE guest_id = $2) < $6",
                token.id, token.guest_id, token.token.hash(), token.label, token.created_at, max,
            )?;
            tx.commit().await?;
            Ok(inserted == 1)
        })
    }

    /// An account's API tokens, oldest first.
    pub async fn api_tokens(&self, guest_id: &str) -> Result<Vec<ApiTokenRow>, StoreError> {
        let rows = pooled!(
            &self.db,
            rows (String, String, i64): "SELECT id, label, created_at FROM api_tokens WHERE guest_id = $1 \
                                         ORDER BY created_at, id",
            guest_id,
        )?;
        Ok(rows
            .into_iter()
            .map(|(id, label, created_at)| ApiTokenRow {
                id,
                label,
                created_at,
            })
            .collect())
    }

    /// Revokes API token `id` of account `guest_id`; false if it has none
    /// by that id.
    pub async fn revoke_api_token(&self, guest_id: &str, id: &str) -> Result<bool, StoreError> {
        let deleted =
            pooled!(&self.db, exec "DELETE FROM api_tokens WHERE guest_id = $1 AND id = $2", guest_id, id)?;
        Ok(deleted == 1)
    }

    /// The guest whose API token has this hash.
    pub(super) async fn guest_by_api_token(&self, token_hash: &str) -> Result<Option<GuestRow>, StoreError> {
        self.guest_by(
            "SELECT g.id, g.name, g.bot FROM api_tokens t JOIN guests g ON g.id = t.guest_id \
             WHERE t.token_hash = $1",
            token_hash,
        )
        .await
    }
}
