//! A connection's `replay` requests: a ply folded from the room's stored
//! log off the runtime's threads.

use lodestone_protocol::{RequestId, ServerMessage, codes};

use super::{MAX_ROOM_ID_BYTES, REPLAYS, Session};
use crate::room::Player;

impl Session {
    /// `replay`: ply `ply` of `room` as this guest may see it, folded from
    /// the room's stored log on a blocking thread (`room/replay.rs`); the
    /// room's task is not asked, so a replay never holds up a game.
    pub(super) async fn replay(
        &mut self,
        player: Player,
        id: RequestId,
        room: String,
        ply: u32,
        invite: Option<String>,
    ) {
        if room.len() > MAX_ROOM_ID_BYTES {
            return self.fail(id, codes::UNKNOWN_ROOM, "there is no room with so long an id");
        }
        let Some(rows) = self.stored(
            &id,
            self.app.store.room_events(&room).await,
            "room lookup failed",
            "the server could not load the room; try again",
        ) else {
            return;
        };
        if rows.is_empty() {
            return self.fail(id, codes::UNKNOWN_ROOM, format!("there is no room {room:?}"));
        }
        let key = room.clone();
        let Ok(_slot) = REPLAYS.acquire().await else {
            return self.fail(id, codes::UNKNOWN_ROOM, "replays are not served now");
        };
        let folded = tokio::task::spawn_blocking(move || {
            let events = rows
                .iter()
                .map(crate::room::from_row)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| {
                    tracing::error!(room = %key, error = %e, "stored room does not replay");
                    (codes::UNKNOWN_ROOM, format!("room {key:?} cannot be read"))
                })?;
            crate::room::replay(&key, &events, &player.id, invite.as_deref(), ply)
                .map_err(|r| (r.code, r.message))
        })
        .await;
        match folded {
            Ok(Ok(replay)) => self.reply(ServerMessage::Replay {
                id,
                room,
                ply: replay.ply,
                plies: replay.plies,
                version: replay.version,
                revealed: replay.revealed,
                state: Box::new(replay.state),
                chat: replay.chat,
            }),
            Ok(Err((code, message))) => self.fail(id, code, message),
            Err(e) => {
                tracing::error!(room = %room, error = %e, "a replay failed");
                self.fail(
                    id,
                    codes::UNKNOWN_ROOM,
                    format!("room {room:?} cannot be replayed now; try again"),
                )
            }
        }
    }
}
