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

pub(super) use with_pool;

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
