//! The game's own course in a room: the start, a seat's action, a timer
//! or clock that runs out, an open room's expiry, and what follows any of
//! them (chance's actions and the end). Each decides its events; the room
//! evolves with them as they are decided (`RoomCore::push`). A table
//! action that says the version it was chosen at is refused once the room
//! has moved on (`RoomCore::moved_on`).

use lodestone_protocol::{Detail, RoomStatus, codes};
use lodestone_rules::{ErrorCode, Millis, Seat};

use super::core::RoomCore;
use super::event::{Recorded, RoomEvent};
use super::lifecycle::Gone;
use super::refusal::Refusal;
use super::seating::Player;

impl RoomCore {
    /// Starts the game once every seat is taken.
    pub fn start(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
        if self.status() != RoomStatus::Open {
            return Err(Refusal::detailed(
                codes::ALREADY_STARTED,
                lodestone_protocol::Detail::AlreadyStarted {
                    action: lodestone_protocol::Action::StartGame,
                },
            ));
        }
        if self.seat_of(&player.id).is_none() {
            return Err(Refusal::new(
                codes::NOT_SEATED,
                "only a seated player can start the game",
            ));
        }
        let free = self.seating().seats().iter().filter(|s| s.is_none()).count();
        if free > 0 {
            return Err(Refusal::detailed(
                codes::SEATS_NOT_FULL,
                Detail::SeatsNotFull { count: free as u64 },
            ));
        }
        let mut events = Vec::new();
        self.push(&mut events, now, RoomEvent::Started)?;
        self.after_change(Millis(0), &mut events);
        Ok(events)
    }

    /// Milliseconds since the game started, never less than the last
    /// action's time.
    pub(super) fn game_time(&self, now: u64) -> Millis {
        let since = now.saturating_sub(self.started_at().unwrap_or(now));
        Millis(since.max(self.log().last_at()))
    }

    /// The seat `player` plays in a game being played, or why it cannot
    /// act.
    pub(super) fn playing_seat(&self, player: &Player) -> Result<Seat, Refusal> {
        self.check_not_gone()?;
        match self.status() {
            RoomStatus::Open => return Err(Refusal::new(codes::NOT_STARTED, "the game has not started")),
            RoomStatus::Finished | RoomStatus::Closed => {
                return Err(Refusal::new(codes::GAME_OVER, "the game is over"));
            }
            RoomStatus::Playing => {}
        }
        self.seat_of(&player.id)
            .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "spectators cannot act: you hold no seat here"))
    }

    /// Plays `text` for the guest's seat.
    pub fn act(&mut self, player: &Player, text: &str, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let seat = self.playing_seat(player)?;
        let at = self.game_time(now);
        let action = self
            .game()
            .parse_action(text)
            .map_err(|e| Refusal::new(codes::BAD_NOTATION, e.message))?;
        // The server's own actions (a timeout) are refused from a player;
        // where the rules would refuse them anyway, with the rules' reason.
        if self.game().is_server_action(&action) {
            self.game()
                .clone()
                .apply(seat, &action, at)
                .map_err(|e| Refusal::new(e.code, e.message))?;
            return Err(Refusal::new(
                ErrorCode::IllegalAction,
                format!(
                    "{action} is recorded by the server when a turn's time runs out, never sent by a player"
                ),
            ));
        }
        let mut events = Vec::new();
        self.push_action(&mut events, seat, action, at)?;
        self.after_change(at, &mut events);
        Ok(events)
    }

    /// When the running turn timer or the room's clock runs out, as a
    /// wall-clock time.
    pub fn deadline(&self) -> Option<u64> {
        if self.status() != RoomStatus::Playing {
            return None;
        }
        let started = self.started_at()?;
        let timer = self.game().deadline().map(|d| d.at.0);
        let clock = self.table().clocks().deadline().map(|(_, at)| at);
        timer.into_iter().chain(clock).min().map(|at| started + at)
    }

    /// Applies the timer's action, or the loss on time of a seat whose
    /// clock ran out, if its deadline has passed at `now`.
    pub fn fire_timer(&mut self, now: u64) -> Option<Vec<Recorded>> {
        if self.status() != RoomStatus::Playing {
            return None;
        }
        let started = self.started_at()?;
        let timer = self.game().deadline().map(|d| d.at.0);
        if let Some((seat, at)) = self.table().clocks().deadline()
            && started + at <= now
            && timer.is_none_or(|t| at <= t)
        {
            return self.out_of_time(seat, Millis(at));
        }
        let deadline = self.game().deadline()?;
        if started + deadline.at.0 > now {
            return None;
        }
        let at = Millis(deadline.at.0.max(self.log().last_at()));
        let mut events = Vec::new();
        if let Err(e) = self.push_action(&mut events, deadline.seat, deadline.action, at) {
            tracing::error!(room = %self.id(), error = %e.message, "the rules refused their own timeout");
            return None;
        }
        self.after_change(at, &mut events);
        Some(events)
    }

    /// When an open room expires if nobody starts it, `ttl` milliseconds
    /// after its creation.
    pub fn expires_at(&self, ttl: Option<u64>) -> Option<u64> {
        match (self.status(), self.is_gone(), ttl) {
            (RoomStatus::Open, false, Some(ttl)) => Some(self.created_at().saturating_add(ttl)),
            _ => None,
        }
    }

    /// Closes the room for good if it is open and its time ran out at `now`.
    pub fn expire(&mut self, now: u64, ttl: Option<u64>) -> Option<Vec<Recorded>> {
        if self.expires_at(ttl)? > now {
            return None;
        }
        let mut events = Vec::new();
        self.then(&mut events, now, RoomEvent::Expired);
        Some(events)
    }

    /// Refuses anything but reading in a room that is gone for good.
    pub(super) fn check_not_gone(&self) -> Result<(), Refusal> {
        let why = match self.life().gone() {
            None => return Ok(()),
            Some(Gone::Expired) => "this room has expired: nobody started its game in time",
            Some(Gone::Closed) => "this room was closed by its owner",
            Some(Gone::Aborted(_)) => "this room's game was aborted",
            Some(Gone::Abandoned) => "this room's game was abandoned: all its players stayed away",
        };
        Err(Refusal::new(codes::UNKNOWN_ROOM, why))
    }

    /// What follows a change at the game's time `at`: chance's actions
    /// (dealt setups), then the end of the game; added to `events`.
    pub(super) fn after_change(&mut self, at: Millis, events: &mut Vec<Recorded>) {
        loop {
            // The room's secret seed and the log length, hashed, so every
            // draw can be redone from the seed (docs/protocol.md).
            let mut rng = LazyChance::new(self.seed(), self.log().len());
            let dealt = self.game().chance_actions(&mut rng);
            if dealt.is_empty() {
                break;
            }
            for (seat, action) in dealt {
                if let Err(e) = self.push_action(events, seat, action, at) {
                    tracing::error!(room = %self.id(), error = %e.message, "the rules refused their own chance action");
                    return;
                }
            }
        }
        if let Some(result) = self.game().outcome().map(ToString::to_string) {
            let wall = self.wall(at);
            self.then(events, wall, RoomEvent::Finished { result });
        }
    }

    /// Why a table action chosen when the room was at version `at` is
    /// refused: the room changed since. Chat lines do not count (they
    /// make no `update`, so a player may not have seen their versions);
    /// every other event does, the action's own too, so a copy of an
    /// action sent again after a lost reply is never done twice.
    pub(super) fn moved_on(&self, at: u64) -> Option<Refusal> {
        let chat_since = self
            .social()
            .lines()
            .iter()
            .rev()
            .take_while(|l| l.seq > at)
            .count() as u64;
        let changes = self.version().saturating_sub(at).saturating_sub(chat_since);
        (changes > 0).then(|| {
            Refusal::detailed(
                codes::MOVED_ON,
                Detail::MovedOn {
                    seen: at,
                    now: self.version(),
                },
            )
        })
    }
}

/// Chance's generator for a log of `actions` actions
/// (`lodestone_protocol::chance_rng`), made at its first draw: most
/// actions deal nothing, and making it hashes the seed. The draws are
/// the generator's own.
pub(super) struct LazyChance<'a> {
    seed: &'a str,
    actions: usize,
    rng: Option<rand::rngs::ChaCha20Rng>,
}

impl LazyChance<'_> {
    pub(super) fn new(seed: &str, actions: usize) -> LazyChance<'_> {
        LazyChance {
            seed,
            actions,
            rng: None,
        }
    }

    fn rng(&mut self) -> &mut rand::rngs::ChaCha20Rng {
        let (seed, actions) = (self.seed, self.actions);
        self.rng
            .get_or_insert_with(|| lodestone_protocol::chance_rng(seed, actions))
    }
}

impl rand::TryRng for LazyChance<'_> {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(rand::Rng::next_u32(self.rng()))
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(rand::Rng::next_u64(self.rng()))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand::Rng::fill_bytes(self.rng(), dst);
        Ok(())
    }
}
