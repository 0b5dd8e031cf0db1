//! Who may watch a game, and how far behind (issue 32, docs/moderation.md):
//! the room options `spectators` (`link`: only with the invite; `off`:
//! nobody without a seat until the game is over) and `spectator-delay`
//! (a spectator is kept that many plies behind while the game runs, in
//! its updates, its replays and the record it reads; proven by two games
//! that differ only in their last plies giving a spectator the same
//! frames); both options offered in `/api/games` and shown in the list of
//! open rooms.

use std::collections::BTreeMap;

use lodestone_protocol::{RoomStatus, ServerMessage};
use lodestone_tests::{TestServer, each_backend, http_get};
use serde_json::{Value, json};

use crate::chat::barrier;
use crate::games::{play, started_room};
use crate::secrets::normalise;

each_backend!(spectators_off_and_by_link);
/// `off`: a spectator's `watch` and `replay` are refused with
/// `no-spectators` until the game is over, then allowed. `link`: a public
/// room gets an invite; anyone may sit without it, but watching needs it
/// (`invite-required`).
async fn spectators_off_and_by_link() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"spectators": "off"})).await;
    clients[0].act(&room, "D4").await;
    let mut eve = server.guest("Eve").await;
    eve.refused(json!({"type": "watch", "room": room}), "no-spectators")
        .await;
    eve.refused(json!({"type": "replay", "room": room, "ply": 0}), "no-spectators")
        .await;
    let (status, _) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_ne!(status, 200, "no record for a spectator either");
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    eve.ok(json!({"type": "watch", "room": room})).await;

    let mut ann = server.guest("Ann").await;
    let (linked, invite) = ann
        .create_room("magneton", json!({"spectators": "link"}), true)
        .await;
    let invite = invite.expect("a room watched by link has an invite");
    ann.join(&linked, json!(0)).await;
    let mut bo = server.guest("Bo").await;
    bo.join(&linked, json!(null)).await;
    let m = eve
        .refused(json!({"type": "watch", "room": linked}), "invite-required")
        .await;
    assert!(m.contains("invite"), "{m}");
    eve.refused(
        json!({"type": "watch", "room": linked, "invite": "not-it"}),
        "invite-required",
    )
    .await;
    eve.ok(json!({"type": "watch", "room": linked, "invite": invite}))
        .await;

    // A Magma team game keeps spectators a round of turns behind unless
    // told otherwise; a two-player game does not.
    let (team, _) = ann.create_room("magma", json!({"players": 4}), true).await;
    let (duel, _) = ann.create_room("magma", json!({}), true).await;
    let rooms = match ann.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    let delay = |id: &str| {
        let room = rooms.iter().find(|r| r.id == id).expect("listed");
        room.options.get("spectator-delay").cloned()
    };
    assert_eq!(delay(&team).as_deref(), Some("4"));
    assert_eq!(delay(&duel), None);
}

/// A Magneton game with `spectator-delay` 2 and a spectator watching from
/// the start: plays `A1`, `H8`, then `tail`; checks what the spectator may
/// replay and read meanwhile; returns the spectator's frames normalised
/// (the room's id and the players' ids replaced).
async fn delayed_game(tail: [&str; 2]) -> Vec<Value> {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({"spectator-delay": 2})).await;
    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let moves = ["A1", "H8", tail[0], tail[1]];
    let live = play(&mut clients, &room, &moves).await;
    assert_eq!(
        live.play.as_ref().unwrap().moves.len(),
        4,
        "the players see every ply"
    );
    barrier(&mut eve, &room).await;
    let seen = eve.states[&room].1.clone();
    assert_eq!(
        seen.play.as_ref().unwrap().moves.len(),
        2,
        "the spectator sees two plies"
    );
    // Replays: up to ply 2, no further.
    eve.ok(json!({"type": "replay", "room": room, "ply": 2})).await;
    let m = eve
        .refused(json!({"type": "replay", "room": room, "ply": 3}), "bad-ply")
        .await;
    assert!(m.contains("spectators"), "{m}");
    clients[1]
        .ok(json!({"type": "replay", "room": room, "ply": 4}))
        .await;
    // The record a spectator reads stops there too.
    let (status, record) = http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let actions: Vec<String> = lodestone_rules::Record::parse(&record)
        .unwrap()
        .actions
        .into_iter()
        .map(|a| a.text)
        .collect();
    assert_eq!(actions, ["A1", "H8"], "{record}");
    let frames = eve.frames.clone();
    // Once the game is over the spectator sees it whole.
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    let end = eve.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    assert_eq!(end.play.unwrap().moves.len(), 4);
    eve.ok(json!({"type": "replay", "room": room, "ply": 4})).await;
    let names = BTreeMap::from([(room.clone(), "<room>".to_string())]);
    normalise(&frames, &names)
}

each_backend!(a_spectator_never_sees_a_ply_before_the_delay_allows);
/// Two games that differ only in their last two plies give a spectator
/// kept two plies behind exactly the same frames while they run.
async fn a_spectator_never_sees_a_ply_before_the_delay_allows() {
    let one = delayed_game(["D5", "A8"]).await;
    let other = delayed_game(["E4", "H1"]).await;
    assert_eq!(one, other);
}

each_backend!(spectator_options_are_offered_and_listed);
/// `/api/games` offers `spectators` and `spectator-delay` for every game
/// (each value it offers is one `create_room` takes), and the list of open
/// rooms shows them when they are not the defaults.
async fn spectator_options_are_offered_and_listed() {
    let server = TestServer::start().await;
    let (status, body) = http_get(server.addr(), "/api/games", None).await;
    assert_eq!(status, 200);
    let games: Vec<lodestone_protocol::GameInfo> = serde_json::from_str(&body).unwrap();
    let mut ann = server.guest("Ann").await;
    for game in &games {
        let option = |key: &str| {
            game.options
                .iter()
                .find(|o| o.key == key)
                .unwrap_or_else(|| panic!("{} has no {key}: {:?}", game.game, game.options))
                .clone()
        };
        let policy = option("spectators");
        assert_eq!(
            (policy.values.as_slice(), policy.default.as_str()),
            (&["public".to_string(), "link".into(), "off".into()][..], "public")
        );
        let delay = option("spectator-delay");
        assert_eq!((delay.values[0].as_str(), delay.default.as_str()), ("0", "0"));
        assert!(!policy.help.is_empty() && !delay.help.is_empty());
        for (key, values) in [("spectators", &policy.values), ("spectator-delay", &delay.values)] {
            for value in values {
                ann.create_room(&game.game, json!({key: value}), false).await;
            }
        }
    }
    let (plain, _) = ann.create_room("magneton", json!({}), true).await;
    let (watched, _) = ann
        .create_room(
            "magneton",
            json!({"spectators": "link", "spectator-delay": 2}),
            true,
        )
        .await;
    let rooms = match ann.ok(json!({"type": "list_rooms"})).await {
        ServerMessage::Rooms { rooms, .. } => rooms,
        other => panic!("{other:?}"),
    };
    let options = |id: &str| rooms.iter().find(|r| r.id == id).expect("listed").options.clone();
    let spectators = |id: &str| {
        let mut options = options(id);
        options.retain(|k, _| k.starts_with("spectator"));
        options
    };
    assert_eq!(spectators(&plain), BTreeMap::new());
    assert_eq!(
        spectators(&watched),
        BTreeMap::from([
            ("spectators".to_string(), "link".to_string()),
            ("spectator-delay".to_string(), "2".to_string())
        ])
    );
}
