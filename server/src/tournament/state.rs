//! A tournament as a value: a fold over its events (`apply`), and what it
//! shows (`view`: players, standings, rounds and games). No I/O; the
//! decisions that make new events are `decide.rs`.

use std::collections::{BTreeMap, HashMap};

use lodestone_protocol::{
    EntrantStatus, StandingRow, TournamentFormat, TournamentGame, TournamentPlayer, TournamentRound,
    TournamentSpec, TournamentState, TournamentStatus, TournamentSummary,
};

use super::event::{Recorded, TournamentEvent};
use super::pairing::arena::{ArenaGame, arena_points};
use super::pairing::standings::{Order, Standing, standings};
use super::pairing::{Halves, Played};
use crate::room::Player;
use crate::store::RatingKey;

/// The performance's rating of a player without a rating in the event's
/// game (a guest, a bot, a new account): Weng-Lin's first rating.
pub const UNRATED: i64 = 1500;

/// A Weng-Lin rating (`mu`, first 25) on the performance's Elo-like
/// scale (first 1500): the same odds of winning for the same difference.
/// Weng-Lin's win chance is a logistic curve of the difference over
/// `c` = sqrt(2) * 25/6 (two players of first uncertainty's beta); Elo's
/// over 400 / ln 10.
pub fn elo_scale(mu: f64) -> i64 {
    let c = std::f64::consts::SQRT_2 * 25.0 / 6.0;
    let per_mu = 400.0 / (std::f64::consts::LN_10 * c);
    UNRATED + ((mu - 25.0) * per_mu).round() as i64
}

/// A player of the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub guest: String,
    pub name: String,
    pub bot: bool,
    /// A bot account: seated as one (shown as a bot), played by its own
    /// program.
    pub bot_account: bool,
    /// Its rating at entry on the performance's scale, if it had one.
    pub rating: Option<i64>,
    pub status: EntrantStatus,
    /// Its team in an event of fixed teams (`teams.rs`).
    pub team: Option<String>,
}

impl Entrant {
    /// The entrant as its games' rooms seat it.
    pub fn player(&self) -> Player {
        Player {
            id: self.guest.clone(),
            name: self.name.clone(),
            bot: self.bot,
            bot_account: self.bot_account,
        }
    }
}

/// One game of the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRec {
    pub room: String,
    pub players: Vec<String>,
    pub options: BTreeMap<String, String>,
    pub round: u32,
    /// Unix milliseconds, when it was paired.
    pub paired_at: u64,
    /// Each seat's points (halves), once over.
    pub points: Option<Vec<Halves>>,
    pub no_shows: Vec<u8>,
    /// The seats that went berserk.
    pub berserk: Vec<u8>,
    /// Of those, the ones whose berserk does not count (too few moves).
    pub short_berserk: Vec<u8>,
    /// Unix milliseconds, when it was over.
    pub ended_at: Option<u64>,
}

/// One round (or arena wave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRec {
    pub number: u32,
    pub at: u64,
    /// Indices into `Tournament::games`.
    pub games: Vec<usize>,
    pub byes: Vec<String>,
}

/// A tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub id: String,
    pub spec: TournamentSpec,
    pub organizer: String,
    pub organizer_name: String,
    pub invite: Option<String>,
    pub created_at: u64,
    pub status: TournamentStatus,
    pub started_at: Option<u64>,
    pub ends_at: Option<u64>,
    pub finished_at: Option<u64>,
    /// In the order of entry (the seeding).
    pub entrants: Vec<Entrant>,
    pub games: Vec<GameRec>,
    pub rounds: Vec<RoundRec>,
    /// The round robin's players, in the order of entry at the start.
    pub schedule_players: Vec<String>,
    /// The `seq` of the last event.
    pub version: u64,
}

impl Tournament {
    /// The tournament made by its `created` event.
    pub fn new(id: &str, created: &Recorded) -> Result<Tournament, String> {
        let TournamentEvent::Created {
            spec,
            organizer,
            organizer_name,
            invite,
        } = &created.event
        else {
            return Err(format!("tournament {id} does not begin with its creation"));
        };
        Ok(Tournament {
            id: id.to_string(),
            spec: spec.clone(),
            organizer: organizer.clone(),
            organizer_name: organizer_name.clone(),
            invite: invite.clone(),
            created_at: created.at,
            status: TournamentStatus::Upcoming,
            started_at: None,
            ends_at: None,
            finished_at: None,
            entrants: Vec::new(),
            games: Vec::new(),
            rounds: Vec::new(),
            schedule_players: Vec::new(),
            version: created.seq,
        })
    }

    /// A tournament folded from its events.
    pub fn restore(id: &str, events: &[Recorded]) -> Result<Tournament, String> {
        let (first, rest) = events
            .split_first()
            .ok_or_else(|| format!("tournament {id} has no events"))?;
        let mut t = Tournament::new(id, first)?;
        for recorded in rest {
            t.apply(recorded);
        }
        Ok(t)
    }

    pub fn entrant(&self, guest: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.guest == guest)
    }

    /// The rating an entrant with the stored `ratings` (key, mu) enters
    /// with: its rating in the event's game (a Magma event's table size),
    /// on the performance's scale.
    pub fn entry_rating(&self, ratings: &[(RatingKey, f64)]) -> Option<i64> {
        let kind: lodestone_rules::GameKind = self.spec.game.parse().ok()?;
        let key = RatingKey::of(kind, self.spec.table.unwrap_or(2) as usize);
        ratings
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, mu)| elo_scale(*mu))
    }

    /// The player `guest`, as the event's rooms seat it.
    pub fn player(&self, guest: &str) -> Player {
        self.entrant(guest)
            .map_or_else(|| Player::person(guest, guest), Entrant::player)
    }

    fn entrant_mut(&mut self, guest: &str) -> Option<&mut Entrant> {
        self.entrants.iter_mut().find(|e| e.guest == guest)
    }

    /// Applies one stored event.
    pub fn apply(&mut self, recorded: &Recorded) {
        self.version = recorded.seq;
        let at = recorded.at;
        match &recorded.event {
            TournamentEvent::Created { .. } => {}
            TournamentEvent::Joined {
                guest,
                name,
                bot,
                bot_account,
                rating,
                team,
            } => match self.entrant_mut(guest) {
                Some(e) => {
                    e.status = EntrantStatus::Active;
                    e.name = name.clone();
                    e.bot_account = *bot_account;
                    e.rating = *rating;
                    e.team = e.team.take().or_else(|| team.clone());
                }
                None => self.entrants.push(Entrant {
                    guest: guest.clone(),
                    name: name.clone(),
                    bot: *bot,
                    bot_account: *bot_account,
                    rating: *rating,
                    status: EntrantStatus::Active,
                    team: team.clone(),
                }),
            },
            TournamentEvent::Left { guest } => self.entrants.retain(|e| &e.guest != guest),
            TournamentEvent::Paused { guest } => {
                if let Some(e) = self.entrant_mut(guest) {
                    e.status = EntrantStatus::Paused;
                }
            }
            TournamentEvent::Removed { guest } => {
                if let Some(e) = self.entrant_mut(guest) {
                    e.status = EntrantStatus::Removed;
                }
            }
            TournamentEvent::Started { ends_at } => {
                self.status = TournamentStatus::Running;
                self.started_at = Some(at);
                self.ends_at = *ends_at;
                self.schedule_players = self
                    .entrants
                    .iter()
                    .filter(|e| e.status == EntrantStatus::Active)
                    .map(|e| e.guest.clone())
                    .collect();
            }
            TournamentEvent::Paired { round, games, byes } => {
                let first = self.games.len();
                for g in games {
                    self.games.push(GameRec {
                        room: g.room.clone(),
                        players: g.players.clone(),
                        options: g.options.clone(),
                        round: *round,
                        paired_at: at,
                        points: None,
                        no_shows: Vec::new(),
                        berserk: Vec::new(),
                        short_berserk: Vec::new(),
                        ended_at: None,
                    });
                }
                self.rounds.push(RoundRec {
                    number: *round,
                    at,
                    games: (first..self.games.len()).collect(),
                    byes: byes.clone(),
                });
            }
            TournamentEvent::GameOver {
                room,
                points,
                no_shows,
                berserk,
                short_berserk,
            } => {
                if let Some(g) = self.games.iter_mut().find(|g| &g.room == room) {
                    g.points = Some(points.clone());
                    g.no_shows = no_shows.clone();
                    g.berserk = berserk.clone();
                    g.short_berserk = short_berserk.clone();
                    g.ended_at = Some(at);
                }
            }
            TournamentEvent::Finished => {
                self.status = TournamentStatus::Finished;
                self.finished_at = Some(at);
            }
        }
    }

    /// The games not over yet.
    pub fn unfinished(&self) -> impl Iterator<Item = &GameRec> {
        self.games.iter().filter(|g| g.points.is_none())
    }

    /// The game `guest` is playing now, if any.
    pub fn current_game(&self, guest: &str) -> Option<&GameRec> {
        self.unfinished().find(|g| g.players.iter().any(|p| p == guest))
    }

    /// Whether every game of the last round is over.
    pub fn round_over(&self) -> bool {
        self.rounds
            .last()
            .is_none_or(|r| r.games.iter().all(|&i| self.games[i].points.is_some()))
    }

    /// The rounds the event will have (none for an arena).
    pub fn total_rounds(&self) -> Option<u32> {
        match self.spec.format {
            TournamentFormat::Arena => None,
            TournamentFormat::RoundRobin => {
                let n = if self.status == TournamentStatus::Upcoming {
                    self.entrants.len()
                } else {
                    self.schedule_players.len()
                };
                let cycle = (n + n % 2).saturating_sub(1) as u32;
                Some(cycle * if self.spec.double { 2 } else { 1 })
            }
            TournamentFormat::Swiss | TournamentFormat::Magma => self.spec.rounds,
        }
    }

    /// Each entrant's arena games in the order they ended.
    fn arena_games(&self) -> HashMap<&str, Vec<ArenaGame>> {
        let mut ended: Vec<&GameRec> = self.games.iter().filter(|g| g.points.is_some()).collect();
        ended.sort_by_key(|g| g.ended_at);
        let mut games: HashMap<&str, Vec<ArenaGame>> = HashMap::new();
        for g in ended {
            let points = g.points.as_deref().unwrap_or_default();
            for (k, p) in g.players.iter().enumerate() {
                games.entry(p.as_str()).or_default().push(ArenaGame {
                    result: points.get(k).copied().unwrap_or(0),
                    berserk: g.berserk.contains(&(k as u8)) && !g.short_berserk.contains(&(k as u8)),
                });
            }
        }
        games
    }

    /// The standings, best first, with each line's entrant index.
    pub fn standings(&self) -> Vec<Standing> {
        let index: HashMap<&str, usize> = self
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.guest.as_str(), i))
            .collect();
        let played: Vec<Played> = self
            .games
            .iter()
            .filter_map(|g| {
                let points = g.points.clone()?;
                let players = g
                    .players
                    .iter()
                    .map(|p| index.get(p.as_str()).copied())
                    .collect::<Option<Vec<_>>>()?;
                let forfeits = g.no_shows.iter().map(|&s| usize::from(s)).collect();
                Some(Played {
                    players,
                    points,
                    forfeits,
                })
            })
            .collect();
        let byes: Vec<usize> = self
            .rounds
            .iter()
            .flat_map(|r| r.byes.iter())
            .filter_map(|b| index.get(b.as_str()).copied())
            .collect();
        let order = if self.spec.format == TournamentFormat::Arena {
            let games = self.arena_games();
            Order::Arena(
                self.entrants
                    .iter()
                    .map(|e| 2 * games.get(e.guest.as_str()).map_or(0, |g| arena_points(g).0))
                    .collect(),
            )
        } else {
            Order::Classic
        };
        let ratings: Vec<i64> = self
            .entrants
            .iter()
            .map(|e| e.rating.unwrap_or(UNRATED))
            .collect();
        standings(self.entrants.len(), &played, &byes, &ratings, &order)
    }

    /// Whether `guest` is on an arena streak (its last two games won).
    fn on_fire(&self, games: &HashMap<&str, Vec<ArenaGame>>, guest: &str) -> bool {
        self.spec.format == TournamentFormat::Arena
            && games
                .get(guest)
                .is_some_and(|g| g.len() >= 2 && g[g.len() - 2..].iter().all(|x| x.result == 2))
    }

    /// What everyone may see; the invite only with `organizer_view`.
    pub fn view(&self, organizer_view: bool, next_round_at: Option<u64>) -> TournamentState {
        let arena = self.arena_games();
        let standings = self
            .standings()
            .into_iter()
            .map(|s| {
                let e = &self.entrants[s.player];
                StandingRow {
                    place: s.place as u32,
                    player: e.guest.clone(),
                    name: e.name.clone(),
                    points: f64::from(s.points) / 2.0,
                    buchholz: s.buchholz as f64 / 2.0,
                    sonneborn_berger: s.sonneborn_berger as f64 / 4.0,
                    performance: (self.spec.format == TournamentFormat::Arena)
                        .then_some(s.performance)
                        .flatten(),
                    tally: s.tally,
                    byes: s.byes,
                    on_fire: self.on_fire(&arena, &e.guest),
                    team: e.team.clone(),
                }
            })
            .collect();
        let rounds = self
            .rounds
            .iter()
            .map(|r| TournamentRound {
                number: r.number,
                paired_at: r.at,
                games: r
                    .games
                    .iter()
                    .map(|&i| {
                        let g = &self.games[i];
                        TournamentGame {
                            room: g.room.clone(),
                            players: g.players.clone(),
                            points: g
                                .points
                                .as_ref()
                                .map(|p| p.iter().map(|&h| f64::from(h) / 2.0).collect()),
                            no_shows: g.no_shows.clone(),
                            berserk: g.berserk.clone(),
                            ended_at: g.ended_at,
                        }
                    })
                    .collect(),
                byes: r.byes.clone(),
            })
            .collect();
        TournamentState {
            id: self.id.clone(),
            spec: self.spec.clone(),
            status: self.status,
            organizer: self.organizer.clone(),
            organizer_name: self.organizer_name.clone(),
            created_at: self.created_at,
            started_at: self.started_at,
            ends_at: self.ends_at,
            finished_at: self.finished_at,
            next_round_at,
            total_rounds: self.total_rounds(),
            players: self
                .entrants
                .iter()
                .map(|e| TournamentPlayer {
                    id: e.guest.clone(),
                    name: e.name.clone(),
                    bot: e.bot,
                    bot_account: e.bot_account,
                    status: e.status,
                    team: e.team.clone(),
                })
                .collect(),
            standings,
            team_standings: self.team_standings(),
            rounds,
            invite: if organizer_view { self.invite.clone() } else { None },
        }
    }

    /// Its line in the tournament list.
    pub fn summary(&self) -> TournamentSummary {
        TournamentSummary {
            id: self.id.clone(),
            name: self.spec.name.clone(),
            game: self.spec.game.clone(),
            format: self.spec.format,
            status: self.status,
            players: self
                .entrants
                .iter()
                .filter(|e| e.status != EntrantStatus::Removed)
                .count() as u32,
            organizer_name: self.organizer_name.clone(),
            created_at: self.created_at,
            starts_at: self.spec.starts_at,
        }
    }
}

/// A status as the summary row stores it.
pub fn status_text(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Upcoming => "upcoming",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
    }
}
