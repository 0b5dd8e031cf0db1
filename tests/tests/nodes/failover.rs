//! Owners that die or stall: SIGKILL of the owner mid-game under load
//! (many trials), SIGSTOP past the lease then SIGCONT, and a clock that
//! runs out on another node after its owner was killed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use lodestone_tests::{Polling, eventually};
use serde_json::json;

use crate::harness::{Acted, Game, Nodes, follower_of, metric, stored};
use crate::node_test;

/// Trials of the SIGKILL test.
const TRIALS: usize = 20;
/// Games played at once in each trial.
const GAMES: usize = 3;

node_test!(killing_the_owner_loses_no_acknowledged_action);
/// Three nodes; in each trial three games are created on one node and
/// played at full speed, their players spread over the nodes (and moved to
/// the owner); the owner is killed with moves in flight. The players
/// reconnect to the others, another node takes each room from its log,
/// and every game goes on there. The event table must hold every
/// acknowledged action once, at its version, and nothing else but the
/// actions stored without an acknowledgement.
async fn killing_the_owner_loses_no_acknowledged_action() {
    let names = ["a", "b", "c"];
    let mut nodes = Nodes::start(&names);
    let (mut lost, mut duplicated, mut moves) = (0, 0, 0);
    for trial in 0..TRIALS {
        let victim = names[trial % names.len()];
        let other = names[(trial + 1) % names.len()];
        let mut games = Vec::new();
        for g in 0..GAMES {
            let join = if g % 2 == 0 {
                nodes.addr(other)
            } else {
                nodes.addr(victim)
            };
            games.push(Game::start(&nodes.live, nodes.addr(victim), join, "magneton", json!({})).await);
        }
        let acks = Arc::new(AtomicUsize::new(0));
        let killed = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        for mut game in games {
            let (acks, killed) = (acks.clone(), killed.clone());
            tasks.push(tokio::spawn(async move {
                let mut after_kill = 0;
                let finished = game
                    .play(14, |acted| {
                        if matches!(acted, Acted::Acked(_)) {
                            acks.fetch_add(1, Ordering::SeqCst);
                            if killed.load(Ordering::SeqCst) {
                                after_kill += 1;
                            }
                        }
                    })
                    .await;
                (game, after_kill, finished)
            }));
        }
        // Moves are in flight in every game when the owner dies.
        eventually!(
            Polling::default().every(Duration::from_millis(1)),
            "moves acknowledged in the games",
            { acks.load(Ordering::SeqCst) >= GAMES * 2 + trial % 4 }
        );
        nodes.kill(victim);
        killed.store(true, Ordering::SeqCst);
        for task in tasks {
            let (game, after_kill, finished) = task.await.expect("a game's task");
            assert!(
                finished || after_kill >= 2,
                "trial {trial}: room {} did not go on after its owner was killed",
                game.room
            );
            let (l, d) = game.check(&nodes.database).await;
            lost += l;
            duplicated += d;
            moves += game.acked.len();
            let owner = nodes.owner(&game.room).await;
            assert_ne!(
                owner.as_deref(),
                Some(victim),
                "trial {trial}: the dead node still holds a lease"
            );
        }
        nodes.add(victim);
    }
    eprintln!("{TRIALS} trials, {moves} acknowledged actions: {lost} lost, {duplicated} duplicated");
    assert_eq!((lost, duplicated), (0, 0));
}

node_test!(a_stopped_owner_never_writes_again_and_its_clients_are_moved);
/// Node a owns a game and is stopped (SIGSTOP) past its lease, with Bo's
/// move sent to it; node b takes the room and Ann plays there. When a
/// resumes (SIGCONT) its renewal (or its fence) finds the lease gone: it
/// stores nothing more for the room, Bo is moved to b, and his move is
/// played there once.
async fn a_stopped_owner_never_writes_again_and_its_clients_are_moved() {
    let mut nodes = Nodes::start(&["a", "b"]);
    let (a, b) = (nodes.addr("a"), nodes.addr("b"));
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    game.play(3, |_| {}).await;
    game.players[1].state_at(game.version).await;
    let before = stored(&nodes.database, &game.room).await.len();
    let room = game.room.clone();
    let ann_token = game.players[0].token.clone();
    // Bo is to move: his move goes to a, which is stopped.
    let stopped = nodes.remove("a");
    stopped.signal("STOP");
    let mut bo = game.players.pop().unwrap();
    let state = bo.client.states[&room].1.clone();
    let play = state.play.unwrap();
    assert_eq!(play.to_act, vec![1]);
    let bo_action = play.legal[0].clone();
    let bo_moves = play.moves.len();
    let bo_task = tokio::spawn(async move {
        let acted = bo.act(&bo_action, bo_moves).await;
        (bo, bo_action, acted)
    });
    // Node b takes the room once a's lease has run out (its sweeper, or
    // Ann coming back through b).
    let owner = nodes.owner_other_than(&room, "a").await;
    assert_eq!(owner, "b");
    let mut ann = follower_of(&nodes.live, b, "Ann", &ann_token, &room).await;
    assert_eq!(ann.addr, b);
    stopped.signal("CONT");
    let (mut bo, bo_action, acted) = tokio::time::timeout(Duration::from_secs(20), bo_task)
        .await
        .expect("Bo's move is answered")
        .unwrap();
    assert!(bo.moved >= 1, "Bo was moved off the stopped node");
    assert_eq!(bo.addr, b);
    let version = match acted {
        Acted::Acked(v) => v,
        other => panic!("Bo's move was not played on b: {other:?}"),
    };
    // Ann answers on b.
    let state = ann.state_at(version).await;
    let reply = state.play.unwrap().legal[0].clone();
    let ann_version = match ann.act(&reply, bo_moves + 1).await {
        Acted::Acked(v) => v,
        other => panic!("{other:?}"),
    };
    bo.state_at(ann_version).await;
    let events = stored(&nodes.database, &room).await;
    let actions: Vec<String> = events[before..]
        .iter()
        .filter_map(crate::harness::action_of)
        .collect();
    assert_eq!(
        actions,
        vec![bo_action, reply],
        "after the stop, each move once, played on b"
    );
    // Node a counted the lease it lost, holds no room, and stays up.
    let a_losses = metric(stopped.addr(), "lodestone_lease_losses_total").await;
    assert!(a_losses >= 1.0, "node a lost {a_losses} leases");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        stored(&nodes.database, &room).await.len(),
        events.len(),
        "nothing more stored"
    );
    assert_eq!(metric(stopped.addr(), "lodestone_rooms_owned").await, 0.0);
}

node_test!(a_clock_runs_out_on_another_node_after_its_owner_is_killed);
/// A game with a clock of two seconds a move is left by its players and
/// its owner is killed: the other node's sweeper takes the room when the
/// lease has expired and its deadline passed, and the clock runs out
/// there: the game ends on time with nobody connected.
async fn a_clock_runs_out_on_another_node_after_its_owner_is_killed() {
    let mut nodes = Nodes::start(&["a", "b"]);
    let a = nodes.addr("a");
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({"clock": "2s/move"})).await;
    game.play(2, |_| {}).await;
    let deadline = nodes
        .lease(&game.room)
        .await
        .expect("the room has a lease row")
        .deadline;
    assert!(deadline.is_some(), "the clock's deadline is in the lease row");
    let room = game.room.clone();
    drop(game);
    nodes.kill("a");
    let events = eventually!("the game finished on b", {
        let events = stored(&nodes.database, &room).await;
        events.iter().any(|e| e.kind == "finished").then_some(events)
    });
    assert!(events.iter().any(|e| e.kind == "out-of-time"), "{events:?}");
}

node_test!(an_append_under_a_lease_taken_away_is_refused_by_its_fence);
/// The lease of a's room is taken away behind its back (as a node that
/// took it would, epoch + 1) while a still serves the room: Bo's next move
/// is refused by the fence in the append's own transaction (nothing
/// stored, nothing acknowledged) or its renewal finds the lease gone
/// first; either way Bo is moved, and once that lease lapses a node takes
/// the room again (epoch + 1, from its log) and his move is stored once.
async fn an_append_under_a_lease_taken_away_is_refused_by_its_fence() {
    let nodes = Nodes::start(&["a", "b"]);
    let a = nodes.addr("a");
    let mut game = Game::start(&nodes.live, a, a, "magneton", json!({})).await;
    game.play(3, |_| {}).await;
    let room = game.room.clone();
    let before = stored(&nodes.database, &room).await;
    {
        let mut conn = crate::harness::connect(&nodes.database).await;
        let taken = sqlx::query(
            "UPDATE leases SET node = 'elsewhere', epoch = epoch + 1, \
             expires_at = clock_timestamp() + interval '1 second' WHERE room_id = $1 AND node = 'a'",
        )
        .bind(&room)
        .execute(&mut conn)
        .await
        .unwrap();
        assert_eq!(taken.rows_affected(), 1);
    }
    let bo = &mut game.players[1];
    let state = bo.state_at(game.version).await;
    let play = state.play.unwrap();
    assert_eq!(play.to_act, vec![1]);
    let action = play.legal[0].clone();
    match bo.act(&action, play.moves.len()).await {
        Acted::Acked(_) => {}
        other => panic!("Bo's move was not played after the move: {other:?}"),
    }
    assert!(bo.moved >= 1, "Bo was moved off node a");
    let after = stored(&nodes.database, &room).await;
    let new: Vec<String> = after[before.len()..]
        .iter()
        .filter_map(crate::harness::action_of)
        .collect();
    assert_eq!(new, vec![action], "the move is stored once, under a new lease");
    let epoch = nodes.lease(&room).await.expect("the room has a lease row").epoch;
    assert!(
        epoch >= 3,
        "the room was taken again after the lease taken away (epoch {epoch})"
    );
    assert!(metric(a, "lodestone_lease_losses_total").await >= 1.0);
}
