//! A room's life: an open room nobody starts expires (an event in its log,
//! so it stays expired after a restart and is no longer loaded), and
//! versions only grow across restarts, whatever happened in between.

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

use crate::games::{play, started_room};

const DAY: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

each_backend!(an_open_room_nobody_starts_expires_for_good);
async fn an_open_room_nobody_starts_expires_for_good() {
    let first = TestServer::start().await;
    let (mut ann, token, room) =
        Client::seated_guest(first.addr(), "Ann", "magneton", json!({}), json!(0)).await;
    let (started, _, _) = started_room(&first, "magneton", json!({})).await;
    // A day goes by (paused time: it jumps ahead when every task waits).
    tokio::time::pause();
    tokio::time::sleep(DAY + std::time::Duration::from_secs(60)).await;
    tokio::time::resume();
    // The open room is gone; the game that started is not.
    ann.refused(json!({"type": "join", "room": room, "seat": 1}), "unknown-room")
        .await;
    match ann.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => assert!(rooms.is_empty(), "{rooms:?}"),
        other => panic!("{other:?}"),
    }
    // Its expiry is in its log: even with expiry turned off, a restarted
    // server does not bring it back.
    let second = first.restart(|c| c.expire_open_after = None).await;
    let mut ann = second.client().await;
    match ann.resume(&token).await {
        ServerMessage::Welcome { rooms, .. } => assert!(rooms.is_empty(), "{rooms:?}"),
        other => panic!("{other:?}"),
    }
    ann.refused(json!({"type": "watch", "room": room}), "unknown-room")
        .await;
    ann.ok(json!({"type": "watch", "room": started})).await;
    let state = ann.state_until(&started, |_| true).await;
    assert_eq!(state.status, RoomStatus::Playing);
}

each_backend!(versions_never_go_down_across_restarts);
/// Seats taken and freed, presence coming and going, a game finished:
/// after each graceful restart every room's version is at least the last
/// one seen.
async fn versions_never_go_down_across_restarts() {
    let first = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&first, "magneton", json!({})).await;
    play(&mut clients, &room, &["D4", "E5"]).await;
    let mut ann = first.client().await;
    let ann_token = ann.hello("Ann").await;
    let open = ann.seated_room("magnetism", json!({}), json!(0)).await;
    ann.ok(json!({"type": "leave", "room": open})).await;
    ann.join(&open, json!(1)).await;
    ann.state_until(&open, |s| s.seats[1].player.is_some()).await;
    let open_version = ann.states[&open].0;
    assert_eq!(open_version, 4, "created, taken, freed, taken");
    // Presence changes without a new version: a spectator sees Ann's seat
    // go offline in an update of the same version.
    clients[1].ok(json!({"type": "watch", "room": open})).await;
    clients[1].state_until(&open, |s| s.seats[1].connected).await;
    ann.close().await;
    clients[1].state_until(&open, |s| !s.seats[1].connected).await;
    assert_eq!(clients[1].states[&open].0, open_version);
    let game_version = clients[0].states[&room].0;
    let second = first.restart(|_| {}).await;
    let mut bo = second.client().await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_until(&room, |_| true).await;
    assert!(bo.states[&room].0 >= game_version);
    assert_eq!(state.play.unwrap().moves.len(), 2);
    let mut ann = second.client().await;
    ann.resume(&ann_token).await;
    ann.ok(json!({"type": "watch", "room": open})).await;
    let state = ann.state_until(&open, |_| true).await;
    assert_eq!(ann.states[&open].0, open_version, "nothing was stored since");
    assert_eq!(state.seats[1].player.as_ref().unwrap().name, "Ann");
    assert!(state.seats[0].player.is_none());
}
