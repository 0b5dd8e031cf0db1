//! A connection's notification requests: push subscriptions, webhooks,
//! the page's visibility and the games waiting for the guest's move
//! (`notify/` does the work; docs/notifications.md).

use lodestone_protocol::{ClientMessage, ServerMessage, codes};

use super::session::{MAX_ROOM_ID_BYTES, Session};
use crate::room::Player;

impl Session {
    /// Notes which rooms this connection watches, for the pushes it makes
    /// unnecessary.
    pub(super) fn note_watching(&self, guest: &str) {
        self.app
            .notify
            .looking
            .watching(self.outbox.conn, guest, &self.watching);
    }

    pub(super) async fn notify_request(&mut self, player: Player, message: ClientMessage) {
        let notify = self.app.notify.clone();
        let ack = |id| ServerMessage::Ack {
            id,
            room: None,
            seat: None,
            invite: None,
            version: None,
        };
        match message {
            ClientMessage::PushSubscribe {
                id,
                endpoint,
                keys,
                events,
            } => match notify
                .subscribe(
                    &player.id,
                    &endpoint,
                    &keys,
                    events.as_deref(),
                    &self.words.lang(),
                )
                .await
            {
                Ok(()) => self.reply(ack(id)),
                Err((code, why)) => self.fail(id, code, why),
            },
            ClientMessage::PushUnsubscribe { id, endpoint } => {
                match notify.unsubscribe(&player.id, &endpoint).await {
                    Ok(()) => self.reply(ack(id)),
                    Err((code, why)) => self.fail(id, code, why),
                }
            }
            ClientMessage::Visibility { id, visible } => {
                notify.looking.visible(self.outbox.conn, &player.id, visible);
                self.note_watching(&player.id);
                self.reply(ack(id));
            }
            ClientMessage::SetWebhook {
                id,
                room,
                url,
                format,
                events,
            } => {
                let owner = match self.webhook_owner(&player, room.as_deref()).await {
                    Ok(owner) => owner,
                    Err((code, why)) => return self.fail(id, code, why),
                };
                match notify.set_webhook(&owner, &url, format, events.as_deref()).await {
                    Ok(secret) => self.reply(ServerMessage::Webhook { id, url, secret }),
                    Err((code, why)) => self.fail(id, code, why),
                }
            }
            ClientMessage::DeleteWebhook { id, room, url } => {
                let owner = match self.webhook_owner(&player, room.as_deref()).await {
                    Ok(owner) => owner,
                    Err((code, why)) => return self.fail(id, code, why),
                };
                match notify.delete_webhook(&owner, &url).await {
                    Ok(()) => self.reply(ack(id)),
                    Err((code, why)) => self.fail(id, code, why),
                }
            }
            ClientMessage::MyTurns { id } => match notify.turns_of(&player.id).await {
                Ok(rooms) => self.reply(ServerMessage::Turns { id, rooms }),
                Err((code, why)) => self.fail(id, code, why),
            },
            ClientMessage::MyVacation { id } => match notify.vacation(&player.id).await {
                Ok(vacation) => self.reply(ServerMessage::Vacation { id, vacation }),
                Err((code, why)) => self.fail(id, code, why),
            },
            ClientMessage::TakeVacation { id, days, message } => {
                let done = notify.take_vacation(&player.id, days, message.as_deref()).await;
                self.vacation_changed(&player, id, done).await;
            }
            ClientMessage::EndVacation { id } => {
                let done = notify.end_vacation(&player.id).await;
                self.vacation_changed(&player, id, done).await;
            }
            other => self.fail(
                other.id().clone(),
                codes::BAD_MESSAGE,
                "not a notification request",
            ),
        }
    }

    /// Answers a vacation's change and tells the guest's rooms at once:
    /// on this node, and on the others through their notices.
    async fn vacation_changed(
        &mut self,
        player: &Player,
        id: lodestone_protocol::RequestId,
        done: Result<lodestone_protocol::VacationState, crate::notify::Refusal>,
    ) {
        match done {
            Ok(vacation) => {
                for room in self.app.lobby.rooms_of(&player.id) {
                    if let Some(handle) = self.app.lobby.get(&room) {
                        handle.vacation_changed().await;
                    }
                }
                // The other nodes' rooms of the guest, at once too.
                if let Some(node) = &self.app.node {
                    let _ = node.leases.notify(&format!("vacation {}", player.id)).await;
                }
                self.reply(ServerMessage::Vacation { id, vacation });
            }
            Err((code, why)) => self.fail(id, code, why),
        }
    }

    /// Who a webhook belongs to: the room (`room:ID`), when `player` owns
    /// it; else the account (`guest:ID`), when `player` is one.
    async fn webhook_owner(
        &self,
        player: &Player,
        room: Option<&str>,
    ) -> Result<String, crate::notify::Refusal> {
        let storage = |e: crate::store::StoreError| {
            tracing::error!(error = %e, "webhook owner lookup failed");
            (
                codes::STORAGE,
                "the server could not look that up; try again".to_string(),
            )
        };
        match room {
            Some(room) => {
                if room.len() > MAX_ROOM_ID_BYTES {
                    return Err((codes::UNKNOWN_ROOM, "there is no room with so long an id".into()));
                }
                let rows = self.app.store.room_events(room).await.map_err(storage)?;
                if rows.is_empty() {
                    return Err((codes::UNKNOWN_ROOM, format!("there is no room {room:?}")));
                }
                if crate::room::owner_of(&rows).as_deref() != Some(player.id.as_str()) {
                    return Err((codes::NOT_OWNER, "only the room's owner sets its webhooks".into()));
                }
                Ok(format!("room:{room}"))
            }
            None => {
                if !self.app.store.is_account(&player.id).await.map_err(storage)? {
                    return Err((
                        codes::ACCOUNT_REQUIRED,
                        "a webhook for all your games needs an account: register first, or set one for a room you own"
                            .into(),
                    ));
                }
                Ok(format!("guest:{}", player.id))
            }
        }
    }
}
