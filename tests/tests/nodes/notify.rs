//! Notifications across nodes: a room keeps who may be notified of it in
//! memory, so a target set through another node must reach it (the
//! nodes' notices), or its moves would never be notified.

use std::time::Duration;

use lodestone_protocol::ServerMessage;
use lodestone_tests::push::HookReceiver;
use lodestone_tests::{Polling, account, eventually};
use serde_json::{Value, json};

use crate::harness::Nodes;
use crate::node_test;

node_test!(a_webhook_set_through_another_node_reaches_the_room);
/// Ann and Bo play a game owned by node a, nobody to notify; Ann sets the
/// room's webhook through node b: the room on a learns it and its next
/// moves post `your-turn` to the webhook.
async fn a_webhook_set_through_another_node_reaches_the_room() {
    let (hooks, mut hooked) = HookReceiver::start().await;
    let mut nodes = Nodes::start(&[]);
    nodes.extra = vec!["--webhook-private-addresses".into()];
    let (a, b) = (nodes.add("a"), nodes.add("b"));
    let (mut ann, _, ann_token) = account(a, "Ann").await;
    let (mut bo, _, _) = account(a, "Bo").await;
    let (room, _) = ann.create_room("magneton", json!({}), true).await;
    ann.join(&room, json!(0)).await;
    bo.join(&room, json!(1)).await;
    bo.ok(json!({"type": "start", "room": room})).await;
    let mut players = [ann, bo];
    players[0].state_until(&room, |s| s.play.is_some()).await;
    let mut version = players[0].states[&room].0;
    let mut owner = lodestone_tests::Client::connect(b).await;
    owner.resume(&ann_token).await;
    let set = json!({"type": "set_webhook", "room": room, "url": hooks.url("room"), "events": ["your-turn"]});
    assert!(matches!(owner.request(set).await, ServerMessage::Webhook { .. }));
    // The notice reaches node a a moment after the answer: the moves go
    // on until one is posted.
    // (A move, then 300 ms for a post, then the next move.)
    let posted = eventually!(Polling::default().every(Duration::ZERO), "a webhook posted", {
        let state = players[0].state_at(&room, version).await;
        let seat = state.play.as_ref().expect("the game goes on").to_act[0] as usize;
        let state = players[seat].state_at(&room, version).await;
        let legal = state.play.map(|p| p.legal).unwrap_or_default();
        let action = legal
            .first()
            .expect("no webhook was posted before the game's end");
        version = players[seat].act(&room, action).await;
        tokio::time::timeout(Duration::from_millis(300), hooked.recv())
            .await
            .ok()
            .flatten()
    });
    let body: Value = serde_json::from_slice(&posted.body).unwrap();
    assert_eq!(body["event"], "your-turn");
    assert_eq!(body["room"], room.as_str());
}
