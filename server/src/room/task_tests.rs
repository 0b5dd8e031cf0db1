//! The room task with a real store: a finished game leaves memory even
//! while it is watched, and its watchers keep the final state.

use std::collections::BTreeMap;
use std::sync::Arc;

use lodestone_protocol::{RequestId, RoomState, RoomStatus, SeatRef, ServerMessage};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::core::{Player, RoomCore};
use super::handle::{Outbox, RoomHandle, RoomRequest};
use super::lobby::Lobby;
use super::task::{RoomEnv, spawn_room};
use crate::clock::Clock;
use crate::secrets::OsSecrets;
use crate::store::{Store, StoreOptions};

/// One connection's end of the room: its queue, read as a client would.
struct Person {
    player: Player,
    outbox: Outbox,
    inbox: mpsc::Receiver<axum::extract::ws::Utf8Bytes>,
    state: Option<(u64, Box<RoomState>)>,
    n: u64,
}

impl Person {
    fn new(conn: u64, name: &str) -> Person {
        let (tx, inbox) = mpsc::channel(1024);
        Person {
            player: Player::person(format!("guest-{name}"), name),
            outbox: Outbox {
                conn,
                tx,
                close: CancellationToken::new(),
            },
            inbox,
            state: None,
            n: 0,
        }
    }

    async fn frame(&mut self) -> ServerMessage {
        let frame = self.inbox.recv().await.expect("the connection's queue is open");
        let message: ServerMessage = serde_json::from_str(&frame).unwrap();
        if let ServerMessage::Update { version, state, .. } = &message {
            self.state = Some((*version, state.clone()));
        }
        message
    }

    /// Sends `request`; returns its reply.
    async fn ask(&mut self, room: &RoomHandle, request: RoomRequest) -> ServerMessage {
        self.n += 1;
        let id = RequestId::Number(self.n);
        room.request(self.player.clone(), self.outbox.clone(), id.clone(), request)
            .await
            .unwrap();
        loop {
            let message = self.frame().await;
            if let ServerMessage::Ack { id: i, .. } | ServerMessage::Error { id: Some(i), .. } = &message
                && *i == id
            {
                return message;
            }
        }
    }

    /// The latest state of the started game at version `at` or later.
    async fn at(&mut self, at: u64) -> Box<RoomState> {
        loop {
            if let Some((v, s)) = &self.state
                && *v >= at
                && s.status != RoomStatus::Open
            {
                return s.clone();
            }
            self.frame().await;
        }
    }
}

#[tokio::test]
async fn a_finished_game_leaves_memory_while_watched_and_its_watcher_keeps_the_final_state() {
    let dir = std::env::temp_dir().join(format!("lodestone-finished-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let (store, _writer) = Store::open(&url, &StoreOptions::default()).await.unwrap();
    let env = Arc::new(RoomEnv {
        store: store.clone(),
        lobby: Arc::new(Lobby::default()),
        clock: Clock::new(),
        moves: metrics::Counter::noop(),
        shutdown: CancellationToken::new(),
        tasks: TaskTracker::new(),
        expire_open_after: None,
        absent_grace: crate::config::DEFAULT_ABSENT_GRACE_MS,
        abandon_after: crate::config::DEFAULT_ABANDON_AFTER_MS,
        stand_ins: None,
    });
    let now = env.clock.now_ms();
    let (core, events) = RoomCore::create(
        "r1".into(),
        "magneton",
        &BTreeMap::new(),
        true,
        &Player::person("guest-ann", "ann"),
        now,
        Box::new(OsSecrets),
    )
    .unwrap();
    store.write(super::ops("r1", &events)).await.unwrap();
    let room = spawn_room(core, &env);
    let mut seats = [Person::new(1, "ann"), Person::new(2, "bo")];
    for (i, p) in seats.iter_mut().enumerate() {
        let join = RoomRequest::Join {
            seat: Some(SeatRef::Index(i as u8)),
            invite: None,
        };
        assert!(matches!(p.ask(&room, join).await, ServerMessage::Ack { .. }));
    }
    let mut eve = Person::new(3, "eve");
    let watch = RoomRequest::Watch { invite: None };
    assert!(matches!(eve.ask(&room, watch).await, ServerMessage::Ack { .. }));
    assert!(matches!(
        seats[0].ask(&room, RoomRequest::Start).await,
        ServerMessage::Ack { .. }
    ));

    // Each seat plays a random offered action in turn, to the end.
    let mut rng = SmallRng::seed_from_u64(16);
    let mut version = 0;
    'game: for _ in 0..10_000 {
        for p in seats.iter_mut() {
            let state = p.at(version).await;
            if state.status == RoomStatus::Finished {
                break 'game;
            }
            let legal = state.play.as_ref().map_or(&[][..], |play| &play.legal[..]);
            if !legal.is_empty() {
                let action = legal[rng.random_range(0..legal.len())].clone();
                let act = RoomRequest::Act { action };
                match p.ask(&room, act).await {
                    ServerMessage::Ack { version: Some(v), .. } => version = v,
                    other => panic!("{other:?}"),
                }
            }
        }
    }

    // The spectator, still watching, has the final state...
    let last = eve.at(version).await;
    assert_eq!(last.status, RoomStatus::Finished);
    assert!(last.play.unwrap().outcome.is_some());
    // ...and the room's task has stopped: the game is no longer in memory,
    // and the lobby has nothing of it.
    room.tx.closed().await;
    assert!(env.lobby.get("r1").is_none());
    assert_eq!(env.lobby.counts().finished, 0);
    assert!(!eve.outbox.close.is_cancelled(), "the watcher stays connected");

    // Loaded again from its log (as for a record or a new watcher), the
    // room gives the record and leaves memory once more.
    let rows = store.room_events("r1").await.unwrap();
    let events: Vec<_> = rows
        .iter()
        .map(super::from_row)
        .collect::<Result<_, _>>()
        .unwrap();
    let again = spawn_room(
        RoomCore::restore("r1", &events, Box::new(OsSecrets)).unwrap(),
        &env,
    );
    let record = again.record(None, None).await.unwrap().unwrap();
    assert!(record.contains("[Result"), "{record}");
    again.tx.closed().await;
    assert!(env.lobby.get("r1").is_none());
    // Unwatching a finished room is fine even where it no longer knows
    // the watcher.
    let again = spawn_room(
        RoomCore::restore("r1", &events, Box::new(OsSecrets)).unwrap(),
        &env,
    );
    assert!(matches!(
        eve.ask(&again, RoomRequest::Unwatch).await,
        ServerMessage::Ack { .. }
    ));

    drop((seats, eve, room, again, env, store));
    let _ = std::fs::remove_dir_all(&dir);
}
