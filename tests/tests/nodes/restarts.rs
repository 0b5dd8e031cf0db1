//! Restarts: every node in turn drained (SIGTERM) and started again while
//! games go on, and PostgreSQL itself stopped and started mid-game.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::json;

use crate::harness::{Acted, Game, Nodes, games_until};
use crate::node_test;

node_test!(a_rolling_restart_of_three_nodes_loses_nothing);
/// Three games, one owned by each node, are played all along while each
/// node in turn is stopped with SIGTERM (it hands its rooms over and its
/// players follow `moved`) and started again. Every game goes on; nothing
/// acknowledged is lost or stored twice.
async fn a_rolling_restart_of_three_nodes_loses_nothing() {
    let names = ["a", "b", "c"];
    let mut nodes = Nodes::start(&names);
    let done = Arc::new(AtomicBool::new(false));
    // Played until the restarts are over, then a little more.
    let tasks = games_until(&nodes, &names, &done, 2).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    for name in names {
        let status = nodes.stop(name);
        assert!(status.success(), "node {name} exited with {status}");
        nodes.add(name);
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    done.store(true, Ordering::SeqCst);
    let (mut lost, mut duplicated, mut moved) = (0, 0, 0);
    for task in tasks {
        let game = task.await.expect("a game's task");
        let (l, d) = game.check(&nodes.database).await;
        lost += l;
        duplicated += d;
        moved += game.players.iter().map(|p| p.moved).sum::<usize>();
        assert!(game.acked.len() >= 4, "room {} hardly moved", game.room);
    }
    assert!(
        moved >= 3,
        "the players followed `moved` off the drained nodes ({moved})"
    );
    assert_eq!((lost, duplicated), (0, 0));
}

/// A PostgreSQL cluster of this test's own (scripts/pg-cluster.sh), so
/// that stopping it disturbs no other test.
pub(crate) struct OwnCluster {
    dir: String,
    ctl: String,
    pub(crate) url: String,
}

const PG_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/pg-cluster.sh");

fn pg(script: &str, envs: &[(&str, &str)]) -> String {
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!(". {PG_SCRIPT}; {script}"))
        .envs(envs.iter().copied())
        .env_remove("LODESTONE_TEST_POSTGRES")
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

impl OwnCluster {
    pub(crate) fn start() -> OwnCluster {
        let out = pg(
            r#"lodestone_pg_start >&2 && printf '%s\n%s\n%s\n' "$LODESTONE_TEST_POSTGRES" "$LODESTONE_PG_DIR" "$LODESTONE_PG_CTL""#,
            &[],
        );
        let mut lines = out.lines().map(str::to_string);
        let (url, dir, ctl) = (
            lines.next().unwrap(),
            lines.next().unwrap(),
            lines.next().unwrap(),
        );
        OwnCluster { dir, ctl, url }
    }

    fn envs(&self) -> [(&str, &str); 2] {
        [("LODESTONE_PG_DIR", &self.dir), ("LODESTONE_PG_CTL", &self.ctl)]
    }

    pub(crate) fn stop_server(&self) {
        pg(
            r#"lodestone_pg_as_owner "$LODESTONE_PG_CTL" -D "$LODESTONE_PG_DIR/data" -m fast -w stop >&2"#,
            &self.envs(),
        );
    }

    pub(crate) fn start_server(&self) {
        let port = self.url.rsplit(':').next().unwrap().split('/').next().unwrap();
        pg(
            &format!(
                r#"lodestone_pg_as_owner "$LODESTONE_PG_CTL" -D "$LODESTONE_PG_DIR/data" -w -t 60 -l "$LODESTONE_PG_DIR/server.log" -o "-c listen_addresses=127.0.0.1 -p {port} -k $LODESTONE_PG_DIR -c fsync=off -c synchronous_commit=off" start >&2"#
            ),
            &self.envs(),
        );
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg("-c")
            .arg(format!(". {PG_SCRIPT}; lodestone_pg_stop"))
            .envs(self.envs())
            .status();
    }
}

node_test!(nodes_recover_when_postgresql_restarts);
/// PostgreSQL is stopped mid-game for longer than a lease and started
/// again: the nodes are not restarted, moves refused meanwhile
/// (`storage-failure`) are sent again, and the game goes on with nothing
/// lost or doubled.
async fn nodes_recover_when_postgresql_restarts() {
    let cluster = OwnCluster::start();
    let mut nodes = Nodes::start_on(lodestone_tests::temp_dir(), cluster.url.clone(), &["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, b, "magneton", json!({})).await;
    game.play(4, |_| {}).await;
    cluster.stop_server();
    // Readiness means "can store a move now": with PostgreSQL stopped,
    // both endpoints say no at once, on every node.
    for addr in [a, b] {
        for path in ["/readyz", "/healthz"] {
            let (status, body) = lodestone_tests::http_get(addr, path, None).await;
            assert_eq!(status, 503, "{path} with PostgreSQL stopped: {body}");
        }
    }
    // Longer than a lease: every lease has lapsed when it is back.
    tokio::time::sleep(Duration::from_millis(crate::harness::LEASE_MS * 2)).await;
    cluster.start_server();
    let mut acked_after = 0;
    game.play(6, |acted| {
        acked_after += usize::from(matches!(acted, Acted::Acked(_)))
    })
    .await;
    assert!(
        acked_after >= 4,
        "the game did not go on after PostgreSQL came back"
    );
    // Ready again, without a restart.
    for addr in [a, b] {
        assert_eq!(lodestone_tests::http_get(addr, "/readyz", None).await.0, 200);
    }
    for node in &mut nodes.nodes {
        assert!(
            node.process.child.try_wait().unwrap().is_none(),
            "node {} died",
            node.name
        );
    }
    assert_eq!(game.check(&nodes.database).await, (0, 0));
}
