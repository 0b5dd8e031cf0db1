//! Replays: the room as one viewer saw it at a ply, folded from the room's
//! stored events. Ply `n` is the room once `n` actions are in its log
//! (setups, secret magnets, votes and timeouts are actions too, so ply `n`
//! is the `n`-th entry of the move list; 0 is the start), with every event
//! up to the next action (the end of the game, a resignation, a draw
//! offer). While the game runs a viewer gets exactly what a live update
//! showed it then (the fold renders with the same code, `room/view.rs`);
//! once the game is over, every viewer gets the view that hides nothing.
//! Pure: the connection task loads the events and runs this off the
//! runtime's threads; the room's own task is never asked.

use lodestone_protocol::{ChatLine, RoomState, RoomStatus, codes};

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;
use crate::secrets::OsSecrets;

/// One ply of a room, as one viewer may see it.
#[derive(Debug)]
pub struct Replay {
    pub ply: u32,
    /// How many actions the log holds now.
    pub plies: u32,
    /// The room's version at that ply: the `seq` of its last event.
    pub version: u64,
    /// The game is over: the state hides nothing.
    pub revealed: bool,
    pub state: RoomState,
    /// The chat lines the viewer could read then.
    pub chat: Vec<ChatLine>,
}

/// Ply `ply` of room `id` (its stored `events`, in order) as `guest` may
/// see it: as its seat if it holds one now, otherwise as a spectator (a
/// private room's spectator needs its `invite`).
pub fn replay(
    id: &str,
    events: &[Recorded],
    guest: &str,
    invite: Option<&str>,
    ply: u32,
) -> Result<Replay, Refusal> {
    let unreadable = |e: String| {
        tracing::error!(room = id, error = %e, "stored room does not replay");
        crate::served::room_unreadable(id)
    };
    let whole = RoomCore::restore(id, events, Box::new(OsSecrets)).map_err(unreadable)?;
    // Gone rooms (expired, closed, aborted, abandoned) are unknown here as
    // they are to `watch`; a private room needs its invite.
    whole.check_invite(guest, invite)?;
    if whole.status() == RoomStatus::Open {
        return Err(Refusal::new(
            codes::NOT_STARTED,
            "the game has not started: there is nothing to replay yet",
        ));
    }
    let viewer = whole.seat_of(guest);
    // A spectator kept behind (`room/spectators.rs`) sees only the plies
    // the delay allows while the game runs.
    let shown = match viewer {
        None => whole.spectator_plies(),
        Some(_) => whole.log_len(),
    };
    let plies = u32::try_from(shown).unwrap_or(u32::MAX);
    if ply > plies {
        let why = if shown < whole.log_len() {
            format!("ply {ply} is not shown to spectators yet: they see plies 0 to {plies}")
        } else {
            format!("ply {ply} is past the end: this game has plies 0 to {plies}")
        };
        return Err(Refusal::new(codes::BAD_PLY, why));
    }
    let revealed = whole.status() == RoomStatus::Finished;
    // Everything before the action after `ply`.
    let cut = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.event, RoomEvent::Action { .. }))
        .nth(ply as usize)
        .map_or(events.len(), |(i, _)| i);
    let last = &events[cut - 1];
    let chat = whole.chat_for(viewer, last.seq);
    let at_ply = if cut == events.len() {
        whole
    } else {
        RoomCore::restore(id, &events[..cut], Box::new(OsSecrets)).map_err(unreadable)?
    };
    Ok(Replay {
        ply,
        plies,
        version: last.seq,
        revealed,
        state: at_ply.replay_state(viewer, revealed, last.at),
        chat,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use lodestone_rules::Seat;

    use super::super::seating::Player;
    use super::*;
    use crate::secrets::SeededSecrets;

    /// A Magnet room with dealt setups, started by `a` (red) and `b`
    /// (blue), and every event it stored.
    fn dealt() -> (RoomCore, Vec<Recorded>) {
        let options = BTreeMap::from([("setup".to_string(), "random".to_string())]);
        let owner = Player::person("a", "A");
        let (mut room, mut events) = RoomCore::create(
            "r".into(),
            "magnet",
            &options,
            true,
            &owner,
            0,
            Box::new(SeededSecrets::new(3)),
        )
        .unwrap();
        let b = Player::person("b", "B");
        events.extend(room.join(1, &owner, None, None, 0).unwrap().1);
        events.extend(room.join(2, &b, None, None, 0).unwrap().1);
        events.extend(room.start(&owner, 10).unwrap());
        (room, events)
    }

    #[test]
    fn plies_count_dealt_setups_and_each_seat_sees_its_own() {
        let (room, events) = dealt();
        let started = events.iter().find(|e| e.event == RoomEvent::Started).unwrap().seq;
        let start = replay("r", &events, "a", None, 0).unwrap();
        assert_eq!((start.ply, start.plies, start.version), (0, 2, started));
        assert!(!start.revealed);
        assert!(start.state.play.as_ref().unwrap().moves.is_empty());
        // Ply 1 is red's dealt setup: red sees it, blue and a stranger do
        // not.
        let red = replay("r", &events, "a", None, 1).unwrap();
        assert_eq!(red.version, started + 1);
        assert!(red.state.play.unwrap().moves[0].action.is_some());
        for other in ["b", "stranger"] {
            let seen = replay("r", &events, other, None, 1).unwrap();
            assert_eq!(seen.state.play.unwrap().moves[0].action, None);
        }
        // The last ply is the room now, without offers.
        let last = replay("r", &events, "b", None, 2).unwrap();
        assert_eq!(last.version, room.version());
        let live = room.state_for(Some(Seat(1)), 10).play.unwrap();
        let play = last.state.play.unwrap();
        assert_eq!(
            (&play.board, &play.moves, &play.last),
            (&live.board, &live.moves, &live.last)
        );
        assert!(play.legal.is_empty() && play.clock.is_none());
        let past = replay("r", &events, "a", None, 3).unwrap_err();
        assert_eq!(past.code, codes::BAD_PLY);
    }

    #[test]
    fn an_open_room_has_nothing_to_replay() {
        let (_, events) = dealt();
        let created = &events[..1];
        let refused = replay("r", created, "a", None, 0).unwrap_err();
        assert_eq!(refused.code, codes::NOT_STARTED);
    }
}
