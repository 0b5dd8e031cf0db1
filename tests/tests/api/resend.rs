//! A table action that says the room version it was chosen at (`at`):
//! refused with `moved-on` once the room has changed since, so a client
//! may send again an action whose reply it lost with its connection —
//! two copies are never both done, whether the server held the first
//! (stopped) or never read it (killed).

use std::process::Command;

use lodestone_protocol::{ClientMessage, RequestId, RoomState, ServerMessage};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend};
use serde_json::json;

use crate::games::{killable_room, playing_room};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn moves(state: &RoomState) -> Vec<String> {
    let play = state.play.as_ref().expect("a game");
    play.moves.iter().filter_map(|m| m.action.clone()).collect()
}

/// The version `client` last saw of `room`.
fn seen(client: &Client, room: &str) -> u64 {
    client.states[room].0
}

fn signal(server: &ServerProcess, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal}");
}

/// Stops the server (SIGSTOP) and waits until every thread of it is
/// stopped, so that nothing sent from now on is read before it resumes.
fn stop(server: &ServerProcess) {
    signal(server, "STOP");
    let tasks = format!("/proc/{}/task", server.child.id());
    let stopped = || {
        std::fs::read_dir(&tasks).unwrap().all(|task| {
            let stat = std::fs::read_to_string(task.unwrap().path().join("stat")).unwrap_or_default();
            // The state follows the command name in parentheses.
            let state = stat.rsplit_once(')').map_or("", |(_, rest)| rest.trim_start());
            state.starts_with('T') || state.starts_with('t')
        })
    };
    while !stopped() {
        std::thread::yield_now();
    }
}

/// `act` of `action` in `room` chosen at version `at`, with the id `id`.
fn act(id: &str, room: &str, action: &str, at: u64) -> ClientMessage {
    ClientMessage::Act {
        id: RequestId::Text(id.into()),
        room: room.into(),
        action: action.into(),
        at: Some(at),
    }
}

/// Plays `action` chosen at version `at`; returns the acknowledged version.
async fn act_at(client: &mut Client, room: &str, action: &str, at: u64) -> u64 {
    match client
        .ok(json!({"type": "act", "room": room, "action": action, "at": at}))
        .await
    {
        ServerMessage::Ack { version: Some(v), .. } => v,
        other => panic!("{other:?}"),
    }
}

each_backend!(an_action_chosen_before_the_room_changed_is_refused_and_changes_nothing);
async fn an_action_chosen_before_the_room_changed_is_refused_and_changes_nothing() {
    let server = TestServer::start().await;
    let (room, mut pair) = playing_room(&server, "magneton", json!({})).await;
    let [ann, bo] = &mut pair;
    let start = seen(ann, &room);
    // At the current version: done as without `at`.
    let after = act_at(ann, &room, "D4", start).await;
    // The same again (as after a lost reply): refused, nothing done.
    let message = ann
        .refused(
            json!({"type": "act", "room": room, "action": "D4", "at": start}),
            "moved-on",
        )
        .await;
    assert!(message.contains(&format!("version {start}")), "{message}");
    // A chat line is no change of the game: Bo's move chosen before it counts.
    bo.state_at(&room, after).await;
    ann.ok(json!({"type": "chat", "room": room, "text": "your move"}))
        .await;
    let bo_at = seen(bo, &room);
    assert_eq!(bo_at, after);
    let answered = act_at(bo, &room, "E5", bo_at).await;
    // The other table actions check `at` the same way; without it, as
    // before.
    for stale in [
        json!({"type": "resign", "room": room, "at": after}),
        json!({"type": "offer_draw", "room": room, "at": start}),
        json!({"type": "answer_draw", "room": room, "accept": true, "at": start}),
        json!({"type": "abort", "room": room, "at": start}),
        json!({"type": "claim", "room": room, "at": after}),
    ] {
        ann.refused(stale, "moved-on").await;
    }
    let state = ann.state_at(&room, answered).await;
    assert_eq!(moves(&state), ["D4", "E5"]);
    assert!(state.play.as_ref().unwrap().draw_offer.is_none());
    ann.ok(json!({"type": "offer_draw", "room": room, "at": answered}))
        .await;
    let offered = bo
        .state_until(&room, |s| s.play.as_ref().unwrap().draw_offer.is_some())
        .await;
    assert_eq!(moves(&offered), ["D4", "E5"]);
}

each_backend!(two_copies_of_an_action_held_by_a_stopped_server_are_done_once);
async fn two_copies_of_an_action_held_by_a_stopped_server_are_done_once() {
    let (_, server, room, mut clients, tokens, _) = killable_room("magneton", json!({})).await;
    let at = seen(&clients[0], &room);
    // Ann's second connection (the one she reconnected on).
    let mut again = Client::connect(server.addr).await;
    again.resume(&tokens[0]).await;
    again.ok(json!({"type": "watch", "room": room})).await;
    // The server stops after the first copy is sent; the second copy is
    // sent on the new connection; then it resumes with both to read.
    stop(&server);
    clients[0].send(&act("first", &room, "D4", at)).await;
    again.send(&act("second", &room, "D4", at)).await;
    signal(&server, "CONT");
    let first = clients[0].reply_to(&RequestId::Text("first".into())).await;
    let second = again.reply_to(&RequestId::Text("second".into())).await;
    let replies = [&first, &second];
    let acked: Vec<u64> = replies
        .iter()
        .filter_map(|r| match r {
            ServerMessage::Ack { version: Some(v), .. } => Some(*v),
            _ => None,
        })
        .collect();
    assert_eq!(acked.len(), 1, "{replies:?}");
    assert!(
        replies
            .iter()
            .any(|r| matches!(r, ServerMessage::Error { code, .. } if *code == "moved-on")),
        "{replies:?}"
    );
    let state = clients[1].state_at(&room, acked[0]).await;
    assert_eq!(moves(&state), ["D4"]);
}

each_backend!(an_action_a_killed_server_never_read_is_done_when_sent_again);
async fn an_action_a_killed_server_never_read_is_done_when_sent_again() {
    let (dir, server, room, mut clients, tokens, _) = killable_room("magneton", json!({})).await;
    let at = seen(&clients[0], &room);
    // Sent to a stopped server, which is then killed: never read.
    stop(&server);
    clients[0].send(&act("lost", &room, "D4", at)).await;
    server.kill();
    drop(clients);

    let server = ServerProcess::start(SERVER, &dir);
    let mut ann = Client::connect(server.addr).await;
    ann.resume(&tokens[0]).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let state = ann.state_at(&room, at).await;
    assert_eq!(seen(&ann, &room), at, "the move was not played");
    assert!(moves(&state).is_empty());
    // Sent again with the same `at`: done, once.
    let version = act_at(&mut ann, &room, "D4", at).await;
    ann.refused(
        json!({"type": "act", "room": room, "action": "D4", "at": at}),
        "moved-on",
    )
    .await;
    assert_eq!(moves(&ann.state_at(&room, version).await), ["D4"]);
}
