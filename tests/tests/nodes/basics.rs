//! Two and three nodes: one game with its players on different nodes, and
//! the lobby the same from every node.

use std::time::Duration;

use lodestone_protocol::ServerMessage;
use lodestone_tests::{Client, Polling, eventually, http_get};
use serde_json::json;

use crate::harness::{Game, Nodes};
use crate::node_test;

node_test!(a_game_is_played_with_its_players_on_two_nodes);
/// Bo asks node b for a room node a owns: he is moved there, and the game
/// is played on.
async fn a_game_is_played_with_its_players_on_two_nodes() {
    let nodes = Nodes::start(&["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, b, "magneton", json!({})).await;
    assert!(game.players[1].moved >= 1, "Bo was moved from b to a");
    assert_eq!(game.players[1].addr, a);
    assert_eq!(nodes.owner(&game.room).await.as_deref(), Some("a"));
    // A spectator on b is moved to a too, and sees the moves.
    let mut eve = Client::guest(b, "Eve").await;
    eve.send_text(&json!({"type": "watch", "id": 1, "room": game.room}).to_string())
        .await;
    match eve.recv().await.expect("an answer") {
        ServerMessage::Moved { room, url } => {
            assert_eq!(room, game.room);
            assert_eq!(url, format!("ws://{a}/ws"));
        }
        other => panic!("expected moved, got {other:?}"),
    }
    game.play(8, |_| {}).await;
    assert_eq!(game.check(&nodes.database).await, (0, 0));
}

/// The public rooms with a free seat as `addr` lists them, by id.
async fn listed(addr: std::net::SocketAddr, playing: bool) -> Vec<String> {
    let mut client = Client::guest(addr, "Lister").await;
    match client.ok(json!({"type": "list_rooms", "playing": playing})).await {
        ServerMessage::Rooms { rooms, .. } => rooms.into_iter().map(|r| r.id).collect(),
        other => panic!("{other:?}"),
    }
}

node_test!(the_lobby_is_the_same_from_every_node);
/// Rooms created on three nodes are listed alike by all three (over the
/// WebSocket and `/api/rooms`); a started game moves to the playing list
/// everywhere.
async fn the_lobby_is_the_same_from_every_node() {
    let nodes = Nodes::start(&["a", "b", "c"]);
    let addrs: Vec<_> = ["a", "b", "c"].iter().map(|n| nodes.addr(n)).collect();
    let mut rooms = Vec::new();
    let mut owners = Vec::new();
    for addr in &addrs {
        let mut owner = Client::guest(*addr, "Owner").await;
        let room = owner.seated_room("magneton", json!({}), json!(0)).await;
        rooms.push(room);
        owners.push(owner);
    }
    // A private room is listed nowhere.
    let (private, _) = owners[0].create_room("magneton", json!({}), false).await;
    rooms.sort();
    let ten_seconds = Polling::within(Duration::from_secs(10));
    eventually!(
        ten_seconds,
        "the same open rooms in every node's lobby and API",
        {
            let mut same = true;
            for addr in &addrs {
                let mut seen = listed(*addr, false).await;
                seen.sort();
                let (status, body) = http_get(*addr, "/api/rooms", None).await;
                assert_eq!(status, 200);
                let api: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
                let mut api: Vec<String> = api
                    .iter()
                    .map(|r| r["id"].as_str().unwrap().to_string())
                    .collect();
                api.sort();
                assert!(!seen.contains(&private) && !api.contains(&private));
                same &= seen == rooms && api == rooms;
            }
            same
        }
    );
    // The room of node c is joined from node a (moved to c) and started:
    // it leaves every node's open list for the playing list.
    let mut bo = crate::harness::Follower::new(&nodes.live, addrs[0], "Bo").await;
    bo.room = Some(rooms[2].clone());
    let target = rooms[2].clone();
    bo.call(json!({"type": "join", "room": target, "seat": 1})).await;
    bo.call(json!({"type": "start", "room": target})).await;
    bo.until_playing().await;
    eventually!(
        ten_seconds,
        "the started game in every node's playing list only",
        {
            let mut done = true;
            for addr in &addrs {
                done &= !listed(*addr, false).await.contains(&target)
                    && listed(*addr, true).await.contains(&target);
            }
            done
        }
    );
}

node_test!(a_rematch_opens_under_a_lease_of_its_node);
/// A game ends by resignation and both players accept a rematch: the new
/// room is leased by the same node from its first event (epoch 1), so its
/// moves are fenced like any others, and play goes on there.
async fn a_rematch_opens_under_a_lease_of_its_node() {
    let nodes = Nodes::start(&["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, b, "magneton", json!({})).await;
    game.play(2, |_| {}).await;
    let room = game.room.clone();
    game.players[0]
        .call(json!({"type": "resign", "room": room}))
        .await;
    game.players[0]
        .call(json!({"type": "rematch", "room": room}))
        .await;
    game.players[1]
        .call(json!({"type": "rematch", "room": room}))
        .await;
    let state = game.players[0]
        .state_where(|s| s.rematch.as_ref().is_some_and(|r| r.room.is_some()))
        .await;
    let next = state.rematch.unwrap().room.unwrap();
    let lease = nodes.lease(&next).await.expect("the rematch has a lease row");
    assert_eq!((lease.node.as_str(), lease.epoch), ("a", 1));
    // The players follow the rematch and play on.
    let mut rematch = Game::join(game.players, &next).await;
    rematch.play(4, |_| {}).await;
    assert_eq!(rematch.check(&nodes.database).await, (0, 0));
}
