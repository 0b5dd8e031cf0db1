//! Upgrade in place: a database written by the first release (rooms, seats
//! and actions as rows; `tests/fixtures/upgrade-from-0.1/`) opens with
//! today's server, and every game carries on from where it was: positions,
//! secrets and commitments, timers, bots; finished games stay finished;
//! versions are at least what that server gave after a restart. SQLite
//! only: the first release knew no other database.

use std::path::Path;

use lodestone_protocol::{RoomState, RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, http_get, temp_dir};
use serde_json::{Value, json};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/upgrade-from-0.1");

fn expected() -> Value {
    serde_json::from_str(&std::fs::read_to_string(Path::new(FIXTURE).join("expect.json")).unwrap()).unwrap()
}

/// A fresh copy of the old database in a directory of its own.
fn old_database() -> std::path::PathBuf {
    let dir = temp_dir();
    std::fs::copy(Path::new(FIXTURE).join("lodestone.db"), dir.join("lodestone.db")).unwrap();
    dir
}

/// The seat's position, moves and players, as the fixture records them.
fn seen(state: &RoomState) -> Value {
    let play = state.play.as_ref();
    json!({
        "status": state.status,
        "you": state.you,
        "players": state.seats.iter().map(|s| s.player.as_ref().map(|p| p.name.clone())).collect::<Vec<_>>(),
        "position": play.map(|p| p.position.clone()),
        "moves": play.map_or(Vec::new(), |p| p.moves.iter().map(|m| {
            let mut entry = json!({"seat": m.seat, "action": m.action});
            if let Some(c) = &m.commitment {
                entry["commitment"] = json!(c);
            }
            entry
        }).collect()),
        "to_act": play.map(|p| p.to_act.clone()),
    })
}

/// What the fixture says seat `seat` of `room` saw, without its version.
fn before(expect: &Value, room: &str, seat: usize) -> Value {
    let mut seen = expect["rooms"][room]["seats"][seat].clone();
    seen.as_object_mut().unwrap().remove("version");
    seen
}

async fn guest(server: &TestServer, expect: &Value, name: &str) -> (Client, Vec<String>) {
    let mut client = server.client().await;
    let token = expect["tokens"][name].as_str().unwrap();
    match client.resume(token).await {
        ServerMessage::Welcome { guest, rooms, .. } => {
            assert_eq!(guest.name, name);
            (client, rooms)
        }
        other => panic!("{other:?}"),
    }
}

/// Watches `room` and waits for the state that `done` accepts; returns it
/// with its version.
async fn watch(client: &mut Client, room: &str, done: impl Fn(&RoomState) -> bool) -> (u64, RoomState) {
    client.ok(json!({"type": "watch", "room": room})).await;
    let state = client.state_until(room, done).await;
    (client.states[room].0, state)
}

#[tokio::test]
async fn a_database_of_the_first_release_carries_on() {
    let expect = expected();
    let id = |key: &str| expect["rooms"][key]["id"].as_str().unwrap().to_string();
    let restarted = |key: &str| expect["rooms"][key]["restarted_version"].as_u64().unwrap();
    let dir = old_database();
    let server = TestServer::start_in(dir, |c| c.expire_open_after = None).await;

    // Everyone gets back the unfinished rooms where they sit.
    let (mut ann, ann_rooms) = guest(&server, &expect, "Ann").await;
    let (mut bo, bo_rooms) = guest(&server, &expect, "Bo").await;
    let (mut cy, cy_rooms) = guest(&server, &expect, "Cy").await;
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(
        sorted(ann_rooms),
        sorted(vec![id("open"), id("magnetism"), id("magma"), id("magnet")])
    );
    assert_eq!(
        sorted(bo_rooms),
        sorted(vec![id("magnetism"), id("magma"), id("magnet")])
    );
    assert_eq!(cy_rooms, vec![id("bot")]);

    // Magnetism: black's magnet is still a secret from white, under the
    // same commitment; then white places its own and both are revealed.
    let room = id("magnetism");
    let (version, white) = watch(&mut ann, &room, |_| true).await;
    assert!(version >= restarted("magnetism"), "{version}");
    assert_eq!(seen(&white), before(&expect, "magnetism", 0));
    let (_, black) = watch(&mut bo, &room, |_| true).await;
    assert_eq!(seen(&black), before(&expect, "magnetism", 1));
    let after = ann.act(&room, "magnet e4").await;
    assert!(after > version);
    let revealed = ann.state_at(&room, after).await.play.unwrap();
    assert_eq!(revealed.moves[0].action.as_deref(), Some("magnet d5"));
    assert_eq!(
        revealed.moves[0].commitment,
        white.play.unwrap().moves[0].commitment
    );

    // Magnet: both secret setups and two moves, as each seat saw them.
    let room = id("magnet");
    let (version, red) = watch(&mut ann, &room, |_| true).await;
    assert!(version >= restarted("magnet"));
    assert_eq!(seen(&red), before(&expect, "magnet", 0));
    let (_, blue) = watch(&mut bo, &room, |_| true).await;
    assert_eq!(seen(&blue), before(&expect, "magnet", 1));
    let turn = red.play.unwrap().legal[0].clone();
    assert!(ann.act(&room, &turn).await > version);

    // Hot Magma: the turn that was running has long run out. The server
    // records seat 1's timeout as soon as it is up again, and the player
    // to its right chooses the penalty; nothing else moved.
    let room = id("magma");
    let (version, state) = watch(&mut ann, &room, |s| s.play.as_ref().unwrap().moves.len() == 4).await;
    assert!(version > restarted("magma"));
    let play = state.play.unwrap();
    let old = before(&expect, "magma", 0);
    let board = |position: &str| position.split(' ').next().unwrap().to_string();
    assert_eq!(board(&play.position), board(old["position"].as_str().unwrap()));
    let texts: Vec<Value> = play.moves[..3].iter().map(|m| json!(m.action)).collect();
    let old_texts: Vec<Value> = old["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["action"].clone())
        .collect();
    assert_eq!(texts, old_texts);
    assert_eq!(play.moves[3].action.as_deref(), Some("timeout"));
    assert_eq!(play.moves[3].seat, 1);
    assert_eq!(play.board_value()["phase"]["kind"], "penalty");
    assert_eq!(play.to_act, vec![0]);
    assert!(
        play.legal.iter().all(|a| a.starts_with("remove ")),
        "{:?}",
        play.legal
    );

    // The bot game: Cy moves, the bot (which resumed with the server)
    // answers.
    let room = id("bot");
    let (version, state) = watch(&mut cy, &room, |_| true).await;
    assert!(version >= restarted("bot"));
    assert_eq!(seen(&state), before(&expect, "bot", 0));
    let mine = state.play.unwrap().legal[0].clone();
    let acted = cy.act(&room, &mine).await;
    let answered = cy
        .state_until(&room, |s| s.play.as_ref().unwrap().moves.len() == 6)
        .await;
    assert_eq!(answered.play.unwrap().to_act, vec![0]);
    assert!(cy.states[&room].0 > acted);

    // The open private room: Ann still sits there, a guest with the
    // invite takes the other seat, and the game starts.
    let room = id("open");
    let invite = expect["rooms"]["open"]["invite"].as_str().unwrap();
    let (version, state) = watch(&mut ann, &room, |_| true).await;
    assert!(version >= restarted("open"));
    assert_eq!(state.status, RoomStatus::Open);
    assert_eq!(state.invite.as_deref(), Some(invite));
    assert_eq!(state.options["move-rule"], "per-ray");
    bo.ok(json!({"type": "join", "room": room, "invite": invite}))
        .await;
    bo.ok(json!({"type": "start", "room": room})).await;

    // The finished game stays finished, with the same record (its seed
    // and result included), and is not offered to anyone.
    let room = id("finished");
    let (status, record) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_eq!(status, 200);
    // (Records now also name the seed's commitment, derived from the seed.)
    let old = expect["rooms"]["finished"]["record"].as_str().unwrap();
    let seed_line = old.lines().find(|l| l.starts_with("[Seed ")).unwrap();
    let seed = seed_line.trim_start_matches("[Seed \"").trim_end_matches("\"]");
    let expected = old.replace(
        seed_line,
        &format!(
            "[SeedCommitment \"{}\"]\n{seed_line}",
            lodestone_protocol::seed_commitment(seed)
        ),
    );
    assert_eq!(record, expected);
    let mut eve = server.guest("Eve").await;
    let (version, state) = watch(&mut eve, &room, |_| true).await;
    assert!(version >= restarted("finished"));
    assert_eq!(state.status, RoomStatus::Finished);
    match eve.ok(json!({"type": "list_rooms", "playing": true})).await {
        ServerMessage::Rooms { rooms, .. } => assert!(rooms.iter().all(|r| r.id != room)),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn open_rooms_of_the_first_release_expire_like_any_other() {
    let expect = expected();
    let open = expect["rooms"]["open"]["id"].as_str().unwrap();
    let dir = old_database();
    // The fixture's open room is older than a second.
    let server = TestServer::start_in(dir, |c| c.expire_open_after = Some(1000)).await;
    let (mut ann, rooms) = guest(&server, &expect, "Ann").await;
    assert!(!rooms.iter().any(|r| r == open), "{rooms:?}");
    let message = ann
        .refused(json!({"type": "watch", "room": open}), "unknown-room")
        .await;
    assert!(message.contains("no room"), "{message}");
    assert_eq!(rooms.len(), 3, "its games in progress are still there");
}
