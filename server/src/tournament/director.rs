//! The director: one task per live tournament, the single writer of its
//! log, like a room's task. It takes requests one at a time, decides them
//! against the tournament (`decide.rs`), stores the events before it
//! answers (under the tournament's lease and fence with several nodes),
//! and tells its watchers. Every tick it reads what its games' rooms
//! stored (ended games, no-shows), makes the rooms of new pairings, and
//! asks the tournament what the time calls for. Nothing it knows is kept
//! only in memory: a restart (or another node) folds the log again and
//! carries on, making any room a pairing names that does not exist yet.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use lodestone_protocol::{ServerMessage, TournamentState, TournamentStatus, codes};
use tokio::sync::mpsc;

use super::event::{Recorded, TournamentEvent, to_row};
use super::registry::{Ask, DirectorHandle, What};
use super::rooms;
use super::state::{Tournament, status_text};
use crate::app::App;
use crate::room::{Outbox, Player, Refusal, RoomLease};
use crate::store::{Fence, StoreError, StoredStatus, TournamentLine};

/// A connection following the tournament.
struct Watcher {
    guest: String,
    outbox: Outbox,
}

struct Director {
    app: Arc<App>,
    t: Tournament,
    rx: mpsc::Receiver<Ask>,
    watchers: Vec<Watcher>,
    lease: Option<Arc<RoomLease>>,
    /// Games whose every seat has moved: no no-show to look for.
    showed: HashSet<String>,
    /// A fence refused a write: the tournament is another node's now.
    lost: bool,
}

/// Starts the director of `t` (holding `lease` with several nodes) and
/// registers it.
pub fn spawn(app: &Arc<App>, t: Tournament, lease: Option<Arc<RoomLease>>) -> DirectorHandle {
    let (tx, rx) = mpsc::channel(256);
    let handle = DirectorHandle { tx };
    app.tournaments.insert(&t.id, handle.clone());
    let director = Director {
        app: app.clone(),
        t,
        rx,
        watchers: Vec::new(),
        lease,
        showed: HashSet::new(),
        lost: false,
    };
    app.tasks.spawn(director.run());
    handle
}

/// The summary row of `t`.
pub fn line(t: &Tournament) -> TournamentLine {
    TournamentLine {
        id: t.id.clone(),
        organizer: t.organizer.clone(),
        public: t.spec.public,
        status: status_text(t.status).to_string(),
        created_at: t.created_at as i64,
        summary: serde_json::to_string(&t.summary()).expect("summaries serialise"),
    }
}

/// Stores `events` of `t` (fenced by `lease` with several nodes).
pub async fn store(
    app: &App,
    t: &Tournament,
    events: &[Recorded],
    lease: Option<&RoomLease>,
) -> Result<(), StoreError> {
    let rows: Vec<_> = events.iter().map(|r| to_row(&t.id, r)).collect();
    let fence = match (lease, &app.node) {
        (Some(lease), Some(node)) => Some(Fence {
            node: &node.name,
            epoch: lease.epoch,
        }),
        _ => None,
    };
    app.store.append_tournament(&rows, &line(t), fence).await
}

async fn lease_lost(lease: Option<&Arc<RoomLease>>) {
    match lease {
        Some(lease) => lease.lost.cancelled().await,
        None => std::future::pending().await,
    }
}

impl Director {
    async fn run(mut self) {
        let tick_ms = self.app.config.tournaments.tick_ms.max(10);
        let mut tick = tokio::time::interval(Duration::from_millis(tick_ms));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let lease = self.lease.clone();
        while !self.lost && self.t.status != TournamentStatus::Finished {
            tokio::select! {
                _ = self.app.shutdown.cancelled() => break,
                _ = lease_lost(lease.as_ref()) => break,
                ask = self.rx.recv() => match ask {
                    Some(ask) => self.on_ask(ask).await,
                    None => break,
                },
                _ = tick.tick() => {
                    self.look_at_games().await;
                    self.advance().await;
                }
            }
        }
        self.app.tournaments.remove(&self.t.id);
        // Asks already queued are answered from the final state (a finished
        // tournament refuses every change); a later one finds the director
        // gone and looks the tournament up again (`serve.rs`).
        self.rx.close();
        if self.t.status == TournamentStatus::Finished {
            while let Ok(ask) = self.rx.try_recv() {
                self.on_ask(ask).await;
            }
        }
        if let (Some(lease), Some(node)) = (&self.lease, &self.app.node) {
            lease.ended.cancel();
            let finished = self.t.status == TournamentStatus::Finished;
            let _ = node
                .leases
                .release(&self.t.id, &node.name, lease.epoch, finished)
                .await;
        }
        tracing::info!(tournament = %self.t.id, status = ?self.t.status, "director stopped");
    }

    /// Stores `events`; on a failure the tournament is folded again from
    /// what is stored (a refused fence stops the director).
    async fn commit(&mut self, events: &[Recorded]) -> bool {
        if events.is_empty() {
            return true;
        }
        match store(&self.app, &self.t, events, self.lease.as_deref()).await {
            Ok(()) => true,
            Err(StoreError::Fenced) => {
                tracing::warn!(tournament = %self.t.id, "the tournament's lease is lost; another node directs it");
                self.lost = true;
                false
            }
            Err(e) => {
                tracing::error!(tournament = %self.t.id, error = %e, "could not store the tournament's events");
                self.reload().await;
                false
            }
        }
    }

    /// [`Director::commit`] for what someone asked: a failure is their
    /// refusal (`storage-failure`).
    async fn commit_asked(&mut self, events: &[Recorded]) -> Result<(), Refusal> {
        if self.commit(events).await {
            Ok(())
        } else {
            Err(Refusal::new(
                codes::STORAGE,
                "the server could not store that; try again",
            ))
        }
    }

    async fn reload(&mut self) {
        let Ok(rows) = self.app.store.tournament_events(&self.t.id).await else {
            self.lost = true;
            return;
        };
        let events: Result<Vec<_>, _> = rows.iter().map(super::event::from_row).collect();
        match events.and_then(|e| Tournament::restore(&self.t.id, &e)) {
            Ok(t) => self.t = t,
            Err(e) => {
                tracing::error!(tournament = %self.t.id, error = %e, "the tournament's log does not fold");
                self.lost = true;
            }
        }
    }

    fn view_for(&self, guest: Option<&str>) -> TournamentState {
        self.t
            .view(guest == Some(self.t.organizer.as_str()), self.t.next_round_at())
    }

    /// Tells every watcher the tournament as it is now.
    fn broadcast(&mut self) {
        self.watchers.retain(|w| !w.outbox.tx.is_closed());
        let mut shared = None;
        for w in &self.watchers {
            let organizer = w.guest == self.t.organizer;
            let state = if organizer {
                self.view_for(Some(&w.guest))
            } else {
                shared
                    .get_or_insert_with(|| self.t.view(false, self.t.next_round_at()))
                    .clone()
            };
            w.outbox.send_message(&ServerMessage::Tournament {
                id: None,
                tournament: Box::new(state),
            });
        }
    }

    async fn on_ask(&mut self, ask: Ask) {
        match ask {
            Ask::View {
                guest,
                invite,
                watch,
                reply,
            } => {
                let g = guest.as_deref().unwrap_or("");
                if !self.t.admits(g, invite.as_deref()) {
                    let _ = reply.send(Err(Refusal::new(
                        lodestone_protocol::Code::NotInvited,
                        "this tournament is private: its invite code is needed",
                    )));
                    return;
                }
                if let (Some(outbox), Some(guest)) = (watch, guest.clone()) {
                    self.watchers.retain(|w| w.outbox.conn != outbox.conn);
                    self.watchers.push(Watcher { guest, outbox });
                }
                let _ = reply.send(Ok(self.view_for(guest.as_deref())));
            }
            Ask::Unwatch { conn } => self.watchers.retain(|w| w.outbox.conn != conn),
            Ask::Request {
                player,
                is_account,
                what,
                reply,
            } => {
                let answer = self.request(&player, is_account, what).await;
                if answer.is_ok() {
                    // A start pairs its first round before the answer.
                    self.advance().await;
                }
                let answer = answer.map(|()| self.view_for(Some(&player.id)));
                let _ = reply.send(answer);
                self.broadcast();
            }
        }
    }

    async fn request(&mut self, player: &Player, is_account: bool, what: What) -> Result<(), Refusal> {
        let now = self.app.clock.now_ms();
        let events = match what {
            What::Join {
                invite,
                team,
                ratings,
            } => {
                let rating = self.t.entry_rating(&ratings);
                (self.t).join(
                    player,
                    is_account,
                    invite.as_deref(),
                    rating,
                    team.as_deref(),
                    now,
                )
            }
            What::Withdraw => self.t.withdraw(player, now),
            What::Start => self.t.start(player, now),
            What::Remove { guest } => self.t.remove(player, &guest, now),
            What::AddBot { level, team, words } => {
                return self.add_bot(player, level, team, &words, now).await;
            }
        }?;
        self.commit_asked(&events).await
    }

    /// The organizer enters a computer player: a bot guest (its level
    /// stored, so it plays again after a restart), made only once the
    /// tournament would take it.
    async fn add_bot(
        &mut self,
        by: &Player,
        level: lodestone_rules::bot::Level,
        team: Option<String>,
        words: &lodestone_i18n::Words,
        now: u64,
    ) -> Result<(), Refusal> {
        if by.id != self.t.organizer {
            let organizer = self.t.organizer_name.clone();
            return Err(Refusal::detailed(
                codes::NOT_OWNER,
                lodestone_protocol::Detail::NotOrganizer {
                    action: lodestone_protocol::Action::EnterBot,
                    organizer,
                },
            ));
        }
        let bot = Player {
            id: uuid::Uuid::new_v4().to_string(),
            name: crate::sentences::bot_name(
                words,
                level,
                Some(self.t.entrants.iter().filter(|e| e.bot).count() + 1),
            ),
            bot: true,
            bot_account: false,
        };
        // The organizer's bot needs no invite. Judged on a copy first: a
        // refused bot leaves no guest behind.
        let invite = self.t.invite.clone();
        let team = self.t.bot_team(team, &bot.name);
        let team = team.as_deref();
        self.t
            .clone()
            .join(&bot, false, invite.as_deref(), None, team, now)?;
        let stored = (self.app.store).new_bot(bot.id.clone(), bot.name.clone(), level, now);
        if stored.await.is_err() {
            return Err(Refusal::new(
                codes::STORAGE,
                "the server could not store the bot; try again",
            ));
        }
        let events = self.t.join(&bot, false, invite.as_deref(), None, team, now)?;
        self.commit_asked(&events).await
    }

    /// Stores what the time and the ended games call for, and makes the
    /// rooms of any pairing.
    async fn advance(&mut self) {
        for _ in 0..8 {
            let now = self.app.clock.now_ms();
            let limits = self.app.config.tournaments.clone();
            let events = self
                .t
                .next(now, &mut || uuid::Uuid::new_v4().to_string(), &limits);
            if events.is_empty() || !self.commit(&events).await {
                return;
            }
            for recorded in &events {
                if let TournamentEvent::Paired { games, round, .. } = &recorded.event {
                    for pairing in games {
                        if let Err(e) = rooms::open(&self.app, &self.t, pairing, now).await {
                            tracing::error!(tournament = %self.t.id, room = %pairing.room, error = %e, "could not open a game's room; trying again");
                        }
                    }
                    self.announce(*round, games);
                }
            }
            self.broadcast();
        }
    }

    /// Logs a stored pairing whose rooms are open. The watchers get it
    /// with the next broadcast; each player's push notification
    /// (`game-started`) went out when `rooms::open` stored the room's
    /// start.
    fn announce(&self, round: u32, games: &[super::event::Pairing]) {
        for game in games {
            tracing::info!(tournament = %self.t.id, round, room = %game.room, players = ?game.players, "pairing announced");
        }
    }

    /// Reads what the unfinished games' rooms stored: ended games are
    /// recorded, players absent from the start lose (no-show), and a room
    /// a pairing names but that does not exist is made.
    async fn look_at_games(&mut self) {
        let pending: Vec<_> = self.t.unfinished().cloned().collect();
        if pending.is_empty() {
            return;
        }
        let ids: Vec<String> = pending.iter().map(|g| g.room.clone()).collect();
        let statuses = match self.app.store.room_statuses(&ids).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(tournament = %self.t.id, error = %e, "could not read the games' statuses");
                return;
            }
        };
        let now = self.app.clock.now_ms();
        let grace = self.app.config.absent_grace;
        let mut changed = false;
        for game in pending {
            let status = statuses.iter().find(|(id, _)| *id == game.room).map(|(_, s)| *s);
            match status {
                None => {
                    let pairing = super::event::Pairing {
                        room: game.room.clone(),
                        players: game.players.clone(),
                        options: game.options.clone(),
                    };
                    if let Err(e) = rooms::open(&self.app, &self.t, &pairing, now).await {
                        tracing::error!(room = %game.room, error = %e, "could not open a game's room");
                    }
                }
                Some(StoredStatus::Open | StoredStatus::Playing) => {
                    if self.showed.contains(&game.room) || now < game.paired_at + grace {
                        continue;
                    }
                    let Ok(rows) = self.app.store.room_events(&game.room).await else {
                        continue;
                    };
                    let moved: HashSet<u8> = rows
                        .iter()
                        .filter(|r| r.kind == "action")
                        .filter_map(|r| {
                            serde_json::from_str::<serde_json::Value>(&r.data)
                                .ok()?
                                .get("seat")?
                                .as_u64()
                        })
                        .map(|s| s as u8)
                        .collect();
                    if moved.len() >= game.players.len() {
                        self.showed.insert(game.room.clone());
                    }
                    for seat in rooms::no_shows(&rows) {
                        if let Some(guest) = game.players.get(usize::from(seat)) {
                            let player = self.t.player(guest);
                            tracing::info!(room = %game.room, seat, "no-show: the absent player loses");
                            rooms::resign(&self.app, &game.room, player).await;
                        }
                    }
                }
                Some(_) => {
                    let Ok(rows) = self.app.store.room_events(&game.room).await else {
                        continue;
                    };
                    let Some((points, no_shows)) = rooms::result(&game.room, &rows, &game.players) else {
                        continue;
                    };
                    let berserk = rooms::berserk(&rows);
                    let event = self.t.game_over(&game.room, points, no_shows, berserk, now);
                    if let Some(event) = event {
                        changed |= self.commit(&[event]).await;
                    }
                }
            }
        }
        if changed {
            self.broadcast();
        }
    }
}
