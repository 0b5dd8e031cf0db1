//! Moderation (docs/moderation.md): who may do what (`Role` and
//! [`require`]), the people connected to this node (`online`), the stored
//! rows as the console shows them (`views`), abandoned rated games and the
//! growing bans from rated play they bring (`abandonment`), what a report
//! carries (`context`), a player's data exported or deleted
//! (`privacy`), and bans reaching the other nodes' connections (`bans`).
//! The messages: a player's own (`requests`), the staff's (`console`
//! reads and dispatches, `staff` changes), the checks made before a
//! connection's message is handled (`checks`) and what a connection is
//! not shown (`conn`); the storage is
//! `store/moderation.rs`.

pub mod abandonment;
mod audit;
pub mod bans;
pub mod checks;
pub mod conn;
mod console;
pub mod context;
pub mod data;
pub mod online;
pub mod privacy;
pub mod requests;
mod roles;
mod staff;
pub mod views;

use crate::store::Store;

pub use audit::audit_row;
pub use online::Online;

/// The moderation state of one node: who is connected.
#[derive(Debug, Default)]
pub struct Moderation {
    pub online: Online,
}

/// `lodestone-server admin grant|revoke NAME`: makes the account named
/// `name` an admin (or a player again) in the database at `url`, with its
/// audit entry (by the host). Returns a sentence for the host.
pub async fn grant_on_command_line(url: &str, name: &str, admin: bool) -> Result<String, String> {
    let (store, writer) = Store::open(url, &Default::default())
        .await
        .map_err(|e| e.to_string())?;
    let key = crate::accounts::name_key(name);
    let result = async {
        let Some((id, _)) = store.account_by_name(&key).await.map_err(|e| e.to_string())? else {
            return Err(format!(
                "no account is named {name:?}: make it first (register in the browser or with `lodestone`)"
            ));
        };
        let now = crate::clock::Clock::new().now_ms();
        let (role, detail) = if admin {
            (Some("admin"), "admin (by the host, on the command line)")
        } else {
            (None, "player (by the host, on the command line)")
        };
        let audit = audit_row(now, None, "set_role", Some(&id), None, detail);
        store
            .set_role(&id, role, None, now as i64, &audit)
            .await
            .map_err(|e| e.to_string())?;
        Ok(if admin {
            format!("{name} is an admin now")
        } else {
            format!("{name} is a player again")
        })
    }
    .await;
    let closer = store.closer();
    drop(store);
    let _ = writer.await;
    closer.close().await;
    result
}

#[cfg(test)]
mod tests {
    use lodestone_protocol::{Role, codes};

    use super::audit::check_reason;
    use super::roles::{require, role_from};

    #[test]
    fn roles_are_ordered_and_required() {
        assert!(require(Role::Admin, Role::Moderator).is_ok());
        assert!(require(Role::Moderator, Role::Moderator).is_ok());
        assert_eq!(
            require(Role::Moderator, Role::Admin).unwrap_err().0,
            codes::NOT_ALLOWED
        );
        assert_eq!(
            require(Role::Player, Role::Moderator).unwrap_err().0,
            codes::NOT_ALLOWED
        );
        assert_eq!(role_from(Some("admin")), Role::Admin);
        assert_eq!(role_from(Some("moderator")), Role::Moderator);
        assert_eq!(role_from(None), Role::Player);
    }

    #[test]
    fn reasons_are_checked() {
        assert_eq!(check_reason("  spam ", true).unwrap(), "spam");
        assert!(check_reason(" ", true).is_err());
        assert_eq!(check_reason("", false).unwrap(), "");
        assert!(check_reason("a\nb", false).is_err());
        assert!(check_reason(&"x".repeat(501), false).is_err());
    }
}
