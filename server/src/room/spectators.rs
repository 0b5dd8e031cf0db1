//! Who may watch a room and how far behind (docs/moderation.md): the room
//! options `spectators` (`public`, the default; `link`, only with the
//! room's invite; `off`, nobody without a seat while the game is not
//! over) and `spectator-delay` (spectators see the game that many plies
//! behind while it runs: 0 by default, one round of turns in Magma's team
//! games, where a spectator could relay a team's plans).
//!
//! The delay is kept by a twin of the room ([`Lag`]): every event the room
//! evolves with is queued for the twin, which evolves with them in order
//! but stops before an action while it has as many actions as the room
//! less the delay. So the twin is the room exactly as it stood when it had
//! that many actions, and every spectator's view, replay and record while
//! the game runs is rendered from it, with the same code as any other
//! view: nothing of a later ply can reach a spectator. Once the game is
//! over, spectators see it whole.

use lodestone_protocol::{RoomStatus, codes};

use super::core::{Lag, RoomCore};
use super::event::{Recorded, RoomEvent, SpectatorPolicy};
use super::refusal::Refusal;

impl Lag {
    pub(super) fn new(delay: u32, twin: RoomCore) -> Lag {
        Lag {
            delay: delay as usize,
            twin: Box::new(twin),
            queue: Default::default(),
        }
    }

    /// The room evolved with `recorded` and now has `actions` actions:
    /// the twin takes what it may.
    pub(super) fn note(&mut self, recorded: &Recorded, actions: usize) {
        self.queue.push_back(recorded.clone());
        while let Some(next) = self.queue.front() {
            let is_action = matches!(next.event, RoomEvent::Action { .. });
            if is_action && self.twin.log_len() + self.delay >= actions {
                break;
            }
            let next = self.queue.pop_front().expect("a queued event");
            if let Err(e) = self.twin.evolve(&next) {
                tracing::error!(room = %self.twin.id(), error = %e.message, "the spectators' twin refused an event");
            }
        }
    }

    pub(super) fn twin(&self) -> &RoomCore {
        &self.twin
    }
}

impl RoomCore {
    /// The room as spectators see it now, when it differs from the room:
    /// while its game runs with a delay.
    pub fn lagging(&self) -> Option<&RoomCore> {
        self.lag()
            .filter(|_| self.status() == RoomStatus::Playing)
            .map(Lag::twin)
    }

    /// Whether `guest`, without a seat, may watch (replay, read the
    /// record of) this room with `invite`: the room's invite when it is
    /// private or its spectators come by link, never while the game is
    /// not over when spectators are off. A seated guest always may.
    pub(super) fn check_spectator(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
        self.check_not_gone()?;
        self.check_spectator_policy(guest, invite)
    }

    /// [`RoomCore::check_spectator`] of a room that may be gone (its
    /// record is still read).
    pub(super) fn check_spectator_policy(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
        if self.seat_of(guest).is_some() {
            return Ok(());
        }
        let over = matches!(self.status(), RoomStatus::Finished | RoomStatus::Closed);
        if self.spectators().policy == SpectatorPolicy::Off && !over {
            return Err(Refusal::new(
                codes::NO_SPECTATORS,
                "this room takes no spectators while its game is not over",
            ));
        }
        match self.invite() {
            Some(code) if invite != Some(code) => Err(Refusal::new(
                codes::INVITE_REQUIRED,
                if self.is_public() {
                    "this room's spectators come with its invite code (a link from a player)"
                } else {
                    "this room is private: its invite code is needed"
                },
            )),
            _ => Ok(()),
        }
    }

    /// Whether `guest` may take a seat with `invite`: a private room's
    /// needs its invite (a public room's invite is only for spectators).
    pub(super) fn check_join_invite(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
        self.check_not_gone()?;
        match self.invite() {
            Some(code) if !self.is_public() && self.seat_of(guest).is_none() && invite != Some(code) => {
                Err(Refusal::new(
                    codes::INVITE_REQUIRED,
                    "this room is private: its invite code is needed",
                ))
            }
            _ => Ok(()),
        }
    }

    /// The plies a spectator may see now (all of them unless the game runs
    /// with a delay).
    pub fn spectator_plies(&self) -> usize {
        self.lagging().map_or(self.log_len(), RoomCore::log_len)
    }
}
