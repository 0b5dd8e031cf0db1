//! Who may change a room's seats (`room/seating.rs`): taking and leaving seats,
//! watching, and the owner's powers (seating and removing bots, kicking a
//! seat, closing the room), with ownership passing on when the owner
//! leaves. Each change decides its events; `RoomCore::evolve` applies
//! them.
//!
//! The owner is the guest who created the room. Only the owner seats a
//! bot at a free seat, removes a bot, kicks a seat or closes the room, all
//! before the start; a seated player may hand its own seat to a bot at any
//! time before the end. When the owner gives up its seat (or hands it to a
//! bot), the room passes to the next seated person after that seat in turn
//! order; with no other person seated the owner keeps it. A room without
//! an owner (stored before rooms had owners) goes to the next person who
//! sits.

use lodestone_protocol::{Action, Detail, RoomStatus, SeatRef, codes};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{Owner, Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use super::watchers::ConnId;

impl RoomCore {
    pub(super) fn seat_of(&self, guest: &str) -> Option<Seat> {
        self.seating().seat_of(guest)
    }

    /// Whether `guest` owns the room.
    pub(super) fn owns(&self, guest: &str) -> bool {
        self.seating().owner().is_some_and(|o| o.guest == guest)
    }

    /// Whether `guest` may watch the room with `invite` (the spectators'
    /// policy: `room/spectators.rs`).
    pub(super) fn check_invite(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
        self.check_spectator(guest, invite)
    }

    fn resolve_seat(&self, seat: &SeatRef) -> Result<Seat, Refusal> {
        let n = self.seating().len();
        let found = match seat {
            SeatRef::Index(i) => (usize::from(*i) < n).then_some(Seat(*i)),
            SeatRef::Name(name) => self.game().parse_seat(name),
        };
        found.ok_or_else(|| {
            let seats: Vec<String> = (0..n as u8).map(|s| self.game().seat_name(Seat(s))).collect();
            let (game, seat) = (self.kind().to_string(), seat.to_string());
            Refusal::detailed(codes::NO_SUCH_SEAT, Detail::NoSuchSeat { game, seat, seats })
        })
    }

    /// The free seat `seat` names, or any free seat.
    fn free_seat(&self, seat: Option<&SeatRef>) -> Result<Seat, Refusal> {
        match seat {
            Some(s) => {
                let seat = self.resolve_seat(s)?;
                if let Some(holder) = &self.seating().seats()[seat.index()] {
                    return Err(Refusal::detailed(
                        codes::SEAT_TAKEN,
                        Detail::SeatTaken {
                            seat: self.game().seat_name(seat),
                            name: holder.name.clone(),
                        },
                    ));
                }
                Ok(seat)
            }
            None => self
                .seating()
                .seats()
                .iter()
                .position(Option::is_none)
                .map(|i| Seat(i as u8))
                .ok_or_else(|| Refusal::new(codes::ROOM_FULL, "every seat is taken")),
        }
    }

    fn check_open(&self, action: Action) -> Result<(), Refusal> {
        self.check_not_gone()?;
        if self.status() != RoomStatus::Open {
            return Err(Refusal::detailed(
                codes::ALREADY_STARTED,
                Detail::AlreadyStarted { action },
            ));
        }
        Ok(())
    }

    /// `action` is the owner's, and only before the start.
    fn check_owner_before_start(&self, player: &Player, action: Action) -> Result<(), Refusal> {
        self.check_not_gone()?;
        if !self.owns(&player.id) {
            let owner = self.seating().owner().map(|o| o.name.clone());
            return Err(Refusal::detailed(
                codes::NOT_OWNER,
                Detail::NotOwner { action, owner },
            ));
        }
        self.check_open(action)
    }

    /// Takes a seat (and watches the room from it). Taking one's own seat
    /// again just watches. A person taking a seat in a room without an
    /// owner becomes its owner.
    pub fn join(
        &mut self,
        conn: ConnId,
        player: &Player,
        seat: Option<&SeatRef>,
        invite: Option<&str>,
        now: u64,
    ) -> Result<(Seat, Vec<Recorded>), Refusal> {
        self.check_join_invite(&player.id, invite)?;
        if let Some(own) = self.seat_of(&player.id) {
            if seat.is_some_and(|s| self.resolve_seat(s).ok() != Some(own)) {
                return Err(Refusal::detailed(
                    codes::ALREADY_SEATED,
                    Detail::AlreadySeated {
                        seat: self.game().seat_name(own),
                    },
                ));
            }
            self.watch_as(conn, player, Some(own), false);
            return Ok((own, Vec::new()));
        }
        self.check_open(Action::TakeSeat)?;
        let seat = self.free_seat(seat)?;
        let mut events = Vec::new();
        self.push(&mut events, now, taken(seat, player))?;
        self.watch_as(conn, player, Some(seat), false);
        if self.seating().owner().is_none() && !player.bot {
            let owner = Some(player.as_owner());
            self.then(&mut events, now, RoomEvent::OwnerChanged { owner });
        }
        Ok((seat, events))
    }

    /// The owner's change when `seat`'s player `guest` is gone from it:
    /// if it owned the room, the next seated person after `seat` owns it
    /// now. With nobody to pass it to, the owner keeps the room (it need
    /// not sit, like a creator who never did).
    fn next_owner(&self, seat: Seat, guest: &str) -> Option<RoomEvent> {
        if !self.owns(guest) {
            return None;
        }
        let seats = self.seating().seats();
        let n = seats.len();
        let next = (1..n)
            .map(|k| (seat.index() + k) % n)
            .find_map(|i| seats[i].as_ref().filter(|p| !p.bot && p.id != guest))?;
        Some(RoomEvent::OwnerChanged {
            owner: Some(next.as_owner()),
        })
    }

    /// Gives up a seat before the game starts.
    pub fn leave(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
        let seat = self
            .seat_of(&player.id)
            .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "you hold no seat in this room"))?;
        self.check_open(Action::LeaveSeat)?;
        self.free(seat, now)
    }

    /// Frees `seat`; returns the events.
    fn free(&mut self, seat: Seat, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let owner = self.seating().seats()[seat.index()]
            .as_ref()
            .and_then(|holder| self.next_owner(seat, &holder.id));
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::SeatFreed { seat })?;
        if let Some(owner) = owner {
            self.then(&mut events, now, owner);
        }
        Ok(events)
    }

    /// Seats the computer player `bot` (watching from `conn`) for `by`:
    /// at a free seat before the start if `by` owns the room, or at
    /// `by`'s own seat (`replace_me`) before the end.
    pub fn add_bot(
        &mut self,
        conn: ConnId,
        by: &Player,
        bot: &Player,
        seat: Option<&SeatRef>,
        replace_me: bool,
        now: u64,
    ) -> Result<(Seat, Vec<Recorded>), Refusal> {
        self.check_not_gone()?;
        self.check_no_bots_if_rated()?;
        let mut events = Vec::new();
        let seat = if replace_me {
            let own = self
                .seat_of(&by.id)
                .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "you hold no seat to hand to a bot"))?;
            if seat.is_some_and(|s| self.resolve_seat(s).ok() != Some(own)) {
                return Err(Refusal::new(
                    codes::NOT_OWNER,
                    "a player may hand only its own seat to a bot",
                ));
            }
            if matches!(self.status(), RoomStatus::Finished | RoomStatus::Closed) {
                return Err(Refusal::new(codes::GAME_OVER, "the game is over"));
            }
            let owner = self.next_owner(own, &by.id);
            self.push(&mut events, now, taken(own, bot))?;
            if let Some(owner) = owner {
                self.then(&mut events, now, owner);
            }
            own
        } else {
            self.check_owner_before_start(by, Action::SeatBot)?;
            let seat = self.free_seat(seat)?;
            self.push(&mut events, now, taken(seat, bot))?;
            seat
        };
        self.watch_as(conn, bot, Some(seat), false);
        Ok((seat, events))
    }

    /// The owner takes the bot at `seat` away before the start; returns
    /// the bot's guest id (its connections are to close) and the events.
    pub fn remove_bot(
        &mut self,
        by: &Player,
        seat: &SeatRef,
        now: u64,
    ) -> Result<(String, Vec<Recorded>), Refusal> {
        let (seat, holder) = self.holder_for_owner(by, seat, Action::RemoveBot)?;
        if !holder.bot {
            return Err(Refusal::detailed(
                codes::NOT_A_BOT,
                Detail::NotABot {
                    seat: self.game().seat_name(seat),
                    name: holder.name,
                },
            ));
        }
        Ok((holder.id, self.free(seat, now)?))
    }

    /// The owner frees `seat` before the start; returns who held it and
    /// the events. The owner's own seat is freed as by `leave`.
    pub fn kick(
        &mut self,
        by: &Player,
        seat: &SeatRef,
        now: u64,
    ) -> Result<(Player, Vec<Recorded>), Refusal> {
        let (seat, holder) = self.holder_for_owner(by, seat, Action::FreeSeat)?;
        Ok((holder, self.free(seat, now)?))
    }

    /// The seat `by`, the owner, names for `action` before the start, and
    /// who holds it (refused if nobody does).
    fn holder_for_owner(
        &self,
        by: &Player,
        seat: &SeatRef,
        action: Action,
    ) -> Result<(Seat, Player), Refusal> {
        self.check_owner_before_start(by, action)?;
        let seat = self.resolve_seat(seat)?;
        let holder = self.seating().seats()[seat.index()].clone().ok_or_else(|| {
            Refusal::detailed(
                codes::SEAT_EMPTY,
                Detail::SeatEmpty {
                    seat: self.game().seat_name(seat),
                },
            )
        })?;
        Ok((seat, holder))
    }

    /// The owner closes the room for good before the start.
    pub fn close(&mut self, by: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_owner_before_start(by, Action::CloseRoom)?;
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::Closed)?;
        Ok(events)
    }

    /// `guest` now goes by `name`: its seat (and ownership) take the new
    /// name from now on.
    pub fn rename(&mut self, guest: &str, name: &str, now: u64) -> Vec<Recorded> {
        let mut events = Vec::new();
        if self.is_gone() || self.status() == RoomStatus::Finished {
            return events;
        }
        if let Some(seat) = self.seat_of(guest)
            && self.seating().seats()[seat.index()]
                .as_ref()
                .is_some_and(|p| p.name != name)
        {
            let renamed = RoomEvent::Renamed {
                seat,
                name: name.to_string(),
            };
            self.then(&mut events, now, renamed);
        }
        if let Some(owner) = self
            .seating()
            .owner()
            .filter(|o| o.guest == guest && o.name != name)
        {
            let owner = Some(Owner {
                guest: owner.guest.clone(),
                name: name.to_string(),
            });
            self.then(&mut events, now, RoomEvent::OwnerChanged { owner });
        }
        events
    }

    /// Starts watching the room: as the guest's seat if it holds one,
    /// otherwise as a spectator.
    pub fn watch(
        &mut self,
        conn: ConnId,
        player: &Player,
        invite: Option<&str>,
    ) -> Result<Option<Seat>, Refusal> {
        self.check_invite(&player.id, invite)?;
        let seat = self.seat_of(&player.id);
        self.watch_as(conn, player, seat, false);
        Ok(seat)
    }

    /// A bot standing in for `player` watches (and acts) from its seat
    /// without making the seat present.
    pub fn watch_stand_in(&mut self, conn: ConnId, player: &Player) -> Result<Option<Seat>, Refusal> {
        self.check_not_gone()?;
        let seat = self.seat_of(&player.id);
        self.watch_as(conn, player, seat, true);
        Ok(seat)
    }

    fn watch_as(&mut self, conn: ConnId, player: &Player, seat: Option<Seat>, stand_in: bool) {
        self.presence().insert(conn, &player.id, seat, stand_in);
    }

    /// Stops `conn` watching. Returns whether anything others see changed
    /// (a seat's presence; the version stays).
    pub fn unwatch(&mut self, conn: ConnId) -> bool {
        let was_connected = self.connected_seats();
        let removed = self.presence().remove(conn);
        removed && self.connected_seats() != was_connected
    }

    /// Who holds `seat`.
    pub fn player_at(&self, seat: Seat) -> Option<Player> {
        self.seating().seats().get(seat.index()).cloned().flatten()
    }

    /// The connections watching as `guest`.
    pub fn conns_of(&self, guest: &str) -> Vec<ConnId> {
        self.watchers().conns_of(guest)
    }
}

/// `player` took `seat`.
fn taken(seat: Seat, player: &Player) -> RoomEvent {
    RoomEvent::SeatTaken {
        seat,
        player: player.clone(),
    }
}
