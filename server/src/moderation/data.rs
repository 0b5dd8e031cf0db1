//! A player's data exported or deleted on request (docs/moderation.md):
//! by the player itself, or by an admin (audited); `privacy.rs` reads and
//! scrubs the stored rows.

use std::sync::Arc;

use lodestone_protocol::{RequestId, ServerMessage, codes};

use super::audit::audit_row;
use super::privacy;
use crate::app::App;
use crate::served::{Change, Served, ack};

/// `player_data` of guest `target` to request `id`; `by` a moderator
/// (audited) or the player itself.
pub async fn export(app: &App, id: RequestId, target: &str, by: Option<&str>) -> Served {
    let data = match privacy::export(&app.store, target).await {
        Ok(Some(data)) => data,
        Ok(None) => return Served::refused(id, (codes::UNKNOWN_PLAYER, "there is no such player".into())),
        Err(_) => {
            return Served::refused(
                id,
                (
                    codes::STORAGE,
                    "the server could not read the data; try again".into(),
                ),
            );
        }
    };
    if let Some(by) = by {
        let now = app.clock.now_ms();
        let audit = audit_row(now, Some(by), "export", Some(target), None, "the player's data");
        if app.store.audit(&audit).await.is_err() {
            return Served::refused(
                id,
                (
                    codes::STORAGE,
                    "the server could not store the audit entry; try again".into(),
                ),
            );
        }
    }
    Served::message(ServerMessage::PlayerData {
        id,
        player: target.to_string(),
        data,
    })
}

/// Deletes guest `target` (by a moderator `by`, or itself), unless it
/// is seated in a game not over; its connections then end.
pub async fn delete(app: &Arc<App>, id: RequestId, target: &str, by: Option<&str>) -> Served {
    if !crate::cluster::rooms_of(app, target).await.is_empty() {
        return Served::refused(
            id,
            (
                codes::IN_GAME,
                "the player holds a seat in a game that is not over: finish, resign or leave it first".into(),
            ),
        );
    }
    let now = app.clock.now_ms();
    let actor = by.unwrap_or(target);
    let audit = audit_row(
        now,
        Some(actor),
        "delete",
        Some(target),
        None,
        "the account and its data",
    );
    if privacy::delete(&app.store, target, audit).await.is_err() {
        return Served::refused(
            id,
            (
                codes::STORAGE,
                "the server could not delete the data; try again".into(),
            ),
        );
    }
    tracing::info!(guest = %target, "a player's data was deleted");
    Served::message(ack(id)).with(Change::Deleted(target.to_string()))
}

/// Ends the connections of guest `target`, deleted: `bye`, then the close.
pub fn deleted(app: &App, target: &str) {
    let bye = ServerMessage::Bye {
        reason: "this account was deleted".into(),
        reconnect: false,
    };
    app.moderation.online.end(target, &bye);
}
