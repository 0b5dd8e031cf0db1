//! What the tournament tests share: creating a tournament, entering bots,
//! and following a tournament until something is true.

use std::time::Duration;

use lodestone_protocol::{ServerMessage, TournamentState, TournamentStatus};
use lodestone_server::Config;
use lodestone_tests::{Client, TestServer};
use serde_json::{Value, json};

/// The test configuration: the director looks at its games often, and
/// players are absent (no-shows) after a short grace.
pub fn quick(config: &mut Config) {
    config.tournaments.tick_ms = 100;
    config.tournaments.min_arena_seconds = 5;
    config.tournaments.arena_repeat_after_ms = 2_000;
    config.bot_threads = 2;
}

/// The tournament of a reply.
pub fn state(reply: ServerMessage) -> TournamentState {
    match reply {
        ServerMessage::Tournament { tournament, .. } => *tournament,
        other => panic!("not a tournament: {other:?}"),
    }
}

/// `c` watches tournament `id`; returns it as it is now.
pub async fn watch_tournament(c: &mut Client, id: &str) -> TournamentState {
    state(c.ok(json!({"type": "watch_tournament", "tournament": id})).await)
}

/// Creates a tournament of `spec`; returns it.
pub async fn create(c: &mut Client, spec: Value) -> TournamentState {
    state(
        c.ok(json!({"type": "create_tournament", "tournament": spec}))
            .await,
    )
}

/// Enters `n` bots of `level` (the organizer).
pub async fn add_bots(c: &mut Client, id: &str, n: usize, level: &str) -> TournamentState {
    let mut last = None;
    for _ in 0..n {
        last = Some(state(
            c.ok(json!({"type": "add_tournament_bot", "tournament": id, "level": level}))
                .await,
        ));
    }
    last.expect("at least one bot")
}

/// `c` enters tournament `id`.
pub async fn join_tournament(c: &mut Client, id: &str) {
    c.ok(json!({"type": "join_tournament", "tournament": id})).await;
}

/// The organizer `c` starts tournament `id`; returns it.
pub async fn start_tournament(c: &mut Client, id: &str) -> TournamentState {
    state(c.ok(json!({"type": "start_tournament", "tournament": id})).await)
}

/// Ann organizes the event `spec` on `server`, enters `bots` random bots,
/// starts it and follows it to the end (at most `within`); returns it.
pub async fn bots_event(server: &TestServer, spec: Value, bots: usize, within: Duration) -> TournamentState {
    let mut ann = server.guest("Ann").await;
    let t = create(&mut ann, spec).await;
    add_bots(&mut ann, &t.id, bots, "random").await;
    start_tournament(&mut ann, &t.id).await;
    to_the_end(&mut ann, &t.id, within).await
}

/// Watches tournament `id` and waits (at most `within`) for a state that
/// satisfies `until`.
pub async fn follow(
    c: &mut Client,
    id: &str,
    within: Duration,
    until: impl Fn(&TournamentState) -> bool,
) -> TournamentState {
    let first = watch_tournament(c, id).await;
    if until(&first) {
        return first;
    }
    let patience = c.patience.take();
    let waited = tokio::time::timeout(within, async {
        loop {
            match c.recv().await {
                Some(ServerMessage::Tournament { id: None, tournament }) if tournament.id == id => {
                    if until(&tournament) {
                        return *tournament;
                    }
                }
                Some(_) => {}
                None => panic!("the connection closed while following the tournament"),
            }
        }
    })
    .await;
    c.patience = patience;
    waited.unwrap_or_else(|_| panic!("tournament {id} did not get there within {within:?}"))
}

/// Follows until the tournament is over.
pub async fn to_the_end(c: &mut Client, id: &str, within: Duration) -> TournamentState {
    follow(c, id, within, |t| t.status == TournamentStatus::Finished).await
}
