//! Magma through the server: team games of six, the five-player solo game,
//! ending by agreement, and Hot Magma's timeout and penalty on the server's
//! clock (paused tokio time: no sleeps).

use lodestone_protocol::{RoomState, RoomStatus};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::{Value, json};

/// `players` clients seated in a new Magma room with `options`, started.
async fn magma_room(server: &TestServer, options: Value, players: usize) -> (String, Vec<Client>) {
    magma_room_with(server, options, players, Some(lodestone_tests::PATIENCE)).await
}

async fn magma_room_with(
    server: &TestServer,
    options: Value,
    players: usize,
    patience: Option<std::time::Duration>,
) -> (String, Vec<Client>) {
    let client = || async {
        let mut c = server.client().await;
        c.patience = patience;
        c
    };
    let mut clients = Vec::new();
    let mut host = client().await;
    host.hello("P1").await;
    let room = host.seated_room("magma", options, json!(0)).await;
    clients.push(host);
    for i in 1..players {
        let mut c = client().await;
        c.hello(&format!("P{}", i + 1)).await;
        assert_eq!(c.join(&room, json!(i)).await as usize, i);
        clients.push(c);
    }
    if patience.is_none() {
        // Paused time from here on (see the callers): the database is
        // read in real time for the hellos and joins (a pool's timeouts
        // must not see paused time), the game starts on the paused clock.
        tokio::time::pause();
    }
    clients[0].ok(json!({"type": "start", "room": room})).await;
    for c in clients.iter_mut() {
        c.state_until(&room, |s| s.play.is_some()).await;
    }
    (room, clients)
}

/// The seat to act in the latest state any client has.
async fn actor(clients: &mut [Client], room: &str, version: u64) -> (usize, RoomState) {
    let state = clients[0].state_at(room, version).await;
    let seat = state.play.as_ref().unwrap().to_act[0] as usize;
    let own = clients[seat].state_at(room, version).await;
    (seat, own)
}

/// Plays `rounds` rounds in which everyone makes its first non-pass legal
/// action (an entry or a move), then a full round of passes; returns the
/// final state.
async fn play_then_pass(clients: &mut [Client], room: &str, slots: usize, rounds: usize) -> RoomState {
    let mut version = clients[0].states[room].0;
    for _ in 0..rounds * slots {
        let (seat, own) = actor(clients, room, version).await;
        let legal = own.play.unwrap().legal;
        let action = legal
            .iter()
            .find(|a| a.starts_with("enter") || a.contains('-'))
            .unwrap();
        version = clients[seat].act(room, action).await;
    }
    for _ in 0..slots {
        let (seat, _) = actor(clients, room, version).await;
        version = clients[seat].act(room, "pass").await;
    }
    clients[0].state_at(room, version).await
}

each_backend!(a_six_player_team_game_ends_by_a_round_of_passes);
async fn a_six_player_team_game_ends_by_a_round_of_passes() {
    let server = TestServer::start().await;
    let (room, mut clients) = magma_room(&server, json!({"players": "6"}), 6).await;
    let state = clients[0].states[&room].1.clone();
    let colors: Vec<&str> = state.seats.iter().map(|s| s.color.as_str()).collect();
    assert_eq!(colors, ["red", "blue", "yellow", "red", "blue", "yellow"]);
    let teams: Vec<u8> = state.seats.iter().map(|s| s.team).collect();
    assert_eq!(teams[0], teams[3]);
    assert_ne!(teams[0], teams[1]);
    let end = play_then_pass(&mut clients, &room, 6, 2).await;
    assert_eq!(end.status, RoomStatus::Finished);
    let play = end.play.unwrap();
    let outcome = play.outcome.clone().unwrap();
    // A team wins: both of its seats.
    assert_eq!(outcome.winners.len(), 2, "{outcome:?}");
    assert_eq!(
        state.seats[outcome.winners[0] as usize].team,
        state.seats[outcome.winners[1] as usize].team
    );
    assert!(play.board_value()["scores"].as_array().unwrap().len() == 3);
    assert!(
        play.position.contains("score"),
        "the position shows the scores: {}",
        play.position
    );
}

each_backend!(the_five_player_solo_seat_plays_two_slots_a_round);
async fn the_five_player_solo_seat_plays_two_slots_a_round() {
    let server = TestServer::start().await;
    let (room, mut clients) = magma_room(&server, json!({"players": "5"}), 5).await;
    // The turn order of a round: seats 1, 2, 3, 4, 5, 3 (by name).
    let mut version = clients[0].states[&room].0;
    let mut order = Vec::new();
    for _ in 0..6 {
        let (seat, own) = actor(&mut clients, &room, version).await;
        order.push(seat + 1);
        let legal = own.play.unwrap().legal;
        let action = legal.iter().find(|a| a.starts_with("enter")).unwrap().clone();
        version = clients[seat].act(&room, &action).await;
    }
    assert_eq!(order, [1, 2, 3, 4, 5, 3]);
    let state = clients[0].state_at(&room, version).await;
    assert_eq!(state.seats[2].color, "yellow");
    let board = state.play.unwrap().board_value();
    let solo = board["seats"].as_array().unwrap()[2].clone();
    assert_eq!(
        solo["homes"].as_array().unwrap().len(),
        2,
        "the solo seat has both yellow homes"
    );
    let end = play_then_pass(&mut clients, &room, 6, 1).await;
    assert_eq!(end.status, RoomStatus::Finished);
    assert!(end.play.unwrap().outcome.is_some());
}

each_backend!(a_game_ends_by_agreement_after_a_refusal);
async fn a_game_ends_by_agreement_after_a_refusal() {
    let server = TestServer::start().await;
    // Option values may be JSON numbers (and booleans): read as their text.
    let (room, mut clients) = magma_room(&server, json!({"players": 3}), 3).await;
    assert_eq!(clients[0].states[&room].1.options["players"], "3");
    let version = clients[0].act(&room, "end?").await;
    let mut version = {
        let (seat, own) = actor(&mut clients, &room, version).await;
        assert_eq!(seat, 1, "the next seat answers first");
        assert_eq!(own.play.unwrap().legal, ["end!", "end-"]);
        clients[seat].act(&room, "end-").await
    };
    // Refused: the proposer takes its turn normally and may not propose again.
    let (seat, own) = actor(&mut clients, &room, version).await;
    assert_eq!(seat, 0);
    assert!(!own.play.unwrap().legal.contains(&"end?".to_string()));
    version = clients[0].act(&room, "pass").await;
    version = clients[1].act(&room, "end?").await.max(version);
    version = clients[2].act(&room, "end!").await.max(version);
    version = clients[0].act(&room, "end!").await.max(version);
    let end = clients[0].state_at(&room, version).await;
    assert_eq!(end.status, RoomStatus::Finished);
}

each_backend!(a_hot_turn_that_runs_out_is_penalised_by_the_player_to_the_right);
async fn a_hot_turn_that_runs_out_is_penalised_by_the_player_to_the_right() {
    // No expiry: paused time jumps to the next timer whenever every task
    // waits (for the database too), and the open room's expiry would be it.
    let server = TestServer::start_with(lodestone_tests::for_paused_time).await;
    // Time stands still from here on and jumps ahead only when every task
    // waits: the server's 30-second turn timer fires without a real wait.
    // (The players join first, in real time: the pool must not see
    // paused time; `magma_room_with` pauses before the start.)
    let started = tokio::time::Instant::now();
    let (room, mut clients) =
        magma_room_with(&server, json!({"players": "2", "timer": "hot"}), 2, None).await;
    let state = clients[1].states[&room].1.clone();
    let clock = state.play.as_ref().unwrap().clock.clone().unwrap();
    assert_eq!((clock.seat, clock.remaining_ms), (0, 30_000));
    // Seat 1 does nothing; the server's clock runs out after 30 s of
    // (paused, auto-advancing) time and records the timeout.
    let penalty = clients[1]
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.to_act == vec![1]))
        .await;
    assert!(started.elapsed() >= std::time::Duration::from_secs(30));
    let play = penalty.play.unwrap();
    assert_eq!(play.moves.last().unwrap().action.as_deref(), Some("timeout"));
    assert_eq!(play.board_value()["phase"]["kind"], "penalty");
    assert_eq!(play.clock, None, "timers stand still while the penalty is chosen");
    assert_eq!(
        play.legal,
        ["remove d10"],
        "the late player's only piece, on its home"
    );
    clients[1]
        .refused(
            json!({"type": "act", "room": room, "action": "timeout"}),
            "wrong-phase",
        )
        .await;
    let version = clients[1].act(&room, "remove d10").await;
    let after = clients[1].state_at(&room, version).await;
    let play = after.play.unwrap();
    assert_eq!(play.moves.len(), 2);
    assert!(!play.position.contains("d10=r"), "{}", play.position);
    // Play continues with the slot after the late player's, on a fresh timer.
    // Paused time may jump to another pending timer (a push's hold, 5 s)
    // while the database answers the commit, so the timer has run at most
    // that long when the state is drawn; a leftover or missing timer fails.
    assert_eq!(play.to_act, vec![1]);
    let left = play.clock.unwrap().remaining_ms;
    assert!(
        (20_000..=30_000).contains(&left),
        "a fresh 30 s timer, {left} ms left"
    );
}

each_backend!(only_the_server_may_time_a_turn_out);
async fn only_the_server_may_time_a_turn_out() {
    // No expiry: paused time would jump to the open room's expiry.
    let server = TestServer::start_with(lodestone_tests::for_paused_time).await;
    // Paused time (`magma_room_with` pauses before the start): the first
    // update is sent at the instant of the start, so the clock shows the
    // whole first turn.
    let (room, mut clients) =
        magma_room_with(&server, json!({"players": "2", "timer": "white-hot"}), 2, None).await;
    let state = clients[0].states[&room].1.clone();
    let play = state.play.unwrap();
    let remaining = play.clock.unwrap().remaining_ms;
    assert_eq!(remaining, 15_000, "White-Hot's first turn has half the sand");
    assert!(!play.legal.contains(&"timeout".to_string()));
    let message = clients[0]
        .refused(
            json!({"type": "act", "room": room, "action": "timeout"}),
            "illegal-action",
        )
        .await;
    assert!(message.contains("recorded by the server"), "{message}");
    clients[0].act(&room, "pass").await;
}
