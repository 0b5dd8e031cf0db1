//! Whole events with the server's bots as players.

use std::collections::HashSet;
use std::time::Duration;

use lodestone_protocol::TournamentStatus;
use lodestone_tests::{TestServer, each_backend, http_get};
use serde_json::json;

use crate::helpers::{bots_event, quick};

each_backend!(a_round_robin_of_six_bots_plays_to_the_end);
/// Six bots play a Magneton round robin: five rounds, everyone meets
/// everyone once, and the standings add up.
async fn a_round_robin_of_six_bots_plays_to_the_end() {
    let server = TestServer::start_with(quick).await;
    let end = bots_event(
        &server,
        json!({"name": "Friday league", "game": "magneton", "format": "round-robin", "bots": true}),
        6,
        Duration::from_secs(300),
    )
    .await;
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
    let (status, body) = http_get(server.addr(), &format!("/api/tournaments/{}", end.id), None).await;
    assert_eq!(status, 200);
    let over_http: lodestone_protocol::TournamentState = serde_json::from_str(&body).unwrap();
    assert_eq!(over_http.standings, end.standings);
    assert_eq!(over_http.status, TournamentStatus::Finished);
    let (_, list) = http_get(server.addr(), "/api/tournaments", None).await;
    assert!(list.contains(&end.id));
    // Every game's record in one download.
    let (status, records) = http_get(
        server.addr(),
        &format!("/api/tournaments/{}/records", end.id),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(records.matches("[Game \"magneton\"]").count(), 15, "{records}");
}

/// Each game's players in seat order, round by round.
fn seatings(t: &lodestone_protocol::TournamentState) -> Vec<Vec<Vec<String>>> {
    t.rounds
        .iter()
        .map(|r| r.games.iter().map(|g| g.players.clone()).collect())
        .collect()
}

each_backend!(a_swiss_of_thirty_two_bots_plays_five_rounds);
/// 32 bots, 5 rounds: nobody meets anyone twice, every round seats
/// everyone once, and first seats and second seats stay within two.
async fn a_swiss_of_thirty_two_bots_plays_five_rounds() {
    let server = TestServer::start_with(quick).await;
    let end = bots_event(
        &server,
        json!({"name": "Open", "game": "magneton", "format": "swiss", "rounds": 5, "bots": true}),
        32,
        Duration::from_secs(600),
    )
    .await;
    assert_eq!(end.rounds.len(), 5);
    let mut met = HashSet::new();
    let mut balance = std::collections::HashMap::<String, i32>::new();
    for round in seatings(&end) {
        assert_eq!(round.len(), 16);
        let seated: HashSet<&String> = round.iter().flatten().collect();
        assert_eq!(seated.len(), 32);
        for g in &round {
            let mut pair = g.clone();
            pair.sort();
            assert!(met.insert(pair), "a pair met twice");
            *balance.entry(g[0].clone()).or_default() += 1;
            *balance.entry(g[1].clone()).or_default() -= 1;
        }
    }
    assert!(balance.values().all(|b| b.abs() <= 2), "{balance:?}");
    let total: f64 = end.standings.iter().map(|s| s.points).sum();
    assert_eq!(total, 80.0);
}

each_backend!(an_arena_pairs_finished_players_again_soon);
/// Twelve bots in an arena (shortened to 20 seconds): whoever finishes
/// is paired again within a few seconds while the arena runs, never with
/// the opponent just met, and nothing is paired after the end.
async fn an_arena_pairs_finished_players_again_soon() {
    let server = TestServer::start_with(|c| {
        quick(c);
        // Nobody waits long enough alone to meet the last opponent again.
        c.tournaments.arena_repeat_after_ms = 600_000;
    })
    .await;
    let end = bots_event(
        &server,
        json!({"name": "Blitz arena", "game": "magneton", "format": "arena", "seconds": 20, "bots": true}),
        12,
        Duration::from_secs(300),
    )
    .await;
    let ends_at = end.ends_at.expect("an arena ends");
    let mut games: Vec<(u64, &lodestone_protocol::TournamentGame)> = end
        .rounds
        .iter()
        .flat_map(|r| r.games.iter().map(move |g| (r.paired_at, g)))
        .collect();
    games.sort_by_key(|(at, _)| *at);
    assert!(games.len() > 12, "only {} games", games.len());
    for (at, _) in &games {
        assert!(*at < ends_at, "a game was paired after the end");
    }
    for player in &end.players {
        let mine: Vec<&(u64, &lodestone_protocol::TournamentGame)> = games
            .iter()
            .filter(|(_, g)| g.players.contains(&player.id))
            .collect();
        for w in mine.windows(2) {
            let (_, before) = w[0];
            let (next_at, next) = w[1];
            let opponent =
                |g: &lodestone_protocol::TournamentGame| g.players.iter().find(|p| **p != player.id).cloned();
            assert_ne!(
                opponent(before),
                opponent(next),
                "the same opponent twice in a row"
            );
            let ended = before.ended_at.expect("over");
            assert!(*next_at >= ended);
            assert!(
                next_at - ended < 5_000,
                "waited {} ms for a new game",
                next_at - ended
            );
        }
        // After its last game, nobody waits long while the arena runs.
        if let Some((_, last)) = mine.last() {
            let ended = last.ended_at.expect("over");
            assert!(
                ended + 5_000 >= ends_at || ended >= ends_at,
                "left waiting from {ended} to the end {ends_at}"
            );
        }
    }
    assert!(
        end.standings
            .iter()
            .all(|s| s.performance.is_some() || s.tally.games == 0)
    );
}

each_backend!(a_magma_event_seats_twelve_bots_at_tables_of_four);
/// Twelve bots, three rounds of Magma tables of four: each round seats
/// everyone once at three tables, and points go by placing.
async fn a_magma_event_seats_twelve_bots_at_tables_of_four() {
    let server = TestServer::start_with(quick).await;
    let end = bots_event(&server, json!({"name": "Magma night", "game": "magma", "format": "magma", "rounds": 3, "table": 4, "bots": true}), 12, Duration::from_secs(900)).await;
    assert_eq!(end.rounds.len(), 3);
    let mut together = std::collections::HashMap::<(String, String), u32>::new();
    for (k, round) in seatings(&end).into_iter().enumerate() {
        assert_eq!(round.len(), 3);
        assert!(round.iter().all(|table| table.len() == 4));
        let seated: HashSet<&String> = round.iter().flatten().collect();
        assert_eq!(seated.len(), 12);
        for table in &round {
            for a in table {
                for b in table {
                    if a < b {
                        *together.entry((a.clone(), b.clone())).or_default() += 1;
                    }
                }
            }
        }
        if k == 1 {
            // After one round, a second can always seat everyone with at
            // most one player met before (a 3 × 4 grid's columns).
            assert!(together.values().all(|&n| n <= 2));
            assert_eq!(together.values().filter(|&&n| n == 2).count(), 3);
        }
    }
    for round in &end.rounds {
        for g in &round.games {
            let points: f64 = g.points.as_ref().expect("over").iter().sum();
            // Two teams of two: the winners a point each, or all level.
            assert_eq!(points, 2.0, "{g:?}");
        }
    }
}
