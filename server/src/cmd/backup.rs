//! `backup` and `restore`: a SQLite database copied while the server runs,
//! and a backup put in its place.

use std::path::Path;

/// Copies the SQLite database `database` into the new file `to`.
pub(crate) fn backup(database: &str, to: &Path) -> Result<(), String> {
    let made = lodestone_server::backup(database, to).map_err(|e| e.to_string())?;
    println!(
        "backed up {} rooms and {} events into {} ({} bytes)",
        made.rooms,
        made.events,
        made.path.display(),
        made.bytes
    );
    Ok(())
}

/// Puts the backup `from` in place as the SQLite database `database`.
pub(crate) fn restore(from: &Path, database: &str) -> Result<(), String> {
    let done = lodestone_server::restore(from, database).map_err(|e| e.to_string())?;
    println!(
        "restored {} rooms and {} events into {}",
        done.rooms,
        done.events,
        done.path.display()
    );
    if let Some(kept) = done.replaced {
        println!("the database it replaced is kept as {}", kept.display());
    }
    Ok(())
}
