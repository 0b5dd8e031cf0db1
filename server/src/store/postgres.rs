//! The PostgreSQL backend: a pool of connections to one database, each
//! with the bounds of its waits (`bounds.rs`), and the migrations of
//! `migrations/postgres/`.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Pool, Postgres};

use super::sql::Dialect;
use super::types::{Location, StoreError, StoreOptions, migrate};

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
