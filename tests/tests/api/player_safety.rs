//! What every player may do about others and about their own data (issue
//! 32): a block hides the blocked player's chat (live and in replays) and
//! keeps the two from one table; rated games aborted again and again bring
//! bans from rated play that grow and expire (the clock moved ahead on
//! paused time); a player's export holds their data and only theirs; a
//! deletion removes the account and keeps the other players' games whole;
//! zen hides every chat line from the player who sets it; a player mutes
//! the spectators of their games.

use std::time::Duration;

use lodestone_protocol::{Detail, RoomStatus, SanctionKind, ServerMessage};
use lodestone_tests::{Client, TestServer, each_backend, eventually, http_get};
use serde_json::json;

use crate::accounts::{PASSWORD, account};
use crate::chat::{barrier, say, texts, wait_for_line};
use crate::games::{spectator, started_room};
use crate::moderation::{only_their_data, paused_moderated_server, skip};

/// Bo (`clients[1]`) then Ann (`clients[0]`) say a line in `room`; then
/// every client has all the room sent before.
async fn bo_then_ann_say(clients: &mut [Client], room: &str) {
    clients[1]
        .ok(json!({"type": "chat", "room": room, "text": "from Bo"}))
        .await;
    clients[0]
        .ok(json!({"type": "chat", "room": room, "text": "from Ann"}))
        .await;
    for c in clients.iter_mut() {
        barrier(c, room).await;
    }
}

each_backend!(a_block_hides_chat_and_keeps_the_players_apart);
/// Ann blocks Bo: Bo's lines never reach Ann (live or in a replay) while
/// Bo still reads his own and Ann's; neither may then join a table where
/// the other sits (`blocked`), until Ann unblocks him.
async fn a_block_hides_chat_and_keeps_the_players_apart() {
    let server = TestServer::start().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    clients[0].act(&room, "D4").await;
    let bo_id = clients[1].states[&room].1.seats[1].player.clone().unwrap().id;
    clients[0].ok(json!({"type": "block", "player": bo_id})).await;
    bo_then_ann_say(&mut clients, &room).await;
    assert_eq!(texts(&clients[0], &room), ["from Ann"]);
    assert_eq!(texts(&clients[1], &room), ["from Bo", "from Ann"]);
    for (who, seen) in [(0, vec!["from Ann"]), (1, vec!["from Bo", "from Ann"])] {
        match clients[who]
            .request(json!({"type": "replay", "room": room, "ply": 1}))
            .await
        {
            ServerMessage::Replay { chat, .. } => {
                let texts: Vec<&str> = chat.iter().map(|l| l.text.as_str()).collect();
                assert_eq!(texts, seen, "seat {who}");
            }
            other => panic!("{other:?}"),
        }
    }
    // Apart: neither joins the other's table.
    let (ann_room, _) = clients[0].create_room("magneton", json!({}), true).await;
    clients[0].join(&ann_room, json!(0)).await;
    clients[1]
        .refused(json!({"type": "join", "room": ann_room}), "blocked")
        .await;
    let (bo_room, _) = clients[1].create_room("magneton", json!({}), true).await;
    clients[1].join(&bo_room, json!(0)).await;
    clients[0]
        .refused(json!({"type": "join", "room": bo_room}), "blocked")
        .await;
    clients[0].ok(json!({"type": "unblock", "player": bo_id})).await;
    clients[1].join(&ann_room, json!(null)).await;
}

/// Polls the moderator's list of sanctions in force until Bo has a ban
/// from rated play of `minutes` (the results worker stores it after the
/// game's end); returns the bans in force.
async fn rated_ban(mo: &mut Client, bo: &str, minutes: u64) -> Vec<lodestone_protocol::Sanction> {
    eventually!(format!("a rated ban of {minutes} minutes"), {
        let bans: Vec<_> = match mo.ok(json!({"type": "admin_sanctions"})).await {
            ServerMessage::AdminSanctions { sanctions, .. } => sanctions
                .into_iter()
                .filter(|s| s.kind == SanctionKind::RatedBan && s.player.as_ref().is_some_and(|p| p.id == bo))
                .collect(),
            other => panic!("{other:?}"),
        };
        if bans.iter().any(|b| b.until == Some(b.at + minutes * 60_000)) {
            Ok(bans)
        } else {
            Err(bans)
        }
    })
}

/// A rated Magneton game Cy opens and Bo aborts.
async fn aborted_rated_game(cy: &mut Client, bo: &mut Client) {
    let room = cy.game_with(bo, "magneton", json!({"rated": "yes"})).await;
    bo.ok(json!({"type": "abort", "room": room})).await;
}

each_backend!(aborted_rated_games_bring_bans_that_grow_and_expire);
/// Three aborted rated games are a strike; the first strike is forgiven,
/// the second bans Bo from rated play for ten minutes (`rated-banned` at
/// `create_room` and `join` of a rated room, unrated play untouched), the
/// third for an hour; each ban ends by itself.
async fn aborted_rated_games_bring_bans_that_grow_and_expire() {
    let (server, _ann, mut mo) = paused_moderated_server().await;
    let addr = server.addr();
    let (mut bo, bo_id, _) = account(addr, "Bo").await;
    let (mut cy, _, _) = account(addr, "Cy").await;
    for _ in 0..6 {
        aborted_rated_game(&mut cy, &mut bo).await;
    }
    let bans = rated_ban(&mut mo, &bo_id, 10).await;
    assert_eq!(bans.len(), 1, "{bans:?}");
    let m = bo
        .refused(
            json!({"type": "create_room", "game": "magneton", "public": true, "options": {"rated": "yes"}}),
            "rated-banned",
        )
        .await;
    assert!(
        m.starts_with("you may not play rated games for 10 minutes more: "),
        "{m}"
    );
    let (rated, _) = cy.create_room("magneton", json!({"rated": "yes"}), true).await;
    // The refusal carries the ban's reason and length, as other bans do.
    let refused = bo
        .request(json!({"type": "join", "room": rated, "seat": 1}))
        .await;
    let ServerMessage::Error {
        detail: Some(detail), ..
    } = refused
    else {
        panic!("no detail: {refused:?}");
    };
    let Detail::RatedBanned { reason, lasting } = *detail else {
        panic!("{detail:?}");
    };
    assert!(
        m.ends_with(&reason) && reason.contains("rated games left"),
        "{reason}"
    );
    assert_eq!(lasting.minutes, Some(10));
    bo.refused(json!({"type": "join", "room": rated, "seat": 1}), "rated-banned")
        .await;
    // An unrated room still seats him.
    bo.seated_room("magneton", json!({}), json!(0)).await;
    skip(Duration::from_secs(10 * 60 + 1)).await;
    bo.join(&rated, json!(1)).await;
    bo.ok(json!({"type": "leave", "room": rated})).await;
    for _ in 0..3 {
        aborted_rated_game(&mut cy, &mut bo).await;
    }
    let bans = rated_ban(&mut mo, &bo_id, 60).await;
    assert_eq!(bans.len(), 1, "the first ban is over: {bans:?}");
    let m = bo
        .refused(json!({"type": "join", "room": rated, "seat": 1}), "rated-banned")
        .await;
    assert!(m.contains("60 minutes"), "{m}");
    skip(Duration::from_secs(3600 + 1)).await;
    bo.join(&rated, json!(1)).await;
}

/// A finished game between the accounts Ann and Bo in which both chatted;
/// returns the server, the room, the clients, their ids and Ann's token.
async fn finished_game_of_accounts() -> (TestServer, String, Client, Client, String, String, String) {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (mut ann, ann_id, ann_token) = account(addr, "Ann").await;
    let (mut bo, bo_id, _) = account(addr, "Bo").await;
    let room = ann.game_with(&mut bo, "magneton", json!({})).await;
    ann.act(&room, "D4").await;
    ann.ok(json!({"type": "chat", "room": room, "text": "good luck, from Ann"}))
        .await;
    bo.ok(json!({"type": "chat", "room": room, "text": "thanks, from Bo"}))
        .await;
    bo.refused(json!({"type": "delete_account", "password": PASSWORD}), "in-game")
        .await;
    bo.ok(json!({"type": "resign", "room": room})).await;
    ann.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    (server, room, ann, bo, ann_id, bo_id, ann_token)
}

each_backend!(an_export_holds_the_players_data_and_only_theirs);
/// Ann's export has her guest, account, rooms and her own chat lines,
/// never Bo's name, words or the password.
async fn an_export_holds_the_players_data_and_only_theirs() {
    let (_server, room, mut ann, _bo, ann_id, bo_id, _) = finished_game_of_accounts().await;
    let reply = ann.ok(json!({"type": "export_my_data"})).await;
    let data = only_their_data(
        reply,
        &ann_id,
        "Ann",
        &room,
        "good luck, from Ann",
        &["from Bo", "\"Bo\""],
    );
    assert_eq!(data["guest"]["id"], json!(ann_id));
    let text = data.to_string();
    // Bo appears only by his id, if at all (here nowhere: Ann made no
    // report and blocks nobody).
    assert!(!text.contains(&bo_id), "{text}");
}

each_backend!(a_deletion_removes_the_account_and_keeps_the_others_games_whole);
/// Bo deletes his account (refused while his game ran): his connection
/// ends, his login and token no longer work, Ann's game record stays
/// whole with his name replaced, and Ann's export still has the game.
async fn a_deletion_removes_the_account_and_keeps_the_others_games_whole() {
    let (server, room, ann, mut bo, _, _, ann_token) = finished_game_of_accounts().await;
    let addr = server.addr();
    bo.refused(
        json!({"type": "delete_account", "password": "wrong password"}),
        "bad-login",
    )
    .await;
    bo.ok(json!({"type": "delete_account", "password": PASSWORD}))
        .await;
    assert!(
        bo.recv()
            .await
            .is_none_or(|m| matches!(m, ServerMessage::Bye { .. })),
        "the connection ends"
    );
    let mut again = Client::connect(addr).await;
    again
        .refused(
            json!({"type": "login", "name": "Bo", "password": PASSWORD}),
            "bad-login",
        )
        .await;
    // The room, read again from the store by a new server on the same
    // database: the moves and Ann stay, Bo's name and words are gone.
    ann.close().await;
    let server = server.restart(|_| {}).await;
    let (status, record) = http_get(
        server.addr(),
        &format!("/api/rooms/{room}/record"),
        Some(&ann_token),
    )
    .await;
    assert_eq!(status, 200, "{record}");
    assert!(record.contains("white=Ann") && record.contains("D4"), "{record}");
    assert!(
        record.contains("deleted player") && !record.contains("=Bo"),
        "{record}"
    );
    let mut ann = Client::connect(server.addr()).await;
    ann.resume(&ann_token).await;
    match ann
        .request(json!({"type": "replay", "room": room, "ply": 1}))
        .await
    {
        ServerMessage::Replay { chat, .. } => {
            let texts: Vec<&str> = chat.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(texts, ["good luck, from Ann", "(deleted)"]);
        }
        other => panic!("{other:?}"),
    }
}

/// Whether `c`'s replay of `room` at ply 1 carries chat lines, and which.
async fn replay_texts(c: &mut Client, room: &str) -> Vec<String> {
    match c.request(json!({"type": "replay", "room": room, "ply": 1})).await {
        ServerMessage::Replay { chat, .. } => chat.into_iter().map(|l| l.text).collect(),
        other => panic!("{other:?}"),
    }
}

each_backend!(zen_hides_every_chat_line_from_that_player);
/// Ann turns zen on: no line reaches her (hers, Bo's, live, in a replay
/// or on a new connection) while Bo still reads them all; zen is stored,
/// and turned off she reads the chat again.
async fn zen_hides_every_chat_line_from_that_player() {
    let server = TestServer::start().await;
    let (room, mut clients, tokens) = started_room(&server, "magneton", json!({})).await;
    clients[0].act(&room, "D4").await;
    clients[1]
        .ok(json!({"type": "chat", "room": room, "text": "before"}))
        .await;
    barrier(&mut clients[0], &room).await;
    assert_eq!(texts(&clients[0], &room), ["before"]);
    clients[0]
        .ok(json!({"type": "set_preferences", "zen": true}))
        .await;
    match clients[0].ok(json!({"type": "preferences"})).await {
        ServerMessage::Preferences {
            zen, mute_spectators, ..
        } => assert!(zen && !mute_spectators),
        other => panic!("{other:?}"),
    }
    bo_then_ann_say(&mut clients, &room).await;
    assert_eq!(texts(&clients[0], &room), ["before"], "nothing after zen");
    assert_eq!(texts(&clients[1], &room), ["before", "from Bo", "from Ann"]);
    assert_eq!(replay_texts(&mut clients[0], &room).await, Vec::<String>::new());
    assert_eq!(
        replay_texts(&mut clients[1], &room).await,
        ["before", "from Bo", "from Ann"]
    );
    // A new connection of Ann's reads her stored setting.
    let mut again = server.client().await;
    again.resume(&tokens[0]).await;
    again.ok(json!({"type": "watch", "room": room})).await;
    barrier(&mut again, &room).await;
    assert!(texts(&again, &room).is_empty(), "{:?}", texts(&again, &room));
    again.ok(json!({"type": "set_preferences", "zen": false})).await;
    clients[1]
        .ok(json!({"type": "chat", "room": room, "text": "after"}))
        .await;
    wait_for_line(&mut again, &room, "after").await;
    assert_eq!(
        replay_texts(&mut again, &room).await,
        ["before", "from Bo", "from Ann", "after"]
    );
}

each_backend!(a_player_mutes_the_spectators_of_their_games);
/// Spectators chat among themselves until Ann mutes the spectators of her
/// games: their lines are then refused with `spectators-muted` (nothing
/// reaches the other spectator or, after the end, the players), in a room
/// where she sits only; unmuted, they chat again.
async fn a_player_mutes_the_spectators_of_their_games() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let (mut eve, _) = spectator(addr, &room).await;
    let (mut sam, _) = spectator(addr, &room).await;
    say(&mut eve, &room, "spectators", "one").await;
    wait_for_line(&mut sam, &room, "one").await;
    clients[0]
        .ok(json!({"type": "set_preferences", "mute_spectators": true}))
        .await;
    eve.refused(
        json!({"type": "chat", "room": room, "to": "spectators", "text": "two"}),
        "spectators-muted",
    )
    .await;
    // Another room, where Ann does not sit: its spectators still chat.
    let (other, _others, _) = started_room(&server, "magneton", json!({})).await;
    let (mut eve2, _) = spectator(addr, &other).await;
    say(&mut eve2, &other, "spectators", "elsewhere").await;
    // After the end too.
    clients[0].ok(json!({"type": "resign", "room": room})).await;
    clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Finished)
        .await;
    sam.refused(
        json!({"type": "chat", "room": room, "to": "spectators", "text": "three"}),
        "spectators-muted",
    )
    .await;
    for c in clients.iter_mut().chain([&mut eve, &mut sam]) {
        barrier(c, &room).await;
    }
    for c in [&clients[0], &clients[1], &eve, &sam] {
        let seen = texts(c, &room);
        assert!(seen.iter().all(|t| t == "one"), "{seen:?}");
    }
    clients[0]
        .ok(json!({"type": "set_preferences", "mute_spectators": false}))
        .await;
    say(&mut sam, &room, "spectators", "four").await;
    wait_for_line(&mut clients[1], &room, "four").await;
}
