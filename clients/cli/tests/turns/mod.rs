//! "Your move in N games" in `lodestone play` (issue 27): Ann, in the
//! terminal, plays two correspondence games against Bo (a WebSocket client
//! of the test); her lobby counts the games waiting for her move as Bo
//! moves, `g` opens the oldest (from the lobby and from a room, whose line
//! counts the others), and Enter on the list opens one. Uses play.rs's
//! helpers.

use serde_json::json;

use super::{fresh, play_as_ann};

/// Ann's guest token, from the identity file her client keeps.
fn token_of(identity: &std::path::Path) -> String {
    let text = std::fs::read_to_string(identity).expect("the identity file");
    let file: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let tokens = file["tokens"].as_object().expect("tokens by server");
    tokens
        .values()
        .next()
        .and_then(|t| t.as_str())
        .expect("a token")
        .to_string()
}

pub(crate) fn your_move_in_n_games() {
    let (dir, server, identity) = fresh("turns");
    let ann = play_as_ann("turns-ann", (100, 30), &server, &identity, &dir, &[]);
    let lobby = ann.wait_text("● online");
    assert!(!lobby.contains("Your move in"), "nothing waits yet:\n{lobby}");
    let token = token_of(&identity);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    // Bo opens two unlisted `1d/move` rooms (the lobby names them by id)
    // and plays white; Ann (her own token, on a second connection) sits at
    // black in both; Bo starts them.
    let (mut bo, rooms) = runtime.block_on(async {
        let mut bo = lodestone_tests::Client::connect(server.addr).await;
        bo.hello("Bo").await;
        let mut ann_ws = lodestone_tests::Client::connect(server.addr).await;
        ann_ws.resume(&token).await;
        let mut rooms = Vec::new();
        for _ in 0..2 {
            let (room, invite) = bo
                .create_room("magneton", json!({"clock": "1d/move"}), false)
                .await;
            bo.ok(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
                .await;
            ann_ws
                .ok(json!({"type": "join", "room": room, "seat": 1, "invite": invite}))
                .await;
            bo.ok(json!({"type": "start", "room": room})).await;
            rooms.push(room);
        }
        ann_ws.close().await;
        (bo, rooms)
    });
    let mut bo_moves = |room: &str, action: &str| {
        runtime.block_on(bo.act(room, action));
    };
    // Each of Bo's moves is counted in Ann's lobby, live.
    bo_moves(&rooms[0], "D4");
    ann.wait_text("Your move in 1 game (g opens the oldest)");
    bo_moves(&rooms[1], "C3");
    let lobby = ann.wait_text("Your move in 2 games (g opens the oldest)");
    let first = lobby.find(&rooms[0][..8]).expect("the first room listed");
    let second = lobby.find(&rooms[1][..8]).expect("the second room listed");
    assert!(first < second, "the oldest first:\n{lobby}");
    ann.save("turns-lobby");
    // g opens the oldest: the first room, with a line for the other.
    ann.keys(&["g"]);
    let room = ann.wait_for("the first room, and the other counted", |s| {
        s.contains("1 white  D4")
            && s.contains("Your turn.")
            && s.contains("Your move in 1 other game: g opens magneton")
    });
    ann.save("turns-room");
    assert!(!room.contains("C3"), "{room}");
    ann.type_move("E5");
    ann.wait_text("2 black  E5");
    // From the room, g opens the next one waiting.
    ann.keys(&["g"]);
    ann.wait_for("the second room", |s| {
        s.contains("1 white  C3") && s.contains("Your turn.") && !s.contains("Your move in")
    });
    // Bo answers in the first room: the line over this one counts it.
    bo_moves(&rooms[0], "F6");
    ann.wait_text("Your move in 1 other game: g opens magneton");
    ann.type_move("E5");
    ann.wait_text("2 black  E5");
    // Back in the lobby: one game waits, chosen first; Enter opens it.
    ann.keys(&["q"]);
    let lobby = ann.wait_text("Your move in 1 game (g opens the oldest)");
    // The other game waits for Bo: among Ann's games, not her moves.
    let waiting = &lobby[..lobby.find("Your games").expect("Ann's games")];
    assert!(!waiting.contains(&rooms[1][..8]), "{lobby}");
    assert!(lobby.contains(&rooms[1][..8]), "{lobby}");
    ann.keys(&["Enter"]);
    ann.wait_for("the first room again", |s| {
        s.contains("3 white  F6") && s.contains("Your turn.")
    });
    runtime.block_on(bo.close());
}
