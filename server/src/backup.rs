//! Scheduled backups (`--backup-every`, `--backup-keep`): every period the
//! server copies its SQLite database into `backups/` of its state
//! directory (`store/backup.rs` makes the copy, consistent as of one
//! moment, beside the writes) and keeps the newest few.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::app::App;
use crate::config::Config;
use crate::store::{self, BackupInfo, StoreError};

/// The names scheduled backups get: `lodestone-<UTC time>.db`.
const PREFIX: &str = "lodestone-";
const SUFFIX: &str = ".db";

/// Refuses a schedule the server cannot keep, before anything starts.
pub fn check(config: &Config) -> Result<(), String> {
    if config.backup_every.is_some() && store::sqlite_path(&config.database).is_none() {
        return Err(
            "--backup-every backs up a SQLite file; for PostgreSQL schedule pg_dump instead \
             (docs/operating.md, Backups)"
                .into(),
        );
    }
    Ok(())
}

/// Makes a backup every `--backup-every` until shutdown.
pub(crate) async fn scheduled(app: Arc<App>) {
    let Some(every) = app.config.backup_every else {
        return;
    };
    let every = Duration::from_millis(every.max(1000));
    let dir = app.config.state_dir().join("backups");
    let keep = app.config.backup_keep.max(1);
    tracing::info!(dir = %dir.display(), every_s = every.as_secs(), keep, "backups scheduled");
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = app.shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        let (url, dir) = (app.config.database.clone(), dir.clone());
        match tokio::task::spawn_blocking(move || make(&url, &dir, keep)).await {
            Ok(Ok((made, removed))) => tracing::info!(
                path = %made.path.display(),
                rooms = made.rooms,
                events = made.events,
                bytes = made.bytes,
                removed,
                "backup made"
            ),
            Ok(Err(e)) => tracing::error!(error = %e, "scheduled backup failed"),
            Err(e) => tracing::error!(error = %e, "scheduled backup failed"),
        }
    }
}

/// One scheduled backup into `dir`, then the oldest beyond `keep` removed;
/// returns the backup and how many were removed.
fn make(url: &str, dir: &Path, keep: usize) -> Result<(BackupInfo, usize), StoreError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        StoreError::Open(format!(
            "could not make the backup directory {}: {e}",
            dir.display()
        ))
    })?;
    let name = format!(
        "{PREFIX}{}{SUFFIX}",
        store::utc_stamp(std::time::SystemTime::now())
    );
    let made = store::backup(url, &dir.join(name))?;
    let mut kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
                })
                .collect()
        })
        .unwrap_or_default();
    // The names sort by time.
    kept.sort();
    let surplus = kept.len().saturating_sub(keep);
    let mut removed = 0;
    for old in &kept[..surplus] {
        match std::fs::remove_file(old) {
            Ok(()) => removed += 1,
            Err(e) => tracing::warn!(path = %old.display(), error = %e, "could not remove an old backup"),
        }
    }
    Ok((made, removed))
}
