//! A tournament's decisions: each request (create, join, withdraw,
//! remove, start) is decided against the tournament into events, or
//! refused with nothing changed; `next` decides what time and finished
//! games call for (the start at its time, the next round's pairing, an
//! arena wave, the end). No I/O: the director stores the events and makes
//! the rooms their pairings name.

use std::collections::{BTreeMap, HashMap};

use lodestone_protocol::{Code, EntrantStatus, TournamentFormat, TournamentSpec, TournamentStatus, codes};
use lodestone_rules::{AnyGame, GameKind};

use super::event::{Pairing, Recorded, TournamentEvent};
use super::limits::TournamentLimits;
use super::pairing::arena::{Waiting, pair_waiting};
use super::pairing::round_robin::berger;
use super::pairing::swiss::{SwissPlayer, pair};
use super::pairing::tables::{TablePlayer, tables};
use super::pairing::{Halves, Round};
use super::state::Tournament;
use crate::room::{Player, Refusal, RoomCore};
use crate::secrets::OsSecrets;

/// The room options every game takes besides its game's.
const ROOM_OPTIONS: [&str; 4] = ["clock", "absent", "chat", "rated"];

/// A day, in milliseconds.
const DAY_MS: u64 = 24 * 3600 * 1000;

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(codes::BAD_OPTION, message)
}

/// Checks `spec` (and fills in what it implies); `now` for its start time.
pub fn check_spec(spec: &mut TournamentSpec, now: u64, limits: &TournamentLimits) -> Result<(), Refusal> {
    let name = spec.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(bad(
            "a tournament's name is 1 to 60 characters, without control characters",
        ));
    }
    spec.name = name;
    let kind: GameKind = spec
        .game
        .parse()
        .map_err(|e: lodestone_rules::NotationError| Refusal::new(codes::UNKNOWN_GAME, e.message))?;
    if spec.options.contains_key("players") && spec.format == TournamentFormat::Magma {
        return Err(bad(
            "a Magma event sets each table's number of players itself: leave out option players",
        ));
    }
    let mut game_options: Vec<(String, String)> = spec
        .options
        .iter()
        .filter(|(k, _)| !ROOM_OPTIONS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if spec.format == TournamentFormat::Magma {
        if kind != GameKind::Magma {
            return Err(bad("a Magma event plays magma"));
        }
        let table = spec.table.unwrap_or(4);
        if !(3..=6).contains(&table) {
            return Err(bad(format!("a Magma table has 3 to 6 players, not {table}")));
        }
        spec.table = Some(table);
        game_options.push(("players".into(), table.to_string()));
    }
    let game = AnyGame::new(kind, &game_options).map_err(|e| bad(e.message))?;
    if spec.format != TournamentFormat::Magma && game.seat_count() != 2 {
        return Err(bad(format!(
            "round robins, Swiss events and arenas are for two-seat games; this game has {} seats (a Magma event seats tables)",
            game.seat_count()
        )));
    }
    if spec.options.contains_key("rated") || spec.options.contains_key("chat") {
        return Err(bad(
            "give rated as the tournament's own field, and leave the chat option out",
        ));
    }
    // The room options (clock, absence), checked by making a room of them.
    let mut options = spec.options.clone();
    options.extend(game_options.iter().cloned());
    RoomCore::create(
        String::new(),
        &spec.game,
        &options,
        true,
        &Player::person("", ""),
        now,
        Box::new(OsSecrets),
    )?;
    let rounds_needed = matches!(spec.format, TournamentFormat::Swiss | TournamentFormat::Magma);
    match spec.rounds {
        Some(r) if rounds_needed && (1..=limits.rounds).contains(&r) => {}
        Some(r) if rounds_needed => return Err(bad(format!("rounds is 1 to {}, not {r}", limits.rounds))),
        None if rounds_needed => return Err(bad("a Swiss or Magma event needs its number of rounds")),
        Some(_) => return Err(bad("only Swiss and Magma events take a number of rounds")),
        None => {}
    }
    match (spec.format, spec.seconds) {
        (TournamentFormat::Arena, Some(s))
            if (limits.min_arena_seconds..=limits.max_arena_seconds).contains(&s) => {}
        (TournamentFormat::Arena, Some(s)) => {
            return Err(bad(format!(
                "an arena lasts {} to {} seconds, not {s}",
                limits.min_arena_seconds, limits.max_arena_seconds
            )));
        }
        (TournamentFormat::Arena, None) => return Err(bad("an arena needs its duration (seconds)")),
        (_, Some(_)) => return Err(bad("only an arena takes a duration")),
        _ => {}
    }
    if spec.double && spec.format != TournamentFormat::RoundRobin {
        return Err(bad("only a round robin can be double"));
    }
    if spec.two_games && spec.format != TournamentFormat::Swiss {
        return Err(bad("only a Swiss event plays two games a round"));
    }
    if spec.table.is_some() && spec.format != TournamentFormat::Magma {
        return Err(bad("only a Magma event has tables"));
    }
    if let Some(days) = spec.round_days
        && !(1..=60).contains(&days)
    {
        return Err(bad(format!("a round is open 1 to 60 days, not {days}")));
    }
    if spec.round_days.is_some() && spec.format == TournamentFormat::Arena {
        return Err(bad("an arena is played live: it has no rounds open for days"));
    }
    let max = spec.max_players.unwrap_or(limits.players);
    if !(2..=limits.players).contains(&max) {
        return Err(bad(format!("max_players is 2 to {}, not {max}", limits.players)));
    }
    spec.max_players = Some(max);
    if let Some(at) = spec.starts_at
        && (at < now || at > now + 90 * DAY_MS)
    {
        return Err(bad(
            "starts_at is a time (unix milliseconds) from now to 90 days ahead",
        ));
    }
    if spec.rated {
        if spec.bots {
            return Err(bad(
                "a rated tournament has no bots: rated games are between accounts",
            ));
        }
        spec.accounts_only = true;
    }
    if spec.format == TournamentFormat::RoundRobin {
        spec.late_join = false;
    }
    Ok(())
}

impl Tournament {
    /// Gives `event` the next `seq` and applies it.
    fn record(&mut self, now: u64, event: TournamentEvent) -> Recorded {
        let recorded = Recorded {
            seq: self.version + 1,
            at: now,
            event,
        };
        self.apply(&recorded);
        recorded
    }

    /// A new tournament `id` of `spec` (checked) by `organizer`.
    pub fn create(
        id: &str,
        spec: TournamentSpec,
        organizer: &Player,
        invite: Option<String>,
        now: u64,
    ) -> (Tournament, Recorded) {
        let created = Recorded {
            seq: 1,
            at: now,
            event: TournamentEvent::Created {
                invite: (!spec.public).then_some(invite).flatten(),
                spec,
                organizer: organizer.id.clone(),
                organizer_name: organizer.name.clone(),
            },
        };
        let t = Tournament::new(id, &created).expect("a created event");
        (t, created)
    }

    fn check_organizer(&self, by: &Player, what: &str) -> Result<(), Refusal> {
        if by.id == self.organizer {
            return Ok(());
        }
        Err(Refusal::new(
            codes::NOT_OWNER,
            format!("only the organizer ({}) may {what}", self.organizer_name),
        ))
    }

    /// Whether `invite` opens this tournament to `guest`.
    pub fn admits(&self, guest: &str, invite: Option<&str>) -> bool {
        self.spec.public
            || guest == self.organizer
            || self.entrant(guest).is_some()
            || (invite.is_some() && invite == self.invite.as_deref())
    }

    fn players_in(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.status != EntrantStatus::Removed)
            .count()
    }

    /// `player` enters (or comes back); `is_account` says whether its
    /// guest is an account.
    pub fn join(
        &mut self,
        player: &Player,
        is_account: bool,
        invite: Option<&str>,
        now: u64,
    ) -> Result<Vec<Recorded>, Refusal> {
        if !self.admits(&player.id, invite) {
            return Err(Refusal::new(
                Code::NotInvited,
                "this tournament is private: join it with its invite code",
            ));
        }
        if let Some(e) = self.entrant(&player.id) {
            return match e.status {
                EntrantStatus::Active => Ok(Vec::new()),
                EntrantStatus::Removed => Err(Refusal::new(
                    Code::NotInvited,
                    "the organizer removed you from this tournament",
                )),
                EntrantStatus::Paused => {
                    self.check_late()?;
                    Ok(vec![self.record(
                        now,
                        TournamentEvent::Joined {
                            guest: player.id.clone(),
                            name: player.name.clone(),
                            bot: player.bot,
                        },
                    )])
                }
            };
        }
        self.check_late()?;
        if player.bot && !self.spec.bots {
            return Err(Refusal::new(
                Code::BotsNotAllowed,
                "this tournament does not allow computer players",
            ));
        }
        if self.spec.accounts_only && !is_account && !player.bot {
            return Err(Refusal::new(
                Code::NotAnAccount,
                "this tournament is for accounts only: register first",
            ));
        }
        let max = self.spec.max_players.unwrap_or(u32::MAX) as usize;
        if self.players_in() >= max {
            return Err(Refusal::new(
                Code::TournamentFull,
                format!("this tournament is full ({max} players)"),
            ));
        }
        Ok(vec![self.record(
            now,
            TournamentEvent::Joined {
                guest: player.id.clone(),
                name: player.name.clone(),
                bot: player.bot,
            },
        )])
    }

    /// Whether a player may still enter: before the start, or late where
    /// the format allows.
    fn check_late(&self) -> Result<(), Refusal> {
        let late = match self.status {
            TournamentStatus::Upcoming => return Ok(()),
            TournamentStatus::Finished => "this tournament is over",
            TournamentStatus::Running if !self.spec.late_join => {
                "this tournament has started and takes no late entries"
            }
            TournamentStatus::Running => match self.spec.format {
                TournamentFormat::RoundRobin => {
                    "a round robin's schedule is made at the start: it takes no late entries"
                }
                TournamentFormat::Arena => return Ok(()),
                _ if self.rounds.len() as u32 >= self.total_rounds().unwrap_or(0) => {
                    "the last round has been paired: it is too late to enter"
                }
                _ => return Ok(()),
            },
        };
        Err(Refusal::new(codes::TOO_LATE, late))
    }

    /// `player` leaves before the start, or withdraws during the event.
    pub fn withdraw(&mut self, player: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        let Some(e) = self.entrant(&player.id) else {
            return Err(Refusal::new(Code::NotEntered, "you are not in this tournament"));
        };
        let guest = e.guest.clone();
        let event = match (self.status, e.status) {
            (TournamentStatus::Finished, _) => {
                return Err(Refusal::new(codes::TOO_LATE, "this tournament is over"));
            }
            (TournamentStatus::Upcoming, _) => TournamentEvent::Left { guest },
            (_, EntrantStatus::Active) => TournamentEvent::Paused { guest },
            _ => return Ok(Vec::new()),
        };
        Ok(vec![self.record(now, event)])
    }

    /// The organizer removes `guest` for good.
    pub fn remove(&mut self, by: &Player, guest: &str, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_organizer(by, "remove a player")?;
        let Some(e) = self.entrant(guest) else {
            return Err(Refusal::new(
                codes::UNKNOWN_PLAYER,
                "that player is not in this tournament",
            ));
        };
        if self.status == TournamentStatus::Finished {
            return Err(Refusal::new(codes::TOO_LATE, "this tournament is over"));
        }
        let guest = e.guest.clone();
        let event = if self.status == TournamentStatus::Upcoming {
            TournamentEvent::Left { guest }
        } else if e.status == EntrantStatus::Removed {
            return Ok(Vec::new());
        } else {
            TournamentEvent::Removed { guest }
        };
        Ok(vec![self.record(now, event)])
    }

    fn active(&self) -> Vec<String> {
        self.entrants
            .iter()
            .filter(|e| e.status == EntrantStatus::Active)
            .map(|e| e.guest.clone())
            .collect()
    }

    fn fewest(&self) -> usize {
        if self.spec.format == TournamentFormat::Magma {
            3
        } else {
            2
        }
    }

    /// The organizer starts the event now.
    pub fn start(&mut self, by: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_organizer(by, "start the tournament")?;
        if self.status != TournamentStatus::Upcoming {
            return Err(Refusal::new(
                codes::ALREADY_STARTED,
                "this tournament has started already",
            ));
        }
        let fewest = self.fewest();
        if self.active().len() < fewest {
            return Err(Refusal::new(
                codes::TOO_EARLY,
                format!("a tournament needs at least {fewest} players to start"),
            ));
        }
        Ok(vec![self.started(now)])
    }

    fn started(&mut self, now: u64) -> Recorded {
        let ends_at = self.spec.seconds.map(|s| now + s * 1000);
        self.record(now, TournamentEvent::Started { ends_at })
    }

    /// A game of the event is over.
    pub fn game_over(
        &mut self,
        room: &str,
        points: Vec<Halves>,
        no_shows: Vec<u8>,
        now: u64,
    ) -> Option<Recorded> {
        let game = self.games.iter().find(|g| g.room == room && g.points.is_none())?;
        let points = if points.len() == game.players.len() {
            points
        } else {
            vec![0; game.players.len()]
        };
        Some(self.record(
            now,
            TournamentEvent::GameOver {
                room: room.to_string(),
                points,
                no_shows,
            },
        ))
    }

    /// A correspondence round robin's next round at the latest: when the
    /// last round has been open its days.
    pub fn next_round_at(&self) -> Option<u64> {
        let days = u64::from(self.spec.round_days?);
        let last = self.rounds.last()?;
        (self.spec.format == TournamentFormat::RoundRobin).then_some(last.at + days * DAY_MS)
    }

    /// What time and the finished games call for now: the start at its
    /// time, a round's (or wave's) pairing with rooms named by `room_id`,
    /// or the end.
    pub fn next(
        &mut self,
        now: u64,
        room_id: &mut dyn FnMut() -> String,
        limits: &TournamentLimits,
    ) -> Vec<Recorded> {
        match self.status {
            TournamentStatus::Finished => Vec::new(),
            TournamentStatus::Upcoming => match self.spec.starts_at {
                Some(at) if at <= now => {
                    if self.active().len() >= self.fewest() {
                        let started = self.started(now);
                        let mut events = vec![started];
                        events.extend(self.next(now, room_id, limits));
                        events
                    } else {
                        vec![self.record(now, TournamentEvent::Finished)]
                    }
                }
                _ => Vec::new(),
            },
            TournamentStatus::Running => {
                let paired = match self.spec.format {
                    TournamentFormat::RoundRobin => self.round_robin(now),
                    TournamentFormat::Swiss => self.swiss(),
                    TournamentFormat::Magma => self.magma(),
                    TournamentFormat::Arena => self.arena(now, limits),
                };
                match paired {
                    Some(Ok((games, byes))) => {
                        let round = self.rounds.len() as u32 + 1;
                        let games = games
                            .into_iter()
                            .map(|(players, options)| Pairing {
                                room: room_id(),
                                players,
                                options,
                            })
                            .collect();
                        vec![self.record(now, TournamentEvent::Paired { round, games, byes })]
                    }
                    Some(Err(())) if self.unfinished().next().is_none() => {
                        vec![self.record(now, TournamentEvent::Finished)]
                    }
                    _ => Vec::new(),
                }
            }
        }
    }
}

/// A pairing to store: each game's players (seat order) and its own
/// options, and the byes.
type Paired = (Vec<(Vec<String>, BTreeMap<String, String>)>, Vec<String>);

/// `None`: nothing to do now; `Some(Err(()))`: nothing more to pair (the
/// event ends once its games are over).
type Next = Option<Result<Paired, ()>>;

impl Tournament {
    fn is_active(&self, guest: &str) -> bool {
        self.entrant(guest)
            .is_some_and(|e| e.status == EntrantStatus::Active)
    }

    fn round_robin(&self, now: u64) -> Next {
        let schedule = berger(self.schedule_players.len(), self.spec.double);
        let k = self.rounds.len();
        if k >= schedule.len() {
            return Some(Err(()));
        }
        let due = self.next_round_at().is_some_and(|at| at <= now);
        if k > 0 && !self.round_over() && !due {
            return None;
        }
        let name = |i: usize| self.schedule_players[i].clone();
        let mut games = Vec::new();
        let mut byes: Vec<String> = schedule[k].bye.map(name).into_iter().collect();
        for &(a, b) in &schedule[k].pairs {
            let (a, b) = (name(a), name(b));
            match (self.is_active(&a), self.is_active(&b)) {
                (true, true) => games.push((vec![a, b], BTreeMap::new())),
                (true, false) => byes.push(a),
                (false, true) => byes.push(b),
                (false, false) => {}
            }
        }
        byes.retain(|b| self.is_active(b));
        Some(Ok((games, byes)))
    }

    /// Each player's points (halves) so far, by guest.
    fn scores(&self) -> HashMap<String, Halves> {
        self.standings()
            .into_iter()
            .map(|s| (self.entrants[s.player].guest.clone(), s.points))
            .collect()
    }

    fn swiss(&self) -> Next {
        if !self.round_over() {
            return None;
        }
        if self.rounds.len() as u32 >= self.spec.rounds.unwrap_or(0) {
            return Some(Err(()));
        }
        let active = self.active();
        if active.len() < 2 {
            return Some(Err(()));
        }
        let scores = self.scores();
        let index: HashMap<&str, usize> = active.iter().enumerate().map(|(i, g)| (g.as_str(), i)).collect();
        let mut players: Vec<SwissPlayer> = active
            .iter()
            .map(|g| SwissPlayer {
                score: scores.get(g).copied().unwrap_or(0),
                had_bye: self.rounds.iter().any(|r| r.byes.contains(g)),
                ..SwissPlayer::default()
            })
            .collect();
        for game in &self.games {
            for (k, p) in game.players.iter().enumerate() {
                let Some(&i) = index.get(p.as_str()) else { continue };
                players[i].seats.push(k == 0);
                for (j, o) in game.players.iter().enumerate() {
                    if j != k
                        && let Some(&o) = index.get(o.as_str())
                    {
                        players[i].met.push(o);
                    }
                }
            }
        }
        let Round { pairs, bye } = pair(&players);
        let mut games = Vec::new();
        for (a, b) in pairs {
            let (a, b) = (active[a].clone(), active[b].clone());
            if self.spec.two_games {
                games.push((vec![b.clone(), a.clone()], BTreeMap::new()));
            }
            games.insert(
                games.len() - usize::from(self.spec.two_games),
                (vec![a, b], BTreeMap::new()),
            );
        }
        Some(Ok((games, bye.map(|b| active[b].clone()).into_iter().collect())))
    }

    fn magma(&self) -> Next {
        if !self.round_over() {
            return None;
        }
        if self.rounds.len() as u32 >= self.spec.rounds.unwrap_or(0) {
            return Some(Err(()));
        }
        let active = self.active();
        if active.len() < 3 {
            return Some(Err(()));
        }
        let scores = self.scores();
        let index: HashMap<&str, usize> = active.iter().enumerate().map(|(i, g)| (g.as_str(), i)).collect();
        let mut players: Vec<TablePlayer> = active
            .iter()
            .map(|g| TablePlayer {
                score: scores.get(g).copied().unwrap_or(0),
                ..TablePlayer::default()
            })
            .collect();
        for game in &self.games {
            for (k, p) in game.players.iter().enumerate() {
                let Some(&i) = index.get(p.as_str()) else { continue };
                players[i].firsts += u32::from(k == 0);
                for (j, o) in game.players.iter().enumerate() {
                    if j != k
                        && let Some(&o) = index.get(o.as_str())
                    {
                        players[i].met.push(o);
                    }
                }
            }
        }
        let split = tables(&players, self.spec.table.unwrap_or(4) as usize);
        let games = split
            .into_iter()
            .map(|table| {
                let options = BTreeMap::from([("players".to_string(), table.len().to_string())]);
                (table.into_iter().map(|i| active[i].clone()).collect(), options)
            })
            .collect();
        Some(Ok((games, Vec::new())))
    }

    fn arena(&self, now: u64, limits: &TournamentLimits) -> Next {
        if self.ends_at.is_some_and(|end| now >= end) {
            return Some(Err(()));
        }
        let waiting: Vec<String> = self
            .active()
            .into_iter()
            .filter(|g| self.current_game(g).is_none())
            .collect();
        if waiting.len() < 2 {
            return None;
        }
        let places: HashMap<String, usize> = self
            .standings()
            .into_iter()
            .map(|s| (self.entrants[s.player].guest.clone(), s.place))
            .collect();
        // Each waiting player's last game: its opponent and its end.
        let last = |g: &str| {
            self.games
                .iter()
                .filter(|x| x.players.iter().any(|p| p == g))
                .max_by_key(|x| x.ended_at)
        };
        let rows: Vec<Waiting> = waiting
            .iter()
            .map(|g| {
                let game = last(g);
                let opponent = game.and_then(|x| x.players.iter().find(|p| *p != g));
                let since = game.and_then(|x| x.ended_at).or(self.started_at).unwrap_or(now);
                Waiting {
                    place: places.get(g).copied().unwrap_or(0),
                    last: opponent.and_then(|o| waiting.iter().position(|w| w == o)),
                    may_repeat: now.saturating_sub(since) >= limits.arena_repeat_after_ms,
                }
            })
            .collect();
        let firsts = |g: &str| {
            self.games
                .iter()
                .filter(|x| x.players.first().is_some_and(|p| p == g))
                .count()
        };
        let games: Vec<_> = pair_waiting(&rows)
            .into_iter()
            .map(|(a, b)| {
                let (a, b) = (waiting[a].clone(), waiting[b].clone());
                let players = if firsts(&b) < firsts(&a) {
                    vec![b, a]
                } else {
                    vec![a, b]
                };
                (players, BTreeMap::new())
            })
            .collect();
        if games.is_empty() {
            return None;
        }
        Some(Ok((games, Vec::new())))
    }
}

/// The spec's options for one game, with the game's own overrides.
pub fn game_options(spec: &TournamentSpec, own: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut options = spec.options.clone();
    options.extend(own.clone());
    if spec.rated {
        options.insert("rated".into(), "true".into());
    }
    options
}
