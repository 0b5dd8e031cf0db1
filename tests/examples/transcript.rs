//! Prints a real protocol transcript: two clients play the 8-action
//! Magneton game of docs/protocol.md on a fresh in-memory server, and every
//! message sent (`>`) and received (`<`) is printed, per client. Used to
//! write and check the examples of docs/protocol.md:
//! `cargo run -p lodestone-tests --example transcript`.

use lodestone_tests::{Client, TestServer};
use serde_json::{Value, json};

async fn say(who: &str, client: &mut Client, message: Value) -> lodestone_protocol::ServerMessage {
    let before = client.frames.len();
    println!("{who} > {message}");
    let reply = client.request(message).await;
    for frame in &client.frames[before..] {
        println!("{who} < {frame}");
    }
    reply
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let server = TestServer::start_with(|c| c.database = "sqlite::memory:".into()).await;
    let mut ann = server.client().await;
    let mut bo = server.client().await;
    say(
        "ann",
        &mut ann,
        json!({"type": "hello", "protocol": 1, "name": "Ann"}),
    )
    .await;
    say(
        "bo",
        &mut bo,
        json!({"type": "hello", "protocol": 1, "name": "Bo"}),
    )
    .await;
    let room = match say(
        "ann",
        &mut ann,
        json!({"type": "create_room", "game": "magneton", "options": {}, "public": true}),
    )
    .await
    {
        lodestone_protocol::ServerMessage::Ack { room: Some(room), .. } => room,
        other => panic!("{other:?}"),
    };
    say("bo", &mut bo, json!({"type": "list_rooms"})).await;
    say(
        "ann",
        &mut ann,
        json!({"type": "join", "room": room, "seat": "white"}),
    )
    .await;
    say("bo", &mut bo, json!({"type": "join", "room": room})).await;
    say("bo", &mut bo, json!({"type": "start", "room": room})).await;
    let moves = ["H3", "B8", "F1", "E1", "D2", "F2", "C6", "C3"];
    for (i, action) in moves.iter().enumerate() {
        let (who, client) = if i % 2 == 0 {
            ("ann", &mut ann)
        } else {
            ("bo", &mut bo)
        };
        if i == 1 {
            say(who, client, json!({"type": "act", "room": room, "action": "H3"})).await;
        }
        say(
            who,
            client,
            json!({"type": "act", "room": room, "action": action}),
        )
        .await;
    }
    say("bo", &mut bo, json!({"type": "ping"})).await;
}
