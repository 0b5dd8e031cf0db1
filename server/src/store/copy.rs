//! Copying a whole database to another, e.g. from SQLite to PostgreSQL when
//! a host outgrows one machine (`lodestone-server migrate-db`): every
//! guest, every room summary and every event, page by page, then the
//! account tables (accounts, device tokens, ratings, players' games, bot
//! accounts and API tokens, vacations),
//! into an empty target, in one transaction there (a failed copy leaves
//! it empty).

use sqlx::{Postgres, Sqlite, Transaction};

use super::db::{Db, with_pool};
use super::sql::Dialect;
use super::types::{EventRow, GuestRecord, Location, Op, RoomRow, StoreError, StoreOptions};

/// Rows read (and written) at a time.
const PAGE: i64 = 2000;

/// How far a copy has come, for progress lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// `guests`, `rooms` or `events`.
    pub what: &'static str,
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
    copy_accounts(&source, &mut tx).await?;
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
        progress(Progress { what, done, total });
    }
}

/// A value of a copied row.
enum Val {
    Text(String),
    Int(i64),
    Real(f64),
    /// A column that may be NULL.
    MaybeInt(Option<i64>),
    MaybeText(Option<String>),
}

/// Copies the account tables whole (they are small beside the events):
/// accounts, device tokens, ratings, rated games, players' games, the
/// games whose result is due, bot accounts and their API tokens, and the
/// accounts' vacations.
async fn copy_accounts(source: &Db, tx: &mut TargetTx) -> Result<(), sqlx::Error> {
    use Val::{Int, Real, Text};
    let accounts: Vec<(String, String, String, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT guest_id, name_key, password_hash, created_at FROM accounts").fetch_all(pool).await
    })?;
    let rows = accounts
        .into_iter()
        .map(|(a, b, c, d)| vec![Text(a), Text(b), Text(c), Int(d)]);
    insert_rows(
        tx,
        "accounts",
        &["guest_id", "name_key", "password_hash", "created_at"],
        rows,
    )
    .await?;
    let tokens: Vec<(String, String, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT token_hash, guest_id, created_at FROM account_tokens").fetch_all(pool).await
    })?;
    let rows = tokens.into_iter().map(|(a, b, c)| vec![Text(a), Text(b), Int(c)]);
    insert_rows(
        tx,
        "account_tokens",
        &["token_hash", "guest_id", "created_at"],
        rows,
    )
    .await?;
    let ratings: Vec<(String, String, f64, f64, i64, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT guest_id, rating_key, mu, sigma, games, updated_at FROM ratings").fetch_all(pool).await
    })?;
    let rows = ratings
        .into_iter()
        .map(|(a, b, c, d, e, f)| vec![Text(a), Text(b), Real(c), Real(d), Int(e), Int(f)]);
    let columns = ["guest_id", "rating_key", "mu", "sigma", "games", "updated_at"];
    insert_rows(tx, "ratings", &columns, rows).await?;
    let rated: Vec<(String, String, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT room_id, rating_key, rated_at FROM rated_games").fetch_all(pool).await
    })?;
    let rows = rated.into_iter().map(|(a, b, c)| vec![Text(a), Text(b), Int(c)]);
    insert_rows(tx, "rated_games", &["room_id", "rating_key", "rated_at"], rows).await?;
    let games: Vec<(String, String, String, String, i64, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT guest_id, room_id, game, result, rated, finished_at FROM player_games")
            .fetch_all(pool)
            .await
    })?;
    let rows = games
        .into_iter()
        .map(|(a, b, c, d, e, f)| vec![Text(a), Text(b), Text(c), Text(d), Int(e), Int(f)]);
    let columns = ["guest_id", "room_id", "game", "result", "rated", "finished_at"];
    insert_rows(tx, "player_games", &columns, rows).await?;
    let due: Vec<(String, i64)> = with_pool!(source, pool => {
        sqlx::query_as("SELECT room_id, at FROM games_due").fetch_all(pool).await
    })?;
    let rows = due.into_iter().map(|(a, b)| vec![Text(a), Int(b)]);
    insert_rows(tx, "games_due", &["room_id", "at"], rows).await?;
    let (bots, tokens) = super::bots::bot_rows(source).await?;
    let rows = bots.into_iter().map(|(a, b)| vec![Text(a), Int(b)]);
    insert_rows(tx, "bot_accounts", &["guest_id", "marked_at"], rows).await?;
    let rows = tokens
        .into_iter()
        .map(|(a, b, c, d, e)| vec![Text(a), Text(b), Text(c), Text(d), Int(e)]);
    let columns = ["id", "guest_id", "token_hash", "label", "created_at"];
    insert_rows(tx, "api_tokens", &columns, rows).await?;
    type Vacation = (String, i64, String, i64, Option<i64>, Option<String>);
    let vacations: Vec<Vacation> = with_pool!(source, pool => {
        sqlx::query_as("SELECT guest_id, seq, kind, at, ends_at, message FROM vacation_events")
            .fetch_all(pool)
            .await
    })?;
    let rows = vacations.into_iter().map(|(a, b, c, d, e, f)| {
        vec![
            Text(a),
            Int(b),
            Text(c),
            Int(d),
            Val::MaybeInt(e),
            Val::MaybeText(f),
        ]
    });
    let columns = ["guest_id", "seq", "kind", "at", "ends_at", "message"];
    insert_rows(tx, "vacation_events", &columns, rows).await
}

/// Inserts `rows` (values in `columns` order) into `table`, one statement
/// a row.
async fn insert_rows(
    tx: &mut TargetTx,
    table: &str,
    columns: &[&str],
    rows: impl Iterator<Item = Vec<Val>>,
) -> Result<(), sqlx::Error> {
    let placeholders: Vec<String> = (1..=columns.len()).map(|i| format!("${i}")).collect();
    // Built from this file's constant names and placeholders only.
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        columns.join(", "),
        placeholders.join(", ")
    );
    macro_rules! run {
        ($conn:expr, $db:ty, $row:expr) => {{
            let mut query = sqlx::query::<$db>(sqlx::AssertSqlSafe(sql.clone()));
            for value in $row {
                query = match value {
                    Val::Text(text) => query.bind(text),
                    Val::Int(n) => query.bind(n),
                    Val::Real(x) => query.bind(x),
                    Val::MaybeInt(n) => query.bind(n),
                    Val::MaybeText(text) => query.bind(text),
                };
            }
            query.execute($conn).await?;
        }};
    }
    for row in rows {
        match tx {
            TargetTx::Sqlite(t) => run!(&mut **t, Sqlite, row),
            TargetTx::Postgres(t) => run!(&mut **t, Postgres, row),
        }
    }
    Ok(())
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

/// A transaction on the target of a copy.
enum TargetTx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl TargetTx {
    async fn insert(&mut self, ops: &[Op]) -> Result<(), sqlx::Error> {
        let ops: Vec<&Op> = ops.iter().collect();
        match self {
            TargetTx::Sqlite(tx) => <Sqlite as Dialect>::insert(&mut **tx, &ops).await,
            TargetTx::Postgres(tx) => <Postgres as Dialect>::insert(&mut **tx, &ops).await,
        }
    }

    async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            TargetTx::Sqlite(tx) => tx.commit().await,
            TargetTx::Postgres(tx) => tx.commit().await,
        }
    }
}

impl Db {
    async fn begin(&self) -> Result<TargetTx, sqlx::Error> {
        Ok(match self {
            Db::Sqlite(pool) => TargetTx::Sqlite(pool.begin().await?),
            Db::Postgres(pool) => TargetTx::Postgres(pool.begin().await?),
        })
    }

    async fn counts(&self) -> Result<[i64; 3], sqlx::Error> {
        with_pool!(self, pool => Dialect::counts(pool).await)
    }

    async fn guests_after(&self, after: &str, limit: i64) -> Result<Vec<GuestRecord>, sqlx::Error> {
        with_pool!(self, pool => Dialect::guests_after(pool, after, limit).await)
    }

    async fn rooms_after(&self, after: &str, limit: i64) -> Result<Vec<RoomRow>, sqlx::Error> {
        with_pool!(self, pool => Dialect::rooms_after(pool, after, limit).await)
    }

    async fn events_after(&self, room: &str, seq: i64, limit: i64) -> Result<Vec<EventRow>, sqlx::Error> {
        with_pool!(self, pool => Dialect::events_after(pool, room, seq, limit).await)
    }

    async fn close(&self) {
        with_pool!(self, pool => pool.close().await)
    }
}
