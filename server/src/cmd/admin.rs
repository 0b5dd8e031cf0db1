//! `admin grant|revoke NAME`: gives an account a role, or takes it back.

pub(crate) fn admin(database: &str, name: &str, grant: bool) -> Result<(), String> {
    let runtime = crate::one_thread()?;
    let done = runtime.block_on(lodestone_server::grant_role(database, name, grant))?;
    println!("{done}");
    Ok(())
}
