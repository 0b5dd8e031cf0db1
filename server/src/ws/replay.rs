//! A connection's `replay` requests: a ply folded from the room's stored
//! log off the runtime's threads (`replays.rs`).

use lodestone_protocol::{RequestId, ServerMessage};

use super::session::Session;
use crate::room::Player;

impl Session {
    /// `replay`: ply `ply` of `room` as this guest may see it, folded from
    /// the room's stored log on a blocking thread (`replays.rs`,
    /// `room/replay.rs`); the room's task is not asked.
    pub(super) async fn replay(
        &mut self,
        player: Player,
        id: RequestId,
        room: String,
        ply: u32,
        invite: Option<String>,
    ) {
        match crate::replays::fold(&self.app, &room, &player.id, invite.as_deref(), ply).await {
            Ok(replay) => self.reply(ServerMessage::Replay {
                id,
                room,
                ply: replay.ply,
                plies: replay.plies,
                version: replay.version,
                revealed: replay.revealed,
                state: Box::new(replay.state),
                chat: replay.chat,
            }),
            Err((code, message)) => self.fail(id, code, message),
        }
    }
}
