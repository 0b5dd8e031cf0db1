//! Whole events with the server's bots as players.

use std::collections::HashSet;
use std::time::Duration;

use lodestone_protocol::TournamentStatus;
use lodestone_tests::{TestServer, each_backend, http_get};
use serde_json::json;

use crate::helpers::{add_bots, create, quick, to_the_end};

each_backend!(a_round_robin_of_six_bots_plays_to_the_end);
/// Six bots play a Magneton round robin: five rounds, everyone meets
/// everyone once, and the standings add up.
async fn a_round_robin_of_six_bots_plays_to_the_end() {
    let server = TestServer::start_with(quick).await;
    let mut ann = server.client().await;
    ann.hello("Ann").await;
    let t = create(
        &mut ann,
        json!({"name": "Friday league", "game": "magneton", "format": "round-robin", "bots": true}),
    )
    .await;
    add_bots(&mut ann, &t.id, 6, "random").await;
    ann.ok(json!({"type": "start_tournament", "tournament": t.id}))
        .await;
    let end = to_the_end(&mut ann, &t.id, Duration::from_secs(300)).await;
    assert_eq!(end.rounds.len(), 5);
    let mut met = HashSet::new();
    for round in &end.rounds {
        assert_eq!(round.games.len(), 3);
        for g in &round.games {
            let mut pair = g.players.clone();
            pair.sort();
            assert!(met.insert(pair), "a pair met twice");
            let points: f64 = g.points.as_ref().expect("every game is over").iter().sum();
            assert_eq!(points, 1.0);
        }
    }
    assert_eq!(met.len(), 15);
    let total: f64 = end.standings.iter().map(|s| s.points).sum();
    assert_eq!(total, 15.0);
    assert!(end.standings.windows(2).all(|w| w[0].points >= w[1].points));
    // The same over HTTP, and in the list.
    let (status, body) = http_get(server.addr(), &format!("/api/tournaments/{}", t.id), None).await;
    assert_eq!(status, 200);
    let over_http: lodestone_protocol::TournamentState = serde_json::from_str(&body).unwrap();
    assert_eq!(over_http.standings, end.standings);
    assert_eq!(over_http.status, TournamentStatus::Finished);
    let (_, list) = http_get(server.addr(), "/api/tournaments", None).await;
    assert!(list.contains(&t.id));
    // Every game's record in one download.
    let (status, records) =
        http_get(server.addr(), &format!("/api/tournaments/{}/records", t.id), None).await;
    assert_eq!(status, 200);
    assert_eq!(records.matches("[Game \"magneton\"]").count(), 15, "{records}");
}
