//! Computer players seated by `add_bot`: they play their seat from its
//! view alone, and carry on after a server restart.

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

/// Plays the human's seat with its first offered action until the game
/// ends; returns the final state.
async fn play_against_bot(human: &mut Client, room: &str, max: usize) -> lodestone_protocol::RoomState {
    let mut version = 0;
    for n in 0..max {
        // The first state at or after the last move that is the end or
        // the human's turn.
        let state = loop {
            let state = human.state_at(room, version).await;
            let mine = state
                .play
                .as_ref()
                .is_some_and(|p| p.to_act.contains(&state.you.unwrap_or(9)));
            if state.status == RoomStatus::Finished || mine {
                break state;
            }
            version = human.states[room].0 + 1;
        };
        if state.status == RoomStatus::Finished {
            return state;
        }
        let legal = state.play.unwrap().legal;
        version = human.act(room, &legal[n % legal.len()]).await;
    }
    panic!("the game did not end in {max} actions");
}

each_backend!(a_person_plays_a_bot_to_the_end);
async fn a_person_plays_a_bot_to_the_end() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!("white")).await;
    ann.refuses([
        (
            json!({"type": "add_bot", "room": room, "level": "genius"}),
            "bad-level",
        ),
        (
            json!({"type": "add_bot", "room": room, "seat": "white"}),
            "seat-taken",
        ),
    ])
    .await;
    match ann
        .ok(json!({"type": "add_bot", "room": room, "level": "greedy"}))
        .await
    {
        ServerMessage::Ack { seat: Some(1), .. } => {}
        other => panic!("{other:?}"),
    }
    let state = ann.state_until(&room, |s| s.seats[1].player.is_some()).await;
    assert_eq!(state.seats[1].player.as_ref().unwrap().name, "Bot (greedy)");
    assert!(state.seats[1].connected);
    ann.ok(json!({"type": "start", "room": room})).await;
    let end = play_against_bot(&mut ann, &room, 400).await;
    assert!(end.play.unwrap().outcome.is_some());
}

each_backend!(a_bot_carries_on_after_a_restart);
async fn a_bot_carries_on_after_a_restart() {
    let first = TestServer::start().await;
    let (mut ann, token, room) =
        Client::seated_guest(first.addr(), "Ann", "magnetism", json!({}), json!("black")).await;
    ann.ok(json!({"type": "add_bot", "room": room, "level": "random"}))
        .await;
    ann.ok(json!({"type": "start", "room": room})).await;
    // The bot (white) places its magnet; Ann places hers; a few moves.
    let state = ann
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.to_act == vec![1]))
        .await;
    let legal = state.play.unwrap().legal;
    ann.act(&room, &legal[0]).await;
    ann.state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.moves.len() >= 3))
        .await;
    let second = first.restart(|_| {}).await;
    let mut ann = second.client().await;
    ann.resume(&token).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let end = play_against_bot(&mut ann, &room, 3000).await;
    assert_eq!(end.status, RoomStatus::Finished);
    assert!(end.seats[0].connected || end.status == RoomStatus::Finished);
}
