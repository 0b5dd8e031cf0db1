//! Absent players (the room option `absent`): a seated player with no
//! connection for the grace period is absent (shown on its seat, stored,
//! back when it returns); with `claim` the others may then claim the game
//! on its turn, with `wait` never; a restart keeps who is absent.

use lodestone_protocol::{RoomState, RoomStatus};
use lodestone_tests::{ServerProcess, TestServer, database_url, each_backend, temp_dir};
use serde_json::json;

use crate::games::{spectator, started_room, started_room_at};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn absent(state: &RoomState, seat: usize) -> bool {
    state.seats[seat].absent
}

async fn quick_server() -> TestServer {
    TestServer::start_with(|c| c.absent_grace = 300).await
}

each_backend!(an_absent_player_loses_by_claim);
async fn an_absent_player_loses_by_claim() {
    let server = quick_server().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"absent": "claim"})).await;
    let ann = clients.remove(0);
    let mut bo = clients.remove(0);
    let state = bo.state_until(&room, |s| s.play.is_some()).await;
    assert_eq!(state.options.get("absent").map(String::as_str), Some("claim"));
    bo.refused(json!({"type": "claim", "room": room}), "too-early")
        .await;
    // White (to act) goes away; after the grace period she is absent.
    ann.close().await;
    let state = bo.state_until(&room, |s| absent(s, 0)).await;
    assert!(!absent(&state, 1));
    bo.ok(json!({"type": "claim", "room": room})).await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    let outcome = end.play.unwrap().outcome.unwrap();
    assert_eq!(
        (outcome.result.as_str(), outcome.winners),
        ("black wins (on time)", vec![1])
    );
}

each_backend!(a_waiting_room_marks_absence_and_return_but_refuses_claims);
async fn a_waiting_room_marks_absence_and_return_but_refuses_claims() {
    let server = quick_server().await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    let ann = clients.remove(0);
    let mut bo = clients.remove(0);
    ann.close().await;
    bo.state_until(&room, |s| absent(s, 0)).await;
    let m = bo
        .refused(json!({"type": "claim", "room": room}), "too-early")
        .await;
    assert!(m.contains("waits"), "{m}");
    // Ann comes back: no longer absent, and the game goes on.
    let mut ann = server.client().await;
    ann.resume(&tokens[0]).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_until(&room, |s| !absent(s, 0)).await;
    assert_eq!(state.status, RoomStatus::Playing);
    ann.act(&room, "D4").await;
}

each_backend!(absence_survives_a_kill);
async fn absence_survives_a_kill() {
    let dir = temp_dir();
    let url = database_url(&dir);
    let args = ["--database", url.as_str(), "--absent-grace", "1s"];
    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let (room, mut clients, tokens) =
        started_room_at(server.addr, "magneton", json!({"absent": "claim"})).await;
    let ann = clients.remove(0);
    let mut bo = clients.remove(0);
    ann.close().await;
    bo.state_until(&room, |s| absent(s, 0)).await;
    server.kill();

    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let (_, state) = spectator(server.addr, &room).await;
    assert!(absent(&state, 0), "the absence is stored");
    let mut bo = lodestone_tests::Client::connect(server.addr).await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    bo.ok(json!({"type": "claim", "room": room})).await;
    let end = bo.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(end.play.unwrap().outcome.unwrap().winners, vec![1]);
}
