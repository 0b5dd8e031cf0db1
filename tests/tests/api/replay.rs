//! Replays: every ply a viewer asks for during a game is the view its live
//! update showed at that version (seat 0, seat 1 and a spectator, across a
//! whole Magnet game); once the game is over every viewer gets every ply
//! with nothing hidden; a replay never tells a player the other side's
//! hidden values (indistinguishability, as in `secrets.rs`); and the
//! errors: a ply past the end, an unknown room, a game not started, a
//! private room without its invite.

use std::collections::BTreeMap;

use lodestone_protocol::{RoomState, RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend};
use serde_json::{Value, json};

use crate::games::{spectator, started_room};
use crate::magnet::{MATERIAL, setup, swapped, varied_action};
use crate::secrets::normalise;

/// A replay's answer.
struct Replayed {
    ply: u32,
    plies: u32,
    version: u64,
    revealed: bool,
    state: RoomState,
}

/// Asks for ply `ply` of `room`; the answer must be a `replay`.
async fn replay(client: &mut Client, room: &str, ply: u32) -> Replayed {
    match client
        .request(json!({"type": "replay", "room": room, "ply": ply}))
        .await
    {
        ServerMessage::Replay {
            room: r,
            ply,
            plies,
            version,
            revealed,
            state,
            ..
        } => {
            assert_eq!(r, room);
            Replayed {
                ply,
                plies,
                version,
                revealed,
                state: *state,
            }
        }
        other => panic!("replay of ply {ply} was answered with {other:?}"),
    }
}

/// Every live update of `room` a client received, as it put it together
/// (updates may carry only the new moves), by version: the last one of
/// each version (an update that only changes presence repeats it).
fn live_states(frames: &[String], room: &str) -> BTreeMap<u64, RoomState> {
    let mut out: BTreeMap<u64, RoomState> = BTreeMap::new();
    let mut moves = Vec::new();
    for frame in frames {
        let Ok(ServerMessage::Update {
            room: r,
            version,
            state,
        }) = serde_json::from_str(frame)
        else {
            continue;
        };
        if r != room {
            continue;
        }
        let mut state = *state;
        if let Some(play) = state.play.as_mut() {
            let from = play.moves_from as usize;
            assert!(moves.len() >= from, "an update continues a log the client lacks");
            moves.truncate(from);
            moves.append(&mut play.moves);
            play.moves = moves.clone();
            play.moves_from = 0;
        }
        out.insert(version, state);
    }
    out
}

/// The parts of a state that are the game as the viewer sees it: the
/// room, the seats (without `connected`: presence is not stored), the
/// board, the position, who acts, the move list, the last action's
/// effects, the outcome and a draw offer. Left out, as a replay differs
/// there by design (docs/protocol.md, `replay`): `legal`, `promotions`,
/// `risks`, the running `clock`, the `clocks`' countdown.
fn game_view(state: &RoomState) -> Value {
    let mut v = serde_json::to_value(state).unwrap();
    for seat in v["seats"].as_array_mut().unwrap() {
        seat.as_object_mut().unwrap().remove("connected");
    }
    if let Some(play) = v["play"].as_object_mut() {
        for key in ["legal", "promotions", "risks", "clock", "clocks", "moves_from"] {
            play.remove(key);
        }
    }
    v
}

/// A seat's colour in Magnet.
fn color(seat: usize) -> &'static str {
    ["red", "blue"][seat]
}

/// Where a side's pieces stand and their ranks: what every viewer sees of
/// it.
fn public_side(board: &Value, color: &str) -> Vec<(Value, Value)> {
    board[color]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["vertex"].clone(), p["rank"].clone()))
        .collect()
}

/// Asks every ply from 0 to `upto` as each viewer and checks each answer
/// against the live update that viewer got at the answer's version.
async fn every_ply_matches_live(viewers: &mut [Client], room: &str, upto: u32) {
    for (i, viewer) in viewers.iter_mut().enumerate() {
        for ply in 0..=upto {
            let r = replay(viewer, room, ply).await;
            // The reply comes after every update queued before the
            // request.
            let live = live_states(&viewer.frames, room);
            assert_eq!(r.ply, ply);
            assert!(!r.revealed, "the game is not over");
            assert!(r.plies >= upto);
            let seen = live
                .get(&r.version)
                .unwrap_or_else(|| panic!("viewer {i} had no live update at version {}", r.version));
            assert_eq!(
                game_view(&r.state),
                game_view(seen),
                "viewer {i}, ply {ply}: the replay is not what it saw live"
            );
            let play = r.state.play.as_ref().unwrap();
            assert_eq!(play.moves.len(), ply as usize);
            assert!(play.legal.is_empty() && play.risks.is_empty() && play.clock.is_none());
        }
    }
}

each_backend!(replay_views_equal_live_views_for_every_viewer_across_a_magnet_game);
async fn replay_views_equal_live_views_for_every_viewer_across_a_magnet_game() {
    // Many requests in a row: the message rate is not what is tested here.
    let server = TestServer::start_with(|c| c.rate_limit = 0).await;
    let (room, mut players, _) = started_room(&server, "magnet", json!({})).await;
    let (eve, _) = spectator(server.addr(), &room).await;
    let state = players[0].state_until(&room, |s| s.play.is_some()).await;
    let start = state.play.unwrap().board_value()["start"].clone();
    let mut viewers = vec![players.remove(0), players.remove(0), eve];
    // Ply 0, before any setup.
    every_ply_matches_live(&mut viewers, &room, 0).await;
    viewers[1].act(&room, &setup(&start, "blue", &MATERIAL)).await;
    let mut version = viewers[0].act(&room, &setup(&start, "red", &MATERIAL)).await;
    // Play to the end with varied offers (promotions too); after each
    // action every viewer asks for the newest ply, and at ply 30 for every
    // ply so far.
    let mut n = 0usize;
    let mut plies = 2u32;
    loop {
        for viewer in viewers.iter_mut() {
            viewer.state_at(&room, version).await;
        }
        for (i, viewer) in viewers.iter_mut().enumerate() {
            let r = replay(viewer, &room, plies).await;
            let live = viewer.states[&room].1.clone();
            if live.status == RoomStatus::Finished {
                assert!(r.revealed);
                assert_eq!(game_view(&r.state), game_view(&live), "viewer {i}: the end");
            } else {
                assert!(!r.revealed);
                assert_eq!(r.version, version);
                assert_eq!(
                    game_view(&r.state),
                    game_view(&live),
                    "viewer {i}, ply {plies}: the replay is not what it sees live"
                );
            }
        }
        if plies == 30 {
            every_ply_matches_live(&mut viewers, &room, plies).await;
        }
        let state = viewers[0].states[&room].1.clone();
        if state.status == RoomStatus::Finished {
            break;
        }
        let seat = state.play.unwrap().to_act[0] as usize;
        let own = viewers[seat].states[&room].1.play.clone().unwrap();
        n += 1;
        let action = varied_action(&own, n);
        version = viewers[seat].act(&room, &action).await;
        plies += 1;
        assert!(n < 2000, "the game did not end");
    }
    assert!(plies > 30, "the game was long enough for the sweep at ply 30");
    // After the end: every ply, for every viewer, hides nothing, and is
    // the same for all; each is what the viewer saw live plus what was
    // hidden from it.
    let lives: Vec<BTreeMap<u64, RoomState>> =
        viewers.iter().map(|v| live_states(&v.frames, &room)).collect();
    let mut answers: Vec<Vec<Replayed>> = Vec::new();
    for viewer in viewers.iter_mut() {
        let mut all = Vec::new();
        for ply in 0..=plies {
            all.push(replay(viewer, &room, ply).await);
        }
        answers.push(all);
    }
    let seed = lives[0][&version]
        .seed
        .clone()
        .expect("the seed is out at the end");
    for ply in 0..=plies as usize {
        let referee = &answers[0][ply];
        assert!(referee.revealed);
        assert_eq!(referee.plies, plies);
        assert_eq!(referee.state.seed.as_ref(), Some(&seed));
        let board = referee.state.play.as_ref().unwrap().board_value();
        assert_eq!(board["red"]["open"], true, "ply {ply}: red is open to all");
        assert_eq!(board["blue"]["open"], true, "ply {ply}: blue is open to all");
        for (i, answer) in answers.iter().enumerate() {
            let r = &answer[ply];
            let mut mine = game_view(&r.state);
            let mut first = game_view(&referee.state);
            assert_eq!(mine["you"], json!(if i < 2 { Some(i) } else { None }));
            mine["you"] = Value::Null;
            first["you"] = Value::Null;
            assert_eq!(mine, first, "viewer {i}, ply {ply}: every viewer sees the same");
            // What the viewer saw live at that version is in it.
            let seen = &lives[i][&r.version];
            let seen_play = seen.play.as_ref().unwrap();
            let play = r.state.play.as_ref().unwrap();
            assert_eq!(play.to_act, seen_play.to_act);
            assert_eq!(play.moves.len(), seen_play.moves.len());
            for (m, s) in play.moves.iter().zip(&seen_play.moves) {
                assert_eq!(m.commitment, s.commitment);
                assert!(m.action.is_some());
                if s.action.is_some() {
                    assert_eq!(m.action, s.action);
                }
            }
            let seen_board = seen_play.board_value();
            for side in ["red", "blue"] {
                assert_eq!(public_side(&board, side), public_side(&seen_board, side));
            }
            if i < 2 {
                // Its own side, as it saw it.
                assert_eq!(board[color(i)], seen_board[color(i)], "viewer {i}, ply {ply}");
            }
        }
    }
    // The last ply is the end as everyone saw it live.
    for (i, live) in lives.iter().enumerate() {
        assert_eq!(
            game_view(&answers[i][plies as usize].state),
            game_view(&live[&version])
        );
    }
}

/// A Magnet game of `turns` turns after the setups, blue's setup `blue`;
/// returns the normalised replay answers red and a spectator got for every
/// ply (asked while the game runs), and blue's answer at the last ply.
async fn replay_frames(blue: &[&str], turns: usize) -> (Vec<Value>, Vec<Value>, Value) {
    let server = TestServer::start_with(|c| c.rate_limit = 0).await;
    let (room, mut clients, _) = started_room(&server, "magnet", json!({})).await;
    let (mut eve, _) = spectator(server.addr(), &room).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    let start = state.play.unwrap().board_value()["start"].clone();
    clients[1].act(&room, &setup(&start, "blue", blue)).await;
    let mut version = clients[0].act(&room, &setup(&start, "red", &MATERIAL)).await;
    for _ in 0..turns {
        let state = clients[0].state_at(&room, version).await;
        assert_eq!(state.status, RoomStatus::Playing);
        let seat = state.play.unwrap().to_act[0] as usize;
        let own = clients[seat].state_at(&room, version).await;
        let action = own.play.unwrap().legal[0].clone();
        version = clients[seat].act(&room, &action).await;
    }
    let plies = 2 + turns as u32;
    let mut names = BTreeMap::new();
    names.insert(room.clone(), "<room>".to_string());
    let mut frames = Vec::new();
    for client in [&mut clients[0], &mut eve] {
        let before = client.frames.len();
        for ply in 0..=plies {
            replay(client, &room, ply).await;
        }
        let replies: Vec<String> = client.frames[before..]
            .iter()
            .filter(|f| f.contains(r#""type":"replay""#))
            .cloned()
            .collect();
        assert_eq!(replies.len(), plies as usize + 1);
        frames.push(normalise(&replies, &names));
    }
    let blue_last = serde_json::to_value(replay(&mut clients[1], &room, plies).await.state).unwrap();
    let eve_frames = frames.pop().unwrap();
    (frames.pop().unwrap(), eve_frames, blue_last)
}

each_backend!(a_replay_never_tells_the_other_side_a_hidden_value);
async fn a_replay_never_tells_the_other_side_a_hidden_value() {
    // The same public game twice; blue's King and one of its 4s change
    // places between the runs.
    let swapped = swapped();
    let (red_a, eve_a, blue_a) = replay_frames(&MATERIAL, 6).await;
    let (red_b, eve_b, blue_b) = replay_frames(&swapped, 6).await;
    assert_eq!(red_a.len(), 9);
    assert_eq!(red_a, red_b, "red's replays depend on blue's hidden values");
    assert_eq!(eve_a, eve_b, "the spectator's replays depend on hidden values");
    // Blue's own replay shows its pieces (so the two runs do differ), and
    // red's shows blue's only as ranks.
    assert_ne!(blue_a["play"]["board"]["blue"], blue_b["play"]["board"]["blue"]);
    assert_eq!(blue_a["play"]["board"]["blue"]["open"], true);
    let last = &red_a[8];
    assert_eq!(last["revealed"], false);
    assert_eq!(last["state"]["play"]["board"]["blue"]["open"], false);
    assert!(
        last["state"]["play"]["board"]["blue"]["pieces"][0]
            .get("kind")
            .is_none()
    );
    assert!(last["state"]["play"]["moves"][0]["action"].is_null());
    assert!(last["state"]["play"]["moves"][0].get("salt").is_none());
    assert!(last["state"].get("seed").is_none());
}

each_backend!(replay_errors_have_their_codes);
async fn replay_errors_have_their_codes() {
    let server = TestServer::start().await;
    let mut ann = server.client().await;
    ann.refused(json!({"type": "replay", "room": "r", "ply": 0}), "not-identified")
        .await;
    ann.hello("Ann").await;
    let unknown = uuid::Uuid::new_v4().to_string();
    ann.refused(
        json!({"type": "replay", "room": unknown, "ply": 0}),
        "unknown-room",
    )
    .await;
    ann.refused(
        json!({"type": "replay", "room": "x".repeat(100), "ply": 0}),
        "unknown-room",
    )
    .await;
    ann.refused(json!({"type": "replay", "room": unknown}), "bad-message")
        .await;
    ann.refused(
        json!({"type": "replay", "room": unknown, "ply": -1}),
        "bad-message",
    )
    .await;
    // A private room: not started yet, then played; a stranger needs the
    // invite.
    let (room, invite) = ann.create_room("magnetism", json!({}), false).await;
    let invite = invite.expect("a private room's invite");
    ann.ok(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
        .await;
    ann.refused(json!({"type": "replay", "room": room, "ply": 0}), "not-started")
        .await;
    let mut bo = server.guest("Bo").await;
    bo.ok(json!({"type": "join", "room": room, "invite": invite}))
        .await;
    bo.ok(json!({"type": "start", "room": room})).await;
    let version = bo.act(&room, "magnet i5").await;
    let mut eve = server.guest("Eve").await;
    eve.refused(
        json!({"type": "replay", "room": room, "ply": 0}),
        "invite-required",
    )
    .await;
    eve.refused(
        json!({"type": "replay", "room": room, "ply": 0, "invite": "wrong"}),
        "invite-required",
    )
    .await;
    let seen = eve
        .ok(json!({"type": "replay", "room": room, "ply": 1, "invite": invite}))
        .await;
    let ServerMessage::Replay {
        state,
        plies,
        version: v,
        ..
    } = seen
    else {
        panic!("{seen:?}");
    };
    assert_eq!((plies, v), (1, version));
    assert_eq!(state.you, None);
    assert_eq!(state.invite, None, "a spectator is not shown the invite");
    assert!(
        state.play.unwrap().moves[0].action.is_none(),
        "black's magnet is secret"
    );
    let message = ann
        .refused(json!({"type": "replay", "room": room, "ply": 2}), "bad-ply")
        .await;
    assert!(message.contains("0 to 1"), "{message}");
    // A seated player sees as its seat, without the invite.
    let own = bo.ok(json!({"type": "replay", "room": room, "ply": 1})).await;
    let ServerMessage::Replay { state, .. } = own else {
        panic!("{own:?}");
    };
    assert_eq!(state.you, Some(1));
    assert_eq!(state.play.unwrap().moves[0].action.as_deref(), Some("magnet i5"));
}

each_backend!(replay_requests_count_against_the_message_rate);
async fn replay_requests_count_against_the_message_rate() {
    let server = TestServer::start_with(|c| c.rate_limit = 5).await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    clients[0].state_until(&room, |s| s.play.is_some()).await;
    let ann = &mut clients[0];
    for id in 0..30 {
        ann.send_text(&json!({"type": "replay", "id": 1000 + id, "room": room, "ply": 0}).to_string())
            .await;
    }
    let (mut answered, mut limited) = (0, 0);
    while answered + limited < 30 {
        match ann.recv().await.expect("the connection stays open") {
            ServerMessage::Replay { .. } => answered += 1,
            ServerMessage::Error { code, .. } if code == "rate-limited" => limited += 1,
            _ => {}
        }
    }
    assert!(
        answered >= 1 && limited >= 1,
        "{answered} answered, {limited} limited"
    );
}

each_backend!(a_resigned_game_replays_to_its_end_with_everything_revealed);
async fn a_resigned_game_replays_to_its_end_with_everything_revealed() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magnetism", json!({})).await;
    let (mut eve, _) = spectator(server.addr(), &room).await;
    clients[0].state_until(&room, |s| s.play.is_some()).await;
    clients[0].act(&room, "magnet g3").await;
    // While the game runs, white's magnet is secret from the spectator.
    let during = replay(&mut eve, &room, 1).await;
    assert!(!during.revealed);
    let play = during.state.play.unwrap();
    assert_eq!(play.moves[0].action, None);
    assert_eq!(play.board_value()["magnets"]["white"], "hidden");
    clients[1].act(&room, "magnet i5").await;
    clients[1].ok(json!({"type": "resign", "room": room})).await;
    let end = eve.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    let version = eve.states[&room].0;
    // Once it is over, the same ply hides nothing: the action, its salt,
    // the seed, the magnet on the board.
    let after = replay(&mut eve, &room, 1).await;
    assert!(after.revealed);
    assert_eq!(after.plies, 2);
    assert_eq!(after.state.seed, end.seed);
    let play = after.state.play.unwrap();
    assert_eq!(play.moves[0].action.as_deref(), Some("magnet g3"));
    assert!(play.moves[0].salt.is_some());
    assert_eq!(play.board_value()["magnets"]["white"], "g3");
    assert_eq!(play.outcome, None, "the game had not ended at ply 1");
    // The last ply includes the resignation after it: the end as seen
    // live.
    let last = replay(&mut eve, &room, 2).await;
    assert_eq!(last.version, version);
    assert_eq!(game_view(&last.state), game_view(&end));
    let outcome = last.state.play.unwrap().outcome.unwrap();
    assert!(outcome.result.contains("resign"), "{}", outcome.result);
}
