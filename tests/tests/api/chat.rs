//! The room's chat over the wire: team lines reach exactly the teammates
//! (never the other team or the spectators: the frames those receive do
//! not depend on the line, as in `secrets.rs`), the players' room chat
//! never reaches spectators, the spectators' chat reaches the players
//! only once the game is over, the owner's switch, the length and rate
//! limits, and the chat surviving a SIGKILL.

use std::collections::BTreeMap;

use lodestone_protocol::{ChatLine, ChatTo, Detail, ServerMessage};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend};
use serde_json::{Value, json};

use crate::secrets::normalise;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// Every chat line `client` has received for `room`, in order (a line
/// sent again after a `watch` counted once).
pub fn lines(client: &Client, room: &str) -> Vec<ChatLine> {
    let mut seen = BTreeMap::new();
    for frame in &client.frames {
        if let Ok(ServerMessage::Chat { room: r, lines }) = serde_json::from_str::<ServerMessage>(frame)
            && r == room
        {
            for line in lines {
                seen.insert(line.seq, line);
            }
        }
    }
    seen.into_values().collect()
}

/// The texts of [`lines`].
pub fn texts(client: &Client, room: &str) -> Vec<String> {
    lines(client, room).into_iter().map(|l| l.text).collect()
}

/// Waits until `client` has a chat line of `room` with `text`.
pub async fn wait_for_line(client: &mut Client, room: &str, text: &str) -> ChatLine {
    loop {
        if let Some(line) = lines(client, room).into_iter().find(|l| l.text == text) {
            return line;
        }
        client
            .recv()
            .await
            .expect("connection open while waiting for a chat line");
    }
}

/// A request that passes through the room's task: once it is answered,
/// whatever the room sent `client` before is in `client.frames`.
pub async fn barrier(client: &mut Client, room: &str) {
    client
        .request(json!({"type": "set_chat", "room": room, "on": true}))
        .await;
}

/// Says `text` to `to` in `room`; returns the line's version.
pub async fn say(client: &mut Client, room: &str, to: &str, text: &str) -> u64 {
    match client
        .ok(json!({"type": "chat", "room": room, "to": to, "text": text}))
        .await
    {
        ServerMessage::Ack { version: Some(v), .. } => v,
        other => panic!("unexpected {other:?}"),
    }
}

/// A Magma game of four (two teams: seats 0 and 2 red, 1 and 3 blue)
/// with a spectator; seat 0 says `secret` to its team, then seat 1 says
/// something to its own. Returns each client's frames, normalised (seats
/// 0 to 3, then the spectator), after a barrier for each.
async fn team_game(secret: &str) -> Vec<Vec<Value>> {
    let server = TestServer::start().await;
    let mut clients = Vec::new();
    let mut host = server.guest("P1").await;
    let room = host.seated_room("magma", json!({"players": 4}), json!(0)).await;
    clients.push(host);
    for i in 1..4 {
        let mut c = server.guest(&format!("P{}", i + 1)).await;
        c.join(&room, json!(i)).await;
        clients.push(c);
    }
    let mut eve = server.guest("Eve").await;
    eve.ok(json!({"type": "watch", "room": room})).await;
    clients.push(eve);
    clients[0].ok(json!({"type": "start", "room": room})).await;
    for c in clients.iter_mut() {
        c.state_until(&room, |s| s.play.is_some()).await;
    }
    let state = clients[0].states[&room].1.clone();
    assert_eq!(
        state.seats[0].team, state.seats[2].team,
        "seats 0 and 2 are a team"
    );
    assert_ne!(state.seats[0].team, state.seats[1].team);
    say(&mut clients[0], &room, "team", secret).await;
    say(&mut clients[1], &room, "team", "blue only").await;
    for c in clients.iter_mut() {
        barrier(c, &room).await;
    }
    // The teammate has the line, from seat 0 to the team...
    let line = wait_for_line(&mut clients[2], &room, secret).await;
    assert_eq!(
        (line.to, line.seat, line.from.name.as_str()),
        (ChatTo::Team, Some(0), "P1")
    );
    assert_eq!(texts(&clients[0], &room), [secret]);
    assert_eq!(texts(&clients[2], &room), [secret]);
    // ...the other team and the spectator never do.
    assert_eq!(texts(&clients[1], &room), ["blue only"]);
    assert_eq!(texts(&clients[3], &room), ["blue only"]);
    assert!(texts(&clients[4], &room).is_empty());
    for c in [&clients[1], &clients[3], &clients[4]] {
        assert!(c.frames.iter().all(|f| !f.contains(secret)), "the line leaked");
    }
    // Watching again brings each one's history, still filtered.
    for c in clients.iter_mut() {
        c.ok(json!({"type": "watch", "room": room})).await;
        barrier(c, &room).await;
    }
    assert!(texts(&clients[4], &room).is_empty());
    assert_eq!(texts(&clients[3], &room), ["blue only"]);
    // A replay shows each one the lines it could read then, no more (the
    // frames compared below hold the answers too).
    let mut replayed = Vec::new();
    for c in clients.iter_mut() {
        match c.request(json!({"type": "replay", "room": room, "ply": 0})).await {
            ServerMessage::Replay { chat, .. } => {
                replayed.push(chat.into_iter().map(|l| l.text).collect::<Vec<_>>())
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(replayed[0], [secret]);
    assert_eq!(replayed[2], [secret]);
    assert_eq!(replayed[1], ["blue only"]);
    assert_eq!(replayed[3], ["blue only"]);
    assert!(replayed[4].is_empty());
    let mut names = BTreeMap::new();
    names.insert(room.clone(), "<room>".to_string());
    for c in &clients {
        for (_, state) in c.states.values() {
            for seat in &state.seats {
                if let Some(p) = &seat.player {
                    names.insert(p.id.clone(), format!("<guest {}>", p.name));
                }
            }
        }
    }
    // A line's time differs between runs; nothing else may.
    let untimed = |mut frame: Value| {
        for key in ["lines", "chat"] {
            if let Some(lines) = frame.get_mut(key).and_then(Value::as_array_mut) {
                lines.iter_mut().for_each(|l| l["at"] = json!("<time>"));
            }
        }
        frame
    };
    clients
        .iter()
        .map(|c| normalise(&c.frames, &names).into_iter().map(untimed).collect())
        .collect()
}

each_backend!(team_chat_reaches_the_teammates_and_nobody_else);
async fn team_chat_reaches_the_teammates_and_nobody_else() {
    let a = team_game("attack the left corner").await;
    let b = team_game("hold the centre, quietly").await;
    // The other team's and the spectator's frames do not depend on what
    // the red team said.
    assert_eq!(a[1], b[1], "blue seat 1's frames depend on red's team line");
    assert_eq!(a[3], b[3], "blue seat 3's frames depend on red's team line");
    assert_eq!(a[4], b[4], "the spectator's frames depend on red's team line");
    assert_ne!(a[2], b[2], "the teammate got the line");
}

each_backend!(players_and_spectators_talk_apart_until_the_end);
async fn players_and_spectators_talk_apart_until_the_end() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = crate::games::started_room(&server, "magneton", json!({})).await;
    let (mut eve, _) = crate::games::spectator(server.addr(), &room).await;
    let (mut sam, _) = crate::games::spectator(server.addr(), &room).await;
    say(&mut clients[0], &room, "room", "good luck").await;
    say(&mut eve, &room, "spectators", "white is in trouble").await;
    // The players' line reaches both players and no spectator; the
    // spectators' line reaches the spectators and no player.
    wait_for_line(&mut clients[1], &room, "good luck").await;
    wait_for_line(&mut sam, &room, "white is in trouble").await;
    for c in clients.iter_mut().chain([&mut eve, &mut sam]) {
        barrier(c, &room).await;
    }
    assert_eq!(texts(&clients[0], &room), ["good luck"]);
    assert_eq!(texts(&clients[1], &room), ["good luck"]);
    assert_eq!(texts(&eve, &room), ["white is in trouble"]);
    assert_eq!(texts(&sam, &room), ["white is in trouble"]);
    // Players cannot write to the spectators, spectators not to the room
    // or a team.
    clients[0]
        .refused(
            json!({"type": "chat", "room": room, "to": "spectators", "text": "hi"}),
            "spectators-only",
        )
        .await;
    eve.refused(json!({"type": "chat", "room": room, "text": "hi"}), "not-seated")
        .await;
    eve.refused(
        json!({"type": "chat", "room": room, "to": "team", "text": "hi"}),
        "not-seated",
    )
    .await;
    clients[0]
        .refused(
            json!({"type": "chat", "room": room, "to": "team", "text": "hi"}),
            "no-teams",
        )
        .await;
    // The end: the players now read the spectators' chat...
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    let line = wait_for_line(&mut clients[1], &room, "white is in trouble").await;
    assert_eq!((line.to, line.seat), (ChatTo::Spectators, None));
    wait_for_line(&mut clients[0], &room, "white is in trouble").await;
    // ...while the room's chat stays the players': after the end too.
    say(&mut clients[1], &room, "room", "good game").await;
    wait_for_line(&mut clients[0], &room, "good game").await;
    say(&mut sam, &room, "spectators", "well played").await;
    wait_for_line(&mut clients[0], &room, "well played").await;
    barrier(&mut eve, &room).await;
    assert_eq!(texts(&eve, &room), ["white is in trouble", "well played"]);
    // A player watching on a new connection gets the whole history it
    // may read.
    let mut again = server.client().await;
    again.resume(&tokens[1]).await;
    again.ok(json!({"type": "watch", "room": room})).await;
    barrier(&mut again, &room).await;
    assert_eq!(
        texts(&again, &room),
        ["good luck", "white is in trouble", "good game", "well played"]
    );
}

each_backend!(chat_is_refused_when_off_too_long_or_unprintable);
async fn chat_is_refused_when_off_too_long_or_unprintable() {
    let server = TestServer::start().await;
    let (room, mut clients, _) =
        crate::games::started_room(&server, "magneton", json!({"chat": "off"})).await;
    let state = clients[0].state_until(&room, |s| s.play.is_some()).await;
    assert_eq!(state.options.get("chat").map(String::as_str), Some("off"));
    let chat = |text: &str| json!({"type": "chat", "room": room, "to": "room", "text": text});
    clients[1].refused(chat("hello"), "chat-off").await;
    // Only the owner (Ann, who made the room) turns it on.
    clients[1]
        .refused(json!({"type": "set_chat", "room": room, "on": true}), "not-owner")
        .await;
    clients[0]
        .ok(json!({"type": "set_chat", "room": room, "on": true}))
        .await;
    let state = clients[1]
        .state_until(&room, |s| !s.options.contains_key("chat"))
        .await;
    assert!(state.play.is_some());
    say(&mut clients[1], &room, "room", "hello").await;
    // 500 characters (not bytes) pass; 501 do not.
    let long = "é".repeat(500);
    say(&mut clients[1], &room, "room", &long).await;
    let message = clients[1]
        .refused(chat(&format!("{long}e")), "chat-too-long")
        .await;
    assert!(message.contains("500"), "{message}");
    for text in ["", "   ", "two\nlines", "tab\there", "\u{202E}reversed"] {
        clients[1].refused(chat(text), "bad-chat").await;
    }
    let message = clients[1].refused(chat("\u{202E}x"), "bad-chat").await;
    let bidi = "a chat line cannot hold bidirectional overrides or isolates (it has U+202E)";
    assert_eq!(message, bidi);
    let detail = crate::vacation::refusal_detail(&mut clients[1], chat("\u{202E}x")).await;
    assert_eq!(detail, Some(Detail::ChatBidi { code_point: 0x202E }));
    // A connection that does not watch the room cannot talk in it.
    let mut stranger = server.guest("Stranger").await;
    stranger.refused(chat("hi"), "not-watching").await;
    // The owner turns it off again: refused from then on.
    clients[0]
        .ok(json!({"type": "set_chat", "room": room, "on": false}))
        .await;
    clients[0].refused(chat("still there?"), "chat-off").await;
    barrier(&mut clients[0], &room).await;
    assert_eq!(texts(&clients[0], &room), ["hello".to_string(), long]);
}

each_backend!(a_person_may_say_only_so_many_lines_a_minute);
async fn a_person_may_say_only_so_many_lines_a_minute() {
    let server = TestServer::start_with(|c| c.limits.chat_rate = 3).await;
    let (room, mut clients, _) = crate::games::started_room(&server, "magneton", json!({})).await;
    for i in 0..3 {
        say(&mut clients[0], &room, "room", &format!("line {i}")).await;
    }
    let message = clients[0]
        .refused(
            json!({"type": "chat", "room": room, "text": "one more"}),
            "chat-rate-limited",
        )
        .await;
    assert_eq!(message, "more than 3 chat lines a minute: wait a little");
    // The refusal carries the limit as its detail.
    let again = json!({"type": "chat", "room": room, "text": "and another"});
    let refused = clients[0].request(again).await;
    let ServerMessage::Error { detail, .. } = &refused else {
        panic!("{refused:?}");
    };
    assert_eq!(
        detail.as_deref(),
        Some(&lodestone_protocol::Detail::ChatRate { count: 3 })
    );
    // The limit is per person: the other player still talks.
    say(&mut clients[1], &room, "room", "my turn").await;
    wait_for_line(&mut clients[0], &room, "my turn").await;
    assert!(texts(&clients[0], &room).iter().all(|t| t != "one more"));
}

each_backend!(chat_survives_a_killed_server);
async fn chat_survives_a_killed_server() {
    let (dir, server, room, mut clients, tokens, _) =
        crate::games::killable_room("magneton", json!({})).await;
    let (mut eve, _) = crate::games::spectator(server.addr, &room).await;
    say(&mut clients[0], &room, "room", "before the crash").await;
    let acked = say(&mut eve, &room, "spectators", "watching closely").await;
    server.kill();

    let server = ServerProcess::start(SERVER, &dir);
    let mut bo = Client::connect(server.addr).await;
    bo.resume(&tokens[1]).await;
    bo.ok(json!({"type": "watch", "room": room})).await;
    let state = bo.state_at(&room, 0).await;
    assert!(
        bo.states[&room].0 >= acked,
        "the version went down across the restart"
    );
    assert!(state.play.is_some());
    barrier(&mut bo, &room).await;
    // The player's line is back; the spectators' is still not the
    // players' to read while the game runs.
    assert_eq!(texts(&bo, &room), ["before the crash"]);
    let mut watcher = Client::guest(server.addr, "Sam").await;
    watcher.ok(json!({"type": "watch", "room": room})).await;
    barrier(&mut watcher, &room).await;
    assert_eq!(texts(&watcher, &room), ["watching closely"]);
    say(&mut bo, &room, "room", "after the crash").await;
    wait_for_line(&mut bo, &room, "after the crash").await;
    assert_eq!(texts(&bo, &room), ["before the crash", "after the crash"]);
    drop(clients);
}
