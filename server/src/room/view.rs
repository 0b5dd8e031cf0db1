//! A room as its viewers see it, built from `&self` only: the state each
//! viewer gets (`state_for`, `render_with`: a seat's view, offers, risks
//! and the effects of the last action, or a spectator's), in two parts
//! for a broadcast (`render_shared`, the same for every live viewer, and
//! each viewer's `Own`), the line of the public room list, and what the
//! room tells its task and the lobby.
//! Nothing here changes the room; what each audience was last sent is the
//! broadcaster's (`room/broadcast.rs`).

use std::collections::{BTreeMap, BTreeSet};

use lodestone_protocol::{
    ClockState, EffectState, EndHow, EndState, Guest, LastAction, MoveEntry, OutcomeState, Own, OwnPlay,
    PlayState, RiskState, RoomState, RoomStatus, RoomSummary, SeatClock, SeatState, ViewParts, board_json,
};
use lodestone_rules::{Concession, Outcome, Seat, SeatSet, TableEvent, Viewer};

use super::core::RoomCore;
use super::event::{AbsentPolicy, SpectatorPolicy};
use super::lifecycle::Gone;
use super::watchers::ConnId;

/// Whose eyes a rendering is for: the seat (or a spectator) it goes to,
/// the rules' viewer whose knowledge it shows (the referee for a replay
/// of a finished game), and whether it is live (offers, risks, running
/// clocks) or a replay (nothing to play).
#[derive(Clone, Copy, Debug)]
struct Lens {
    seat: Option<Seat>,
    rules: Viewer,
    live: bool,
    /// Everything revealed: salts and the seed shown.
    revealed: bool,
    /// Whether the seat to act is told its risks (no audience that reads
    /// them: none computed).
    risks: bool,
}

impl Lens {
    fn live(seat: Option<Seat>) -> Lens {
        Lens {
            seat,
            rules: RoomCore::rules_viewer(seat),
            live: true,
            revealed: false,
            risks: true,
        }
    }
}

impl RoomCore {
    pub fn is_watching(&self, conn: ConnId) -> bool {
        self.watchers().contains(conn)
    }

    /// The seats watched from at least one connection. Not stored, and not
    /// counted in the version: a change is sent to watchers with the same
    /// version.
    pub fn connected_seats(&self) -> BTreeSet<Seat> {
        self.watchers().connected_seats()
    }

    /// The guests holding seats.
    pub fn seated_guests(&self) -> Vec<String> {
        self.seating().players().map(|p| p.id.clone()).collect()
    }

    /// The distinct viewers among the watchers, with their connections.
    pub fn audiences(&self) -> BTreeMap<Option<Seat>, Vec<ConnId>> {
        self.watchers().audiences()
    }

    /// The room as `viewer` (a seat, or a spectator) may see it at `now`,
    /// with the whole log.
    pub fn state_for(&self, viewer: Option<Seat>, now: u64) -> RoomState {
        // A spectator kept behind sees the game as it stood then, and who
        // is connected now (the twin has no watchers).
        match (viewer, self.lagging()) {
            (None, Some(then)) => {
                let mut state = then.render(None, now, 0);
                let connected = self.connected_seats();
                for seat in &mut state.seats {
                    seat.connected = connected.contains(&Seat(seat.seat));
                }
                state
            }
            _ => self.render(viewer, now, 0),
        }
    }

    /// How many of the first `upto` log entries are concealed from
    /// `viewer` now. Only an action that was secret when played can be.
    pub fn concealed(&self, viewer: Option<Seat>, upto: usize) -> usize {
        let rules_viewer = Self::rules_viewer(viewer);
        let log = self.log();
        (0..upto)
            .map(|i| log.entry(i))
            .filter(|l| l.secret.is_some() && l.conceals(self.game(), rules_viewer))
            .count()
    }

    /// How many actions the log holds.
    pub fn log_len(&self) -> usize {
        self.log().len()
    }

    /// The view parts of a play state for `viewer`: the position text and
    /// the board.
    pub fn view_parts(&self, viewer: Option<Seat>) -> ViewParts {
        self.parts_for(Self::rules_viewer(viewer))
    }

    fn parts_for(&self, viewer: Viewer) -> ViewParts {
        let view = self.game().view(viewer);
        ViewParts {
            position: view.to_string(),
            board: board_json(&view),
        }
    }

    /// Whether every audience sees the same view now (then a broadcast
    /// builds it once).
    pub fn views_differ(&self) -> bool {
        self.game().views_differ()
    }

    fn render(&self, viewer: Option<Seat>, now: u64, from: usize) -> RoomState {
        self.render_with(viewer, now, from, None)
    }

    pub fn render_with(
        &self,
        viewer: Option<Seat>,
        now: u64,
        from: usize,
        shared: Option<&ViewParts>,
    ) -> RoomState {
        self.render_lens(Lens::live(viewer), now, from, shared)
    }

    /// The room as `viewer` may see it in a replay (`room/replay.rs`): the
    /// whole log, nothing offered, no running clock; with `revealed` (the
    /// game is over), as the referee sees it, salts and seed included.
    /// `now` is when the state stood (its clocks are read then).
    pub(super) fn replay_state(&self, viewer: Option<Seat>, revealed: bool, now: u64) -> RoomState {
        let lens = Lens {
            seat: viewer,
            rules: if revealed {
                Viewer::Referee
            } else {
                Self::rules_viewer(viewer)
            },
            live: false,
            revealed,
            risks: false,
        };
        self.render_lens(lens, now, 0, None)
    }

    fn render_lens(&self, lens: Lens, now: u64, from: usize, shared: Option<&ViewParts>) -> RoomState {
        let mut state = self.render_common(lens, now, shared);
        self.render_own(lens, now, from, shared).fill(&mut state);
        state
    }

    /// What a broadcast renders once for all its audiences: the room as
    /// every live viewer sees it, with none of the parts that depend on
    /// who looks (those are in [`Own`]: empty here), and the position and
    /// board left out too (placeholders: the broadcast has them as
    /// `ViewParts`, or each audience its own).
    pub fn render_shared(&self, now: u64) -> RoomState {
        self.render_common(Lens::live(None), now, None)
    }

    /// The play state of [`RoomCore::render_shared`] alone, once the game
    /// has started.
    pub fn render_shared_play(&self, now: u64) -> Option<PlayState> {
        self.started_at()
            .is_some()
            .then(|| self.play_common(Lens::live(None), now, None))
    }

    /// The parts of a live update that depend on the viewer (`from`: the
    /// first log entry it is sent), with the risks of its offers only if
    /// `risks` (one of its connections reads them).
    pub fn render_own_live(
        &self,
        viewer: Option<Seat>,
        now: u64,
        from: usize,
        shared: Option<&ViewParts>,
        risks: bool,
    ) -> Own {
        let lens = Lens {
            risks,
            ..Lens::live(viewer)
        };
        self.render_own(lens, now, from, shared)
    }

    /// The room as `lens` sees it, but for what depends on the viewer's
    /// seat (the invite, `you`, and the play state's view, offers, log,
    /// last action and risks: [`Own`]), which is left empty.
    fn render_common(&self, lens: Lens, now: u64, shared: Option<&ViewParts>) -> RoomState {
        let connected = self.connected_seats();
        let seating = self.seating();
        let shown = shown_names(seating.seats());
        let stand_ins = self.absent_policy() == AbsentPolicy::Bot && self.status() == RoomStatus::Playing;
        let seats = seating
            .seats()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(i as u8);
                SeatState {
                    seat: seat.0,
                    name: self.game().seat_name(seat),
                    color: self.game().seat_color(seat),
                    team: self.game().team(seat),
                    player: p.as_ref().map(|p| Guest {
                        id: p.id.clone(),
                        name: p.name.clone(),
                    }),
                    connected: connected.contains(&seat),
                    bot: p.as_ref().is_some_and(|p| p.bot),
                    bot_account: p.as_ref().is_some_and(|p| p.bot_account),
                    shown_as: shown[i].clone(),
                    absent: seating.is_absent(i),
                    stand_in: stand_ins && seating.is_absent(i) && p.as_ref().is_some_and(|p| !p.bot),
                    vacation: self.seat_vacation(i, now),
                }
            })
            .collect();
        RoomState {
            id: self.id().to_string(),
            game: self.kind().name().to_string(),
            options: self.shown_options(),
            public: self.is_public(),
            invite: None,
            status: self.status(),
            seed_commitment: lodestone_protocol::seed_commitment(self.seed()),
            seed: (lens.revealed || matches!(self.status(), RoomStatus::Finished | RoomStatus::Closed))
                .then(|| self.seed().to_string()),
            seats,
            you: None,
            owner: seating.owner().map(|o| Guest {
                id: o.guest.clone(),
                name: o.name.clone(),
            }),
            play: self
                .started_at()
                .is_some()
                .then(|| self.play_common(lens, now, shared)),
            rematch: self.rematch_state(),
            ended: self.table_ending(now),
        }
    }

    /// How the table ended the game or the room, if the board did not:
    /// the room gone for good, or the last table event (a resignation, a
    /// loss on time, a claim, a draw agreed) when it ended the game.
    pub(super) fn table_ending(&self, now: u64) -> Option<EndState> {
        let end = |how, seat: Option<Seat>| {
            Some(EndState {
                how,
                seat: seat.map(|s| s.0),
            })
        };
        match self.life().gone() {
            Some(Gone::Aborted(seat)) => return end(EndHow::Aborted, Some(seat)),
            Some(Gone::Closed) => return end(EndHow::Closed, None),
            Some(Gone::Abandoned) => return end(EndHow::Abandoned, None),
            Some(Gone::Expired) => return end(EndHow::Expired, None),
            None => {}
        }
        self.game().outcome()?;
        let &(ply, event) = self.table().table_events().last()?;
        if ply != self.log().len() {
            return None;
        }
        match event {
            TableEvent::DrawAgreed => end(EndHow::DrawAgreed, None),
            TableEvent::Concede(seat, Concession::Resign) => end(EndHow::Resigned, Some(seat)),
            TableEvent::Concede(seat, Concession::OutOfTime) => {
                // A claim stores a loss on time before the clock ran out
                // (or in a room without a clock).
                let clocks = self.table().clocks();
                let left = clocks
                    .at(self.game_time(now).0)
                    .get(seat.index())
                    .map_or(0, |(left, _)| *left);
                let claimed = clocks.control().is_none() || left > 0;
                let how = if claimed {
                    EndHow::Claimed
                } else {
                    EndHow::OutOfTime
                };
                end(how, Some(seat))
            }
        }
    }

    pub(super) fn rules_viewer(viewer: Option<Seat>) -> Viewer {
        viewer.map_or(Viewer::Spectator, Viewer::Seat)
    }

    /// The play state as `lens` sees it, but for what depends on the
    /// viewer's seat ([`Own`]).
    fn play_common(&self, lens: Lens, now: u64, shared: Option<&ViewParts>) -> PlayState {
        // Once the room has ended the game (a resignation), nobody acts.
        let playing = self.status() == RoomStatus::Playing;
        let to_act = if playing {
            self.game().to_act()
        } else {
            SeatSet::EMPTY
        };
        let clock = self
            .game()
            .deadline()
            .filter(|_| playing && lens.live)
            .zip(self.started_at())
            .map(|(d, started)| ClockState {
                seat: d.seat.0,
                remaining_ms: (started + d.at.0).saturating_sub(now),
            });
        let (position, board) = match shared {
            Some(parts) => (parts.position.clone(), parts.board.clone()),
            None => (String::new(), lodestone_protocol::RawJson::new(&())),
        };
        PlayState {
            position,
            board,
            to_act: to_act.iter().map(|s| s.0).collect(),
            legal: Vec::new(),
            promotions: BTreeMap::new(),
            moves: Vec::new(),
            moves_from: 0,
            outcome: self.game().outcome().map(outcome_state),
            clock,
            clocks: self
                .table()
                .clocks()
                .at(self.game_time(now).0)
                .into_iter()
                .enumerate()
                .map(|(i, (remaining_ms, running))| SeatClock {
                    seat: i as u8,
                    remaining_ms,
                    running: running && playing && lens.live,
                    berserk: self.table().clocks().is_berserk(i),
                })
                .collect(),
            draw_offer: self.table().draw_offer().map(|s| s.0),
            last: None,
            risks: BTreeMap::new(),
        }
    }

    /// What of the room depends on whose eyes `lens` is (`from`: the first
    /// log entry sent).
    fn render_own(&self, lens: Lens, now: u64, from: usize, shared: Option<&ViewParts>) -> Own {
        let (viewer, rules_viewer) = (lens.seat, lens.rules);
        let play = self.started_at().is_some().then(|| {
            let view = match shared {
                Some(_) => None,
                None => Some(self.parts_for(rules_viewer)),
            };
            let playing = self.status() == RoomStatus::Playing;
            let finished =
                lens.revealed || matches!(self.status(), RoomStatus::Finished | RoomStatus::Closed);
            let log = self.log();
            let moves = log
                .from(from)
                .enumerate()
                .map(|(i, l)| (i + from, l))
                .map(|(i, l)| {
                    let hidden = l.conceals(self.game(), rules_viewer);
                    MoveEntry {
                        ply: i as u32 + 1,
                        seat: l.seat.0,
                        action: (!hidden).then(|| l.text.to_string()),
                        commitment: l.secret.map(|(_, c)| c.clone()),
                        salt: l.secret.filter(|_| finished).map(|(s, _)| s.clone()),
                    }
                })
                .collect();
            let mut promotions = BTreeMap::new();
            let legal = match viewer {
                Some(seat) if lens.live && playing && self.game().to_act().contains(seat) => {
                    // Offers never hold the server's own actions (a timeout).
                    let mut legal = Vec::new();
                    for (action, extras) in self.game().offers(seat) {
                        if !extras.is_empty() {
                            promotions.insert(action.clone(), extras);
                        }
                        legal.push(action);
                    }
                    legal
                }
                _ => Vec::new(),
            };
            // What the last action did, as this viewer may know it; the
            // risks of the offered actions, for a seat to act.
            let last = log.last_with_events().map(|(seat, events)| LastAction {
                ply: log.len() as u32,
                seat: seat.0,
                effects: self
                    .game()
                    .effects(seat, events, rules_viewer)
                    .iter()
                    .map(EffectState::from)
                    .collect(),
            });
            let risks = match viewer {
                Some(seat) if lens.risks && !legal.is_empty() => self
                    .game()
                    .risks(seat, self.game_time(now))
                    .into_iter()
                    .map(|(action, risk)| (action, RiskState::from(risk)))
                    .collect(),
                _ => BTreeMap::new(),
            };
            OwnPlay {
                view,
                legal,
                promotions,
                moves,
                moves_from: from as u32,
                last,
                risks,
            }
        });
        Own {
            invite: viewer.and(self.invite().map(str::to_string)),
            you: viewer.map(|s| s.0),
            play,
        }
    }

    /// The game's options, and the room's clock (and its weekend pause)
    /// when it has one.
    pub(super) fn shown_options(&self) -> BTreeMap<String, String> {
        let mut options: BTreeMap<String, String> = self.options().iter().cloned().collect();
        let clock = self.table().clocks().control();
        if !clock.is_none() {
            options.insert("clock".into(), clock.to_string());
        }
        if self.table().clocks().pauses_weekends() {
            options.insert("weekends".into(), "pause".into());
        }
        if self.table().clocks().offers_berserk() {
            options.insert("berserk".into(), "on".into());
        }
        if self.absent_policy() != AbsentPolicy::Wait {
            options.insert("absent".into(), self.absent_policy().to_string());
        }
        if !self.chat_on() {
            options.insert("chat".into(), "off".into());
        }
        if self.is_rated() {
            options.insert("rated".into(), "yes".into());
        }
        if self.rated_bots() {
            options.insert("rated-bots".into(), "yes".into());
        }
        let spectators = self.spectators();
        if spectators.policy != SpectatorPolicy::Public {
            options.insert("spectators".into(), spectators.policy.to_string());
        }
        if spectators.delay > 0 {
            options.insert("spectator-delay".into(), spectators.delay.to_string());
        }
        options
    }

    /// The line of the public room list.
    pub fn summary(&self) -> RoomSummary {
        RoomSummary {
            id: self.id().to_string(),
            game: self.kind().name().to_string(),
            options: self.shown_options(),
            seats: self.seating().len() as u8,
            taken: self.seating().players().count() as u8,
            players: self.seating().players().map(|p| p.name.clone()).collect(),
        }
    }
}

/// For each seat, its player's name with a number when an earlier seat's
/// player has the same name (`Ann (2)`): the first keeps the plain name.
/// Names that differ only in case or surrounding spaces count as the same.
pub(super) fn shown_names(seats: &[Option<super::seating::Player>]) -> Vec<Option<String>> {
    let key = |name: &str| name.trim().to_lowercase();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    seats
        .iter()
        .map(|p| {
            let p = p.as_ref()?;
            let n = seen.entry(key(&p.name)).or_insert(0);
            *n += 1;
            (*n > 1).then(|| format!("{} ({n})", p.name))
        })
        .collect()
}

pub(super) fn outcome_state(outcome: &Outcome) -> OutcomeState {
    OutcomeState {
        result: outcome.to_string(),
        winners: match outcome {
            Outcome::Win { winners, .. } => winners.iter().map(|s| s.0).collect(),
            Outcome::Draw { .. } => Vec::new(),
        },
    }
}
