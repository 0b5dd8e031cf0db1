//! A connection's notification requests (docs/notifications.md): push
//! subscriptions, webhooks, the page's visibility, the games waiting for
//! the guest's move and its vacation. `session/` hands them here with what the
//! connection is ([`Asker`]) and writes the answer.

use std::collections::HashSet;
use std::sync::Arc;

use lodestone_protocol::{ClientMessage, RequestId, ServerMessage, VacationState, codes};

use super::service::Refusal;
use crate::app::App;
use crate::room::Player;
use crate::served::{ack, refusal};

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

/// The connection a request comes from.
pub struct Asker<'a> {
    pub player: &'a Player,
    pub conn: u64,
    /// The rooms it watches.
    pub watching: &'a HashSet<String>,
    /// The language of its sentences, for its pushes.
    pub lang: &'a str,
}

impl Asker<'_> {
    /// Notes which rooms the connection watches, for the pushes it makes
    /// unnecessary.
    pub fn note_watching(&self, app: &App) {
        app.notify
            .looking
            .watching(self.conn, &self.player.id, self.watching);
    }
}

/// The answer to notification request `message` of `asker`.
pub async fn request(app: &Arc<App>, asker: Asker<'_>, message: ClientMessage) -> ServerMessage {
    let notify = app.notify.clone();
    let player = asker.player;
    let answer = |id, done: Result<ServerMessage, Refusal>| done.unwrap_or_else(|e| refusal(id, e));
    match message {
        ClientMessage::PushSubscribe {
            id,
            endpoint,
            keys,
            events,
        } => {
            let done = notify
                .subscribe(&player.id, &endpoint, &keys, events.as_deref(), asker.lang)
                .await;
            answer(id.clone(), done.map(|()| ack(id)))
        }
        ClientMessage::PushUnsubscribe { id, endpoint } => {
            let done = notify.unsubscribe(&player.id, &endpoint).await;
            answer(id.clone(), done.map(|()| ack(id)))
        }
        ClientMessage::Visibility { id, visible } => {
            notify.looking.visible(asker.conn, &player.id, visible);
            asker.note_watching(app);
            ack(id)
        }
        ClientMessage::SetWebhook {
            id,
            room,
            url,
            format,
            events,
        } => {
            let owner = match webhook_owner(app, player, room.as_deref()).await {
                Ok(owner) => owner,
                Err(e) => return refusal(id, e),
            };
            let done = notify.set_webhook(&owner, &url, format, events.as_deref()).await;
            answer(
                id.clone(),
                done.map(|secret| ServerMessage::Webhook { id, url, secret }),
            )
        }
        ClientMessage::DeleteWebhook { id, room, url } => {
            let owner = match webhook_owner(app, player, room.as_deref()).await {
                Ok(owner) => owner,
                Err(e) => return refusal(id, e),
            };
            let done = notify.delete_webhook(&owner, &url).await;
            answer(id.clone(), done.map(|()| ack(id)))
        }
        ClientMessage::MyTurns { id } => {
            let done = notify.turns_of(&player.id).await;
            answer(id.clone(), done.map(|rooms| ServerMessage::Turns { id, rooms }))
        }
        ClientMessage::MyVacation { id } => {
            let done = notify.vacation(&player.id).await;
            answer(
                id.clone(),
                done.map(|vacation| ServerMessage::Vacation { id, vacation }),
            )
        }
        ClientMessage::TakeVacation { id, days, message } => {
            let done = notify.take_vacation(&player.id, days, message.as_deref()).await;
            vacation_changed(app, player, id, done).await
        }
        ClientMessage::EndVacation { id } => {
            let done = notify.end_vacation(&player.id).await;
            vacation_changed(app, player, id, done).await
        }
        other => refusal(
            other.id().clone(),
            (codes::BAD_MESSAGE, "not a notification request".into()),
        ),
    }
}

/// Answers a vacation's change and tells the guest's rooms at once: on
/// this node, and on the others through their notices.
async fn vacation_changed(
    app: &App,
    player: &Player,
    id: RequestId,
    done: Result<VacationState, Refusal>,
) -> ServerMessage {
    match done {
        Ok(vacation) => {
            for room in app.lobby.rooms_of(&player.id) {
                if let Some(handle) = app.lobby.get(&room) {
                    handle.vacation_changed().await;
                }
            }
            // The other nodes' rooms of the guest, at once too.
            if let Some(node) = &app.node {
                let _ = node.leases.notify(&format!("vacation {}", player.id)).await;
            }
            ServerMessage::Vacation { id, vacation }
        }
        Err(e) => refusal(id, e),
    }
}

/// Who a webhook belongs to: the room (`room:ID`), when `player` owns it;
/// else the account (`guest:ID`), when `player` is one.
async fn webhook_owner(app: &App, player: &Player, room: Option<&str>) -> Result<String, Refusal> {
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
                return Err(Refusal::new(
                    codes::UNKNOWN_ROOM,
                    "there is no room with so long an id",
                ));
            }
            let rows = app.store.room_events(room).await.map_err(storage)?;
            if rows.is_empty() {
                return Err(crate::served::unknown_room(room));
            }
            if crate::room::owner_of(&rows).as_deref() != Some(player.id.as_str()) {
                return Err(Refusal::new(
                    codes::NOT_OWNER,
                    "only the room's owner sets its webhooks",
                ));
            }
            Ok(format!("room:{room}"))
        }
        None => {
            if !app.store.is_account(&player.id).await.map_err(storage)? {
                return Err(Refusal::new(
                    codes::ACCOUNT_REQUIRED,
                    "a webhook for all your games needs an account: register first, or set one for a room you own",
                ));
            }
            Ok(format!("guest:{}", player.id))
        }
    }
}
