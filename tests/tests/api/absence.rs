//! Absent players (the room option `absent`): a seated player with no
//! connection for the grace period is absent (shown on its seat, stored,
//! back when it returns); with `claim` the others may then claim the game
//! on its turn, with `wait` never, with `bot` a bot plays for it until it
//! returns; a game everyone left is abandoned; a restart keeps who is
//! absent.

use lodestone_protocol::{RoomState, RoomStatus};
use lodestone_tests::{Client, ServerProcess, TestServer, database_url, each_backend, temp_dir};
use serde_json::json;
use std::net::SocketAddr;

use crate::games::{spectator, started_room, started_room_at};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn absent(state: &RoomState, seat: usize) -> bool {
    state.seats[seat].absent
}

/// A started magneton game with `options` on the server at `addr`, which
/// Ann (white, to act) has left and is marked absent in: the room, Bo's
/// connection and the tokens by seat.
async fn ann_gone(addr: SocketAddr, options: serde_json::Value) -> (String, Client, Vec<String>) {
    let (room, mut clients, tokens) = started_room_at(addr, "magneton", options).await;
    let mut bo = clients.pop().unwrap();
    clients.pop().unwrap().close().await;
    bo.state_until(&room, |s| absent(s, 0)).await;
    (room, bo, tokens)
}

async fn quick_server() -> TestServer {
    TestServer::start_with(|c| {
        c.absent_grace = 300;
        c.abandon_after = 1000;
    })
    .await
}

each_backend!(an_absent_player_loses_by_claim);
async fn an_absent_player_loses_by_claim() {
    let server = quick_server().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"absent": "claim"})).await;
    let ann = clients.remove(0);
    let mut bo = clients.remove(0);
    let state = bo.state_until(&room, |s| s.play.is_some()).await;
    assert_eq!(state.options.get("absent").map(String::as_str), Some("claim"));
    bo.refused(json!({"type": "claim", "room": room}), "too-early")
        .await;
    // White (to act) goes away; after the grace period she is absent.
    ann.close().await;
    let state = bo.state_until(&room, |s| absent(s, 0)).await;
    assert!(!absent(&state, 1));
    bo.ok(json!({"type": "claim", "room": room})).await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    let outcome = end.play.unwrap().outcome.unwrap();
    assert_eq!(
        (outcome.result.as_str(), outcome.winners),
        ("black wins (on time)", vec![1])
    );
}

each_backend!(a_waiting_room_marks_absence_and_return_but_refuses_claims);
async fn a_waiting_room_marks_absence_and_return_but_refuses_claims() {
    let server = quick_server().await;
    let (room, mut bo, tokens) = ann_gone(server.addr(), json!({})).await;
    let m = bo
        .refused(json!({"type": "claim", "room": room}), "too-early")
        .await;
    assert!(m.contains("waits"), "{m}");
    // Ann comes back: no longer absent, and the game goes on.
    let mut ann = server.client().await;
    ann.resume(&tokens[0]).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_until(&room, |s| !absent(s, 0)).await;
    assert_eq!(state.status, RoomStatus::Playing);
    ann.act(&room, "D4").await;
}

each_backend!(a_game_everyone_left_is_abandoned);
/// Both players gone: after `abandon_after` (here ten grace periods) of
/// absence the game ends without a result, the room closes and leaves the
/// games in progress.
async fn a_game_everyone_left_is_abandoned() {
    let server = quick_server().await;
    let (room, clients, _) = started_room(&server, "magneton", json!({})).await;
    let (mut eve, _) = spectator(server.addr(), &room).await;
    for client in clients {
        client.close().await;
    }
    eve.state_until(&room, |s| absent(s, 0) && absent(s, 1)).await;
    let end = eve.state_until(&room, |s| s.status == RoomStatus::Closed).await;
    assert!(end.play.unwrap().outcome.is_none());
    let listed = match eve.ok(json!({"type": "list_rooms", "playing": true})).await {
        lodestone_protocol::ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert!(listed.iter().all(|r| r.id != room));
    eve.refused(json!({"type": "watch", "room": room}), "unknown-room")
        .await;
}

each_backend!(absence_survives_a_kill);
async fn absence_survives_a_kill() {
    let dir = temp_dir();
    let url = database_url(&dir);
    let args = ["--database", url.as_str(), "--absent-grace", "1s"];
    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let (room, _bo, tokens) = ann_gone(server.addr, json!({"absent": "claim"})).await;
    server.kill();

    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let (_, state) = spectator(server.addr, &room).await;
    assert!(absent(&state, 0), "the absence is stored");
    let mut bo = lodestone_tests::Client::connect(server.addr).await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    bo.ok(json!({"type": "claim", "room": room})).await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(end.play.unwrap().outcome.unwrap().winners, vec![1]);
}

each_backend!(a_bot_plays_for_an_absent_player_and_hands_back);
async fn a_bot_plays_for_an_absent_player_and_hands_back() {
    let server = quick_server().await;
    let (room, mut bo, tokens) = ann_gone(server.addr(), json!({"absent": "bot"})).await;
    // A bot plays white for Ann; Bo answers.
    let white_moves = |s: &RoomState| {
        s.play
            .as_ref()
            .map_or(0, |p| p.moves.iter().filter(|m| m.seat == 0).count())
    };
    let mut version = bo.states[&room].0;
    while white_moves(&bo.states[&room].1) < 2 {
        version = answer(&mut bo, &room, version).await;
    }
    let state = bo.state_until(&room, |s| white_moves(s) >= 2).await;
    assert!(absent(&state, 0), "a stand-in does not make Ann present");
    // Ann is back: the bot hands the seat back at once.
    let mut ann = server.client().await;
    ann.resume(&tokens[0]).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    bo.state_until(&room, |s| !absent(s, 0)).await;
    // Bo moves if it is his turn; then white is Ann's alone to play.
    let version = bo.states[&room].0;
    if bo.states[&room]
        .1
        .play
        .as_ref()
        .is_some_and(|p| !p.legal.is_empty())
    {
        answer(&mut bo, &room, version).await;
    }
    let state = ann
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| !p.legal.is_empty()))
        .await;
    let before = white_moves(&state);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let legal = ann.states[&room].1.play.clone().unwrap().legal;
    assert!(!legal.is_empty(), "nobody played white meanwhile");
    ann.act(&room, &legal[0]).await;
    let state = bo.state_until(&room, |s| white_moves(s) > before).await;
    assert_eq!(white_moves(&state), before + 1);
}

/// Waits (from `version` on) for the client's turn and plays its first
/// offered action; returns the version of that action.
async fn answer(client: &mut lodestone_tests::Client, room: &str, mut version: u64) -> u64 {
    loop {
        let state = client.state_at(room, version).await;
        assert_eq!(state.status, RoomStatus::Playing);
        match state.play.map(|p| p.legal).filter(|l| !l.is_empty()) {
            Some(legal) => return client.act(room, &legal[0]).await,
            None => version = client.states[room].0 + 1,
        }
    }
}
