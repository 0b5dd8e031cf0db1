//! A player's own moderation messages (docs/moderation.md): block and
//! unblock, settings (zen, muted spectators), reports with their context,
//! and a player's data exported or deleted (also on an admin's behalf,
//! from `ws/admin.rs`).

use lodestone_protocol::{ClientMessage, RequestId, ServerMessage, codes};

use super::moderation::Refused;
use super::session::{MAX_ROOM_ID_BYTES, Session};
use crate::moderation::{self, context, privacy, views};
use crate::room::Player;
use crate::store::{Preferences, ReportRow};

/// Reports a person may have waiting at once.
const OPEN_REPORTS: usize = 10;

impl Session {
    /// A moderation message of an identified guest.
    pub(super) async fn moderation(&mut self, player: Player, message: ClientMessage) {
        let id = message.id().clone();
        let result = match message {
            ClientMessage::Block { player: other, .. } => self.set_block(&player, &other, true).await,
            ClientMessage::Unblock { player: other, .. } => self.set_block(&player, &other, false).await,
            ClientMessage::Preferences { id } => return self.preferences(&player, id).await,
            ClientMessage::SetPreferences {
                zen, mute_spectators, ..
            } => self.set_preferences(&player, zen, mute_spectators).await,
            ClientMessage::Report {
                player: other,
                room,
                line,
                reason,
                ..
            } => self.report(&player, &other, room, line, &reason).await,
            ClientMessage::ExportMyData { id } => return self.export(id, &player.id, None).await,
            ClientMessage::DeleteAccount { password, .. } => {
                let ok = match self.app.store.password_hash_of(&player.id).await {
                    Ok(Some(hash)) => match password {
                        Some(p) => crate::accounts::verify_password(p.0, hash).await,
                        None => false,
                    },
                    Ok(None) => true,
                    Err(_) => {
                        return self.fail(id, codes::STORAGE, "the server could not check this; try again");
                    }
                };
                if !ok {
                    return self.fail(id, codes::BAD_LOGIN, "give your account's password to delete it");
                }
                return self.delete(id, &player.id, None).await;
            }
            other => return self.admin(player, other).await,
        };
        match result {
            Ok(()) => self.ack(id),
            Err((code, sentence)) => self.fail(id, code, sentence),
        }
    }

    pub(super) fn ack(&self, id: RequestId) {
        self.reply(ServerMessage::Ack {
            id,
            room: None,
            seat: None,
            invite: None,
            version: None,
        });
    }

    /// The guest a message names, which must exist and not be `me`.
    pub(super) async fn other_player(&self, me: &str, text: &str) -> Result<String, Refused> {
        let found = views::find_player(&self.app.store, text).await.map_err(|_| {
            (
                codes::STORAGE,
                "the server could not look the player up; try again".to_string(),
            )
        })?;
        match found {
            Some(id) if id == me => Err((codes::BAD_MESSAGE, "that is you".into())),
            Some(id) => Ok(id),
            None => Err((codes::UNKNOWN_PLAYER, format!("there is no player {text:?}"))),
        }
    }

    async fn set_block(&mut self, player: &Player, other: &str, on: bool) -> Result<(), Refused> {
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
        if on {
            self.moderated.blocked.insert(other);
        } else {
            self.moderated.blocked.remove(&other);
        }
        Ok(())
    }

    async fn preferences(&mut self, player: &Player, id: RequestId) {
        let store = &self.app.store;
        let read = async {
            let prefs = store.preferences(&player.id).await?;
            let blocked = store.blocked_by(&player.id).await?;
            let ids: Vec<&str> = blocked.iter().map(String::as_str).collect();
            let names = views::names(store, &ids).await?;
            let role = moderation::role(store, &player.id).await?;
            Ok::<_, crate::store::StoreError>((
                prefs,
                blocked.iter().filter_map(|b| names.get(b).cloned()).collect(),
                role,
            ))
        };
        match read.await {
            Ok((prefs, blocked, role)) => self.reply(ServerMessage::Preferences {
                id,
                zen: prefs.zen,
                mute_spectators: prefs.mute_spectators,
                blocked,
                role,
            }),
            Err(_) => self.fail(
                id,
                codes::STORAGE,
                "the server could not read your settings; try again",
            ),
        }
    }

    async fn set_preferences(
        &mut self,
        player: &Player,
        zen: Option<bool>,
        mute: Option<bool>,
    ) -> Result<(), Refused> {
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
        self.moderated.zen = new.zen;
        Ok(())
    }

    async fn report(
        &mut self,
        player: &Player,
        other: &str,
        room: Option<String>,
        line: Option<u64>,
        reason: &str,
    ) -> Result<(), Refused> {
        let reason = moderation::check_reason(reason, true)?;
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
            return Err((
                codes::RATE_LIMITED,
                format!("you have {OPEN_REPORTS} reports waiting for a moderator: wait until they are read"),
            ));
        }
        let context = match &room {
            Some(room) if room.len() <= MAX_ROOM_ID_BYTES => {
                let rows = self.app.store.room_events(room).await.map_err(storage)?;
                if rows.is_empty() {
                    return Err((codes::UNKNOWN_ROOM, format!("there is no room {room:?}")));
                }
                let events = rows
                    .iter()
                    .map(crate::room::from_row)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| (codes::UNKNOWN_ROOM, format!("room {room:?} cannot be read")))?;
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
            Some(_) => return Err((codes::UNKNOWN_ROOM, "there is no room with so long an id".into())),
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
        self.app.store.add_report(&row).await.map_err(storage)
    }

    /// `player_data` of guest `target` to request `id`; `by` a moderator
    /// (audited) or the player itself.
    pub(super) async fn export(&mut self, id: RequestId, target: &str, by: Option<&str>) {
        let data = match privacy::export(&self.app.store, target).await {
            Ok(Some(data)) => data,
            Ok(None) => return self.fail(id, codes::UNKNOWN_PLAYER, "there is no such player"),
            Err(_) => {
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not read the data; try again",
                );
            }
        };
        if let Some(by) = by {
            let now = self.app.clock.now_ms();
            let audit =
                moderation::audit_row(now, Some(by), "export", Some(target), None, "the player's data");
            if self.app.store.audit(&audit).await.is_err() {
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not store the audit entry; try again",
                );
            }
        }
        self.reply(ServerMessage::PlayerData {
            id,
            player: target.to_string(),
            data,
        });
    }

    /// Deletes guest `target` (by a moderator `by`, or itself), unless it
    /// is seated in a game not over; its connections then end.
    pub(super) async fn delete(&mut self, id: RequestId, target: &str, by: Option<&str>) {
        if !crate::cluster::rooms_of(&self.app, target).await.is_empty() {
            return self.fail(
                id,
                codes::IN_GAME,
                "the player holds a seat in a game that is not over: finish, resign or leave it first",
            );
        }
        let now = self.app.clock.now_ms();
        let actor = by.unwrap_or(target);
        let audit = moderation::audit_row(
            now,
            Some(actor),
            "delete",
            Some(target),
            None,
            "the account and its data",
        );
        if privacy::delete(&self.app.store, target, audit).await.is_err() {
            return self.fail(
                id,
                codes::STORAGE,
                "the server could not delete the data; try again",
            );
        }
        tracing::info!(guest = %target, "a player's data was deleted");
        self.ack(id);
        let bye = ServerMessage::Bye {
            reason: "this account was deleted".into(),
            reconnect: false,
        };
        self.moderated.moderation.online.end(target, &bye);
    }
}
