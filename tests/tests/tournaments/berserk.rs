//! Berserk in an arena: its games offer it (room option `berserk=on`,
//! given by the arena where the clock has a bank), and a berserk win
//! scores one point more in the standings.

use lodestone_tests::{PATIENCE, TestServer, each_backend};
use serde_json::json;

use crate::entries::account;
use crate::helpers::{create, follow, quick, state};

each_backend!(a_berserk_win_in_an_arena_scores_one_more);
/// Ann and Bob meet in an arena at 5+3; whoever holds black goes berserk
/// and the other resigns: the berserker has 2 + 1 points, the game lists
/// the berserk seat, and the arena's games carry `berserk=on`.
async fn a_berserk_win_in_an_arena_scores_one_more() {
    let server = TestServer::start_with(quick).await;
    let addr = server.addr();
    let (mut ann, ann_id, _) = account(addr, "Annzerk").await;
    let (mut bob, _, _) = account(addr, "Bobzerk").await;
    let t = create(
        &mut ann,
        json!({"name": "Zerk", "game": "magneton", "format": "arena", "seconds": 600, "options": {"clock": "5+3"}}),
    )
    .await;
    assert_eq!(t.spec.options.get("berserk").map(String::as_str), Some("on"));
    ann.ok(json!({"type": "join_tournament", "tournament": t.id}))
        .await;
    bob.ok(json!({"type": "join_tournament", "tournament": t.id}))
        .await;
    let running = state(
        ann.ok(json!({"type": "start_tournament", "tournament": t.id}))
            .await,
    );
    let game = running.rounds[0].games[0].clone();
    let ann_seat = game.players.iter().position(|p| *p == ann_id).expect("Ann plays");
    let (berserker, loser) = if ann_seat == 1 {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    berserker.ok(json!({"type": "berserk", "room": game.room})).await;
    loser.ok(json!({"type": "resign", "room": game.room})).await;
    let winner = game.players[1].clone();
    let after = follow(&mut ann, &t.id, PATIENCE, |t| {
        t.standings.iter().all(|s| s.games >= 1)
    })
    .await;
    let row = |id: &str| {
        after
            .standings
            .iter()
            .find(|s| s.player == id)
            .expect("a standing")
    };
    let lost = game.players[0].clone();
    assert_eq!(
        (row(&winner).points, row(&winner).wins),
        (3.0, 1),
        "{:?}",
        after.standings
    );
    assert_eq!(row(&lost).points, 0.0, "{:?}", after.standings);
    let played = after
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .find(|g| g.room == game.room)
        .expect("the game");
    assert_eq!(played.berserk, vec![1]);
}
