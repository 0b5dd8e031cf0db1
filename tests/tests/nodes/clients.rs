//! The project's own command-line clients against real nodes: `lodestone
//! bot` processes playing while the node that holds their room is killed
//! (SIGKILL) or while PostgreSQL is stopped and started again, and
//! `lodestone load` over a cluster that loses a node. The clients follow
//! `moved`, reconnect, send again what was not stored (with a growing
//! wait) and finish their games.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::harness::{Follower, Live, Nodes, stored};
use crate::node_test;
use crate::restarts::OwnCluster;
use lodestone_protocol::{Code, RoomState, RoomStatus, ServerMessage};
use lodestone_tests::{OwnedChild, Polling, eventually};
use serde_json::json;

const CLI: &str = env!("CARGO_BIN_EXE_lodestone-test-cli");

/// How long a client process may take to do what a test waits for.
const PATIENCE: Polling = Polling::within(Duration::from_secs(120));

/// A `lodestone` process whose output lines are kept as they come.
struct Cli {
    name: String,
    child: OwnedChild,
    out: Arc<Mutex<Vec<String>>>,
    err: Arc<Mutex<Vec<String>>>,
}

/// Keeps every line of `from` in `lines`.
fn collect(from: impl Read + Send + 'static, lines: Arc<Mutex<Vec<String>>>) {
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            lines.lock().unwrap().push(line);
        }
    });
}

impl Cli {
    fn start(name: &str, args: &[String]) -> Cli {
        let mut child = Command::new(CLI)
            .args(args)
            // English whatever the test's own language: bot's retries
            // on standard error are read.
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lodestone starts");
        let (out, err) = (Arc::default(), Arc::default());
        collect(child.stdout.take().unwrap(), Arc::clone(&out));
        collect(child.stderr.take().unwrap(), Arc::clone(&err));
        Cli {
            name: name.to_string(),
            child: OwnedChild(child),
            out,
            err,
        }
    }

    fn stdout(&self) -> Vec<String> {
        self.out.lock().unwrap().clone()
    }

    fn stderr(&self) -> Vec<String> {
        self.err.lock().unwrap().clone()
    }

    /// Its standard output and error so far (to show when a wait fails).
    fn output(&self) -> (Vec<String>, Vec<String>) {
        (self.stdout(), self.stderr())
    }

    /// Waits for a line of its standard output (`out`) or error that
    /// `cond` accepts; returns it.
    async fn line(&self, out: bool, cond: impl Fn(&str) -> bool) -> String {
        eventually!(PATIENCE, format!("{}: a line that matches", self.name), {
            let lines = if out { self.stdout() } else { self.stderr() };
            lines.into_iter().find(|l| cond(l)).ok_or_else(|| self.output())
        })
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{signal} {}", self.name);
    }

    /// Waits for the process to end by itself: its status and its whole
    /// standard output and error.
    async fn finish(mut self) -> (ExitStatus, Vec<String>, Vec<String>) {
        let status = eventually!(PATIENCE, format!("{} to finish", self.name), {
            self.child.try_wait().unwrap().ok_or_else(|| self.output())
        });
        // The readers reach the end of the pipes soon after.
        let mut waited = 0;
        while waited < 100 && Arc::strong_count(&self.out) + Arc::strong_count(&self.err) > 2 {
            tokio::time::sleep(Duration::from_millis(20)).await;
            waited += 1;
        }
        (status, self.stdout(), self.stderr())
    }
}

/// The nodes' WebSocket URLs, in this order, as one argument.
fn urls(nodes: &Nodes, names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("ws://{}/ws", nodes.addr(n)))
        .collect::<Vec<_>>()
        .join(",")
}

fn args(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Actions stored in `room` so far.
async fn actions(database: &str, room: &str) -> usize {
    stored(database, room)
        .await
        .iter()
        .filter(|e| e.kind == "action")
        .count()
}

/// Waits until `room` has at least `n` actions stored.
async fn until_actions(database: &str, room: &str, n: usize) {
    eventually!(PATIENCE, format!("{n} actions stored in room {room}"), {
        actions(database, room).await >= n
    });
}

/// Two `lodestone bot` processes in one game: the host opens the room
/// through `host` (the nodes' URLs, its own first), the guest joins
/// through `guest`. Returns them and the room once both are in.
async fn two_bots(host: String, guest: String) -> (Cli, Cli, String) {
    // A short search per move, so that a game lasts a while.
    let play = "--level easy --think 10";
    let host = Cli::start(
        "host bot",
        &args(&format!("bot {host} --game magneton {play} --seed 1")),
    );
    let line = host.line(true, |l| l.starts_with("room ")).await;
    let room = line.split_whitespace().nth(1).unwrap().to_string();
    let guest = Cli::start(
        "guest bot",
        &args(&format!("bot {guest} --room {room} {play} --seed 2")),
    );
    (host, guest, room)
}

/// The room's state as a watcher on a live node sees it.
async fn state_of(live: &Live, room: &str) -> RoomState {
    let addr = live.lock().unwrap()[0];
    let mut watcher = Follower::new(live, addr, "Watcher").await;
    watcher.room = Some(room.to_string());
    let state = watcher.rejoin(None).await;
    watcher.client.close().await;
    state
}

/// Both bots ended by themselves with exit code 0, each with the same
/// `result:` line, the game's own result; no line tells of a refused move.
/// Returns their standard errors.
async fn both_finish(live: &Live, room: &str, bots: [Cli; 2]) -> Vec<String> {
    let mut results = Vec::new();
    let mut notes = Vec::new();
    for bot in bots {
        let name = bot.name.clone();
        let (status, out, err) = bot.finish().await;
        assert!(status.success(), "{name} exited with {status}: {out:?} {err:?}");
        for line in out.iter().chain(&err) {
            assert!(!line.contains("refused"), "{name}: {line}");
        }
        let last = out.last().cloned().unwrap_or_default();
        let result = last
            .strip_prefix("result: ")
            .unwrap_or_else(|| panic!("{name} ended without a result: {out:?}"))
            .to_string();
        results.push(result);
        notes.extend(err);
    }
    assert_eq!(results[0], results[1], "the bots saw different results");
    let state = state_of(live, room).await;
    assert_eq!(state.status, RoomStatus::Finished, "room {room}");
    let outcome = state.play.and_then(|p| p.outcome).expect("an outcome");
    assert_eq!(outcome.result, results[0]);
    notes
}

/// The event log of `room` has no gap and no repeat.
async fn log_whole(database: &str, room: &str) {
    for (i, e) in stored(database, room).await.iter().enumerate() {
        assert_eq!(e.seq, i as i64 + 1, "room {room}: a gap or a repeat");
    }
}

node_test!(bots_finish_their_game_when_the_node_holding_it_is_killed);
/// Two real bots play on three nodes; mid-game (both bots stopped, so the
/// game cannot end meanwhile) the node holding the room gets SIGKILL.
/// The bots reconnect through their other URLs, follow `moved` to the
/// node that takes the room over, and play to the end.
async fn bots_finish_their_game_when_the_node_holding_it_is_killed() {
    let mut nodes = Nodes::start(&["a", "b", "c"]);
    let (host, guest, room) = two_bots(urls(&nodes, &["a", "b", "c"]), urls(&nodes, &["b", "c", "a"])).await;
    until_actions(&nodes.database, &room, 4).await;
    host.signal("STOP");
    guest.signal("STOP");
    let state = state_of(&nodes.live, &room).await;
    assert_eq!(state.status, RoomStatus::Playing, "the game is not over yet");
    let before = actions(&nodes.database, &room).await;
    let owner = nodes.owner(&room).await.expect("a node holds the room");
    nodes.kill(&owner);
    host.signal("CONT");
    guest.signal("CONT");
    both_finish(&nodes.live, &room, [host, guest]).await;
    assert!(
        actions(&nodes.database, &room).await > before,
        "the game went on after node {owner} was killed"
    );
    assert_ne!(nodes.owner(&room).await.as_deref(), Some(owner.as_str()));
    log_whole(&nodes.database, &room).await;
}

node_test!(bots_send_moves_again_while_postgresql_is_stopped_and_finish);
/// Two real bots play on two nodes while PostgreSQL is stopped mid-game
/// and started again. Moves refused with `storage-failure` meanwhile are
/// sent again after a wait that grows, and the game ends normally.
async fn bots_send_moves_again_while_postgresql_is_stopped_and_finish() {
    let cluster = OwnCluster::start();
    let nodes = Nodes::start_on(lodestone_tests::temp_dir(), cluster.url.clone(), &["a", "b"]);
    let (host, guest, room) = two_bots(urls(&nodes, &["a", "b"]), urls(&nodes, &["b", "a"])).await;
    until_actions(&nodes.database, &room, 4).await;
    let before = actions(&nodes.database, &room).await;
    cluster.stop_server();
    // A move refused for storage, and sent again after a longer wait.
    let refused = |l: &str| l.contains("storage-failure") && l.contains("trying again in");
    let doubled = |l: &str| refused(l) && l.contains("trying again in 500 ms");
    eventually!(PATIENCE, "a move sent again after 500 ms", {
        let seen = host.stderr().iter().chain(&guest.stderr()).any(|l| doubled(l));
        if seen {
            Ok(())
        } else {
            Err((host.stderr(), guest.stderr()))
        }
    });
    cluster.start_server();
    let notes = both_finish(&nodes.live, &room, [host, guest]).await;
    assert!(notes.iter().any(|l| refused(l)), "{notes:?}");
    assert!(actions(&nodes.database, &room).await > before);
    log_whole(&nodes.database, &room).await;
    drop(nodes);
}

node_test!(load_finishes_its_games_when_a_node_is_killed);
/// `lodestone load` over three nodes; mid-run one node gets SIGKILL.
/// The run ends with every game it started finished, no error and no
/// disconnect: the players of the dead node's rooms reconnect, follow
/// `moved` and decide again a move lost with the node.
async fn load_finishes_its_games_when_a_node_is_killed() {
    let mut nodes = Nodes::start(&["a", "b", "c"]);
    let load = Cli::start(
        "load",
        &args(&format!(
            "load {} --game magneton --games 6 --total-games 18 --duration 100 --seed 3",
            urls(&nodes, &["a", "b", "c"])
        )),
    );
    // Mid-run: the games are going, and each node holds rooms.
    eventually!(PATIENCE, "leases on all three nodes and 40 moves stored", {
        let mut conn = crate::harness::connect(&nodes.database).await;
        let (held, moves): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(DISTINCT node) FROM leases WHERE expires_at > clock_timestamp()), \
             (SELECT COUNT(*) FROM events WHERE kind = 'action')",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        if held == 3 && moves >= 40 {
            Ok(())
        } else {
            Err((held, moves))
        }
    });
    let killed = format!("node ws://{}/ws: ", nodes.addr("b"));
    nodes.kill("b");
    let (status, out, err) = load.finish().await;
    let report = out.join("\n");
    assert!(status.success(), "load exited with {status}:\n{report}\n{err:?}");
    assert!(report.contains("games started 18, finished 18"), "{report}");
    assert!(report.contains("errors 0, disconnects 0"), "{report}");
    // The killed node's players went on elsewhere.
    let line = out
        .iter()
        .find(|l| l.starts_with(&killed))
        .unwrap_or_else(|| panic!("no line for node b:\n{report}"));
    let dropped: u64 = line.rsplit("dropped ").next().unwrap().trim().parse().unwrap();
    assert!(dropped > 0, "{line}");
}

node_test!(load_sends_moves_again_while_postgresql_is_stopped_and_finishes);
/// `lodestone load` over two nodes while PostgreSQL is stopped mid-run and
/// started again: the moves refused with `storage-failure` meanwhile are
/// sent again after a growing wait, not counted as errors, and every game
/// started is finished.
async fn load_sends_moves_again_while_postgresql_is_stopped_and_finishes() {
    let cluster = OwnCluster::start();
    let nodes = Nodes::start_on(lodestone_tests::temp_dir(), cluster.url.clone(), &["a", "b"]);
    let load = Cli::start(
        "load",
        &args(&format!(
            "load {} --game magneton --games 4 --total-games 12 --duration 100 --seed 4",
            urls(&nodes, &["a", "b"])
        )),
    );
    eventually!(PATIENCE, "40 moves of the load stored", {
        let mut conn = crate::harness::connect(&nodes.database).await;
        let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE kind = 'action'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        if moves >= 40 { Ok(()) } else { Err(moves) }
    });
    // A probe: once a room cannot be opened, moves are refused too.
    let mut probe = lodestone_tests::Client::connect(nodes.addr("a")).await;
    probe.hello("Probe").await;
    cluster.stop_server();
    eventually!(PATIENCE, "a room refused for storage", {
        let reply = probe
            .request(json!({"type": "create_room", "game": "magneton", "options": {}, "public": false}))
            .await;
        match &reply {
            ServerMessage::Error { code, .. } if *code == Code::StorageFailure => Ok(()),
            _ => Err(reply),
        }
    });
    cluster.start_server();
    let (status, out, err) = load.finish().await;
    let report = out.join("\n");
    assert!(status.success(), "load exited with {status}:\n{report}\n{err:?}");
    assert!(report.contains("games started 12, finished 12"), "{report}");
    assert!(report.contains("errors 0, disconnects 0"), "{report}");
    let again: u64 = out
        .iter()
        .find_map(|l| l.strip_prefix("sent again after a storage failure "))
        .unwrap_or_else(|| panic!("nothing was sent again:\n{report}"))
        .trim()
        .parse()
        .unwrap();
    assert!(again > 0, "{report}");
}
