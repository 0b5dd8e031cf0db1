//! `migrate-db`: copies everything from one database into another, empty
//! one, telling its progress.

pub(crate) fn migrate_db(from: &str, to: &str) -> Result<(), String> {
    let runtime = crate::one_thread()?;
    let copied = runtime
        .block_on(lodestone_server::copy_database(from, to, |p| {
            println!("copying {}: {} of {}", p.what, p.done, p.total);
        }))
        .map_err(|e| e.to_string())?;
    println!(
        "copied {} guests, {} rooms and {} events",
        copied.guests, copied.rooms, copied.events
    );
    Ok(())
}
