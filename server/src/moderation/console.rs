//! The moderators' and admins' messages (`admin_*`, docs/moderation.md),
//! answered only for those roles: the role is read from the store at
//! every message, and anyone else is refused with `not-allowed` before
//! anything is looked up or changed. Every change is stored with its
//! audit entry. The reads and the dispatch are here; the changes a
//! moderator or an admin makes are in `staff.rs`.

use std::net::IpAddr;
use std::sync::Arc;

use lodestone_protocol::{ClientMessage, Detail, LiveRoom, RequestId, Role, ServerMessage, Stored, codes};

use super::audit::{audit_row, check_reason};
use super::data::{delete, export};
use super::roles::{require, role};
use super::staff::Staff;
use super::views;
use crate::app::App;
use crate::room::{Outbox, Player, RoomRequest, Unsent, queue};
use crate::served::{Refused, Reply, Served};

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

/// The answer to `admin_*` message `message` of `player`, connected from
/// `client`.
pub(super) async fn request(
    app: &Arc<App>,
    player: &Player,
    client: IpAddr,
    message: ClientMessage,
) -> Served {
    let id = message.id().clone();
    let needed = match message {
        ClientMessage::AdminSetRole { .. }
        | ClientMessage::AdminAudit { .. }
        | ClientMessage::AdminExport { .. }
        | ClientMessage::AdminDelete { .. } => Role::Admin,
        _ => Role::Moderator,
    };
    let role = match role(&app.store, &player.id).await {
        Ok(role) => role,
        Err(_) => {
            return Served::refused(
                id,
                (
                    codes::STORAGE,
                    "the server could not check your role; try again".into(),
                ),
            );
        }
    };
    if let Err((code, sentence)) = require(role, needed) {
        return Served::refused(id, (code, sentence));
    }
    let me = player.id.as_str();
    let now = app.clock.now_ms();
    let staff = Staff { app, me, client };
    let result: Result<(), Refused> = match message {
        ClientMessage::AdminOverview { id } => {
            let rooms = app
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
            let online = app.moderation.online.players();
            return ServerMessage::AdminOverview { id, rooms, online }.into();
        }
        ClientMessage::AdminReports { id, all } => {
            let store = &app.store;
            let read = async { views::reports(store, &store.reports(all).await?).await }.await;
            return answer(id, read, Stored::Reports, |id, reports| {
                ServerMessage::AdminReports { id, reports }
            });
        }
        ClientMessage::AdminSanctions { id } => {
            let store = &app.store;
            let read = async { views::sanctions(store, &store.sanctions_in_force(now as i64).await?).await };
            let message = |id, sanctions| ServerMessage::AdminSanctions { id, sanctions };
            return answer(id, read.await, Stored::Sanctions, message);
        }
        ClientMessage::AdminAudit { id, all } => {
            let store = &app.store;
            let limit = (!all).then_some(200);
            let read = async { views::audit(store, &store.audit_log(limit).await?).await }.await;
            return answer(id, read, Stored::AuditLog, |id, entries| {
                ServerMessage::AdminAudit { id, entries }
            });
        }
        ClientMessage::AdminPlayer { id, player } => {
            let target = match views::find_player(&app.store, &player).await {
                Ok(Some(target)) => target,
                Ok(None) => {
                    return Served::refused(id, crate::served::unknown_player(&player));
                }
                Err(_) => {
                    return Served::refused(
                        id,
                        (
                            codes::STORAGE,
                            "the server could not read the player; try again".into(),
                        ),
                    );
                }
            };
            return match views::player_file(&app.store, &target).await {
                Ok(Some(file)) => ServerMessage::AdminPlayer {
                    id,
                    player: Box::new(file),
                }
                .into(),
                Ok(None) => Served::refused(id, crate::served::unknown_player(&player)),
                Err(_) => Served::refused(
                    id,
                    (
                        codes::STORAGE,
                        "the server could not read the player; try again".into(),
                    ),
                ),
            };
        }
        ClientMessage::AdminExport { id, player } => {
            return match staff.target(&player, role).await {
                Ok(target) => export(app, id, &target, Some(me)).await,
                Err(refused) => Served::refused(id, refused),
            };
        }
        ClientMessage::AdminDelete { id, player } => {
            return match staff.target(&player, role).await {
                Ok(target) if target == me => Served::refused(
                    id,
                    (
                        codes::BAD_MESSAGE,
                        "delete your own account with delete_account".into(),
                    ),
                ),
                Ok(target) => delete(app, id, &target, Some(me)).await,
                Err(refused) => Served::refused(id, refused),
            };
        }
        ClientMessage::AdminCloseRoom { id, room, reason } => {
            return close_room(app, player, id, room, &reason).await;
        }
        ClientMessage::AdminTakeReport { report, .. } => staff.take_report(me, &report, now).await,
        ClientMessage::AdminResolveReport {
            report,
            outcome,
            note,
            ..
        } => staff.resolve(me, &report, outcome, &note, now).await,
        ClientMessage::AdminTimeout {
            player: who,
            room,
            minutes,
            reason,
            ..
        } => staff.timeout(me, role, &who, room, minutes, &reason, now).await,
        ClientMessage::AdminBan {
            player: who,
            address,
            minutes,
            reason,
            ..
        } => staff.ban(me, role, who, address, minutes, &reason, now).await,
        ClientMessage::AdminLift { sanction, .. } => staff.lift(me, &sanction, now).await,
        ClientMessage::AdminRename {
            player: who, name, ..
        } => staff.rename_player(me, role, &who, &name, now).await,
        ClientMessage::AdminSetRole {
            player: who,
            role: new,
            ..
        } => staff.set_role(me, &who, new, now).await,
        other => {
            let id = other.id().clone();
            Err(Refused::detailed(
                codes::BAD_MESSAGE,
                Detail::NotModeration { id },
            ))
        }
    };
    Served::done(id, result)
}

/// Answers `id` with what `read` found, made a message by `answer`;
/// or, when the store failed, says the server could not read `what`.
fn answer<T, E>(
    id: RequestId,
    read: Result<T, E>,
    what: Stored,
    answer: impl FnOnce(RequestId, T) -> ServerMessage,
) -> Served {
    match read {
        Ok(found) => answer(id, found).into(),
        Err(_) => Served::refused(id, Refused::detailed(codes::STORAGE, Detail::Unread { what })),
    }
}

/// Closes `room` for good: the room's own request, answered through a
/// queue of this function's, so that the close is audited once the
/// room has stored it; then the answer goes to the moderator.
async fn close_room(app: &Arc<App>, player: &Player, id: RequestId, room: String, reason: &str) -> Served {
    let reason = match check_reason(reason, true) {
        Ok(reason) => reason,
        Err(refused) => return Served::refused(id, refused),
    };
    if room.len() > MAX_ROOM_ID_BYTES {
        return Served::refused(
            id,
            (codes::UNKNOWN_ROOM, "there is no room with so long an id".into()),
        );
    }
    let handle = match crate::rooms::here(app, &id, &room).await {
        Ok(handle) => handle,
        Err(answer) => return answer.into(),
    };
    let (tx, mut rx) = queue::channel(4);
    let outbox = Outbox::new(app.next_conn(), tx, tokio_util::sync::CancellationToken::new());
    let unsent = Unsent {
        player: player.clone(),
        outbox,
        id: id.clone(),
        request: RoomRequest::CloseByModerator,
    };
    if handle.request_or_return(unsent).await.is_err() {
        return Served::refused(id, gone(&room));
    }
    let Some(answer) = rx.recv().await else {
        return Served::refused(id, gone(&room));
    };
    let closed = serde_json::from_str::<ServerMessage>(answer.as_str())
        .is_ok_and(|m| matches!(m, ServerMessage::Ack { .. }));
    if closed {
        let now = app.clock.now_ms();
        let audit = audit_row(now, Some(&player.id), "close_room", None, Some(&room), reason);
        if let Err(e) = app.store.audit(&audit).await {
            tracing::error!(room = %room, error = %e, "could not store the audit entry of a closed room");
        }
    }
    Served {
        reply: Reply::Text(answer),
        change: Default::default(),
    }
}

/// The refusal of a room that went away while it was asked.
fn gone(room: &str) -> Refused {
    crate::served::room_unavailable(room)
}
