//! Bots think on threads of their own: while several searching bots are
//! thinking, a person's moves are answered, and the bots get on with
//! their games too. Asserted on the order of events, not on times.

use lodestone_protocol::RoomState;
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::json;

/// Actions played in a room so far, as the client has seen them.
fn played(state: &RoomState) -> usize {
    state
        .play
        .as_ref()
        .map_or(0, |p| p.moves_from as usize + p.moves.len())
}

fn to_act(state: &RoomState, seat: u8) -> bool {
    state.play.as_ref().is_some_and(|p| p.to_act.contains(&seat))
}

/// How many actions each room has now, as far as `client` can tell: a
/// ping is answered after every update the rooms sent it before.
async fn progress(client: &mut Client, rooms: &[String]) -> Vec<usize> {
    client.ok(json!({"type": "ping"})).await;
    rooms.iter().map(|r| played(&client.states[r].1)).collect()
}

each_backend!(people_are_answered_while_search_bots_think);
async fn people_are_answered_while_search_bots_think() {
    let server = TestServer::start().await;
    // Six games where a hard bot is to move: 1.2 s of thinking for the
    // first, at least a quarter of that for each of the others, on the one
    // bot thread; more than the people need for their moves.
    let mut host = server.guest("Host").await;
    let mut rooms = Vec::new();
    for _ in 0..6 {
        let room = host.seated_room("magneton", json!({}), json!("white")).await;
        host.ok(json!({"type": "add_bot", "room": room, "level": "hard"}))
            .await;
        host.ok(json!({"type": "start", "room": room})).await;
        let state = host.state_until(&room, |s| to_act(s, 0)).await;
        host.act(&room, &state.play.unwrap().legal[0]).await;
        rooms.push(room);
    }
    let before = progress(&mut host, &rooms).await;

    // Meanwhile Ann and Bo play twenty moves, each answered.
    let mut ann = server.guest("Ann").await;
    let mut bo = server.guest("Bo").await;
    let game = ann.seated_room("magneton", json!({}), json!("white")).await;
    bo.join(&game, json!("black")).await;
    ann.ok(json!({"type": "start", "room": game})).await;
    let mut version = 0;
    for n in 0..20 {
        let (mover, seat) = if n % 2 == 0 { (&mut ann, 0) } else { (&mut bo, 1) };
        let state = mover
            .state_until(&game, |s| {
                s.status != lodestone_protocol::RoomStatus::Playing || to_act(s, seat)
            })
            .await;
        let Some(play) = state
            .play
            .filter(|_| state.status == lodestone_protocol::RoomStatus::Playing)
        else {
            break;
        };
        let acked = mover.act(&game, &play.legal[n % play.legal.len()]).await;
        assert!(acked > version, "every move is stored with a new version");
        version = acked;
    }

    // The people were answered while the bots still had thinking to do:
    // not every bot has moved yet.
    let after = progress(&mut host, &rooms).await;
    let waiting = before.iter().zip(&after).filter(|(b, a)| a <= b).count();
    assert!(
        waiting >= 1,
        "every bot had moved before the people's twenty moves were answered: {before:?} -> {after:?}"
    );
    // And every bot gets its move in.
    for room in &rooms {
        let start = before[rooms.iter().position(|r| r == room).unwrap()];
        host.state_until(room, |s| played(s) > start).await;
    }
}
