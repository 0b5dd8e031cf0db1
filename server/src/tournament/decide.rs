//! A tournament's decisions: each request (create, join, withdraw,
//! remove, start) and each ended game is decided against the tournament
//! into events, or refused with nothing changed (what the time calls for
//! is `plan.rs`). No I/O: the director stores the events.

use lodestone_protocol::{
    Action, Code, Detail, EntrantStatus, TournamentFormat, TournamentSpec, TournamentStatus, codes,
};

use super::event::{Recorded, TournamentEvent};
use super::pairing::Halves;
use super::state::Tournament;
use crate::room::{Player, Refusal};

/// A day, in milliseconds.
const DAY_MS: u64 = 24 * 3600 * 1000;

/// The event of `player` entering (a bot account entered as one), in
/// `team` in an event of fixed teams.
fn joined(player: &Player, rating: Option<i64>, team: Option<String>) -> TournamentEvent {
    TournamentEvent::Joined {
        guest: player.id.clone(),
        name: player.name.clone(),
        bot: player.bot,
        bot_account: player.bot_account,
        rating,
        team,
    }
}

impl Tournament {
    /// Gives `event` the next `seq` and applies it.
    pub(super) fn record(&mut self, now: u64, event: TournamentEvent) -> Recorded {
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

    fn check_organizer(&self, by: &Player, action: Action) -> Result<(), Refusal> {
        if by.id == self.organizer {
            return Ok(());
        }
        let organizer = self.organizer_name.clone();
        Err(Refusal::detailed(
            codes::NOT_OWNER,
            Detail::NotOrganizer { action, organizer },
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
    /// guest is an account, and `player.bot_account` whether that account
    /// is a bot (as stored now: the caller reads it at entry); `rating`
    /// is its rating at entry on the performance's scale (`entry_rating`);
    /// `team` the team it names in an event of fixed teams (`teams.rs`).
    pub fn join(
        &mut self,
        player: &Player,
        is_account: bool,
        invite: Option<&str>,
        rating: Option<i64>,
        team: Option<&str>,
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
                    self.check_bots(player)?;
                    let team = self.check_team(Some(&player.id), team)?;
                    Ok(vec![self.record(now, joined(player, rating, team))])
                }
            };
        }
        self.check_late()?;
        self.check_bots(player)?;
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
        let team = self.check_team(None, team)?;
        Ok(vec![self.record(now, joined(player, rating, team))])
    }

    /// Whether `player` may enter as what it is: a computer player or a
    /// bot account only where the organizer allowed bots.
    fn check_bots(&self, player: &Player) -> Result<(), Refusal> {
        if self.spec.bots {
            return Ok(());
        }
        if player.bot {
            return Err(Refusal::new(
                Code::BotsNotAllowed,
                "this tournament does not allow computer players",
            ));
        }
        if player.bot_account {
            return Err(Refusal::new(
                Code::BotsNotAllowed,
                "this tournament does not allow bots: a bot account enters only where the organizer allowed bots",
            ));
        }
        Ok(())
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
        self.check_organizer(by, Action::RemovePlayer)?;
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

    pub(super) fn active(&self) -> Vec<String> {
        self.entrants
            .iter()
            .filter(|e| e.status == EntrantStatus::Active)
            .map(|e| e.guest.clone())
            .collect()
    }

    pub(super) fn fewest(&self) -> usize {
        if self.spec.format == TournamentFormat::Magma {
            3
        } else {
            2
        }
    }

    /// The organizer starts the event now.
    pub fn start(&mut self, by: &Player, now: u64) -> Result<Vec<Recorded>, Refusal> {
        self.check_organizer(by, Action::StartTournament)?;
        if self.status != TournamentStatus::Upcoming {
            return Err(Refusal::detailed(
                codes::ALREADY_STARTED,
                Detail::AlreadyStarted {
                    action: Action::StartTournament,
                },
            ));
        }
        if !self.enough_to_play() {
            let detail = if self.spec.teams.is_some() {
                Detail::TooFewTeams
            } else {
                Detail::TooFewPlayers {
                    count: self.fewest() as u64,
                }
            };
            return Err(Refusal::detailed(codes::TOO_EARLY, detail));
        }
        Ok(vec![self.started(now)])
    }

    pub(super) fn started(&mut self, now: u64) -> Recorded {
        let ends_at = self.spec.seconds.map(|s| now + s * 1000);
        self.record(now, TournamentEvent::Started { ends_at })
    }

    /// A game of the event is over: its seats' points, no-shows, and the
    /// seats that went berserk (with too few moves: `short_berserk`).
    pub fn game_over(
        &mut self,
        room: &str,
        points: Vec<Halves>,
        no_shows: Vec<u8>,
        (berserk, short_berserk): (Vec<u8>, Vec<u8>),
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
                berserk,
                short_berserk,
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
}
