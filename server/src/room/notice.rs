//! What the notifications need to know of a room after a change was
//! stored (`notify/` turns it into pushes, webhooks and alarms): who sits
//! where, who is to act now and until when, who acted, and what of note
//! happened. Built from the core's state and the committed events; it
//! names people, the game and the room, never a hidden value.

use lodestone_protocol::RoomStatus;
use lodestone_rules::GameKind;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::timing::TimeControl;

/// The result line of a game that ended without one (aborted, closed,
/// abandoned); a notification puts it in its own language.
pub const NO_RESULT: &str = "the game ended without a result";

/// A room after a stored change, for the notifications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomNotice {
    pub room: String,
    pub game: GameKind,
    /// The last stored event's seq and wall time (unix ms).
    pub seq: u64,
    pub at: u64,
    /// The seated players: guest id, name, and whether it is a bot.
    pub players: Vec<(String, String, bool)>,
    /// The people to act now (bots left out), each with the wall time
    /// (unix ms) its clock for this turn runs out, if it has a clock.
    pub to_act: Vec<(String, Option<ClockTurn>)>,
    /// The guests whose seats acted in these events.
    pub actors: Vec<String>,
    /// What of note happened, in order.
    pub happened: Vec<Happened>,
}

/// A turn on a clock: when it began and when it runs out (unix ms), the
/// running time it had left then, and when 80% of that is used (unix ms;
/// only running time counts, so never during a weekend pause).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockTurn {
    pub from: u64,
    pub until: u64,
    pub left_ms: u64,
    pub alarm_at: u64,
}

/// An event of note, with its seq.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happened {
    /// The game started.
    Started { seq: u64 },
    /// The guest offered a draw.
    DrawOffered { seq: u64, by: String },
    /// The guests proposed a rematch (the first acceptance).
    RematchProposed { seq: u64, by: Vec<String> },
    /// The game ended (or was aborted or abandoned), with its result line.
    Ended { seq: u64, result: String },
}

/// The notice of `events` (just stored) in `core` (after them), or `None`
/// when nothing in them matters to a notification.
pub fn notice(core: &RoomCore, events: &[Recorded]) -> Option<RoomNotice> {
    let last = events.last()?;
    let guest_at = |seat: lodestone_rules::Seat| {
        core.seating()
            .seats()
            .get(seat.0 as usize)
            .and_then(|p| p.as_ref())
            .map(|p| p.id.clone())
    };
    let mut happened = Vec::new();
    let mut actors = Vec::new();
    let mut turns = false;
    for recorded in events {
        let seq = recorded.seq;
        match &recorded.event {
            RoomEvent::Started => {
                turns = true;
                happened.push(Happened::Started { seq });
            }
            RoomEvent::Action { seat, .. } => {
                turns = true;
                actors.extend(guest_at(*seat));
            }
            RoomEvent::Resigned { seat, .. } | RoomEvent::DrawAnswered { seat, .. } => {
                turns = true;
                actors.extend(guest_at(*seat));
            }
            // A berserk seat's clock was halved: its turn's end and 80%
            // alarm move with it.
            RoomEvent::OutOfTime { .. } | RoomEvent::Berserk { .. } => turns = true,
            RoomEvent::DrawOffered { seat, .. } => {
                turns = true;
                if let Some(by) = guest_at(*seat) {
                    actors.push(by.clone());
                    happened.push(Happened::DrawOffered { seq, by });
                }
            }
            RoomEvent::RematchAccepted { seats } if core.social().accepted().len() == seats.len() => {
                let by = seats.iter().filter_map(|s| guest_at(*s)).collect();
                happened.push(Happened::RematchProposed { seq, by });
            }
            RoomEvent::Finished { result } => {
                turns = true;
                happened.push(Happened::Ended {
                    seq,
                    result: result.clone(),
                });
            }
            RoomEvent::Aborted { .. } | RoomEvent::Abandoned => {
                turns = true;
                happened.push(Happened::Ended {
                    seq,
                    result: NO_RESULT.into(),
                });
            }
            _ => {}
        }
    }
    if !turns && happened.is_empty() {
        return None;
    }
    actors.dedup();
    Some(build(core, (last.seq, last.at), actors, happened))
}

/// The notice of a room whose clocks moved without a stored event (a
/// player's vacation became known at `now`): the turns as they stand, so
/// that their alarms move with the clocks. None unless a correspondence
/// game is being played.
pub fn clocks_moved(core: &RoomCore, now: u64) -> Option<RoomNotice> {
    if !core.minds_vacations() || core.status() != RoomStatus::Playing {
        return None;
    }
    Some(build(core, (core.version(), now), Vec::new(), Vec::new()))
}

/// The notice of `core` as of the event `seq` at `at` (unix ms).
fn build(core: &RoomCore, (seq, at): (u64, u64), actors: Vec<String>, happened: Vec<Happened>) -> RoomNotice {
    let playing = core.status() == RoomStatus::Playing && !core.is_gone();
    let to_act = if playing {
        let clocks = core.started_at().map(|started| {
            let game_now = at.saturating_sub(started);
            (started, core.table().clocks().at(game_now))
        });
        core.game()
            .to_act()
            .iter()
            .filter_map(|seat| {
                let player = core.seating().seats().get(seat.0 as usize)?.as_ref()?;
                if player.bot {
                    return None;
                }
                let turn = match (&clocks, core.table().clocks().control()) {
                    (_, TimeControl::None) | (None, _) => None,
                    (Some((started, left)), _) => left.get(seat.0 as usize).map(|(ms, _)| {
                        let game_now = at.saturating_sub(*started);
                        let clocks = core.table().clocks();
                        let i = seat.0 as usize;
                        let out = clocks.runs_out_at(i, game_now);
                        // 80% of the time the clock had when it started: now
                        // for a new turn; for a turn going on, the same
                        // alarm as then, moved by a vacation learnt since.
                        let (since, had) = clocks.running_since(i).unwrap_or((game_now, *ms));
                        ClockTurn {
                            from: at,
                            until: out.map_or(at + ms, |out| started + out),
                            left_ms: *ms,
                            alarm_at: started + clocks.after_running(i, since, had * 4 / 5),
                        }
                    }),
                };
                Some((player.id.clone(), turn))
            })
            .collect()
    } else {
        Vec::new()
    };
    RoomNotice {
        room: core.id().to_string(),
        game: core.kind(),
        seq,
        at,
        players: core
            .seating()
            .seats()
            .iter()
            .flatten()
            .map(|p| (p.id.clone(), p.name.clone(), p.bot))
            .collect(),
        to_act,
        actors,
        happened,
    }
}

/// The guest who owns the room whose stored log is `rows` (none if
/// nobody does, or the log does not read).
pub fn owner_of(rows: &[crate::store::EventRow]) -> Option<String> {
    let mut owner = None;
    for row in rows {
        match super::stored::from_row(row).ok()?.event {
            RoomEvent::Created(super::event::Creation { owner: o, .. })
            | RoomEvent::OwnerChanged { owner: o } => {
                owner = o.map(|o| o.guest);
            }
            _ => {}
        }
    }
    owner
}
