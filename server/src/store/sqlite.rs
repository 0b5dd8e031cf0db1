//! The SQLite backend: one file (or `sqlite::memory:`), WAL, the
//! migrations of `migrations/sqlite/`.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, Pool, Sqlite};

use super::sql::Dialect;
use super::types::{Location, StoreError, StoreOptions, migrate};

/// Whether `url` names an in-memory database, which lives as long as its
/// one connection.
fn in_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// The file of a SQLite database that is not in memory: the writer
/// thread opens a connection of its own to it (`sqlite_writer.rs`).
pub(super) fn file(location: &Location) -> Option<std::path::PathBuf> {
    match location {
        Location::SqliteUrl(url) if !in_memory(url) => SqliteConnectOptions::from_str(url)
            .ok()
            .map(|o| o.get_filename().to_path_buf()),
        Location::SqliteFile(path) => Some(path.clone()),
        _ => None,
    }
}

/// Opens the database at `location`, creating the file if needed, and
/// applies the missing migrations.
pub(super) async fn open(location: &Location, options: &StoreOptions) -> Result<Pool<Sqlite>, StoreError> {
    let (connect, memory) = match location {
        Location::SqliteUrl(url) => (
            SqliteConnectOptions::from_str(url).map_err(|e| {
                StoreError::Url(format!(
                    "the database URL {url:?} is not a SQLite URL we can read: {e}"
                ))
            })?,
            in_memory(url),
        ),
        Location::SqliteFile(path) => (SqliteConnectOptions::new().filename(path), false),
        Location::Postgres(_) => unreachable!("a PostgreSQL URL goes to the PostgreSQL backend"),
    };
    if options.existing
        && let Some(path) = file(location)
        && !path.exists()
    {
        return Err(StoreError::Open(format!(
            "the database {location} does not exist"
        )));
    }
    let connect = connect
        .create_if_missing(!options.existing)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10));
    let connect = if memory {
        connect
    } else {
        connect
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(if options.sync_full {
                SqliteSynchronous::Full
            } else {
                SqliteSynchronous::Normal
            })
    };
    let open_error = |e: sqlx::Error| {
        StoreError::Open(format!(
            "could not open the SQLite database {location}: {}",
            reason(&e)
        ))
    };
    if !memory {
        // WAL is a property of the file, kept once set. Set it on one
        // connection before the pool opens several: on a new file, two
        // connections switching it at once make one fail with "database is
        // locked", which no busy timeout waits out. Then each pool
        // connection finds the file in WAL already, and its own switch is
        // a no-op.
        let first = connect.connect().await.map_err(open_error)?;
        first.close().await.map_err(open_error)?;
    }
    let pool = SqlitePoolOptions::new()
        // An in-memory database lives in one connection, which the writer
        // and the readers share.
        .max_connections(if memory { 1 } else { 4 })
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(3600))
        .test_before_acquire(false)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(connect)
        .await
        .map_err(open_error)?;
    let migrator = sqlx::migrate!("../migrations/sqlite");
    let applied = Sqlite::applied_migrations(&pool).await;
    migrate(location, options, &migrator, applied, migrator.run(&pool)).await?;
    Ok(pool)
}

/// What went wrong opening a file, in words.
fn reason(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    }
}
