//! Bad input of every kind gets a clear error with a stable code; the
//! connection stays usable and nothing changes.

use lodestone_protocol::{Detail, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

use crate::games::{play, started_room};

/// Reads the next message, which must be an error; returns (id, code).
async fn next_error(client: &mut Client) -> (Option<lodestone_protocol::RequestId>, String) {
    match client.recv().await.expect("connection stays open") {
        ServerMessage::Error { id, code, .. } => (id, code.to_string()),
        other => panic!("expected an error, got {other:?}"),
    }
}

async fn still_usable(client: &mut Client) {
    match client.request(json!({"type": "ping"})).await {
        ServerMessage::Pong { .. } => {}
        other => panic!("the connection is no longer usable: {other:?}"),
    }
}

each_backend!(malformed_messages_get_errors_and_the_connection_stays);
async fn malformed_messages_get_errors_and_the_connection_stays() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    c.send_text("{not json").await;
    assert_eq!(next_error(&mut c).await, (None, "bad-json".into()));
    c.send_text("[1, 2]").await;
    assert_eq!(next_error(&mut c).await.1, "bad-message");
    c.send_text(r#"{"type": "teleport", "id": 9}"#).await;
    assert_eq!(next_error(&mut c).await, (Some(9.into()), "bad-message".into()));
    c.send_text(r#"{"type": "act", "id": 10, "room": "r"}"#).await;
    assert_eq!(next_error(&mut c).await, (Some(10.into()), "bad-message".into()));
    let big = format!(
        r#"{{"type": "ping", "id": 1, "pad": "{}"}}"#,
        "x".repeat(MAX_MESSAGE_BYTES)
    );
    c.send_text(&big).await;
    assert_eq!(next_error(&mut c).await.1, "too-large");
    still_usable(&mut c).await;

    // Everything but hello and ping needs an identity first.
    c.refused(json!({"type": "list_rooms"}), "not-identified").await;
    let message = c
        .refused(
            json!({"type": "hello", "protocol": 99, "name": "Ann"}),
            "unsupported-protocol",
        )
        .await;
    let speaks = PROTOCOL_VERSION;
    assert_eq!(message, format!("this server speaks protocol {speaks}, not 99"));
    let hello = json!({"type": "hello", "protocol": 99, "name": "Ann"});
    let detail = crate::vacation::refusal_detail(&mut c, hello).await;
    assert_eq!(detail, Some(Detail::ProtocolVersion { speaks, asked: 99 }));
    // A hello with neither name nor token is not a message of the protocol.
    c.refused(json!({"type": "hello", "protocol": 1}), "bad-message")
        .await;
    c.refused(json!({"type": "hello", "protocol": 1, "name": "   "}), "bad-name")
        .await;
    c.refused(
        json!({"type": "hello", "protocol": 1, "name": "x".repeat(33)}),
        "bad-name",
    )
    .await;
    c.refused(
        json!({"type": "hello", "protocol": 1, "token": "00"}),
        "bad-token",
    )
    .await;
    c.hello("Ann").await;
    c.refused(json!({"type": "create_room", "game": "chess"}), "unknown-game")
        .await;
    c.refused(
        json!({"type": "create_room", "game": "magneton", "options": {"speed": "fast"}}),
        "bad-option",
    )
    .await;
    c.refused(json!({"type": "join", "room": "no-such-room"}), "unknown-room")
        .await;
    // A seat the game does not have is named as the client wrote it.
    let (room, _) = c.create_room("magneton", json!({}), true).await;
    let m = c
        .refused(
            json!({"type": "join", "room": room, "seat": "purple"}),
            "no-such-seat",
        )
        .await;
    assert_eq!(m, "magneton has no seat purple (its seats: white, black)");
    let m = c
        .refused(json!({"type": "join", "room": room, "seat": 7}), "no-such-seat")
        .await;
    assert_eq!(m, "magneton has no seat 7 (its seats: white, black)");
    // One seat per guest and room: joining again names the seat one holds
    // (or none); another seat is refused, naming the one held.
    assert_eq!(c.join(&room, json!("white")).await, 0);
    let m = c
        .refused(json!({"type": "join", "room": room, "seat": 1}), "already-seated")
        .await;
    assert_eq!(m, "you already hold seat white here");
    assert_eq!(c.join(&room, json!(0)).await, 0);
    assert_eq!(c.join(&room, json!(null)).await, 0);
    c.refused(json!({"type": "watch", "room": "no-such-room"}), "unknown-room")
        .await;
    still_usable(&mut c).await;
}

each_backend!(illegal_actions_are_refused_and_change_nothing);
async fn illegal_actions_are_refused_and_change_nothing() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let before = play(&mut clients, &room, &["D4"]).await;
    let refused = [
        (1, "D4", "illegal-action", "D4 is occupied"),
        (0, "E4", "not-your-turn", "it is black's turn"),
        (1, "D4-D5", "wrong-phase", "black still has 12 stones to drop"),
        (1, "Z9", "bad-notation", ""),
        (1, "", "bad-notation", "empty action"),
    ];
    for (seat, action, code, message) in refused {
        let m = clients[seat]
            .refused(json!({"type": "act", "room": room, "action": action}), code)
            .await;
        assert!(m.contains(message), "{action}: {m}");
    }
    // Nothing changed: a fresh look shows the same version and position.
    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let now = eve.state_at(&room, 0).await;
    assert_eq!(now.play.unwrap().position, before.play.unwrap().position);
    assert_eq!(eve.states[&room].0, clients[0].states[&room].0);
}

each_backend!(actions_after_the_end_are_refused);
async fn actions_after_the_end_are_refused() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let record = lodestone_rules::Record::parse(include_str!(
        "../../records/magneton/valid/neither-side-can-move.txt"
    ))
    .unwrap();
    let actions: Vec<&str> = record.actions.iter().map(|a| a.text.as_str()).collect();
    let end = play(&mut clients, &room, &actions).await;
    assert_eq!(
        end.play.unwrap().outcome.unwrap().result,
        "draw (neither side can move)"
    );
    for c in clients.iter_mut() {
        c.refused(
            json!({"type": "act", "room": room, "action": "pass"}),
            "game-over",
        )
        .await;
    }
}

/// Sends `count` pings at once; returns how many were answered and how
/// many refused as rate-limited.
async fn ping_burst(c: &mut Client, count: u64) -> (u32, u32) {
    for i in 0..count {
        c.send_text(&json!({"type": "ping", "id": i}).to_string()).await;
    }
    let (mut answered, mut limited) = (0, 0);
    for _ in 0..count {
        match c.recv().await.unwrap() {
            ServerMessage::Pong { .. } => answered += 1,
            ServerMessage::Error { code, .. } if code == "rate-limited" => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    (answered, limited)
}

each_backend!(a_flood_of_messages_is_rate_limited);
async fn a_flood_of_messages_is_rate_limited() {
    let server = TestServer::start_with(|c| c.rate_limit = 5).await;
    // Time stands still (the database opened first): the bucket refills
    // only when the test moves the clock.
    tokio::time::pause();
    let mut c = server.client().await;
    c.patience = None;
    // A burst of twice the rate is allowed, then refusals.
    assert_eq!(ping_burst(&mut c, 30).await, (10, 20));
    // Two seconds refill ten tokens: ten more answered, then refusals.
    tokio::time::advance(std::time::Duration::from_secs(2)).await;
    assert_eq!(ping_burst(&mut c, 12).await, (10, 2));
    // A fraction of a token is not a token.
    tokio::time::advance(std::time::Duration::from_millis(100)).await;
    assert_eq!(ping_burst(&mut c, 1).await, (0, 1));
}

each_backend!(a_frame_over_the_hard_limit_closes_only_that_connection);
async fn a_frame_over_the_hard_limit_closes_only_that_connection() {
    let server = TestServer::start().await;
    let mut other = server.client().await;
    let mut c = server.client().await;
    c.send_text(&"x".repeat(2 << 20)).await;
    assert!(
        c.recv().await.is_none(),
        "a frame over 1 MiB closes the connection"
    );
    still_usable(&mut other).await;
}
