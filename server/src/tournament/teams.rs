//! Magma events of teams fixed for the event (`teams: pairs`,
//! docs/tournaments.md): a player enters naming its team (a new name makes
//! it, a team's name joins it while it has room); a team is paired as one
//! unit once both its players are active (`pairing/teams.rs` splits the
//! teams into tables and seats them as Magma's colour teams); a team
//! scores its side's placing points, and the team standings count games
//! between teams. No I/O, like the rest of the tournament's value.

use std::collections::{BTreeMap, HashMap};

use lodestone_protocol::{Code, EntrantStatus, TeamStandingRow};

use super::pairing::standings::{Order, standings};
use super::pairing::tables::TablePlayer;
use super::pairing::teams::{seat, team_tables};
use super::pairing::{Halves, Played};
use super::plan::Next;
use super::state::{GameRec, Tournament};
use crate::room::Refusal;

/// Players a team (`teams: pairs`).
pub const TEAM_SIZE: usize = 2;

/// The longest team name, in characters.
pub const TEAM_NAME_CHARS: usize = 30;

fn bad_team(message: impl Into<String>) -> Refusal {
    Refusal::new(Code::BadTeam, message)
}

/// Whether two team names name one team (letter case aside).
fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

impl Tournament {
    /// The teams in the order their first player entered, each with its
    /// players' entrant indices (a removed player no longer counts).
    pub fn teams(&self) -> Vec<(String, Vec<usize>)> {
        let mut teams: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, e) in self.entrants.iter().enumerate() {
            let Some(name) = &e.team else { continue };
            let at = match teams.iter().position(|(t, _)| same(t, name)) {
                Some(at) => at,
                None => {
                    teams.push((name.clone(), Vec::new()));
                    teams.len() - 1
                }
            };
            if e.status != EntrantStatus::Removed {
                teams[at].1.push(i);
            }
        }
        teams
    }

    /// The team a player enters: none without teams; in an event of fixed
    /// teams, the team named (as first spelled), refused when missing, badly
    /// named or full. `returning`: a player coming back keeps its team.
    pub(super) fn check_team(
        &self,
        returning: Option<&str>,
        team: Option<&str>,
    ) -> Result<Option<String>, Refusal> {
        if self.spec.teams.is_none() {
            return match team {
                Some(_) => Err(bad_team("this tournament has no teams: enter without one")),
                None => Ok(None),
            };
        }
        if let Some(own) = returning
            .and_then(|g| self.entrant(g))
            .and_then(|e| e.team.clone())
        {
            return match team {
                Some(t) if !same(t.trim(), &own) => {
                    Err(bad_team(format!("you play for team {own} for the whole event")))
                }
                _ => Ok(Some(own)),
            };
        }
        let name = team.map(str::trim).unwrap_or_default();
        if name.is_empty() || name.chars().count() > TEAM_NAME_CHARS || name.chars().any(char::is_control) {
            return Err(bad_team(format!(
                "this event is played in fixed teams of {TEAM_SIZE}: name your team (1 to {TEAM_NAME_CHARS} characters; a new name makes a team, a team's name joins it)"
            )));
        }
        match self.teams().into_iter().find(|(t, _)| same(t, name)) {
            Some((t, members)) if members.len() >= TEAM_SIZE => Err(Refusal::new(
                Code::TeamFull,
                format!("team {t} has its {TEAM_SIZE} players already"),
            )),
            Some((t, _)) => Ok(Some(t)),
            None => Ok(Some(name.to_string())),
        }
    }

    /// The team of a computer player the organizer enters: the one asked
    /// for, or the first team with room, or a team of its own (`own`).
    pub fn bot_team(&self, asked: Option<String>, own: &str) -> Option<String> {
        if self.spec.teams.is_none() {
            return asked;
        }
        asked.or_else(|| {
            let open = self.teams().into_iter().find(|(_, m)| m.len() < TEAM_SIZE);
            Some(open.map_or_else(|| own.to_string(), |(t, _)| t))
        })
    }

    /// The teams whose players are all active and complete: the ones
    /// paired (indices into `teams()`).
    fn ready_teams(&self, teams: &[(String, Vec<usize>)]) -> Vec<usize> {
        (0..teams.len())
            .filter(|&t| {
                let members = &teams[t].1;
                members.len() == TEAM_SIZE
                    && members
                        .iter()
                        .all(|&i| self.entrants[i].status == EntrantStatus::Active)
            })
            .collect()
    }

    /// Whether enough players are in to start (or to go on): two complete
    /// teams in an event of fixed teams, else the format's fewest players.
    pub(super) fn enough_to_play(&self) -> bool {
        if self.spec.teams.is_some() {
            self.ready_teams(&self.teams()).len() >= 2
        } else {
            self.active().len() >= self.fewest()
        }
    }

    /// The team (index into `teams`) of each seat of `game`.
    fn seat_teams(&self, teams: &[(String, Vec<usize>)], game: &GameRec) -> Vec<Option<usize>> {
        game.players
            .iter()
            .map(|g| {
                let name = self.entrant(g)?.team.as_deref()?;
                teams.iter().position(|(t, _)| same(t, name))
            })
            .collect()
    }

    /// Each finished game as a game between teams: a team scores its
    /// best seat's points (its side's placing points; a no-show's seat
    /// scores nothing) and forfeits when all its seats were no-shows.
    fn team_games(&self, teams: &[(String, Vec<usize>)]) -> Vec<Played> {
        let mut played = Vec::new();
        for game in &self.games {
            let Some(points) = &game.points else { continue };
            let mut sides: Vec<(usize, Halves, bool)> = Vec::new();
            for (s, team) in self.seat_teams(teams, game).into_iter().enumerate() {
                let Some(team) = team else { continue };
                let p = points.get(s).copied().unwrap_or(0);
                let shown = !game.no_shows.contains(&(s as u8));
                match sides.iter_mut().find(|(t, _, _)| *t == team) {
                    Some(side) => {
                        side.1 = side.1.max(p);
                        side.2 |= shown;
                    }
                    None => sides.push((team, p, shown)),
                }
            }
            played.push(Played {
                players: sides.iter().map(|s| s.0).collect(),
                points: sides.iter().map(|s| s.1).collect(),
                forfeits: (0..sides.len()).filter(|&k| !sides[k].2).collect(),
            });
        }
        played
    }

    /// The team standings (none without teams), best first.
    pub fn team_standings(&self) -> Vec<TeamStandingRow> {
        if self.spec.teams.is_none() {
            return Vec::new();
        }
        let teams = self.teams();
        let games = self.team_games(&teams);
        standings(teams.len(), &games, &[], &[], &Order::Classic)
            .into_iter()
            .map(|s| TeamStandingRow {
                place: s.place as u32,
                team: teams[s.player].0.clone(),
                members: (teams[s.player].1.iter())
                    .map(|&i| self.entrants[i].guest.clone())
                    .collect(),
                points: f64::from(s.points) / 2.0,
                buchholz: s.buchholz as f64 / 2.0,
                sonneborn_berger: s.sonneborn_berger as f64 / 4.0,
                tally: s.tally,
            })
            .collect()
    }

    /// The next round of a Magma event of fixed teams: the complete teams
    /// split into tables of `table / 2` teams, each seated as colour
    /// teams (within a team, the player who sat in its first seat less
    /// often sits there).
    pub(super) fn magma_teams(&self) -> Next {
        if !self.round_over() {
            return None;
        }
        let teams = self.teams();
        let ready = self.ready_teams(&teams);
        if self.rounds.len() as u32 >= self.spec.rounds.unwrap_or(0) || ready.len() < 2 {
            return Some(Err(()));
        }
        let unit: HashMap<usize, usize> = ready.iter().enumerate().map(|(u, &t)| (t, u)).collect();
        let mut units = vec![TablePlayer::default(); ready.len()];
        let scores: HashMap<usize, Halves> =
            standings(teams.len(), &self.team_games(&teams), &[], &[], &Order::Classic)
                .into_iter()
                .map(|s| (s.player, s.points))
                .collect();
        // How often each player sat in its team's first seat.
        let mut leads: HashMap<&str, u32> = HashMap::new();
        for game in &self.games {
            // Seats 0..k are the first seats of the table's k teams.
            let seated = self.seat_teams(&teams, game);
            let k = game.players.len() / TEAM_SIZE;
            for (s, g) in game.players.iter().enumerate().take(k) {
                *leads.entry(g.as_str()).or_default() += 1;
                let Some(Some(team)) = seated.get(s) else { continue };
                let Some(&u) = unit.get(team) else { continue };
                units[u].firsts += u32::from(s == 0);
                let others = seated[..k].iter().flatten().filter(|&&o| o != *team);
                units[u].met.extend(others.filter_map(|o| unit.get(o).copied()));
            }
        }
        for (u, &t) in ready.iter().enumerate() {
            units[u].score = scores.get(&t).copied().unwrap_or(0);
        }
        let members: Vec<Vec<usize>> = ready
            .iter()
            .map(|&t| {
                let mut m = teams[t].1.clone();
                m.sort_by_key(|&i| {
                    (
                        leads.get(self.entrants[i].guest.as_str()).copied().unwrap_or(0),
                        i,
                    )
                });
                m
            })
            .collect();
        let per_table = self.spec.table.unwrap_or(4) as usize / TEAM_SIZE;
        let games = team_tables(&units, per_table)
            .into_iter()
            .map(|table| {
                let players: Vec<String> = seat(&table, &members)
                    .into_iter()
                    .map(|i| self.entrants[i].guest.clone())
                    .collect();
                let options = BTreeMap::from([("players".to_string(), players.len().to_string())]);
                (players, options)
            })
            .collect();
        Some(Ok((games, Vec::new())))
    }
}

#[cfg(test)]
mod tests {
    use lodestone_protocol::{TournamentSpec, TournamentStatus};

    use super::super::event::TournamentEvent;
    use super::super::limits::TournamentLimits;
    use super::super::spec::check_spec;
    use super::*;
    use crate::room::Player;

    fn spec(extra: serde_json::Value) -> TournamentSpec {
        let mut spec = serde_json::json!({
            "name": "Pairs night", "game": "magma", "format": "magma", "rounds": 3,
            "table": 4, "teams": "pairs",
        });
        for (k, v) in extra.as_object().expect("an object") {
            spec[k] = v.clone();
        }
        serde_json::from_value(spec).expect("a spec")
    }

    fn person(n: usize) -> Player {
        Player::person(format!("g{n}"), format!("P{n}"))
    }

    /// An event of `teams` teams of two (players `g0`…), entered in order.
    fn event(teams: usize) -> Tournament {
        let mut s = spec(serde_json::json!({}));
        check_spec(&mut s, 0, &TournamentLimits::default()).expect("a good spec");
        let (mut t, _) = Tournament::create("t", s, &Player::person("o", "Org"), None, 0);
        for n in 0..2 * teams {
            let team = format!("Team {}", n / 2);
            t.join(&person(n), false, None, None, Some(&team), 0)
                .expect("an entry");
        }
        t
    }

    fn pair(t: &mut Tournament, now: u64) -> Vec<Vec<String>> {
        let mut n = 0;
        let events = t.next(
            now,
            &mut || {
                n += 1;
                format!("r{now}-{n}")
            },
            &TournamentLimits::default(),
        );
        let Some(TournamentEvent::Paired { games, .. }) = events.last().map(|e| &e.event) else {
            panic!("a pairing: {events:?}");
        };
        games.iter().map(|g| g.players.clone()).collect()
    }

    fn team_of(t: &Tournament, guest: &str) -> String {
        t.entrant(guest).and_then(|e| e.team.clone()).expect("a team")
    }

    #[test]
    fn a_team_option_is_only_for_magma_at_tables_of_four_or_six() {
        let limits = TournamentLimits::default();
        check_spec(&mut spec(serde_json::json!({"table": 6})), 0, &limits).expect("six is three teams");
        for bad in [
            serde_json::json!({"table": 5}),
            serde_json::json!({"table": 3}),
            serde_json::json!({"game": "magneton", "format": "swiss", "table": null}),
        ] {
            let refusal = check_spec(&mut spec(bad.clone()), 0, &limits).expect_err("refused");
            assert_eq!(refusal.code, Code::BadOption, "{bad}");
        }
    }

    #[test]
    fn players_enter_naming_a_team_of_two() {
        let mut t = event(1);
        let before = t.clone();
        let refused = |t: &mut Tournament, n: usize, team: Option<&str>| {
            t.join(&person(n), false, None, None, team, 0)
                .expect_err("refused")
                .code
        };
        assert_eq!(
            refused(&mut t, 5, Some("team 0")),
            Code::TeamFull,
            "letter case aside"
        );
        assert_eq!(refused(&mut t, 5, None), Code::BadTeam);
        assert_eq!(refused(&mut t, 5, Some("  ")), Code::BadTeam);
        assert_eq!(refused(&mut t, 5, Some(&"x".repeat(31))), Code::BadTeam);
        assert_eq!(t, before, "nothing changes on a refusal");
        // A partner joins a team by its name, as first spelled.
        t.join(&person(2), false, None, None, Some("Owls"), 0)
            .expect("a new team");
        t.join(&person(3), false, None, None, Some("OWLS "), 0)
            .expect("its partner");
        assert_eq!(team_of(&t, "g3"), "Owls");
        // Too few complete teams to start until a second one is complete.
        let mut lone = event(1);
        lone.join(&person(7), false, None, None, Some("Solo"), 0)
            .expect("an entry");
        let org = Player::person("o", "Org");
        let refusal = lone.start(&org, 0).expect_err("one complete team");
        assert_eq!(refusal.code, lodestone_protocol::codes::TOO_EARLY);
        // A removed player frees its place; the organizer's bot fills it.
        assert_eq!(lone.bot_team(None, "Bot 1"), Some("Solo".into()));
        // No team in an event without teams.
        let mut plain = spec(serde_json::json!({"teams": null, "table": 4}));
        check_spec(&mut plain, 0, &TournamentLimits::default()).expect("a Magma event");
        let (mut p, _) = Tournament::create("p", plain, &org, None, 0);
        assert_eq!(refused(&mut p, 1, Some("Owls")), Code::BadTeam);
        t.start(&org, 0).expect("two complete teams start");
        // A player who withdraws and comes back keeps its team.
        t.withdraw(&person(3), 1).expect("paused");
        assert_eq!(refused(&mut t, 3, Some("Team 0")), Code::BadTeam);
        t.join(&person(3), false, None, None, None, 2).expect("back");
        assert_eq!(team_of(&t, "g3"), "Owls");
    }

    #[test]
    fn teams_sit_as_colour_teams_meet_new_teams_and_share_their_points() {
        let mut t = event(4);
        t.start(&Player::person("o", "Org"), 0).expect("started");
        let mut met = std::collections::HashSet::new();
        for round in 0..3u64 {
            let games = pair(&mut t, 10 + round);
            assert_eq!(games.len(), 2, "four teams: two tables of four");
            for players in &games {
                assert_eq!(players.len(), 4);
                // Seats 1+3 and 2+4: partners on one side.
                assert_eq!(team_of(&t, &players[0]), team_of(&t, &players[2]));
                assert_eq!(team_of(&t, &players[1]), team_of(&t, &players[3]));
                let mut pair = [team_of(&t, &players[0]), team_of(&t, &players[1])];
                pair.sort();
                assert!(met.insert(pair.clone()), "teams {pair:?} met twice");
            }
            // Nothing is paired while the round is played.
            assert!(
                t.next(20 + round, &mut String::new, &TournamentLimits::default())
                    .is_empty()
            );
            let rooms: Vec<String> = t.unfinished().map(|g| g.room.clone()).collect();
            for room in rooms {
                // The first seat's team wins: a point each.
                t.game_over(
                    &room,
                    vec![2, 0, 2, 0],
                    Vec::new(),
                    Default::default(),
                    30 + round,
                );
            }
        }
        assert_eq!(met.len(), 6, "three rounds: every team met every other");
        let done = t.next(100, &mut String::new, &TournamentLimits::default());
        assert!(matches!(
            done.last().map(|e| &e.event),
            Some(TournamentEvent::Finished)
        ));
        assert_eq!(t.status, TournamentStatus::Finished);
        let table = t.team_standings();
        assert_eq!(table.len(), 4);
        let total: f64 = table.iter().map(|r| r.points).sum();
        assert_eq!(total, 6.0, "a point a table of two teams");
        for row in &table {
            assert_eq!(row.members.len(), 2);
            assert_eq!(row.tally.games, 3);
            assert_eq!(row.tally.wins + row.tally.losses, 3);
            // Each player's own line has its team's points.
            for m in &row.members {
                let own = t
                    .view(false, None)
                    .standings
                    .into_iter()
                    .find(|s| &s.player == m)
                    .expect("a line");
                assert_eq!(
                    (own.points, own.team.as_deref()),
                    (row.points, Some(row.team.as_str()))
                );
            }
        }
    }

    #[test]
    fn a_paused_player_keeps_its_team_out_of_the_pairing() {
        let mut t = event(3);
        let org = Player::person("o", "Org");
        t.start(&org, 0).expect("started");
        t.withdraw(&person(0), 1).expect("paused");
        let games = pair(&mut t, 2);
        assert_eq!(games.len(), 1, "two complete teams left: one table");
        assert!(games[0].iter().all(|g| team_of(&t, g) != "Team 0"));
        // Removed for good: the place is free for a new partner.
        t.remove(&org, "g0", 3).expect("removed");
        t.join(&person(9), false, None, None, Some("team 0"), 4)
            .expect("a new partner (late entry)");
        assert_eq!(t.teams()[0].1.len(), 2);
    }
}
