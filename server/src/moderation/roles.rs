//! Who may do what: a guest's `Role`, as stored and read at every
//! request, and [`require`], the check before a moderator's or an admin's
//! message.

use lodestone_protocol::{Code, Role, codes};

use crate::store::{Store, StoreError};

/// A role as stored (`admin`, `moderator`; no row: a player).
pub fn role_from(stored: Option<&str>) -> Role {
    match stored {
        Some("admin") => Role::Admin,
        Some("moderator") => Role::Moderator,
        _ => Role::Player,
    }
}

/// Guest `id`'s role, read from the store at each request (so a role
/// given or taken on one node holds on every node at once).
pub async fn role(store: &Store, id: &str) -> Result<Role, StoreError> {
    Ok(role_from(store.role_of(id).await?.as_deref()))
}

/// Whether `role` may do what needs `needed`; the refusal otherwise.
pub fn require(role: Role, needed: Role) -> Result<(), (Code, String)> {
    if role >= needed {
        return Ok(());
    }
    Err((
        codes::NOT_ALLOWED,
        match needed {
            Role::Admin => "only an admin may do this".to_string(),
            _ => "only a moderator or an admin may do this".to_string(),
        },
    ))
}
