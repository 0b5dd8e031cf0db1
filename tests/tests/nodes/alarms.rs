//! Alarms that must mean something: `lodestone_lease_losses_total` counts
//! a lease only when another node really took the room or the lease
//! really lapsed, never a room that ended as its renewal was under way.

use lodestone_tests::NO_LIMITS;
use serde_json::json;

use crate::harness::{Game, Nodes, metric};
use crate::node_test;

/// Games ended at once on the node.
const GAMES: usize = 40;

node_test!(games_ending_under_renewals_lose_no_lease);
/// One node, no fault: it renews its leases all the time (every 10 ms)
/// while forty games end at once (a resignation; with no time after the
/// game, each room lets its lease go as it ends). No lease is counted as
/// lost. (A room that ended while a renewal was under way was counted:
/// the renewal did not find its lease, released a moment before.)
async fn games_ending_under_renewals_lose_no_lease() {
    let mut nodes = Nodes::start(&[]);
    nodes.renew_ms = 10;
    nodes.extra = ["--after-game", "off"]
        .iter()
        .chain(NO_LIMITS)
        .map(|flag| flag.to_string())
        .collect();
    let a = nodes.add("a");
    let mut games = Vec::new();
    for _ in 0..GAMES {
        games.push(Game::start(&nodes.live, a, a, "magneton", json!({})).await);
    }
    let ends = games.into_iter().map(|mut game| async move {
        let room = game.room.clone();
        game.players[0]
            .call(json!({"type": "resign", "room": room}))
            .await;
        game.players[1]
            .state_where(|s| s.play.as_ref().is_some_and(|p| p.outcome.is_some()))
            .await;
        game
    });
    let games = futures_util::future::join_all(ends).await;
    // Every room has let its lease go.
    for game in &games {
        let room = &game.room;
        lodestone_tests::eventually!(format!("room {room} to let its lease go"), {
            nodes.owner(room).await.is_none()
        });
    }
    assert!(metric(a, "lodestone_lease_renewals_total").await > 0.0);
    assert_eq!(
        metric(a, "lodestone_lease_losses_total").await,
        0.0,
        "a lease counted as lost with no fault"
    );
}
