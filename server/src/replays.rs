//! Replays folded from a room's stored log, off the runtime's threads:
//! for a connection's `replay` message ([`request`]) and for the HTTP
//! API's plies and images (`embed.rs`). The room's task is never asked,
//! so a replay never holds up a game; at most four are folded at once in
//! a process (the others wait their turn), so a crowd of them cannot take
//! every blocking thread.

use lodestone_protocol::{Detail, RequestId, ServerMessage, codes};

use crate::app::App;
use crate::room::Replay;
use crate::served::{Refused, refusal};

/// How many replays are folded at once in this process.
static REPLAYS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(4);

/// Room ids are UUIDs; a longer one names no room and is not looked up.
pub const MAX_ROOM_ID_BYTES: usize = 64;

/// Ply `ply` of room `room` as guest `guest` may see it (a spectator for
/// a guest without a seat there, or `""`; a private room's spectator
/// needs its `invite`), or why not.
pub async fn fold(
    app: &App,
    room: &str,
    guest: &str,
    invite: Option<&str>,
    ply: u32,
) -> Result<Replay, Refused> {
    if room.len() > MAX_ROOM_ID_BYTES {
        return Err(Refused::new(
            codes::UNKNOWN_ROOM,
            "there is no room with so long an id",
        ));
    }
    let rows = app.store.room_events(room).await.map_err(|e| {
        tracing::error!(error = %e, "room lookup failed");
        Refused::new(codes::STORAGE, "the server could not load the room; try again")
    })?;
    if rows.is_empty() {
        return Err(crate::served::unknown_room(room));
    }
    let Ok(_slot) = REPLAYS.acquire().await else {
        return Err(Refused::new(codes::UNKNOWN_ROOM, "replays are not served now"));
    };
    let (key, guest, invite) = (room.to_string(), guest.to_string(), invite.map(str::to_string));
    let folded = tokio::task::spawn_blocking(move || {
        let events = rows
            .iter()
            .map(crate::room::from_row)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| {
                tracing::error!(room = %key, error = %e, "stored room does not replay");
                crate::served::room_unreadable(&key)
            })?;
        crate::room::replay(&key, &events, &guest, invite.as_deref(), ply)
    })
    .await;
    folded.unwrap_or_else(|e| {
        tracing::error!(room = %room, error = %e, "a replay failed");
        let room = room.to_string();
        Err(Refused::detailed(
            codes::UNKNOWN_ROOM,
            Detail::ReplayUnavailable { room },
        ))
    })
}

/// The answer to `replay` request `id` of guest `guest`: ply `ply` of
/// `room` ([`fold`]), or the refusal.
pub async fn request(
    app: &App,
    id: RequestId,
    guest: &str,
    room: String,
    ply: u32,
    invite: Option<&str>,
) -> ServerMessage {
    match fold(app, &room, guest, invite, ply).await {
        Ok(replay) => ServerMessage::Replay {
            id,
            room,
            ply: replay.ply,
            plies: replay.plies,
            version: replay.version,
            revealed: replay.revealed,
            state: Box::new(replay.state),
            chat: replay.chat,
        },
        Err(refused) => refusal(id, refused),
    }
}
