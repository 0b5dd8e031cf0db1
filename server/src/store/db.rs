//! The pool of one backend, and the one place that chooses between them
//! ([`with_pool!`]).

use sqlx::{Pool, Postgres, Sqlite};

use super::types::{Location, StoreError, StoreOptions};
use super::{postgres, sqlite};

/// The pool of one backend.
#[derive(Clone, Debug)]
pub(super) enum Db {
    Sqlite(Pool<Sqlite>),
    Postgres(Pool<Postgres>),
}

/// Runs `$body` with `$pool` bound to the pool of whichever backend `$db`
/// is: the one place that chooses between them.
macro_rules! with_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            Db::Sqlite($pool) => $body,
            Db::Postgres($pool) => $body,
        }
    };
}

/// One statement on `$on` (a pool or a transaction, `&mut *tx`, of either
/// backend): `$sql` with each `$arg` bound in turn. What it answers
/// (inside `Result<_, sqlx::Error>`), by the word before the SQL:
/// - `exec`: the number of rows the statement changed;
/// - `rows T:` / `row T:`: every row, or the first if any, as `T` (a
///   `FromRow`, a tuple of columns);
/// - `values T:` / `value T:` / `count`: the same for a one-column
///   answer, the last the one value (`SELECT COUNT(*)`).
macro_rules! sql {
    ($on:expr, exec $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query($sql)$(.bind($arg))*.execute($on).await.map(|done| done.rows_affected())
    };
    ($on:expr, rows $row:ty: $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query_as::<_, $row>($sql)$(.bind($arg))*.fetch_all($on).await
    };
    ($on:expr, row $row:ty: $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query_as::<_, $row>($sql)$(.bind($arg))*.fetch_optional($on).await
    };
    ($on:expr, values $value:ty: $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query_scalar::<_, $value>($sql)$(.bind($arg))*.fetch_all($on).await
    };
    ($on:expr, value $value:ty: $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query_scalar::<_, $value>($sql)$(.bind($arg))*.fetch_optional($on).await
    };
    ($on:expr, count $sql:expr $(, $arg:expr)* $(,)?) => {
        sqlx::query_scalar::<_, i64>($sql)$(.bind($arg))*.fetch_one($on).await
    };
}

/// [`sql!`] on the pool of `$db` (a [`Db`]), whichever backend it is.
macro_rules! pooled {
    ($db:expr, $($statement:tt)*) => {
        with_pool!($db, pool => $crate::store::db::sql!(pool, $($statement)*))
    };
}

pub(super) use {pooled, sql, with_pool};

impl Db {
    /// Opens the database at `location` and brings it up to date.
    pub(super) async fn open(location: &Location, options: &StoreOptions) -> Result<Db, StoreError> {
        Ok(match location {
            Location::Postgres(_) => Db::Postgres(postgres::open(location, options).await?),
            Location::SqliteUrl(_) | Location::SqliteFile(_) => {
                Db::Sqlite(sqlite::open(location, options).await?)
            }
        })
    }
}

/// The file of a SQLite database URL (`None` for PostgreSQL, memory, or a
/// URL that cannot be read).
pub fn sqlite_path(url: &str) -> Option<std::path::PathBuf> {
    Location::parse(url).ok().as_ref().and_then(sqlite::file)
}
