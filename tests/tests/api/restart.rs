//! Durability: a server killed with SIGKILL mid-game loses no acknowledged
//! action; a restarted server resumes every unfinished game; a graceful
//! shutdown says goodbye.

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend, temp_dir};
use serde_json::json;

use crate::games::play;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

each_backend!(a_killed_server_loses_no_acknowledged_action);
async fn a_killed_server_loses_no_acknowledged_action() {
    killed_mid_game_loses_nothing(&[]).await;
}

/// The same with a SQLite file's commits on the one runtime thread
/// (`--writer inline`): acknowledged only once stored there too.
#[tokio::test]
async fn a_killed_server_committing_on_its_runtime_thread_loses_no_acknowledged_action() {
    killed_mid_game_loses_nothing(&["--workers", "1", "--writer", "inline"]).await;
}

/// Plays 17 moves, SIGKILLs the server (started with `flags`), starts it
/// again the same way and finds every acknowledged move, then plays on.
async fn killed_mid_game_loses_nothing(flags: &[&str]) {
    let dir = temp_dir();
    let url = lodestone_tests::database_url(&dir);
    let args = [&["--database", url.as_str()], flags].concat();
    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let (ann, ann_token, room) =
        Client::seated_guest(server.addr, "Ann", "magneton", json!({}), json!(0)).await;
    let mut bo = Client::connect(server.addr).await;
    let bo_token = bo.hello("Bo").await;
    bo.join(&room, json!(1)).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    let record =
        lodestone_rules::Record::parse(include_str!("../../records/magneton/valid/forced-pass.txt")).unwrap();
    let actions: Vec<&str> = record.actions.iter().map(|a| a.text.as_str()).collect();
    let (first, rest) = actions.split_at(17);
    let mut clients = vec![ann, bo];
    let before = play(&mut clients, &room, first).await;
    let acked = clients[0].states[&room].0;
    server.kill();

    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let mut clients = vec![
        Client::connect(server.addr).await,
        Client::connect(server.addr).await,
    ];
    for (client, token) in clients.iter_mut().zip([&ann_token, &bo_token]) {
        match client.resume(token).await {
            ServerMessage::Welcome { rooms, .. } => assert_eq!(rooms, vec![room.clone()]),
            other => panic!("{other:?}"),
        }
        client.ok(json!({"type": "watch", "room": room})).await;
    }
    let after = clients[0].state_at(&room, 0).await;
    assert!(
        clients[0].states[&room].0 >= acked,
        "the version went down across the restart"
    );
    assert_eq!(after.play.as_ref().unwrap().moves.len(), 17);
    assert_eq!(after.play.unwrap().position, before.play.unwrap().position);
    let end = play(&mut clients, &room, rest).await;
    assert_eq!(end.status, RoomStatus::Finished);
    assert_eq!(
        end.play.unwrap().outcome.unwrap().result,
        "white wins (four in a row)"
    );
}

each_backend!(a_restarted_server_resumes_games_and_open_rooms);
async fn a_restarted_server_resumes_games_and_open_rooms() {
    let first = TestServer::start().await;
    let dir = first.dir.clone();
    let (mut ann, token, open_room) =
        Client::seated_guest(first.addr(), "Ann", "magneton", json!({}), json!(0)).await;
    let (room, mut clients, _) =
        crate::games::started_room(&first, "magneton", json!({"move-rule": "per-ray"})).await;
    play(&mut clients, &room, &["A1", "H8", "D5"]).await;
    // Graceful shutdown: watchers are told why the connection closes.
    let shutdown = tokio::spawn(first.server.shutdown());
    loop {
        match ann.recv().await {
            Some(ServerMessage::Update { .. }) => continue,
            Some(ServerMessage::Bye { reason, .. }) => {
                break assert!(reason.contains("shutting down"), "{reason}");
            }
            other => panic!("expected a goodbye, got {other:?}"),
        }
    }
    assert!(ann.recv().await.is_none(), "then the connection closes");
    shutdown.await.unwrap();

    let second = TestServer::start_in(dir, |_| {}).await;
    let mut ann = second.client().await;
    match ann.resume(&token).await {
        ServerMessage::Welcome { rooms, .. } => assert_eq!(rooms, vec![open_room.clone()]),
        other => panic!("{other:?}"),
    }
    let mut eve = second.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let state = eve.state_at(&room, 0).await;
    assert_eq!(state.options.get("move-rule").unwrap(), "per-ray");
    assert_eq!(state.play.unwrap().moves.len(), 3);
    let rooms = match eve.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        rooms.iter().map(|r| r.id.clone()).collect::<Vec<_>>(),
        vec![open_room]
    );
}

each_backend!(sigterm_says_goodbye_and_exits_cleanly);
async fn sigterm_says_goodbye_and_exits_cleanly() {
    let dir = temp_dir();
    let mut server = ServerProcess::start(SERVER, &dir);
    let mut ann = Client::guest(server.addr, "Ann").await;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    match ann.recv().await {
        Some(ServerMessage::Bye { reason, .. }) => assert!(reason.contains("shutting down")),
        other => panic!("expected a goodbye, got {other:?}"),
    }
    let exit = tokio::task::spawn_blocking(move || server.child.wait().unwrap())
        .await
        .unwrap();
    assert!(
        exit.success(),
        "the server exits with success after SIGTERM: {exit:?}"
    );
}

/// The highest version any of `clients` has seen of `room`.
fn highest(clients: &[Client], room: &str) -> u64 {
    clients
        .iter()
        .filter_map(|c| c.states.get(room).map(|(v, _)| *v))
        .max()
        .unwrap_or(0)
}

each_backend!(versions_never_go_down_across_sigkill);
/// Seats taken, freed and taken again, presence coming and going, moves:
/// then SIGKILL, three times over. After each restart every room's version
/// is at least the highest any client saw, and the next action's is higher.
async fn versions_never_go_down_across_sigkill() {
    let dir = temp_dir();
    let server = ServerProcess::start(SERVER, &dir);
    let mut ann = Client::connect(server.addr).await;
    let ann_token = ann.hello("Ann").await;
    let mut bo = Client::connect(server.addr).await;
    let bo_token = bo.hello("Bo").await;
    let game = ann.seated_room("magneton", json!({}), json!(0)).await;
    ann.ok(json!({"type": "leave", "room": game})).await;
    ann.join(&game, json!(1)).await;
    bo.join(&game, json!(0)).await;
    bo.ok(json!({"type": "start", "room": game})).await;
    let open = bo.seated_room("magnetism", json!({}), json!(0)).await;
    ann.ok(json!({"type": "watch", "room": open})).await;
    ann.state_until(&open, |s| s.seats[0].connected).await;
    let mut clients = vec![bo, ann];
    let moves = ["D4", "E5", "C3", "F6", "B2", "G7", "A1", "H8"];
    play(&mut clients, &game, &moves[..2]).await;
    let mut server = server;
    for round in 1..=3 {
        let seen = (highest(&clients, &game), highest(&clients, &open));
        server.kill();
        server = ServerProcess::start(SERVER, &dir);
        clients = vec![
            Client::connect(server.addr).await,
            Client::connect(server.addr).await,
        ];
        for (client, token) in clients.iter_mut().zip([&bo_token, &ann_token]) {
            client.resume(token).await;
            for room in [&game, &open] {
                client.ok(json!({"type": "watch", "room": room})).await;
                client.state_until(room, |_| true).await;
            }
        }
        assert!(
            highest(&clients, &game) >= seen.0,
            "round {round}: the game's version went down"
        );
        assert!(
            highest(&clients, &open) >= seen.1,
            "round {round}: the open room's version went down"
        );
        // Presence changes again (Bo's seat in the open room goes offline),
        // then a move: its version is above everything seen before.
        let bo = clients.remove(0);
        bo.close().await;
        clients[0].state_until(&open, |s| !s.seats[0].connected).await;
        let mut bo = Client::connect(server.addr).await;
        bo.resume(&bo_token).await;
        bo.ok(json!({"type": "watch", "room": game})).await;
        bo.state_until(&game, |_| true).await;
        clients.insert(0, bo);
        let next = moves[2 * round..2 * round + 2].to_vec();
        play(&mut clients, &game, &next).await;
        assert!(highest(&clients, &game) > seen.0);
    }
    server.kill();
    // The wire's version is the `seq` of the room's last stored event, and
    // the log has no gap: 1, 2, 3…
    for room in [&game, &open] {
        let seqs = lodestone_tests::stored_seqs(&dir, room).await;
        assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>(), "{room}");
        assert_eq!(
            seqs.last().copied(),
            Some(highest(&clients, room) as i64),
            "{room}"
        );
    }
}
