//! Rebuilding a room: from its stored events (a fold, at a restart or
//! when a finished room is read again), and from a checkpoint (when the
//! store refused a change, the room task undoes it).

use lodestone_protocol::RoomStatus;
use lodestone_rules::{AnyEvents, AnyGame, Concession, Seat};

use super::core::{Gone, Logged, Player, RoomCore, seat_of};
use super::event::{Owner, Recorded, RoomEvent};
use super::social::SocialMark;
use super::timing::Clocks;
use crate::secrets::{self, Secrets};

/// What a rollback needs after a failed store.
#[derive(Debug)]
pub struct Checkpoint {
    game: AnyGame,
    log_len: usize,
    last_events: Option<AnyEvents>,
    status: RoomStatus,
    gone: Option<Gone>,
    owner: Option<Owner>,
    draw_offer: Option<Seat>,
    table_events: usize,
    clocks: Clocks,
    absent: Vec<bool>,
    seats: Vec<Option<Player>>,
    started_at: Option<u64>,
    version: u64,
    social: SocialMark,
}

impl RoomCore {
    /// Rebuilds a stored room: a fold over its events, in order.
    pub fn restore(id: &str, events: &[Recorded], secrets: Box<dyn Secrets>) -> Result<RoomCore, String> {
        let Some((first, rest)) = events.split_first() else {
            return Err(format!("room {id} has no events"));
        };
        let RoomEvent::Created {
            game,
            options,
            public,
            invite,
            seed,
            owner,
            clock,
            absent,
            rated,
            rated_bots,
        } = &first.event
        else {
            return Err(format!("room {id} does not begin with its creation"));
        };
        let game = AnyGame::new(*game, options).map_err(|e| e.message)?;
        let mut room = RoomCore::new(id.to_string(), game, secrets);
        room.public = *public;
        room.invite = invite.clone();
        room.seed = seed.clone();
        room.owner = owner.clone();
        room.clocks = Clocks::new(*clock, room.seats.len());
        room.absent_policy = *absent;
        room.rated = *rated;
        room.rated_bots = *rated_bots;
        room.created_at = first.at;
        room.version = first.seq;
        for recorded in rest {
            if recorded.seq <= room.version {
                return Err(format!(
                    "room {id}: event {} comes after event {}",
                    recorded.seq, room.version
                ));
            }
            room.apply(recorded)
                .map_err(|e| format!("room {id}, event {}: {e}", recorded.seq))?;
            room.version = recorded.seq;
        }
        if owner.is_none()
            && !events
                .iter()
                .any(|e| matches!(e.event, RoomEvent::OwnerChanged { .. }))
        {
            // Stored before rooms had owners: the first seated person owns
            // it.
            room.owner = room.seats.iter().flatten().find(|p| !p.bot).map(|p| Owner {
                guest: p.id.clone(),
                name: p.name.clone(),
            });
        }
        Ok(room)
    }

    /// Replays one stored event.
    fn apply(&mut self, recorded: &Recorded) -> Result<(), String> {
        match &recorded.event {
            RoomEvent::Created { .. } => return Err("a room is created only once".into()),
            RoomEvent::SeatTaken {
                seat,
                guest,
                name,
                bot,
                bot_account,
            } => {
                let slot = self
                    .seats
                    .get_mut(seat.index())
                    .ok_or_else(|| format!("seat {} is not a seat of this game", seat.0))?;
                *slot = Some(Player {
                    id: guest.clone(),
                    name: name.clone(),
                    bot: *bot,
                    bot_account: *bot_account,
                });
            }
            RoomEvent::SeatFreed { seat } => {
                if let Some(slot) = self.seats.get_mut(seat.index()) {
                    *slot = None;
                }
            }
            RoomEvent::Renamed { seat, name } => {
                if let Some(Some(p)) = self.seats.get_mut(seat.index()) {
                    p.name = name.clone();
                }
            }
            RoomEvent::OwnerChanged { owner } => self.owner = owner.clone(),
            RoomEvent::Resigned { seat, at } => {
                self.concede(*seat, *at).map_err(|e| e.message)?;
                self.draw_offer = None;
            }
            RoomEvent::OutOfTime { seat, at } => {
                self.concede_as(*seat, Concession::OutOfTime, *at)
                    .map_err(|e| e.message)?;
                self.draw_offer = None;
            }
            RoomEvent::Absent { seat } | RoomEvent::Returned { seat } => {
                if let Some(absent) = self.absent.get_mut(seat.index()) {
                    *absent = matches!(recorded.event, RoomEvent::Absent { .. });
                    self.absent_since[seat.index()] = absent.then_some(recorded.at);
                }
            }
            RoomEvent::DrawOffered { seat, .. } => self.draw_offer = Some(*seat),
            RoomEvent::DrawAnswered { accept, at, .. } => {
                if *accept {
                    self.agree_draw(*at).map_err(|e| e.message)?;
                }
                self.draw_offer = None;
            }
            RoomEvent::Aborted { .. } => {
                self.gone = Some(Gone::Aborted);
                self.status = RoomStatus::Closed;
            }
            RoomEvent::Closed => {
                self.gone = Some(Gone::Closed);
                self.status = RoomStatus::Closed;
            }
            RoomEvent::Abandoned => {
                self.gone = Some(Gone::Abandoned);
                self.status = RoomStatus::Closed;
            }
            RoomEvent::Started => {
                self.status = RoomStatus::Playing;
                self.started_at = Some(recorded.at);
                self.clocks.after(None, 0, self.game.to_act());
            }
            RoomEvent::Action {
                seat,
                action,
                at,
                salt,
            } => {
                let fail = |e: String| format!("action {action}: {e}");
                let played = self.game.parse_action(action).map_err(|e| fail(e.message))?;
                // A draw offer lapses when its seat moves.
                if self.draw_offer == Some(*seat) {
                    self.draw_offer = None;
                }
                let events = self
                    .game
                    .apply_with_events(*seat, &played, *at)
                    .map_err(|e| fail(e.message))?;
                self.last_events = Some(events);
                let secret = salt
                    .as_ref()
                    .map(|salt| (salt.clone(), secrets::commitment(salt, action)));
                self.log.push(Logged {
                    seat: *seat,
                    action: played,
                    text: action.clone(),
                    at: *at,
                    secret,
                });
                self.clocks.after(Some(*seat), at.0, self.game.to_act());
            }
            RoomEvent::Finished { .. } => {
                self.status = RoomStatus::Finished;
                self.draw_offer = None;
            }
            RoomEvent::Expired => self.gone = Some(Gone::Expired),
            // Kept by `social` (below).
            RoomEvent::Chat { .. }
            | RoomEvent::ChatSet { .. }
            | RoomEvent::RematchAccepted { .. }
            | RoomEvent::RematchDeclined { .. }
            | RoomEvent::RematchOpened { .. } => {}
        }
        self.social.note(recorded);
        Ok(())
    }

    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            game: self.game.clone(),
            log_len: self.log.len(),
            last_events: self.last_events.clone(),
            status: self.status,
            gone: self.gone,
            owner: self.owner.clone(),
            draw_offer: self.draw_offer,
            table_events: self.table_events.len(),
            clocks: self.clocks.clone(),
            absent: self.absent.clone(),
            seats: self.seats.clone(),
            started_at: self.started_at,
            version: self.version,
            social: self.social.mark(),
        }
    }

    /// Undoes everything since `checkpoint` (after the store failed).
    pub fn restore_checkpoint(&mut self, checkpoint: Checkpoint) {
        self.game = checkpoint.game;
        self.log.truncate(checkpoint.log_len);
        self.last_events = checkpoint.last_events;
        self.status = checkpoint.status;
        self.gone = checkpoint.gone;
        self.owner = checkpoint.owner;
        self.draw_offer = checkpoint.draw_offer;
        self.table_events.truncate(checkpoint.table_events);
        self.clocks = checkpoint.clocks;
        self.absent = checkpoint.absent;
        self.seats = checkpoint.seats;
        self.started_at = checkpoint.started_at;
        self.version = checkpoint.version;
        self.social.rollback(checkpoint.social);
        for w in self.watchers.values_mut() {
            w.seat = seat_of(&self.seats, &w.guest);
        }
    }
}
