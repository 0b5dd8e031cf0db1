//! Vacations across nodes (issue 27): a vacation taken through one node
//! reaches the player's room on another at once (the nodes' notices), not
//! only at the room's next deadline.

use lodestone_tests::account;
use serde_json::json;

use crate::harness::Nodes;
use crate::node_test;

node_test!(a_vacation_taken_on_one_node_is_seen_on_another_at_once);
/// Ann and Bo play a `1d/move` game owned by node a; Ann goes on vacation
/// through node b: Bo, watching on a, sees it on her seat and her clock
/// stop at once (the room's next deadline is a day away).
async fn a_vacation_taken_on_one_node_is_seen_on_another_at_once() {
    let nodes = Nodes::start(&["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let (mut ann, _, ann_token) = account(a, "Ann").await;
    let (mut bo, _, _) = account(a, "Bo").await;
    let room = ann
        .game_with(&mut bo, "magneton", json!({"clock": "1d/move"}))
        .await;
    bo.state_until(&room, |s| s.play.is_some()).await;
    let mut away = lodestone_tests::Client::connect(b).await;
    away.resume(&ann_token).await;
    away.ok(json!({"type": "take_vacation", "days": 3, "message": "Offline"}))
        .await;
    let state = bo.state_until(&room, |s| s.seats[0].vacation.is_some()).await;
    assert_eq!(state.seats[0].vacation.as_ref().unwrap().message, "Offline");
    let clock = &state.play.as_ref().unwrap().clocks[0];
    assert!(!clock.running, "Ann's clock stands still: {clock:?}");
}
