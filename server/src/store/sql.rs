//! The SQL both backends run, written once: generic over sqlx's
//! `Database`, with placeholders `$1, $2, …` (SQLite reads them too) and
//! nothing but INSERT for the log.
//!
//! Every function is a provided method of [`Dialect`], so the bounds that
//! make a `Database` usable here are written once, on the trait; SQLite and
//! PostgreSQL implement it with their few differences.

use std::fmt::Write as _;
use std::future::Future;

use sqlx::pool::PoolConnection;
use sqlx::{Connection, Database, Encode, Executor, FromRow, IntoArguments, Pool, QueryBuilder, Type};

use super::types::{EventRow, GuestRecord, GuestRow, Op, RoomRow, Value, WriteError};

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
    for<'r> GuestRecord: FromRow<'r, <Self as Database>::Row>,
    for<'r> RoomRow: FromRow<'r, <Self as Database>::Row>,
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

    /// Up to `limit` guests with ids after `after`, in id order.
    fn guests_after<'a>(
        pool: &'a Pool<Self>,
        after: &'a str,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<GuestRecord>, sqlx::Error>> + Send + 'a {
        sqlx::query_as::<Self, GuestRecord>(
            "SELECT id, name, token_hash, created_at, bot FROM guests WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(pool)
    }

    /// Up to `limit` room summaries with ids after `after`, in id order.
    fn rooms_after<'a>(
        pool: &'a Pool<Self>,
        after: &'a str,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<RoomRow>, sqlx::Error>> + Send + 'a {
        sqlx::query_as::<Self, RoomRow>(
            "SELECT id, game, public, status, created_at FROM rooms WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(pool)
    }

    /// Up to `limit` events after event `seq` of room `room`, in
    /// `(room_id, seq)` order.
    fn events_after<'a>(
        pool: &'a Pool<Self>,
        room: &'a str,
        seq: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<EventRow>, sqlx::Error>> + Send + 'a {
        sqlx::query_as::<Self, EventRow>(
            "SELECT room_id, seq, kind, at, data FROM events \
             WHERE room_id > $1 OR (room_id = $1 AND seq > $2) ORDER BY room_id, seq LIMIT $3",
        )
        .bind(room)
        .bind(seq)
        .bind(limit)
        .fetch_all(pool)
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

/// One statement of a commit.
#[derive(Debug)]
pub(super) enum Statement<'a> {
    /// The lease check of one room, run first in the transaction: it
    /// updates the lease row (so a node taking the room waits for this
    /// transaction) and finds no row if the lease is not `node`'s at
    /// `epoch` or has expired by the database's clock.
    Fence {
        room: &'a str,
        node: &'a str,
        epoch: i64,
        deadline: Option<i64>,
    },
    Guests(Vec<NewGuest<'a>>),
    Rooms(Vec<&'a RoomRow>),
    Events(Vec<&'a EventRow>),
    /// `sql` sets a column to `value` in the row with key `key`, and
    /// returns a row: finding none is an error.
    Update {
        sql: &'static str,
        value: &'a str,
        key: &'a str,
    },
    /// A started game's result is due.
    Due {
        room: &'a str,
        at: i64,
    },
    /// A player's game that counts for no rating.
    PlayerGame {
        guest: &'a str,
        room: &'a str,
        game: String,
        result: &'static str,
        finished_at: i64,
    },
    /// A room's result is no longer due.
    DueDone {
        room: &'a str,
    },
    /// A readiness probe: one row of `probes` written.
    Probe {
        node: &'a str,
        at: i64,
    },
    /// A statement of a room's notice (`Op::Notice`).
    Sql {
        sql: &'static str,
        values: &'a [Value],
    },
}

/// A guest to insert, borrowed from its operation.
#[derive(Debug)]
pub(super) struct NewGuest<'a> {
    id: &'a str,
    name: &'a str,
    token_hash: &'a str,
    created_at: i64,
    bot: Option<&'a str>,
}

/// A value bound to a statement's placeholder.
#[derive(Clone, Copy, Debug)]
pub(super) enum Param<'a> {
    Text(&'a str),
    MaybeText(Option<&'a str>),
    Int(i64),
    MaybeInt(Option<i64>),
    Bool(bool),
}

impl Statement<'_> {
    /// The statement's text, with placeholders `$1, $2, …` (which both
    /// SQLite and PostgreSQL read), one per [`Statement::params`].
    pub(super) fn sql(&self) -> String {
        let (head, rows) = match self {
            Statement::Guests(guests) => (
                "INSERT INTO guests (id, name, token_hash, created_at, bot) VALUES ",
                guests.len(),
            ),
            Statement::Rooms(rooms) => (
                "INSERT INTO rooms (id, game, public, status, created_at) VALUES ",
                rooms.len(),
            ),
            Statement::Events(events) => (
                "INSERT INTO events (room_id, seq, kind, at, data) VALUES ",
                events.len(),
            ),
            Statement::Update { sql, .. } | Statement::Sql { sql, .. } => return (*sql).to_string(),
            Statement::Due { .. } => {
                return "INSERT INTO games_due (room_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING"
                    .to_string();
            }
            Statement::PlayerGame { .. } => {
                return "INSERT INTO player_games (guest_id, room_id, game, result, rated, finished_at) \
                        VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT DO NOTHING"
                    .to_string();
            }
            Statement::DueDone { .. } => return "DELETE FROM games_due WHERE room_id = $1".to_string(),
            Statement::Probe { .. } => {
                return "INSERT INTO probes (node, at) VALUES ($1, $2) \
                        ON CONFLICT (node) DO UPDATE SET at = excluded.at"
                    .to_string();
            }
            Statement::Fence { .. } => {
                return "UPDATE leases SET deadline = $4 WHERE room_id = $1 AND node = $2 AND epoch = $3 \
                        AND expires_at > clock_timestamp() RETURNING room_id"
                    .to_string();
            }
        };
        // Every insert here binds five columns a row.
        let mut sql = String::with_capacity(head.len() + rows * 32);
        sql.push_str(head);
        for row in 0..rows {
            if row > 0 {
                sql.push_str(", ");
            }
            let first = row * 5 + 1;
            let _ = write!(
                sql,
                "(${first}, ${}, ${}, ${}, ${})",
                first + 1,
                first + 2,
                first + 3,
                first + 4
            );
        }
        sql
    }

    /// The values of the statement's placeholders, in order.
    pub(super) fn params(&self) -> Vec<Param<'_>> {
        use Param::{Bool, Int, MaybeInt, MaybeText, Text};
        match self {
            Statement::Guests(guests) => guests
                .iter()
                .flat_map(|g| {
                    [
                        Text(g.id),
                        Text(g.name),
                        Text(g.token_hash),
                        Int(g.created_at),
                        MaybeText(g.bot),
                    ]
                })
                .collect(),
            Statement::Rooms(rooms) => rooms
                .iter()
                .flat_map(|r| {
                    [
                        Text(&r.id),
                        Text(&r.game),
                        Bool(r.public),
                        Text(r.status.as_str()),
                        Int(r.created_at),
                    ]
                })
                .collect(),
            Statement::Events(events) => events
                .iter()
                .flat_map(|e| {
                    [
                        Text(&e.room_id),
                        Int(e.seq),
                        Text(&e.kind),
                        Int(e.at),
                        Text(&e.data),
                    ]
                })
                .collect(),
            Statement::Update { value, key, .. } => vec![Text(value), Text(key)],
            Statement::Fence {
                room,
                node,
                epoch,
                deadline,
            } => vec![Text(room), Text(node), Int(*epoch), MaybeInt(*deadline)],
            Statement::Due { room, at } => vec![Text(room), Int(*at)],
            Statement::PlayerGame {
                guest,
                room,
                game,
                result,
                finished_at,
            } => vec![
                Text(guest),
                Text(room),
                Text(game),
                Text(result),
                Int(*finished_at),
            ],
            Statement::DueDone { room } => vec![Text(room)],
            Statement::Probe { node, at } => vec![Text(node), Int(*at)],
            Statement::Sql { values, .. } => (values.iter())
                .map(|v| match v {
                    Value::Text(t) => Text(t),
                    Value::MaybeText(t) => MaybeText(t.as_deref()),
                    Value::Int(n) => Int(*n),
                })
                .collect(),
        }
    }

    /// Whether the statement returns a row, and finding none is an error
    /// (an update of a row that is not there).
    pub(super) fn returns_row(&self) -> bool {
        matches!(self, Statement::Update { .. } | Statement::Fence { .. })
    }
}

/// The statements that store `ops`, in the order they must run; each
/// multi-row insert split so no statement has more than `max_params`
/// parameters.
pub(super) fn plan<'a>(ops: &'a [&'a Op], max_params: usize) -> Vec<Statement<'a>> {
    // Every insert here binds five columns a row.
    let rows = (max_params / 5).max(1);
    let mut guests = Vec::new();
    let mut renames = Vec::new();
    let mut rooms = Vec::new();
    let mut events = Vec::new();
    let mut statuses = Vec::new();
    let mut fences = Vec::new();
    let mut due = Vec::new();
    let mut results = Vec::new();
    for op in ops {
        match op {
            Op::CreateGuest {
                id,
                name,
                token_hash,
                created_at,
                bot,
            } => guests.push(NewGuest {
                id,
                name,
                token_hash,
                created_at: *created_at as i64,
                bot: bot.map(|level| level.name()),
            }),
            Op::RenameGuest { id, name } => renames.push(Statement::Update {
                sql: "UPDATE guests SET name = $1 WHERE id = $2 RETURNING id",
                value: name,
                key: id,
            }),
            Op::CreateRoom(room) => rooms.push(room),
            Op::Append(event) => events.push(event),
            Op::SetStatus { room, status } => statuses.push(Statement::Update {
                sql: "UPDATE rooms SET status = $1 WHERE id = $2 RETURNING id",
                value: status.as_str(),
                key: room,
            }),
            Op::Fence {
                room,
                node,
                epoch,
                deadline,
            } => fences.push(Statement::Fence {
                room,
                node,
                epoch: *epoch,
                deadline: *deadline,
            }),
            Op::GameDue { room, at } => due.push(Statement::Due { room, at: *at }),
            Op::PlayerGame {
                guest,
                room,
                game,
                result,
                finished_at,
            } => results.push(Statement::PlayerGame {
                guest,
                room,
                game: game.to_string(),
                result: result.as_str(),
                finished_at: *finished_at,
            }),
            Op::DueDone { room } => results.push(Statement::DueDone { room }),
            Op::Probe { node, at } => results.push(Statement::Probe { node, at: *at }),
            Op::Notice { sql, values } => results.push(Statement::Sql { sql, values }),
        }
    }
    // The fences first: nothing is written before every lease is checked.
    // In room order, as renewals lock the same rows (`leases.rs`).
    fences.sort_by_key(|f| match f {
        Statement::Fence { room, .. } => *room,
        _ => "",
    });
    let mut statements = fences;
    let mut guests = guests.into_iter().peekable();
    while guests.peek().is_some() {
        statements.push(Statement::Guests(guests.by_ref().take(rows).collect()));
    }
    statements.extend(renames);
    statements.extend(rooms.chunks(rows).map(|c| Statement::Rooms(c.to_vec())));
    statements.extend(events.chunks(rows).map(|c| Statement::Events(c.to_vec())));
    statements.extend(statuses);
    statements.extend(due);
    statements.extend(results);
    statements
}

impl Dialect for sqlx::Sqlite {
    const MAX_PARAMS: usize = 32766;
}

impl Dialect for sqlx::Postgres {
    const MAX_PARAMS: usize = 65535;
}
