//! Computer players inside the server. A bot reads the very frames a
//! client connection would receive, so it sees only its seat's view, and
//! acts through the room's ordinary requests. Its thinking happens on the
//! bot pool's threads (`bot_pool.rs`), never on the room's task or a
//! runtime worker.
//!
//! Two kinds of bot play a seat:
//!
//! - a **bot guest** seated by `add_bot`: a guest like any other, its
//!   level stored with it so that a restarted server sets it playing
//!   again;
//! - a **takeover** ([`take_over`]): a bot playing a person's seat *as
//!   that person* (their identity on the room's requests) until
//!   [`Takeover::stop`], which returns once the bot will send nothing more.
//!   This is the mechanism an absence policy (a player gone too long is
//!   replaced by a bot until they return) builds on.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lodestone_protocol::{RequestId, RoomState, RoomStatus, SeatRef, ServerMessage, codes};
use lodestone_rules::bot::{Level, Situation, answer_within};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::app::App;
use crate::room::{Outbox, Player, Refusal, RoomHandle, RoomRequest, StandIn, queue};

/// A bot's inbox: the frames the room sends it.
type Inbox = queue::Receiver;

fn outbox(app: &App) -> (Outbox, Inbox) {
    let (tx, rx) = queue::channel(app.config.outbox);
    let mut outbox = Outbox::new(app.next_conn(), tx, CancellationToken::new());
    // A bot searches for itself: the room need not tell it risks.
    outbox.risks = false;
    (outbox, rx)
}

/// Waits for the reply to `id` among the frames.
async fn reply(inbox: &mut Inbox, id: &RequestId) -> Option<ServerMessage> {
    while let Some(frame) = inbox.recv().await {
        let Ok(message) = serde_json::from_str::<ServerMessage>(&frame) else {
            continue;
        };
        match &message {
            ServerMessage::Ack { id: i, .. } if i == id => return Some(message),
            ServerMessage::Error { id: Some(i), .. } if i == id => return Some(message),
            _ => {}
        }
    }
    None
}

/// Makes a bot guest of `level` and seats it in `room` for `by` (at
/// `seat`, or any free seat, if `by` owns the room; at `by`'s own seat with
/// `replace_me`); returns its seat. The bot then plays by itself. Its
/// name is in `words`, the language of whoever seats it.
pub async fn add_bot(
    app: &Arc<App>,
    room: RoomHandle,
    by: Player,
    seat: Option<SeatRef>,
    replace_me: bool,
    level: Level,
    words: &lodestone_i18n::Words,
) -> Result<u8, Refusal> {
    let player = Player {
        id: uuid::Uuid::new_v4().to_string(),
        name: crate::sentences::bot_name(words, level, None),
        bot: true,
        bot_account: false,
    };
    let (id, name) = (player.id.clone(), player.name.clone());
    if app
        .store
        .new_bot(id, name, level, app.clock.now_ms())
        .await
        .is_err()
    {
        return Err(Refusal::new(
            codes::STORAGE,
            "the server could not store the bot; try again",
        ));
    }
    let (outbox, mut inbox) = outbox(app);
    let id = RequestId::Text("bot-join".into());
    // Asked for by `by` (the room judges whether it may), answered on the
    // bot's own connection, which then watches from the seat.
    let join = RoomRequest::AddBot {
        bot: player.clone(),
        seat,
        replace_me,
    };
    if room.request(by, outbox.clone(), id.clone(), join).await.is_err() {
        return Err(Refusal::new(
            codes::UNKNOWN_ROOM,
            "the room is not available; try again",
        ));
    }
    match reply(&mut inbox, &id).await {
        Some(ServerMessage::Ack { seat: Some(seat), .. }) => {
            let bot = Driver {
                app: app.clone(),
                room,
                player,
                outbox,
                level,
                stop: app.shutdown.child_token(),
            };
            app.tasks.spawn(bot.play(inbox));
            Ok(seat)
        }
        Some(ServerMessage::Error {
            code,
            message,
            detail,
            ..
        }) => Err(Refusal {
            code,
            message,
            detail: detail.map(|d| *d),
        }),
        _ => Err(Refusal::new(codes::UNKNOWN_ROOM, "the room closed")),
    }
}

/// Sets a stored bot playing again in `room` (after a restart).
pub async fn resume_bot(app: &Arc<App>, room: RoomHandle, player: Player, level: Level) {
    let stop = app.shutdown.child_token();
    let watch = RoomRequest::Watch { invite: None };
    if let Some((bot, inbox)) = watch_as(app, room, player, level, stop, watch).await {
        app.tasks.spawn(bot.play(inbox));
    }
}

/// A bot playing a person's seat as that person; see [`take_over`].
#[derive(Debug)]
pub struct Takeover {
    stop: CancellationToken,
    task: JoinHandle<()>,
}

impl Takeover {
    /// Stops the bot at once: a search in progress is abandoned, and when
    /// this returns the bot has left the room and will send nothing more.
    pub async fn stop(self) {
        self.stop.cancel();
        let _ = self.task.await;
    }

    /// Whether the bot has stopped by itself (the game ended, the room or
    /// the server went away).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }
}

/// Starts a bot of `level` playing `player`'s seat in `room` with
/// `player`'s identity: it watches the room as that player and acts
/// through the room's ordinary requests, so the room sees the person's own
/// moves. `None` if the room is not available.
pub async fn take_over(app: &Arc<App>, room: RoomHandle, player: Player, level: Level) -> Option<Takeover> {
    let stop = app.shutdown.child_token();
    let (bot, inbox) = watch_as(app, room, player, level, stop.clone(), RoomRequest::StandIn).await?;
    let task = app.tasks.spawn(bot.play(inbox));
    Some(Takeover { stop, task })
}

/// Serves the rooms' requests for stand-ins (the absence policy `bot`): a
/// bot plays an absent person's seat as that person (a greedy one, quick
/// to answer) until the person returns, then stops at once.
pub async fn stand_ins(app: Arc<App>, mut requests: mpsc::UnboundedReceiver<StandIn>) {
    let mut playing: HashMap<(String, String), Takeover> = HashMap::new();
    while let Some(request) = app.next_before_shutdown(&mut requests).await {
        playing.retain(|_, t| !t.task.is_finished());
        match request {
            StandIn::Start {
                room,
                room_id,
                player,
            } => {
                let key = (room_id, player.id.clone());
                if playing.contains_key(&key) {
                    continue;
                }
                if let Some(takeover) = take_over(&app, room, player, Level::Greedy).await {
                    playing.insert(key, takeover);
                }
            }
            StandIn::Stop { room_id, guest } => {
                if let Some(takeover) = playing.remove(&(room_id, guest)) {
                    takeover.stop().await;
                }
            }
        }
    }
    for (_, takeover) in playing {
        takeover.stop().await;
    }
}

/// A driver for `player`, watching `room` with its own connection.
async fn watch_as(
    app: &Arc<App>,
    room: RoomHandle,
    player: Player,
    level: Level,
    stop: CancellationToken,
    watch: RoomRequest,
) -> Option<(Driver, Inbox)> {
    let (outbox, inbox) = outbox(app);
    room.request(
        player.clone(),
        outbox.clone(),
        RequestId::Text("bot-watch".into()),
        watch,
    )
    .await
    .ok()?;
    let driver = Driver {
        app: app.clone(),
        room,
        player,
        outbox,
        level,
        stop,
    };
    Some((driver, inbox))
}

/// What plays one seat: the identity it acts with and its connection.
struct Driver {
    app: Arc<App>,
    room: RoomHandle,
    player: Player,
    outbox: Outbox,
    level: Level,
    /// Ends the bot (shutdown, or a takeover's stop).
    stop: CancellationToken,
}

/// A move being thought about: the room version and position it is for,
/// how to cancel it, and its answer.
struct Thinking {
    version: u64,
    position: String,
    cancel: CancellationToken,
    answer: JoinHandle<Option<String>>,
}

impl Driver {
    /// The bot's loop: whenever its seat is to act in a newer state than
    /// it last acted on, the pool thinks and the bot sends the action.
    /// Ends with the game, the room, the connection, or `stop`.
    async fn play(self, mut inbox: Inbox) {
        let _counted = self.app.metrics.bot();
        let mut latest: Option<(u64, Box<RoomState>)> = None;
        let mut thinking: Option<Thinking> = None;
        let mut acted_on = 0;
        let mut n = 0u64;
        loop {
            if thinking.is_none()
                && let Some((version, state)) = &latest
                && *version > acted_on
                && let Some(situation) = state.situation()
            {
                thinking = Some(self.think(*version, situation, state.time_left()));
            }
            let answer = async {
                match thinking.as_mut() {
                    Some(t) => (&mut t.answer).await.ok().flatten(),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                biased;
                _ = self.stop.cancelled() => break,
                _ = self.outbox.close.cancelled() => break,
                action = answer => {
                    acted_on = thinking.take().map_or(acted_on, |t| t.version);
                    let Some(action) = action else { continue };
                    if self.stop.is_cancelled() {
                        break;
                    }
                    n += 1;
                    let id = RequestId::Text(format!("bot-{n}"));
                    let act = RoomRequest::Act { action, at: None };
                    if self.room.request(self.player.clone(), self.outbox.clone(), id, act).await.is_err() {
                        break;
                    }
                }
                frame = inbox.recv() => {
                    let Some(frame) = frame else { break };
                    // Frames of kinds this bot does not know are skipped.
                    let Ok(ServerMessage::Update { version, state, .. }) = serde_json::from_str::<ServerMessage>(&frame) else {
                        continue;
                    };
                    if matches!(state.status, RoomStatus::Finished | RoomStatus::Closed) {
                        break;
                    }
                    // A search about a position that has changed (a timer
                    // ran out, a vote began) is dropped.
                    if let Some(t) = &thinking
                        && state.situation().is_none_or(|s| s.position() != t.position)
                    {
                        t.cancel.cancel();
                        thinking = None;
                    }
                    latest = Some((version, state));
                }
            }
        }
        if let Some(t) = thinking {
            t.cancel.cancel();
        }
        self.room.disconnect(self.outbox.conn).await;
    }

    /// Starts thinking about `situation` (of room version `version`) on
    /// the pool, within the level's time and the turn's timer.
    fn think(&self, version: u64, situation: Situation, time_left: Option<u64>) -> Thinking {
        let cancel = self.stop.child_token();
        let think = Duration::from_millis(self.level.think_ms());
        let due = time_left.map(|left| Instant::now() + Duration::from_millis(answer_within(left)));
        let position = situation.position().to_string();
        let (app, level, token) = (self.app.clone(), self.level, cancel.clone());
        let answer = tokio::spawn(async move { app.bots.think(situation, level, think, due, &token).await });
        Thinking {
            version,
            position,
            cancel,
            answer,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::room::test_person::Person;
    use crate::room::{RoomCore, spawn_room};
    use crate::{Config, Server};

    /// A guest stored in the database, and its end of a room.
    async fn person(app: &Arc<App>, name: &str) -> Person {
        let (guest, _) = app.store.new_guest(name.to_string(), 0).await.unwrap();
        let player = Player::person(guest.id, name);
        let (outbox, inbox) = outbox(app);
        Person::new(player, outbox, inbox)
    }

    fn moves(state: &RoomState) -> usize {
        state
            .play
            .as_ref()
            .map_or(0, |p| p.moves_from as usize + p.moves.len())
    }

    fn my_turn(state: &RoomState) -> bool {
        state.situation().is_some()
    }

    #[tokio::test]
    async fn a_takeover_plays_a_persons_seat_as_that_person_and_stops_at_once() {
        let dir = std::env::temp_dir().join(format!("lodestone-takeover-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let server = Server::start(Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database: format!("sqlite://{}", dir.join("t.db").display()),
            ..Config::default()
        })
        .await
        .unwrap();
        let app = server.app().clone();
        // Created now: a room created at time 0 would have expired long ago.
        let now = app.clock.now_ms();
        let secrets = Box::new(crate::secrets::OsSecrets);
        let mut ann = person(&app, "Ann").await;
        let (core, events) = RoomCore::create(
            "r1".into(),
            "magneton",
            &BTreeMap::new(),
            true,
            &ann.player,
            now,
            secrets,
        )
        .unwrap();
        app.store
            .write(crate::room::ops("r1", &events, None))
            .await
            .unwrap();
        let room = spawn_room(core, &app.rooms);
        let join = RoomRequest::Join {
            seat: Some(SeatRef::Index(0)),
            invite: None,
        };
        assert!(matches!(
            ann.ask(&room, join).await,
            ServerMessage::Ack { seat: Some(0), .. }
        ));
        add_bot(
            &app,
            room.clone(),
            ann.player.clone(),
            None,
            false,
            Level::Random,
            &Default::default(),
        )
        .await
        .unwrap();
        assert!(matches!(
            ann.ask(&room, RoomRequest::Start).await,
            ServerMessage::Ack { .. }
        ));

        // Ann is away: a bot plays white as Ann, and black's bot answers.
        let takeover = take_over(&app, room.clone(), ann.player.clone(), Level::Easy)
            .await
            .unwrap();
        // Six actions in turn: three of them white's, played by the bot.
        ann.until(0, |s| moves(s) >= 6).await;
        assert!(!takeover.is_finished());

        // Ann is back: the takeover stops, and nothing more is played for
        // white. A request of hers, answered in order, comes after anything
        // the bot had sent.
        takeover.stop().await;
        let watch = RoomRequest::Watch { invite: None };
        assert!(matches!(ann.ask(&room, watch).await, ServerMessage::Ack { .. }));
        let (version, state) = ann.until(0, my_turn).await;
        let before = moves(&state);
        let action = state.play.as_ref().unwrap().legal[0].clone();
        let acted = match ann.ask(&room, RoomRequest::Act { action, at: None }).await {
            ServerMessage::Ack { version: Some(v), .. } => v,
            other => panic!("{other:?}"),
        };
        assert_eq!(acted, version + 1, "nothing came between");
        // Black answers; white is Ann's to play again, and only Ann's
        // move and black's were added.
        let (_, state) = ann
            .until(acted + 1, |s| my_turn(s) || s.status == RoomStatus::Finished)
            .await;
        if state.status == RoomStatus::Playing {
            assert_eq!(moves(&state), before + 2);
            let watch = RoomRequest::Watch { invite: None };
            ann.ask(&room, watch).await;
            assert_eq!(moves(&ann.state.as_ref().unwrap().1), before + 2);
        }
        // The store closes once every handle to the server's state is gone.
        drop((ann, room, app));
        server.shutdown().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
