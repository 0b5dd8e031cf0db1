//! The room option `clock` for every game: a seat whose time runs out
//! loses; a bank gains its increment; a running clock survives a SIGKILL
//! (its deadline comes from the stored times of the actions); a time bank
//! (`bank:10d+36h`) gains after each move but never above its start; a
//! weekend pause (`weekends=pause`) is kept across a kill and offered by
//! `GET /api/games`.

use lodestone_protocol::{RoomState, RoomStatus, ServerMessage};
use lodestone_tests::{ServerProcess, TestServer, each_backend, stored_seqs};
use serde_json::json;

use crate::games::{every_game_offers, killable_room, play, spectator, started_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn result(state: &RoomState) -> Option<String> {
    Some(state.play.as_ref()?.outcome.as_ref()?.result.clone())
}

each_backend!(every_game_is_lost_on_time);
async fn every_game_is_lost_on_time() {
    let server = TestServer::start().await;
    for (game, options) in [
        ("magneton", json!({"clock": "1s/move"})),
        ("magnetism", json!({"clock": "1s/move"})),
        ("magnet", json!({"clock": "1s/move"})),
        ("magma", json!({"clock": "1s/move", "players": 2})),
    ] {
        let (room, mut clients, _) = started_room(&server, game, options).await;
        let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
        assert_eq!(
            state.options.get("clock").map(String::as_str),
            Some("1s/move"),
            "{game}"
        );
        let clocks = &state.play.as_ref().unwrap().clocks;
        assert_eq!(clocks.len(), 2, "{game}");
        assert!(
            clocks.iter().any(|c| c.running && c.remaining_ms <= 1000),
            "{game}: {clocks:?}"
        );
        let end = clients[0]
            .state_until(&room, |s| s.status == RoomStatus::Finished)
            .await;
        let text = result(&end).unwrap();
        assert!(text.ends_with("wins (on time)"), "{game}: {text}");
        assert!(end.play.unwrap().clocks.iter().all(|c| !c.running), "{game}");
    }
    let mut eve = server.guest("Eve").await;
    eve.refuses_room_options(["fast", "0+3", "5s/turn"].map(|clock| json!({"clock": clock})))
        .await;
}

each_backend!(correspondence_clocks_run_out_in_every_game_on_paused_time);
/// A correspondence clock (a day a move) runs out in every game without a
/// real wait: time stands still and jumps ahead only when every task waits,
/// so the day passes at once, and the seat to move loses on time.
async fn correspondence_clocks_run_out_in_every_game_on_paused_time() {
    // Nothing else may be the next timer: no expiry of open rooms, no
    // heartbeat (a day of pings), no poll of the notifications, and the
    // database opened first (its pool
    // must not see paused time).
    let server = TestServer::start_with(lodestone_tests::for_paused_time).await;
    for (game, options) in [
        ("magneton", json!({"clock": "1d/move"})),
        ("magnetism", json!({"clock": "1d/move"})),
        ("magnet", json!({"clock": "1d/move"})),
        ("magma", json!({"clock": "1d/move", "players": 2})),
    ] {
        let started = tokio::time::Instant::now();
        // Patience would run out as soon as the runtime is idle: wait for ever.
        let mut ann = server.client().await;
        ann.patience = None;
        ann.hello("Ann").await;
        let room = ann.seated_room(game, options, json!(0)).await;
        let mut bo = server.client().await;
        bo.patience = None;
        bo.hello("Bo").await;
        bo.join(&room, json!(1)).await;
        // Paused from the start on (the hellos and joins read the
        // database in real time: a pool's timeouts must not see paused
        // time).
        tokio::time::pause();
        bo.ok(json!({"type": "start", "room": room})).await;
        let mut clients = [ann, bo];
        let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
        let clocks = &state.play.as_ref().unwrap().clocks;
        // A full day, give or take a jump of paused time: while the server
        // waits on the database, paused time moves on to its next timer
        // (a connection's 30 s ban check, a pool's 30 s acquire timeout).
        let day: u64 = 86_400_000;
        assert!(
            clocks
                .iter()
                .any(|c| c.running && c.remaining_ms <= day && c.remaining_ms > day - 120_000),
            "{game}: a full day on the running clock: {clocks:?}"
        );
        let end = clients[0]
            .state_until(&room, |s| s.status == RoomStatus::Finished)
            .await;
        assert!(
            started.elapsed() >= std::time::Duration::from_secs(86_400),
            "{game}: the day passed"
        );
        let text = result(&end).unwrap();
        assert!(text.ends_with("wins (on time)"), "{game}: {text}");
        tokio::time::resume();
    }
}

each_backend!(a_bank_gains_its_increment);
async fn a_bank_gains_its_increment() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"clock": "5+3"})).await;
    let state = play(&mut clients, &room, &["D4"]).await;
    let clocks = state.play.unwrap().clocks;
    assert!(
        !clocks[0].running && clocks[0].remaining_ms > 300_000,
        "{clocks:?}"
    );
    assert!(
        clocks[1].running && clocks[1].remaining_ms <= 300_000,
        "{clocks:?}"
    );
}

each_backend!(a_running_clock_survives_a_kill);
async fn a_running_clock_survives_a_kill() {
    let (dir, server, room, mut clients, _, _) = killable_room("magneton", json!({"clock": "3s/move"})).await;
    play(&mut clients, &room, &["D4"]).await;
    server.kill();

    let server = ServerProcess::start(SERVER, &dir);
    let (mut eve, state) = spectator(server.addr, &room).await;
    let clocks = state.play.unwrap().clocks;
    assert!(clocks[1].running && clocks[1].remaining_ms <= 3000, "{clocks:?}");
    // Black never comes back: white wins on time.
    let end = eve.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(result(&end).as_deref(), Some("white wins (on time)"));
    let version = eve.states[&room].0;
    assert_eq!(*stored_seqs(&dir, &room).await.last().unwrap(), version as i64);
}

each_backend!(a_time_bank_is_topped_up_to_its_start_and_no_further);
async fn a_time_bank_is_topped_up_to_its_start_and_no_further() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"clock": "bank:240h+36h"})).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    // Read and shown in its plain form.
    assert_eq!(
        state.options.get("clock").map(String::as_str),
        Some("bank:10d+36h")
    );
    // A move within seconds: 36 hours more would pass the 10 days, so the
    // mover's bank is full again, exactly.
    let state = play(&mut clients, &room, &["D4"]).await;
    let clocks = state.play.unwrap().clocks;
    assert_eq!(clocks[0].remaining_ms, 864_000_000, "{clocks:?}");
    assert!(!clocks[0].running, "{clocks:?}");
    assert!(
        clocks[1].running && clocks[1].remaining_ms <= 864_000_000,
        "{clocks:?}"
    );
    let mut eve = server.guest("Eve").await;
    eve.refuses_room_options(
        ["bank:10d", "bank:0d+1h", "bank:10d+36x", "bank:10+36"].map(|clock| json!({"clock": clock})),
    )
    .await;
}

each_backend!(a_weekend_pause_is_shown_kept_across_a_kill_and_needs_a_clock);
/// `weekends=pause` is shown with the room's options, still there after a
/// SIGKILL and restart (it is stored with the room), and refused without a
/// clock or with an unknown value.
async fn a_weekend_pause_is_shown_kept_across_a_kill_and_needs_a_clock() {
    let options = json!({"clock": "3d/move", "weekends": "pause"});
    let (dir, server, room, _clients, _, state) = killable_room("magneton", options).await;
    assert_eq!(state.options.get("weekends").map(String::as_str), Some("pause"));
    server.kill();

    let server = ServerProcess::start(SERVER, &dir);
    let (mut eve, state) = spectator(server.addr, &room).await;
    assert_eq!(state.options.get("weekends").map(String::as_str), Some("pause"));
    assert!(state.play.unwrap().clocks[0].running);
    eve.hello("Eve").await;
    eve.refuses_room_options([
        json!({"weekends": "pause"}),
        json!({"clock": "3d/move", "weekends": "often"}),
    ])
    .await;
}

each_backend!(api_games_offers_the_weekend_pause_for_every_game);
/// `GET /api/games` lists `weekends` (`run` the default, then `pause`)
/// for every game, and each value it offers is one a room with a clock
/// takes; only `pause` shows in the list of rooms.
async fn api_games_offers_the_weekend_pause_for_every_game() {
    let with = json!({"clock": "3d/move"});
    let (_server, mut ann, made) = every_game_offers("weekends", &["run", "pause"], "UTC", with).await;
    let rooms = match ann.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    for (room, value) in made {
        let listed = rooms.iter().find(|r| r.id == room).expect("listed");
        let shown = listed.options.get("weekends").map(String::as_str);
        assert_eq!(shown, (value == "pause").then_some("pause"), "{room}");
    }
}
