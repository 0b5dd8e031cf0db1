//! Moderation (docs/moderation.md): who may do what (`Role` and
//! [`require`]), the people connected to this node (`online`), the stored
//! rows as the console shows them (`views`), abandoned rated games and the
//! growing bans from rated play they bring (`abandonment`), what a report
//! carries (`context`), a player's data exported or deleted
//! (`privacy`), and bans reaching the other nodes' connections (`bans`). The connections' side (the messages) is `ws/moderation.rs`
//! and `ws/admin.rs`; the storage is `store/moderation.rs`.

pub mod abandonment;
pub mod bans;
pub mod context;
pub mod online;
pub mod privacy;
mod roles;
pub mod views;

use lodestone_protocol::{Code, codes};

use crate::store::{AuditRow, Store};

pub use online::Online;
pub use roles::{require, role};

/// The chat timeouts a moderator may give, in minutes: 10 minutes, an
/// hour, a day.
pub const TIMEOUT_MINUTES: [u32; 3] = [10, 60, 1440];

/// The longest reason or note, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// The moderation state of one node: who is connected.
#[derive(Debug, Default)]
pub struct Moderation {
    pub online: Online,
}

/// A reason or note as kept: trimmed, at most [`MAX_REASON_CHARS`]
/// characters, no control characters; the refusal otherwise.
pub fn check_reason(text: &str, needed: bool) -> Result<String, (Code, String)> {
    let text = text.trim();
    if needed && text.is_empty() {
        return Err((codes::BAD_MESSAGE, "give a reason".into()));
    }
    let n = text.chars().count();
    if n > MAX_REASON_CHARS {
        return Err((
            codes::BAD_MESSAGE,
            format!("a reason has at most {MAX_REASON_CHARS} characters; this one has {n}"),
        ));
    }
    if text
        .chars()
        .any(|c| c.is_control() || crate::names::is_bidi_control(c))
    {
        return Err((
            codes::BAD_MESSAGE,
            "a reason cannot hold control characters or bidirectional overrides".into(),
        ));
    }
    Ok(text.to_string())
}

/// A new audit entry: `actor` (none: the host) did `action` to `target`.
pub fn audit_row(
    now: u64,
    actor: Option<&str>,
    action: &str,
    target: Option<&str>,
    room: Option<&str>,
    detail: impl Into<String>,
) -> AuditRow {
    AuditRow {
        id: uuid::Uuid::new_v4().to_string(),
        at: now as i64,
        actor_id: actor.map(str::to_string),
        action: action.to_string(),
        target_id: target.map(str::to_string),
        room_id: room.map(str::to_string),
        detail: detail.into(),
    }
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
    use lodestone_protocol::Role;

    use super::roles::role_from;
    use super::*;

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
