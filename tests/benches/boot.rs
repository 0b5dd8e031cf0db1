//! How long the server takes to start with many unfinished games in its
//! log: fills a database through the protocol (each game created, both
//! seats taken, started, ten moves played), then times the server binary
//! from its start until it prints `listening on`, three times, on SQLite
//! and (with `LODESTONE_TEST_POSTGRES` set) on PostgreSQL.
//!
//! `cargo bench -p lodestone-tests --bench boot` plays 10,000 games
//! (`LODESTONE_BOOT_GAMES` changes it); under `cargo test` it plays 20 and
//! only checks that every game comes back. docs/performance.md has the
//! figures.

use std::time::{Duration, Instant};

use lodestone_protocol::ServerMessage;
use lodestone_tests::{Backend, Client, ServerProcess, TestServer, on_backend, temp_dir};
use serde_json::json;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The first ten actions of a Magneton game (white, black, white, …).
const MOVES: [&str; 10] = ["G5", "H1", "F5", "G1", "A8", "C7", "H8", "D3", "F7", "F1"];

/// Pairs of players filling the database at once.
const PAIRS: usize = 16;

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let games: usize = std::env::var("LODESTONE_BOOT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if bench { 10_000 } else { 20 });
    let mut backends = vec![Backend::Sqlite];
    if std::env::var_os(lodestone_tests::POSTGRES_VAR).is_some() {
        backends.push(Backend::Postgres);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    for backend in backends {
        runtime.block_on(on_backend(backend, async {
            let dir = temp_dir();
            let started = Instant::now();
            let tokens = fill(&dir, games).await;
            eprintln!(
                "{backend:?}: {games} games stored in {:.1} s",
                started.elapsed().as_secs_f64()
            );
            let mut times = Vec::new();
            for _ in 0..3 {
                let started = Instant::now();
                let server = ServerProcess::start(SERVER, &dir);
                times.push(started.elapsed());
                check(&server, &tokens, games).await;
                server.kill();
            }
            times.sort();
            println!(
                "boot with {games} unfinished games ({}): {} (median of 3; min {}, max {})",
                match backend {
                    Backend::Sqlite => "SQLite",
                    Backend::Postgres => "PostgreSQL",
                },
                secs(times[1]),
                secs(times[0]),
                secs(times[2]),
            );
            let _ = std::fs::remove_dir_all(&dir);
        }));
    }
}

fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Plays `games` games to their tenth move in the database of `dir`;
/// returns one player's token of each pair.
async fn fill(dir: &std::path::Path, games: usize) -> Vec<String> {
    let server = TestServer::start_in(dir.to_path_buf(), |c| c.expire_open_after = None).await;
    let addr = server.addr();
    let mut pairs = Vec::new();
    for pair in 0..PAIRS {
        let count = games / PAIRS + usize::from(pair < games % PAIRS);
        pairs.push(tokio::spawn(async move {
            let mut white = Client::connect(addr).await;
            let token = white.hello("White").await;
            let mut black = Client::connect(addr).await;
            black.hello("Black").await;
            for _ in 0..count {
                let (room, _) = white.create_room("magneton", json!({}), true).await;
                white.join(&room, json!(0)).await;
                black.join(&room, json!(1)).await;
                black.ok(json!({"type": "start", "room": room})).await;
                for (i, action) in MOVES.iter().enumerate() {
                    let player = if i % 2 == 0 { &mut white } else { &mut black };
                    player.act(&room, action).await;
                }
                for player in [&mut white, &mut black] {
                    player.ok(json!({"type": "unwatch", "room": room})).await;
                    player.frames.clear();
                    player.states.clear();
                }
            }
            token
        }));
    }
    let mut tokens = Vec::new();
    for pair in pairs {
        tokens.push(pair.await.expect("a pair plays its games"));
    }
    server.server.shutdown().await;
    tokens
}

/// Every game is back: each pair's white player sits in all its rooms.
async fn check(server: &ServerProcess, tokens: &[String], games: usize) {
    let mut found = 0;
    for token in tokens {
        let mut client = Client::connect(server.addr).await;
        match client.resume(token).await {
            ServerMessage::Welcome { rooms, .. } => found += rooms.len(),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(found, games, "every unfinished game is back");
}
