//! Hidden information: secret actions reach other viewers only as
//! commitments, the frames a viewer receives do not depend on the other
//! side's secrets (indistinguishability), and the salts revealed at the end
//! verify the commitments.

use std::collections::BTreeMap;

use lodestone_protocol::RoomStatus;
use lodestone_tests::{TestServer, each_backend};
use serde_json::{Value, json};

use crate::games::{play, started_room};

/// Replaces, in every frame, the strings that differ between two runs for
/// reasons that are not secrets: ids (named ones by their names, other
/// UUIDs alike), tokens and commitment hashes (any 64-digit hex string),
/// by placeholders.
pub fn normalise(frames: &[String], names: &BTreeMap<String, String>) -> Vec<Value> {
    fn walk(v: &mut Value, names: &BTreeMap<String, String>) {
        match v {
            Value::String(s) => {
                if let Some(name) = names.get(s.as_str()) {
                    *s = name.clone();
                } else if s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
                    *s = "<sha256>".into();
                } else if uuid::Uuid::parse_str(s).is_ok() {
                    *s = "<uuid>".into();
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|x| walk(x, names)),
            Value::Object(o) => o.values_mut().for_each(|x| walk(x, names)),
            _ => {}
        }
    }
    frames
        .iter()
        .map(|f| {
            let mut v: Value = serde_json::from_str(f).unwrap();
            walk(&mut v, names);
            v
        })
        .collect()
}

/// A Magnetism game up to the reveal of the opening: black places its
/// magnet on `black_square` first; returns the frames white and a
/// spectator received before white places its own, normalised.
async fn opening_frames(black_square: &str) -> (Vec<Value>, Vec<Value>) {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnetism", json!({})).await;
    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    eve.state_until(&room, |s| s.play.is_some()).await;
    clients[0].state_until(&room, |s| s.play.is_some()).await;
    let version = clients[1].act(&room, &format!("magnet {black_square}")).await;
    clients[0].state_at(&room, version).await;
    eve.state_at(&room, version).await;
    let mut names = BTreeMap::new();
    names.insert(room.clone(), "<room>".to_string());
    for c in [&clients[0], &clients[1], &eve] {
        for f in &c.frames {
            let v: Value = serde_json::from_str(f).unwrap();
            if let Some(id) = v.pointer("/guest/id").and_then(Value::as_str) {
                names.insert(id.to_string(), format!("<guest {}>", v["guest"]["name"]));
            }
        }
    }
    // Guests' ids also appear in other clients' seat lists.
    for (_, state) in clients[0].states.values() {
        for seat in &state.seats {
            if let Some(p) = &seat.player {
                names.insert(p.id.clone(), format!("<guest {}>", p.name));
            }
        }
    }
    let white = normalise(&clients[0].frames, &names);
    let spectator = normalise(&eve.frames, &names);
    (white, spectator)
}

each_backend!(the_magnetism_opening_does_not_leak_the_other_square);
async fn the_magnetism_opening_does_not_leak_the_other_square() {
    let (white_a, eve_a) = opening_frames("d5").await;
    let (white_b, eve_b) = opening_frames("k7").await;
    assert!(white_a.len() >= 4, "white received its frames");
    assert_eq!(white_a, white_b, "white's frames depend on black's secret square");
    assert_eq!(
        eve_a, eve_b,
        "the spectator's frames depend on black's secret square"
    );
    // And the frames say that black has committed, without the square.
    let last = white_a.last().unwrap();
    let play = &last["state"]["play"];
    assert_eq!(play["board"]["magnets"]["black"], "hidden");
    assert_eq!(play["moves"][0]["commitment"], "<sha256>");
    assert!(play["moves"][0]["action"].is_null());
    assert!(!play["position"].as_str().unwrap().contains("d5"));
}

each_backend!(a_magnetism_game_commits_reveals_and_verifies);
async fn a_magnetism_game_commits_reveals_and_verifies() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnetism", json!({})).await;
    clients[0].state_until(&room, |s| s.play.is_some()).await;
    // Black commits first; white sees only the commitment.
    let v = clients[1].act(&room, "magnet i5").await;
    let seen = clients[0].state_at(&room, v).await;
    let seed_commitment = seen.seed_commitment.clone();
    assert_eq!(seen.seed, None, "the seed stays secret while the game runs");
    let first = seen.play.unwrap().moves[0].clone();
    let committed = first
        .commitment
        .clone()
        .expect("a secret action carries a commitment");
    assert_eq!(first.action, None);
    // Black itself sees its own square.
    let own = clients[1].state_at(&room, v).await;
    assert_eq!(own.play.unwrap().moves[0].action.as_deref(), Some("magnet i5"));
    // White commits: both are revealed together.
    let v = clients[0].act(&room, "magnet g3").await;
    let both = clients[0].state_at(&room, v).await.play.unwrap();
    assert_eq!(both.moves[0].action.as_deref(), Some("magnet i5"));
    assert_eq!(both.moves[1].action.as_deref(), Some("magnet g3"));
    assert_eq!(both.moves[0].salt, None, "salts stay secret until the end");
    let record = lodestone_rules::Record::parse(include_str!(
        "../../records/magnetism/valid/back-row-race-lost.txt"
    ))
    .unwrap();
    let rest: Vec<&str> = record.actions[2..].iter().map(|a| a.text.as_str()).collect();
    let end = play(&mut clients, &room, &rest).await;
    assert_eq!(end.status, RoomStatus::Finished);
    // The seed is revealed, and is the one committed to all along.
    let seed = end.seed.clone().expect("the seed is revealed at the end");
    assert_eq!(end.seed_commitment, seed_commitment);
    assert_eq!(lodestone_protocol::seed_commitment(&seed), seed_commitment);
    let play = end.play.unwrap();
    assert_eq!(
        play.outcome.unwrap().result,
        "black wins (ahead on the far row, 1 to 0)"
    );
    // Every commitment checks out against the revealed action and salt,
    // and is the one sent when the action was played.
    let mut checked = 0;
    for m in &play.moves {
        if let Some(commitment) = &m.commitment {
            let salt = m.salt.as_ref().expect("salts are revealed at the end");
            let action = m.action.as_ref().expect("actions are revealed at the end");
            assert_eq!(&lodestone_protocol::commitment(salt, action), commitment);
            assert_eq!(salt.len(), 32, "a 128-bit salt");
            checked += 1;
        }
    }
    // Both squares are secret actions, so both are committed to, though
    // white's was revealed the moment it was placed (it completed the
    // opening): whichever seat places first, the record's checker finds a
    // commitment for each.
    assert_eq!(checked, 2);
    assert!(play.moves[1].commitment.is_some());
    assert_eq!(play.moves[0].commitment.as_ref(), Some(&committed));
    // The record lists the opening in seat order (white first), replays,
    // and carries the salts.
    let (status, text) =
        lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_eq!(status, 200);
    let replayed = lodestone_rules::Record::parse(&text).unwrap();
    assert_eq!(replayed.actions[0].text, "magnet g3");
    assert_eq!(replayed.actions[1].text, "magnet i5");
    assert_eq!(
        replayed.header_values("Seed").collect::<Vec<_>>(),
        [seed.as_str()]
    );
    assert_eq!(
        replayed.header_values("SeedCommitment").collect::<Vec<_>>(),
        [seed_commitment.as_str()]
    );
    // Black's commitment names its line of the record (action 2: the
    // record lists the opening in seat order), not the order of play, and
    // checks out from the record alone.
    let headers: Vec<&str> = replayed.header_values("Commitment").collect();
    assert_eq!(headers.len(), 2);
    let black = headers
        .iter()
        .find(|h| h.starts_with("2 "))
        .expect("black's line");
    let parts: Vec<&str> = black.split(' ').collect();
    assert_eq!(parts[..2], ["2", committed.as_str()]);
    assert_eq!(
        lodestone_protocol::commitment(parts[2], &replayed.actions[1].text),
        committed
    );
    let game = replayed.replay().unwrap();
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "black wins (ahead on the far row, 1 to 0)"
    );
}

each_backend!(the_seed_is_committed_to_from_the_room_creation);
async fn the_seed_is_committed_to_from_the_room_creation() {
    let server = TestServer::start().await;
    let mut ann = server.guest("Ann").await;
    let (room, _) = ann.create_room("magnet", json!({"setup": "random"}), true).await;
    ann.ok(json!({"type": "watch", "room": room})).await;
    let open = ann.state_at(&room, 0).await;
    assert_eq!(open.status, RoomStatus::Open);
    assert_eq!(open.seed, None);
    assert_eq!(open.seed_commitment.len(), 64);
    assert!(open.seed_commitment.chars().all(|c| c.is_ascii_hexdigit()));
    let (status, text) =
        lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
    assert_eq!(status, 200);
    assert!(
        text.contains(&format!("[SeedCommitment \"{}\"]", open.seed_commitment)),
        "{text}"
    );
    assert!(!text.contains("[Seed "), "{text}");
}

each_backend!(a_running_record_hides_what_the_viewer_may_not_see);
async fn a_running_record_hides_what_the_viewer_may_not_see() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&server, "magnetism", json!({})).await;
    clients[0].state_until(&room, |s| s.play.is_some()).await;
    clients[1].act(&room, "magnet i5").await;
    let path = format!("/api/rooms/{room}/record");
    let (_, white) = lodestone_tests::http_get(server.addr(), &path, Some(&tokens[0])).await;
    let (_, black) = lodestone_tests::http_get(server.addr(), &path, Some(&tokens[1])).await;
    let (_, spectator) = lodestone_tests::http_get(server.addr(), &path, None).await;
    for text in [&white, &spectator] {
        assert!(!text.contains("i5"), "{text}");
        assert!(text.contains("black's secret action, commitment "), "{text}");
    }
    assert!(black.contains("magnet i5"), "{black}");
    let (status, _) = lodestone_tests::http_get(server.addr(), &path, Some("not-a-token")).await;
    assert_eq!(status, 401);
}
