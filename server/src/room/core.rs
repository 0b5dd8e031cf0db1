//! A room's transitions, without I/O: seats, the game, its log and who
//! watches. Each change (`join`, `leave`, `start`, `act`, `fire_timer`,
//! `expire`, and `after_change` behind them) decides everything and returns
//! the events to store; the room task (`room/task.rs`) stores them, then
//! sends what `room/view.rs` renders. Secrets (the invite, the seed, the
//! salts) come from an injected [`Secrets`], so a test of the core is
//! deterministic.
//!
//! Every change is an event (`room/event.rs`) with the next `seq`, and
//! `version` is the `seq` of the last one: a room restored from its events
//! (`room/restore.rs`) has the version it had. Who is connected is not an
//! event: it changes what watchers see, not the version.

use std::collections::BTreeMap;

use lodestone_protocol::{Code, RoomStatus, SeatRef, codes};
use lodestone_rules::{AnyAction, AnyEvents, AnyGame, ErrorCode, GameKind, Millis, Seat};

use super::event::{Recorded, RoomEvent};
use crate::secrets::{self, Secrets};

/// Identifies one client connection.
pub type ConnId = u64;

/// A guest acting in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
}

/// Why a request was refused: a stable code and a sentence. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
}

impl Refusal {
    pub fn new(code: impl Into<Code>, message: impl Into<String>) -> Refusal {
        Refusal {
            code: code.into(),
            message: message.into(),
        }
    }
}

/// One accepted action.
#[derive(Clone, Debug)]
pub(super) struct Logged {
    pub(super) seat: Seat,
    pub(super) action: AnyAction,
    pub(super) text: String,
    pub(super) at: Millis,
    /// For a secret action: the salt and the commitment sent when it was
    /// played.
    pub(super) secret: Option<(String, String)>,
}

/// A connection watching the room, and as whom.
#[derive(Clone, Debug)]
pub(super) struct Watcher {
    pub(super) guest: String,
    pub(super) seat: Option<Seat>,
}

/// A room.
#[derive(Debug)]
pub struct RoomCore {
    pub(super) id: String,
    pub(super) kind: GameKind,
    pub(super) options: Vec<(String, String)>,
    pub(super) public: bool,
    pub(super) invite: Option<String>,
    pub(super) seed: String,
    pub(super) status: RoomStatus,
    /// Closed for good: nobody started it in time.
    pub(super) expired: bool,
    pub(super) created_at: u64,
    pub(super) seats: Vec<Option<Player>>,
    pub(super) game: AnyGame,
    pub(super) log: Vec<Logged>,
    /// What the log's last action did (for `play.last`).
    pub(super) last_events: Option<AnyEvents>,
    pub(super) started_at: Option<u64>,
    /// The `seq` of the last event.
    pub(super) version: u64,
    pub(super) watchers: BTreeMap<ConnId, Watcher>,
    /// Where the invite, the seed and the salts come from.
    secrets: Box<dyn Secrets>,
}

impl RoomCore {
    /// A new open room. Options are checked by the rules; the game decides
    /// the seats. Returns the room and its first event.
    pub fn create(
        id: String,
        game: &str,
        options: &BTreeMap<String, String>,
        public: bool,
        now: u64,
        mut secrets: Box<dyn Secrets>,
    ) -> Result<(RoomCore, Vec<Recorded>), Refusal> {
        let kind: GameKind = game
            .parse()
            .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
        let pairs: Vec<(&String, &String)> = options.iter().collect();
        let game = AnyGame::new(kind, &pairs).map_err(|e| Refusal::new(codes::BAD_OPTION, e.message))?;
        let invite = (!public).then(|| secrets.invite());
        let seed = secrets.seed();
        let mut room = RoomCore::new(id, game, secrets);
        let created = RoomEvent::Created {
            game: kind,
            options: room.options.clone(),
            public,
            invite,
            seed,
        };
        let events = vec![room.record(now, created)];
        Ok((room, events))
    }

    /// An empty room of `game`; its `Created` event fills it in.
    pub(super) fn new(id: String, game: AnyGame, secrets: Box<dyn Secrets>) -> RoomCore {
        let options = game
            .option_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        RoomCore {
            id,
            kind: game.kind(),
            options,
            public: true,
            invite: None,
            seed: String::new(),
            status: RoomStatus::Open,
            expired: false,
            created_at: 0,
            seats: vec![None; game.seat_count()],
            game,
            log: Vec::new(),
            last_events: None,
            started_at: None,
            version: 0,
            watchers: BTreeMap::new(),
            secrets,
        }
    }

    /// Gives `event` the next `seq` (the room's new version).
    fn record(&mut self, at: u64, event: RoomEvent) -> Recorded {
        if let RoomEvent::Created {
            public, invite, seed, ..
        } = &event
        {
            self.public = *public;
            self.invite = invite.clone();
            self.seed = seed.clone();
            self.created_at = at;
        }
        self.version += 1;
        Recorded {
            seq: self.version,
            at,
            event,
        }
    }

    pub(super) fn seat_of(&self, guest: &str) -> Option<Seat> {
        seat_of(&self.seats, guest)
    }

    pub(super) fn check_invite(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
        if self.expired {
            return Err(Refusal::new(
                codes::UNKNOWN_ROOM,
                "this room has expired: nobody started its game in time",
            ));
        }
        match &self.invite {
            Some(code) if self.seat_of(guest).is_none() && invite != Some(code.as_str()) => {
                Err(Refusal::new(
                    codes::INVITE_REQUIRED,
                    "this room is private: its invite code is needed",
                ))
            }
            _ => Ok(()),
        }
    }

    fn resolve_seat(&self, seat: &SeatRef) -> Result<Seat, Refusal> {
        let found = match seat {
            SeatRef::Index(i) => (usize::from(*i) < self.seats.len()).then_some(Seat(*i)),
            SeatRef::Name(name) => self.game.parse_seat(name),
        };
        found.ok_or_else(|| {
            let names: Vec<String> = (0..self.seats.len() as u8)
                .map(|s| self.game.seat_name(Seat(s)))
                .collect();
            Refusal::new(
                codes::NO_SUCH_SEAT,
                format!(
                    "{} has no seat {seat} (its seats: {})",
                    self.kind,
                    names.join(", ")
                ),
            )
        })
    }

    /// Takes a seat (and watches the room from it). Taking one's own seat
    /// again just watches.
    pub fn join(
        &mut self,
        conn: ConnId,
        player: &Player,
        seat: Option<&SeatRef>,
        invite: Option<&str>,
        now: u64,
    ) -> Result<(Seat, Vec<Recorded>), Refusal> {
        self.check_invite(&player.id, invite)?;
        if let Some(own) = self.seat_of(&player.id) {
            if seat.is_some_and(|s| self.resolve_seat(s).ok() != Some(own)) {
                return Err(Refusal::new(
                    codes::ALREADY_SEATED,
                    format!("you already hold seat {} here", self.game.seat_name(own)),
                ));
            }
            self.watch_as(conn, player, Some(own));
            return Ok((own, Vec::new()));
        }
        if self.status != RoomStatus::Open {
            return Err(Refusal::new(
                codes::ALREADY_STARTED,
                "the game has started: seats can no longer be taken",
            ));
        }
        let seat = match seat {
            Some(s) => {
                let seat = self.resolve_seat(s)?;
                if let Some(holder) = &self.seats[seat.index()] {
                    return Err(Refusal::new(
                        codes::SEAT_TAKEN,
                        format!("seat {} is taken by {}", self.game.seat_name(seat), holder.name),
                    ));
                }
                seat
            }
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .map(|i| Seat(i as u8))
                .ok_or_else(|| Refusal::new(codes::ROOM_FULL, "every seat is taken"))?,
        };
        self.seats[seat.index()] = Some(player.clone());
        self.watch_as(conn, player, Some(seat));
        let taken = RoomEvent::SeatTaken {
            seat,
            guest: player.id.clone(),
            name: player.name.clone(),
        };
        Ok((seat, vec![self.record(now, taken)]))
    }

    /// Gives up a seat before the game starts.
    pub fn leave(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        if self.expired {
            return Err(Refusal::new(codes::UNKNOWN_ROOM, "this room has expired"));
        }
        let seat = self
            .seat_of(&player.id)
            .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "you hold no seat in this room"))?;
        if self.status != RoomStatus::Open {
            return Err(Refusal::new(
                codes::ALREADY_STARTED,
                "the game has started: seats cannot be left",
            ));
        }
        self.seats[seat.index()] = None;
        for w in self.watchers.values_mut().filter(|w| w.guest == player.id) {
            w.seat = None;
        }
        Ok(vec![self.record(now, RoomEvent::SeatFreed { seat })])
    }

    /// Starts the game once every seat is taken.
    pub fn start(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        if self.expired {
            return Err(Refusal::new(codes::UNKNOWN_ROOM, "this room has expired"));
        }
        if self.status != RoomStatus::Open {
            return Err(Refusal::new(
                codes::ALREADY_STARTED,
                "the game has already started",
            ));
        }
        if self.seat_of(&player.id).is_none() {
            return Err(Refusal::new(
                codes::NOT_SEATED,
                "only a seated player can start the game",
            ));
        }
        let free = self.seats.iter().filter(|s| s.is_none()).count();
        if free > 0 {
            return Err(Refusal::new(
                codes::SEATS_NOT_FULL,
                format!(
                    "{free} seat{} still free",
                    if free == 1 { " is" } else { "s are" }
                ),
            ));
        }
        self.status = RoomStatus::Playing;
        self.started_at = Some(now);
        let mut events = vec![self.record(now, RoomEvent::Started)];
        events.extend(self.after_change(Millis(0)));
        Ok(events)
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
        self.watch_as(conn, player, seat);
        Ok(seat)
    }

    fn watch_as(&mut self, conn: ConnId, player: &Player, seat: Option<Seat>) {
        self.watchers.insert(
            conn,
            Watcher {
                guest: player.id.clone(),
                seat,
            },
        );
    }

    /// Stops `conn` watching. Returns whether anything others see changed
    /// (a seat's presence; the version stays).
    pub fn unwatch(&mut self, conn: ConnId) -> bool {
        let was_connected = self.connected_seats();
        let removed = self.watchers.remove(&conn).is_some();
        removed && self.connected_seats() != was_connected
    }

    /// Milliseconds since the game started, never less than the last
    /// action's time.
    pub(super) fn game_time(&self, now: u64) -> Millis {
        let since = now.saturating_sub(self.started_at.unwrap_or(now));
        Millis(since.max(self.log.last().map_or(0, |l| l.at.0)))
    }

    /// Plays `text` for the guest's seat.
    pub fn act(&mut self, player: &Player, text: &str, now: u64) -> Result<Vec<Recorded>, Refusal> {
        match self.status {
            RoomStatus::Open => return Err(Refusal::new(codes::NOT_STARTED, "the game has not started")),
            RoomStatus::Finished => return Err(Refusal::new(codes::GAME_OVER, "the game is over")),
            RoomStatus::Playing => {}
        }
        let seat = self
            .seat_of(&player.id)
            .ok_or_else(|| Refusal::new(codes::NOT_SEATED, "spectators cannot act: you hold no seat here"))?;
        let at = self.game_time(now);
        let action = self
            .game
            .parse_action(text)
            .map_err(|e| Refusal::new(codes::BAD_NOTATION, e.message))?;
        // The server's own actions (a timeout) are refused from a player;
        // where the rules would refuse them anyway, with the rules' reason.
        if self.game.is_server_action(&action) {
            self.game
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
        let events = self
            .game
            .apply_with_events(seat, &action, at)
            .map_err(|e| Refusal::new(e.code, e.message))?;
        let mut events = vec![self.log_action(seat, action, at, events)];
        events.extend(self.after_change(at));
        Ok(events)
    }

    /// When the running turn timer runs out, as a wall-clock time.
    pub fn deadline(&self) -> Option<u64> {
        if self.status != RoomStatus::Playing {
            return None;
        }
        let started = self.started_at?;
        self.game.deadline().map(|d| started + d.at.0)
    }

    /// Applies the timer's action if the deadline has passed at `now`.
    pub fn fire_timer(&mut self, now: u64) -> Option<Vec<Recorded>> {
        let deadline = self.game.deadline()?;
        if self.status != RoomStatus::Playing || self.started_at? + deadline.at.0 > now {
            return None;
        }
        let at = Millis(deadline.at.0.max(self.log.last().map_or(0, |l| l.at.0)));
        let applied = match self.game.apply_with_events(deadline.seat, &deadline.action, at) {
            Ok(applied) => applied,
            Err(e) => {
                tracing::error!(room = %self.id, error = %e, "the rules refused their own timeout");
                return None;
            }
        };
        let mut events = vec![self.log_action(deadline.seat, deadline.action, at, applied)];
        events.extend(self.after_change(at));
        Some(events)
    }

    /// When an open room expires if nobody starts it, `ttl` milliseconds
    /// after its creation.
    pub fn expires_at(&self, ttl: Option<u64>) -> Option<u64> {
        match (self.status, self.expired, ttl) {
            (RoomStatus::Open, false, Some(ttl)) => Some(self.created_at.saturating_add(ttl)),
            _ => None,
        }
    }

    /// Closes the room for good if it is open and its time ran out at `now`.
    pub fn expire(&mut self, now: u64, ttl: Option<u64>) -> Option<Vec<Recorded>> {
        if self.expires_at(ttl)? > now {
            return None;
        }
        self.expired = true;
        Some(vec![self.record(now, RoomEvent::Expired)])
    }

    /// Appends an applied action to the log (with what it did), committing
    /// to it if it is secret; returns its event.
    fn log_action(&mut self, seat: Seat, action: AnyAction, at: Millis, applied: AnyEvents) -> Recorded {
        self.last_events = Some(applied);
        let text = action.to_string();
        let secret = self.game.is_secret(&action).then(|| {
            let salt = self.secrets.salt();
            let commitment = secrets::commitment(&salt, &text);
            (salt, commitment)
        });
        let event = RoomEvent::Action {
            seat,
            action: text.clone(),
            at,
            salt: secret.as_ref().map(|(s, _)| s.clone()),
        };
        self.log.push(Logged {
            seat,
            action,
            text,
            at,
            secret,
        });
        let wall = self.started_at.unwrap_or(self.created_at) + at.0;
        self.record(wall, event)
    }

    /// Chance's actions (dealt setups) and the end of the game.
    fn after_change(&mut self, at: Millis) -> Vec<Recorded> {
        let mut events = Vec::new();
        loop {
            // The room's secret seed and the log length, hashed, so every
            // draw can be redone from the seed (docs/protocol.md).
            let mut rng = lodestone_protocol::chance_rng(&self.seed, self.log.len());
            let dealt = self.game.chance_actions(&mut rng);
            if dealt.is_empty() {
                break;
            }
            for (seat, action) in dealt {
                let applied = match self.game.apply_with_events(seat, &action, at) {
                    Ok(applied) => applied,
                    Err(e) => {
                        tracing::error!(room = %self.id, error = %e, "the rules refused their own chance action");
                        return events;
                    }
                };
                events.push(self.log_action(seat, action, at, applied));
            }
        }
        if let Some(outcome) = self.game.outcome() {
            self.status = RoomStatus::Finished;
            let result = outcome.to_string();
            let wall = self.started_at.unwrap_or(self.created_at) + at.0;
            events.push(self.record(wall, RoomEvent::Finished { result }));
        }
        events
    }
}

/// The seat `guest` holds among `seats`.
pub(super) fn seat_of(seats: &[Option<Player>], guest: &str) -> Option<Seat> {
    seats
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| p.id == guest))
        .map(|i| Seat(i as u8))
}
