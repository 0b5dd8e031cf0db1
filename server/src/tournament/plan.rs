//! What time and the finished games call for (`Tournament::next`): the
//! start at its time, the next round's pairing by the format's engine
//! (`pairing/`), an arena's wave, or the end.

use std::collections::{BTreeMap, HashMap};

use lodestone_protocol::{EntrantStatus, TournamentFormat, TournamentStatus};

use super::event::{Pairing, Recorded, TournamentEvent};
use super::limits::TournamentLimits;
use super::pairing::arena::{Waiting, pair_waiting};
use super::pairing::round_robin::berger;
use super::pairing::swiss::{SwissPlayer, pair};
use super::pairing::tables::{TablePlayer, tables};
use super::pairing::{Halves, Round};
use super::state::Tournament;

impl Tournament {
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
                    if self.enough_to_play() {
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
                    TournamentFormat::Swiss => self.next_round(Tournament::swiss),
                    TournamentFormat::Magma if self.spec.teams.is_some() => self.magma_teams(),
                    TournamentFormat::Magma => self.next_round(Tournament::magma),
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
pub(super) type Paired = (Vec<(Vec<String>, BTreeMap<String, String>)>, Vec<String>);

/// `None`: nothing to do now; `Some(Err(()))`: nothing more to pair (the
/// event ends once its games are over).
pub(super) type Next = Option<Result<Paired, ()>>;

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

    /// Each game of a player of `active`, in the order played: its index
    /// in `active`, whether it sat first, and the others of `active` at
    /// its table.
    fn histories(&self, active: &[String], mut each: impl FnMut(usize, bool, Vec<usize>)) {
        let index: HashMap<&str, usize> = active.iter().enumerate().map(|(i, g)| (g.as_str(), i)).collect();
        for game in &self.games {
            for (k, p) in game.players.iter().enumerate() {
                let Some(&i) = index.get(p.as_str()) else { continue };
                let others = (game.players.iter().enumerate())
                    .filter(|&(j, _)| j != k)
                    .filter_map(|(_, o)| index.get(o.as_str()).copied())
                    .collect();
                each(i, k == 0, others);
            }
        }
    }

    /// When a Swiss or Magma event's next round is due, what `pairing`
    /// makes of the active players and the scores; otherwise what `next`
    /// answers.
    fn next_round(&self, pairing: fn(&Tournament, &[String], &HashMap<String, Halves>) -> Next) -> Next {
        if !self.round_over() {
            return None;
        }
        let active = self.active();
        if self.rounds.len() as u32 >= self.spec.rounds.unwrap_or(0) || active.len() < self.fewest() {
            return Some(Err(()));
        }
        pairing(self, &active, &self.scores())
    }

    fn swiss(&self, active: &[String], scores: &HashMap<String, Halves>) -> Next {
        let mut players: Vec<SwissPlayer> = active
            .iter()
            .map(|g| SwissPlayer {
                score: scores.get(g).copied().unwrap_or(0),
                had_bye: self.rounds.iter().any(|r| r.byes.contains(g)),
                ..SwissPlayer::default()
            })
            .collect();
        self.histories(active, |i, first, others| {
            players[i].seats.push(first);
            players[i].met.extend(others);
        });
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

    fn magma(&self, active: &[String], scores: &HashMap<String, Halves>) -> Next {
        let mut players: Vec<TablePlayer> = active
            .iter()
            .map(|g| TablePlayer {
                score: scores.get(g).copied().unwrap_or(0),
                ..TablePlayer::default()
            })
            .collect();
        self.histories(active, |i, first, others| {
            players[i].firsts += u32::from(first);
            players[i].met.extend(others);
        });
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
