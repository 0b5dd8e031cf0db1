//! A connection's requests to a room, and the rooms it watches: the
//! limits checked before the room is asked (chat lines a minute, rooms
//! watched, the id's length), the request sent through `rooms.rs`, and
//! the rooms it watches kept for `notify/` (pushes it makes unnecessary)
//! and for the end of the connection.

use lodestone_protocol::{Detail, RequestId, ServerMessage, codes};

use super::state::Session;
use crate::metrics::Refusal;
use crate::room::{Player, RoomRequest, Unsent};
use crate::rooms;

/// Room ids are UUIDs; a longer one names no room and is not looked up.
const MAX_ROOM_ID_BYTES: usize = 64;

impl Session {
    /// Notes which rooms this connection watches, for the pushes it makes
    /// unnecessary.
    fn note_watching(&self, guest: &str) {
        (self.app.notify.looking).watching(self.outbox.conn, guest, &self.watching);
    }

    /// Request `id` of `player` to room `room`.
    pub(super) async fn in_room(
        &mut self,
        player: Player,
        id: RequestId,
        room: String,
        request: RoomRequest,
    ) {
        // Checked before the room is asked: a person's lines per minute,
        // in all rooms.
        if matches!(request, RoomRequest::Chat { .. }) && !self.app.admission.chat(&player.id) {
            self.app.metrics.refused(Refusal::ChatRate);
            let count = self.app.config.limits.chat_rate.into();
            let refused =
                crate::served::Refused::detailed(codes::CHAT_RATE_LIMITED, Detail::ChatRate { count });
            return self.reply(refused.into_error(Some(id)));
        }
        let watches = matches!(request, RoomRequest::Join { .. } | RoomRequest::Watch { .. });
        let limit = self.app.config.limits.watch_per_connection;
        if watches && limit > 0 && self.watching.len() >= limit && !self.watching.contains(&room) {
            self.app.metrics.refused(Refusal::WatchLimit);
            let count = limit as u64;
            let refused =
                crate::served::Refused::detailed(codes::TOO_MANY_WATCHED, Detail::TooManyWatched { count });
            return self.reply(refused.into_error(Some(id)));
        }
        if room.len() > MAX_ROOM_ID_BYTES {
            return self.fail(id, codes::UNKNOWN_ROOM, "there is no room with so long an id");
        }
        // A finished room leaves memory at once, watched or not: a
        // connection that watched it unwatches it without loading it again.
        if matches!(request, RoomRequest::Unwatch)
            && self.watching.contains(&room)
            && self.app.lobby.get(&room).is_none()
        {
            self.watching.remove(&room);
            self.note_watching(&player.id);
            return self.reply(ServerMessage::Ack {
                id,
                room: Some(room),
                seat: None,
                invite: None,
                version: None,
            });
        }
        // A room evicted between the look-up and the send is loaded again.
        let guest = player.id.clone();
        let unsent = Unsent {
            player,
            outbox: self.outbox.clone(),
            id,
            request,
        };
        let unwatches = matches!(unsent.request, RoomRequest::Unwatch);
        if let Err((id, why)) = rooms::request(&self.app, &room, unsent).await {
            return self.reply(why.reply(id, &room));
        }
        // Only a room that exists is remembered.
        if watches {
            self.watching.insert(room);
        } else if unwatches {
            self.watching.remove(&room);
        }
        if watches || unwatches {
            self.note_watching(&guest);
        }
    }

    /// The connection is another guest now (`login`): it watches its
    /// rooms no more.
    pub(super) async fn unwatch_all(&mut self) {
        for room in std::mem::take(&mut self.watching) {
            if let Some(handle) = self.app.lobby.get(&room) {
                handle.disconnect(self.outbox.conn).await;
            }
        }
    }

    /// The connection ends: it is no longer looking at its rooms, nor
    /// watching them.
    pub async fn close(mut self) {
        self.app.notify.looking.forget(self.outbox.conn);
        self.unwatch_all().await;
    }
}
