//! Whole games played to the end by scripted clients, and the records the
//! server keeps of them.

use lodestone_protocol::RoomStatus;
use lodestone_rules::Record;
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend, http_get, temp_dir};
use serde_json::json;

/// Two seated clients, the room started; returns (room, clients by seat,
/// tokens by seat).
pub async fn started_room(
    server: &TestServer,
    game: &str,
    options: serde_json::Value,
) -> (String, Vec<Client>, Vec<String>) {
    started_room_at(server.addr(), game, options).await
}

/// [`started_room`] on the server at `addr` (a child process too).
pub async fn started_room_at(
    addr: std::net::SocketAddr,
    game: &str,
    options: serde_json::Value,
) -> (String, Vec<Client>, Vec<String>) {
    let mut ann = Client::connect(addr).await;
    let ann_token = ann.hello("Ann").await;
    let (room, _) = ann.create_room(game, options, true).await;
    assert_eq!(ann.join(&room, json!(0)).await, 0);
    let mut bo = Client::connect(addr).await;
    let bo_token = bo.hello("Bo").await;
    assert_eq!(bo.join(&room, json!(null)).await, 1);
    bo.ok(json!({"type": "start", "room": room})).await;
    (room, vec![ann, bo], vec![ann_token, bo_token])
}

/// [`started_room`] once Ann's state shows the game on: the room and
/// Ann's and Bo's clients.
pub async fn playing_room(
    server: &TestServer,
    game: &str,
    options: serde_json::Value,
) -> (String, [Client; 2]) {
    let (room, clients, _) = started_room(server, game, options).await;
    let mut pair: [Client; 2] = clients.try_into().expect("two clients");
    pair[0].state_until(&room, |s| s.play.is_some()).await;
    (room, pair)
}

/// A started game of Ann and Bo on a server child process in a fresh
/// folder, so that it can be killed and started again on the same data:
/// the folder, the process, the room, the clients and tokens by seat, and
/// the first state with the game on as Ann sees it.
pub async fn killable_room(
    game: &str,
    options: serde_json::Value,
) -> (
    std::path::PathBuf,
    ServerProcess,
    String,
    Vec<Client>,
    Vec<String>,
    lodestone_protocol::RoomState,
) {
    let dir = temp_dir();
    let server = ServerProcess::start(env!("CARGO_BIN_EXE_lodestone-test-server"), &dir);
    let (room, mut clients, tokens) = started_room_at(server.addr, game, options).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    (dir, server, room, clients, tokens, state)
}

/// A new guest watching `room` on the server at `addr`, and the state it
/// first gets.
pub async fn spectator(addr: std::net::SocketAddr, room: &str) -> (Client, lodestone_protocol::RoomState) {
    let mut eve = Client::guest(addr, "Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let state = eve.state_at(room, 0).await;
    (eve, state)
}

/// Plays `actions` in order, each by the seat the latest state says is to
/// act; returns the final state as seat 0 sees it.
pub async fn play(clients: &mut [Client], room: &str, actions: &[&str]) -> lodestone_protocol::RoomState {
    clients[0].state_until(room, |s| s.play.is_some()).await;
    let mut version = clients[0].states[room].0;
    for action in actions {
        let state = clients[0].state_at(room, version).await;
        let seat = state.play.as_ref().unwrap().to_act[0] as usize;
        version = clients[seat].act(room, action).await;
    }
    clients[0].state_at(room, version).await
}

/// `GET /api/games` lists the option `key` for every game with `values`
/// (the first the default) and a help that says `help_says`; then Ann
/// makes a room of every game with each value beside the options `with`.
/// On a new server; returns it, Ann and the rooms made, each with its
/// value.
pub async fn every_game_offers(
    key: &str,
    values: &[&str],
    help_says: &str,
    with: serde_json::Value,
) -> (TestServer, Client, Vec<(String, String)>) {
    let server = TestServer::start().await;
    let (status, body) = http_get(server.addr(), "/api/games", None).await;
    assert_eq!(status, 200);
    let games: Vec<lodestone_protocol::GameInfo> = serde_json::from_str(&body).unwrap();
    let mut ann = server.guest("Ann").await;
    let mut made = Vec::new();
    for game in &games {
        let option = game
            .options
            .iter()
            .find(|o| o.key == key)
            .unwrap_or_else(|| panic!("{} has no {key}: {:?}", game.game, game.options));
        assert_eq!(
            (
                option.values.iter().map(String::as_str).collect::<Vec<_>>(),
                option.default.as_str()
            ),
            (values.to_vec(), values[0]),
            "{}",
            game.game
        );
        assert!(option.help.contains(help_says), "{}", option.help);
        for value in &option.values {
            let mut options = with.clone();
            options[key] = json!(value);
            let (room, _) = ann.create_room(&game.game, options, true).await;
            made.push((room, value.clone()));
        }
    }
    (server, ann, made)
}

fn record_actions(text: &str) -> Vec<String> {
    Record::parse(text)
        .unwrap()
        .actions
        .into_iter()
        .map(|a| a.text)
        .collect()
}

each_backend!(a_magneton_game_is_played_to_its_end);
async fn a_magneton_game_is_played_to_its_end() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    let actions = record_actions(include_str!("../../records/magneton/valid/forced-pass.txt"));
    let actions: Vec<&str> = actions.iter().map(String::as_str).collect();
    let state = play(&mut clients, &room, &actions).await;
    assert_eq!(state.status, RoomStatus::Finished);
    let play = state.play.unwrap();
    assert_eq!(
        play.outcome.as_ref().unwrap().result,
        "white wins (four in a row)"
    );
    assert_eq!(play.outcome.unwrap().winners, vec![0]);
    assert_eq!(play.moves.len(), actions.len());
    assert!(play.to_act.is_empty() && play.legal.is_empty());

    // Black sees the same end.
    let black = clients[1]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    assert_eq!(black.play.unwrap().position, play.position);

    // The record replays to the same result, for a player and a spectator.
    for token in [Some(tokens[0].as_str()), None] {
        let (status, text) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), token).await;
        assert_eq!(status, 200, "{text}");
        let replayed = Record::parse(&text).unwrap().replay().unwrap();
        assert_eq!(
            replayed.outcome().unwrap().to_string(),
            "white wins (four in a row)"
        );
        assert_eq!(replayed.position_string(), play.position);
        assert!(
            text.contains("[Seat \"white=Ann\"]") && text.contains("[Seat \"black=Bo\"]"),
            "{text}"
        );
    }
}

each_backend!(random_magneton_games_with_both_move_rules_end);
async fn random_magneton_games_with_both_move_rules_end() {
    let server = TestServer::start().await;
    for rule in ["line", "per-ray"] {
        let (room, mut clients, _) = started_room(&server, "magneton", json!({"move-rule": rule})).await;
        clients[0].state_until(&room, |s| s.play.is_some()).await;
        let mut version = clients[0].states[&room].0;
        let mut n = 0u64;
        loop {
            let state = clients[0].state_at(&room, version).await;
            if state.status == RoomStatus::Finished {
                break;
            }
            let seat = state.play.as_ref().unwrap().to_act[0] as usize;
            // The mover's own view lists its legal actions.
            let mine = clients[seat].state_at(&room, version).await;
            let legal = mine.play.unwrap().legal;
            assert!(!legal.is_empty());
            n = n
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = &legal[(n >> 33) as usize % legal.len()];
            version = clients[seat].act(&room, action).await;
        }
        let end = clients[0].state_at(&room, version).await;
        assert!(end.play.unwrap().outcome.is_some());
        assert_eq!(end.options.get("move-rule").map(String::as_str), Some(rule));
    }
}

/// A client that judges its own risks (`risks: false` in its `hello`: a
/// bot, a load generator) is sent no `play.risks`, which cost a search of
/// every offer; while another connection of the same seat reads them, the
/// seat gets them (docs/protocol.md's game: black's C3 would complete
/// white's line).
#[tokio::test]
async fn risks_go_to_a_seat_only_while_one_of_its_connections_reads_them() {
    use lodestone_protocol::{PROTOCOL_VERSION, RiskState, ServerMessage};
    let server = TestServer::start().await;
    for also_reading in [false, true] {
        let mut white = server.guest("White").await;
        let mut black = server.client().await;
        let hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Black", "risks": false});
        let ServerMessage::Welcome {
            token: Some(token), ..
        } = black.ok(hello).await
        else {
            panic!("no token for a new guest")
        };
        let room = white.game_with(&mut black, "magneton", json!({})).await;
        let mut reader = None;
        if also_reading {
            let mut again = server.client().await;
            again.resume(&token).await;
            again.ok(json!({"type": "watch", "room": room})).await;
            reader = Some(again);
        }
        let mut version = 0;
        for (i, action) in ["H3", "B8", "F1", "E1", "D2", "F2", "C6"].into_iter().enumerate() {
            let mover = if i % 2 == 0 { &mut white } else { &mut black };
            version = mover.act(&room, action).await;
        }
        let expected = if also_reading {
            std::collections::BTreeMap::from([("C3".to_string(), RiskState::Loses)])
        } else {
            Default::default()
        };
        let play = black.state_at(&room, version).await.play.unwrap();
        assert!(play.legal.iter().any(|a| a == "C3"), "{:?}", play.legal);
        assert_eq!(
            play.risks, expected,
            "another connection reading risks: {also_reading}"
        );
        if let Some(mut reader) = reader {
            assert_eq!(
                reader.state_at(&room, version).await.play.unwrap().risks,
                expected
            );
        }
    }
}
