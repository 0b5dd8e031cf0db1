//! A Magma event of teams fixed for the event, black-box: eight people on
//! their own connections enter four teams of two by name (the refusals:
//! no team, a full team, teams outside a Magma event), the event is paired
//! as tables of two teams seated as colour teams (seats 1+3 against 2+4),
//! each game is decided by the second team resigning, and the event ends
//! with the team standings, in the `tournament` message and over HTTP. And
//! the same event killed (SIGKILL) after its first pairing goes on from
//! its log with its teams.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use lodestone_protocol::{TournamentState, TournamentStatus};
use lodestone_tests::{Client, ServerProcess, TestServer, each_backend, http_get, temp_dir};
use serde_json::{Value, json};

use crate::helpers::{create, follow, quick, start_tournament, state, watch_tournament};

/// Four teams of two: (team, player names).
const TEAMS: [(&str, [&str; 2]); 4] = [
    ("Owls", ["Ann", "Abe"]),
    ("Foxes", ["Bea", "Bob"]),
    ("Hawks", ["Cat", "Cy"]),
    ("Moles", ["Dee", "Dan"]),
];

fn spec() -> Value {
    json!({"name": "Pairs cup", "game": "magma", "format": "magma", "rounds": 3, "table": 4, "teams": "pairs"})
}

/// Each person says hello and enters its team; returns the clients by
/// name with their tokens.
async fn enter(connect: impl AsyncFn() -> Client, id: &str) -> HashMap<String, (Client, String)> {
    let mut people = HashMap::new();
    for (team, names) in TEAMS {
        for name in names {
            let mut c = connect().await;
            let token = c.hello(name).await;
            let t = state(
                c.ok(json!({"type": "join_tournament", "tournament": id, "team": team}))
                    .await,
            );
            let me = t.players.iter().find(|p| p.name == name).expect("entered");
            assert_eq!(me.team.as_deref(), Some(team));
            people.insert(name.to_string(), (c, token));
        }
    }
    people
}

/// Plays the event to its end: in every game, the team in seats 2 and 4
/// resigns (both its players), so the team in seats 1 and 3 wins.
async fn play_by_resigning(
    org: &mut Client,
    people: &mut HashMap<String, (Client, String)>,
    id: &str,
) -> TournamentState {
    let mut resigned = HashSet::new();
    loop {
        let t = follow(org, id, Duration::from_secs(120), |t| {
            t.status == TournamentStatus::Finished
                || t.rounds
                    .iter()
                    .flat_map(|r| &r.games)
                    .any(|g| g.points.is_none() && !resigned.contains(&g.room))
        })
        .await;
        if t.status == TournamentStatus::Finished {
            return t;
        }
        let name = |guest: &str| {
            t.players
                .iter()
                .find(|p| p.id == guest)
                .expect("a player")
                .name
                .clone()
        };
        for g in t.rounds.iter().flat_map(|r| &r.games) {
            if g.points.is_some() || !resigned.insert(g.room.clone()) {
                continue;
            }
            for seat in [1, 3] {
                let (c, _) = people.get_mut(&name(&g.players[seat])).expect("a person");
                c.ok(json!({"type": "resign", "room": g.room})).await;
            }
        }
    }
}

/// What every finished event of `TEAMS` shows: tables of two teams on
/// their sides, no two teams twice, the winners' points, team standings.
fn check_the_end(end: &TournamentState) {
    assert_eq!(end.rounds.len(), 3);
    let team = |guest: &str| {
        let p = end.players.iter().find(|p| p.id == guest).expect("a player");
        p.team.clone().expect("a team")
    };
    let mut met = HashSet::new();
    for round in &end.rounds {
        assert_eq!(round.games.len(), 2, "four teams: two tables a round");
        let mut seated = HashSet::new();
        for g in &round.games {
            assert_eq!(g.players.len(), 4);
            assert!(g.players.iter().all(|p| seated.insert(p.clone())));
            // Seats 1+3 and 2+4 are Magma's colour teams.
            assert_eq!(team(&g.players[0]), team(&g.players[2]));
            assert_eq!(team(&g.players[1]), team(&g.players[3]));
            let mut pair = [team(&g.players[0]), team(&g.players[1])];
            pair.sort();
            assert!(met.insert(pair), "two teams met twice: {:?}", end.rounds);
            assert_eq!(g.points, Some(vec![1.0, 0.0, 1.0, 0.0]), "the first team won");
        }
    }
    assert_eq!(met.len(), 6, "every team met every other");
    assert_eq!(end.team_standings.len(), 4);
    let total: f64 = end.team_standings.iter().map(|r| r.points).sum();
    assert_eq!(total, 6.0);
    for row in &end.team_standings {
        assert_eq!(
            (row.tally.games, row.tally.wins + row.tally.losses),
            (3, 3),
            "{row:?}"
        );
        let (_, names) = TEAMS.iter().find(|(t, _)| *t == row.team).expect("a team");
        let mut members: Vec<String> = row
            .members
            .iter()
            .map(|m| {
                end.players
                    .iter()
                    .find(|p| &p.id == m)
                    .expect("a player")
                    .name
                    .clone()
            })
            .collect();
        members.sort();
        let mut expected: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        expected.sort();
        assert_eq!(members, expected);
        // Each player's own line shows its team and the team's points.
        for m in &row.members {
            let own = end.standings.iter().find(|s| &s.player == m).expect("a line");
            assert_eq!(
                (own.team.as_deref(), own.points),
                (Some(row.team.as_str()), row.points)
            );
        }
    }
    let first = &end.team_standings[0];
    assert!(end.team_standings.iter().all(|r| r.points <= first.points));
}

each_backend!(a_magma_event_of_fixed_teams_plays_to_the_end_with_team_standings);
async fn a_magma_event_of_fixed_teams_plays_to_the_end_with_team_standings() {
    let server = TestServer::start_with(quick).await;
    let mut org = server.guest("Org").await;
    org.refused(
        json!({"type": "create_tournament", "tournament": {"name": "Bad", "game": "magneton", "format": "swiss", "rounds": 3, "teams": "pairs"}}),
        "bad-option",
    )
    .await;
    org.refused(
        json!({"type": "create_tournament", "tournament": {"name": "Bad", "game": "magma", "format": "magma", "rounds": 3, "table": 5, "teams": "pairs"}}),
        "bad-option",
    )
    .await;
    let t = create(&mut org, spec()).await;
    assert_eq!(t.spec.teams, Some(lodestone_protocol::TournamentTeams::Pairs));
    let mut people = enter(async || server.client().await, &t.id).await;
    let mut eve = server.guest("Eve").await;
    let before = watch_tournament(&mut org, &t.id).await;
    eve.refused(json!({"type": "join_tournament", "tournament": t.id}), "bad-team")
        .await;
    eve.refused(
        json!({"type": "join_tournament", "tournament": t.id, "team": "owls"}),
        "team-full",
    )
    .await;
    let after = watch_tournament(&mut org, &t.id).await;
    assert_eq!(before, after, "nothing changes on a refusal");
    start_tournament(&mut org, &t.id).await;
    let end = play_by_resigning(&mut org, &mut people, &t.id).await;
    check_the_end(&end);
    let (status, body) = http_get(server.addr(), &format!("/api/tournaments/{}", t.id), None).await;
    assert_eq!(status, 200);
    let json: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(json["team_standings"].as_array().map(Vec::len), Some(4), "{body}");
    assert!(
        json["players"]
            .as_array()
            .expect("players")
            .iter()
            .all(|p| p["team"].is_string())
    );
}

const SERVER: &str = env!("CARGO_BIN_EXE_lodestone-test-server");

each_backend!(a_team_event_goes_on_after_sigkill_with_its_teams);
async fn a_team_event_goes_on_after_sigkill_with_its_teams() {
    let dir = temp_dir();
    let database = lodestone_tests::database_url(&dir);
    let args = ["--database", database.as_str()];
    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let addr = server.addr;
    let mut org = Client::connect(addr).await;
    let org_token = org.hello("Org").await;
    let t = create(&mut org, spec()).await;
    let people = enter(async || Client::connect(addr).await, &t.id).await;
    let started = start_tournament(&mut org, &t.id).await;
    let first = started
        .rounds
        .first()
        .expect("round 1 paired at the start")
        .clone();
    server.kill();
    drop(org);
    let tokens: Vec<(String, String)> = people.into_iter().map(|(n, (_, token))| (n, token)).collect();
    let server = ServerProcess::start_with(SERVER, &args, &dir);
    let mut org = Client::connect(server.addr).await;
    org.resume(&org_token).await;
    let mut people = HashMap::new();
    for (name, token) in tokens {
        let mut c = Client::connect(server.addr).await;
        c.resume(&token).await;
        people.insert(name, (c, token));
    }
    let again = watch_tournament(&mut org, &t.id).await;
    assert_eq!(again.players, started.players, "the teams came back from the log");
    assert_eq!(again.rounds[0].games.len(), first.games.len());
    for (g, before) in again.rounds[0].games.iter().zip(&first.games) {
        assert_eq!((&g.room, &g.players), (&before.room, &before.players));
    }
    let end = play_by_resigning(&mut org, &mut people, &t.id).await;
    check_the_end(&end);
}
