//! `migrate-db`'s copy of every table that is not a room's log: accounts,
//! ratings, notifications (the VAPID key, push subscriptions, webhooks,
//! deliveries, turns), tournaments, moderation, vacations, TLS state…
//!
//! The tables are read from the target's schema, not from a list kept by
//! hand, so a table added by a later migration is copied too unless it is
//! named in [`NOT_COPIED`] with its reason. Values are read as the source
//! stores them and written as the target's column type wants them (SQLite
//! keeps a boolean as 0 or 1, PostgreSQL as `BOOLEAN`).

use futures_util::TryStreamExt;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Column, Postgres, Row, Sqlite, Transaction, TypeInfo, ValueRef};

use super::db::Db;
use super::sql::Dialect;
use super::types::Op;
use super::types::StoreError;

/// Tables copied as operations by `copy` itself (page by page, with
/// progress), so never here.
const BY_OPERATIONS: [&str; 3] = ["guests", "rooms", "events"];

/// Tables a copy leaves empty, and why.
pub(super) const NOT_COPIED: [(&str, &str); 6] = [
    ("_sqlx_migrations", "made by the target's own migrations"),
    ("sqlite_sequence", "SQLite's own bookkeeping"),
    (
        "nodes",
        "the nodes of a cluster announce themselves when they start",
    ),
    ("leases", "the target's nodes take the live rooms afresh"),
    ("probes", "readiness probes, written again at the next probe"),
    (
        "acme_challenges",
        "answers to challenges that have expired by then",
    ),
];

/// How a target column stores its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Text,
    Int,
    Real,
    Bool,
}

impl Kind {
    /// The kind of a declared column type (SQLite's declared type or
    /// PostgreSQL's `data_type`).
    fn of(declared: &str) -> Option<Kind> {
        let t = declared.to_ascii_lowercase();
        if t.contains("bool") {
            Some(Kind::Bool)
        } else if t.contains("int") {
            Some(Kind::Int)
        } else if t.contains("double") || t.contains("real") || t.contains("float") {
            Some(Kind::Real)
        } else if t.contains("text") || t.contains("char") {
            Some(Kind::Text)
        } else {
            None
        }
    }
}

/// A value as the source stored it.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    Null,
    Text(String),
    Int(i64),
    Real(f64),
    Bool(bool),
}

/// A value typed for its target column (a NULL keeps the column's type,
/// which PostgreSQL needs).
enum Bound {
    Text(Option<String>),
    Int(Option<i64>),
    Real(Option<f64>),
    Bool(Option<bool>),
}

fn bind_as(kind: Kind, value: Val) -> Option<Bound> {
    Some(match (kind, value) {
        (Kind::Text, Val::Null) => Bound::Text(None),
        (Kind::Int, Val::Null) => Bound::Int(None),
        (Kind::Real, Val::Null) => Bound::Real(None),
        (Kind::Bool, Val::Null) => Bound::Bool(None),
        (Kind::Text, Val::Text(s)) => Bound::Text(Some(s)),
        (Kind::Int, Val::Int(n)) => Bound::Int(Some(n)),
        (Kind::Int, Val::Bool(b)) => Bound::Int(Some(i64::from(b))),
        (Kind::Real, Val::Real(x)) => Bound::Real(Some(x)),
        (Kind::Real, Val::Int(n)) => Bound::Real(Some(n as f64)),
        (Kind::Bool, Val::Bool(b)) => Bound::Bool(Some(b)),
        (Kind::Bool, Val::Int(n)) => Bound::Bool(Some(n != 0)),
        _ => return None,
    })
}

/// A table of the target with its columns, in order.
struct Table {
    name: String,
    columns: Vec<(String, Kind)>,
}

/// Copies every table of the target's schema that is neither copied by
/// operations nor in [`NOT_COPIED`] from `source` into `tx`; answers
/// each copied table with its number of rows.
pub(super) async fn copy_tables(
    source: &Db,
    target: &Db,
    tx: &mut TargetTx,
) -> Result<Vec<(String, i64)>, StoreError> {
    let mut copied = Vec::new();
    for table in tables(target).await? {
        let rows = copy_table(source, tx, &table).await?;
        copied.push((table.name, rows));
    }
    Ok(copied)
}

/// The target's tables to copy, by name.
async fn tables(target: &Db) -> Result<Vec<Table>, StoreError> {
    let mut tables = Vec::new();
    for name in table_names(target).await? {
        let skipped = BY_OPERATIONS.contains(&name.as_str()) || NOT_COPIED.iter().any(|(n, _)| *n == name);
        if skipped {
            continue;
        }
        let mut columns = Vec::new();
        for (column, declared) in columns_of(target, &name).await? {
            let kind = Kind::of(&declared).ok_or_else(|| {
                StoreError::Open(format!(
                    "migrate-db cannot copy column {name}.{column} of type {declared}"
                ))
            })?;
            columns.push((column, kind));
        }
        tables.push(Table { name, columns });
    }
    Ok(tables)
}

/// Every table of the database's schema, sorted by name.
pub(super) async fn table_names(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let mut names: Vec<String> = match db {
        Db::Sqlite(pool) => {
            sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table'")
                .fetch_all(pool)
                .await?
        }
        Db::Postgres(pool) => {
            sqlx::query_scalar(
                "SELECT table_name::TEXT FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
            )
            .fetch_all(pool)
            .await?
        }
    };
    names.sort();
    Ok(names)
}

/// A table's columns with their declared types, in order.
async fn columns_of(db: &Db, table: &str) -> Result<Vec<(String, String)>, sqlx::Error> {
    match db {
        Db::Sqlite(pool) => {
            sqlx::query_as("SELECT name, type FROM pragma_table_info($1) ORDER BY cid")
                .bind(table)
                .fetch_all(pool)
                .await
        }
        Db::Postgres(pool) => {
            sqlx::query_as(
                "SELECT column_name::TEXT, data_type::TEXT FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 \
                 ORDER BY ordinal_position",
            )
            .bind(table)
            .fetch_all(pool)
            .await
        }
    }
}

/// Streams one table from `source` into `tx`, a row at a time.
async fn copy_table(source: &Db, tx: &mut TargetTx, table: &Table) -> Result<i64, StoreError> {
    let names: Vec<&str> = table.columns.iter().map(|(c, _)| c.as_str()).collect();
    // Built from the target schema's own names only.
    let select = format!("SELECT {} FROM {}", names.join(", "), table.name);
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let insert = format!(
        "INSERT INTO {} ({}) VALUES ({})",
        table.name,
        names.join(", "),
        placeholders.join(", ")
    );
    let mut count = 0;
    macro_rules! stream {
        ($pool:expr, $read:ident) => {{
            let mut rows = sqlx::query(sqlx::AssertSqlSafe(select.clone())).fetch($pool);
            while let Some(row) = rows.try_next().await? {
                let values = $read(&row)?;
                insert_row(tx, &insert, table, values).await?;
                count += 1;
            }
        }};
    }
    match source {
        Db::Sqlite(pool) => stream!(pool, read_sqlite),
        Db::Postgres(pool) => stream!(pool, read_postgres),
    }
    Ok(count)
}

/// A SQLite row's values, by each value's own storage class.
fn read_sqlite(row: &SqliteRow) -> Result<Vec<Val>, sqlx::Error> {
    (0..row.len())
        .map(|i| {
            let raw = row.try_get_raw(i)?;
            if raw.is_null() {
                return Ok(Val::Null);
            }
            let class = raw.type_info().name().to_string();
            Ok(match class.as_str() {
                "INTEGER" | "BOOLEAN" => Val::Int(row.try_get(i)?),
                "REAL" => Val::Real(row.try_get(i)?),
                "TEXT" => Val::Text(row.try_get(i)?),
                other => return Err(unreadable(row.column(i).name(), other)),
            })
        })
        .collect()
}

/// A PostgreSQL row's values, by each column's type.
fn read_postgres(row: &PgRow) -> Result<Vec<Val>, sqlx::Error> {
    (0..row.len())
        .map(|i| {
            if row.try_get_raw(i)?.is_null() {
                return Ok(Val::Null);
            }
            let column = row.column(i);
            Ok(match column.type_info().name() {
                "INT8" => Val::Int(row.try_get(i)?),
                "INT4" => Val::Int(row.try_get::<i32, _>(i)?.into()),
                "INT2" => Val::Int(row.try_get::<i16, _>(i)?.into()),
                "FLOAT8" => Val::Real(row.try_get(i)?),
                "FLOAT4" => Val::Real(row.try_get::<f32, _>(i)?.into()),
                "BOOL" => Val::Bool(row.try_get(i)?),
                "TEXT" | "VARCHAR" => Val::Text(row.try_get(i)?),
                other => return Err(unreadable(column.name(), other)),
            })
        })
        .collect()
}

fn unreadable(column: &str, class: &str) -> sqlx::Error {
    sqlx::Error::Protocol(format!(
        "migrate-db cannot copy column {column}: a value of type {class}"
    ))
}

/// Inserts one row, each value as its column's kind.
async fn insert_row(tx: &mut TargetTx, sql: &str, table: &Table, values: Vec<Val>) -> Result<(), StoreError> {
    let mut bound = Vec::with_capacity(values.len());
    for ((column, kind), value) in table.columns.iter().zip(values) {
        let shown = format!("{value:?}");
        bound.push(bind_as(*kind, value).ok_or_else(|| {
            StoreError::Open(format!(
                "migrate-db cannot copy {}.{column}: {shown} is not a {kind:?} value",
                table.name
            ))
        })?);
    }
    macro_rules! run {
        ($conn:expr, $db:ty) => {{
            let mut query = sqlx::query::<$db>(sqlx::AssertSqlSafe(sql.to_string()));
            for value in bound {
                query = match value {
                    Bound::Text(v) => query.bind(v),
                    Bound::Int(v) => query.bind(v),
                    Bound::Real(v) => query.bind(v),
                    Bound::Bool(v) => query.bind(v),
                };
            }
            query.execute($conn).await?;
        }};
    }
    match tx {
        TargetTx::Sqlite(t) => run!(&mut **t, Sqlite),
        TargetTx::Postgres(t) => run!(&mut **t, Postgres),
    }
    Ok(())
}

/// A transaction on the target of a copy.
pub(super) enum TargetTx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl TargetTx {
    pub(super) async fn insert(&mut self, ops: &[Op]) -> Result<(), sqlx::Error> {
        let ops: Vec<&Op> = ops.iter().collect();
        match self {
            TargetTx::Sqlite(tx) => <Sqlite as Dialect>::insert(&mut **tx, &ops).await,
            TargetTx::Postgres(tx) => <Postgres as Dialect>::insert(&mut **tx, &ops).await,
        }
    }

    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            TargetTx::Sqlite(tx) => tx.commit().await,
            TargetTx::Postgres(tx) => tx.commit().await,
        }
    }
}

impl Db {
    /// A transaction on this database, the target of a copy.
    pub(super) async fn begin(&self) -> Result<TargetTx, sqlx::Error> {
        Ok(match self {
            Db::Sqlite(pool) => TargetTx::Sqlite(pool.begin().await?),
            Db::Postgres(pool) => TargetTx::Postgres(pool.begin().await?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_their_column_wants() {
        assert!(matches!(
            bind_as(Kind::Bool, Val::Int(1)),
            Some(Bound::Bool(Some(true)))
        ));
        assert!(matches!(
            bind_as(Kind::Int, Val::Bool(false)),
            Some(Bound::Int(Some(0)))
        ));
        assert!(matches!(
            bind_as(Kind::Real, Val::Int(3)),
            Some(Bound::Real(Some(x))) if x == 3.0
        ));
        assert!(matches!(bind_as(Kind::Text, Val::Null), Some(Bound::Text(None))));
        assert!(bind_as(Kind::Int, Val::Text("x".into())).is_none());
    }

    #[test]
    fn declared_types_have_kinds() {
        assert_eq!(Kind::of("BIGINT"), Some(Kind::Int));
        assert_eq!(Kind::of("INTEGER"), Some(Kind::Int));
        assert_eq!(Kind::of("double precision"), Some(Kind::Real));
        assert_eq!(Kind::of("REAL"), Some(Kind::Real));
        assert_eq!(Kind::of("boolean"), Some(Kind::Bool));
        assert_eq!(Kind::of("TEXT"), Some(Kind::Text));
        assert_eq!(Kind::of("timestamp with time zone"), None);
    }
}
