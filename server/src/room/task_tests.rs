//! The room task with a real store: a finished game leaves memory even
//! while it is watched, and its watchers keep the final state; a move
//! reads nothing for the notifications and stores its notice with it.

use std::collections::BTreeMap;
use std::sync::Arc;

use lodestone_protocol::{RoomState, RoomStatus, SeatRef, ServerMessage};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::core::RoomCore;
use super::env::{Notifier, RoomEnv};
use super::handle::RoomHandle;
use super::handle::{Outbox, RoomRequest};
use super::lobby::Lobby;
use super::seating::Player;
use super::spawn::spawn_room;
use super::test_person::Person;
use crate::clock::Clock;
use crate::notify::{Notify, NotifyConfig};
use crate::secrets::OsSecrets;
use crate::store::{Store, StoreOptions};

/// A person on connection `conn`, not stored (the room does not ask).
fn person(conn: u64, name: &str) -> Person {
    let (tx, inbox) = super::queue::channel(1024);
    let outbox = Outbox::new(conn, tx, CancellationToken::new());
    Person::new(Player::person(format!("guest-{name}"), name), outbox, inbox)
}

/// The latest state of the started game at version `at` or later.
async fn at(p: &mut Person, at: u64) -> Box<RoomState> {
    p.until(at, |s| s.status != RoomStatus::Open).await.1
}

/// A store in a new directory (removed by the caller).
async fn new_store(name: &str) -> (std::path::PathBuf, Store) {
    let dir = std::env::temp_dir().join(format!("lodestone-{name}-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let (store, _writer) = Store::open(&url, &StoreOptions::default()).await.unwrap();
    (dir, store)
}

/// The rooms' environment on `store`, with `notices` and no time after
/// the game (a finished room leaves memory at once).
fn env_of(store: &Store, lobby: Arc<Lobby>, notices: Option<Arc<dyn Notifier>>) -> Arc<RoomEnv> {
    Arc::new(RoomEnv {
        store: store.clone(),
        lobby,
        clock: Clock::new(),
        moves: metrics::Counter::noop(),
        shutdown: CancellationToken::new(),
        tasks: TaskTracker::new(),
        expire_open_after: None,
        absent_grace: crate::config::DEFAULT_ABSENT_GRACE_MS,
        abandon_after: crate::config::DEFAULT_ABANDON_AFTER_MS,
        stand_ins: None,
        node: None,
        after_game: 0,
        results: None,
        notices,
        rematches: None,
    })
}

/// Room `r1` of Magneton stored and running, with Ann and Bo seated
/// (and `watcher` watching, if one) and its game started.
async fn started(env: &Arc<RoomEnv>, watcher: Option<&mut Person>) -> (RoomHandle, [Person; 2]) {
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
    env.store.write(super::ops("r1", &events, None)).await.unwrap();
    let room = spawn_room(core, env);
    let mut seats = [person(1, "ann"), person(2, "bo")];
    for (i, p) in seats.iter_mut().enumerate() {
        let join = RoomRequest::Join {
            seat: Some(SeatRef::Index(i as u8)),
            invite: None,
        };
        assert!(matches!(p.ask(&room, join).await, ServerMessage::Ack { .. }));
    }
    if let Some(eve) = watcher {
        let watch = RoomRequest::Watch { invite: None };
        assert!(matches!(eve.ask(&room, watch).await, ServerMessage::Ack { .. }));
    }
    assert!(matches!(
        seats[0].ask(&room, RoomRequest::Start).await,
        ServerMessage::Ack { .. }
    ));
    (room, seats)
}

/// The seat to move plays the first action it is offered; its version.
async fn one_move(room: &RoomHandle, seats: &mut [Person; 2], version: u64) -> u64 {
    for p in seats.iter_mut() {
        let state = at(p, version).await;
        let legal = state.play.as_ref().map_or(&[][..], |play| &play.legal[..]);
        if let Some(action) = legal.first() {
            let act = RoomRequest::Act {
                action: action.clone(),
                at: None,
            };
            match p.ask(room, act).await {
                ServerMessage::Ack { version: Some(v), .. } => return v,
                other => panic!("{other:?}"),
            }
        }
    }
    panic!("nobody to move at version {version}")
}

#[tokio::test]
async fn a_finished_game_leaves_memory_while_watched_and_its_watcher_keeps_the_final_state() {
    let (dir, store) = new_store("finished").await;
    let env = env_of(&store, Arc::new(Lobby::default()), None);
    let mut eve = person(3, "eve");
    let (room, mut seats) = started(&env, Some(&mut eve)).await;

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

/// With notifications on, a move of a room where nobody could be notified
/// reads nothing (the room keeps its turns and targets in memory) and its
/// games waiting are handed to the store with the move, before its ack
/// (read at once; written apart, `store/turns.rs`). Once the room
/// has a webhook, each move's delivery is stored with the move too, the
/// targets read once when they changed, not per move.
#[tokio::test]
async fn a_move_reads_nothing_for_the_notifications_and_stores_its_notice_with_it() {
    let (dir, store) = new_store("notices").await;
    let lobby = Arc::new(Lobby::default());
    let config = NotifyConfig::default();
    let notify = Arc::new(Notify::new(
        config,
        store.clone(),
        Clock::new(),
        None,
        lobby.clone(),
    ));
    let env = env_of(&store, lobby, Some(notify.clone()));
    let (room, mut seats) = started(&env, None).await;
    let mut version = 0;
    // The guest whose turn is stored: the other seat's after each move.
    let waiting = async |store: &Store| {
        let turns = store.turns(Some("r1"), None).await.unwrap();
        assert_eq!(turns.len(), 1, "{turns:?}");
        turns[0].guest_id.clone()
    };
    assert_eq!(waiting(&store).await, "guest-ann");
    for n in 0..10 {
        let reads = store.notify_reads();
        version = one_move(&room, &mut seats, version).await;
        assert_eq!(store.notify_reads(), reads, "move {n} read for the notifications");
        let next = if n % 2 == 0 { "guest-bo" } else { "guest-ann" };
        assert_eq!(waiting(&store).await, next, "after move {n}");
    }
    assert!(store.deliveries_of("r1").await.unwrap().is_empty());

    // Ann gives the room a webhook: the room reads its targets again once.
    let owner = "room:r1";
    let format = lodestone_protocol::WebhookFormat::Json;
    notify
        .set_webhook(owner, "https://1.1.1.1/hook", format, None)
        .await
        .unwrap();
    version = one_move(&room, &mut seats, version).await;
    let reads = store.notify_reads();
    for n in 0..6 {
        version = one_move(&room, &mut seats, version).await;
        // The delivery of this move is there as soon as it is acknowledged.
        let rows = store.deliveries_of("r1").await.unwrap();
        let last = rows.iter().map(|(d, _)| d.seq).max();
        assert_eq!(last, Some(version as i64), "move {n}: {rows:?}");
    }
    assert_eq!(store.notify_reads(), reads, "a move read for the notifications");
    drop((seats, room, env, notify, store));
    let _ = std::fs::remove_dir_all(&dir);
}

/// With notifications on, a new room reads who may be notified only of
/// the people (and room) marked as having any target (`store/marks.rs`):
/// with nobody, nothing but the marks' one load of the server; with Bo's
/// account webhook, one read as he sits (none for Ann, none for the
/// room), and starting the game reads nothing more. (Before the marks,
/// each room read once as it started and once for each newcomer.)
#[tokio::test]
async fn a_room_reads_the_targets_of_its_newcomers_who_have_any() {
    for bo_hooked in [false, true] {
        let (dir, store) = new_store("newcomers").await;
        if bo_hooked {
            let hook = crate::store::WebhookRow {
                owner: "guest:guest-bo".into(),
                url: "https://1.1.1.1/hook".into(),
                format: "json".into(),
                secret: "s".into(),
                events: "your-turn".into(),
            };
            store.save_webhook(&hook, 0, 0).await.unwrap();
        }
        let lobby = Arc::new(Lobby::default());
        let notify = Notify::new(
            NotifyConfig::default(),
            store.clone(),
            Clock::new(),
            None,
            lobby.clone(),
        );
        let env = env_of(&store, lobby, Some(Arc::new(notify)));
        let (room, seats) = started(&env, None).await;
        assert_eq!(
            store.notify_reads(),
            1 + u64::from(bo_hooked),
            "Bo hooked: {bo_hooked}"
        );
        drop((seats, room, env, store));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
