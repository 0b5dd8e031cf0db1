//! A room's state and its game's transitions, without I/O: seats, the
//! game, its log and who watches. Each change (`start`, `act`,
//! `fire_timer`, `expire`, and `after_change` behind them; the seats'
//! changes are in `room/seats.rs`, the table's (resign, draws, abort) in
//! `room/table.rs`) decides everything and returns the events to store;
//! the room task (`room/task.rs`) stores them, then sends what
//! `room/view.rs` renders. Secrets (the invite, the seed, the
//! salts) come from an injected [`Secrets`], so a test of the core is
//! deterministic.
//!
//! Every change is an event (`room/event.rs`) with the next `seq`, and
//! `version` is the `seq` of the last one: a room restored from its events
//! (`room/restore.rs`) has the version it had. Who is connected is not an
//! event: it changes what watchers see, not the version.

use std::collections::BTreeMap;

use lodestone_protocol::{Code, RoomStatus, codes};
use lodestone_rules::{
    AnyAction, AnyEvents, AnyGame, ErrorCode, GameKind, Millis, Outcome, Seat, TableEvent,
};

use super::event::{AbsentPolicy, Owner, Recorded, RoomEvent};
use super::social::Social;
use super::timing::{Clocks, TimeControl};
use crate::secrets::{self, Secrets};

/// Identifies one client connection.
pub type ConnId = u64;

/// A guest acting in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
    /// A computer player (bots never own a room).
    pub bot: bool,
    /// A bot account: an account a program plays through the protocol
    /// (a person's seat in every other way).
    pub bot_account: bool,
}

impl Player {
    /// A person.
    pub fn person(id: impl Into<String>, name: impl Into<String>) -> Player {
        Player {
            id: id.into(),
            name: name.into(),
            bot: false,
            bot_account: false,
        }
    }
}

/// Why a room is gone for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// Nobody started it in time.
    Expired,
    /// Its owner closed it before the start.
    Closed,
    /// Its game was aborted before every seat had moved.
    Aborted,
    /// Every person in its game stayed absent too long.
    Abandoned,
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
    /// A bot standing in for an absent person: it does not make the
    /// seat present.
    pub(super) stand_in: bool,
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
    /// Closed for good, and why.
    pub(super) gone: Option<Gone>,
    /// The guest who owns the room.
    pub(super) owner: Option<Owner>,
    /// The seat whose draw offer waits for an answer.
    pub(super) draw_offer: Option<Seat>,
    /// The table events (resignations, a draw agreed) with the number of
    /// logged actions before each, for the record's headers.
    pub(super) table_events: Vec<(usize, TableEvent)>,
    /// The room's clocks (option `clock`).
    pub(super) clocks: Clocks,
    /// What happens when a player is absent (option `absent`).
    pub(super) absent_policy: AbsentPolicy,
    /// Whether the game changes its players' ratings (option `rated`).
    pub(super) rated: bool,
    /// Whether bot accounts may play people in this rated room (option
    /// `rated-bots`).
    pub(super) rated_bots: bool,
    /// Each seat: absent (stored as events).
    pub(super) absent: Vec<bool>,
    /// Each seat: since when (wall ms) no connection watches from it; not
    /// stored.
    pub(super) away_since: Vec<Option<u64>>,
    /// Each seat: since when (wall ms) it is absent.
    pub(super) absent_since: Vec<Option<u64>>,
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
    /// The chat and the rematch (`room/chat.rs`, `room/rematch.rs`).
    pub(super) social: Social,
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
        owner: &Player,
        now: u64,
        mut secrets: Box<dyn Secrets>,
    ) -> Result<(RoomCore, Vec<Recorded>), Refusal> {
        let kind: GameKind = game
            .parse()
            .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
        // The room's own option; the rest are the game's.
        let clock: TimeControl = match options.get("clock") {
            Some(text) => text
                .parse()
                .map_err(|e: String| Refusal::new(codes::BAD_OPTION, e))?,
            None => TimeControl::None,
        };
        let absent: AbsentPolicy = match options.get("absent") {
            Some(text) => text
                .parse()
                .map_err(|e: String| Refusal::new(codes::BAD_OPTION, e))?,
            None => AbsentPolicy::Wait,
        };
        let rated = match options.get("rated") {
            Some(text) => parse_rated(text).map_err(|e| Refusal::new(codes::BAD_OPTION, e))?,
            None => false,
        };
        let rated_bots = match options.get("rated-bots") {
            Some(text) => parse_rated(text)
                .map_err(|e| Refusal::new(codes::BAD_OPTION, e.replace("rated", "rated-bots")))?,
            None => false,
        };
        let pairs: Vec<(&String, &String)> = options
            .iter()
            .filter(|(k, _)| !["clock", "absent", "chat", "rated", "rated-bots"].contains(&k.as_str()))
            .collect();
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
            owner: Some(Owner {
                guest: owner.id.clone(),
                name: owner.name.clone(),
            }),
            clock,
            absent,
            rated,
            rated_bots,
        };
        let mut events = vec![room.record(now, created)];
        // The room's option `chat`: off is an event of its own.
        match options
            .get("chat")
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref()
        {
            None | Some("on") => {}
            Some("off") => events.push(room.record(now, RoomEvent::ChatSet { on: false })),
            Some(other) => {
                return Err(Refusal::new(
                    codes::BAD_OPTION,
                    format!("chat {other:?} is not on or off"),
                ));
            }
        }
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
            gone: None,
            owner: None,
            draw_offer: None,
            table_events: Vec::new(),
            clocks: Clocks::default(),
            absent_policy: AbsentPolicy::Wait,
            rated: false,
            rated_bots: false,
            absent: vec![false; game.seat_count()],
            away_since: vec![None; game.seat_count()],
            absent_since: vec![None; game.seat_count()],
            created_at: 0,
            seats: vec![None; game.seat_count()],
            game,
            log: Vec::new(),
            last_events: None,
            started_at: None,
            version: 0,
            watchers: BTreeMap::new(),
            social: Social::default(),
            secrets,
        }
    }

    /// Gives `event` the next `seq` (the room's new version).
    pub(super) fn record(&mut self, at: u64, event: RoomEvent) -> Recorded {
        if let RoomEvent::Created {
            public,
            invite,
            seed,
            owner,
            clock,
            absent,
            rated,
            rated_bots,
            ..
        } = &event
        {
            self.absent_policy = *absent;
            self.rated = *rated;
            self.rated_bots = *rated_bots;
            self.clocks = Clocks::new(*clock, self.seats.len());
            self.public = *public;
            self.invite = invite.clone();
            self.seed = seed.clone();
            self.owner = owner.clone();
            self.created_at = at;
        }
        self.version += 1;
        let recorded = Recorded {
            seq: self.version,
            at,
            event,
        };
        self.social.note(&recorded);
        recorded
    }

    /// Starts the game once every seat is taken.
    pub fn start(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_not_gone()?;
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
        self.clocks.after(None, 0, self.game.to_act());
        events.extend(self.after_change(Millis(0)));
        Ok(events)
    }

    /// Milliseconds since the game started, never less than the last
    /// action's time.
    pub(super) fn game_time(&self, now: u64) -> Millis {
        let since = now.saturating_sub(self.started_at.unwrap_or(now));
        Millis(since.max(self.log.last().map_or(0, |l| l.at.0)))
    }

    /// The seat `player` plays in a game being played, or why it cannot
    /// act.
    pub(super) fn playing_seat(&self, player: &Player) -> Result<Seat, Refusal> {
        self.check_not_gone()?;
        match self.status {
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
        // A draw offer lapses when its seat moves.
        if self.draw_offer == Some(seat) {
            self.draw_offer = None;
        }
        let mut events = vec![self.log_action(seat, action, at, events)];
        events.extend(self.after_change(at));
        Ok(events)
    }

    /// When the running turn timer or the room's clock runs out, as a
    /// wall-clock time.
    pub fn deadline(&self) -> Option<u64> {
        if self.status != RoomStatus::Playing {
            return None;
        }
        let started = self.started_at?;
        let timer = self.game.deadline().map(|d| d.at.0);
        let clock = self.clocks.deadline().map(|(_, at)| at);
        timer.into_iter().chain(clock).min().map(|at| started + at)
    }

    /// Applies the timer's action, or the loss on time of a seat whose
    /// clock ran out, if its deadline has passed at `now`.
    pub fn fire_timer(&mut self, now: u64) -> Option<Vec<Recorded>> {
        if self.status != RoomStatus::Playing {
            return None;
        }
        let started = self.started_at?;
        let timer = self.game.deadline().map(|d| d.at.0);
        if let Some((seat, at)) = self.clocks.deadline()
            && started + at <= now
            && timer.is_none_or(|t| at <= t)
        {
            return self.out_of_time(seat, Millis(at));
        }
        let deadline = self.game.deadline()?;
        if started + deadline.at.0 > now {
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
        match (self.status, self.gone.is_some(), ttl) {
            (RoomStatus::Open, false, Some(ttl)) => Some(self.created_at.saturating_add(ttl)),
            _ => None,
        }
    }

    /// Closes the room for good if it is open and its time ran out at `now`.
    pub fn expire(&mut self, now: u64, ttl: Option<u64>) -> Option<Vec<Recorded>> {
        if self.expires_at(ttl)? > now {
            return None;
        }
        self.gone = Some(Gone::Expired);
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
        self.clocks.after(Some(seat), at.0, self.game.to_act());
        let wall = self.started_at.unwrap_or(self.created_at) + at.0;
        self.record(wall, event)
    }

    /// How the game ended.
    pub(super) fn outcome(&self) -> Option<&Outcome> {
        self.game.outcome()
    }

    /// Refuses anything but reading in a room that is gone for good.
    pub(super) fn check_not_gone(&self) -> Result<(), Refusal> {
        match self.gone {
            None => Ok(()),
            Some(Gone::Expired) => Err(Refusal::new(
                codes::UNKNOWN_ROOM,
                "this room has expired: nobody started its game in time",
            )),
            Some(Gone::Closed) => Err(Refusal::new(
                codes::UNKNOWN_ROOM,
                "this room was closed by its owner",
            )),
            Some(Gone::Aborted) => Err(Refusal::new(codes::UNKNOWN_ROOM, "this room's game was aborted")),
            Some(Gone::Abandoned) => Err(Refusal::new(
                codes::UNKNOWN_ROOM,
                "this room's game was abandoned: all its players stayed away",
            )),
        }
    }

    /// Chance's actions (dealt setups) and the end of the game.
    pub(super) fn after_change(&mut self, at: Millis) -> Vec<Recorded> {
        let mut events = Vec::new();
        loop {
            // The room's secret seed and the log length, hashed, so every
            // draw can be redone from the seed (docs/protocol.md).
            let mut rng = LazyChance::new(&self.seed, self.log.len());
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
        if let Some(result) = self.outcome().map(Outcome::to_string) {
            self.status = RoomStatus::Finished;
            self.draw_offer = None;
            let wall = self.started_at.unwrap_or(self.created_at) + at.0;
            events.push(self.record(wall, RoomEvent::Finished { result }));
        }
        events
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

/// The seat `guest` holds among `seats`.
pub(super) fn seat_of(seats: &[Option<Player>], guest: &str) -> Option<Seat> {
    seats
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| p.id == guest))
        .map(|i| Seat(i as u8))
}

/// Reads the option `rated`: `yes` or `no` (also `true`/`false`).
fn parse_rated(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        other => Err(format!("rated {other:?} is not yes or no")),
    }
}
