//! A player's own moderation messages (docs/moderation.md): block and
//! unblock, settings (zen, muted spectators), reports with their context,
//! and a player's data exported or deleted (also on an admin's behalf,
//! from `console.rs`, where the staff's messages go).

use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{ClientMessage, Detail, RequestId, ServerMessage, codes, error};

use super::audit::check_reason;
use super::data::{delete, export};
use super::roles::role;
use super::{console, context, views};
use crate::app::App;
use crate::room::Player;
use crate::served::{Change, Refused, Served};
use crate::store::{Preferences, ReportRow};

/// Reports a person may have waiting at once.
const OPEN_REPORTS: usize = 10;

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

/// Who asks: the connection's player, from its address.
pub struct Asker<'a> {
    pub app: &'a Arc<App>,
    pub player: &'a Player,
    pub client: IpAddr,
}

/// The answer to moderation message `message` of `asker`: its own, or a
/// moderator's or admin's (`console.rs`).
pub async fn request(asker: Asker<'_>, message: ClientMessage) -> Served {
    let (app, player) = (asker.app, asker.player);
    let id = message.id().clone();
    let result = match message {
        ClientMessage::Block { player: other, .. } => asker.set_block(&other, true).await,
        ClientMessage::Unblock { player: other, .. } => asker.set_block(&other, false).await,
        ClientMessage::Preferences { id } => return asker.preferences(id).await.into(),
        ClientMessage::SetPreferences {
            zen, mute_spectators, ..
        } => asker.set_preferences(zen, mute_spectators).await,
        ClientMessage::Report {
            player: other,
            room,
            line,
            reason,
            ..
        } => asker.report(&other, room, line, &reason).await,
        ClientMessage::ExportMyData { id } => return export(app, id, &player.id, None).await,
        ClientMessage::DeleteAccount { password, .. } => {
            let ok = match app.store.password_hash_of(&player.id).await {
                Ok(Some(hash)) => match password {
                    Some(p) => crate::accounts::verify_password(p.0, hash).await,
                    None => false,
                },
                Ok(None) => true,
                Err(_) => {
                    let failed = (
                        codes::STORAGE,
                        "the server could not check this; try again".into(),
                    );
                    return Served::refused(id, failed);
                }
            };
            if !ok {
                let refused = (
                    codes::BAD_LOGIN,
                    "give your account's password to delete it".into(),
                );
                return Served::refused(id, refused);
            }
            return delete(app, id, &player.id, None).await;
        }
        other => return console::request(app, player, asker.client, other).await,
    };
    match result {
        Ok(change) => Served::message(crate::served::ack(id)).with(change),
        Err(refused) => Served::refused(id, refused),
    }
}

impl Asker<'_> {
    /// The guest a message names, which must exist and not be `me`.
    async fn other_player(&self, me: &str, text: &str) -> Result<String, Refused> {
        let found = views::find_player(&self.app.store, text).await.map_err(|_| {
            (
                codes::STORAGE,
                "the server could not look the player up; try again".to_string(),
            )
        })?;
        match found {
            Some(id) if id == me => Err(Refused::new(codes::BAD_MESSAGE, "that is you")),
            Some(id) => Ok(id),
            None => Err(crate::served::unknown_player(text)),
        }
    }

    async fn set_block(&self, other: &str, on: bool) -> Result<Change, Refused> {
        let player = self.player;
        let other = self.other_player(&player.id, other).await?;
        let now = self.app.clock.now_ms() as i64;
        let stored = if on {
            self.app.store.block(&player.id, &other, now).await
        } else {
            self.app.store.unblock(&player.id, &other).await
        };
        stored.map_err(|_| {
            (
                codes::STORAGE,
                "the server could not store this; try again".to_string(),
            )
        })?;
        Ok(Change::Blocked { player: other, on })
    }

    async fn preferences(&self, id: RequestId) -> ServerMessage {
        let (store, player) = (&self.app.store, self.player);
        let read = async {
            let prefs = store.preferences(&player.id).await?;
            let blocked = store.blocked_by(&player.id).await?;
            let ids: Vec<&str> = blocked.iter().map(String::as_str).collect();
            let names = views::names(store, &ids).await?;
            let role = role(store, &player.id).await?;
            Ok::<_, crate::store::StoreError>((
                prefs,
                blocked.iter().filter_map(|b| names.get(b).cloned()).collect(),
                role,
            ))
        };
        match read.await {
            Ok((prefs, blocked, role)) => ServerMessage::Preferences {
                id,
                zen: prefs.zen,
                mute_spectators: prefs.mute_spectators,
                blocked,
                role,
            },
            Err(_) => error(
                Some(id),
                codes::STORAGE,
                "the server could not read your settings; try again",
            ),
        }
    }

    async fn set_preferences(&self, zen: Option<bool>, mute: Option<bool>) -> Result<Change, Refused> {
        let player = self.player;
        let storage = |_| {
            (
                codes::STORAGE,
                "the server could not store this; try again".to_string(),
            )
        };
        let old = self.app.store.preferences(&player.id).await.map_err(storage)?;
        let new = Preferences {
            zen: zen.unwrap_or(old.zen),
            mute_spectators: mute.unwrap_or(old.mute_spectators),
        };
        self.app
            .store
            .set_preferences(&player.id, new)
            .await
            .map_err(storage)?;
        Ok(Change::Zen(new.zen))
    }

    async fn report(
        &self,
        other: &str,
        room: Option<String>,
        line: Option<u64>,
        reason: &str,
    ) -> Result<Change, Refused> {
        let player = self.player;
        let reason = check_reason(reason, true)?;
        let other = self.other_player(&player.id, other).await?;
        let storage = |_| {
            (
                codes::STORAGE,
                "the server could not store the report; try again".to_string(),
            )
        };
        let mine = self
            .app
            .store
            .reports_of(&player.id, false)
            .await
            .map_err(storage)?;
        if mine.iter().filter(|r| r.status == "open").count() >= OPEN_REPORTS {
            let count = OPEN_REPORTS as u64;
            return Err(Refused::detailed(
                codes::RATE_LIMITED,
                Detail::OpenReports { count },
            ));
        }
        let context = match &room {
            Some(room) if room.len() <= MAX_ROOM_ID_BYTES => {
                let rows = self.app.store.room_events(room).await.map_err(storage)?;
                if rows.is_empty() {
                    return Err(crate::served::unknown_room(room));
                }
                let events = rows
                    .iter()
                    .map(crate::room::from_row)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| crate::served::room_unreadable(room))?;
                let context = tokio::task::spawn_blocking({
                    let (room, me) = (room.clone(), player.id.clone());
                    move || context::context(&room, &events, &me, None, line)
                })
                .await
                .map_err(|_| {
                    (
                        codes::STORAGE,
                        "the report's context could not be read".to_string(),
                    )
                })??;
                Some(serde_json::to_string(&context).unwrap_or_default())
            }
            Some(_) => {
                return Err(Refused::new(
                    codes::UNKNOWN_ROOM,
                    "there is no room with so long an id",
                ));
            }
            None => None,
        };
        let now = self.app.clock.now_ms() as i64;
        let row = ReportRow {
            id: uuid::Uuid::new_v4().to_string(),
            at: now,
            reporter_id: player.id.clone(),
            target_id: other,
            room_id: room,
            reason,
            context,
            status: "open".into(),
            moderator_id: None,
            note: None,
            updated_at: now,
        };
        self.app.store.add_report(&row).await.map_err(storage)?;
        Ok(Change::Nothing)
    }
}
