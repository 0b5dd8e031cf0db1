//! The moderators' and admins' messages (`admin_*`, docs/moderation.md),
//! answered only for those roles: the role is read from the store at
//! every message, and anyone else is refused with `not-allowed` before
//! anything is looked up or changed. Every change is stored with its
//! audit entry. The reads and the dispatch are here; the changes a
//! moderator or an admin makes are in `staff.rs`.

use lodestone_protocol::{ClientMessage, LiveRoom, RequestId, Role, ServerMessage, codes};
use tokio::sync::mpsc;

use super::session::{MAX_ROOM_ID_BYTES, Session};
use super::staff::Refused;
use crate::moderation::{self, audit_row, require, views};
use crate::room::{Outbox, Player, RoomRequest, Unsent};

impl Session {
    /// An `admin_*` message of `player`.
    pub(super) async fn admin(&mut self, player: Player, message: ClientMessage) {
        let id = message.id().clone();
        let needed = match message {
            ClientMessage::AdminSetRole { .. }
            | ClientMessage::AdminAudit { .. }
            | ClientMessage::AdminExport { .. }
            | ClientMessage::AdminDelete { .. } => Role::Admin,
            _ => Role::Moderator,
        };
        let role = match moderation::role(&self.app.store, &player.id).await {
            Ok(role) => role,
            Err(_) => {
                return self.fail(
                    id,
                    codes::STORAGE,
                    "the server could not check your role; try again",
                );
            }
        };
        if let Err((code, sentence)) = require(role, needed) {
            return self.fail(id, code, sentence);
        }
        let me = player.id.as_str();
        let now = self.app.clock.now_ms();
        let result: Result<(), Refused> = match message {
            ClientMessage::AdminOverview { id } => {
                let rooms = self
                    .app
                    .lobby
                    .live()
                    .into_iter()
                    .map(|(room, status, public, seated)| LiveRoom {
                        room,
                        status,
                        public,
                        seated,
                    })
                    .collect();
                let online = self.moderated_online();
                return self.reply(ServerMessage::AdminOverview { id, rooms, online });
            }
            ClientMessage::AdminReports { id, all } => {
                let store = &self.app.store;
                let read = async { views::reports(store, &store.reports(all).await?).await }.await;
                return self.answer(id, read, "reports", |id, reports| ServerMessage::AdminReports {
                    id,
                    reports,
                });
            }
            ClientMessage::AdminSanctions { id } => {
                let store = &self.app.store;
                let read =
                    async { views::sanctions(store, &store.sanctions_in_force(now as i64).await?).await };
                let answer = |id, sanctions| ServerMessage::AdminSanctions { id, sanctions };
                return self.answer(id, read.await, "sanctions", answer);
            }
            ClientMessage::AdminAudit { id, all } => {
                let store = &self.app.store;
                let limit = (!all).then_some(200);
                let read = async { views::audit(store, &store.audit_log(limit).await?).await }.await;
                return self.answer(id, read, "audit log", |id, entries| ServerMessage::AdminAudit {
                    id,
                    entries,
                });
            }
            ClientMessage::AdminPlayer { id, player } => {
                let target = match views::find_player(&self.app.store, &player).await {
                    Ok(Some(target)) => target,
                    Ok(None) => {
                        return self.fail(
                            id,
                            codes::UNKNOWN_PLAYER,
                            format!("there is no player {player:?}"),
                        );
                    }
                    Err(_) => {
                        return self.fail(
                            id,
                            codes::STORAGE,
                            "the server could not read the player; try again",
                        );
                    }
                };
                return match views::player_file(&self.app.store, &target).await {
                    Ok(Some(file)) => self.reply(ServerMessage::AdminPlayer {
                        id,
                        player: Box::new(file),
                    }),
                    Ok(None) => self.fail(
                        id,
                        codes::UNKNOWN_PLAYER,
                        format!("there is no player {player:?}"),
                    ),
                    Err(_) => self.fail(
                        id,
                        codes::STORAGE,
                        "the server could not read the player; try again",
                    ),
                };
            }
            ClientMessage::AdminExport { id, player } => {
                return match self.target(&player, role).await {
                    Ok(target) => self.export(id, &target, Some(me)).await,
                    Err((code, sentence)) => self.fail(id, code, sentence),
                };
            }
            ClientMessage::AdminDelete { id, player } => {
                return match self.target(&player, role).await {
                    Ok(target) if target == me => self.fail(
                        id,
                        codes::BAD_MESSAGE,
                        "delete your own account with delete_account",
                    ),
                    Ok(target) => self.delete(id, &target, Some(me)).await,
                    Err((code, sentence)) => self.fail(id, code, sentence),
                };
            }
            ClientMessage::AdminCloseRoom { id, room, reason } => {
                return self.close_room(player, id, room, &reason).await;
            }
            ClientMessage::AdminTakeReport { report, .. } => self.take_report(me, &report, now).await,
            ClientMessage::AdminResolveReport {
                report,
                outcome,
                note,
                ..
            } => self.resolve(me, &report, outcome, &note, now).await,
            ClientMessage::AdminTimeout {
                player: who,
                room,
                minutes,
                reason,
                ..
            } => self.timeout(me, role, &who, room, minutes, &reason, now).await,
            ClientMessage::AdminBan {
                player: who,
                address,
                minutes,
                reason,
                ..
            } => self.ban(me, role, who, address, minutes, &reason, now).await,
            ClientMessage::AdminLift { sanction, .. } => self.lift(me, &sanction, now).await,
            ClientMessage::AdminRename {
                player: who, name, ..
            } => self.rename_player(me, role, &who, &name, now).await,
            ClientMessage::AdminSetRole {
                player: who,
                role: new,
                ..
            } => self.set_role(me, &who, new, now).await,
            other => Err((
                codes::BAD_MESSAGE,
                format!("{:?} is not a moderation message", other.id()),
            )),
        };
        match result {
            Ok(()) => self.ack(id),
            Err((code, sentence)) => self.fail(id, code, sentence),
        }
    }

    /// Answers `id` with what `read` found, made a message by `answer`;
    /// or, when the store failed, says the server could not read `what`.
    fn answer<T, E>(
        &self,
        id: RequestId,
        read: Result<T, E>,
        what: &str,
        answer: impl FnOnce(RequestId, T) -> ServerMessage,
    ) {
        match read {
            Ok(found) => self.reply(answer(id, found)),
            Err(_) => self.fail(
                id,
                codes::STORAGE,
                format!("the server could not read the {what}; try again"),
            ),
        }
    }

    fn moderated_online(&self) -> Vec<lodestone_protocol::OnlinePlayer> {
        self.app.moderation.online.players()
    }

    /// Closes `room` for good: the room's own request, answered through a
    /// queue of this function's, so that the close is audited once the
    /// room has stored it; then the answer goes to the moderator.
    async fn close_room(&mut self, player: Player, id: RequestId, room: String, reason: &str) {
        let reason = match moderation::check_reason(reason, true) {
            Ok(reason) => reason,
            Err((code, sentence)) => return self.fail(id, code, sentence),
        };
        if room.len() > MAX_ROOM_ID_BYTES {
            return self.fail(id, codes::UNKNOWN_ROOM, "there is no room with so long an id");
        }
        let Some(handle) = self.located(&id, &room).await else {
            return;
        };
        let (tx, mut rx) = mpsc::channel(4);
        let outbox = Outbox {
            conn: self.app.next_conn(),
            tx,
            close: tokio_util::sync::CancellationToken::new(),
        };
        let unsent = Unsent {
            player: player.clone(),
            outbox,
            id: id.clone(),
            request: RoomRequest::CloseByModerator,
        };
        if handle.request_or_return(unsent).await.is_err() {
            return self.fail(
                id,
                codes::UNKNOWN_ROOM,
                format!("room {room:?} is not available; try again"),
            );
        }
        let Some(answer) = rx.recv().await else {
            return self.fail(
                id,
                codes::UNKNOWN_ROOM,
                format!("room {room:?} is not available; try again"),
            );
        };
        let closed = serde_json::from_str::<ServerMessage>(answer.as_str())
            .is_ok_and(|m| matches!(m, ServerMessage::Ack { .. }));
        if closed {
            let now = self.app.clock.now_ms();
            let audit = audit_row(now, Some(&player.id), "close_room", None, Some(&room), reason);
            if let Err(e) = self.app.store.audit(&audit).await {
                tracing::error!(room = %room, error = %e, "could not store the audit entry of a closed room");
            }
        }
        self.outbox.send(answer);
    }
}
