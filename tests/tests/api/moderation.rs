//! Moderation (issue 32): roles (the first account an admin with
//! `--first-account-is-admin`, `admin grant` on the command line, admins
//! appointing moderators), every admin message refused to a player with
//! `not-allowed` and nothing changed, the audit log; chat timeouts that
//! mute and expire; bans of accounts and of addresses (behind a trusted
//! proxy) that refuse connections and logins with `banned` and lift when
//! they expire; reports that reach the queue with their context and are
//! resolved; a moderator closing any room and renaming a player; an admin
//! exporting and deleting another player.

use std::net::SocketAddr;
use std::time::Duration;

use lodestone_protocol::{Detail, PROTOCOL_VERSION, ReportStatus, Role, RoomStatus, ServerMessage};
use lodestone_tests::{Client, TestServer, database_url, each_backend, run_to_exit};
use serde_json::{Value, json};

use crate::accounts::{PASSWORD, account};
use crate::games::started_room;

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

/// The data in `reply`, a `player_data` message about the player `id`,
/// which must hold the guest `name`, its account, the room `room` and, of
/// the chat, only the player's own line `said`; none of `foreign` (another
/// player's name and words), the password or its hash.
pub fn only_their_data(
    reply: ServerMessage,
    id: &str,
    name: &str,
    room: &str,
    said: &str,
    foreign: &[&str],
) -> Value {
    let data = match reply {
        ServerMessage::PlayerData { player, data, .. } => {
            assert_eq!(player, id);
            data
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(data["guest"]["name"], json!(name));
    assert_eq!(data["account"]["name_key"], json!(name.to_lowercase()));
    assert!(data["rooms"].as_array().unwrap().contains(&json!(room)), "{data}");
    let chat: Vec<&Value> = data["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["text"])
        .collect();
    assert_eq!(chat, [&json!(said)]);
    let text = data.to_string();
    for words in foreign.iter().chain(&[PASSWORD, "argon2id$"]) {
        assert!(!text.contains(words), "{words} in {text}");
    }
    data
}

/// A server whose first account is an admin.
pub async fn moderated_server(change: impl FnOnce(&mut lodestone_server::Config)) -> TestServer {
    TestServer::start_with(|c| {
        c.first_account_is_admin = true;
        change(c);
    })
    .await
}

/// A moderated server for tests on paused time (no open room expires,
/// no connection idles out), with its admin's and its moderator's
/// connections (`staff`).
pub async fn paused_moderated_server() -> (TestServer, Client, Client) {
    let (server, ann, mo, _) = staffed_server(|c| {
        c.expire_open_after = None;
        c.limits.idle_timeout = Duration::ZERO;
    })
    .await;
    (server, ann, mo)
}

/// The role of the connection's guest.
pub async fn role(c: &mut Client) -> Role {
    match c.ok(json!({"type": "preferences"})).await {
        ServerMessage::Preferences { role, .. } => role,
        other => panic!("{other:?}"),
    }
}

/// A moderated server with its staff: the admin (the first account) and a
/// moderator it appointed, with the moderator's id.
pub async fn staffed_server(
    change: impl FnOnce(&mut lodestone_server::Config),
) -> (TestServer, Client, Client, String) {
    let server = moderated_server(change).await;
    let (ann, mo, mo_id) = staff(server.addr()).await;
    (server, ann, mo, mo_id)
}

/// The admin (the first account) and a moderator it appointed, with the
/// moderator's id.
async fn staff(addr: SocketAddr) -> (Client, Client, String) {
    let (mut ann, _, _) = account(addr, "Ann").await;
    assert_eq!(role(&mut ann).await, Role::Admin, "the first account is an admin");
    let (mut mo, mo_id, _) = account(addr, "Mo").await;
    assert_eq!(role(&mut mo).await, Role::Player);
    ann.ok(json!({"type": "admin_set_role", "player": "Mo", "role": "moderator"}))
        .await;
    assert_eq!(role(&mut mo).await, Role::Moderator);
    (ann, mo, mo_id)
}

/// A magneton game of the guests Ann and Bo after Ann's first move (D4):
/// the room, the clients and tokens by seat, and Bo's id.
async fn game_after_a_move(server: &TestServer) -> (String, Vec<Client>, Vec<String>, String) {
    let (room, mut clients, tokens) = started_room(server, "magneton", json!({})).await;
    clients[0].act(&room, "D4").await;
    let bo_id = clients[1].states[&room].1.seats[1].player.clone().unwrap().id;
    (room, clients, tokens, bo_id)
}

/// The audit log as the admin reads it.
pub async fn audit(admin: &mut Client) -> Vec<lodestone_protocol::AuditEntry> {
    match admin.ok(json!({"type": "admin_audit", "all": true})).await {
        ServerMessage::AdminAudit { entries, .. } => entries,
        other => panic!("{other:?}"),
    }
}

async fn sanctions(moderator: &mut Client) -> Vec<lodestone_protocol::Sanction> {
    match moderator.ok(json!({"type": "admin_sanctions"})).await {
        ServerMessage::AdminSanctions { sanctions, .. } => sanctions,
        other => panic!("{other:?}"),
    }
}

async fn reports(moderator: &mut Client, all: bool) -> Vec<lodestone_protocol::ReportInfo> {
    match moderator.ok(json!({"type": "admin_reports", "all": all})).await {
        ServerMessage::AdminReports { reports, .. } => reports,
        other => panic!("{other:?}"),
    }
}

/// Every admin message, with arguments that would change something.
fn every_admin_message(room: &str, someone: &str) -> Vec<Value> {
    vec![
        json!({"type": "admin_overview"}),
        json!({"type": "admin_reports"}),
        json!({"type": "admin_take_report", "report": "r"}),
        json!({"type": "admin_resolve_report", "report": "r", "outcome": "dismissed", "note": "x"}),
        json!({"type": "admin_timeout", "player": someone, "minutes": 10, "reason": "x"}),
        json!({"type": "admin_ban", "player": someone, "reason": "x"}),
        json!({"type": "admin_ban", "address": "203.0.113.9", "reason": "x"}),
        json!({"type": "admin_lift", "sanction": "s"}),
        json!({"type": "admin_sanctions"}),
        json!({"type": "admin_close_room", "room": room, "reason": "x"}),
        json!({"type": "admin_rename", "player": someone, "name": "Zed"}),
        json!({"type": "admin_player", "player": someone}),
        json!({"type": "admin_set_role", "player": someone, "role": "moderator"}),
        json!({"type": "admin_audit"}),
        json!({"type": "admin_export", "player": someone}),
        json!({"type": "admin_delete", "player": someone}),
    ]
}

/// The admin-only messages.
const ADMIN_ONLY: [&str; 4] = ["admin_set_role", "admin_audit", "admin_export", "admin_delete"];

each_backend!(roles_hold_and_a_player_can_do_none_of_the_admin_messages);
/// The first account is an admin and appoints a moderator; a player (an
/// account or a guest) is refused every admin message with `not-allowed`
/// and nothing changes; a moderator is refused the admin's own; each
/// change is in the audit log.
async fn roles_hold_and_a_player_can_do_none_of_the_admin_messages() {
    let (server, mut ann, mut mo, mo_id) = staffed_server(|_| {}).await;
    let addr = server.addr();
    let (mut bo, bo_id, _) = account(addr, "Bo").await;
    let mut cy = server.guest("Cy").await;
    let (room, _) = bo.create_room("magneton", json!({}), true).await;
    let before = audit(&mut ann).await;
    for player in [&mut bo, &mut cy] {
        for message in every_admin_message(&room, &bo_id) {
            let m = player.refused(message.clone(), "not-allowed").await;
            assert!(!m.is_empty(), "{message}");
        }
    }
    // Nothing changed: the room is open, Bo is still Bo, nobody is
    // sanctioned, the log has no new entry.
    assert_eq!(audit(&mut ann).await, before);
    assert!(sanctions(&mut ann).await.is_empty());
    assert_eq!(role(&mut bo).await, Role::Player);
    assert_eq!(bo.join(&room, json!(null)).await, 0, "the room is still open");
    // A moderator: the admins' own messages are refused, the rest works.
    for message in every_admin_message(&room, &bo_id) {
        if ADMIN_ONLY.contains(&message["type"].as_str().unwrap()) {
            mo.refused(message, "not-allowed").await;
        }
    }
    mo.ok(json!({"type": "admin_overview"})).await;
    // A moderator cannot act on the admin, nor make admins.
    mo.refused(
        json!({"type": "admin_timeout", "player": "Ann", "minutes": 10, "reason": "x"}),
        "not-allowed",
    )
    .await;
    ann.refused(
        json!({"type": "admin_set_role", "player": "Bo", "role": "admin"}),
        "not-allowed",
    )
    .await;
    // The admin takes the role back; it is audited.
    ann.ok(json!({"type": "admin_set_role", "player": mo_id, "role": "player"}))
        .await;
    mo.refused(json!({"type": "admin_overview"}), "not-allowed").await;
    let log = audit(&mut ann).await;
    let roles: Vec<&str> = log
        .iter()
        .filter(|e| e.action == "set_role")
        .map(|e| e.detail.as_str())
        .collect();
    assert_eq!(roles, ["player", "moderator", "admin (the first account)"]);
    assert!(
        log.iter()
            .all(|e| e.actor.as_ref().is_none_or(|a| a.name == "Ann"))
    );
}

each_backend!(the_host_grants_admin_on_the_command_line);
async fn the_host_grants_admin_on_the_command_line() {
    let server = TestServer::start().await;
    let (mut bo, _, _) = account(server.addr(), "Bo").await;
    assert_eq!(role(&mut bo).await, Role::Player, "no flag: no admin");
    let url = database_url(&server.dir);
    let done = run_to_exit(SERVER, &["admin", "grant", "bo", "--database", &url], &server.dir);
    assert!(done.status.success(), "{}", done.stderr);
    assert!(
        done.stdout.contains("Bo is an admin") || done.stdout.contains("bo is an admin"),
        "{}",
        done.stdout
    );
    assert_eq!(role(&mut bo).await, Role::Admin);
    let log = audit(&mut bo).await;
    assert_eq!(log.len(), 1);
    assert!(log[0].actor.is_none(), "the host acted");
    let missing = run_to_exit(
        SERVER,
        &["admin", "grant", "nobody", "--database", &url],
        &server.dir,
    );
    assert!(!missing.status.success());
    assert!(
        missing.stderr.contains("no account is named"),
        "{}",
        missing.stderr
    );
}

/// Moves the clock `by` ahead at once (paused time, advanced, resumed:
/// the server's reads of the database then run in real time again, as a
/// pool's timeouts need).
pub async fn skip(by: Duration) {
    tokio::time::pause();
    tokio::time::advance(by).await;
    tokio::time::resume();
}

/// Says `text` in `room`'s chat.
fn chat(room: &str, text: &str) -> Value {
    json!({"type": "chat", "room": room, "text": text})
}

each_backend!(a_timeout_mutes_and_expires);
/// A chat timeout of ten minutes, everywhere: refused with `timed-out`
/// (saying for how long) until the ten minutes have passed (the clock moved ahead on paused time);
/// one in another room does not mute this one.
async fn a_timeout_mutes_and_expires() {
    let (server, _ann, mut mo) = paused_moderated_server().await;
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    let bo_id = clients[1].states[&room].1.seats[1].player.clone().unwrap().id;
    mo.ok(json!({"type": "admin_timeout", "player": bo_id, "room": "elsewhere", "minutes": 60, "reason": "flood"}))
        .await;
    clients[1].ok(chat(&room, "still here")).await;
    mo.ok(json!({"type": "admin_timeout", "player": bo_id, "minutes": 10, "reason": "insults"}))
        .await;
    let m = clients[1].refused(chat(&room, "you!"), "timed-out").await;
    assert!(m.contains("insults") && m.contains("10 minutes"), "{m}");
    clients[0].ok(chat(&room, "calm down")).await;
    skip(Duration::from_secs(9 * 60)).await;
    clients[1].refused(chat(&room, "you!"), "timed-out").await;
    skip(Duration::from_secs(61)).await;
    clients[1].ok(chat(&room, "sorry")).await;
    let timeouts = sanctions(&mut mo).await;
    assert_eq!(
        timeouts.len(),
        1,
        "the room's timeout is still in force: {timeouts:?}"
    );
}

/// Connects with `X-Forwarded-For: forwarded` (as a proxy would).
async fn connect_as(addr: SocketAddr, forwarded: &str) -> Client {
    Client::connect_with(addr, &[("X-Forwarded-For", forwarded)]).await
}

/// The reply to a `hello` with `token`.
async fn hello_again(c: &mut Client, token: &str) -> ServerMessage {
    c.request(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}))
        .await
}

fn banned(reply: &ServerMessage) -> &str {
    match reply {
        ServerMessage::Error { code, message, .. } if *code == "banned" => message,
        other => panic!("not banned: {other:?}"),
    }
}

each_backend!(a_ban_refuses_connection_and_login_and_lifts_when_it_expires);
/// A ban of ten minutes closes the account's connection with `banned` and
/// its reason, refuses its `hello` and its `login` (and only after the
/// right password), then lifts when the time is up (the clock moved ahead on paused time); a
/// ban lifted early by a moderator lifts at once.
async fn a_ban_refuses_connection_and_login_and_lifts_when_it_expires() {
    let (server, _ann, mut mo) = paused_moderated_server().await;
    let addr = server.addr();
    let (mut bo, _, token) = account(addr, "Bo").await;
    mo.ok(json!({"type": "admin_ban", "player": "Bo", "minutes": 10, "reason": "cheating"}))
        .await;
    // The open connection is told and closed.
    let told = bo.recv().await.expect("told before the close");
    assert!(banned(&told).contains("cheating"), "{told:?}");
    assert!(
        bo.recv()
            .await
            .is_none_or(|m| matches!(m, ServerMessage::Bye { .. }))
    );
    let mut again = server.client().await;
    let reply = hello_again(&mut again, &token).await;
    let m = banned(&reply);
    assert!(m.contains("cheating") && m.contains("10 minutes"), "{m}");
    // A login with a wrong password learns nothing; with the right one, the ban.
    let mut other = server.client().await;
    other
        .refused(
            json!({"type": "login", "name": "Bo", "password": "wrong password"}),
            "bad-login",
        )
        .await;
    let reply = other
        .request(json!({"type": "login", "name": "Bo", "password": PASSWORD}))
        .await;
    banned(&reply);
    skip(Duration::from_secs(10 * 60 + 1)).await;
    let mut back = server.client().await;
    assert!(matches!(
        hello_again(&mut back, &token).await,
        ServerMessage::Welcome { .. }
    ));
    // For good, then lifted by a moderator.
    mo.ok(json!({"type": "admin_ban", "player": "Bo", "reason": "again"}))
        .await;
    let ban = sanctions(&mut mo)
        .await
        .into_iter()
        .find(|s| s.reason == "again")
        .unwrap();
    assert_eq!(ban.until, None);
    let mut c = server.client().await;
    banned(&hello_again(&mut c, &token).await);
    mo.ok(json!({"type": "admin_lift", "sanction": ban.id})).await;
    let mut c = server.client().await;
    assert!(matches!(
        hello_again(&mut c, &token).await,
        ServerMessage::Welcome { .. }
    ));
}

each_backend!(an_address_ban_holds_behind_a_trusted_proxy);
/// Behind a trusted proxy the address banned is the one it forwards for:
/// a connection from it is refused at its first `hello` (a new guest
/// too), one from another address is not; a proxy that is not trusted
/// cannot dodge a ban with the header.
async fn an_address_ban_holds_behind_a_trusted_proxy() {
    let (server, _ann, mut mo, _) =
        staffed_server(|c| c.limits.trusted_proxies = vec!["127.0.0.1".parse().unwrap()]).await;
    let addr = server.addr();
    let mut eve = connect_as(addr, "203.0.113.7").await;
    eve.hello("Eve").await;
    let overview = mo.ok(json!({"type": "admin_overview"})).await;
    let ServerMessage::AdminOverview { online, .. } = overview else {
        panic!()
    };
    let eve_line = online
        .iter()
        .find(|p| p.guest.name == "Eve")
        .expect("Eve is online");
    assert_eq!(eve_line.address, "203.0.113.7");
    mo.ok(json!({"type": "admin_ban", "address": "203.0.113.7", "minutes": 60, "reason": "spam bots"}))
        .await;
    let told = eve.recv().await.expect("told");
    assert!(banned(&told).contains("address"), "{told:?}");
    let mut again = connect_as(addr, "203.0.113.7").await;
    let reply = again
        .request(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Eve2"}))
        .await;
    assert!(banned(&reply).contains("spam bots"));
    let mut fine = connect_as(addr, "203.0.113.8").await;
    fine.hello("Fay").await;
}

each_backend!(an_address_ban_is_not_dodged_without_a_trusted_proxy);
async fn an_address_ban_is_not_dodged_without_a_trusted_proxy() {
    let (server, _ann, mut mo, _) = staffed_server(|_| {}).await;
    let addr = server.addr();
    // Not an address: refused with the text given as its detail.
    let bad = json!({"type": "admin_ban", "address": "127.0.0", "minutes": 60, "reason": "x"});
    let detail = crate::vacation::refusal_detail(&mut mo, bad).await;
    let address = "127.0.0".to_string();
    assert_eq!(detail, Some(Detail::NotAnAddress { address }));
    // No trusted proxy: the header is not believed, the peer is banned.
    mo.ok(json!({"type": "admin_ban", "address": "127.0.0.2", "minutes": 60, "reason": "x"}))
        .await;
    let mut c = connect_as(addr, "127.0.0.2").await;
    c.hello("Gil").await;
}

each_backend!(a_report_reaches_the_queue_with_its_context_and_is_resolved);
/// A player reports a chat line: the report waits in the queue with the
/// room, the lines around the line and the game's record; a moderator
/// takes it, times the player out and resolves it; every step is in the
/// audit log and the player's history.
async fn a_report_reaches_the_queue_with_its_context_and_is_resolved() {
    let (server, mut ann, mut mo, _) = staffed_server(|_| {}).await;
    let (room, mut clients, _, bo_id) = game_after_a_move(&server).await;
    for text in ["hello", "you are bad", "really bad"] {
        clients[1].ok(chat(&room, text)).await;
    }
    let lines = match clients[0]
        .request(json!({"type": "replay", "room": room, "ply": 1}))
        .await
    {
        ServerMessage::Replay { chat, .. } => chat,
        other => panic!("{other:?}"),
    };
    let bad = lines.iter().find(|l| l.text == "you are bad").unwrap().seq;
    clients[0]
        .refused(
            json!({"type": "report", "player": bo_id, "room": room, "reason": " "}),
            "bad-message",
        )
        .await;
    clients[0]
        .ok(json!({"type": "report", "player": bo_id, "room": room, "line": bad, "reason": "insults"}))
        .await;
    let queue = reports(&mut mo, false).await;
    assert_eq!(queue.len(), 1);
    let report = &queue[0];
    assert_eq!(
        (report.status, report.player.id.as_str()),
        (ReportStatus::Open, bo_id.as_str())
    );
    let context = report.context.as_ref().expect("a context");
    assert_eq!(context.room, room);
    assert_eq!(context.line, Some(bad));
    let texts: Vec<&str> = context.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["hello", "you are bad", "really bad"]);
    let record = context.record.as_deref().expect("the record");
    assert!(
        record.contains("[Game \"magneton\"]") && record.contains("D4"),
        "{record}"
    );
    mo.ok(json!({"type": "admin_take_report", "report": report.id}))
        .await;
    let message = mo
        .refused(
            json!({"type": "admin_take_report", "report": report.id}),
            "unknown-report",
        )
        .await;
    assert_eq!(message, format!("there is no open report {:?}", report.id));
    let again = json!({"type": "admin_take_report", "report": report.id});
    let detail = crate::vacation::refusal_detail(&mut mo, again).await;
    let report_id = report.id.clone();
    assert_eq!(detail, Some(Detail::UnknownReport { report: report_id }));
    mo.ok(json!({"type": "admin_timeout", "player": bo_id, "minutes": 60, "reason": "insults"}))
        .await;
    mo.ok(json!({"type": "admin_resolve_report", "report": report.id, "outcome": "resolved", "note": "timed out an hour"}))
        .await;
    assert!(reports(&mut mo, false).await.is_empty());
    let done = reports(&mut mo, true).await;
    assert_eq!(done[0].status, ReportStatus::Resolved);
    assert_eq!(done[0].moderator.as_ref().unwrap().name, "Mo");
    let actions: Vec<String> = audit(&mut ann).await.into_iter().map(|e| e.action).collect();
    for a in ["take_report", "timeout", "resolve_report"] {
        assert!(actions.iter().any(|x| x == a), "{a} in {actions:?}");
    }
    let file = match mo.ok(json!({"type": "admin_player", "player": bo_id})).await {
        ServerMessage::AdminPlayer { player, .. } => player,
        other => panic!("{other:?}"),
    };
    assert_eq!(file.reports.len(), 1);
    assert_eq!(file.sanctions.len(), 1);
    assert!(file.actions.iter().any(|a| a.action == "timeout"));
}

each_backend!(a_moderator_closes_any_room_and_renames_a_player);
/// A game being played, closed by a moderator: it ends without a result,
/// for good (stored: the room is gone); a player renamed: its seat shows
/// the new name and the old one cannot be taken again.
async fn a_moderator_closes_any_room_and_renames_a_player() {
    let (server, mut ann, mut mo, _) = staffed_server(|_| {}).await;
    let (room, mut clients, tokens, bo_id) = game_after_a_move(&server).await;
    mo.ok(json!({"type": "admin_rename", "player": bo_id, "name": "Nice Name"}))
        .await;
    let state = clients[0]
        .state_until(&room, |s| {
            s.seats[1].player.as_ref().is_some_and(|p| p.name == "Nice Name")
        })
        .await;
    assert_eq!(state.status, RoomStatus::Playing);
    let mut c = server.client().await;
    let m = c
        .refused(
            json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": tokens[1], "name": "Bo"}),
            "bad-name",
        )
        .await;
    assert!(m.contains("moderator"), "{m}");
    mo.ok(json!({"type": "admin_close_room", "room": room, "reason": "abuse"}))
        .await;
    let end = clients[0]
        .state_until(&room, |s| s.status == RoomStatus::Closed)
        .await;
    assert!(end.play.unwrap().outcome.is_none(), "no result");
    clients[1]
        .refused(
            json!({"type": "act", "room": room, "action": "D5"}),
            "unknown-room",
        )
        .await;
    let mut eve = server.guest("Eve").await;
    eve.refused(json!({"type": "watch", "room": room}), "unknown-room")
        .await;
    let log = audit(&mut ann).await;
    assert!(
        log.iter()
            .any(|e| e.action == "close_room" && e.room.as_deref() == Some(room.as_str()))
    );
    assert!(
        log.iter()
            .any(|e| e.action == "rename" && e.detail.contains("Nice Name"))
    );
}

each_backend!(an_admin_exports_and_deletes_another_player);
/// From the console's messages: a moderator may neither export nor
/// delete; the admin exports Bo (his data and only his) and, once his game
/// is over, deletes him: his connection ends, his login no longer works,
/// the console no longer finds him (`unknown-player` for an export, by
/// his id or either name), Cy keeps the game, and both actions are in the
/// audit log.
async fn an_admin_exports_and_deletes_another_player() {
    let (server, mut ann, mut mo, _) = staffed_server(|_| {}).await;
    let addr = server.addr();
    let (mut bo, bo_id, _) = account(addr, "Bo").await;
    let (mut cy, _, _) = account(addr, "Cy").await;
    let room = cy.game_with(&mut bo, "magneton", json!({})).await;
    cy.act(&room, "D4").await;
    bo.ok(chat(&room, "from Bo")).await;
    cy.ok(chat(&room, "from Cy")).await;
    for message in ["admin_export", "admin_delete"] {
        mo.refused(json!({"type": message, "player": "Bo"}), "not-allowed")
            .await;
    }
    let reply = ann.ok(json!({"type": "admin_export", "player": "Bo"})).await;
    only_their_data(reply, &bo_id, "Bo", &room, "from Bo", &["from Cy", "\"Cy\""]);
    ann.refused(json!({"type": "admin_delete", "player": "Bo"}), "in-game")
        .await;
    bo.ok(json!({"type": "resign", "room": room})).await;
    cy.state_until(&room, |s| s.status == RoomStatus::Finished).await;
    ann.ok(json!({"type": "admin_delete", "player": bo_id})).await;
    loop {
        match bo.recv().await {
            None => break,
            Some(ServerMessage::Bye { reconnect, .. }) => {
                assert!(!reconnect);
                break;
            }
            Some(_) => {}
        }
    }
    let mut again = server.client().await;
    again
        .refused(
            json!({"type": "login", "name": "Bo", "password": PASSWORD}),
            "bad-login",
        )
        .await;
    // Bo is gone: the console finds no player by his id, his old name or
    // the name his leftover guest row holds, for an export or anything.
    for player in [bo_id.as_str(), "Bo", "deleted player"] {
        for message in ["admin_export", "admin_delete", "admin_player"] {
            ann.refused(json!({"type": message, "player": player}), "unknown-player")
                .await;
        }
    }
    match cy.ok(json!({"type": "export_my_data"})).await {
        ServerMessage::PlayerData { data, .. } => {
            assert!(data["rooms"].as_array().unwrap().contains(&json!(room)), "{data}");
        }
        other => panic!("{other:?}"),
    }
    let log = audit(&mut ann).await;
    for (action, times) in [("export", 1), ("delete", 1)] {
        let entries: Vec<_> = log
            .iter()
            .filter(|e| e.action == action && e.player.as_ref().is_some_and(|p| p.id == bo_id))
            .collect();
        assert_eq!(entries.len(), times, "{action}: {log:?}");
        assert_eq!(entries[0].actor.as_ref().map(|a| a.name.as_str()), Some("Ann"));
    }
}
