//! Abandoned rated games (docs/moderation.md): when a rated game ends, its
//! stored events tell who left it (a seat marked absent while its clock
//! ran, that had not come back when the game ended) and who aborted it.
//! Each such game is an offense of its player (stored once per game);
//! offenses in the last [`WINDOW_MS`] count as strikes (each game left is
//! one, every [`ABORTS_PER_STRIKE`] aborts another), and from the second
//! strike on a player is banned from rated play for a time that grows
//! with the strikes ([`BANS_MS`], the last one repeating) and expires.
//!
//! The results worker (`ratings.rs`) calls [`after_game`] for every rated game
//! that ends, before its result is recorded: a server that stops in
//! between finds the game due again at start, and an offense is stored
//! once whatever happens.

use std::collections::BTreeMap;

use lodestone_rules::Seat;

use crate::room::{Recorded, RoomEvent};
use crate::store::{OffenseRow, SanctionRow, Store, StoreError};

/// Offenses older than this (30 days) no longer count.
pub const WINDOW_MS: i64 = 30 * 24 * 3600 * 1000;

/// Aborted games that make one strike.
pub const ABORTS_PER_STRIKE: usize = 3;

/// The bans from rated play of the second, third and later strikes: ten
/// minutes, an hour, a day (capped there).
pub const BANS_MS: [i64; 3] = [10 * 60 * 1000, 3600 * 1000, 24 * 3600 * 1000];

/// What a player did to a rated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Left {
    pub guest: String,
    /// `left` or `aborted`.
    pub kind: &'static str,
}

/// Who left or aborted the rated game of these events (a room's whole
/// log): nobody in a game that is not rated.
pub fn offenses_in(events: &[Recorded]) -> Vec<Left> {
    let mut rated = false;
    let mut timed = false;
    let mut playing = false;
    let mut seats: BTreeMap<Seat, String> = BTreeMap::new();
    let mut away: BTreeMap<Seat, bool> = BTreeMap::new();
    let mut out = Vec::new();
    for recorded in events {
        match &recorded.event {
            RoomEvent::Created(creation) => {
                rated = creation.rated;
                timed = !creation.clock.is_none();
            }
            RoomEvent::SeatTaken { seat, player } if !player.bot => {
                seats.insert(*seat, player.id.clone());
            }
            RoomEvent::SeatTaken { seat, .. } | RoomEvent::SeatFreed { seat } => {
                seats.remove(seat);
            }
            RoomEvent::Started => playing = true,
            RoomEvent::Absent { seat } if playing => {
                away.insert(*seat, true);
            }
            RoomEvent::Returned { seat } => {
                away.insert(*seat, false);
            }
            RoomEvent::Aborted { seat } => {
                if let Some(guest) = seats.get(seat) {
                    out.push(Left {
                        guest: guest.clone(),
                        kind: "aborted",
                    });
                }
                playing = false;
            }
            RoomEvent::Finished { .. } | RoomEvent::Abandoned | RoomEvent::Closed if playing => {
                if timed {
                    for (seat, gone) in &away {
                        if let (true, Some(guest)) = (*gone, seats.get(seat)) {
                            out.push(Left {
                                guest: guest.clone(),
                                kind: "left",
                            });
                        }
                    }
                }
                playing = false;
            }
            _ => {}
        }
    }
    if rated { out } else { Vec::new() }
}

/// Strikes from offenses (kinds `left` and `aborted`).
pub fn strikes(offenses: &[OffenseRow]) -> usize {
    let left = offenses.iter().filter(|o| o.kind == "left").count();
    let aborted = offenses.iter().filter(|o| o.kind == "aborted").count();
    left + aborted / ABORTS_PER_STRIKE
}

/// The ban from rated play that `strikes` strikes bring, in milliseconds:
/// none for the first.
pub fn ban_for(strikes: usize) -> Option<i64> {
    match strikes {
        0 | 1 => None,
        n => Some(BANS_MS[(n - 2).min(BANS_MS.len() - 1)]),
    }
}

/// After room `room_id`'s game ended at `at`: stores the offenses of its
/// players and bans from rated play those whose strikes grew to one that
/// brings a ban. Failures are logged (the game stays due and is looked at
/// again).
pub async fn after_game(store: &Store, room_id: &str, at: u64) {
    if let Err(e) = judge(store, room_id, at as i64).await {
        tracing::error!(room = %room_id, error = %e, "could not look for abandoned games");
    }
}

async fn judge(store: &Store, room_id: &str, at: i64) -> Result<(), StoreError> {
    let rows = store.room_events(room_id).await?;
    let Ok(events) = rows
        .iter()
        .map(crate::room::from_row)
        .collect::<Result<Vec<_>, _>>()
    else {
        return Ok(());
    };
    for left in offenses_in(&events) {
        let before = strikes(&store.offenses_of(&left.guest, at - WINDOW_MS).await?);
        let row = OffenseRow {
            guest_id: left.guest.clone(),
            room_id: room_id.to_string(),
            kind: left.kind.to_string(),
            at,
        };
        if !store.add_offense(&row).await? {
            continue;
        }
        let after = strikes(&store.offenses_of(&left.guest, at - WINDOW_MS).await?);
        let Some(ms) = ban_for(after).filter(|_| after > before) else {
            continue;
        };
        tracing::info!(guest = %left.guest, room = %room_id, strikes = after, "banned from rated play for abandoning games");
        let ban = SanctionRow {
            id: uuid::Uuid::new_v4().to_string(),
            kind: "rated_ban".into(),
            guest_id: Some(left.guest.clone()),
            address: None,
            room_id: None,
            reason: format!("{after} rated games left or aborted in 30 days (the last: room {room_id})"),
            by_id: None,
            at,
            until: Some(at + ms),
            lifted_at: None,
        };
        store.add_sanction(&ban, None).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offense(kind: &str) -> OffenseRow {
        OffenseRow {
            guest_id: "g".into(),
            room_id: "r".into(),
            kind: kind.into(),
            at: 0,
        }
    }

    #[test]
    fn bans_grow_with_strikes_and_are_capped() {
        assert_eq!(ban_for(0), None);
        assert_eq!(ban_for(1), None);
        assert_eq!(ban_for(2), Some(10 * 60 * 1000));
        assert_eq!(ban_for(3), Some(3600 * 1000));
        assert_eq!(ban_for(4), Some(24 * 3600 * 1000));
        assert_eq!(ban_for(40), Some(24 * 3600 * 1000));
        assert_eq!(
            strikes(&[offense("left"), offense("aborted"), offense("aborted")]),
            1
        );
        assert_eq!(
            strikes(&[offense("aborted"), offense("aborted"), offense("aborted")]),
            1
        );
    }
}
