//! A room's logic without I/O: seats, the game, its log, who watches, and
//! the filtered state each viewer gets. The room task (`room/task.rs`) feeds
//! it requests and the clock, stores the events it returns, and sends what
//! it renders; this file decides everything and can be tested alone.
//!
//! Every change is an event (`room/event.rs`) with the next `seq`, and
//! `version` is the `seq` of the last one: a room restored from its events
//! has the version it had. Who is connected is not an event: it changes
//! what watchers see, not the version.

use std::collections::{BTreeMap, BTreeSet};

use lodestone_protocol::{
    ClockState, Code, EffectState, Guest, LastAction, MoveEntry, OutcomeState, PlayState, RiskState,
    RoomState, RoomStatus, RoomSummary, SeatRef, SeatState, board_json, codes,
};
use lodestone_rules::{AnyAction, AnyEvents, AnyGame, ErrorCode, GameKind, Millis, Outcome, Seat, Viewer};

use super::event::{Recorded, RoomEvent};
use crate::secrets;

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
struct Logged {
    seat: Seat,
    action: AnyAction,
    text: String,
    at: Millis,
    /// For a secret action: the salt and the commitment sent when it was
    /// played.
    secret: Option<(String, String)>,
}

/// A connection watching the room, and as whom.
#[derive(Clone, Debug)]
struct Watcher {
    guest: String,
    seat: Option<Seat>,
}

/// What a rollback needs after a failed store.
#[derive(Debug)]
pub struct Checkpoint {
    game: AnyGame,
    log_len: usize,
    last_events: Option<AnyEvents>,
    status: RoomStatus,
    expired: bool,
    seats: Vec<Option<Player>>,
    started_at: Option<u64>,
    version: u64,
}

/// A room.
#[derive(Debug)]
pub struct RoomCore {
    id: String,
    kind: GameKind,
    options: Vec<(String, String)>,
    public: bool,
    invite: Option<String>,
    seed: String,
    status: RoomStatus,
    /// Closed for good: nobody started it in time.
    expired: bool,
    created_at: u64,
    seats: Vec<Option<Player>>,
    game: AnyGame,
    log: Vec<Logged>,
    /// What the log's last action did (for `play.last`).
    last_events: Option<AnyEvents>,
    started_at: Option<u64>,
    /// The `seq` of the last event.
    version: u64,
    watchers: BTreeMap<ConnId, Watcher>,
    /// What the last broadcast told each audience of the log, so the next
    /// can send only what is new.
    sent: BTreeMap<Option<Seat>, Sent>,
}

/// The part of a play state that comes from the rules' view.
#[derive(Clone, Debug)]
pub struct ViewParts {
    position: String,
    board: lodestone_protocol::RawJson,
}

/// What one audience was last sent of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sent {
    /// Entries sent.
    len: usize,
    /// How many of them were concealed from the audience.
    concealed: usize,
    /// Whether the game had ended (salts are shown only then).
    finished: bool,
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
    ) -> Result<(RoomCore, Vec<Recorded>), Refusal> {
        let kind: GameKind = game
            .parse()
            .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
        let pairs: Vec<(&String, &String)> = options.iter().collect();
        let game = AnyGame::new(kind, &pairs).map_err(|e| Refusal::new(codes::BAD_OPTION, e.message))?;
        let mut room = RoomCore::new(id, game);
        let created = RoomEvent::Created {
            game: kind,
            options: room.options.clone(),
            public,
            invite: (!public).then(secrets::new_invite),
            seed: secrets::new_seed(),
        };
        let events = vec![room.record(now, created)];
        Ok((room, events))
    }

    /// An empty room of `game`; its `Created` event fills it in.
    fn new(id: String, game: AnyGame) -> RoomCore {
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
            sent: BTreeMap::new(),
        }
    }

    /// Rebuilds a stored room: a fold over its events, in order.
    pub fn restore(id: &str, events: &[Recorded]) -> Result<RoomCore, String> {
        let Some((first, rest)) = events.split_first() else {
            return Err(format!("room {id} has no events"));
        };
        let RoomEvent::Created {
            game,
            options,
            public,
            invite,
            seed,
        } = &first.event
        else {
            return Err(format!("room {id} does not begin with its creation"));
        };
        let game = AnyGame::new(*game, options).map_err(|e| e.message)?;
        let mut room = RoomCore::new(id.to_string(), game);
        room.public = *public;
        room.invite = invite.clone();
        room.seed = seed.clone();
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
        Ok(room)
    }

    /// Replays one stored event.
    fn apply(&mut self, recorded: &Recorded) -> Result<(), String> {
        match &recorded.event {
            RoomEvent::Created { .. } => return Err("a room is created only once".into()),
            RoomEvent::SeatTaken { seat, guest, name } => {
                let slot = self
                    .seats
                    .get_mut(seat.index())
                    .ok_or_else(|| format!("seat {} is not a seat of this game", seat.0))?;
                *slot = Some(Player {
                    id: guest.clone(),
                    name: name.clone(),
                });
            }
            RoomEvent::SeatFreed { seat } => {
                if let Some(slot) = self.seats.get_mut(seat.index()) {
                    *slot = None;
                }
            }
            RoomEvent::Started => {
                self.status = RoomStatus::Playing;
                self.started_at = Some(recorded.at);
            }
            RoomEvent::Action {
                seat,
                action,
                at,
                salt,
            } => {
                let fail = |e: String| format!("action {action}: {e}");
                let played = self.game.parse_action(action).map_err(|e| fail(e.message))?;
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
            }
            RoomEvent::Finished { .. } => self.status = RoomStatus::Finished,
            RoomEvent::Expired => self.expired = true,
        }
        Ok(())
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

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn status(&self) -> RoomStatus {
        self.status
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref()
    }

    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            game: self.game.clone(),
            log_len: self.log.len(),
            last_events: self.last_events.clone(),
            status: self.status,
            expired: self.expired,
            seats: self.seats.clone(),
            started_at: self.started_at,
            version: self.version,
        }
    }

    /// Undoes everything since `checkpoint` (after the store failed).
    pub fn restore_checkpoint(&mut self, checkpoint: Checkpoint) {
        self.game = checkpoint.game;
        self.log.truncate(checkpoint.log_len);
        self.last_events = checkpoint.last_events;
        self.status = checkpoint.status;
        self.expired = checkpoint.expired;
        self.seats = checkpoint.seats;
        self.started_at = checkpoint.started_at;
        self.version = checkpoint.version;
        for w in self.watchers.values_mut() {
            w.seat = self
                .seats
                .iter()
                .position(|p| p.as_ref().is_some_and(|p| p.id == w.guest))
                .map(|i| Seat(i as u8));
        }
    }

    fn seat_of(&self, guest: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.id == guest))
            .map(|i| Seat(i as u8))
    }

    fn check_invite(&self, guest: &str, invite: Option<&str>) -> Result<(), Refusal> {
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
        self.sent.remove(&None);
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
        // The new watcher has no log yet: its audience's next update must
        // be whole.
        self.sent.remove(&seat);
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

    pub fn is_watching(&self, conn: ConnId) -> bool {
        self.watchers.contains_key(&conn)
    }

    pub fn has_watchers(&self) -> bool {
        !self.watchers.is_empty()
    }

    /// The seats watched from at least one connection. Not stored, and not
    /// counted in the version: a change is sent to watchers with the same
    /// version.
    pub fn connected_seats(&self) -> BTreeSet<Seat> {
        self.watchers.values().filter_map(|w| w.seat).collect()
    }

    /// Milliseconds since the game started, never less than the last
    /// action's time.
    fn game_time(&self, now: u64) -> Millis {
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

    /// Whether the room has expired.
    pub fn is_expired(&self) -> bool {
        self.expired
    }

    /// Appends an applied action to the log (with what it did), committing
    /// to it if it is secret; returns its event.
    fn log_action(&mut self, seat: Seat, action: AnyAction, at: Millis, applied: AnyEvents) -> Recorded {
        self.last_events = Some(applied);
        let text = action.to_string();
        let secret = self.game.conceals(seat, &action, Viewer::Spectator).then(|| {
            let salt = secrets::new_salt();
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

    /// The distinct viewers among the watchers, with their connections.
    pub fn audiences(&self) -> BTreeMap<Option<Seat>, Vec<ConnId>> {
        let mut out: BTreeMap<Option<Seat>, Vec<ConnId>> = BTreeMap::new();
        for (conn, w) in &self.watchers {
            out.entry(w.seat).or_default().push(*conn);
        }
        out
    }

    /// The room as `viewer` (a seat, or a spectator) may see it at `now`,
    /// with the whole log.
    pub fn state_for(&self, viewer: Option<Seat>, now: u64) -> RoomState {
        self.render(viewer, now, 0)
    }

    /// The room as `viewer`'s audience may see it, for a broadcast: with
    /// only the log entries the audience has not been sent, unless older
    /// entries changed for it (an action revealed, salts at the end).
    /// Remembers what it sent.
    /// `shared`: the view parts, when every audience sees the same view.
    pub fn broadcast_state_for(
        &mut self,
        viewer: Option<Seat>,
        now: u64,
        shared: Option<&ViewParts>,
    ) -> RoomState {
        let rules_viewer = Self::rules_viewer(viewer);
        let finished = self.status == RoomStatus::Finished;
        // Only an action that was secret when played can be concealed.
        let concealed = |upto: usize| {
            self.log[..upto]
                .iter()
                .filter(|l| l.secret.is_some() && self.game.conceals(l.seat, &l.action, rules_viewer))
                .count()
        };
        let from = match self.sent.get(&viewer) {
            Some(sent)
                if sent.len <= self.log.len()
                    && sent.finished == finished
                    && concealed(sent.len) == sent.concealed =>
            {
                sent.len
            }
            _ => 0,
        };
        let state = self.render_with(viewer, now, from, shared);
        let len = self.log.len();
        let sent = Sent {
            len,
            concealed: concealed(len),
            finished,
        };
        self.sent.insert(viewer, sent);
        state
    }

    /// The view parts of a play state for `viewer`: the position text and
    /// the board.
    pub fn view_parts(&self, viewer: Option<Seat>) -> ViewParts {
        let view = self.game.view(Self::rules_viewer(viewer));
        ViewParts {
            position: view.to_string(),
            board: board_json(&view),
        }
    }

    /// Whether every audience sees the same view now (then a broadcast
    /// builds it once).
    pub fn views_differ(&self) -> bool {
        self.game.views_differ()
    }

    fn render(&self, viewer: Option<Seat>, now: u64, from: usize) -> RoomState {
        self.render_with(viewer, now, from, None)
    }

    fn render_with(
        &self,
        viewer: Option<Seat>,
        now: u64,
        from: usize,
        shared: Option<&ViewParts>,
    ) -> RoomState {
        let connected = self.connected_seats();
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(i as u8);
                SeatState {
                    seat: seat.0,
                    name: self.game.seat_name(seat),
                    color: self.game.seat_color(seat),
                    team: self.game.team(seat),
                    player: p.as_ref().map(|p| Guest {
                        id: p.id.clone(),
                        name: p.name.clone(),
                    }),
                    connected: connected.contains(&seat),
                }
            })
            .collect();
        RoomState {
            id: self.id.clone(),
            game: self.kind.name().to_string(),
            options: self.options.iter().cloned().collect(),
            public: self.public,
            invite: viewer.and(self.invite.clone()),
            status: self.status,
            seed_commitment: lodestone_protocol::seed_commitment(&self.seed),
            seed: (self.status == RoomStatus::Finished).then(|| self.seed.clone()),
            seats,
            you: viewer.map(|s| s.0),
            play: (self.status != RoomStatus::Open).then(|| self.play_for(viewer, now, from, shared)),
        }
    }

    fn rules_viewer(viewer: Option<Seat>) -> Viewer {
        viewer.map_or(Viewer::Spectator, Viewer::Seat)
    }

    fn play_for(&self, viewer: Option<Seat>, now: u64, from: usize, shared: Option<&ViewParts>) -> PlayState {
        let rules_viewer = Self::rules_viewer(viewer);
        let parts = match shared {
            Some(parts) => parts.clone(),
            None => self.view_parts(viewer),
        };
        let to_act = self.game.to_act();
        let finished = self.status == RoomStatus::Finished;
        let moves = self.log[from..]
            .iter()
            .enumerate()
            .map(|(i, l)| (i + from, l))
            .map(|(i, l)| {
                let hidden = self.game.conceals(l.seat, &l.action, rules_viewer);
                MoveEntry {
                    ply: i as u32 + 1,
                    seat: l.seat.0,
                    action: (!hidden).then(|| l.text.clone()),
                    commitment: l.secret.as_ref().map(|(_, c)| c.clone()),
                    salt: l.secret.as_ref().filter(|_| finished).map(|(s, _)| s.clone()),
                }
            })
            .collect();
        let mut promotions = BTreeMap::new();
        let legal = match viewer {
            Some(seat) if to_act.contains(seat) => {
                // Offers never hold the server's own actions (a timeout).
                let mut legal = Vec::new();
                for (action, extras) in self.game.offers(seat) {
                    if !extras.is_empty() {
                        promotions.insert(action.clone(), extras);
                    }
                    legal.push(action);
                }
                legal
            }
            _ => Vec::new(),
        };
        let clock = self
            .game
            .deadline()
            .zip(self.started_at)
            .map(|(d, started)| ClockState {
                seat: d.seat.0,
                remaining_ms: (started + d.at.0).saturating_sub(now),
            });
        // What the last action did, as this viewer may know it; the risks
        // of the offered actions, for a seat to act.
        let last = self
            .log
            .last()
            .zip(self.last_events.as_ref())
            .map(|(l, events)| LastAction {
                ply: self.log.len() as u32,
                seat: l.seat.0,
                effects: self
                    .game
                    .effects(l.seat, events, rules_viewer)
                    .iter()
                    .map(EffectState::from)
                    .collect(),
            });
        let risks = match viewer {
            Some(seat) if !legal.is_empty() => self
                .game
                .risks(seat, self.game_time(now))
                .into_iter()
                .map(|(action, risk)| (action, RiskState::from(risk)))
                .collect(),
            _ => BTreeMap::new(),
        };
        PlayState {
            position: parts.position,
            board: parts.board,
            to_act: to_act.iter().map(|s| s.0).collect(),
            legal,
            promotions,
            moves,
            moves_from: from as u32,
            outcome: self.game.outcome().map(outcome_state),
            clock,
            last,
            risks,
        }
    }

    /// The line of the public room list.
    pub fn summary(&self) -> RoomSummary {
        RoomSummary {
            id: self.id.clone(),
            game: self.kind.name().to_string(),
            options: self.options.iter().cloned().collect(),
            seats: self.seats.len() as u8,
            taken: self.seats.iter().filter(|s| s.is_some()).count() as u8,
            players: self.seats.iter().flatten().map(|p| p.name.clone()).collect(),
        }
    }

    pub fn is_public(&self) -> bool {
        self.public
    }

    /// The guests holding seats.
    pub fn seated_guests(&self) -> Vec<String> {
        self.seats.iter().flatten().map(|p| p.id.clone()).collect()
    }

    /// The game record (NOTATION.md) as `guest` may see it: while the game
    /// runs, actions still secret from the viewer appear only as comments
    /// with their commitment; once it is over, everything, with the salts of
    /// the commitments and the room's seed.
    pub fn record_for(&self, guest: Option<&str>, invite: Option<&str>) -> Result<String, Refusal> {
        if self.invite.is_some() {
            self.check_invite(guest.unwrap_or(""), invite)?;
        }
        let viewer = Self::rules_viewer(guest.and_then(|g| self.seat_of(g)));
        let mut out = format!("[Game \"{}\"]\n", self.kind);
        for (k, v) in &self.options {
            out.push_str(&format!("[Option \"{k}={v}\"]\n"));
        }
        for (i, p) in self.seats.iter().enumerate() {
            if let Some(p) = p {
                let name = p.name.replace('\\', "\\\\").replace('"', "\\\"");
                out.push_str(&format!(
                    "[Seat \"{}={name}\"]\n",
                    self.game.seat_name(Seat(i as u8))
                ));
            }
        }
        out.push_str(&format!("[Room \"{}\"]\n", self.id));
        let finished = self.status == RoomStatus::Finished;
        if let Some(outcome) = self.game.outcome() {
            out.push_str(&format!("[Result \"{outcome}\"]\n"));
        }
        out.push_str(&format!(
            "[SeedCommitment \"{}\"]\n",
            lodestone_protocol::seed_commitment(&self.seed)
        ));
        let order = self.record_order();
        if finished {
            out.push_str(&format!("[Seed \"{}\"]\n", self.seed));
            // Each commitment names its action by its number in this
            // record (action lines from 1), not by the order of play:
            // the record lists simultaneous actions in seat order.
            for (number, &i) in order.iter().enumerate() {
                if let Some((salt, commitment)) = &self.log[i].secret {
                    out.push_str(&format!("[Commitment \"{} {commitment} {salt}\"]\n", number + 1));
                }
            }
        }
        out.push('\n');
        for i in order {
            let l = &self.log[i];
            if self.game.conceals(l.seat, &l.action, viewer) {
                let commitment = l.secret.as_ref().map_or("", |(_, c)| c.as_str());
                out.push_str(&format!(
                    "# ply {}: {}'s secret action, commitment {commitment}\n",
                    i + 1,
                    self.game.seat_name(l.seat)
                ));
            } else {
                out.push_str(&l.text);
                out.push('\n');
            }
        }
        Ok(out)
    }
}

impl RoomCore {
    /// The log in record order. A record names no seats: a replay gives
    /// each action to the first seat that may act, so in a simultaneous
    /// phase the actions must come in seat order, whatever order they were
    /// played in. Replays the log, each time taking the earliest pending
    /// action of the seat a replay would expect.
    fn record_order(&self) -> Vec<usize> {
        let Ok(mut game) = AnyGame::new(self.kind, &self.options) else {
            return (0..self.log.len()).collect();
        };
        let mut pending: Vec<usize> = (0..self.log.len()).collect();
        let mut order = Vec::with_capacity(pending.len());
        while !pending.is_empty() {
            let expected = game.to_act().first_seat();
            let next = pending
                .iter()
                .position(|&i| Some(self.log[i].seat) == expected)
                .unwrap_or(0);
            let i = pending.remove(next);
            let l = &self.log[i];
            // Every logged action was legal in log order; in record order
            // it is too, as simultaneous actions do not depend on each other.
            let _ = game.apply(l.seat, &l.action, l.at);
            order.push(i);
        }
        order
    }
}

fn outcome_state(outcome: &Outcome) -> OutcomeState {
    OutcomeState {
        result: outcome.to_string(),
        winners: match outcome {
            Outcome::Win { winners, .. } => winners.iter().map(|s| s.0).collect(),
            Outcome::Draw { .. } => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str) -> Player {
        Player {
            id: id.into(),
            name: id.to_uppercase(),
        }
    }

    fn magneton_room(public: bool) -> RoomCore {
        RoomCore::create("r".into(), "magneton", &BTreeMap::new(), public, 1000)
            .unwrap()
            .0
    }

    #[test]
    fn seats_start_and_play() {
        let mut room = magneton_room(true);
        let (ann, bo, cy) = (player("ann"), player("bo"), player("cy"));
        assert_eq!(
            room.join(1, &ann, Some(&SeatRef::Name("black".into())), None, 0)
                .unwrap()
                .0,
            Seat(1)
        );
        assert_eq!(room.start(&ann, 1000).unwrap_err().code, "seats-not-full");
        assert_eq!(room.join(2, &bo, None, None, 0).unwrap().0, Seat(0));
        assert_eq!(room.join(3, &cy, None, None, 0).unwrap_err().code, "room-full");
        assert_eq!(room.act(&bo, "D4", 1000).unwrap_err().code, "not-started");
        assert_eq!(room.start(&cy, 1000).unwrap_err().code, "not-seated");
        room.start(&ann, 2000).unwrap();
        assert_eq!(room.leave(&ann, 0).unwrap_err().code, "already-started");
        assert_eq!(room.act(&ann, "D4", 2500).unwrap_err().code, "not-your-turn");
        let events = room.act(&bo, "d4", 2500).unwrap();
        assert_eq!(
            events,
            vec![Recorded {
                seq: 5,
                at: 2500,
                event: RoomEvent::Action {
                    seat: Seat(0),
                    action: "D4".into(),
                    at: Millis(500),
                    salt: None
                }
            }]
        );
        assert_eq!(room.version(), 5, "created, two seats, started, D4");
        assert_eq!(room.act(&ann, "D4", 2600).unwrap_err().message, "D4 is occupied");
        assert_eq!(room.act(&cy, "E4", 2600).unwrap_err().code, "not-seated");
        let state = room.state_for(Some(Seat(1)), 2600);
        let play = state.play.unwrap();
        assert_eq!(play.to_act, vec![1]);
        assert_eq!(play.legal.len(), 63);
        assert_eq!(play.moves[0].action.as_deref(), Some("D4"));
        assert_eq!(state.seats[1].player.as_ref().unwrap().name, "ANN");
        assert!(state.seats[1].connected && state.seats[0].connected);
    }

    #[test]
    fn private_rooms_need_the_invite() {
        let mut room = magneton_room(false);
        let invite = room.invite().unwrap().to_string();
        assert_eq!(
            room.join(1, &player("a"), None, None, 0).unwrap_err().code,
            "invite-required"
        );
        assert_eq!(
            room.watch(1, &player("a"), Some("wrong")).unwrap_err().code,
            "invite-required"
        );
        room.join(1, &player("a"), None, Some(&invite), 0).unwrap();
        // A seated player needs no invite to come back.
        assert!(room.watch(2, &player("a"), None).is_ok());
        assert_eq!(
            room.state_for(Some(Seat(0)), 0).invite.as_deref(),
            Some(invite.as_str())
        );
        assert_eq!(room.state_for(None, 0).invite, None);
    }

    #[test]
    fn unknown_games_and_options_are_refused() {
        let e = RoomCore::create("r".into(), "chess", &BTreeMap::new(), true, 0).unwrap_err();
        assert_eq!(e.code, "unknown-game");
        let mut o = BTreeMap::new();
        o.insert("move-rule".to_string(), "sideways".to_string());
        let e = RoomCore::create("r".into(), "magneton", &o, true, 0).unwrap_err();
        assert_eq!(e.code, "bad-option");
    }

    #[test]
    fn a_restored_room_keeps_its_turn_timer() {
        let mut options = BTreeMap::new();
        options.insert("timer".to_string(), "white-hot".to_string());
        let (mut room, mut events) = RoomCore::create("r".into(), "magma", &options, true, 1_000).unwrap();
        let (a, b) = (player("a"), player("b"));
        events.extend(room.join(1, &a, None, None, 0).unwrap().1);
        events.extend(room.join(2, &b, None, None, 0).unwrap().1);
        events.extend(room.start(&a, 10_000).unwrap());
        // White-Hot: the first turn has 15 s; it ends after 4 s, leaving 11,
        // so the next turn gets 19 s from 14_000.
        assert_eq!(room.deadline(), Some(25_000));
        events.extend(room.act(&a, "pass", 14_000).unwrap());
        assert_eq!(room.deadline(), Some(33_000));
        let restored = RoomCore::restore("r", &events).unwrap();
        assert_eq!(restored.version(), room.version());
        assert_eq!(
            restored.deadline(),
            Some(33_000),
            "the deadline comes back from the stored log"
        );
        // And a deadline that passed while the server was down fires at once.
        let mut restored = restored;
        let fired = restored.fire_timer(40_000).unwrap();
        assert!(matches!(
            &fired[0].event,
            RoomEvent::Action { action, at: Millis(23_000), .. } if action == "timeout"
        ));
    }

    /// `play.last`: what the last action did, filtered per viewer (a
    /// secret magnet is told to its owner only), the same after a restart
    /// and undone with a rolled-back change; `play.risks` for the seat to
    /// act only.
    #[test]
    fn play_states_carry_the_last_effects_and_the_risks() {
        use lodestone_protocol::{EffectState, RiskState};
        let mut ops = Vec::new();
        let (mut room, created) =
            RoomCore::create("r".into(), "magnetism", &BTreeMap::new(), true, 0).unwrap();
        ops.extend(created);
        let (a, b) = (player("a"), player("b"));
        ops.extend(room.join(1, &a, None, None, 0).unwrap().1);
        ops.extend(room.join(2, &b, None, None, 0).unwrap().1);
        ops.extend(room.start(&a, 0).unwrap());
        let last = |room: &RoomCore, viewer| room.state_for(viewer, 0).play.unwrap().last;
        assert_eq!(last(&room, Some(Seat(0))), None, "nothing played yet");
        ops.extend(room.act(&a, "magnet g4", 0).unwrap());
        let white = last(&room, Some(Seat(0))).unwrap();
        assert_eq!((white.ply, white.seat), (1, 0));
        assert!(matches!(&white.effects[..], [EffectState::Place { at, .. }] if at == "g4"));
        for viewer in [Some(Seat(1)), None] {
            let hidden = last(&room, viewer).unwrap();
            assert!(hidden.effects.is_empty(), "{viewer:?} told {:?}", hidden.effects);
        }
        ops.extend(room.act(&b, "magnet d5", 0).unwrap());
        let both = last(&room, None).unwrap().effects;
        assert_eq!(both.len(), 2, "both magnets, now public: {both:?}");
        // A restarted room tells the same.
        let restored = RoomCore::restore("r", &ops).unwrap();
        for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
            assert_eq!(last(&restored, viewer), last(&room, viewer));
        }
        // A change that is rolled back takes its effects with it.
        let checkpoint = room.checkpoint();
        room.act(&a, "(f5) j1-g4", 0).unwrap();
        assert!(matches!(&last(&room, None).unwrap().effects[0], EffectState::Move { to, .. } if to == "f5"));
        room.restore_checkpoint(checkpoint);
        assert_eq!(last(&room, None).unwrap().effects, both);
        // Risks go to the seat to act only: docs/protocol.md's game, where
        // black's C3 would complete white's line.
        let mut room = magneton_room(true);
        room.join(1, &a, None, None, 0).unwrap();
        room.join(2, &b, None, None, 0).unwrap();
        room.start(&a, 0).unwrap();
        for (who, action) in [
            (&a, "H3"),
            (&b, "B8"),
            (&a, "F1"),
            (&b, "E1"),
            (&a, "D2"),
            (&b, "F2"),
            (&a, "C6"),
        ] {
            room.act(who, action, 0).unwrap();
        }
        let black = room.state_for(Some(Seat(1)), 0).play.unwrap();
        assert_eq!(
            black.risks,
            BTreeMap::from([("C3".to_string(), RiskState::Loses)])
        );
        assert!(room.state_for(Some(Seat(0)), 0).play.unwrap().risks.is_empty());
        assert!(room.state_for(None, 0).play.unwrap().risks.is_empty());
    }

    #[test]
    fn broadcasts_carry_only_new_moves_until_old_ones_change() {
        let (mut room, _) = RoomCore::create("r".into(), "magnetism", &BTreeMap::new(), true, 0).unwrap();
        let (a, b) = (player("a"), player("b"));
        room.join(1, &a, None, None, 0).unwrap();
        room.join(2, &b, None, None, 0).unwrap();
        room.start(&a, 0).unwrap();
        let white = Some(Seat(0));
        let sent = |room: &mut RoomCore| {
            let play = room.broadcast_state_for(white, 0, None).play.unwrap();
            (
                play.moves_from,
                play.moves.iter().map(|m| m.action.clone()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(sent(&mut room), (0, vec![]));
        room.act(&b, "magnet d5", 0).unwrap();
        assert_eq!(
            sent(&mut room),
            (0, vec![None]),
            "black's square is hidden from white"
        );
        // White's placement reveals black's: the whole log again.
        room.act(&a, "magnet g3", 0).unwrap();
        let (from, moves) = sent(&mut room);
        assert_eq!(from, 0);
        assert_eq!(
            moves,
            vec![Some("magnet d5".to_string()), Some("magnet g3".to_string())]
        );
        let first = room.state_for(white, 0).play.unwrap().legal[0].clone();
        room.act(&a, &first, 0).unwrap();
        let (from, moves) = sent(&mut room);
        assert_eq!((from, moves.len()), (2, 1), "only the new move");
        // A new watcher of the audience gets the whole log.
        room.watch(3, &a, None).unwrap();
        assert_eq!(sent(&mut room).0, 0);
    }

    #[test]
    fn checkpoints_undo_a_change() {
        let mut room = magneton_room(true);
        room.join(1, &player("a"), None, None, 0).unwrap();
        room.join(2, &player("b"), None, None, 0).unwrap();
        room.start(&player("a"), 0).unwrap();
        let cp = room.checkpoint();
        let before = room.state_for(None, 0);
        room.act(&player("a"), "D4", 10).unwrap();
        room.restore_checkpoint(cp);
        assert_eq!(room.state_for(None, 0), before);
    }

    #[test]
    fn the_version_is_the_seq_of_the_last_event_and_presence_leaves_it() {
        let (mut room, mut events) =
            RoomCore::create("r".into(), "magnetism", &BTreeMap::new(), false, 5).unwrap();
        let invite = room.invite().unwrap().to_string();
        assert_eq!((room.version(), events[0].seq), (1, 1));
        let (a, b) = (player("a"), player("b"));
        events.extend(room.join(1, &a, None, Some(&invite), 6).unwrap().1);
        // Watching and leaving change who is connected, not the version.
        room.watch(7, &b, Some(&invite)).unwrap();
        assert!(room.unwatch(1));
        assert_eq!(room.version(), 2);
        events.extend(room.join(2, &b, None, Some(&invite), 7).unwrap().1);
        events.extend(room.leave(&b, 8).unwrap());
        events.extend(room.join(2, &b, None, Some(&invite), 9).unwrap().1);
        events.extend(room.start(&a, 10).unwrap());
        events.extend(room.act(&b, "magnet d5", 20).unwrap());
        let seqs: Vec<u64> = events.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=7).collect::<Vec<_>>());
        assert_eq!(room.version(), 7);
        // The fold gives back the same room: version, seats, the secret.
        let restored = RoomCore::restore("r", &events).unwrap();
        assert_eq!(restored.version(), 7);
        assert_eq!(restored.invite(), Some(invite.as_str()));
        assert_eq!(restored.state_for(Some(Seat(0)), 20), {
            let mut live = room.state_for(Some(Seat(0)), 20);
            // Nobody watches the restored room yet.
            live.seats.iter_mut().for_each(|s| s.connected = false);
            live
        });
        assert_eq!(
            restored.record_for(None, Some(&invite)),
            room.record_for(None, Some(&invite))
        );
    }

    #[test]
    fn a_stored_log_that_does_not_fold_is_refused() {
        let (mut room, mut events) =
            RoomCore::create("r".into(), "magneton", &BTreeMap::new(), true, 0).unwrap();
        events.extend(room.join(1, &player("a"), None, None, 0).unwrap().1);
        assert!(RoomCore::restore("r", &[]).unwrap_err().contains("no events"));
        assert!(
            RoomCore::restore("r", &events[1..])
                .unwrap_err()
                .contains("creation")
        );
        let mut twice = events.clone();
        twice.push(events[1].clone());
        assert!(
            RoomCore::restore("r", &twice)
                .unwrap_err()
                .contains("comes after")
        );
        let mut illegal = events.clone();
        illegal.push(Recorded {
            seq: 3,
            at: 0,
            event: RoomEvent::Action {
                seat: Seat(0),
                action: "Z9".into(),
                at: Millis(0),
                salt: None,
            },
        });
        assert!(RoomCore::restore("r", &illegal).is_err());
    }

    #[test]
    fn an_open_room_expires_once_and_then_refuses() {
        let (mut room, created) =
            RoomCore::create("r".into(), "magneton", &BTreeMap::new(), true, 1_000).unwrap();
        let ttl = Some(60_000);
        assert_eq!(room.expires_at(ttl), Some(61_000));
        assert_eq!(room.expires_at(None), None);
        assert_eq!(room.expire(60_999, ttl), None);
        let expired = room.expire(61_000, ttl).unwrap();
        assert_eq!(expired[0].event, RoomEvent::Expired);
        assert_eq!(expired[0].seq, 2);
        assert_eq!(room.expires_at(ttl), None);
        assert_eq!(
            room.join(1, &player("a"), None, None, 62_000).unwrap_err().code,
            "unknown-room"
        );
        let restored = RoomCore::restore("r", &[created, expired].concat()).unwrap();
        assert!(restored.is_expired());
    }
}
