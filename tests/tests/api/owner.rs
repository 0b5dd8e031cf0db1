//! The room's owner: only the creator seats and removes bots, kicks a
//! seat and closes the room; ownership passes on when the owner leaves; a
//! player may hand its own seat to a bot. Also names: invisible names and
//! bidirectional overrides refused, two people of one name told apart, a
//! rename reaching the seat.

use lodestone_protocol::{PROTOCOL_VERSION, RoomStatus, ServerMessage};
use lodestone_tests::{TestServer, each_backend};
use serde_json::json;

fn owner_name(state: &lodestone_protocol::RoomState) -> Option<String> {
    state.owner.as_ref().map(|o| o.name.clone())
}

each_backend!(only_the_owner_changes_a_room);
/// A stranger can neither add a bot to someone's room nor remove one,
/// kick a seat or close the room; the owner can.
async fn only_the_owner_changes_a_room() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!("white")).await;
    let state = ann.state_until(&room, |s| s.owner.is_some()).await;
    assert_eq!(owner_name(&state).as_deref(), Some("Ann"));

    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let m = eve
        .refused(json!({"type": "add_bot", "room": room, "seat": 1}), "not-owner")
        .await;
    assert!(m.contains("Ann"), "{m}");
    ann.ok(json!({"type": "add_bot", "room": room, "seat": 1, "level": "random"}))
        .await;
    let state = eve.state_until(&room, |s| s.seats[1].player.is_some()).await;
    assert!(state.seats[1].bot);
    assert!(!state.seats[0].bot);
    for refused in [
        json!({"type": "remove_bot", "room": room, "seat": 1}),
        json!({"type": "kick", "room": room, "seat": "white"}),
        json!({"type": "close_room", "room": room}),
    ] {
        eve.refused(refused, "not-owner").await;
    }
    ann.refused(
        json!({"type": "remove_bot", "room": room, "seat": 0}),
        "not-a-bot",
    )
    .await;
    ann.ok(json!({"type": "remove_bot", "room": room, "seat": "black"}))
        .await;
    let state = eve.state_until(&room, |s| s.seats[1].player.is_none()).await;
    assert_eq!(state.status, RoomStatus::Open);
    ann.refused(
        json!({"type": "remove_bot", "room": room, "seat": 1}),
        "seat-empty",
    )
    .await;
    ann.refused(json!({"type": "kick", "room": room, "seat": 1}), "seat-empty")
        .await;

    // Bo sits; the owner frees his seat; he watches on as a spectator.
    let mut bo = server.guest("Bo").await;
    bo.join(&room, json!(1)).await;
    ann.ok(json!({"type": "kick", "room": room, "seat": 1})).await;
    let state = bo.state_until(&room, |s| s.seats[1].player.is_none()).await;
    assert_eq!(state.you, None);

    // Closed for good: the watchers' last update says so, then the room
    // is unknown.
    ann.ok(json!({"type": "close_room", "room": room})).await;
    let state = bo.state_until(&room, |s| s.status == RoomStatus::Closed).await;
    assert!(state.play.is_none());
    eve.refused(json!({"type": "join", "room": room}), "unknown-room")
        .await;
    ann.refused(json!({"type": "watch", "room": room}), "unknown-room")
        .await;
}

each_backend!(ownership_passes_to_the_next_seated_person);
async fn ownership_passes_to_the_next_seated_person() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magma", json!({"players": 3}), json!(0)).await;
    let mut bo = server.guest("Bo").await;
    bo.join(&room, json!(1)).await;
    ann.ok(json!({"type": "add_bot", "room": room, "seat": 2, "level": "random"}))
        .await;
    ann.ok(json!({"type": "leave", "room": room})).await;
    let state = bo.state_until(&room, |s| s.seats[0].player.is_none()).await;
    assert_eq!(owner_name(&state).as_deref(), Some("Bo"));
    ann.refused(json!({"type": "add_bot", "room": room, "seat": 0}), "not-owner")
        .await;
    bo.ok(json!({"type": "add_bot", "room": room, "seat": 0})).await;
    // Bo frees the third seat for Ann, then leaves: the room passes to
    // the next person after his seat, Ann.
    bo.ok(json!({"type": "remove_bot", "room": room, "seat": 2}))
        .await;
    ann.join(&room, json!(2)).await;
    bo.ok(json!({"type": "leave", "room": room})).await;
    let state = bo.state_until(&room, |s| s.seats[1].player.is_none()).await;
    assert_eq!(owner_name(&state).as_deref(), Some("Ann"));
    ann.ok(json!({"type": "remove_bot", "room": room, "seat": 0}))
        .await;
    // Ann leaves with nobody else seated: she keeps the room.
    ann.ok(json!({"type": "leave", "room": room})).await;
    let state = ann
        .state_until(&room, |s| {
            s.seats
                .iter()
                .all(|x| x.player.as_ref().is_none_or(|p| p.name != "Ann"))
        })
        .await;
    assert_eq!(owner_name(&state).as_deref(), Some("Ann"));
    bo.refused(json!({"type": "close_room", "room": room}), "not-owner")
        .await;
    ann.ok(json!({"type": "close_room", "room": room})).await;
}

each_backend!(a_player_hands_its_seat_to_a_bot_during_the_game);
async fn a_player_hands_its_seat_to_a_bot_during_the_game() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = crate::games::started_room(&server, "magneton", json!({})).await;
    let bo = &mut clients[1];
    // Not someone else's seat.
    bo.refused(
        json!({"type": "add_bot", "room": room, "seat": 0, "replace_me": true}),
        "not-owner",
    )
    .await;
    match bo
        .ok(json!({"type": "add_bot", "room": room, "level": "random", "replace_me": true}))
        .await
    {
        ServerMessage::Ack { seat: Some(1), .. } => {}
        other => panic!("{other:?}"),
    }
    let state = bo.state_until(&room, |s| s.seats[1].bot).await;
    assert_eq!(state.you, None, "Bo watches as a spectator now");
    // The bot answers Ann's moves.
    let ann = &mut clients[0];
    let state = ann.state_until(&room, |s| s.play.is_some()).await;
    let first = state.play.unwrap().legal[0].clone();
    ann.act(&room, &first).await;
    ann.state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.moves.len() >= 2))
        .await;
}

each_backend!(names_are_refused_told_apart_and_renamed);
async fn names_are_refused_told_apart_and_renamed() {
    let server = TestServer::start().await;
    let mut x = server.client().await;
    for bad in [
        "\u{200B}",
        " \u{200B}\u{FEFF} ",
        "Ann\u{202E}olleh",
        "\u{2066}Bo\u{2069}",
    ] {
        x.refused(
            json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": bad}),
            "bad-name",
        )
        .await;
    }
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    let mut ann2 = server.client().await;
    let token = ann2.hello("Ann").await;
    ann2.join(&room, json!(1)).await;
    let state = ann.state_until(&room, |s| s.seats[1].player.is_some()).await;
    assert_eq!(state.seats[0].shown_as, None);
    assert_eq!(state.seats[1].shown_as.as_deref(), Some("Ann (2)"));
    assert_eq!(state.seats[1].player.as_ref().unwrap().name, "Ann");

    // The second Ann comes back as Bea: her seat takes the name.
    let mut bea = server.client().await;
    bea.ok(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token, "name": "Bea"}))
        .await;
    let state = ann
        .state_until(&room, |s| {
            s.seats[1].player.as_ref().is_some_and(|p| p.name == "Bea")
        })
        .await;
    assert_eq!(state.seats[1].shown_as, None);
    ann.ok(json!({"type": "start", "room": room})).await;
    let (_, record) =
        lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert!(record.contains("[Seat \"black=Bea\"]"), "{record}");
}
