//! A tournament on two nodes over PostgreSQL: the node directing it is
//! killed (SIGKILL) during a round; the other takes the tournament's lease
//! once it lapses, folds its log and directs it to the end, with the games
//! of the dead node's rooms taken over too. The people entered never come
//! to their games, so each round waits for their absence grace (they lose
//! as no-shows) and the kill lands mid-round.

use std::time::Duration;

use lodestone_protocol::{ServerMessage, TournamentState, TournamentStatus};
use lodestone_tests::{Client, Polling, eventually, http_get};
use serde_json::json;

use crate::harness::Nodes;
use crate::node_test;

fn state(reply: ServerMessage) -> TournamentState {
    match reply {
        ServerMessage::Tournament { tournament, .. } => *tournament,
        other => panic!("not a tournament: {other:?}"),
    }
}

node_test!(a_tournament_goes_on_when_its_directors_node_dies);
async fn a_tournament_goes_on_when_its_directors_node_dies() {
    let mut nodes = Nodes::start(&[]);
    nodes.extra = ["--absent-grace", "2s"].map(String::from).to_vec();
    let a = nodes.add("a");
    let b = nodes.add("b");
    let mut ann = Client::guest(a, "Ann").await;
    let mut bob = Client::guest(a, "Bob").await;
    let t = state(
        ann.ok(json!({"type": "create_tournament", "tournament":
            {"name": "Two nodes", "game": "magneton", "format": "round-robin", "bots": true}}))
            .await,
    );
    ann.ok(json!({"type": "join_tournament", "tournament": t.id}))
        .await;
    bob.ok(json!({"type": "join_tournament", "tournament": t.id}))
        .await;
    for _ in 0..2 {
        ann.ok(json!({"type": "add_tournament_bot", "tournament": t.id, "level": "random"}))
            .await;
    }
    let started = state(
        ann.ok(json!({"type": "start_tournament", "tournament": t.id}))
            .await,
    );
    let first = started.rounds[0].clone();
    assert_eq!(nodes.owner(&t.id).await.as_deref(), Some("a"));
    nodes.kill("a");
    let owner = nodes.owner_other_than(&t.id, "a").await;
    assert_eq!(owner, "b");
    let end = eventually!(
        Polling::within(Duration::from_secs(120)).every(Duration::from_millis(200)),
        "the tournament to finish on node b",
        {
            let (status, body) = http_get(b, &format!("/api/tournaments/{}", t.id), None).await;
            assert_eq!(status, 200, "{body}");
            let now: TournamentState = serde_json::from_str(&body).unwrap();
            if now.status == TournamentStatus::Finished {
                Ok(now)
            } else {
                Err(now)
            }
        }
    );
    assert_eq!(end.rounds.len(), 3);
    for (g, before) in end.rounds[0].games.iter().zip(&first.games) {
        assert_eq!((&g.room, &g.players), (&before.room, &before.players));
    }
    assert!(
        end.rounds
            .iter()
            .flat_map(|r| &r.games)
            .all(|g| g.points.is_some())
    );
    // The log has every event once, in order.
    let mut conn = crate::harness::connect(&nodes.database).await;
    let seqs: Vec<i64> =
        sqlx::query_scalar("SELECT seq FROM tournament_events WHERE tournament_id = $1 ORDER BY seq")
            .bind(&t.id)
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
}
