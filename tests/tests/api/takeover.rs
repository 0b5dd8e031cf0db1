//! Upgrades without dropping a game (issue 31): SIGUSR2 to a server under
//! `lodestone load` with 100 games; a new process takes over its socket
//! and resumes every room; the old one stores its rooms and exits. The
//! load sees no error (only reconnects), and games of the test's own
//! players, which reconnect on the `bye` as every client does, lose no
//! acknowledged action and go on. The load's latency report, hand-over
//! included, is printed.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lodestone_protocol::{PROTOCOL_VERSION, RequestId, RoomStatus, ServerMessage};
use lodestone_tests::{
    Client, KillOnDrop, NO_LIMITS, PATIENCE, Polling, database_url, each_backend, eventually, http_get,
    processes_in, stored_version, temp_dir,
};
use serde_json::json;

use crate::games::started_room_at;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");
const CLI: &str = env!("CARGO_BIN_EXE_lodestone-test-cli");

/// Acknowledged actions of the test's own players: room and version.
type Acks = Arc<Mutex<Vec<(String, u64)>>>;

/// A seat of the test's own games: reconnects (with its token) whenever
/// its connection ends, as the clients do on `bye`.
struct Seat {
    addr: SocketAddr,
    token: String,
    room: String,
    client: Client,
}

impl Seat {
    /// A connection again: `hello` with the token and `watch` the room,
    /// trying until the new process serves (within the patience).
    async fn reconnect(&mut self) {
        self.client = eventually!("a connection back to the server, watching the room", {
            let mut client = Client::try_connect(self.addr).await?;
            let hello = json!({"type": "hello", "id": 1, "protocol": PROTOCOL_VERSION, "token": self.token});
            client.send_text(&hello.to_string()).await;
            if !matches!(client.recv().await, Some(ServerMessage::Welcome { .. })) {
                return None;
            }
            let watch = json!({"type": "watch", "id": 2, "room": self.room});
            client.send_text(&watch.to_string()).await;
            client.reply_to_or_end(&RequestId::Number(2)).await?;
            Some(client)
        });
    }
}

/// Plays games until `stop` (a new one when one ends), reconnecting
/// through any hand-over; records each acknowledged action.
async fn steady_games(addr: SocketAddr, acks: Acks, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::Relaxed) {
        // A game being set up when the old process leaves is given up (its
        // helper expects an open connection) and another one set up.
        let Ok((room, clients, tokens)) = tokio::spawn(started_room_at(addr, "magneton", json!({}))).await
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        steady_game(addr, room, clients, tokens, &acks, &stop).await;
    }
}

/// Plays one game until `stop` or its end, reconnecting through any
/// hand-over; records each acknowledged action.
async fn steady_game(
    addr: SocketAddr,
    room: String,
    clients: Vec<Client>,
    tokens: Vec<String>,
    acks: &Acks,
    stop: &AtomicBool,
) {
    let mut seats: Vec<Seat> = clients
        .into_iter()
        .zip(tokens)
        .map(|(client, token)| Seat {
            addr,
            token,
            room: room.clone(),
            client,
        })
        .collect();
    let mut next_id = 100;
    let mut version = 0;
    while !stop.load(Ordering::Relaxed) {
        // The state as seat 0 sees it, then as the seat to act does.
        let seen = match seats[0].client.state_or_end(&room, version).await {
            Some((v, state)) if state.status == RoomStatus::Playing => {
                let to_act = state.play.as_ref().unwrap().to_act[0] as usize;
                version = v;
                seats[to_act]
                    .client
                    .state_or_end(&room, v)
                    .await
                    .map(|(_, s)| (to_act, s))
            }
            // Not started yet, as this seat last saw it: the next state.
            Some((v, state)) if state.status == RoomStatus::Open => {
                version = v + 1;
                continue;
            }
            Some(_) => break,
            None => None,
        };
        let Some((to_act, mine)) = seen else {
            for seat in &mut seats {
                seat.reconnect().await;
            }
            continue;
        };
        let legal = &mine.play.as_ref().unwrap().legal;
        if legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let action = legal[(version as usize * 7) % legal.len()].clone();
        next_id += 1;
        let id = RequestId::Number(next_id);
        let act = json!({"type": "act", "id": next_id, "room": room, "action": action});
        seats[to_act].client.send_text(&act.to_string()).await;
        match seats[to_act].client.reply_to_or_end(&id).await {
            Some(ServerMessage::Ack { version: Some(v), .. }) => {
                acks.lock().unwrap().push((room.clone(), v));
                version = v;
            }
            // Refused (the state moved on meanwhile): decide again.
            Some(_) => {}
            // The connection ended: the move may or may not be played.
            None => {
                for seat in &mut seats {
                    seat.reconnect().await;
                }
            }
        }
    }
}

/// The server process with its standard output kept (the new process of
/// an upgrade writes its `listening on` line there too).
struct Upgradable {
    child: Child,
    addr: SocketAddr,
    lines: std::sync::mpsc::Receiver<String>,
}

fn start_server(dir: &std::path::Path, database: &str) -> Upgradable {
    // The log goes to a file: the new process of an upgrade outlives the
    // test's pipes.
    let log = std::fs::File::create(dir.join("server.log")).unwrap();
    let mut child = Command::new(SERVER)
        .args(["--bind", "127.0.0.1:0", "--database", database])
        .args(NO_LIMITS)
        .current_dir(dir)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let first = lines.recv_timeout(PATIENCE).expect("the server starts");
    let addr = first
        .strip_prefix("listening on http://")
        .unwrap()
        .parse()
        .unwrap();
    Upgradable { child, addr, lines }
}

/// Kills the test's server processes when dropped (the new process of
/// an upgrade is not a child of the test).
struct KillAllOf(std::path::PathBuf);

impl Drop for KillAllOf {
    fn drop(&mut self) {
        drop(KillOnDrop(processes_in(SERVER, &self.0)));
    }
}

/// How many actions the database holds, in every room.
async fn stored_actions(url: &str) -> i64 {
    let sql = "SELECT COUNT(*) FROM events WHERE kind = 'action'";
    lodestone_tests::with_database!(url, |conn| sqlx::query_scalar(sql)
        .fetch_one(&mut conn)
        .await
        .unwrap())
}

/// A figure of `/metrics`, by its line's start.
async fn metric(addr: SocketAddr, name: &str) -> u64 {
    let (_, text) = http_get(addr, "/metrics", None).await;
    text.lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|n| n.trim().parse::<f64>().ok())
        .unwrap_or(0.0) as u64
}

each_backend!(an_upgrade_under_load_drops_no_game);
async fn an_upgrade_under_load_drops_no_game() {
    let dir = temp_dir();
    let _cleanup = KillAllOf(dir.clone());
    let database = database_url(&dir);
    let mut server = start_server(&dir, &database);
    let addr = server.addr;
    // 100 games at 100 moves a second in all (an open loop, kind to a
    // shared machine), for long enough to play before, during and after.
    let load = Command::new(CLI)
        .args([
            "load",
            &format!("ws://{addr}"),
            "--game",
            "magneton",
            "--games",
            "100",
        ])
        .args(["--duration", "10", "--rate", "100"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let acks: Acks = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let games: Vec<_> = (0..4)
        .map(|_| tokio::spawn(steady_games(addr, acks.clone(), stop.clone())))
        .collect();
    // Hand over once the load's games are all playing, and have played.
    let load_wait = Polling::within(Duration::from_secs(60)).every(Duration::from_millis(100));
    eventually!(load_wait, "the load's 100 games playing", {
        metric(addr, "lodestone_rooms{state=\"playing\"} ").await >= 100
    });
    let playing = metric(addr, "lodestone_moves_total ").await;
    eventually!(load_wait, "200 more moves of the load", {
        metric(addr, "lodestone_moves_total ").await >= playing + 200
    });
    let kill = Command::new("kill")
        .args(["-USR2", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    // The new process listens on the same address; the old one exits.
    let again = server
        .lines
        .recv_timeout(PATIENCE)
        .expect("the new process starts");
    assert_eq!(again, format!("listening on http://{addr}"));
    let old = tokio::task::spawn_blocking(move || {
        let status = server.child.wait();
        (server, status)
    });
    let (_server, status) = tokio::time::timeout(PATIENCE, old).await.unwrap().unwrap();
    assert!(status.unwrap().success(), "the old process failed");
    // Play on after the hand-over.
    let before = acks.lock().unwrap().len();
    eventually!("the test's games to go on after the upgrade", {
        acks.lock().unwrap().len() >= before + 20
    });
    let report = tokio::task::spawn_blocking(move || load.wait_with_output().unwrap())
        .await
        .unwrap();
    stop.store(true, Ordering::Relaxed);
    for game in games {
        game.await.unwrap();
    }
    let text = String::from_utf8_lossy(&report.stdout).into_owned();
    println!(
        "lodestone load, 100 games, upgraded in place mid-run:\n{text}\n{}",
        String::from_utf8_lossy(&report.stderr)
    );
    assert!(report.status.success(), "{text}");
    assert!(text.contains("errors 0, disconnects 0"), "{text}");
    assert!(text.contains("dropped "), "the load did not reconnect: {text}");
    let moves: i64 = text
        .lines()
        .find_map(|l| l.strip_prefix("moves "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a moves line");
    assert!(moves > 0);
    // Every acknowledged action is stored: the test's exactly, the load's
    // in number.
    let stored = stored_actions(&database).await;
    let own = acks.lock().unwrap().clone();
    assert!(
        stored >= moves + own.len() as i64,
        "{stored} actions stored, {moves} acknowledged to the load and {} to the test",
        own.len()
    );
    for (room, version) in &own {
        assert!(
            stored_version(&database, room).await >= *version as i64,
            "room {room} lost version {version}"
        );
    }
}
