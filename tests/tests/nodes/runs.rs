//! Failover without waiting for a lease: each node's run holds an advisory
//! lock on a session of its own, so when an owner dies its rooms are taken
//! at once (epoch + 1), long before a 60 s lease could lapse; a node
//! restarted under the same name is a new run, not its dead one; and a
//! stopped owner, whose session lives on, keeps its rooms until its lease
//! lapses, as before.

use std::time::{Duration, Instant};

use lodestone_tests::{Client, Polling, eventually};
use serde_json::json;

use crate::harness::{Game, Nodes, connect};
use crate::node_test;
use crate::stalls::ask;

/// A lease no test waits out.
const LONG_LEASE_MS: u64 = 60_000;

/// Well under [`LONG_LEASE_MS`]: the bound of every wait for a dead run's
/// rooms (a bound on a behaviour, not a measurement).
const WELL_UNDER: Duration = Duration::from_secs(20);

/// Nodes `names` with leases of `lease_ms`.
fn nodes_with_lease(lease_ms: u64, names: &[&str]) -> Nodes {
    let mut nodes = Nodes::start(&[]);
    nodes.lease_ms = lease_ms;
    for name in names {
        nodes.add(name);
    }
    nodes
}

/// The holder and epoch of `room`'s lease row.
async fn lease_of(nodes: &Nodes, room: &str) -> (String, i64) {
    let lease = nodes.lease(room).await.expect("the room has a lease row");
    (lease.node, lease.epoch)
}

/// Waits (at most [`WELL_UNDER`]) until `room`'s lease is past `epoch`;
/// returns its holder and epoch then.
async fn taken_after(nodes: &Nodes, room: &str, epoch: i64) -> (String, i64) {
    eventually!(
        Polling::within(WELL_UNDER),
        format!("room {room} taken past epoch {epoch} (its lease: {LONG_LEASE_MS} ms)"),
        {
            let lease = lease_of(nodes, room).await;
            if lease.1 > epoch { Ok(lease) } else { Err(lease) }
        },
    )
}

node_test!(a_killed_owners_rooms_are_served_long_before_its_lease_lapses);
/// Nodes a and b with a 60 s lease; a owns two games: one whose players
/// play on (Bo came in through b), one nobody watches. a is killed: the
/// players come back through b, which takes their room at once (its
/// owner's run is dead) and every acknowledged move is there; b's sweeper
/// takes the other room too. Both at epoch 2, well within the lease.
async fn a_killed_owners_rooms_are_served_long_before_its_lease_lapses() {
    let mut nodes = nodes_with_lease(LONG_LEASE_MS, &["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, b, "magneton", json!({})).await;
    let idle = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    let idle_room = idle.room.clone();
    drop(idle);
    game.play(4, |_| {}).await;
    assert_eq!(lease_of(&nodes, &game.room).await, ("a".to_string(), 1));
    nodes.kill("a");
    let killed = Instant::now();
    game.play(4, |_| {}).await;
    assert!(
        killed.elapsed() < WELL_UNDER,
        "the game went on only after {:?}",
        killed.elapsed()
    );
    assert_eq!(lease_of(&nodes, &game.room).await, ("b".to_string(), 2));
    assert_eq!(
        game.check(&nodes.database).await,
        (0, 0),
        "acknowledged moves lost or doubled"
    );
    assert!(game.acked.len() >= 6, "{} moves acknowledged", game.acked.len());
    assert_eq!(taken_after(&nodes, &idle_room, 1).await, ("b".to_string(), 2));
}

node_test!(a_node_restarted_under_its_name_is_not_taken_for_its_dead_run);
/// a (60 s lease) owns a room nobody watches and is killed, then started
/// again at once under the same name: a new run, with a lock of its own.
/// Its dead run's room is taken (by b's sweeper or the new a's) well
/// within the lease; a lock keyed by the name alone would have kept it
/// "alive" for the whole lease.
async fn a_node_restarted_under_its_name_is_not_taken_for_its_dead_run() {
    let mut nodes = nodes_with_lease(LONG_LEASE_MS, &["a", "b"]);
    let a = nodes.addr("a");
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    game.play(2, |_| {}).await;
    let room = game.room.clone();
    let runs = |nodes: &Nodes| {
        let database = nodes.database.clone();
        async move {
            let mut conn = connect(&database).await;
            let runs: Vec<Option<i64>> = sqlx::query_scalar("SELECT run FROM nodes WHERE name = 'a'")
                .fetch_all(&mut conn)
                .await
                .unwrap();
            runs
        }
    };
    let before = runs(&nodes).await;
    drop(game);
    nodes.kill("a");
    nodes.add("a");
    let (_, epoch) = taken_after(&nodes, &room, 1).await;
    assert_eq!(epoch, 2);
    let after = runs(&nodes).await;
    assert!(
        before[0].is_some() && after[0].is_some() && before != after,
        "a's runs: {before:?} then {after:?}"
    );
}

/// How long until `expires` (ms since 1970), by the database's clock.
async fn left_ms(conn: &mut sqlx::PgConnection, expires: f64) -> f64 {
    sqlx::query_scalar("SELECT $1 - (extract(epoch FROM clock_timestamp()) * 1000)::float8")
        .bind(expires)
        .fetch_one(conn)
        .await
        .unwrap()
}

node_test!(a_stopped_owner_keeps_its_rooms_until_its_lease_lapses);
/// a is stopped (SIGSTOP): its process does nothing, but its database
/// session lives, so its run is not dead. Until its lease lapses (by the
/// database's clock) the room stays a's at its epoch, and b, asked about
/// it over and over while its sweeper runs, sends the asker to a. Then b
/// takes it, as before.
async fn a_stopped_owner_keeps_its_rooms_until_its_lease_lapses() {
    let mut nodes = nodes_with_lease(4000, &["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    game.play(2, |_| {}).await;
    let room = game.room.clone();
    let stopped = nodes.remove("a");
    stopped.signal("STOP");
    // A renewal a sent just before it stopped is done by now.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut conn = connect(&nodes.database).await;
    // When a's lease lapses, in ms by the database's clock.
    let (epoch, expires): (i64, f64) = sqlx::query_as(
        "SELECT epoch, (extract(epoch FROM expires_at) * 1000)::float8 FROM leases \
         WHERE room_id = $1 AND node = 'a'",
    )
    .bind(&room)
    .fetch_one(&mut conn)
    .await
    .unwrap();
    let mut eve = Client::connect(b).await;
    eve.hello("Eve").await;
    let mut asked = 0;
    loop {
        let before = left_ms(&mut conn, expires).await;
        if before < 300.0 {
            break;
        }
        assert_eq!(
            lease_of(&nodes, &room).await,
            ("a".to_string(), epoch),
            "a stopped owner's room was taken with {before} ms of its lease left"
        );
        let answer = tokio::time::timeout(Duration::from_secs(5), ask(&mut eve, &room))
            .await
            .expect("b answers");
        if left_ms(&mut conn, expires).await > 0.0 {
            assert_eq!(
                answer,
                format!("moved to ws://{a}/ws"),
                "b's answer with a's lease running"
            );
            asked += 1;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(asked >= 3, "b was asked {asked} times while a's lease ran");
    let owner = nodes.owner_other_than(&room, "a").await;
    assert_eq!(owner, "b");
    assert_eq!(lease_of(&nodes, &room).await.1, epoch + 1);
    stopped.signal("CONT");
}
