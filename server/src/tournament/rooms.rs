//! The rooms of a tournament: each game is an ordinary room (the same log,
//! views, replays and records), made through the rooms' own entry points
//! (`RoomCore::create`, `join`, `start`), stored under its lease like a
//! room a player creates, and started at once with its players seated; a
//! game's result read back from its log; and no-shows, which lose.

use std::collections::HashSet;
use std::sync::Arc;

use lodestone_protocol::{RequestId, SeatRef};
use tokio_util::sync::CancellationToken;

use super::event::Pairing;
use super::pairing::arena::BERSERK_MIN_MOVES;
use super::pairing::{Halves, placing_points};
use super::spec::game_options;
use super::state::Tournament;
use crate::app::App;
use crate::room::{self, Outbox, Player, RoomCore, RoomRequest};
use crate::rooms::{self, Located};
use crate::secrets::OsSecrets;
use crate::store::{EventRow, StoreError};

/// Makes the room of `pairing` (unless it exists already: a director that
/// stopped between storing the pairing and making its rooms makes the
/// missing ones when it starts again), started, its players seated, and
/// sets its bots playing.
pub async fn open(app: &Arc<App>, t: &Tournament, pairing: &Pairing, now: u64) -> Result<(), StoreError> {
    if !app.store.room_events(&pairing.room).await?.is_empty() {
        return Ok(());
    }
    let options = game_options(&t.spec, &pairing.options);
    let organizer = Player::person(t.organizer.clone(), t.organizer_name.clone());
    let made = RoomCore::create(
        pairing.room.clone(),
        &t.spec.game,
        &options,
        t.spec.public,
        &organizer,
        now,
        Box::new(OsSecrets),
    );
    let (mut core, mut events) = made.map_err(|r| StoreError::Rejected(r.message))?;
    let invite = core.invite().map(str::to_string);
    let players: Vec<Player> = pairing.players.iter().map(|g| t.player(g)).collect();
    for (seat, p) in players.iter().enumerate() {
        // Seated without a connection: the room counts the player as
        // away from the start, so a player who never comes is absent
        // after the grace period (a no-show).
        let conn = app.next_conn();
        let (_, seated) = core
            .join(conn, p, Some(&SeatRef::Index(seat as u8)), invite.as_deref(), now)
            .map_err(|r| StoreError::Rejected(r.message))?;
        core.unwatch(conn);
        events.extend(seated);
    }
    let first = players
        .first()
        .ok_or_else(|| StoreError::Rejected("a game without players".into()))?;
    events.extend(
        core.start(first, now)
            .map_err(|r| StoreError::Rejected(r.message))?,
    );
    // The players hear of their game as of any room's start (a
    // `game-started` push, then the first mover's `your-turn`): the
    // director stored the start, so it hands the room its notice first.
    let notice = room::notice(&core, &events);
    let handle = crate::rooms::open(app, core, &events, |_| {}).await?;
    if let Some(notice) = notice.filter(|_| app.rooms.notices.is_some()) {
        handle.noticed(notice).await;
    }
    Ok(())
}

/// The seat of a row (`seat-absent`, `action`), if it names one.
fn seat_of(row: &EventRow) -> Option<u8> {
    let data: serde_json::Value = serde_json::from_str(&row.data).ok()?;
    data.get("seat")?.as_u64().and_then(|s| u8::try_from(s).ok())
}

/// The seats that were absent (the room's grace period passed) before
/// they made any move: no-shows.
pub fn no_shows(rows: &[EventRow]) -> Vec<u8> {
    let mut moved = HashSet::new();
    let mut absent = Vec::new();
    for row in rows {
        match row.kind.as_str() {
            "action" => {
                moved.extend(seat_of(row));
            }
            "seat-absent" => {
                if let Some(seat) = seat_of(row).filter(|s| !moved.contains(s) && !absent.contains(s)) {
                    absent.push(seat);
                }
            }
            _ => {}
        }
    }
    absent.sort_unstable();
    absent
}

/// The seats that went berserk, and of those the ones that made fewer
/// than `BERSERK_MIN_MOVES` moves of their own (no berserk point).
pub fn berserk(rows: &[EventRow]) -> (Vec<u8>, Vec<u8>) {
    let mut seats: Vec<u8> = rows
        .iter()
        .filter(|row| row.kind == "berserk")
        .filter_map(seat_of)
        .collect();
    seats.sort_unstable();
    seats.dedup();
    let moves = |seat: u8| {
        rows.iter()
            .filter(|row| row.kind == "action" && seat_of(row) == Some(seat))
            .count()
    };
    let short = seats
        .iter()
        .copied()
        .filter(|&s| moves(s) < BERSERK_MIN_MOVES)
        .collect();
    (seats, short)
}

/// How a game's log ends, if it has: each seat's points (placing points
/// of its side; nothing for a no-show, nor for anyone in a game that ended
/// without a result) and its no-shows. `None` while it is being played.
pub fn result(room_id: &str, rows: &[EventRow], players: &[String]) -> Option<(Vec<Halves>, Vec<u8>)> {
    let core = rows
        .iter()
        .map(room::from_row)
        .collect::<Result<Vec<_>, _>>()
        .and_then(|events| RoomCore::restore(room_id, &events, Box::new(OsSecrets)))
        .ok()?;
    let no_shows = no_shows(rows);
    if core.is_gone() {
        return Some((vec![0; players.len()], no_shows));
    }
    let finished = core.finished()?;
    let ranks: Vec<usize> = finished.sides.iter().map(|s| s.rank).collect();
    let side_points = placing_points(&ranks);
    // A no-show scores nothing, even when everyone at the table was one
    // (the room's own result then names the last to be resigned).
    let points = players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            if no_shows.contains(&(seat as u8)) {
                return 0;
            }
            finished
                .sides
                .iter()
                .position(|s| s.guests.contains(p))
                .map_or(0, |i| side_points[i])
        })
        .collect();
    Some((points, no_shows))
}

/// Resigns `player`'s seat in room `room_id` (a no-show): through the
/// room's ordinary request, so the room alone ends the game.
pub async fn resign(app: &Arc<App>, room_id: &str, player: Player) {
    let handle = match rooms::locate(app, room_id).await {
        Ok(Located::Here(handle)) => handle,
        _ => return,
    };
    let (tx, mut rx) = room::queue::channel(64);
    let outbox = Outbox::new(app.next_conn(), tx, CancellationToken::new());
    let id = RequestId::Text("no-show".into());
    if handle
        .request(player, outbox, id, RoomRequest::Resign { at: None })
        .await
        .is_ok()
    {
        // The answer (ack or error) is not needed; wait for it so the
        // room has judged before the next look.
        let _ = tokio::time::timeout(std::time::Duration::from_secs(5), rx.recv()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i64, kind: &str, seat: u8) -> EventRow {
        EventRow {
            room_id: "r".into(),
            seq,
            kind: kind.into(),
            at: seq,
            data: serde_json::json!({ "seat": seat }).to_string(),
        }
    }

    /// A berserk counts once its seat made `BERSERK_MIN_MOVES` moves of
    /// its own; the other seat's moves do not count for it.
    #[test]
    fn a_berserk_counts_after_seven_moves_of_ones_own() {
        let mut rows = vec![row(1, "berserk", 1), row(2, "berserk", 0)];
        for k in 0..BERSERK_MIN_MOVES {
            rows.push(row(3 + 2 * k as i64, "action", 0));
            if k + 1 < BERSERK_MIN_MOVES {
                rows.push(row(4 + 2 * k as i64, "action", 1));
            }
        }
        assert_eq!(berserk(&rows), (vec![0, 1], vec![1]));
        rows.push(row(100, "action", 1));
        assert_eq!(berserk(&rows), (vec![0, 1], vec![]));
        assert_eq!(berserk(&rows[2..]), (vec![], vec![]));
    }
}
