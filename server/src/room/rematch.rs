//! A rematch after the end of a game: a seated person proposes it, the
//! other people accept (bots accept with the proposal), and once every
//! seat has accepted a new room opens with the same game, options and
//! people, already started, every player one seat on (`(i + 1) mod n`:
//! the two-sided games swap sides, Magma rotates who starts and keeps
//! teammates together, since its teams alternate around the table). A
//! rematch can be had for a while after the end (the room task's
//! `after_game`, while the room lingers in memory for its watchers).
//!
//! The room value decides and builds the new room; the rooms service
//! (`rooms.rs`) leases it and starts it once the old room's task has
//! stored the new room's events with the old room's `RematchOpened` in
//! one write.

use lodestone_protocol::{Detail, RematchState, RoomStatus, codes};
use lodestone_rules::Seat;

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::refusal::Refusal;
use super::seating::Player;
use crate::secrets::Secrets;

impl RoomCore {
    /// When the time for a rematch (and for the room to stay in memory
    /// for its watchers) ends, `window` milliseconds after the game ended.
    pub fn lounge_end(&self, window: u64) -> Option<u64> {
        if self.is_gone() || self.status() != RoomStatus::Finished {
            return None;
        }
        self.social().ended().map(|(_, at)| at.saturating_add(window))
    }

    /// `player` proposes or accepts a rematch (`accept`), or declines it.
    /// `window`: how long after the end a rematch may be had.
    pub fn rematch(
        &mut self,
        player: &Player,
        accept: bool,
        now: u64,
        window: u64,
    ) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
        if self.status() != RoomStatus::Finished {
            return Err(Refusal::new(
                codes::NO_REMATCH,
                "a rematch can be proposed once the game is over",
            ));
        }
        let seat = self
            .seat_of(&player.id)
            .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "only the players can ask for a rematch"))?;
        if let Some(room) = self.social().rematch_room() {
            let room = room.to_string();
            return Err(Refusal::detailed(
                codes::NO_REMATCH,
                Detail::RematchOpened { room },
            ));
        }
        if self.lounge_end(window).is_none_or(|end| end <= now) {
            return Err(Refusal::new(
                codes::NO_REMATCH,
                "the time for a rematch of this game has passed",
            ));
        }
        if !accept {
            if self.social().accepted().is_empty() {
                return Err(Refusal::new(codes::NO_OFFER, "no rematch is proposed"));
            }
            let mut events = Vec::new();
            self.push(&mut events, now, RoomEvent::RematchDeclined { seat })?;
            return Ok(events);
        }
        if self.social().accepted().contains(&seat) {
            return Ok(Vec::new());
        }
        let mut seats = vec![seat];
        if self.social().accepted().is_empty() {
            // Bots accept at once.
            seats.extend(
                self.seating()
                    .seats()
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.as_ref().is_some_and(|p| p.bot))
                    .map(|(i, _)| Seat(i as u8)),
            );
        }
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::RematchAccepted { seats })?;
        Ok(events)
    }

    /// Whether every seat has accepted and the new room is still to open.
    pub fn rematch_ready(&self) -> bool {
        let accepted = self.social().accepted();
        self.social().rematch_room().is_none()
            && !accepted.is_empty()
            && (0..self.seating().len()).all(|i| accepted.contains(&Seat(i as u8)))
    }

    /// The rematch's room `id`, started: the same game, options (the
    /// room's own too: clock, absence policy, chat), publicity and owner,
    /// every player one seat on. Returns the room and its events.
    pub fn rematch_room(
        &self,
        id: String,
        now: u64,
        secrets: Box<dyn Secrets>,
    ) -> Result<(RoomCore, Vec<Recorded>), Refusal> {
        let players: Vec<Player> = self.seating().players().cloned().collect();
        let owner = self
            .seating()
            .owner()
            .map(|o| Player::person(o.guest.clone(), o.name.clone()))
            .or_else(|| players.iter().find(|p| !p.bot).cloned())
            .ok_or_else(|| Refusal::new(codes::NO_REMATCH, "nobody is seated here"))?;
        let (mut room, mut events) = RoomCore::create(
            id,
            self.kind().name(),
            &self.shown_options(),
            self.is_public(),
            &owner,
            now,
            secrets,
        )?;
        let n = self.seating().len();
        for (i, player) in self.seating().seats().iter().enumerate() {
            let Some(player) = player else { continue };
            let seat = Seat(((i + 1) % n) as u8);
            let taken = RoomEvent::SeatTaken {
                seat,
                player: player.clone(),
            };
            room.push(&mut events, now, taken)?;
        }
        let starter = players
            .iter()
            .find(|p| !p.bot)
            .ok_or_else(|| Refusal::new(codes::NO_REMATCH, "only bots are seated here"))?;
        events.extend(room.start(starter, now)?);
        Ok((room, events))
    }

    /// The rematch as room `id`, when every seat accepted it: the new
    /// room and its events, then this room's `RematchOpened` (applied
    /// here, to commit with them). `None` when no rematch is due or its
    /// room could not be made.
    pub fn open_rematch(
        &mut self,
        id: String,
        now: u64,
        secrets: Box<dyn Secrets>,
    ) -> Option<(RoomCore, Vec<Recorded>, Vec<Recorded>)> {
        if !self.rematch_ready() {
            return None;
        }
        let (room, events) = (self.rematch_room(id.clone(), now, secrets))
            .inspect_err(|r| tracing::error!(room = %self.id(), error = %r.message, "could not make the rematch's room"))
            .ok()?;
        let mut opened = Vec::new();
        self.then(&mut opened, now, RoomEvent::RematchOpened { room: id });
        Some((room, events, opened))
    }

    /// Whether a person (not a bot, not a stand-in) watches the room.
    pub fn people_watching(&self) -> bool {
        let bots: Vec<&str> = self
            .seating()
            .players()
            .filter(|p| p.bot)
            .map(|p| p.id.as_str())
            .collect();
        self.watchers().any_person(&bots)
    }

    /// The bots seated here.
    pub fn seated_bots(&self) -> Vec<Player> {
        self.seating().players().filter(|p| p.bot).cloned().collect()
    }

    /// The rematch as viewers see it; none when nobody proposed one.
    pub fn rematch_state(&self) -> Option<RematchState> {
        let social = self.social();
        if social.accepted().is_empty() && social.rematch_room().is_none() {
            return None;
        }
        Some(RematchState {
            accepted: social.accepted().iter().map(|s| s.0).collect(),
            room: social.rematch_room().map(str::to_string),
        })
    }
}
