//! Room events to and from the rows of the event log: each event is a
//! `kind` and a JSON object of its details. The room core knows only
//! [`RoomEvent`]; the store knows only rows; this file is the one place
//! that knows both (and which events change a room's summary).
//!
//! The JSON of each kind may gain fields (old rows read with defaults) but
//! never change the meaning of one; a kind this server does not know makes
//! the room unreadable rather than silently different.

use lodestone_protocol::{ChatTo, RoomStatus};
use lodestone_rules::{GameKind, Millis, Seat};
use serde::{Deserialize, Serialize};

use super::event::{
    AbsentPolicy, ChatSaid, Creation, Player, Recorded, RoomEvent, SpectatorPolicy, Spectators,
};
use super::rows::{
    ActionData, ChatData, ChatSetData, CreatedData, Empty, FinishedData, OwnerData, OwnerRow, RematchData,
    SeatData, TableData,
};
use super::timing::TimeControl;
use crate::store::{EventRow, Op, RoomRow, Store, StoreError, StoredStatus};

fn json<T: Serialize>(data: &T) -> String {
    serde_json::to_string(data).expect("event data serialises")
}

fn table(seat: Seat, at: Millis, accept: Option<bool>) -> String {
    json(&TableData {
        seat: seat.0,
        at_ms: at.0,
        accept,
    })
}

/// The row of one event of room `room`.
pub fn to_row(room: &str, recorded: &Recorded) -> EventRow {
    let (kind, data) = match &recorded.event {
        RoomEvent::Created(c) => (
            "created",
            json(&CreatedData {
                game: c.game.name().to_string(),
                options: c.options.iter().cloned().collect(),
                public: c.public,
                invite: c.invite.clone(),
                seed: c.seed.clone(),
                owner: OwnerRow::of(&c.owner),
                clock: (!c.clock.is_none()).then(|| c.clock.to_string()),
                weekend_pause: c.weekend_pause,
                berserk: c.berserk,
                absent: (c.absent != AbsentPolicy::Wait).then(|| c.absent.to_string()),
                rated: c.rated,
                rated_bots: c.rated_bots,
                spectators: (c.spectators.policy != SpectatorPolicy::Public)
                    .then(|| c.spectators.policy.to_string()),
                spectator_delay: c.spectators.delay,
            }),
        ),
        RoomEvent::SeatTaken { seat, player } => (
            "seat-taken",
            json(&SeatData {
                seat: seat.0,
                guest: Some(player.id.clone()),
                name: Some(player.name.clone()),
                bot: player.bot,
                bot_account: player.bot_account,
            }),
        ),
        RoomEvent::SeatFreed { seat } => (
            "seat-freed",
            json(&SeatData {
                seat: seat.0,
                guest: None,
                name: None,
                bot: false,
                bot_account: false,
            }),
        ),
        RoomEvent::Renamed { seat, name } => (
            "renamed",
            json(&SeatData {
                seat: seat.0,
                guest: None,
                name: Some(name.clone()),
                bot: false,
                bot_account: false,
            }),
        ),
        RoomEvent::OwnerChanged { owner } => (
            "owner-changed",
            json(&OwnerData {
                owner: OwnerRow::of(owner),
            }),
        ),
        RoomEvent::Resigned { seat, at } => ("resigned", table(*seat, *at, None)),
        RoomEvent::OutOfTime { seat, at } => ("out-of-time", table(*seat, *at, None)),
        RoomEvent::Berserk { seat, at } => ("berserk", table(*seat, *at, None)),
        RoomEvent::Absent { seat } => ("seat-absent", table(*seat, Millis(0), None)),
        RoomEvent::Returned { seat } => ("seat-returned", table(*seat, Millis(0), None)),
        RoomEvent::DrawOffered { seat, at } => ("draw-offered", table(*seat, *at, None)),
        RoomEvent::DrawAnswered { seat, accept, at } => ("draw-answered", table(*seat, *at, Some(*accept))),
        RoomEvent::Aborted { seat } => ("aborted", table(*seat, Millis(0), None)),
        RoomEvent::Closed => ("closed", json(&Empty {})),
        RoomEvent::Abandoned => ("abandoned", json(&Empty {})),
        RoomEvent::Started => ("started", json(&Empty {})),
        RoomEvent::Action {
            seat,
            action,
            at,
            salt,
        } => (
            "action",
            json(&ActionData {
                seat: seat.0,
                action: action.clone(),
                at_ms: at.0,
                salt: salt.clone(),
            }),
        ),
        RoomEvent::Finished { result } => (
            "finished",
            json(&FinishedData {
                result: result.clone(),
            }),
        ),
        RoomEvent::Expired => ("expired", json(&Empty {})),
        RoomEvent::Chat(said) => (
            "chat",
            json(&ChatData {
                guest: said.guest.clone(),
                name: said.name.clone(),
                seat: said.seat.map(|s| s.0),
                to: said.to.as_str().to_string(),
                text: said.text.clone(),
            }),
        ),
        RoomEvent::ChatSet { on } => ("chat-set", json(&ChatSetData { on: *on })),
        RoomEvent::RematchAccepted { seats } => (
            "rematch-accepted",
            json(&RematchData {
                seats: seats.iter().map(|s| s.0).collect(),
                room: None,
            }),
        ),
        RoomEvent::RematchDeclined { seat } => (
            "rematch-declined",
            json(&RematchData {
                seats: vec![seat.0],
                room: None,
            }),
        ),
        RoomEvent::RematchOpened { room } => (
            "rematch-opened",
            json(&RematchData {
                seats: Vec::new(),
                room: Some(room.clone()),
            }),
        ),
    };
    EventRow {
        room_id: room.to_string(),
        seq: recorded.seq as i64,
        kind: kind.to_string(),
        at: recorded.at as i64,
        data,
    }
}

/// The fence of one room's write (PostgreSQL with several nodes): the
/// node that holds its lease, at which epoch, and the room's next
/// deadline (unix ms) for the other nodes' sweepers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    pub node: String,
    pub epoch: i64,
    pub deadline: Option<i64>,
}

/// What storing `events` of room `room` takes: each event appended, the
/// room's summary created or given its new status in the same
/// transaction, and the room's `fence` when it has a lease. Nothing for
/// no events.
pub fn ops(room: &str, events: &[Recorded], fence: Option<Fence>) -> Vec<Op> {
    let mut ops = Vec::with_capacity(events.len() + 2);
    if let (Some(fence), false) = (fence, events.is_empty()) {
        ops.push(Op::Fence {
            room: room.to_string(),
            node: fence.node,
            epoch: fence.epoch,
            deadline: fence.deadline,
        });
    }
    for recorded in events {
        ops.push(Op::Append(to_row(room, recorded)));
        let status = match &recorded.event {
            RoomEvent::Created(creation) => {
                ops.push(Op::CreateRoom(RoomRow {
                    id: room.to_string(),
                    game: creation.game.name().to_string(),
                    public: creation.public,
                    status: StoredStatus::Open,
                    created_at: recorded.at as i64,
                }));
                continue;
            }
            RoomEvent::Started => {
                ops.push(Op::GameDue {
                    room: room.to_string(),
                    at: recorded.at as i64,
                });
                StoredStatus::Playing
            }
            RoomEvent::Finished { .. } => StoredStatus::Finished,
            RoomEvent::Expired => StoredStatus::Expired,
            RoomEvent::Closed | RoomEvent::Aborted { .. } | RoomEvent::Abandoned => StoredStatus::Closed,
            RoomEvent::SeatTaken { .. }
            | RoomEvent::SeatFreed { .. }
            | RoomEvent::Action { .. }
            | RoomEvent::OwnerChanged { .. }
            | RoomEvent::Renamed { .. }
            | RoomEvent::Resigned { .. }
            | RoomEvent::OutOfTime { .. }
            | RoomEvent::Berserk { .. }
            | RoomEvent::Absent { .. }
            | RoomEvent::Returned { .. }
            | RoomEvent::DrawOffered { .. }
            | RoomEvent::DrawAnswered { .. }
            | RoomEvent::Chat { .. }
            | RoomEvent::ChatSet { .. }
            | RoomEvent::RematchAccepted { .. }
            | RoomEvent::RematchDeclined { .. }
            | RoomEvent::RematchOpened { .. } => continue,
        };
        ops.push(Op::SetStatus {
            room: room.to_string(),
            status,
        });
    }
    ops
}

fn parse<'a, T: Deserialize<'a>>(row: &'a EventRow) -> Result<T, String> {
    serde_json::from_str(&row.data).map_err(|e| {
        format!(
            "event {} ({}) of room {} does not read: {e}",
            row.seq, row.kind, row.room_id
        )
    })
}

/// The event a row holds.
pub fn from_row(row: &EventRow) -> Result<Recorded, String> {
    // An event of a seat at a time of the game.
    let timed = |event: fn(Seat, Millis) -> RoomEvent| {
        parse::<TableData>(row).map(|data| event(Seat(data.seat), Millis(data.at_ms)))
    };
    let event = match row.kind.as_str() {
        "created" => {
            let data: CreatedData = parse(row)?;
            let game: GameKind = data
                .game
                .parse()
                .map_err(|e: lodestone_rules::NotationError| e.message)?;
            RoomEvent::Created(Creation {
                game,
                options: data.options.into_iter().collect(),
                public: data.public,
                invite: data.invite,
                seed: data.seed,
                owner: OwnerRow::read(data.owner),
                clock: match data.clock {
                    Some(text) => text.parse()?,
                    None => TimeControl::None,
                },
                weekend_pause: data.weekend_pause,
                berserk: data.berserk,
                absent: match data.absent {
                    Some(text) => text.parse()?,
                    None => AbsentPolicy::Wait,
                },
                rated: data.rated,
                rated_bots: data.rated_bots,
                spectators: Spectators {
                    policy: match data.spectators {
                        Some(text) => text.parse()?,
                        None => SpectatorPolicy::Public,
                    },
                    delay: data.spectator_delay,
                },
            })
        }
        "seat-taken" => {
            let data: SeatData = parse(row)?;
            let guest = data
                .guest
                .ok_or_else(|| format!("event {} of room {} names no guest", row.seq, row.room_id))?;
            RoomEvent::SeatTaken {
                seat: Seat(data.seat),
                player: Player {
                    name: data.name.unwrap_or_else(|| guest.clone()),
                    id: guest,
                    bot: data.bot,
                    bot_account: data.bot_account,
                },
            }
        }
        "renamed" => {
            let data: SeatData = parse(row)?;
            RoomEvent::Renamed {
                seat: Seat(data.seat),
                name: data.name.unwrap_or_default(),
            }
        }
        "owner-changed" => RoomEvent::OwnerChanged {
            owner: OwnerRow::read(parse::<OwnerData>(row)?.owner),
        },
        "resigned" => timed(|seat, at| RoomEvent::Resigned { seat, at })?,
        "out-of-time" => timed(|seat, at| RoomEvent::OutOfTime { seat, at })?,
        "berserk" => timed(|seat, at| RoomEvent::Berserk { seat, at })?,
        "seat-absent" => RoomEvent::Absent {
            seat: Seat(parse::<TableData>(row)?.seat),
        },
        "seat-returned" => RoomEvent::Returned {
            seat: Seat(parse::<TableData>(row)?.seat),
        },
        "draw-offered" => timed(|seat, at| RoomEvent::DrawOffered { seat, at })?,
        "draw-answered" => {
            let data: TableData = parse(row)?;
            RoomEvent::DrawAnswered {
                seat: Seat(data.seat),
                accept: data.accept.unwrap_or(false),
                at: Millis(data.at_ms),
            }
        }
        "aborted" => RoomEvent::Aborted {
            seat: Seat(parse::<TableData>(row)?.seat),
        },
        "closed" => RoomEvent::Closed,
        "abandoned" => RoomEvent::Abandoned,
        "seat-freed" => RoomEvent::SeatFreed {
            seat: Seat(parse::<SeatData>(row)?.seat),
        },
        "started" => RoomEvent::Started,
        "action" => {
            let data: ActionData = parse(row)?;
            RoomEvent::Action {
                seat: Seat(data.seat),
                action: data.action,
                at: Millis(data.at_ms),
                salt: data.salt,
            }
        }
        "finished" => RoomEvent::Finished {
            result: parse::<FinishedData>(row)?.result,
        },
        "expired" => RoomEvent::Expired,
        "chat" => {
            let data: ChatData = parse(row)?;
            let to = match data.to.as_str() {
                "room" => ChatTo::Room,
                "team" => ChatTo::Team,
                "spectators" => ChatTo::Spectators,
                other => {
                    return Err(format!(
                        "event {} of room {}: chat to {other:?}",
                        row.seq, row.room_id
                    ));
                }
            };
            RoomEvent::Chat(ChatSaid {
                guest: data.guest,
                name: data.name,
                seat: data.seat.map(Seat),
                to,
                text: data.text,
            })
        }
        "chat-set" => RoomEvent::ChatSet {
            on: parse::<ChatSetData>(row)?.on,
        },
        "rematch-accepted" => RoomEvent::RematchAccepted {
            seats: parse::<RematchData>(row)?.seats.into_iter().map(Seat).collect(),
        },
        "rematch-declined" => RoomEvent::RematchDeclined {
            seat: Seat(
                parse::<RematchData>(row)?
                    .seats
                    .first()
                    .copied()
                    .ok_or_else(|| format!("event {} of room {} names no seat", row.seq, row.room_id))?,
            ),
        },
        "rematch-opened" => RoomEvent::RematchOpened {
            room: parse::<RematchData>(row)?
                .room
                .ok_or_else(|| format!("event {} of room {} names no room", row.seq, row.room_id))?,
        },
        other => {
            return Err(format!(
                "event {} of room {} is of a kind this server does not know ({other:?}): it was written by a newer version",
                row.seq, row.room_id
            ));
        }
    };
    Ok(Recorded {
        seq: u64::try_from(row.seq)
            .map_err(|_| format!("event of room {} has seq {}", row.room_id, row.seq))?,
        at: row.at.max(0) as u64,
        event,
    })
}

/// A room's status as the store keeps it.
pub fn status(status: RoomStatus) -> StoredStatus {
    match status {
        RoomStatus::Open => StoredStatus::Open,
        RoomStatus::Playing => StoredStatus::Playing,
        RoomStatus::Finished => StoredStatus::Finished,
        RoomStatus::Closed => StoredStatus::Closed,
    }
}

/// Why a room could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Its log does not read or does not fold (logged; the room is left
    /// out).
    #[error("{0}")]
    Unreadable(String),
}

/// Room `id`'s log, in order (empty when there is no such room).
pub async fn load(store: &Store, id: &str) -> Result<Vec<Recorded>, LoadError> {
    let rows = store.room_events(id).await?;
    rows.iter()
        .map(from_row)
        .collect::<Result<_, _>>()
        .map_err(LoadError::Unreadable)
}

/// The rows of several rooms (each room's rows together, in order) as
/// events, room by room.
pub fn by_room(rows: Vec<EventRow>) -> Vec<(String, Result<Vec<Recorded>, String>)> {
    let mut rooms: Vec<(String, Result<Vec<Recorded>, String>)> = Vec::new();
    for row in rows {
        match rooms.last_mut() {
            Some((id, events)) if *id == row.room_id => {
                if let Ok(list) = events {
                    match from_row(&row) {
                        Ok(event) => list.push(event),
                        Err(e) => *events = Err(e),
                    }
                }
            }
            _ => {
                let events = from_row(&row).map(|e| vec![e]);
                rooms.push((row.room_id, events));
            }
        }
    }
    rooms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::event::Owner;

    fn every_kind() -> Vec<Recorded> {
        let events = vec![
            RoomEvent::Created(Creation {
                game: GameKind::Magma,
                options: vec![("players".into(), "2".into()), ("timer".into(), "hot".into())],
                public: false,
                invite: Some("abc".into()),
                seed: "00ff".into(),
                owner: Some(Owner {
                    guest: "g1".into(),
                    name: "Ann".into(),
                }),
                clock: TimeControl::PerMove { ms: 259_200_000 },
                weekend_pause: true,
                berserk: true,
                absent: AbsentPolicy::Claim,
                rated: true,
                rated_bots: true,
                spectators: Spectators {
                    policy: SpectatorPolicy::Link,
                    delay: 4,
                },
            }),
            RoomEvent::SeatTaken {
                seat: Seat(1),
                player: Player {
                    id: "g1".into(),
                    name: "Ann \"the\" first".into(),
                    bot: false,
                    bot_account: true,
                },
            },
            RoomEvent::SeatFreed { seat: Seat(1) },
            RoomEvent::Started,
            RoomEvent::Action {
                seat: Seat(0),
                action: "enter d1".into(),
                at: Millis(1500),
                salt: Some("5a17".into()),
            },
            RoomEvent::Finished {
                result: "red wins".into(),
            },
            RoomEvent::Expired,
            RoomEvent::SeatTaken {
                seat: Seat(0),
                player: Player {
                    id: "b1".into(),
                    name: "Bot (easy)".into(),
                    bot: true,
                    bot_account: false,
                },
            },
            RoomEvent::OwnerChanged { owner: None },
            RoomEvent::OwnerChanged {
                owner: Some(Owner {
                    guest: "g2".into(),
                    name: "Bo".into(),
                }),
            },
            RoomEvent::Renamed {
                seat: Seat(1),
                name: "Bea".into(),
            },
            RoomEvent::Resigned {
                seat: Seat(1),
                at: Millis(900),
            },
            RoomEvent::OutOfTime {
                seat: Seat(0),
                at: Millis(950),
            },
            RoomEvent::Berserk {
                seat: Seat(1),
                at: Millis(960),
            },
            RoomEvent::Absent { seat: Seat(1) },
            RoomEvent::Returned { seat: Seat(1) },
            RoomEvent::DrawOffered {
                seat: Seat(0),
                at: Millis(1000),
            },
            RoomEvent::DrawAnswered {
                seat: Seat(1),
                accept: true,
                at: Millis(1200),
            },
            RoomEvent::DrawAnswered {
                seat: Seat(1),
                accept: false,
                at: Millis(1300),
            },
            RoomEvent::Aborted { seat: Seat(1) },
            RoomEvent::Closed,
            RoomEvent::Abandoned,
            RoomEvent::Chat(ChatSaid {
                guest: "g1".into(),
                name: "Ann".into(),
                seat: Some(Seat(1)),
                to: ChatTo::Team,
                text: "<b>hi</b> \"there\"".into(),
            }),
            RoomEvent::Chat(ChatSaid {
                guest: "g3".into(),
                name: "Eve".into(),
                seat: None,
                to: ChatTo::Spectators,
                text: "gg".into(),
            }),
            RoomEvent::ChatSet { on: false },
            RoomEvent::RematchAccepted {
                seats: vec![Seat(1), Seat(0)],
            },
            RoomEvent::RematchDeclined { seat: Seat(0) },
            RoomEvent::RematchOpened { room: "r2".into() },
        ];
        events
            .into_iter()
            .enumerate()
            .map(|(i, event)| Recorded {
                seq: i as u64 + 1,
                at: 1_000 + i as u64,
                event,
            })
            .collect()
    }

    #[test]
    fn every_event_round_trips_through_its_row() {
        for recorded in every_kind() {
            let row = to_row("r1", &recorded);
            assert_eq!(from_row(&row).unwrap(), recorded, "{}", row.data);
        }
    }

    #[test]
    fn summaries_follow_the_events_that_change_them() {
        let ops = ops("r1", &every_kind(), None);
        let summary: Vec<String> = ops
            .iter()
            .filter_map(|op| match op {
                Op::CreateRoom(r) => Some(format!("create {} {}", r.status, r.public)),
                Op::SetStatus { status, .. } => Some(status.to_string()),
                Op::GameDue { room, .. } => Some(format!("due {room}")),
                _ => None,
            })
            .collect();
        assert_eq!(
            summary,
            [
                "create open false",
                "due r1",
                "playing",
                "finished",
                "expired",
                "closed",
                "closed",
                "closed"
            ]
        );
        assert_eq!(ops.iter().filter(|op| matches!(op, Op::Append(_))).count(), 28);
    }

    #[test]
    fn unknown_kinds_and_bad_data_are_errors() {
        let mut row = to_row("r1", &every_kind()[3]);
        row.kind = "sabotaged".into();
        assert!(from_row(&row).unwrap_err().contains("newer version"));
        let mut row = to_row("r1", &every_kind()[4]);
        row.data = "{\"seat\": 0}".into();
        assert!(from_row(&row).unwrap_err().contains("does not read"));
    }

    #[test]
    fn rows_are_grouped_by_room() {
        let mut rows: Vec<EventRow> = every_kind()[..2].iter().map(|e| to_row("a", e)).collect();
        rows.push(to_row("b", &every_kind()[0]));
        let rooms = by_room(rows);
        assert_eq!(rooms.len(), 2);
        assert_eq!(rooms[0].1.as_ref().unwrap().len(), 2);
        assert_eq!(rooms[1].0, "b");
    }
}
