//! Magnet through the server: secret setups committed and revealed
//! together at the end, hidden values never reaching the other seat or a
//! spectator (indistinguishability), offers that leak nothing, dealt
//! setups, and a game played to its end.

use std::collections::BTreeMap;

use lodestone_protocol::{PlayState, RoomStatus};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::{Value, json};

use crate::games::started_room;
use crate::secrets::normalise;

/// The kinds of a side, in the order setups are written here.
pub const MATERIAL: [&str; 12] = ["K", "2", "2", "2", "T2", "3", "3", "3", "T3", "4", "4", "4"];

/// `MATERIAL` with blue's King and one of its 4s changing places.
pub fn swapped() -> [&'static str; 12] {
    let mut kinds = MATERIAL;
    kinds.swap(0, 9);
    kinds
}

/// A setup line putting `kinds` on the start vertices of `side` (`start`:
/// the board's `start`, the vertices by side).
pub fn setup(start: &Value, side: &str, kinds: &[&str]) -> String {
    let parts: Vec<String> = start[side]
        .as_array()
        .unwrap()
        .iter()
        .zip(kinds)
        .map(|(v, k)| format!("{}:{k}", v.as_str().unwrap()))
        .collect();
    format!("setup {}", parts.join(" "))
}

/// The `n`th action of a game played with varied offers: one of the legal
/// actions in `own` (the player's own view), spread over them, with its
/// promotions every other time it has some.
pub fn varied_action(own: &PlayState, n: usize) -> String {
    let action = own.legal[(n * 7919) % own.legal.len()].clone();
    match own.promotions.get(&action) {
        Some(extras) if n.is_multiple_of(2) => format!("{action} +{}", extras.join(",")),
        _ => action,
    }
}

/// Plays `turns` turns, each seat taking the first action it is offered
/// (never a promotion); returns the version reached.
async fn first_offers(clients: &mut [Client], room: &str, mut version: u64, turns: usize) -> u64 {
    for _ in 0..turns {
        let state = clients[0].state_at(room, version).await;
        if state.status == RoomStatus::Finished {
            break;
        }
        let seat = state.play.unwrap().to_act[0] as usize;
        let own = clients[seat].state_at(room, version).await;
        let action = own.play.unwrap().legal[0].clone();
        version = clients[seat].act(room, &action).await;
    }
    version
}

/// A Magnet game with blue's setup `blue`; returns the normalised frames
/// red and a spectator received, and red's last state.
async fn magnet_frames(blue: &[&str], turns: usize) -> (Vec<Value>, Vec<Value>, Value) {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnet", json!({})).await;
    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    let start = state.play.unwrap().board_value()["start"].clone();
    let red = setup(&start, "red", &MATERIAL);
    let blue_setup = setup(&start, "blue", blue);
    // Blue sets up first: red sees only that blue has committed.
    let v = clients[1].act(&room, &blue_setup).await;
    let seen = clients[0].state_at(&room, v).await.play.unwrap();
    assert_eq!(seen.board_value()["blue"]["set_up"], true);
    assert_eq!(seen.board_value()["blue"]["open"], false);
    assert!(
        seen.legal.is_empty(),
        "setups are composed by the client, not offered"
    );
    let v = clients[0].act(&room, &red).await;
    let v = first_offers(&mut clients, &room, v, turns).await;
    clients[0].state_at(&room, v).await;
    eve.state_at(&room, v).await;
    let mut names = BTreeMap::new();
    names.insert(room.clone(), "<room>".to_string());
    for (_, state) in clients[0].states.values() {
        for seat in &state.seats {
            if let Some(p) = &seat.player {
                names.insert(p.id.clone(), format!("<guest {}>", p.name));
            }
        }
    }
    // Red's state as its client has put it together (updates carry only
    // new moves).
    let last = serde_json::to_value(&clients[0].states[&room].1).unwrap();
    (
        normalise(&clients[0].frames, &names),
        normalise(&eve.frames, &names),
        last,
    )
}

each_backend!(blue_hidden_setup_never_reaches_red_or_a_spectator);
async fn blue_hidden_setup_never_reaches_red_or_a_spectator() {
    // The same public game twice; blue's King and one of its 4s change
    // places between the runs.
    let swapped = swapped();
    let (red_a, eve_a, last) = magnet_frames(&MATERIAL, 6).await;
    let (red_b, eve_b, _) = magnet_frames(&swapped, 6).await;
    // Nothing was captured, so nothing of blue's may have been revealed.
    assert_eq!(last["play"]["board"]["blue"]["captured"], json!([]));
    assert_eq!(last["play"]["board"]["red"]["captured"], json!([]));
    assert!(red_a.len() > 8);
    assert_eq!(red_a, red_b, "red's frames depend on blue's hidden values");
    assert_eq!(eve_a, eve_b, "the spectator's frames depend on hidden values");
    // Red's own pieces are open to it, blue's closed, and blue's setup is
    // only a commitment.
    let play = &last["play"];
    assert_eq!(play["board"]["red"]["open"], true);
    assert!(play["board"]["blue"]["pieces"][0].get("kind").is_none());
    assert!(play["moves"][0]["action"].is_null());
    assert!(play["moves"][0]["commitment"].is_string());
    assert_eq!(
        play["moves"][1]["action"].as_str().unwrap().split(' ').next(),
        Some("setup")
    );
}

each_backend!(a_magnet_game_ends_and_both_setups_verify);
async fn a_magnet_game_ends_and_both_setups_verify() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnet", json!({})).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    let start = state.play.unwrap().board_value()["start"].clone();
    clients[0].act(&room, &setup(&start, "red", &MATERIAL)).await;
    let mut version = clients[1].act(&room, &setup(&start, "blue", &MATERIAL)).await;
    // Commitments as first seen by the spectator-free opponent.
    let seen = clients[1].state_at(&room, version).await.play.unwrap();
    let red_commitment = seen.moves[0].commitment.clone().unwrap();
    assert_eq!(seen.moves[0].action, None);
    // Play on with varied offers (promotions included) until the end.
    let mut n = 0usize;
    loop {
        let state = clients[0].state_at(&room, version).await;
        if state.status == RoomStatus::Finished {
            break;
        }
        let seat = state.play.unwrap().to_act[0] as usize;
        let own = clients[seat].state_at(&room, version).await.play.unwrap();
        n += 1;
        let action = varied_action(&own, n);
        version = clients[seat].act(&room, &action).await;
        assert!(n < 2000, "the game did not end");
    }
    let end = clients[0].state_at(&room, version).await.play.unwrap();
    assert!(end.outcome.is_some());
    // After the end both setups are revealed with their salts, and they
    // are what was committed when they were played.
    for m in &end.moves[..2] {
        let (action, salt, commitment) = (
            m.action.as_ref().unwrap(),
            m.salt.as_ref().unwrap(),
            m.commitment.as_ref().unwrap(),
        );
        assert!(action.starts_with("setup "));
        assert_eq!(&lodestone_protocol::commitment(salt, action), commitment);
    }
    assert_eq!(end.moves[0].commitment.as_ref(), Some(&red_commitment));
    assert_eq!(
        end.board_value()["blue"]["open"],
        true,
        "after the game everyone sees everything"
    );
    // The full record replays to the same end.
    let (_, text) =
        lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    let game = lodestone_rules::Record::parse(&text).unwrap().replay().unwrap();
    assert_eq!(
        game.outcome().map(ToString::to_string),
        end.outcome.map(|o| o.result)
    );
}

each_backend!(random_setups_are_dealt_by_the_server);
async fn random_setups_are_dealt_by_the_server() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnet", json!({"setup": "random"})).await;
    let state = clients[0]
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.moves.len() == 2))
        .await;
    let play = state.play.unwrap();
    assert_eq!(play.to_act, vec![0], "red moves first once both setups are dealt");
    assert!(play.moves.iter().all(|m| m.commitment.is_some()));
    assert!(
        play.moves[0].action.as_deref().unwrap().starts_with("setup "),
        "red sees its own dealt setup"
    );
    assert_eq!(play.moves[1].action, None, "but not blue's");
    assert_eq!(play.board_value()["red"]["pieces"].as_array().unwrap().len(), 12);
    clients[0]
        .refused(json!({"type": "act", "room": room, "action": setup(&play.board_value()["start"], "red", &MATERIAL)}), "wrong-phase")
        .await;
}
