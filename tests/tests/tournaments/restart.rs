//! A tournament survives SIGKILL: its director and its games' rooms come
//! back from their logs, and the event goes on with nothing lost. The
//! people entered never come to their games: each loses as a no-show
//! once the absence grace has passed.

use std::time::Duration;

use lodestone_protocol::TournamentStatus;
use lodestone_tests::{Client, ServerProcess, each_backend, http_get, temp_dir};
use serde_json::json;

use crate::helpers::{add_bots, create, follow, join_tournament, start_tournament};

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

fn start(dir: &std::path::Path) -> ServerProcess {
    let database = lodestone_tests::database_url(dir);
    ServerProcess::start_with(SERVER, &["--database", &database, "--absent-grace", "2s"], dir)
}

each_backend!(a_round_robin_goes_on_after_sigkill_with_no_shows_losing);
async fn a_round_robin_goes_on_after_sigkill_with_no_shows_losing() {
    let dir = temp_dir();
    let server = start(&dir);
    let mut ann = Client::connect(server.addr).await;
    let ann_token = ann.hello("Ann").await;
    let mut bob = Client::guest(server.addr, "Bob").await;
    let t = create(
        &mut ann,
        json!({"name": "Kill me", "game": "magneton", "format": "round-robin", "bots": true}),
    )
    .await;
    join_tournament(&mut ann, &t.id).await;
    join_tournament(&mut bob, &t.id).await;
    add_bots(&mut ann, &t.id, 2, "random").await;
    let started = start_tournament(&mut ann, &t.id).await;
    assert_eq!(started.status, TournamentStatus::Running);
    let first = started
        .rounds
        .first()
        .expect("round 1 is paired at the start")
        .clone();
    assert_eq!(first.games.len(), 2);
    // Killed while round 1 is being played (nobody came to it yet).
    server.kill();
    drop(ann);
    drop(bob);
    let server = start(&dir);
    let mut ann = Client::connect(server.addr).await;
    ann.resume(&ann_token).await;
    let end = follow(&mut ann, &t.id, Duration::from_secs(120), |t| {
        t.status == TournamentStatus::Finished
    })
    .await;
    assert_eq!(end.rounds.len(), 3);
    assert_eq!(end.rounds[0].games, {
        // The same games (rooms, players), now over.
        let mut games = end.rounds[0].games.clone();
        for (g, before) in games.iter_mut().zip(&first.games) {
            assert_eq!(g.room, before.room);
            assert_eq!(g.players, before.players);
        }
        games.clone()
    });
    let people = [&end.players[0].id, &end.players[1].id];
    for round in &end.rounds {
        for g in &round.games {
            let points = g.points.as_ref().expect("every game is over");
            for (seat, p) in g.players.iter().enumerate() {
                if people.contains(&p) {
                    assert!(g.no_shows.contains(&(seat as u8)), "{g:?}");
                    assert_eq!(points[seat], 0.0);
                }
            }
        }
    }
    // Each person lost all three games.
    for s in &end.standings {
        if people.contains(&&s.player) {
            assert_eq!((s.points, s.tally.losses), (0.0, 3));
        }
    }
    let (status, _) = http_get(server.addr, &format!("/api/tournaments/{}", t.id), None).await;
    assert_eq!(status, 200);
}
