//! A room's logic without I/O: seats, the game, its log, who watches, and
//! the filtered state each viewer gets. The room task (`room/task.rs`) feeds
//! it requests and the clock, stores the changes it returns, and sends what
//! it renders; this file decides everything and can be tested alone.

use std::collections::{BTreeMap, BTreeSet};

use lodestone_protocol::{
    ClockState, Code, Guest, MoveEntry, OutcomeState, PlayState, RoomState, RoomStatus, RoomSummary, SeatRef,
    SeatState, board_json, codes,
};
use lodestone_rules::{AnyAction, AnyGame, ErrorCode, GameKind, Millis, OptionValues, Outcome, Seat, Viewer};
use rand::SeedableRng;
use rand::rngs::ChaCha20Rng;

use crate::secrets;
use crate::store::{Op, RoomRecord};

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
    status: RoomStatus,
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
    seats: Vec<Option<Player>>,
    game: AnyGame,
    log: Vec<Logged>,
    started_at: Option<u64>,
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

/// Options in the canonical text the store keeps: `key=value` lines.
fn options_text(options: &[(String, String)]) -> String {
    options.iter().map(|(k, v)| format!("{k}={v}\n")).collect()
}

fn parse_options_text(text: &str) -> Result<Vec<(String, String)>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            OptionValues::split_pair(l)
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .map_err(|e| e.message)
        })
        .collect()
}

impl RoomCore {
    /// A new open room. Options are checked by the rules; the game decides
    /// the seats.
    pub fn create(
        id: String,
        game: &str,
        options: &BTreeMap<String, String>,
        public: bool,
        now: u64,
    ) -> Result<(RoomCore, Vec<Op>), Refusal> {
        let kind: GameKind = game
            .parse()
            .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
        let pairs: Vec<(&String, &String)> = options.iter().collect();
        let game = AnyGame::new(kind, &pairs).map_err(|e| Refusal::new(codes::BAD_OPTION, e.message))?;
        let options: Vec<(String, String)> = game
            .option_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let invite = (!public).then(secrets::new_invite);
        let seed = secrets::new_seed();
        let op = Op::CreateRoom {
            id: id.clone(),
            game: kind.name().to_string(),
            options: options_text(&options),
            public,
            invite: invite.clone(),
            seed: seed.clone(),
            created_at: now,
        };
        let seats = vec![None; game.seat_count()];
        let room = RoomCore {
            id,
            kind,
            options,
            public,
            invite,
            seed,
            status: RoomStatus::Open,
            seats,
            game,
            log: Vec::new(),
            started_at: None,
            version: 1,
            watchers: BTreeMap::new(),
            sent: BTreeMap::new(),
        };
        Ok((room, vec![op]))
    }

    /// Rebuilds a stored room by replaying its log.
    pub fn restore(record: &RoomRecord) -> Result<RoomCore, String> {
        let kind: GameKind = record
            .game
            .parse()
            .map_err(|e: lodestone_rules::NotationError| e.message)?;
        let options = parse_options_text(&record.options)?;
        let mut game = AnyGame::new(kind, &options).map_err(|e| e.message)?;
        let mut seats = vec![None; game.seat_count()];
        for (seat, guest) in &record.seats {
            let slot = seats
                .get_mut(*seat as usize)
                .ok_or_else(|| format!("seat {seat} is not a seat of this game"))?;
            *slot = Some(Player {
                id: guest.id.clone(),
                name: guest.name.clone(),
            });
        }
        let mut log = Vec::with_capacity(record.actions.len());
        for row in &record.actions {
            let seat = Seat(row.seat);
            let at = Millis(row.at_ms);
            let action = game
                .play(seat, &row.action, at)
                .map_err(|e| format!("action {} ({}): {e}", row.ply, row.action))?;
            let secret = row
                .salt
                .as_ref()
                .map(|salt| (salt.clone(), secrets::commitment(salt, &row.action)));
            log.push(Logged {
                seat,
                action,
                text: row.action.clone(),
                at,
                secret,
            });
        }
        let status = match record.status.as_str() {
            "open" => RoomStatus::Open,
            "playing" => RoomStatus::Playing,
            "finished" => RoomStatus::Finished,
            other => return Err(format!("unknown room status {other:?}")),
        };
        Ok(RoomCore {
            id: record.id.clone(),
            kind,
            options,
            public: record.public,
            invite: record.invite.clone(),
            seed: record.seed.clone(),
            status,
            seats,
            game,
            log,
            started_at: record.started_at,
            version: 1 + record.actions.len() as u64,
            watchers: BTreeMap::new(),
            sent: BTreeMap::new(),
        })
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
            status: self.status,
            seats: self.seats.clone(),
            started_at: self.started_at,
            version: self.version,
        }
    }

    /// Undoes everything since `checkpoint` (after the store failed).
    pub fn restore_checkpoint(&mut self, checkpoint: Checkpoint) {
        self.game = checkpoint.game;
        self.log.truncate(checkpoint.log_len);
        self.status = checkpoint.status;
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
    ) -> Result<(Seat, Vec<Op>), Refusal> {
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
        self.version += 1;
        self.watch_as(conn, player, Some(seat));
        let op = Op::SetSeat {
            room: self.id.clone(),
            seat: seat.0,
            guest: Some(player.id.clone()),
        };
        Ok((seat, vec![op]))
    }

    /// Gives up a seat before the game starts.
    pub fn leave(&mut self, player: &Player) -> Result<Vec<Op>, Refusal> {
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
        self.version += 1;
        Ok(vec![Op::SetSeat {
            room: self.id.clone(),
            seat: seat.0,
            guest: None,
        }])
    }

    /// Starts the game once every seat is taken.
    pub fn start(&mut self, player: &Player, now: u64) -> Result<Vec<Op>, Refusal> {
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
        self.version += 1;
        let mut ops = vec![Op::StartGame {
            room: self.id.clone(),
            started_at: now,
        }];
        ops.extend(self.after_change(Millis(0)));
        Ok(ops)
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
        let was_connected = self.connected_seats();
        self.watchers.insert(
            conn,
            Watcher {
                guest: player.id.clone(),
                seat,
            },
        );
        if self.connected_seats() != was_connected {
            self.version += 1;
        }
    }

    /// Stops `conn` watching. Returns whether anything others see changed.
    pub fn unwatch(&mut self, conn: ConnId) -> bool {
        let was_connected = self.connected_seats();
        let removed = self.watchers.remove(&conn).is_some();
        let changed = removed && self.connected_seats() != was_connected;
        if changed {
            self.version += 1;
        }
        changed
    }

    pub fn is_watching(&self, conn: ConnId) -> bool {
        self.watchers.contains_key(&conn)
    }

    pub fn has_watchers(&self) -> bool {
        !self.watchers.is_empty()
    }

    fn connected_seats(&self) -> BTreeSet<Seat> {
        self.watchers.values().filter_map(|w| w.seat).collect()
    }

    /// Milliseconds since the game started, never less than the last
    /// action's time.
    fn game_time(&self, now: u64) -> Millis {
        let since = now.saturating_sub(self.started_at.unwrap_or(now));
        Millis(since.max(self.log.last().map_or(0, |l| l.at.0)))
    }

    /// Plays `text` for the guest's seat.
    pub fn act(&mut self, player: &Player, text: &str, now: u64) -> Result<Vec<Op>, Refusal> {
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
        self.game
            .apply(seat, &action, at)
            .map_err(|e| Refusal::new(e.code, e.message))?;
        let mut ops = vec![self.log_action(seat, action, at)];
        ops.extend(self.after_change(at));
        self.version += 1;
        Ok(ops)
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
    pub fn fire_timer(&mut self, now: u64) -> Option<Vec<Op>> {
        let deadline = self.game.deadline()?;
        if self.status != RoomStatus::Playing || self.started_at? + deadline.at.0 > now {
            return None;
        }
        let at = Millis(deadline.at.0.max(self.log.last().map_or(0, |l| l.at.0)));
        if let Err(e) = self.game.apply(deadline.seat, &deadline.action, at) {
            tracing::error!(room = %self.id, error = %e, "the rules refused their own timeout");
            return None;
        }
        let mut ops = vec![self.log_action(deadline.seat, deadline.action, at)];
        ops.extend(self.after_change(at));
        self.version += 1;
        Some(ops)
    }

    /// Appends an applied action to the log, committing to it if it is
    /// secret; returns the store operation.
    fn log_action(&mut self, seat: Seat, action: AnyAction, at: Millis) -> Op {
        let text = action.to_string();
        let secret = self.game.conceals(seat, &action, Viewer::Spectator).then(|| {
            let salt = secrets::new_salt();
            let commitment = secrets::commitment(&salt, &text);
            (salt, commitment)
        });
        let op = Op::AppendAction {
            room: self.id.clone(),
            ply: self.log.len() as u32 + 1,
            seat: seat.0,
            action: text.clone(),
            at_ms: at.0,
            salt: secret.as_ref().map(|(s, _)| s.clone()),
        };
        self.log.push(Logged {
            seat,
            action,
            text,
            at,
            secret,
        });
        op
    }

    /// Chance's actions (dealt setups) and the end of the game.
    fn after_change(&mut self, at: Millis) -> Vec<Op> {
        let mut ops = Vec::new();
        loop {
            let mut rng = ChaCha20Rng::from_seed(self.chance_seed());
            let dealt = self.game.chance_actions(&mut rng);
            if dealt.is_empty() {
                break;
            }
            for (seat, action) in dealt {
                if let Err(e) = self.game.apply(seat, &action, at) {
                    tracing::error!(room = %self.id, error = %e, "the rules refused their own chance action");
                    return ops;
                }
                ops.push(self.log_action(seat, action, at));
            }
        }
        if let Some(outcome) = self.game.outcome() {
            self.status = RoomStatus::Finished;
            ops.push(Op::FinishGame {
                room: self.id.clone(),
                result: outcome.to_string(),
                finished_at: self.started_at.unwrap_or(0) + at.0,
            });
        }
        ops
    }

    /// The seed for chance at this point of the game: the room's secret
    /// seed and the log length, hashed, so every draw is reproducible.
    fn chance_seed(&self) -> [u8; 32] {
        let digest = secrets::sha256_hex(&format!("{}:{}", self.seed, self.log.len()));
        let mut seed = [0u8; 32];
        hex::decode_to_slice(&digest, &mut seed).expect("a SHA-256 digest is 32 bytes");
        seed
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
        if finished {
            out.push_str(&format!("[Seed \"{}\"]\n", self.seed));
            for (i, l) in self.log.iter().enumerate() {
                if let Some((salt, commitment)) = &l.secret {
                    out.push_str(&format!("[Commitment \"{} {commitment} {salt}\"]\n", i + 1));
                }
            }
        }
        out.push('\n');
        for i in self.record_order() {
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
            room.join(1, &ann, Some(&SeatRef::Name("black".into())), None)
                .unwrap()
                .0,
            Seat(1)
        );
        assert_eq!(room.start(&ann, 1000).unwrap_err().code, "seats-not-full");
        assert_eq!(room.join(2, &bo, None, None).unwrap().0, Seat(0));
        assert_eq!(room.join(3, &cy, None, None).unwrap_err().code, "room-full");
        assert_eq!(room.act(&bo, "D4", 1000).unwrap_err().code, "not-started");
        assert_eq!(room.start(&cy, 1000).unwrap_err().code, "not-seated");
        room.start(&ann, 2000).unwrap();
        assert_eq!(room.leave(&ann).unwrap_err().code, "already-started");
        assert_eq!(room.act(&ann, "D4", 2500).unwrap_err().code, "not-your-turn");
        let ops = room.act(&bo, "d4", 2500).unwrap();
        assert_eq!(
            ops,
            vec![Op::AppendAction {
                room: "r".into(),
                ply: 1,
                seat: 0,
                action: "D4".into(),
                at_ms: 500,
                salt: None
            }]
        );
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
            room.join(1, &player("a"), None, None).unwrap_err().code,
            "invite-required"
        );
        assert_eq!(
            room.watch(1, &player("a"), Some("wrong")).unwrap_err().code,
            "invite-required"
        );
        room.join(1, &player("a"), None, Some(&invite)).unwrap();
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

    /// What the store would hold after `ops`.
    fn stored(ops: &[Op]) -> RoomRecord {
        let mut record = RoomRecord {
            id: String::new(),
            game: String::new(),
            options: String::new(),
            public: true,
            invite: None,
            seed: String::new(),
            status: "open".into(),
            created_at: 0,
            started_at: None,
            result: None,
            seats: Vec::new(),
            actions: Vec::new(),
        };
        for op in ops {
            match op.clone() {
                Op::CreateRoom {
                    id,
                    game,
                    options,
                    seed,
                    ..
                } => (record.id, record.game, record.options, record.seed) = (id, game, options, seed),
                Op::SetSeat {
                    seat, guest: Some(g), ..
                } => record.seats.push((
                    seat,
                    crate::store::GuestRow {
                        id: g.clone(),
                        name: g,
                        bot: None,
                    },
                )),
                Op::StartGame { started_at, .. } => {
                    record.status = "playing".into();
                    record.started_at = Some(started_at);
                }
                Op::AppendAction {
                    ply,
                    seat,
                    action,
                    at_ms,
                    salt,
                    ..
                } => record.actions.push(crate::store::ActionRow {
                    ply,
                    seat,
                    action,
                    at_ms,
                    salt,
                }),
                _ => {}
            }
        }
        record
    }

    #[test]
    fn a_restored_room_keeps_its_turn_timer() {
        let mut options = BTreeMap::new();
        options.insert("timer".to_string(), "white-hot".to_string());
        let (mut room, mut ops) = RoomCore::create("r".into(), "magma", &options, true, 1_000).unwrap();
        let (a, b) = (player("a"), player("b"));
        ops.extend(room.join(1, &a, None, None).unwrap().1);
        ops.extend(room.join(2, &b, None, None).unwrap().1);
        ops.extend(room.start(&a, 10_000).unwrap());
        // White-Hot: the first turn has 15 s; it ends after 4 s, leaving 11,
        // so the next turn gets 19 s from 14_000.
        assert_eq!(room.deadline(), Some(25_000));
        ops.extend(room.act(&a, "pass", 14_000).unwrap());
        assert_eq!(room.deadline(), Some(33_000));
        let restored = RoomCore::restore(&stored(&ops)).unwrap();
        assert_eq!(
            restored.deadline(),
            Some(33_000),
            "the deadline comes back from the stored log"
        );
        // And a deadline that passed while the server was down fires at once.
        let mut restored = restored;
        let fired = restored.fire_timer(40_000).unwrap();
        assert!(matches!(&fired[0], Op::AppendAction { action, at_ms: 23_000, .. } if action == "timeout"));
    }

    #[test]
    fn broadcasts_carry_only_new_moves_until_old_ones_change() {
        let (mut room, _) = RoomCore::create("r".into(), "magnetism", &BTreeMap::new(), true, 0).unwrap();
        let (a, b) = (player("a"), player("b"));
        room.join(1, &a, None, None).unwrap();
        room.join(2, &b, None, None).unwrap();
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
        room.join(1, &player("a"), None, None).unwrap();
        room.join(2, &player("b"), None, None).unwrap();
        room.start(&player("a"), 0).unwrap();
        let cp = room.checkpoint();
        let before = room.state_for(None, 0);
        room.act(&player("a"), "D4", 10).unwrap();
        room.restore_checkpoint(cp);
        assert_eq!(room.state_for(None, 0), before);
    }
}
