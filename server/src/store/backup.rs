//! Backups of a SQLite database while a server writes to it, and putting
//! one back (`lodestone-server backup` and `restore`, and the scheduled
//! backups of `--backup-every`).
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction, so the copy
//! is the database as it was at one moment (every commit before it, none
//! after), made beside the server's writes (WAL readers do not block the
//! writer). It is written under a temporary name and renamed when complete,
//! so a backup file is never half a database.
//!
//! A running server holds a shared lock (`flock`) on its SQLite file; a
//! restore takes the exclusive lock, so it refuses while any server uses
//! the file, and a server refuses to start while a restore runs. (SQLite's
//! own locks are POSIX record locks, which `flock` does not touch.)

use std::fs::File;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use super::sqlite;
use super::types::{Location, StoreError};

/// What a backup holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub path: PathBuf,
    pub rooms: i64,
    pub events: i64,
    pub bytes: u64,
}

/// What a restore did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    /// The database file now in place.
    pub path: PathBuf,
    pub rooms: i64,
    pub events: i64,
    /// Where the database that was there before is kept, if there was one.
    pub replaced: Option<PathBuf>,
}

fn open_error(what: &Path, e: impl std::fmt::Display) -> StoreError {
    StoreError::Open(format!("could not read the database {}: {e}", what.display()))
}

/// The SQLite file of `url`, or a sentence saying what to use instead.
fn sqlite_file(url: &str, what: &str) -> Result<PathBuf, StoreError> {
    let location = Location::parse(url)?;
    match (&location, sqlite::file(&location)) {
        (_, Some(path)) => Ok(path),
        (Location::Postgres(_), _) => Err(StoreError::Url(format!(
            "{what} works on SQLite files; for PostgreSQL use pg_dump and pg_restore, or migrate-db \
             (docs/operating.md, Backups)"
        ))),
        _ => Err(StoreError::Url(format!(
            "{location} is kept in memory: there is nothing to {what}"
        ))),
    }
}

/// Opens the Lodestone database at `path`, which must exist (nothing is
/// created), and counts its rooms and events; refuses a file that is not a
/// Lodestone database.
fn open_lodestone(path: &Path, flags: OpenFlags) -> Result<(Connection, i64, i64), StoreError> {
    if !path.exists() {
        return Err(StoreError::Open(format!(
            "the database {} does not exist",
            path.display()
        )));
    }
    let conn = Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| open_error(path, e))?;
    conn.busy_timeout(std::time::Duration::from_secs(10))
        .map_err(|e| open_error(path, e))?;
    let first: Result<i64, _> = conn.query_row(
        "SELECT COUNT(*) FROM _sqlx_migrations WHERE version = 1",
        [],
        |row| row.get(0),
    );
    if !matches!(first, Ok(1)) {
        return Err(StoreError::Open(format!(
            "the database {} is not a Lodestone database (it has none of lodestone-server's tables)",
            path.display()
        )));
    }
    let count = |table: &str| -> Result<i64, StoreError> {
        conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| row.get(0))
            .map_err(|e| open_error(path, e))
    };
    let (rooms, events) = (count("rooms")?, count("events")?);
    Ok((conn, rooms, events))
}

/// A hidden name beside `path` for a file being written.
fn partial(path: &Path, what: &str) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{what}"))
}

/// Flushes the directory of `path`, so a rename in it survives a crash.
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
}

/// Copies the SQLite database of `url` (a server may be writing to it) to
/// the new file `to`, consistent as of one moment.
pub fn backup(url: &str, to: &Path) -> Result<BackupInfo, StoreError> {
    let source = sqlite_file(url, "backup")?;
    if to.exists() {
        return Err(StoreError::Open(format!(
            "{} exists already: a backup never overwrites a file",
            to.display()
        )));
    }
    // Read-write, though nothing is written: a read-only connection could
    // not join a live WAL database whose shared memory it cannot map.
    let (conn, _, _) = open_lodestone(&source, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
    let writing = partial(to, "partial");
    let _ = std::fs::remove_file(&writing);
    let failed = |e: &dyn std::fmt::Display| {
        StoreError::Open(format!("could not write the backup {}: {e}", to.display()))
    };
    conn.execute("VACUUM INTO ?1", [writing.to_string_lossy().as_ref()])
        .map_err(|e| {
            let _ = std::fs::remove_file(&writing);
            failed(&e)
        })?;
    drop(conn);
    // The copy is one self-contained file (no WAL beside it), checked.
    let checked = (|| {
        let (copy, rooms, events) = open_lodestone(&writing, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let mode: String = copy
            .query_row("PRAGMA journal_mode = DELETE", [], |row| row.get(0))
            .map_err(|e| failed(&e))?;
        let check: String = copy
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(|e| failed(&e))?;
        if check != "ok" || mode != "delete" {
            return Err(failed(&format!("the copy does not check out ({check}, {mode})")));
        }
        drop(copy);
        File::open(&writing)
            .and_then(|f| f.sync_all())
            .map_err(|e| failed(&e))?;
        Ok((rooms, events))
    })();
    let (rooms, events) = checked.inspect_err(|_| {
        let _ = std::fs::remove_file(&writing);
    })?;
    std::fs::rename(&writing, to).map_err(|e| failed(&e))?;
    sync_dir(to);
    let bytes = std::fs::metadata(to).map_or(0, |m| m.len());
    Ok(BackupInfo {
        path: to.to_path_buf(),
        rooms,
        events,
        bytes,
    })
}

/// Holds the shared lock of a running server on its SQLite file (`None`
/// for a database in memory or a file not made yet); refuses while a
/// restore replaces the file.
pub(super) fn lock_shared(location: &Location) -> Result<Option<File>, StoreError> {
    let Some(path) = sqlite::file(location) else {
        return Ok(None);
    };
    let Ok(file) = File::open(&path) else {
        return Ok(None);
    };
    match file.try_lock_shared() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Open(format!(
            "a restore is replacing the database {location}: start the server once it is done"
        ))),
        // A file system without locks: nothing to hold.
        Err(std::fs::TryLockError::Error(_)) => Ok(None),
    }
}

/// Puts the backup `from` in place as the SQLite database of `url`,
/// refusing while a server uses it. The file put there gets the owner and
/// the mode of the one it replaces (or of its directory), so a restore run
/// as root leaves a database the server's user can write; the replaced
/// database (with its WAL files) is kept beside it under a new name.
pub fn restore(from: &Path, url: &str) -> Result<Restored, StoreError> {
    let target = sqlite_file(url, "restore")?;
    let (backup, rooms, events) = open_lodestone(from, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let check: String = backup
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .map_err(|e| open_error(from, e))?;
    if check != "ok" {
        return Err(StoreError::Open(format!(
            "the backup {} is damaged: {check}",
            from.display()
        )));
    }
    drop(backup);
    let failed = |e: std::io::Error| {
        StoreError::Open(format!(
            "could not restore {} as {}: {e}",
            from.display(),
            target.display()
        ))
    };
    // Held until the new file is in place.
    let held = match File::open(&target) {
        Ok(file) => match file.try_lock() {
            Ok(()) => Some(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::Open(format!(
                    "a server is using {} (it holds the database's lock): stop it first, then restore",
                    target.display()
                )));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(failed(e)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(e)),
    };
    // Whose the file must be: the replaced file's owner, or the directory's.
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let (owner, mode) = match &held {
        Some(file) => file.metadata().map(|m| ((m.uid(), m.gid()), m.mode() & 0o777)),
        None => std::fs::metadata(dir).map(|m| ((m.uid(), m.gid()), 0o640)),
    }
    .map_err(failed)?;
    let writing = partial(&target, "restoring");
    std::fs::copy(from, &writing).map_err(failed)?;
    let placed = (|| {
        std::os::unix::fs::chown(&writing, Some(owner.0), Some(owner.1))?;
        std::fs::set_permissions(&writing, std::os::unix::fs::PermissionsExt::from_mode(mode))?;
        File::open(&writing)?.sync_all()?;
        let mut replaced = None;
        if held.is_some() {
            let stamp = utc_stamp(std::time::SystemTime::now());
            let name = target
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let kept = target.with_file_name(format!("{name}.replaced-{stamp}"));
            std::fs::rename(&target, &kept)?;
            for tail in ["-wal", "-shm"] {
                let side = target.with_file_name(format!("{name}{tail}"));
                if side.exists() {
                    std::fs::rename(
                        &side,
                        kept.with_file_name(format!("{name}.replaced-{stamp}{tail}")),
                    )?;
                }
            }
            replaced = Some(kept);
        }
        std::fs::rename(&writing, &target)?;
        sync_dir(&target);
        Ok(replaced)
    })();
    let replaced = placed.map_err(|e| {
        let _ = std::fs::remove_file(&writing);
        failed(e)
    })?;
    drop(held);
    Ok(Restored {
        path: target,
        rooms,
        events,
        replaced,
    })
}

/// `time` in UTC as `2026-11-28T09-30-00Z`: sorts by time, and is a file
/// name everywhere (no colons).
pub fn utc_stamp(time: std::time::SystemTime) -> String {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}-{:02}-{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_utc_dates_and_times() {
        let at = |secs| std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        assert_eq!(utc_stamp(at(0)), "1970-01-01T00-00-00Z");
        assert_eq!(utc_stamp(at(951_782_400)), "2000-02-29T00-00-00Z");
        assert_eq!(utc_stamp(at(1_795_858_245)), "2026-11-28T09-30-45Z");
    }
}
