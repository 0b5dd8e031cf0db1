//! The PostgreSQL backend: a pool of connections to one database, each
//! with the bounds of its waits (`bounds.rs`), the migrations of
//! `migrations/postgres/`, and the writer's commit of a batch in one round
//! trip (one script, one implicit transaction).

use std::fmt::Write as _;
use std::str::FromStr;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, Pool, Postgres};

use super::plan::{Param, Statement, plan};
use super::sql::{CommitError, Dialect};
use super::types::{Location, Op, StoreError, StoreOptions, TurnOp, migrate};

/// How long connecting may take before the server gives up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Connects to the database at `url` and applies the missing migrations.
pub(super) async fn open(location: &Location, options: &StoreOptions) -> Result<Pool<Postgres>, StoreError> {
    let Location::Postgres(url) = location else {
        unreachable!("only a PostgreSQL URL comes here")
    };
    let connect = PgConnectOptions::from_str(url)
        .map_err(|e| StoreError::Url(format!("the database URL {location} cannot be read: {e}")))?
        .application_name("lodestone-server");
    // One connection first, to say clearly why it fails (the pool would
    // retry a refused connection until its timeout and say only that).
    let server = format!("{}:{}", connect.get_host(), connect.get_port());
    let bounded = connect.clone();
    match tokio::time::timeout(CONNECT_TIMEOUT, sqlx::PgConnection::connect_with(&connect)).await {
        Err(_) => {
            return Err(StoreError::Open(format!(
                "PostgreSQL at {server} did not answer within {} s",
                CONNECT_TIMEOUT.as_secs()
            )));
        }
        Ok(Err(e)) => return Err(StoreError::Open(connect_error(&server, location, &e))),
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
        }
    }
    let pool = PgPoolOptions::new()
        .max_connections(options.connections)
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(30))
        // A read checks its connection first, so a restarted PostgreSQL
        // costs nothing but fresh connections (the writer takes a fresh
        // one after a failed commit).
        .test_before_acquire(true)
        // No periodic reaper: connections live until they fail (a broken
        // one is dropped at its next use).
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(connect.clone())
        .await
        .map_err(|e| StoreError::Open(connect_error(&server, location, &e)))?;
    let migrator = sqlx::migrate!("../migrations/postgres");
    let applied = Postgres::applied_migrations(&pool).await;
    migrate(location, options, &migrator, applied, migrator.run(&pool)).await?;
    // Migrated without bounds (a long migration is not cut short by a
    // statement timeout); the server's pool has them on every connection
    // (`bounds.rs`).
    let Some(bounds) = &options.bounds else {
        return Ok(pool);
    };
    pool.close().await;
    PgPoolOptions::new()
        .max_connections(options.connections)
        .min_connections(1)
        // With PostgreSQL away a request is refused within this (the
        // client sends it again), not left unanswered.
        .acquire_timeout(bounds.acquire)
        .test_before_acquire(true)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(bounded.options(bounds.settings()))
        .await
        .map_err(|e| StoreError::Open(connect_error(&server, location, &e)))
}

/// Why connecting failed, as a sentence.
fn connect_error(server: &str, location: &Location, e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => format!(
            "could not connect to PostgreSQL at {server}: connection refused (is it running and listening there?)"
        ),
        sqlx::Error::Io(io) => format!("could not connect to PostgreSQL at {server}: {io}"),
        sqlx::Error::Database(db) => {
            format!("PostgreSQL at {server} refused {location}: {}", db.message())
        }
        sqlx::Error::Tls(tls) => format!("could not set up TLS with PostgreSQL at {server}: {tls}"),
        sqlx::Error::PoolTimedOut => format!("PostgreSQL at {server} did not answer in time"),
        other => format!("could not connect to PostgreSQL at {server}: {other}"),
    }
}

/// The SQLSTATE of a fence that found a room's lease not this node's
/// (`lodestone_fence`, migration 0120); the message is the room's id.
const FENCED: &str = "LDFEN";

/// The SQLSTATE of an update that found no row (`lodestone_found`).
const NOT_FOUND: &str = "LDROW";

/// Stores `ops` in one transaction on the writer's connection `held` (taken
/// from the pool when there is none), in one round trip: their statements
/// ([`plan`]) as one script with their values written in ([`script`]),
/// which PostgreSQL runs as one implicit transaction, all or nothing, the
/// fences first. A batch with a text a script cannot carry (a NUL) goes
/// the way of SQLite, a statement at a time with bound values
/// ([`Dialect::commit`]), which refuses it as before.
pub(super) async fn commit(
    pool: &Pool<Postgres>,
    held: &mut Option<PoolConnection<Postgres>>,
    ops: &[&Op],
) -> Result<(), CommitError> {
    let Some(script) = script(ops) else {
        return Postgres::commit(pool, held, ops).await;
    };
    let conn = match held {
        Some(conn) => conn,
        None => held.insert(pool.acquire().await?),
    };
    // Built from the statements' constant text and quoted values only.
    let result = (&mut **conn)
        .execute(sqlx::raw_sql(sqlx::AssertSqlSafe(script)))
        .await
        .map(drop)
        .map_err(refusal);
    // The connection may be broken: the next commit takes a fresh one.
    if result.is_err() {
        *held = None;
    }
    result
}

/// What a script's error means: a fence's refusal, an update that found
/// no row (as the statements with bound values say them), or the error.
fn refusal(e: sqlx::Error) -> CommitError {
    if let sqlx::Error::Database(db) = &e {
        match db.code().as_deref() {
            Some(FENCED) => return CommitError::Fenced(db.message().to_string()),
            Some(NOT_FOUND) => return CommitError::Database(sqlx::Error::RowNotFound),
            _ => {}
        }
    }
    CommitError::Database(e)
}

/// The statements that store `ops` as one script: the fences as one call
/// of `lodestone_fence` (in room order, as [`plan`] puts them); the events
/// and the turn rows as one call of `lodestone_append` (migration 0122, whose
/// statements keep their plans), where the events were in the plan (the
/// turn rows, of a table of their own, thus before the other notices'
/// statements); an update that must find its row checked by
/// `lodestone_found`; every value written in as a typed literal. `None` if
/// a text holds a NUL, which no statement of PostgreSQL can carry (bound,
/// it is refused).
pub(super) fn script(ops: &[&Op]) -> Option<String> {
    let statements = plan(ops, Postgres::MAX_PARAMS);
    let mut out = String::with_capacity(256 * statements.len());
    let fences: Vec<Vec<Param<'_>>> = (statements.iter())
        .filter(|s| matches!(s, Statement::Fence { .. }))
        .map(Statement::params)
        .collect();
    if !fences.is_empty() {
        out.push_str("SELECT lodestone_fence(");
        // The fence's parameters: room, node, epoch, deadline.
        columns(&mut out, &fences, &["text", "text", "int8", "int8"])?;
        out.push_str(");\n");
    }
    let events: Vec<Vec<Param<'_>>> = (statements.iter())
        .filter(|s| matches!(s, Statement::Events(_)))
        .flat_map(|s| s.params().chunks(5).map(<[_]>::to_vec).collect::<Vec<_>>())
        .collect();
    let turns: Vec<Vec<Param<'_>>> = statements.iter().filter_map(turn).collect();
    let mut appended = events.is_empty() && turns.is_empty();
    for statement in &statements {
        match statement {
            Statement::Fence { .. } => continue,
            Statement::Events(_) if appended => continue,
            Statement::Turn(_) => continue,
            _ => {}
        }
        if !appended && matches!(statement, Statement::Events(_)) {
            append(&mut out, &events, &turns)?;
            appended = true;
            continue;
        }
        let found = statement.returns_row();
        if found {
            out.push_str("WITH changed AS (");
        }
        written_in(&mut out, &statement.sql(), &statement.params())?;
        if found {
            out.push_str(") SELECT lodestone_found(count(*)) FROM changed");
        }
        out.push_str(";\n");
    }
    if !appended {
        append(&mut out, &events, &turns)?;
    }
    Some(out)
}

/// Appends the call of `lodestone_append` with the batch's `events` (room,
/// seq, kind, at, data each) and `turns` (as [`turn`] reads them).
fn append(out: &mut String, events: &[Vec<Param<'_>>], turns: &[Vec<Param<'_>>]) -> Option<()> {
    out.push_str("SELECT lodestone_append(");
    columns(out, events, &["text", "int8", "text", "int8", "text"])?;
    out.push_str(", ");
    columns(out, turns, &["int8", "text", "int8", "int8", "text", "text"])?;
    out.push_str(");\n");
    Some(())
}

/// A change to the turn rows as `lodestone_append` takes it: its kind (1
/// to 3, as in migration 0122), game, since, seq, guest, room (NULL where
/// the kind has none); `None` for any other statement.
fn turn<'a>(statement: &Statement<'a>) -> Option<Vec<Param<'a>>> {
    let Statement::Turn(op) = statement else {
        return None;
    };
    let (text, int) = (Param::MaybeText(None), Param::MaybeInt(None));
    Some(match op {
        TurnOp::Waits(t) => vec![
            Param::Int(1),
            Param::Text(&t.game),
            Param::Int(t.since),
            Param::Int(t.seq),
            Param::Text(&t.guest_id),
            Param::Text(&t.room_id),
        ],
        TurnOp::Waited { room, guest } => vec![
            Param::Int(2),
            text,
            int,
            int,
            Param::Text(guest),
            Param::Text(room),
        ],
        TurnOp::Cleared { room } => vec![Param::Int(3), text, int, int, text, Param::Text(room)],
    })
}

/// Appends one array per column of `rows` (of the types `types`),
/// separated by commas.
fn columns(out: &mut String, rows: &[Vec<Param<'_>>], types: &[&str]) -> Option<()> {
    for (column, ty) in types.iter().enumerate() {
        if column > 0 {
            out.push_str(", ");
        }
        out.push_str("ARRAY[");
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            literal(out, row[column])?;
        }
        let _ = write!(out, "]::{ty}[]");
    }
    Some(())
}

/// Appends `sql` with each placeholder `$n` outside a quoted literal
/// replaced by the literal of `params[n - 1]`; `None` if one has no
/// value or holds a NUL.
fn written_in(out: &mut String, sql: &str, params: &[Param<'_>]) -> Option<()> {
    let mut quoted = false;
    let mut rest = sql;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        if c == '\'' {
            quoted = !quoted;
        }
        if c != '$' || quoted {
            out.push(c);
            continue;
        }
        let digits = rest.find(|d: char| !d.is_ascii_digit()).unwrap_or(rest.len());
        let n: usize = rest[..digits].parse().ok()?;
        literal(out, *params.get(n.checked_sub(1)?)?)?;
        rest = &rest[digits..];
    }
    Some(())
}

/// Appends the literal of `param`, typed as a bound value of it would be
/// (`text`, `int8`, `boolean`); a text as an escape string (`E'…'`,
/// read the same whatever `standard_conforming_strings` says). `None` for
/// a text holding a NUL.
fn literal(out: &mut String, param: Param<'_>) -> Option<()> {
    let text = |out: &mut String, text: &str| {
        if text.contains('\0') {
            return None;
        }
        out.push_str("E'");
        for c in text.chars() {
            match c {
                '\'' => out.push_str("''"),
                '\\' => out.push_str("\\\\"),
                c => out.push(c),
            }
        }
        out.push_str("'::text");
        Some(())
    };
    match param {
        Param::Text(t) | Param::MaybeText(Some(t)) => text(out, t)?,
        Param::MaybeText(None) => out.push_str("NULL::text"),
        Param::Int(n) | Param::MaybeInt(Some(n)) => {
            let _ = write!(out, "'{n}'::int8");
        }
        Param::MaybeInt(None) => out.push_str("NULL::int8"),
        Param::Bool(b) => out.push_str(if b { "TRUE" } else { "FALSE" }),
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::types::{EventRow, TurnRow, Value};

    fn append(room: &str, seq: i64, data: &str) -> Op {
        Op::Append(EventRow {
            room_id: room.into(),
            seq,
            kind: "action".into(),
            at: -5,
            data: data.into(),
        })
    }

    fn fence(room: &str) -> Op {
        Op::Fence {
            room: room.into(),
            node: "n1".into(),
            epoch: 3,
            deadline: (room == "a").then_some(77),
        }
    }

    /// bo waits in room a since 4 (seq 9), in game m.
    fn bo_waits_in_a() -> Op {
        Op::Turn(TurnOp::Waits(TurnRow {
            guest_id: "bo".into(),
            room_id: "a".into(),
            game: "m".into(),
            since: 4,
            seq: 9,
        }))
    }

    /// A batch's script: the fences first, in one call in room order; the
    /// events and the turn rows in one call, where the events were; an
    /// update that must find its row checked; another notice's statement
    /// as it is; quotes and backslashes escaped and every value typed; a
    /// `$` inside a quoted literal of the statement left alone.
    #[test]
    fn a_batch_is_one_script_with_its_values_written_in() {
        let ops = [
            append("b", 2, r#"{"say":"it's \"ok\" \\ $1"}"#),
            fence("b"),
            Op::SetStatus {
                room: "b".into(),
                status: crate::store::StoredStatus::Finished,
            },
            fence("a"),
            append("a", 9, "{}"),
            Op::Notice {
                sql: "UPDATE t SET x = $1 WHERE y = '$2' AND z = $10",
                values: std::iter::once(Value::MaybeText(None))
                    .chain((2..=10).map(Value::Int))
                    .collect(),
            },
            bo_waits_in_a(),
            Op::Turn(TurnOp::Waited {
                room: "a".into(),
                guest: "ann".into(),
            }),
            Op::Turn(TurnOp::Cleared { room: "b".into() }),
        ];
        let ops: Vec<&Op> = ops.iter().collect();
        let script = script(&ops).unwrap();
        let lines: Vec<&str> = script.lines().collect();
        assert_eq!(
            lines,
            [
                "SELECT lodestone_fence(ARRAY[E'a'::text, E'b'::text]::text[], ARRAY[E'n1'::text, E'n1'::text]::text[], \
                 ARRAY['3'::int8, '3'::int8]::int8[], ARRAY['77'::int8, NULL::int8]::int8[]);",
                concat!(
                    "SELECT lodestone_append(ARRAY[E'b'::text, E'a'::text]::text[], ARRAY['2'::int8, '9'::int8]::int8[], ",
                    "ARRAY[E'action'::text, E'action'::text]::text[], ARRAY['-5'::int8, '-5'::int8]::int8[], ",
                    r#"ARRAY[E'{"say":"it''s \\"ok\\" \\\\ $1"}'::text, E'{}'::text]::text[], "#,
                    "ARRAY['1'::int8, '2'::int8, '3'::int8]::int8[], ",
                    "ARRAY[E'm'::text, NULL::text, NULL::text]::text[], ",
                    "ARRAY['4'::int8, NULL::int8, NULL::int8]::int8[], ARRAY['9'::int8, NULL::int8, NULL::int8]::int8[], ",
                    "ARRAY[E'bo'::text, E'ann'::text, NULL::text]::text[], ",
                    "ARRAY[E'a'::text, E'a'::text, E'b'::text]::text[]);"
                ),
                "WITH changed AS (UPDATE rooms SET status = E'finished'::text WHERE id = E'b'::text RETURNING id) \
                 SELECT lodestone_found(count(*)) FROM changed;",
                "UPDATE t SET x = NULL::text WHERE y = '$2' AND z = '10'::int8;",
            ]
        );
    }

    /// A batch of turn rows without events: one call of
    /// `lodestone_append` at the end, its events' arrays empty.
    #[test]
    fn turn_rows_without_events_are_one_call_at_the_end() {
        let ops = [
            Op::SetStatus {
                room: "a".into(),
                status: crate::store::StoredStatus::Playing,
            },
            bo_waits_in_a(),
        ];
        let ops: Vec<&Op> = ops.iter().collect();
        let script = script(&ops).unwrap();
        assert_eq!(
            script.lines().last().unwrap(),
            "SELECT lodestone_append(ARRAY[]::text[], ARRAY[]::int8[], ARRAY[]::text[], ARRAY[]::int8[], \
             ARRAY[]::text[], ARRAY['1'::int8]::int8[], ARRAY[E'm'::text]::text[], ARRAY['4'::int8]::int8[], \
             ARRAY['9'::int8]::int8[], ARRAY[E'bo'::text]::text[], ARRAY[E'a'::text]::text[]);"
        );
        assert_eq!(script.lines().count(), 2, "{script}");
    }

    /// A NUL cannot be written into a script: no script, and the batch
    /// goes the way of bound values (which refuse it).
    #[test]
    fn a_nul_makes_no_script() {
        let nul = append("a", 1, "{\"say\":\"\0\"}");
        assert!(script(&[&nul]).is_none());
        assert!(script(&[&append("a", 1, "{}")]).is_some());
    }
}
