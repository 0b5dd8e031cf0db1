//! Rematches over the wire: two players swap sides, four Magma players
//! move one seat on (keeping their teams), bots accept at once, a decline
//! clears the proposal, a proposal survives a SIGKILL, and what cannot
//! be had is refused with a code.

use lodestone_protocol::{Detail, RoomState, RoomStatus};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Proposes or accepts the rematch of `room`.
async fn rematch(client: &mut Client, room: &str) {
    client.ok(json!({"type": "rematch", "room": room})).await;
}

/// Waits until `client` is told the rematch's room; returns its id.
async fn new_room(client: &mut Client, room: &str) -> String {
    client
        .state_until(room, |s| s.rematch.as_ref().is_some_and(|r| r.room.is_some()))
        .await
        .rematch
        .unwrap()
        .room
        .unwrap()
}

/// The players' guest ids, seat by seat.
fn players(state: &RoomState) -> Vec<String> {
    state
        .seats
        .iter()
        .map(|s| s.player.as_ref().map(|p| p.id.clone()).unwrap_or_default())
        .collect()
}

/// Waits until `client` has a legal action in `room` and plays the first.
async fn first_legal(client: &mut Client, room: &str) {
    let state = client
        .state_until(room, |s| s.play.as_ref().is_some_and(|p| !p.legal.is_empty()))
        .await;
    let action = state.play.unwrap().legal[0].clone();
    client.act(room, &action).await;
}

each_backend!(a_rematch_of_two_swaps_sides);
async fn a_rematch_of_two_swaps_sides() {
    let server = TestServer::start().await;
    let (room, mut clients, _) =
        crate::games::started_room(&server, "magneton", json!({"clock": "10+5", "chat": "off"})).await;
    let (mut eve, _) = crate::games::spectator(server.addr(), &room).await;
    // Not before the end.
    clients[0]
        .refused(json!({"type": "rematch", "room": room}), "no-rematch")
        .await;
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    let old = clients[1]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    // A spectator cannot ask; nobody can decline what was not proposed.
    eve.refused(json!({"type": "rematch", "room": room}), "not-seated")
        .await;
    clients[1]
        .refused(
            json!({"type": "rematch", "room": room, "accept": false}),
            "no-offer",
        )
        .await;
    // Proposed, then declined: the proposal is gone.
    rematch(&mut clients[1], &room).await;
    let offered = clients[0].state_until(&room, |s| s.rematch.is_some()).await;
    assert_eq!(offered.rematch.unwrap().accepted, [1]);
    clients[0]
        .ok(json!({"type": "rematch", "room": room, "accept": false}))
        .await;
    clients[1].state_until(&room, |s| s.rematch.is_none()).await;
    // Proposed again and accepted: everyone is told the new room.
    rematch(&mut clients[0], &room).await;
    clients[1]
        .state_until(&room, |s| s.rematch.as_ref().is_some_and(|r| r.accepted == [0]))
        .await;
    rematch(&mut clients[1], &room).await;
    let next = new_room(&mut clients[0], &room).await;
    assert_eq!(new_room(&mut clients[1], &room).await, next);
    assert_eq!(new_room(&mut eve, &room).await, next);
    assert_ne!(next, room);
    // Once open, no second one; the refusal names the new room.
    let message = clients[0]
        .refused(json!({"type": "rematch", "room": room}), "no-rematch")
        .await;
    assert_eq!(message, format!("the rematch has already opened: room {next}"));
    let again = json!({"type": "rematch", "room": room});
    let detail = crate::vacation::refusal_detail(&mut clients[0], again).await;
    assert_eq!(detail, Some(Detail::RematchOpened { room: next.clone() }));
    // The new room: the same game and options, started, sides swapped.
    for c in clients.iter_mut() {
        c.ok(json!({"type": "watch", "room": next})).await;
    }
    let state = clients[0].state_until(&next, |s| s.play.is_some()).await;
    assert_eq!(state.status, RoomStatus::Playing);
    assert_eq!(state.game, "magneton");
    assert_eq!(state.options, old.options);
    assert_eq!(state.options.get("chat").map(String::as_str), Some("off"));
    let before = players(&old);
    assert_eq!(players(&state), [before[1].clone(), before[0].clone()]);
    assert_eq!(state.you, Some(1), "Ann played white; now black");
    // And it plays: white (Bo now) moves first.
    first_legal(&mut clients[1], &next).await;
}

each_backend!(a_rematch_of_four_moves_everyone_one_seat_on);
async fn a_rematch_of_four_moves_everyone_one_seat_on() {
    let server = TestServer::start().await;
    let mut clients = Vec::new();
    let mut host = server.guest("P1").await;
    let (room, invite) = host.create_room("magma", json!({"players": 4}), false).await;
    let invite = invite.expect("a private room has an invite");
    host.ok(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
        .await;
    clients.push(host);
    for i in 1..4 {
        let mut c = server.guest(&format!("P{}", i + 1)).await;
        c.ok(json!({"type": "join", "room": room, "seat": i, "invite": invite}))
            .await;
        clients.push(c);
    }
    clients[0].ok(json!({"type": "start", "room": room})).await;
    // Red (seats 0 and 2) resigns: blue wins.
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    clients[2].ok(json!({"type": "resign", "room": room})).await;
    let old = clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    assert_eq!(
        old.play.as_ref().unwrap().outcome.as_ref().unwrap().winners,
        [1, 3]
    );
    for (i, c) in clients.iter_mut().enumerate() {
        rematch(c, &room).await;
        if i < 3 {
            let seen = c.state_until(&room, |s| {
                s.rematch.as_ref().is_some_and(|r| r.accepted.len() == i + 1)
            });
            assert!(seen.await.rematch.unwrap().room.is_none());
        }
    }
    let next = new_room(&mut clients[0], &room).await;
    for c in clients.iter_mut() {
        assert_eq!(new_room(c, &room).await, next);
        // Private still; the seated need no invite.
        c.ok(json!({"type": "watch", "room": next})).await;
    }
    let state = clients[0].state_until(&next, |s| s.play.is_some()).await;
    assert!(!state.public);
    assert_eq!(state.options, old.options);
    // Everyone one seat on: the last seat starts now.
    let before = players(&old);
    let after = players(&state);
    for i in 0..4 {
        assert_eq!(after[(i + 1) % 4], before[i], "seat {i}");
    }
    assert_eq!(state.you, Some(1));
    assert_eq!(state.play.as_ref().unwrap().to_act, [0]);
    // Teammates stay together.
    assert_eq!(state.seats[1].team, state.seats[3].team);
    assert_ne!(state.seats[0].team, state.seats[1].team);
    first_legal(&mut clients[3], &next).await;
}

each_backend!(bots_accept_a_rematch_at_once);
async fn bots_accept_a_rematch_at_once() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    ann.ok(json!({"type": "add_bot", "room": room, "level": "random"}))
        .await;
    ann.ok(json!({"type": "start", "room": room})).await;
    ann.ok(json!({"type": "resign", "room": room})).await;
    let old = ann.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    // Ann's proposal is the only one needed.
    rematch(&mut ann, &room).await;
    let next = new_room(&mut ann, &room).await;
    let state = ann.states[&room].1.clone();
    assert_eq!(state.rematch.unwrap().accepted, [0, 1]);
    ann.ok(json!({"type": "watch", "room": next})).await;
    let state = ann.state_until(&next, |s| s.play.is_some()).await;
    let before = players(&old);
    assert_eq!(players(&state), [before[1].clone(), before[0].clone()]);
    assert!(state.seats[0].bot);
    // The bot plays white in the new room.
    let moved = ann
        .state_until(&next, |s| s.play.as_ref().is_some_and(|p| !p.moves.is_empty()))
        .await;
    assert_eq!(moved.play.unwrap().moves[0].seat, 0);
}

each_backend!(a_proposed_rematch_survives_a_killed_server);
async fn a_proposed_rematch_survives_a_killed_server() {
    let (dir, server, room, mut clients, tokens, _) =
        crate::games::killable_room("magneton", json!({})).await;
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    rematch(&mut clients[0], &room).await;
    server.kill();

    let server = lodestone_tests::ServerProcess::start(SERVER, &dir);
    let mut clients = [
        Client::connect(server.addr).await,
        Client::connect(server.addr).await,
    ];
    for (c, token) in clients.iter_mut().zip(&tokens) {
        c.resume(token).await;
        c.ok(json!({"type": "watch", "room": room})).await;
    }
    let state = clients[1].state_until(&room, |s| s.rematch.is_some()).await;
    assert_eq!(state.rematch.unwrap().accepted, [0], "the proposal was kept");
    rematch(&mut clients[1], &room).await;
    let next = new_room(&mut clients[0], &room).await;
    assert_eq!(new_room(&mut clients[1], &room).await, next);
    clients[0].ok(json!({"type": "watch", "room": next})).await;
    let state = clients[0].state_until(&next, |s| s.play.is_some()).await;
    assert_eq!(state.you, Some(1));
}

each_backend!(a_rematch_is_refused_once_its_time_has_passed);
async fn a_rematch_is_refused_once_its_time_has_passed() {
    // No time after the game at all: the room leaves memory at the end.
    let server = TestServer::start_with(|c| c.after_game = 0).await;
    let (room, mut clients, _) = crate::games::started_room(&server, "magneton", json!({})).await;
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    clients[1]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    let message = clients[1]
        .refused(json!({"type": "rematch", "room": room}), "no-rematch")
        .await;
    assert!(message.contains("passed"), "{message}");
}
