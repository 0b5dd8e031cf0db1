//! At the table: resign, draw offers (offered, declined, lapsed, accepted;
//! refused in Magma), abort until every seat has moved, claims refused
//! while nobody is absent, and a waiting draw offer surviving a SIGKILL.

use lodestone_protocol::{RoomState, RoomStatus};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend, http_get};
use serde_json::json;

use crate::games::{killable_room, play, playing_room, spectator, started_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn offer(state: &RoomState) -> Option<u8> {
    state.play.as_ref().and_then(|p| p.draw_offer)
}

fn result(state: &RoomState) -> Option<(String, Vec<u8>)> {
    let outcome = state.play.as_ref()?.outcome.clone()?;
    Some((outcome.result, outcome.winners))
}

each_backend!(a_player_resigns_and_the_other_side_wins);
async fn a_player_resigns_and_the_other_side_wins() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    play(&mut clients, &room, &["D4"]).await;
    let mut eve = server.guest("Eve").await;
    eve.refused(json!({"type": "resign", "room": room}), "not-seated")
        .await;
    // Black resigns on white's turn: any time during play.
    play(&mut clients, &room, &["E5"]).await;
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    let end = clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    assert_eq!(
        result(&end),
        Some(("white wins (resignation)".to_string(), vec![0]))
    );
    assert!(end.play.as_ref().unwrap().legal.is_empty());
    clients[0]
        .refused(json!({"type": "resign", "room": room}), "game-over")
        .await;
    let (_, record) = http_get(
        server.addr(),
        &format!("/api/rooms/{room}/record"),
        Some(&tokens[0]),
    )
    .await;
    assert!(
        record.contains("[Result \"white wins (resignation)\"]"),
        "{record}"
    );
}

each_backend!(draw_offers_are_declined_lapse_and_are_accepted);
async fn draw_offers_are_declined_lapse_and_are_accepted() {
    let server = TestServer::start().await;
    let (room, mut pair) = playing_room(&server, "magnetism", json!({})).await;
    let [ann, bo] = &mut pair;
    ann.refused(
        json!({"type": "answer_draw", "room": room, "accept": true}),
        "no-offer",
    )
    .await;
    ann.ok(json!({"type": "offer_draw", "room": room})).await;
    let state = bo.state_until(&room, |s| offer(s).is_some()).await;
    assert_eq!(offer(&state), Some(0));
    ann.refused(json!({"type": "offer_draw", "room": room}), "offer-pending")
        .await;
    bo.refused(json!({"type": "offer_draw", "room": room}), "offer-pending")
        .await;
    ann.refused(
        json!({"type": "answer_draw", "room": room, "accept": true}),
        "no-offer",
    )
    .await;
    bo.ok(json!({"type": "answer_draw", "room": room, "accept": false}))
        .await;
    let state = ann.state_until(&room, |s| offer(s).is_none()).await;
    assert_eq!(state.status, RoomStatus::Playing);

    // An offer lapses when the offerer moves.
    ann.ok(json!({"type": "offer_draw", "room": room})).await;
    let state = ann.state_until(&room, |s| offer(s) == Some(0)).await;
    let magnet = state.play.unwrap().legal[0].clone();
    ann.act(&room, &magnet).await;
    let state = bo
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| !p.moves.is_empty()))
        .await;
    assert_eq!(offer(&state), None, "the offer lapsed with the offerer's move");

    // Bo offers; Ann accepts: a draw.
    bo.ok(json!({"type": "offer_draw", "room": room})).await;
    ann.state_until(&room, |s| offer(s) == Some(1)).await;
    ann.ok(json!({"type": "answer_draw", "room": room, "accept": true}))
        .await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(result(&end), Some(("draw (agreed)".to_string(), vec![])));
    assert_eq!(offer(&end), None);
}

each_backend!(magma_has_no_draw_offers);
async fn magma_has_no_draw_offers() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magma", json!({"players": 2})).await;
    let m = clients[0]
        .refused(json!({"type": "offer_draw", "room": room}), "no-draw-offers")
        .await;
    assert!(m.contains("end?"), "{m}");
    clients[1]
        .refused(
            json!({"type": "answer_draw", "room": room, "accept": true}),
            "no-draw-offers",
        )
        .await;
    // Two-player Magma resigns like any two-sided game.
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    let end = clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    let (text, winners) = result(&end).unwrap();
    assert!(text.ends_with("wins (resignation)"), "{text}");
    assert_eq!(winners, vec![0]);
}

each_backend!(a_magma_seat_resigns_and_the_others_play_on);
/// Three-player Magma: a resigning seat stops playing, the game goes on
/// (docs/rules/magma.md).
async fn a_magma_seat_resigns_and_the_others_play_on() {
    let server = TestServer::start().await;
    let mut clients = Vec::new();
    let mut host = server.guest("P1").await;
    let room = host.seated_room("magma", json!({"players": 3}), json!(0)).await;
    clients.push(host);
    for n in 2..=3 {
        let mut c = server.guest(&format!("P{n}")).await;
        c.join(&room, json!(null)).await;
        clients.push(c);
    }
    clients[0].ok(json!({"type": "start", "room": room})).await;
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    let m = clients[1]
        .refused(json!({"type": "resign", "room": room}), "game-over")
        .await;
    assert!(m.contains("already left"), "{m}");
    let state = clients[0]
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| !p.to_act.is_empty()))
        .await;
    assert_eq!(state.status, RoomStatus::Playing);
    assert!(
        !state.play.unwrap().to_act.contains(&1),
        "the resigned seat takes no turns"
    );
}

each_backend!(abort_until_everyone_has_moved_then_too_late);
async fn abort_until_everyone_has_moved_then_too_late() {
    let server = TestServer::start().await;
    // Open: nothing to abort, nor to claim.
    let mut cy = server.guest("Cy").await;
    let open = cy.seated_room("magneton", json!({}), json!(0)).await;
    cy.refused(json!({"type": "abort", "room": open}), "not-started")
        .await;
    cy.refused(json!({"type": "claim", "room": open}), "not-started")
        .await;

    // White has moved, black has not: black aborts; no result, closed.
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    play(&mut clients, &room, &["D4"]).await;
    clients[0]
        .refused(json!({"type": "claim", "room": room}), "too-early")
        .await;
    clients[1].ok(json!({"type": "abort", "room": room})).await;
    let end = clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Closed)
        .await;
    assert_eq!(result(&end), None);
    clients[0]
        .refused(json!({"type": "watch", "room": room}), "unknown-room")
        .await;
    let mut eve = server.guest("Eve").await;
    let listed = match eve.ok(json!({"type": "list_rooms", "playing": true})).await {
        lodestone_protocol::ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    assert!(
        listed.iter().all(|r| r.id != room),
        "an aborted game is not listed"
    );

    // Both have moved: too late.
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    play(&mut clients, &room, &["D4", "E5"]).await;
    clients[0]
        .refused(json!({"type": "abort", "room": room}), "too-late")
        .await;
}

each_backend!(a_waiting_draw_offer_survives_a_kill);
async fn a_waiting_draw_offer_survives_a_kill() {
    let (dir, server, room, mut clients, tokens, _) = killable_room("magneton", json!({})).await;
    let [ann_token, bo_token] = [&tokens[0], &tokens[1]];
    play(&mut clients, &room, &["D4", "E5"]).await;
    clients[1].ok(json!({"type": "offer_draw", "room": room})).await;
    server.kill();

    let server = ServerProcess::start(SERVER, &dir);
    let mut ann = Client::connect(server.addr).await;
    ann.resume(ann_token).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let state = ann.state_at(&room, 0).await;
    assert_eq!(offer(&state), Some(1), "the offer waits after the restart");
    let mut bo = Client::connect(server.addr).await;
    bo.resume(bo_token).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    bo.refused(json!({"type": "offer_draw", "room": room}), "offer-pending")
        .await;
    ann.ok(json!({"type": "answer_draw", "room": room, "accept": true}))
        .await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(result(&end), Some(("draw (agreed)".to_string(), vec![])));
    server.kill();

    // And the end itself is kept.
    let server = ServerProcess::start(SERVER, &dir);
    let (_, state) = spectator(server.addr, &room).await;
    assert_eq!(result(&state), Some(("draw (agreed)".to_string(), vec![])));
}
