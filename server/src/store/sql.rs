//! The SQL both backends run, written once: generic over sqlx's
//! `Database`, with placeholders `$1, $2, …` (SQLite reads them too) and
//! nothing but INSERT for the log.
//!
//! Every function is a provided method of [`Dialect`], so the bounds that
//! make a `Database` usable here are written once, on the trait; SQLite and
//! PostgreSQL implement it with their few differences.

use std::future::Future;

use sqlx::pool::PoolConnection;
use sqlx::{Connection, Database, Encode, Executor, FromRow, IntoArguments, Pool, QueryBuilder, Type};

use super::plan::{Param, Statement, plan};
use super::types::{EventRow, GuestRow, Op, WriteError};

/// Why a commit stored nothing.
#[derive(Debug, thiserror::Error)]
pub(super) enum CommitError {
    /// A fence found the lease of this room not this node's.
    #[error("the lease of room {0} is no longer this node's")]
    Fenced(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CommitError> for WriteError {
    fn from(e: CommitError) -> WriteError {
        match e {
            CommitError::Fenced(room) => WriteError::Fenced(room),
            CommitError::Database(e) => WriteError::Rejected(e.to_string()),
        }
    }
}

/// A backend the SQL here runs on.
pub(super) trait Dialect: Database + Sized
where
    for<'c> &'c mut <Self as Database>::Connection: Executor<'c, Database = Self>,
    <Self as Database>::Arguments: IntoArguments<Self>,
    for<'a> &'a str: Encode<'a, Self> + Type<Self>,
    for<'a> Option<&'a str>: Encode<'a, Self> + Type<Self>,
    for<'a> i64: Encode<'a, Self> + Type<Self>,
    for<'a> Option<i64>: Encode<'a, Self> + Type<Self>,
    for<'a> bool: Encode<'a, Self> + Type<Self>,
    for<'r> EventRow: FromRow<'r, <Self as Database>::Row>,
    for<'r> (String, String, Option<String>): FromRow<'r, <Self as Database>::Row>,
    for<'r> (String,): FromRow<'r, <Self as Database>::Row>,
    for<'r> (i64,): FromRow<'r, <Self as Database>::Row>,
{
    /// The most bind parameters one statement may carry.
    const MAX_PARAMS: usize;

    /// Stores `ops` in one transaction on the writer's connection `held`
    /// (taken from the pool when there is none), all or nothing: guests first, then
    /// renames, new rooms' summaries, the events (one multi-row insert),
    /// and the summaries' new statuses. A batch that is a single statement
    /// (the common case: nothing but events) runs without `BEGIN`, as one
    /// statement is atomic by itself.
    ///
    /// This is also where fencing will go (several nodes, one PostgreSQL):
    /// a check that the writer still holds each room's lease at its epoch,
    /// run in the same transaction before the events are inserted.
    fn commit<'a>(
        pool: &'a Pool<Self>,
        held: &'a mut Option<PoolConnection<Self>>,
        ops: &'a [&'a Op],
    ) -> impl Future<Output = Result<(), CommitError>> + Send + 'a {
        async move {
            let statements = plan(ops, Self::MAX_PARAMS);
            let conn = match held {
                Some(conn) => conn,
                None => held.insert(pool.acquire().await?),
            };
            let result = if let [only] = statements.as_slice() {
                Self::run(conn, only).await
            } else {
                async {
                    let mut tx = conn.begin().await?;
                    for statement in &statements {
                        Self::run(&mut tx, statement).await?;
                    }
                    Ok(tx.commit().await?)
                }
                .await
            };
            // The connection may be broken: the next commit takes a fresh
            // one. A pool of one (an in-memory database) is shared with
            // the readers, so it is given back after every commit.
            if result.is_err() || pool.options().get_max_connections() == 1 {
                *held = None;
            }
            result
        }
    }

    /// Stores each of `parts` (the requests of a batch that failed as one)
    /// apart in one transaction, so a part that fails fails alone and the
    /// others are stored with one commit: first every part's fences, in
    /// room order as renewals lock the same rows (a part whose fence finds
    /// the lease gone, or fails, is refused `Fenced`); then, if a fence
    /// refused a part, the other parts' statements together, as one batch
    /// again; failing that (or if no fence refused any), each part's under
    /// a savepoint of its own, rolled back alone if they fail. One result
    /// per part; an error if the transaction itself failed (nothing of it
    /// is stored).
    ///
    /// A refused part's fences that passed stay done: they only set its
    /// lease row's deadline, which the next commit of that room sets again.
    fn commit_apart<'a>(
        pool: &'a Pool<Self>,
        held: &'a mut Option<PoolConnection<Self>>,
        parts: &'a [Vec<&'a Op>],
    ) -> impl Future<Output = Result<Vec<Result<(), CommitError>>, CommitError>> + Send + 'a {
        async move {
            let planned: Vec<Vec<Statement<'a>>> =
                parts.iter().map(|ops| plan(ops, Self::MAX_PARAMS)).collect();
            let mut fences: Vec<(usize, &Statement<'a>)> = planned
                .iter()
                .enumerate()
                .flat_map(|(i, statements)| statements.iter().map(move |s| (i, s)))
                .filter(|(_, s)| matches!(s, Statement::Fence { .. }))
                .collect();
            fences.sort_by_key(|(_, f)| match f {
                Statement::Fence { room, .. } => *room,
                _ => "",
            });
            let conn = match held {
                Some(conn) => conn,
                None => held.insert(pool.acquire().await?),
            };
            let result = async {
                let mut results: Vec<Result<(), CommitError>> = parts.iter().map(|_| Ok(())).collect();
                let mut tx = conn.begin().await?;
                for (i, fence) in fences {
                    if results[i].is_ok() {
                        results[i] = Self::saved(&mut tx, std::slice::from_ref(fence)).await?;
                    }
                }
                if results.iter().any(Result::is_err) {
                    let rest: Vec<&Op> = parts
                        .iter()
                        .zip(&results)
                        .filter(|(_, result)| result.is_ok())
                        .flat_map(|(ops, _)| ops.iter().copied())
                        .filter(|op| !matches!(op, Op::Fence { .. }))
                        .collect();
                    if Self::saved(&mut tx, &plan(&rest, Self::MAX_PARAMS))
                        .await?
                        .is_ok()
                    {
                        tx.commit().await?;
                        return Ok(results);
                    }
                }
                for (i, statements) in planned.iter().enumerate() {
                    if results[i].is_ok() {
                        let rest: Vec<&Statement<'a>> = statements
                            .iter()
                            .filter(|s| !matches!(s, Statement::Fence { .. }))
                            .collect();
                        results[i] = Self::saved(&mut tx, &rest).await?;
                    }
                }
                tx.commit().await?;
                Ok(results)
            }
            .await;
            if result.is_err() || pool.options().get_max_connections() == 1 {
                *held = None;
            }
            result
        }
    }

    /// Runs `statements` under a savepoint of transaction `tx`: their
    /// result, having rolled back to the savepoint if they failed; an error
    /// only if the savepoint itself could not be made or undone.
    fn saved<'a, 's, S>(
        tx: &'a mut sqlx::Transaction<'_, Self>,
        statements: &'a [S],
    ) -> impl Future<Output = Result<Result<(), CommitError>, CommitError>> + Send + 'a
    where
        S: std::borrow::Borrow<Statement<'s>> + Sync + 'a,
        's: 'a,
    {
        async move {
            let mut savepoint = tx.begin().await?;
            for statement in statements {
                if let Err(e) = Self::run(&mut savepoint, statement.borrow()).await {
                    savepoint.rollback().await?;
                    return Ok(Err(e));
                }
            }
            savepoint.commit().await?;
            Ok(Ok(()))
        }
    }

    /// Runs one statement of a commit.
    fn run<'a>(
        conn: &'a mut <Self as Database>::Connection,
        statement: &'a Statement<'a>,
    ) -> impl Future<Output = Result<(), CommitError>> + Send + 'a {
        async move {
            // Built from constant parts and placeholders only.
            let sql = statement.sql();
            let mut query = sqlx::query::<Self>(sqlx::AssertSqlSafe(sql));
            for param in statement.params() {
                query = match param {
                    Param::Text(text) => query.bind(text),
                    Param::MaybeText(text) => query.bind(text),
                    Param::Int(n) => query.bind(n),
                    Param::MaybeInt(n) => query.bind(n),
                    Param::Bool(b) => query.bind(b),
                };
            }
            if let Statement::Fence { room, .. } = statement {
                // No row: the lease is someone else's, or it lapsed.
                if query.fetch_optional(&mut *conn).await?.is_none() {
                    return Err(CommitError::Fenced(room.to_string()));
                }
            } else if statement.returns_row() {
                query
                    .fetch_optional(&mut *conn)
                    .await?
                    .ok_or(sqlx::Error::RowNotFound)?;
            } else {
                query.execute(&mut *conn).await?;
            }
            Ok(())
        }
    }

    /// Runs the statements that store `ops` on `conn`, in whatever
    /// transaction it is in (copying a database: one transaction for all).
    fn insert<'a>(
        conn: &'a mut <Self as Database>::Connection,
        ops: &'a [&'a Op],
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send + 'a {
        async move {
            for statement in &plan(ops, Self::MAX_PARAMS) {
                Self::run(conn, statement).await.map_err(|e| match e {
                    CommitError::Database(e) => e,
                    // A copy has no fences.
                    fenced @ CommitError::Fenced(_) => sqlx::Error::Protocol(fenced.to_string()),
                })?;
            }
            Ok(())
        }
    }

    /// The schema migrations applied to the database (an error if it has
    /// no migrations table: it was never opened by a Lodestone server).
    fn applied_migrations(
        pool: &Pool<Self>,
    ) -> impl Future<Output = Result<Vec<i64>, sqlx::Error>> + Send + '_ {
        async move {
            let rows = sqlx::query_as::<Self, (i64,)>("SELECT version FROM _sqlx_migrations")
                .fetch_all(pool)
                .await?;
            Ok(rows.into_iter().map(|(v,)| v).collect())
        }
    }

    /// How many guests, rooms and events there are.
    fn counts(pool: &Pool<Self>) -> impl Future<Output = Result<[i64; 3], sqlx::Error>> + Send + '_ {
        async move {
            let mut counts = [0; 3];
            for (count, sql) in counts.iter_mut().zip([
                "SELECT COUNT(*) FROM guests",
                "SELECT COUNT(*) FROM rooms",
                "SELECT COUNT(*) FROM events",
            ]) {
                *count = sqlx::query_as::<Self, (i64,)>(sql).fetch_one(pool).await?.0;
            }
            Ok(counts)
        }
    }

    fn guest_by_token_hash<'a>(
        pool: &'a Pool<Self>,
        token_hash: &'a str,
    ) -> impl Future<Output = Result<Option<GuestRow>, sqlx::Error>> + Send + 'a {
        async move {
            let row = sqlx::query_as::<Self, (String, String, Option<String>)>(
                "SELECT id, name, bot FROM guests WHERE token_hash = $1",
            )
            .bind(token_hash)
            .fetch_optional(pool)
            .await?;
            Ok(row.map(GuestRow::read))
        }
    }

    /// The guests with these ids, a few hundred per query.
    fn guests<'a>(
        pool: &'a Pool<Self>,
        ids: &'a [String],
    ) -> impl Future<Output = Result<Vec<GuestRow>, sqlx::Error>> + Send + 'a {
        async move {
            let mut found = Vec::with_capacity(ids.len());
            for chunk in ids.chunks(500) {
                let mut query = QueryBuilder::<Self>::new("SELECT id, name, bot FROM guests WHERE id IN (");
                let mut list = query.separated(", ");
                for id in chunk {
                    list.push_bind(id.as_str());
                }
                query.push(")");
                let rows = query
                    .build_query_as::<(String, String, Option<String>)>()
                    .fetch_all(pool)
                    .await?;
                found.extend(rows.into_iter().map(GuestRow::read));
            }
            Ok(found)
        }
    }

    fn room_events<'a>(
        pool: &'a Pool<Self>,
        room: &'a str,
    ) -> impl Future<Output = Result<Vec<EventRow>, sqlx::Error>> + Send + 'a {
        sqlx::query_as::<Self, EventRow>(
            "SELECT room_id, seq, kind, at, data FROM events WHERE room_id = $1 ORDER BY seq",
        )
        .bind(room)
        .fetch_all(pool)
    }

    /// The events of every open or playing room, by room, each in order.
    fn live_events(
        pool: &Pool<Self>,
    ) -> impl Future<Output = Result<Vec<EventRow>, sqlx::Error>> + Send + '_ {
        sqlx::query_as::<Self, EventRow>(
            "SELECT e.room_id, e.seq, e.kind, e.at, e.data FROM rooms r JOIN events e ON e.room_id = r.id \
             WHERE r.status IN ('open', 'playing') ORDER BY e.room_id, e.seq",
        )
        .fetch_all(pool)
    }
}

impl Dialect for sqlx::Sqlite {
    const MAX_PARAMS: usize = 32766;
}

impl Dialect for sqlx::Postgres {
    const MAX_PARAMS: usize = 65535;
}
