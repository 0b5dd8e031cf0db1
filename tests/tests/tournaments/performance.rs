//! An arena's performance counts the players' real ratings.

use std::net::SocketAddr;

use lodestone_protocol::TournamentState;
use lodestone_tests::{PATIENCE, TestServer, each_backend, eventually, player_page};
use serde_json::json;

use crate::entries::account;
use crate::helpers::{create, follow, join_tournament, quick, start_tournament};

/// The Magneton mu of account `id` once its rated game is recorded
/// (polled, bounded by the patience limit).
async fn magneton_mu(addr: SocketAddr, id: &str) -> f64 {
    eventually!(format!("a Magneton rating on {id}'s page"), {
        let page = player_page(addr, id).await;
        match page.ratings.iter().find(|r| r.game == "magneton") {
            Some(r) => Ok(r.mu),
            None => Err(page),
        }
    })
}

/// The reference: a Weng-Lin mu on an Elo-like scale with the same odds
/// (Weng-Lin's logistic over sqrt(2)·25/6, Elo's over 400/ln 10).
fn elo(mu: f64) -> f64 {
    1500.0 + (mu - 25.0) * 400.0 / (std::f64::consts::LN_10 * 2f64.sqrt() * 25.0 / 6.0)
}

fn performance(t: &TournamentState, id: &str) -> f64 {
    let row = t.standings.iter().find(|s| s.player == id).expect("a standing");
    row.performance.expect("a performance after a game") as f64
}

each_backend!(an_arenas_performance_counts_the_players_real_ratings);
/// Ann beat Bob in a rated game, so their ratings differ; in an arena Bob
/// then beats Ann: his performance is Ann's rating plus 400 and hers
/// Bob's minus 400, on the Elo-like scale of their stored ratings.
async fn an_arenas_performance_counts_the_players_real_ratings() {
    let server = TestServer::start_with(quick).await;
    let addr = server.addr();
    let (mut ann, ann_id, _) = account(addr, "Annperf").await;
    let (mut bob, bob_id, _) = account(addr, "Bobperf").await;
    let room = ann.game_with(&mut bob, "magneton", json!({"rated": "yes"})).await;
    bob.ok(json!({"type": "resign", "room": room})).await;
    let ann_mu = magneton_mu(addr, &ann_id).await;
    let bob_mu = magneton_mu(addr, &bob_id).await;
    assert!(ann_mu > 25.0 && bob_mu < 25.0, "{ann_mu} {bob_mu}");

    let t = create(
        &mut ann,
        json!({"name": "Ladder", "game": "magneton", "format": "arena", "seconds": 600}),
    )
    .await;
    join_tournament(&mut ann, &t.id).await;
    join_tournament(&mut bob, &t.id).await;
    let running = start_tournament(&mut ann, &t.id).await;
    let game = running.rounds[0].games[0].room.clone();
    ann.ok(json!({"type": "resign", "room": game})).await;
    let after = follow(&mut ann, &t.id, PATIENCE, |t| {
        t.standings.iter().all(|s| s.tally.games == 1)
    })
    .await;
    let (bob_perf, ann_perf) = (performance(&after, &bob_id), performance(&after, &ann_id));
    // The page's mu is rounded to two decimals: within a point.
    assert!(
        (bob_perf - (elo(ann_mu) + 400.0)).abs() <= 1.0,
        "{bob_perf} vs {}",
        elo(ann_mu) + 400.0
    );
    assert!(
        (ann_perf - (elo(bob_mu) - 400.0)).abs() <= 1.0,
        "{ann_perf} vs {}",
        elo(bob_mu) - 400.0
    );
    assert!(bob_perf > 1900.0 && ann_perf < 1100.0, "{bob_perf} {ann_perf}");
}
