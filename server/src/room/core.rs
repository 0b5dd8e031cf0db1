//! A room as a value, without I/O: what its creation fixed, and its state
//! in parts, each owned by its file with private fields: the seating
//! (`room/seats.rs`), the lifecycle (`room/lifecycle.rs`), the table
//! (`room/table.rs`: the game, a draw offer, the clocks), the game log
//! (`room/log.rs`) and the chat and rematch (`room/social.rs`), beside who
//! watches (`room/watchers.rs`: presence, not state).
//!
//! A room changes one way. A request is decided against the state into
//! events (or refused, changing nothing); each event gets the next `seq`
//! and [`RoomCore::evolve`], the only code that changes the state, applies
//! it; the room task commits the events before anyone hears of them. A
//! restart is the same fold ([`RoomCore::restore`]), and a failed commit
//! rebuilds the room from what is committed ([`RoomCore::rebuild`]): there
//! is no checkpoint to roll back to. Other files read the parts through
//! the accessors here; none holds a `&mut` to one.
//!
//! `version` is the `seq` of the last event, so a restored room has the
//! version it had. Secrets (the invite, the seed, the salts) come from an
//! injected [`Secrets`], so a test of the core is deterministic.

use std::collections::{BTreeMap, VecDeque};

use lodestone_protocol::{RoomStatus, codes};
use lodestone_rules::{AnyAction, AnyGame, Concession, GameKind, Millis, Seat};

use super::event::{AbsentPolicy, Creation, Recorded, RoomEvent, SpectatorPolicy, Spectators};
use super::lifecycle::{Gone, Lifecycle};
use super::log::{GameLog, Logged};
use super::refusal::Refusal;
use super::seating::{Player, Seating};
use super::social::Social;
use super::table::Table;
use super::timing::{Clocks, TimeControl, berserk_option, weekend_pause};
use super::watchers::Watchers;
use crate::secrets::{self, OsSecrets, Secrets};

/// What a room's creation fixed.
#[derive(Debug)]
struct Setup {
    kind: GameKind,
    /// The game's options, canonical.
    options: Vec<(String, String)>,
    public: bool,
    invite: Option<String>,
    seed: String,
    created_at: u64,
    absent_policy: AbsentPolicy,
    rated: bool,
    /// Bot accounts may play people rated (option `rated-bots`).
    rated_bots: bool,
    spectators: Spectators,
}

/// The room as its spectators may see it while the game runs: a twin
/// kept `delay` actions behind, and the events it has not taken yet
/// (`spectators.rs` keeps it).
#[derive(Debug)]
pub(super) struct Lag {
    pub(super) delay: usize,
    pub(super) twin: Box<RoomCore>,
    pub(super) queue: VecDeque<Recorded>,
}

/// A room.
#[derive(Debug)]
pub struct RoomCore {
    id: String,
    setup: Setup,
    seating: Seating,
    life: Lifecycle,
    table: Table,
    log: GameLog,
    social: Social,
    /// The `seq` of the last event.
    version: u64,
    watchers: Watchers,
    /// Where the invite, the seed and the salts come from.
    secrets: Box<dyn Secrets>,
    /// The room as its spectators see it, with a spectator delay
    /// (`room/spectators.rs`).
    lag: Option<Lag>,
}

impl RoomCore {
    /// A new open room. Options are checked by the rules; the game decides
    /// the seats. Returns the room and its first events.
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
        let bad = |e: String| Refusal::new(codes::BAD_OPTION, e);
        // The room's own options; the rest are the game's.
        let clock: TimeControl = options
            .get("clock")
            .map_or(Ok(TimeControl::None), |t| t.parse().map_err(bad))?;
        let weekend_pause = weekend_pause(options.get("weekends").map(String::as_str), clock).map_err(bad)?;
        let berserk = berserk_option(options.get("berserk").map(String::as_str), clock).map_err(bad)?;
        let absent: AbsentPolicy = options
            .get("absent")
            .map_or(Ok(AbsentPolicy::Wait), |t| t.parse().map_err(bad))?;
        let rated = options
            .get("rated")
            .map_or(Ok(false), |t| parse_rated(t).map_err(bad))?;
        let rated_bots = options.get("rated-bots").map_or(Ok(false), |t| {
            parse_rated(t).map_err(|e| bad(e.replace("rated", "rated-bots")))
        })?;
        let pairs: Vec<(&String, &String)> = options
            .iter()
            .filter(|(k, _)| {
                !matches!(
                    k.as_str(),
                    "clock"
                        | "berserk"
                        | "weekends"
                        | "absent"
                        | "chat"
                        | "rated"
                        | "rated-bots"
                        | "spectators"
                        | "spectator-delay"
                )
            })
            .collect();
        let game = AnyGame::new(kind, &pairs).map_err(|e| Refusal::new(codes::BAD_OPTION, e.message))?;
        let spectators = Spectators::from_options(options, &game).map_err(bad)?;
        // A room whose spectators come by link has an invite, public or not.
        let invite = (!public || spectators.policy == SpectatorPolicy::Link).then(|| secrets.invite());
        let seed = secrets.seed();
        let created = Recorded {
            seq: 1,
            at: now,
            event: RoomEvent::Created(Creation {
                game: kind,
                options: canonical(&game),
                public,
                invite,
                seed,
                owner: Some(owner.as_owner()),
                clock,
                weekend_pause,
                berserk,
                absent,
                rated,
                rated_bots,
                spectators,
            }),
        };
        let mut room = RoomCore::founded(&id, &created, Some(game), secrets).map_err(bad)?;
        let mut events = vec![created];
        // The room's option `chat`: off is an event of its own.
        match options
            .get("chat")
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref()
        {
            None | Some("on") => {}
            Some("off") => room.push(&mut events, now, RoomEvent::ChatSet { on: false })?,
            Some(other) => return Err(bad(format!("chat {other:?} is not on or off"))),
        }
        Ok((room, events))
    }

    /// The room its `created` event makes (`game`: the game, when the
    /// caller has built it already).
    fn founded(
        id: &str,
        created: &Recorded,
        game: Option<AnyGame>,
        secrets: Box<dyn Secrets>,
    ) -> Result<RoomCore, String> {
        let RoomEvent::Created(creation) = &created.event else {
            return Err(format!("room {id} does not begin with its creation"));
        };
        let game = match game {
            Some(game) => game,
            None => AnyGame::new(creation.game, &creation.options).map_err(|e| e.message)?,
        };
        let seats = game.seat_count();
        // Spectators kept behind: a twin of the room, founded without a
        // delay (so without a twin of its own), then told the room's.
        let lag = match creation.spectators.delay {
            0 => None,
            delay => {
                let mut undelayed = created.clone();
                if let RoomEvent::Created(creation) = &mut undelayed.event {
                    creation.spectators.delay = 0;
                }
                let mut twin = RoomCore::founded(id, &undelayed, None, Box::new(OsSecrets))?;
                twin.setup.spectators = creation.spectators;
                Some(Lag::new(delay, twin))
            }
        };
        Ok(RoomCore {
            id: id.to_string(),
            setup: Setup {
                kind: game.kind(),
                options: canonical(&game),
                public: creation.public,
                invite: creation.invite.clone(),
                seed: creation.seed.clone(),
                created_at: created.at,
                absent_policy: creation.absent,
                rated: creation.rated,
                rated_bots: creation.rated_bots,
                spectators: creation.spectators,
            },
            seating: Seating::new(seats, creation.owner.clone()),
            life: Lifecycle::Open,
            table: Table::new(
                game,
                Clocks::new(creation.clock, seats)
                    .pausing_weekends(creation.weekend_pause)
                    .offering_berserk(creation.berserk),
            ),
            log: GameLog::default(),
            social: Social::default(),
            version: created.seq,
            watchers: Watchers::new(seats),
            secrets,
            lag,
        })
    }

    /// Rebuilds a stored room: a fold over its events, in order, through
    /// [`RoomCore::evolve`].
    pub fn restore(id: &str, events: &[Recorded], secrets: Box<dyn Secrets>) -> Result<RoomCore, String> {
        Self::restore_keeping(id, events, secrets, false)
    }

    /// [`RoomCore::restore`]; `whole`: the log stays whole after the game
    /// ends (a test's reference to compare the summed-up log with).
    pub(super) fn restore_keeping(
        id: &str,
        events: &[Recorded],
        secrets: Box<dyn Secrets>,
        whole: bool,
    ) -> Result<RoomCore, String> {
        let Some((first, rest)) = events.split_first() else {
            return Err(format!("room {id} has no events"));
        };
        let mut room = RoomCore::founded(id, first, None, secrets)?;
        if whole {
            room.log.keep_whole();
        }
        for recorded in rest {
            if recorded.seq <= room.version {
                return Err(format!(
                    "room {id}: event {} comes after event {}",
                    recorded.seq, room.version
                ));
            }
            room.evolve(recorded)
                .map_err(|e| format!("room {id}, event {}: {}", recorded.seq, e.message))?;
        }
        let owned = |e: &Recorded| matches!(e.event, RoomEvent::OwnerChanged { .. });
        if room.seating.owner().is_none() && !events.iter().any(owned) {
            // Stored before rooms had owners (its creation names none):
            // the first seated person owns it. A reading of old logs, not
            // a change: a room created now always names its owner.
            let first = room.seating.players().find(|p| !p.bot).map(Player::as_owner);
            room.seating.set_owner(first);
        }
        Ok(room)
    }

    /// Rebuilds the room from its committed `events` after a commit
    /// failed, keeping its secrets and who watches it.
    pub fn rebuild(&mut self, events: &[Recorded]) -> Result<(), String> {
        let mut fresh = RoomCore::restore(&self.id, events, Box::new(OsSecrets))?;
        std::mem::swap(&mut fresh.secrets, &mut self.secrets);
        std::mem::swap(&mut fresh.watchers, &mut self.watchers);
        fresh.watchers.reseat(|guest| fresh.seating.seat_of(guest));
        *self = fresh;
        Ok(())
    }

    /// Applies one recorded event: the only code that changes a room. An
    /// event the rules refuse (or that does not fit the room) changes
    /// nothing.
    pub fn evolve(&mut self, recorded: &Recorded) -> Result<(), Refusal> {
        self.evolve_with(recorded, None)
    }

    /// [`RoomCore::evolve`], given an action's event already parsed (the
    /// live path: a move is parsed once).
    fn evolve_with(&mut self, recorded: &Recorded, parsed: Option<AnyAction>) -> Result<(), Refusal> {
        let ruled = |e: lodestone_rules::RuleError| Refusal::new(e.code, e.message);
        let actions = self.log.len();
        match &recorded.event {
            RoomEvent::Created(_) => {
                return Err(Refusal::new(codes::BAD_MESSAGE, "a room is created only once"));
            }
            RoomEvent::SeatTaken { seat, player } => {
                let held = self
                    .seating
                    .take(*seat, player.clone())
                    .map_err(|e| Refusal::new(codes::NO_SUCH_SEAT, e))?;
                // A seat handed to a bot: its player watches as a spectator.
                if let Some(held) = held {
                    self.watchers.unseat(&held.id);
                }
            }
            RoomEvent::SeatFreed { seat } => {
                if let Some(held) = self.seating.free(*seat) {
                    self.watchers.unseat(&held.id);
                }
            }
            RoomEvent::Renamed { seat, name } => self.seating.rename(*seat, name),
            RoomEvent::OwnerChanged { owner } => self.seating.set_owner(owner.clone()),
            RoomEvent::Resigned { seat, at } => {
                self.table
                    .concede(*seat, Concession::Resign, *at, actions)
                    .map_err(ruled)?;
            }
            RoomEvent::OutOfTime { seat, at } => {
                self.table
                    .concede(*seat, Concession::OutOfTime, *at, actions)
                    .map_err(ruled)?;
            }
            RoomEvent::Berserk { seat, at } => self.table.berserk(*seat, *at),
            RoomEvent::Absent { seat } => self.seating.set_absent(*seat, Some(recorded.at)),
            RoomEvent::Returned { seat } => self.seating.set_absent(*seat, None),
            RoomEvent::DrawOffered { seat, .. } => self.table.set_offer(Some(*seat)),
            RoomEvent::DrawAnswered { accept, at, .. } => {
                if *accept {
                    self.table.agree_draw(*at, actions)?;
                }
                self.table.set_offer(None);
            }
            RoomEvent::Aborted { seat } => self.end(Gone::Aborted(*seat)),
            RoomEvent::Closed => self.end(Gone::Closed),
            RoomEvent::Abandoned => self.end(Gone::Abandoned),
            RoomEvent::Expired => self.end(Gone::Expired),
            RoomEvent::Started => {
                self.life.start(recorded.at);
                self.table.start(recorded.at);
            }
            RoomEvent::Action {
                seat,
                action,
                at,
                salt,
            } => {
                // Read from the log, an action's refusal names it.
                let live = parsed.is_some();
                let named = |message: String| match live {
                    true => message,
                    false => format!("action {action}: {message}"),
                };
                let played = match parsed {
                    Some(played) => played,
                    None => self
                        .table
                        .game()
                        .parse_action(action)
                        .map_err(|e| Refusal::new(codes::BAD_NOTATION, named(e.message)))?,
                };
                let in_turn = self.table.game().to_act().first_seat() == Some(*seat);
                let events = self
                    .table
                    .play(*seat, &played, *at)
                    .map_err(|e| Refusal::new(e.code, named(e.message)))?;
                let secret = salt
                    .as_ref()
                    .map(|salt| (salt.clone(), secrets::commitment(salt, action)));
                let logged = Logged {
                    seat: *seat,
                    action: played,
                    text: action.clone(),
                    at: *at,
                    secret,
                };
                self.log.push(logged, events, in_turn);
            }
            RoomEvent::Finished { .. } => {
                self.life.finish();
                self.table.set_offer(None);
                self.sum_up();
            }
            // Kept by `social` (below).
            RoomEvent::Chat { .. }
            | RoomEvent::ChatSet { .. }
            | RoomEvent::RematchAccepted { .. }
            | RoomEvent::RematchDeclined { .. }
            | RoomEvent::RematchOpened { .. } => {}
        }
        self.social.note(recorded);
        self.version = recorded.seq;
        if let Some(lag) = &mut self.lag {
            lag.note(recorded, self.log.len());
        }
        Ok(())
    }

    /// The game is over: its log is summed up (`room/log.rs`), and the
    /// spectators' twin, which they no longer see, goes.
    fn sum_up(&mut self) {
        let conceded = self.table.table_events().iter().map(|&(after, _)| after);
        let order = self.log.needs_order(conceded).then(|| self.record_order());
        self.log.sum_up(self.table.game(), self.seating.len(), order);
        self.lag = None;
    }

    /// The room is gone for good; a waiting draw offer with it.
    fn end(&mut self, why: Gone) {
        self.life.end(why);
        self.table.set_offer(None);
    }

    /// Gives `event` the next `seq`, evolves the room with it and adds it
    /// to `out`; refused, it changes nothing.
    pub(super) fn push(&mut self, out: &mut Vec<Recorded>, at: u64, event: RoomEvent) -> Result<(), Refusal> {
        self.push_with(out, at, event, None)
    }

    fn push_with(
        &mut self,
        out: &mut Vec<Recorded>,
        at: u64,
        event: RoomEvent,
        parsed: Option<AnyAction>,
    ) -> Result<(), Refusal> {
        let recorded = Recorded {
            seq: self.version + 1,
            at,
            event,
        };
        self.evolve_with(&recorded, parsed)?;
        out.push(recorded);
        Ok(())
    }

    /// [`RoomCore::push`] for an event that follows from one pushed
    /// already: refused, it is the room's own mistake, logged.
    pub(super) fn then(&mut self, out: &mut Vec<Recorded>, at: u64, event: RoomEvent) {
        if let Err(e) = self.push(out, at, event) {
            tracing::error!(room = %self.id, error = %e.message, "the room refused its own event");
        }
    }

    /// Records `seat`'s `action` at the game's time `at`, committing to it
    /// with a fresh salt if it is secret, and plays it.
    pub(super) fn push_action(
        &mut self,
        out: &mut Vec<Recorded>,
        seat: Seat,
        action: AnyAction,
        at: Millis,
    ) -> Result<(), Refusal> {
        let salt = self.table.game().is_secret(&action).then(|| self.secrets.salt());
        let event = RoomEvent::Action {
            seat,
            action: action.to_string(),
            at,
            salt,
        };
        let wall = self.wall(at);
        self.push_with(out, wall, event, Some(action))
    }

    /// Who watches, to change as connections come and go (presence, not
    /// the room's state).
    pub(super) fn presence(&mut self) -> &mut Watchers {
        &mut self.watchers
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn status(&self) -> RoomStatus {
        self.life.status()
    }

    /// Whether the room is gone for good (expired, closed, aborted,
    /// abandoned).
    pub fn is_gone(&self) -> bool {
        self.life.gone().is_some()
    }

    pub fn is_public(&self) -> bool {
        self.setup.public
    }

    pub fn invite(&self) -> Option<&str> {
        self.setup.invite.as_deref()
    }

    /// Whether the game changes its players' ratings.
    pub fn is_rated(&self) -> bool {
        self.setup.rated
    }

    /// Whether bot accounts may play people in this rated room (option
    /// `rated-bots`).
    pub fn rated_bots(&self) -> bool {
        self.setup.rated_bots
    }

    /// Who may watch, and how far behind.
    pub fn spectators(&self) -> Spectators {
        self.setup.spectators
    }

    pub(super) fn lag(&self) -> Option<&Lag> {
        self.lag.as_ref()
    }

    pub(super) fn kind(&self) -> GameKind {
        self.setup.kind
    }

    pub(super) fn options(&self) -> &[(String, String)] {
        &self.setup.options
    }

    pub(super) fn seed(&self) -> &str {
        &self.setup.seed
    }

    pub(super) fn created_at(&self) -> u64 {
        self.setup.created_at
    }

    pub(super) fn absent_policy(&self) -> AbsentPolicy {
        self.setup.absent_policy
    }

    pub(super) fn life(&self) -> Lifecycle {
        self.life
    }

    pub(super) fn started_at(&self) -> Option<u64> {
        self.life.started_at()
    }

    pub(super) fn seating(&self) -> &Seating {
        &self.seating
    }

    /// The table, for the seats' vacations only (`room/away.rs`).
    pub(super) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    pub(super) fn table(&self) -> &Table {
        &self.table
    }

    pub(super) fn game(&self) -> &AnyGame {
        self.table.game()
    }

    pub(super) fn log(&self) -> &GameLog {
        &self.log
    }

    pub(super) fn social(&self) -> &Social {
        &self.social
    }

    pub(super) fn watchers(&self) -> &Watchers {
        &self.watchers
    }
}

/// The game's options as its rules print them.
fn canonical(game: &AnyGame) -> Vec<(String, String)> {
    game.option_pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// Reads the option `rated`: `yes` or `no` (also `true`/`false`).
fn parse_rated(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        other => Err(format!("rated {other:?} is not yes or no")),
    }
}

#[cfg(test)]
impl RoomCore {
    /// Watched as `other` is (a test's folded twin of a live room).
    pub(super) fn watch_like(&mut self, other: &RoomCore) {
        self.watchers = other.watchers.clone();
    }
}
