//! A node that stalls in the middle of a commit: stopped (SIGSTOP) or cut
//! off from PostgreSQL (a proxy that stops passing bytes) before it reads
//! the commit's answer (with its lease row locked, when the commit is a
//! transaction of several round trips; a batch sent as one script is
//! committed by PostgreSQL without it). The other nodes go on answering
//! about every room, their own and the stalled node's, and take the
//! stalled node's rooms when its lease runs out.

use std::time::{Duration, Instant};

use lodestone_protocol::{RequestId, ServerMessage};
use lodestone_tests::{Client, Polling, database_url, eventually, temp_dir};
use serde_json::json;

use crate::harness::{Game, LEASE_MS, Nodes};
use crate::node_test;
use crate::proxy::{Proxy, Stall};

/// How long another node may take to answer about a room.
const ANSWER: Duration = Duration::from_secs(2);

node_test!(a_node_stopped_mid_commit_holds_up_only_its_own_rooms);
/// Node a is stopped (SIGSTOP) with a commit's transaction open.
async fn a_node_stopped_mid_commit_holds_up_only_its_own_rooms() {
    stalled_mid_commit(false).await;
}

node_test!(a_node_cut_off_mid_commit_holds_up_only_its_own_rooms);
/// Node a's connections to PostgreSQL go silent with a commit's
/// transaction open (nothing passes, nothing is closed).
async fn a_node_cut_off_mid_commit_holds_up_only_its_own_rooms() {
    stalled_mid_commit(true).await;
}

/// Three nodes, a game on each; a's game is played until a's commit
/// stalls with its transaction open (the lease row locked). Then b and c
/// are asked, over and over, about every room: each answer (the room,
/// `moved`, or "try again") comes within [`ANSWER`]; and a's room is taken
/// by b or c within about a lease.
async fn stalled_mid_commit(cut: bool) {
    let dir = temp_dir();
    let database = database_url(&dir);
    let proxy = Proxy::start(&database).await;
    let mut nodes = Nodes::start_on(dir, database.clone(), &[]);
    nodes.add_via("a", &proxy.url(&database));
    nodes.add("b");
    nodes.add("c");
    let (a, b, c) = (nodes.addr("a"), nodes.addr("b"), nodes.addr("c"));
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    let others = [
        Game::start(&nodes.live, b, b, "magneton", json!({})).await,
        Game::start(&nodes.live, c, c, "magneton", json!({})).await,
    ];
    let stalled_room = game.room.clone();
    let rooms: Vec<String> = std::iter::once(stalled_room.clone())
        .chain(others.iter().map(|g| g.room.clone()))
        .collect();
    proxy.arm(if cut {
        Stall::Cut
    } else {
        Stall::Stop(nodes.node("a").pid())
    });
    // Moves on a until its commit stalls (the player then waits for ever).
    let playing = tokio::spawn(async move { game.play(200, |_| {}).await });
    eventually!(
        Polling::default().every(Duration::from_millis(10)),
        "a's commits to stall",
        { proxy.stalled() }
    );
    let stalled_at = Instant::now();
    let mut askers = Vec::new();
    for addr in [b, c] {
        let client = Client::guest(addr, "Eve").await;
        askers.push((addr, client));
    }
    let mut moved_at = None;
    let mut rounds_after = 0;
    while rounds_after < 3 {
        for (addr, client) in &mut askers {
            for room in &rooms {
                let asked = Instant::now();
                let answer = tokio::time::timeout(ANSWER, ask(client, room))
                    .await
                    .unwrap_or_else(|_| {
                        panic!(
                            "node {addr} did not answer about room {room} within {ANSWER:?} \
                             ({:?} after the stall)",
                            stalled_at.elapsed()
                        )
                    });
                eprintln!("{addr} {room}: {answer} in {:?}", asked.elapsed());
            }
        }
        if moved_at.is_none() {
            match nodes.owner(&stalled_room).await {
                Some(owner) if owner != "a" => moved_at = Some(stalled_at.elapsed()),
                _ => assert!(
                    stalled_at.elapsed() < Duration::from_millis(2 * LEASE_MS),
                    "a's room was not taken within the lease and a sweep"
                ),
            }
        } else {
            rounds_after += 1;
        }
    }
    eprintln!("a's room moved {moved_at:?} after the stall");
    playing.abort();
    if !cut {
        nodes.node("a").signal("CONT");
    }
}

/// Asks the node `client` is on to watch `room`: what it answered (and the
/// watch undone, if it was taken).
pub async fn ask(client: &mut Client, room: &str) -> String {
    let id = 1_000_000 + u64::from(room.bytes().map(u32::from).sum::<u32>());
    client
        .send_text(&json!({"type": "watch", "id": id, "room": room}).to_string())
        .await;
    let id = RequestId::Number(id);
    loop {
        match client.recv().await.expect("the connection stays open") {
            ServerMessage::Ack { id: i, .. } if i == id => {
                client.ok(json!({"type": "unwatch", "room": room})).await;
                return "watched".into();
            }
            ServerMessage::Error {
                id: Some(i), code, ..
            } if i == id => return code.to_string(),
            ServerMessage::Moved { room: r, url } if r == room => return format!("moved to {url}"),
            _ => {}
        }
    }
}
