//! The lobby: rooms, seats, private rooms, spectators, reconnects.

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{TestServer, each_backend, http_get};
use serde_json::json;

use crate::games::{play, started_room};

each_backend!(rooms_are_listed_until_their_seats_are_full);
async fn rooms_are_listed_until_their_seats_are_full() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let (room, invite) = ann
        .create_room("magneton", json!({"move-rule": "per-ray"}), true)
        .await;
    assert_eq!(invite, None);
    let (private, _) = ann.create_room("magneton", json!({}), false).await;
    let list = match ann.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert_eq!(list.len(), 1, "private rooms are not listed");
    assert_eq!(list[0].id, room);
    assert_eq!((list[0].seats, list[0].taken), (2, 0));
    assert_eq!(list[0].options.get("move-rule").unwrap(), "per-ray");
    assert_ne!(list[0].id, private);

    ann.join(&room, json!("black")).await;
    let mut bo = server.guest("Bo").await;
    bo.refuses([
        (
            json!({"type": "join", "room": room, "seat": "black"}),
            "seat-taken",
        ),
        (
            json!({"type": "join", "room": room, "seat": "green"}),
            "no-such-seat",
        ),
        (json!({"type": "join", "room": room, "seat": 7}), "no-such-seat"),
    ])
    .await;
    // Leave and come back to another seat, before the start.
    ann.ok(json!({"type": "leave", "room": room})).await;
    ann.refused(json!({"type": "leave", "room": room}), "not-seated")
        .await;
    assert_eq!(ann.join(&room, json!("white")).await, 0);
    let (_, body) = http_get(server.addr(), "/api/rooms?game=magneton", None).await;
    let listed: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(listed[0]["taken"], 1);
    assert_eq!(listed[0]["players"], json!(["Ann"]));
    assert_eq!(bo.join(&room, json!(null)).await, 1);
    let mut cy = server.guest("Cy").await;
    cy.refused(json!({"type": "join", "room": room}), "room-full")
        .await;
    let list = match cy.ok(json!({"type": "list_rooms", "game": "magneton"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert!(list.is_empty(), "a full room is not listed");
    cy.refused(json!({"type": "start", "room": room}), "not-seated")
        .await;
    bo.ok(json!({"type": "start", "room": room})).await;
    bo.refused(json!({"type": "start", "room": room}), "already-started")
        .await;
    // Now it is listed among the games in progress, to watch.
    let playing = match cy.ok(json!({"type": "list_rooms", "playing": true})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        playing.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        [room.as_str()]
    );
    let (_, body) = http_get(server.addr(), "/api/rooms?playing=1", None).await;
    assert!(body.contains(&room), "{body}");
    ann.refused(json!({"type": "leave", "room": room}), "already-started")
        .await;
}

each_backend!(private_rooms_need_their_invite);
async fn private_rooms_need_their_invite() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let (room, invite) = ann.create_room("magneton", json!({}), false).await;
    let invite = invite.expect("a private room has an invite");
    ann.refused(json!({"type": "join", "room": room}), "invite-required")
        .await;
    ann.ok(json!({"type": "join", "room": room, "invite": invite}))
        .await;
    let mut bo = server.guest("Bo").await;
    bo.refuses([
        (json!({"type": "join", "room": room}), "invite-required"),
        (json!({"type": "watch", "room": room}), "invite-required"),
        (
            json!({"type": "join", "room": room, "invite": "0000"}),
            "invite-required",
        ),
    ])
    .await;
    bo.ok(json!({"type": "join", "room": room, "invite": invite}))
        .await;
    let state = bo.state_at(&room, 0).await;
    assert_eq!(
        state.invite.as_deref(),
        Some(invite.as_str()),
        "seated players can pass the invite on"
    );
    let (status, _) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_eq!(status, 403);
    let (status, _) = http_get(
        server.addr(),
        &format!("/api/rooms/{room}/record?invite={invite}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let mut cy = server.guest("Cy").await;
    cy.ok(json!({"type": "watch", "room": room, "invite": invite}))
        .await;
    let seen = cy.state_at(&room, 0).await;
    assert_eq!(seen.you, None);
    assert_eq!(seen.invite, None, "spectators do not get the invite");
}

each_backend!(a_spectator_joins_mid_game_and_sees_the_same_game);
async fn a_spectator_joins_mid_game_and_sees_the_same_game() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let mid = play(&mut clients, &room, &["D4", "E5", "C3"]).await;
    let mut eve = server.guest("Eve").await;
    match eve.ok(json!({"type": "watch", "room": room})).await {
        ServerMessage::Ack { seat: None, .. } => {}
        other => panic!("a spectator has no seat: {other:?}"),
    }
    // The first update after the watch is the room as it is now: at the
    // version of the last move, not an older one.
    let mid_version = clients[0].states[&room].0;
    let seen = eve.state_at(&room, mid_version).await;
    assert_eq!(eve.states[&room].0, mid_version);
    assert_eq!(seen.play.as_ref().unwrap().moves.len(), 3);
    assert_eq!(seen.you, None);
    let play_seen = seen.play.unwrap();
    assert_eq!(play_seen.position, mid.play.as_ref().unwrap().position);
    assert!(play_seen.legal.is_empty());
    eve.refused(json!({"type": "act", "room": room, "action": "H8"}), "not-seated")
        .await;
    // The spectator hears the next move.
    let version = clients[1].act(&room, "H8").await;
    let next = eve.state_at(&room, version).await;
    assert_eq!(
        next.play.unwrap().moves.last().unwrap().action.as_deref(),
        Some("H8")
    );
    eve.ok(json!({"type": "unwatch", "room": room})).await;
    eve.refused(json!({"type": "unwatch", "room": room}), "not-watching")
        .await;
}

each_backend!(a_player_reconnects_mid_game_and_carries_on);
async fn a_player_reconnects_mid_game_and_carries_on() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    play(&mut clients, &room, &["D4", "E5"]).await;
    let bo = clients.pop().unwrap();
    bo.close().await;
    // Ann sees Bo's seat as disconnected.
    let seen = clients[0].state_until(&room, |s| !s.seats[1].connected).await;
    assert!(seen.seats[0].connected);
    assert_eq!(seen.status, RoomStatus::Playing);

    let mut bo = server.client().await;
    match bo.resume(&tokens[1]).await {
        ServerMessage::Welcome {
            guest, token, rooms, ..
        } => {
            assert_eq!(guest.name, "Bo");
            assert_eq!(token, None, "a resumed guest keeps its token");
            assert_eq!(rooms, vec![room.clone()]);
        }
        other => panic!("{other:?}"),
    }
    match bo.ok(json!({"type": "watch", "room": room})).await {
        ServerMessage::Ack { seat: Some(1), .. } => {}
        other => panic!("watching again restores the seat: {other:?}"),
    }
    let state = bo.state_at(&room, 0).await;
    assert_eq!(state.you, Some(1));
    assert_eq!(state.play.as_ref().unwrap().moves.len(), 2);
    clients[0].state_until(&room, |s| s.seats[1].connected).await;
    // White moves; then Bo, reconnected, can act at once.
    clients[0].act(&room, "C3").await;
    bo.state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.to_act == vec![1]))
        .await;
    bo.act(&room, "H8").await;
}
