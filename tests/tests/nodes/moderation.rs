//! Moderation across nodes (issue 32): a timeout and a ban given on one
//! node hold on another at once (a connection's next chat, a new `hello`
//! and `login`), a moderator closes a room another node owns (moved there
//! like any client), each action is one entry in the shared audit log, and
//! a ban given on one node closes an open connection on another at once,
//! and a block given on one node keeps the two apart on another.

use lodestone_protocol::{AuditEntry, PROTOCOL_VERSION, RoomStatus, ServerMessage};
use lodestone_tests::{Client, PASSWORD, account, eventually};
use serde_json::{Value, json};
use std::net::SocketAddr;

use crate::harness::Nodes;
use crate::node_test;

/// Nodes `names` whose first account is an admin.
fn moderated(names: &[&str]) -> Nodes {
    let mut nodes = Nodes::start(&[]);
    nodes.extra = vec!["--first-account-is-admin".to_string()];
    for name in names {
        nodes.add(name);
    }
    nodes
}

/// Nodes a and b whose first account is an admin: their addresses, Ann's
/// account (the admin) on a and `name`'s account on b, each with its
/// connection, id and token.
async fn admin_on_a_and_on_b(name: &str) -> (Nodes, [SocketAddr; 2], Account, Account) {
    let nodes = moderated(&["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let ann = account(a, "Ann").await;
    let other = account(b, name).await;
    (nodes, [a, b], ann, other)
}

type Account = (Client, String, String);

/// The whole audit log as `admin` reads it.
async fn audit(admin: &mut Client) -> Vec<AuditEntry> {
    match admin.ok(json!({"type": "admin_audit", "all": true})).await {
        ServerMessage::AdminAudit { entries, .. } => entries,
        other => panic!("{other:?}"),
    }
}

/// How many entries of `log` are `action` about `player` (or in `room`).
fn entries(log: &[AuditEntry], action: &str, about: &str) -> usize {
    log.iter()
        .filter(|e| {
            e.action == action
                && (e.player.as_ref().is_some_and(|p| p.id == about) || e.room.as_deref() == Some(about))
        })
        .count()
}

fn code(reply: &ServerMessage) -> &str {
    match reply {
        ServerMessage::Error { code, .. } => code.as_str(),
        other => panic!("not refused: {other:?}"),
    }
}

node_test!(a_timeout_and_a_ban_given_on_one_node_hold_on_another);
/// Ann (the admin) on node a times Bo out and then bans him; Bo plays on
/// node b: his next chat there is refused with `timed-out`, and once he is
/// banned a new connection of his on b is refused with `banned`, at
/// `hello` and at `login`. The audit log, read on b, has each action once.
async fn a_timeout_and_a_ban_given_on_one_node_hold_on_another() {
    let (_nodes, [_, b], (mut ann, _, ann_token), (mut bo, bo_id, bo_token)) =
        admin_on_a_and_on_b("Bo").await;
    let room = bo.seated_room("magneton", json!({}), json!(0)).await;
    bo.ok(json!({"type": "chat", "room": room, "text": "hello"}))
        .await;
    ann.ok(json!({"type": "admin_timeout", "player": bo_id, "minutes": 10, "reason": "rude"}))
        .await;
    bo.refused(
        json!({"type": "chat", "room": room, "text": "again"}),
        "timed-out",
    )
    .await;
    ann.ok(json!({"type": "admin_ban", "player": "Bo", "minutes": 60, "reason": "spam"}))
        .await;
    let mut again = Client::connect(b).await;
    let reply = again
        .request(json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": bo_token}))
        .await;
    assert_eq!(code(&reply), "banned", "{reply:?}");
    let mut fresh = Client::guest(b, "Someone").await;
    let reply = fresh
        .request(json!({"type": "login", "name": "Bo", "password": PASSWORD}))
        .await;
    assert_eq!(code(&reply), "banned", "{reply:?}");
    let mut ann_b = Client::connect(b).await;
    ann_b.resume(&ann_token).await;
    let log = audit(&mut ann_b).await;
    assert_eq!(entries(&log, "timeout", &bo_id), 1, "{log:?}");
    assert_eq!(entries(&log, "ban", &bo_id), 1, "{log:?}");
}

node_test!(a_moderator_closes_a_room_another_node_owns);
/// Mo (a moderator Ann appointed on node a) is on node b; a game is played
/// on node a. Mo's `admin_close_room` on b answers `moved` to a; said
/// again there, it closes the game without a result. The audit log has the
/// close once.
async fn a_moderator_closes_a_room_another_node_owns() {
    let (nodes, [a, _], (mut ann, _, _), (mut mo, _, mo_token)) = admin_on_a_and_on_b("Mo").await;
    ann.ok(json!({"type": "admin_set_role", "player": "Mo", "role": "moderator"}))
        .await;
    let mut cy = Client::guest(a, "Cy").await;
    let room = cy.seated_room("magneton", json!({}), json!(0)).await;
    let mut di = Client::guest(a, "Di").await;
    di.join(&room, json!(1)).await;
    cy.ok(json!({"type": "start", "room": room})).await;
    cy.act(&room, "D4").await;
    assert_eq!(nodes.owner(&room).await.as_deref(), Some("a"));
    let close: Value = json!({"type": "admin_close_room", "id": 1, "room": room, "reason": "abuse"});
    mo.send_text(&close.to_string()).await;
    let url = loop {
        match mo.recv().await.expect("an answer") {
            ServerMessage::Moved { room: r, url } if r == room => break url,
            ServerMessage::Moved { .. } | ServerMessage::Error { .. } | ServerMessage::Ack { .. } => {
                panic!("expected moved")
            }
            _ => {}
        }
    };
    assert_eq!(url, format!("ws://{a}/ws"));
    let mut mo_a = Client::connect(a).await;
    mo_a.resume(&mo_token).await;
    mo_a.ok(json!({"type": "admin_close_room", "room": room, "reason": "abuse"}))
        .await;
    let end = di.state_until(&room, |s| s.status == RoomStatus::Closed).await;
    assert!(end.play.unwrap().outcome.is_none(), "no result");
    let log = audit(&mut ann).await;
    assert_eq!(entries(&log, "close_room", &room), 1, "{log:?}");
}

/// Nodes a and b, Ann (the admin) on a, and Bo seated at a table of b:
/// the nodes, Ann's client and token, Bo's client and id, and the room.
struct BoOnB {
    nodes: Nodes,
    ann: Client,
    ann_token: String,
    bo: Client,
    bo_id: String,
    room: String,
}

async fn bo_seated_on_b() -> BoOnB {
    let (nodes, _, (ann, _, ann_token), (mut bo, bo_id, _)) = admin_on_a_and_on_b("Bo").await;
    let room = bo.seated_room("magneton", json!({}), json!(0)).await;
    assert_eq!(nodes.owner(&room).await.as_deref(), Some("b"));
    BoOnB {
        nodes,
        ann,
        ann_token,
        bo,
        bo_id,
        room,
    }
}

node_test!(a_ban_given_on_one_node_closes_an_open_connection_on_another);
/// Bo sits in a room on node b and then says nothing; Ann (the admin)
/// bans him on node a. His open connection on b is told `banned` with the
/// ban's reason and closed, without any message of his: node a's hint
/// reaches b through the nodes' notices (his own check would come only
/// with his next message).
async fn a_ban_given_on_one_node_closes_an_open_connection_on_another() {
    let BoOnB {
        nodes: _nodes,
        mut ann,
        mut bo,
        ..
    } = bo_seated_on_b().await;
    ann.ok(json!({"type": "admin_ban", "player": "Bo", "minutes": 60, "reason": "spam"}))
        .await;
    let sentence = loop {
        match bo.recv().await {
            Some(ServerMessage::Error { code, message, .. }) if code.as_str() == "banned" => break message,
            Some(ServerMessage::Error { code, message, .. }) => panic!("{code:?}: {message}"),
            Some(_) => {}
            None => panic!("closed without being told `banned`"),
        }
    };
    assert!(sentence.contains("spam"), "{sentence}");
    while let Some(message) = bo.recv().await {
        assert!(
            !matches!(message, ServerMessage::Error { .. }),
            "after the ban: {message:?}"
        );
    }
}

node_test!(a_block_given_on_one_node_keeps_the_players_apart_on_another);
/// Bo sits at a table of node b; b has checked a join already (and so
/// loaded who blocks anyone: nobody). Ann blocks Bo through node a: her
/// join of Bo's table on b is refused with `blocked`. Node b learns of the
/// block from a's notice, not from a read at each join; the notice comes
/// a moment after Ann's answer, so her join is tried until refused (one
/// that got in leaves the seat again).
async fn a_block_given_on_one_node_keeps_the_players_apart_on_another() {
    let BoOnB {
        nodes,
        mut ann,
        ann_token,
        bo: _bo,
        bo_id,
        room,
    } = bo_seated_on_b().await;
    let b = nodes.addr("b");
    let mut cy = Client::guest(b, "Cy").await;
    let other = cy.seated_room("magneton", json!({}), json!(0)).await;
    Client::guest(b, "Di").await.join(&other, json!(1)).await;
    ann.ok(json!({"type": "block", "player": bo_id})).await;
    let mut ann_b = Client::connect(b).await;
    ann_b.resume(&ann_token).await;
    let join = json!({"type": "join", "room": room, "seat": 1});
    eventually!("Ann refused at Bo's table on node b", {
        match ann_b.request(join.clone()).await {
            ServerMessage::Error { code, .. } if code.as_str() == "blocked" => Ok(()),
            ServerMessage::Ack { .. } => {
                ann_b.ok(json!({"type": "leave", "room": room})).await;
                Err("seated")
            }
            other => panic!("{other:?}"),
        }
    });
}
