//! Berserk (room option `berserk=on`, which an arena gives its games): a
//! seat that goes berserk before its first move loses half its starting
//! time and its increment; every view shows who did; it is stored, so a
//! SIGKILL and restart keep it, and replays show it. Refusals: a room
//! without the option, twice, after one's first move, a spectator, and
//! the option itself with no clock or a time per move. `GET /api/games`
//! lists the option for every game.

use lodestone_protocol::{RoomState, ServerMessage};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend};
use serde_json::json;

use crate::games::{every_game_offers, killable_room, spectator, started_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Seat `seat`'s clock in `state`: time left, running, berserk.
fn clock(state: &RoomState, seat: usize) -> (u64, bool, bool) {
    let c = &state.play.as_ref().expect("a game").clocks[seat];
    (c.remaining_ms, c.running, c.berserk)
}

/// Goes berserk in `room`; the version of the acknowledgement.
async fn berserk(client: &mut Client, room: &str) -> u64 {
    match client.ok(json!({"type": "berserk", "room": room})).await {
        ServerMessage::Ack { version: Some(v), .. } => v,
        other => panic!("unexpected {other:?}"),
    }
}

each_backend!(berserk_halves_the_clock_takes_the_increment_and_survives_a_kill);
async fn berserk_halves_the_clock_takes_the_increment_and_survives_a_kill() {
    let options = json!({"clock": "5+3", "berserk": "on"});
    let (dir, server, room, mut clients, _, state) = killable_room("magneton", options).await;
    assert_eq!(state.options.get("berserk").map(String::as_str), Some("on"));
    let (mut eve, _) = spectator(server.addr, &room).await;

    // Bo (black, waiting) goes berserk: 5 minutes less half of them.
    let version = berserk(&mut clients[1], &room).await;
    let (ann, bo) = clients.split_at_mut(1);
    for viewer in [&mut ann[0], &mut bo[0], &mut eve] {
        let state = viewer.state_at(&room, version).await;
        assert_eq!(clock(&state, 1), (150_000, false, true));
        assert!(!clock(&state, 0).2, "{:?}", state.play);
    }
    let twice = clients[1]
        .refused(json!({"type": "berserk", "room": room}), "no-berserk")
        .await;
    assert!(twice.contains("already"), "{twice}");
    eve.refused(json!({"type": "berserk", "room": room}), "not-seated")
        .await;

    // Ann moves: she keeps her increment (more than 5 minutes); Bo moves:
    // he gets none (less than his 2.5 minutes).
    let v = clients[0].act(&room, "G5").await;
    assert!(clock(&clients[0].state_at(&room, v).await, 0).0 > 300_000);
    let v = clients[1].act(&room, "H1").await;
    let state = clients[0].state_at(&room, v).await;
    assert!(clock(&state, 1).0 <= 150_000, "{:?}", state.play);
    let late = clients[0]
        .refused(json!({"type": "berserk", "room": room}), "no-berserk")
        .await;
    assert!(late.contains("first move"), "{late}");
    server.kill();

    // Stored: after a restart Bo is still berserk, and the replay of ply
    // 0 shows it too.
    let server = ServerProcess::start(SERVER, &dir);
    let (mut eve, state) = spectator(server.addr, &room).await;
    let (left, _, went) = clock(&state, 1);
    assert!(went && left <= 150_000, "{:?}", state.play);
    assert!(!clock(&state, 0).2);
    match eve
        .request(json!({"type": "replay", "room": room, "ply": 0}))
        .await
    {
        ServerMessage::Replay { state, .. } => {
            assert_eq!(clock(&state, 1), (150_000, false, true));
        }
        other => panic!("unexpected {other:?}"),
    }
}

each_backend!(berserk_is_refused_where_the_room_does_not_offer_it);
async fn berserk_is_refused_where_the_room_does_not_offer_it() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"clock": "5+3"})).await;
    let before = clients[0].state_until(&room, |s| s.play.is_some()).await;
    let why = clients[0]
        .refused(json!({"type": "berserk", "room": room}), "no-berserk")
        .await;
    assert!(why.contains("berserk=on"), "{why}");
    // Nothing changed.
    let version = clients[0].states[&room].0;
    let after = clients[0].state_at(&room, version).await;
    assert_eq!(clock(&after, 0).2, clock(&before, 0).2);
    assert!(!clock(&after, 0).2 && !clock(&after, 1).2);

    let mut eve = server.guest("Eve").await;
    eve.refuses_room_options([
        json!({"berserk": "on"}),
        json!({"clock": "none", "berserk": "on"}),
        json!({"clock": "30s/move", "berserk": "on"}),
        json!({"clock": "5+3", "berserk": "sometimes"}),
    ])
    .await;
}

each_backend!(api_games_lists_berserk_for_every_game);
/// `GET /api/games` lists `berserk` (`off` the default, then `on`) for
/// every game, and a room with a bank of time takes each value it offers.
async fn api_games_lists_berserk_for_every_game() {
    every_game_offers("berserk", &["off", "on"], "bank", json!({"clock": "5+3"})).await;
}
