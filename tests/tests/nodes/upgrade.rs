//! An upgrade in place of one node of two (issue 31): SIGUSR2 makes the
//! node start its binary again on its listening socket; the old process
//! hands its rooms over (their players follow `moved`, or reconnect on the
//! `bye` that says `reconnect`) and exits; the new one serves the same
//! address as the same node. Games on both nodes go on; nothing
//! acknowledged is lost or stored twice.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use lodestone_tests::{KillOnDrop, Polling, eventually, http_get, processes_in};

use crate::harness::{Nodes, SERVER, games_until};
use crate::node_test;

node_test!(an_upgrade_of_one_node_loses_nothing);
/// Two games, one owned by each node, played all along while node `a` is
/// upgraded in place.
async fn an_upgrade_of_one_node_loses_nothing() {
    let names = ["a", "b"];
    let mut nodes = Nodes::start(&names);
    let done = Arc::new(AtomicBool::new(false));
    // Played until the upgrade is over, then a little more.
    let tasks = games_until(&nodes, &names, &done, 3).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = processes_in(SERVER, &nodes.dir);
    let addr = nodes.addr("a");
    let mut old = nodes.remove("a");
    // Its address stays where players reconnect: the new process serves it.
    nodes.live.lock().unwrap().push(addr);
    old.signal("USR2");
    let status = eventually!(
        Polling::within(Duration::from_secs(30)),
        "the old process to leave",
        { old.process.child.try_wait().unwrap() }
    );
    assert!(status.success(), "the old process exited with {status}");
    let new: Vec<u32> = processes_in(SERVER, &nodes.dir)
        .into_iter()
        .filter(|pid| !before.contains(pid))
        .collect();
    let _cleanup = KillOnDrop(new.clone());
    assert_eq!(new.len(), 1, "one new process: {new:?}");
    let (status, body) = http_get(addr, "/readyz", None).await;
    assert_eq!((status, body.trim()), (200, "ready"), "the new process serves");
    tokio::time::sleep(Duration::from_millis(300)).await;
    done.store(true, Ordering::SeqCst);
    let (mut lost, mut duplicated) = (0, 0);
    for task in tasks {
        let game = task.await.expect("a game's task");
        let (l, d) = game.check(&nodes.database).await;
        lost += l;
        duplicated += d;
        assert!(game.acked.len() >= 6, "room {} hardly moved", game.room);
    }
    assert_eq!((lost, duplicated), (0, 0));
    // The node is back under its name: it takes rooms again.
    let mut conn = crate::harness::connect(&nodes.database).await;
    let heard: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM nodes WHERE name = 'a' AND heartbeat > clock_timestamp() - interval '5 seconds'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(heard, 1, "node a is in the registry again");
}
