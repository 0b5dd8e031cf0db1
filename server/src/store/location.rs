//! Where the database is (`--database`: a URL or a path) and opening it:
//! its migrations applied and logged, a database of another version or
//! another program refused with a sentence for the host.

use super::{StoreError, sqlite};

/// Where the database is, from the URL given to `--database`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// `sqlite://PATH`, `sqlite:PATH` or `sqlite::memory:`, as given.
    SqliteUrl(String),
    /// A plain file path: an SQLite file.
    SqliteFile(std::path::PathBuf),
    /// `postgres://USER@HOST/DB` (or `postgresql://…`), as given.
    Postgres(String),
}

impl Location {
    /// Reads a database URL: `sqlite://…`, `postgres://…`, or a plain path.
    pub fn parse(url: &str) -> Result<Location, StoreError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(StoreError::Url(
                "the database URL is empty: give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
                    .into(),
            ));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Location::Postgres(url.to_string()));
        }
        if url.starts_with("sqlite:") {
            return Ok(Location::SqliteUrl(url.to_string()));
        }
        if let Some((scheme, _)) = url.split_once("://") {
            return Err(StoreError::Url(format!(
                "the database URL {url:?} names a kind of database this server does not know ({scheme:?}): give sqlite://PATH, a file path, or postgres://USER@HOST/DB"
            )));
        }
        Ok(Location::SqliteFile(url.into()))
    }
}

/// The file of a SQLite database URL (`None` for PostgreSQL, memory, or a
/// URL that cannot be read).
pub fn sqlite_path(url: &str) -> Option<std::path::PathBuf> {
    Location::parse(url).ok().as_ref().and_then(sqlite::file)
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::SqliteUrl(url) => f.write_str(url),
            Location::SqliteFile(path) => write!(f, "{}", path.display()),
            // Never print a password.
            Location::Postgres(url) => f.write_str(&redact_password(url)),
        }
    }
}

/// `url` with the password part of its user information replaced.
pub(super) fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').map_or((rest, None), |(a, p)| (a, Some(p)));
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    match path {
        Some(path) => format!("{scheme}://{authority}/{path}"),
        None => format!("{scheme}://{authority}"),
    }
}

/// The migrations a database had before this start (`applied`: what its
/// migrations table says, an error if it has none). A database that must
/// exist already (`existing`) without a first Lodestone migration is
/// refused: it is not a Lodestone database.
pub(super) fn before_migrating(
    applied: Result<Vec<i64>, sqlx::Error>,
    location: &Location,
    existing: bool,
) -> Result<Vec<i64>, StoreError> {
    match applied {
        Ok(versions) if !existing || versions.contains(&1) => Ok(versions),
        Err(_) if !existing => Ok(Vec::new()),
        _ => Err(StoreError::Open(format!(
            "the database {location} is not a Lodestone database (it has none of lodestone-server's tables)"
        ))),
    }
}

/// Logs each migration `migrator` applied that was not there `before`.
pub(super) fn log_migrations(migrator: &sqlx::migrate::Migrator, before: &[i64], location: &Location) {
    for migration in migrator.iter().filter(|m| !before.contains(&m.version)) {
        tracing::info!(
            version = migration.version,
            description = %migration.description,
            database = %location,
            "applied schema migration"
        );
    }
}

/// A failed migration, as a sentence for the host.
pub(super) fn migrate_error(location: &Location, e: sqlx::migrate::MigrateError) -> StoreError {
    use sqlx::migrate::MigrateError;
    StoreError::Open(match e {
        MigrateError::VersionMissing(version) => format!(
            "the database {location} was written by a newer version of lodestone-server (it has schema migration {version}, which this version does not know): run that version or a newer one, or restore a backup from before the upgrade"
        ),
        MigrateError::VersionMismatch(version) => format!(
            "the database {location} has a schema migration {version} that differs from this version's: it was written by another build of lodestone-server"
        ),
        other => format!("could not bring the database {location} up to date: {other}"),
    })
}
