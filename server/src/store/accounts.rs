//! Accounts, device tokens, ratings and players' finished games: the
//! storage of `accounts.rs` and `ratings.rs`. These writes are rare (a
//! registration, a login, a game's end), so they run as transactions of
//! their own on the pool rather than through the event writer; the SQL is
//! plain enough to be one text for both backends (`ON CONFLICT` and
//! `excluded` are in both). A game's `games_due` row goes through the
//! writer (`Op::GameDue`), in the commit of its `started` event, and so
//! does the result of a game that is not rated (`Op::PlayerGame`,
//! `Op::DueDone`), one per game: SQLite then has one writer during play.

use std::collections::HashSet;

use super::db::{Db, pooled, sql, with_pool};
use super::handle::Store;
use super::types::{GuestRow, Op, PlayResult, RatingKey, StoreError};

/// A stored rating: Weng-Lin skill and uncertainty, and rated games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
}

/// A player's rating under one key.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub key: RatingKey,
    pub rating: StoredRating,
}

/// A player's finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerGameRow {
    pub room_id: String,
    pub game: RatingKey,
    pub result: PlayResult,
    pub rated: bool,
    pub finished_at: i64,
}

/// One line of a leaderboard, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub guest_id: String,
    pub name: String,
    pub rating: StoredRating,
    /// A bot account.
    pub bot: bool,
}

/// What `register` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registered {
    Done,
    NameTaken,
    AlreadyAccount,
}

/// One player's part in a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    pub guest_id: String,
    pub result: PlayResult,
}

/// A finished game's result to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub room_id: String,
    pub key: RatingKey,
    pub finished_at: i64,
    pub players: Vec<PlayerResult>,
}

/// Turns the players' current ratings (in `GameResult::players` order;
/// [`NEW`] with no games for a first game) into their new ones.
pub type Rate<'a> = &'a (dyn Fn(&[StoredRating]) -> Vec<StoredRating> + Send + Sync);

/// A player's rating before its first rated game: Weng-Lin's defaults.
pub const NEW: StoredRating = StoredRating {
    mu: 25.0,
    sigma: 25.0 / 3.0,
    games: 0,
};

impl Store {
    /// Makes guest `guest_id` an account named `name` (`name_key` its
    /// lower case) with the password hash `hash`; the guest takes the
    /// name. One transaction.
    pub async fn register(
        &self,
        guest_id: &str,
        name: &str,
        name_key: &str,
        hash: &str,
        now: i64,
    ) -> Result<Registered, StoreError> {
        with_pool!(&self.db, pool => {
            // The insert comes first: on SQLite it takes the write lock
            // (waiting for it), where a read first could not upgrade.
            let mut tx = pool.begin().await?;
            let inserted = sql!(
                &mut *tx,
                exec "INSERT INTO accounts (guest_id, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4) \
                      ON CONFLICT DO NOTHING",
                guest_id, name_key, hash, now,
            )?;
            if inserted == 0 {
                let mine = sql!(&mut *tx, value String: "SELECT guest_id FROM accounts WHERE guest_id = $1", guest_id)?;
                return Ok(if mine.is_some() { Registered::AlreadyAccount } else { Registered::NameTaken });
            }
            sql!(&mut *tx, exec "UPDATE guests SET name = $1 WHERE id = $2", name, guest_id)?;
            tx.commit().await?;
            Ok(Registered::Done)
        })
    }

    /// The guest id and password hash of the account named `name_key`.
    pub async fn account_by_name(&self, name_key: &str) -> Result<Option<(String, String)>, StoreError> {
        Ok(pooled!(
            &self.db,
            row (String, String): "SELECT guest_id, password_hash FROM accounts WHERE name_key = $1",
            name_key,
        )?)
    }

    /// Adds a device token (its hash) to an account.
    pub(super) async fn add_device_token(
        &self,
        guest_id: &str,
        token_hash: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        pooled!(
            &self.db,
            exec "INSERT INTO account_tokens (token_hash, guest_id, created_at) VALUES ($1, $2, $3)",
            token_hash, guest_id, now,
        )?;
        Ok(())
    }

    /// The guest whose account has a device with this token hash.
    pub(super) async fn guest_by_device_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<GuestRow>, StoreError> {
        self.guest_by(
            "SELECT g.id, g.name, g.bot FROM account_tokens t JOIN guests g ON g.id = t.guest_id \
             WHERE t.token_hash = $1",
            token_hash,
        )
        .await
    }

    /// The guest the query (of one token hash, `$1`, answering id, name
    /// and bot) finds.
    pub(super) async fn guest_by(
        &self,
        query: &'static str,
        token_hash: &str,
    ) -> Result<Option<GuestRow>, StoreError> {
        let row = pooled!(&self.db, row (String, String, Option<String>): query, token_hash)?;
        Ok(row.map(GuestRow::read))
    }

    /// Which of these guests are accounts.
    pub async fn accounts_among(&self, ids: &[String]) -> Result<HashSet<String>, StoreError> {
        self.among("SELECT guest_id FROM accounts WHERE guest_id = $1", ids)
            .await
    }

    /// Which of `ids` the query (of one guest id, `$1`) finds a row for.
    pub(super) async fn among(
        &self,
        query: &'static str,
        ids: &[String],
    ) -> Result<HashSet<String>, StoreError> {
        let mut found = HashSet::new();
        for id in ids {
            let row = pooled!(&self.db, row (String,): query, id.as_str())?;
            if row.is_some() {
                found.insert(id.clone());
            }
        }
        Ok(found)
    }

    /// The rooms whose result is due and whose game is no longer open or
    /// being played.
    pub async fn due_games(&self) -> Result<Vec<String>, StoreError> {
        Ok(pooled!(
            &self.db,
            values String: "SELECT d.room_id FROM games_due d LEFT JOIN rooms r ON r.id = d.room_id \
                            WHERE r.status IS NULL OR r.status NOT IN ('open', 'playing') ORDER BY d.at",
        )?)
    }

    /// Forgets that room `room_id`'s result is due (a game that ended
    /// without one).
    pub async fn forget_due(&self, room_id: &str) -> Result<(), StoreError> {
        self.write(vec![Op::DueDone {
            room: room_id.to_string(),
        }])
        .await
    }

    /// Records a finished game in one transaction: each player's game and
    /// the end of its due row, and with `rate`, the `rated_games` row and
    /// the new ratings (on the pool: they read the current ratings).
    /// Returns false when the game was rated already (nothing changes
    /// then).
    pub async fn record_result(
        &self,
        result: &GameResult,
        rate: Option<Rate<'_>>,
    ) -> Result<bool, StoreError> {
        let Some(rate) = rate else {
            // Not rated: the players' games and the end of the due row,
            // through the writer.
            let mut ops: Vec<Op> = result
                .players
                .iter()
                .map(|p| Op::PlayerGame {
                    guest: p.guest_id.clone(),
                    room: result.room_id.clone(),
                    game: result.key,
                    result: p.result,
                    finished_at: result.finished_at,
                })
                .collect();
            ops.push(Op::DueDone {
                room: result.room_id.clone(),
            });
            return self.write(ops).await.map(|()| true);
        };
        with_pool!(&self.db, pool => {
            let mut tx = pool.begin().await?;
            let key = result.key.to_string();
            let first = sql!(
                &mut *tx,
                exec "INSERT INTO rated_games (room_id, rating_key, rated_at) VALUES ($1, $2, $3) \
                      ON CONFLICT DO NOTHING",
                result.room_id.as_str(), key.as_str(), result.finished_at,
            )?;
            let due_done = "DELETE FROM games_due WHERE room_id = $1";
            if first == 0 {
                sql!(&mut *tx, exec due_done, result.room_id.as_str())?;
                tx.commit().await?;
                return Ok(false);
            }
            // Each player's row first, created if new and locked (an
            // upsert locks its row on PostgreSQL), in one order, so
            // two games with a player in common (two nodes) rate one
            // after the other rather than from the same old rating.
            let mut ids: Vec<&str> = result.players.iter().map(|p| p.guest_id.as_str()).collect();
            ids.sort_unstable();
            for id in ids {
                sql!(
                    &mut *tx,
                    exec "INSERT INTO ratings (guest_id, rating_key, mu, sigma, games, updated_at) \
                          VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (guest_id, rating_key) DO UPDATE SET \
                          games = ratings.games",
                    id, key.as_str(), NEW.mu, NEW.sigma, result.finished_at,
                )?;
            }
            let mut current = Vec::with_capacity(result.players.len());
            for p in &result.players {
                let row = sql!(
                    &mut *tx,
                    row (f64, f64, i64): "SELECT mu, sigma, games FROM ratings WHERE guest_id = $1 AND rating_key = $2",
                    p.guest_id.as_str(), key.as_str(),
                )?;
                current.push(row.map_or(NEW, |(mu, sigma, games)| StoredRating { mu, sigma, games }));
            }
            let new = rate(&current);
            for (p, r) in result.players.iter().zip(&new) {
                sql!(
                    &mut *tx,
                    exec "INSERT INTO ratings (guest_id, rating_key, mu, sigma, games, updated_at) \
                          VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guest_id, rating_key) DO UPDATE SET \
                          mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at",
                    p.guest_id.as_str(), key.as_str(), r.mu, r.sigma, r.games, result.finished_at,
                )?;
            }
            for p in &result.players {
                sql!(
                    &mut *tx,
                    exec "INSERT INTO player_games (guest_id, room_id, game, result, rated, finished_at) \
                          VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    p.guest_id.as_str(), result.room_id.as_str(), key.as_str(), p.result.as_str(), 1_i64,
                    result.finished_at,
                )?;
            }
            sql!(&mut *tx, exec due_done, result.room_id.as_str())?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// Whether guest `id` is an account.
    pub async fn is_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.accounts_among(&[id.to_string()]).await?.contains(id))
    }

    /// A player's ratings, by key.
    pub async fn ratings_of(&self, guest_id: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = pooled!(
            &self.db,
            rows (String, f64, f64, i64): "SELECT rating_key, mu, sigma, games FROM ratings WHERE guest_id = $1 \
                                           ORDER BY rating_key",
            guest_id,
        )?;
        Ok(rows
            .into_iter()
            // A key this server does not know (a newer one's) is left out.
            .filter_map(|(key, mu, sigma, games)| {
                Some(RatingRow {
                    key: key.parse().ok()?,
                    rating: StoredRating { mu, sigma, games },
                })
            })
            .collect())
    }

    /// A player's latest `limit` finished games, newest first, as `viewer`
    /// may see them: public games, and private ones only if the viewer
    /// played in them.
    pub async fn recent_games(
        &self,
        guest_id: &str,
        viewer: Option<&str>,
        limit: i64,
    ) -> Result<Vec<PlayerGameRow>, StoreError> {
        let rows = pooled!(
            &self.db,
            rows (String, String, String, i64, i64):
                "SELECT p.room_id, p.game, p.result, p.rated, p.finished_at FROM player_games p \
                 JOIN rooms r ON r.id = p.room_id WHERE p.guest_id = $1 \
                 AND (r.public OR EXISTS (SELECT 1 FROM player_games v WHERE v.room_id = p.room_id AND v.guest_id = $3)) \
                 ORDER BY p.finished_at DESC, p.room_id LIMIT $2",
            guest_id, limit, viewer,
        )?;
        Ok(rows
            .into_iter()
            .filter_map(|(room_id, game, result, rated, finished_at)| {
                Some(PlayerGameRow {
                    room_id,
                    game: game.parse().ok()?,
                    result: result.parse().ok()?,
                    rated: rated != 0,
                    finished_at,
                })
            })
            .collect())
    }

    /// The best `limit` players of rating key `key` by mu - 3 sigma.
    pub async fn leaderboard(&self, key: RatingKey, limit: i64) -> Result<Vec<LeaderRow>, StoreError> {
        let key = key.to_string();
        let rows = pooled!(
            &self.db,
            rows (String, String, f64, f64, i64, Option<String>):
                "SELECT r.guest_id, g.name, r.mu, r.sigma, r.games, b.guest_id FROM ratings r JOIN guests g ON g.id = r.guest_id \
                 LEFT JOIN bot_accounts b ON b.guest_id = r.guest_id \
                 WHERE r.rating_key = $1 ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.guest_id LIMIT $2",
            key.as_str(), limit,
        )?;
        Ok(rows
            .into_iter()
            .map(|(guest_id, name, mu, sigma, games, bot)| LeaderRow {
                guest_id,
                name,
                rating: StoredRating { mu, sigma, games },
                bot: bot.is_some(),
            })
            .collect())
    }
}
