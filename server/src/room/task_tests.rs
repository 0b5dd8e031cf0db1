//! The room task with a real store: a finished game leaves memory even
//! while it is watched, and its watchers keep the final state.

use std::collections::BTreeMap;
use std::sync::Arc;

use lodestone_protocol::{RoomState, RoomStatus, SeatRef, ServerMessage};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::core::RoomCore;
use super::env::RoomEnv;
use super::handle::{Outbox, RoomRequest};
use super::lobby::Lobby;
use super::seating::Player;
use super::spawn::spawn_room;
use super::test_person::Person;
use crate::clock::Clock;
use crate::secrets::OsSecrets;
use crate::store::{Store, StoreOptions};

/// A person on connection `conn`, not stored (the room does not ask).
fn person(conn: u64, name: &str) -> Person {
    let (tx, inbox) = mpsc::channel(1024);
    let outbox = Outbox {
        conn,
        tx,
        close: CancellationToken::new(),
    };
    Person::new(Player::person(format!("guest-{name}"), name), outbox, inbox)
}

/// The latest state of the started game at version `at` or later.
async fn at(p: &mut Person, at: u64) -> Box<RoomState> {
    p.until(at, |s| s.status != RoomStatus::Open).await.1
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
        node: None,
        // No time after the game: it leaves memory at once.
        after_game: 0,
        results: None,
        notices: None,
        rematches: None,
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
    store.write(super::ops("r1", &events, None)).await.unwrap();
    let room = spawn_room(core, &env);
    let mut seats = [person(1, "ann"), person(2, "bo")];
    for (i, p) in seats.iter_mut().enumerate() {
        let join = RoomRequest::Join {
            seat: Some(SeatRef::Index(i as u8)),
            invite: None,
        };
        assert!(matches!(p.ask(&room, join).await, ServerMessage::Ack { .. }));
    }
    let mut eve = person(3, "eve");
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
            let state = at(p, version).await;
            if state.status == RoomStatus::Finished {
                break 'game;
            }
            let legal = state.play.as_ref().map_or(&[][..], |play| &play.legal[..]);
            if !legal.is_empty() {
                let action = legal[rng.random_range(0..legal.len())].clone();
                let act = RoomRequest::Act { action, at: None };
                match p.ask(&room, act).await {
                    ServerMessage::Ack { version: Some(v), .. } => version = v,
                    other => panic!("{other:?}"),
                }
            }
        }
    }

    // The spectator, still watching, has the final state...
    let last = at(&mut eve, version).await;
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
