//! Berserk in an arena: its games offer it (room option `berserk=on`,
//! given by the arena where the clock has a bank), and a berserk win
//! scores one point more in the standings once the berserk player made
//! seven moves of its own; a win at once (the opponent resigns) scores
//! as usual.

use lodestone_protocol::TournamentState;
use lodestone_tests::{Client, PATIENCE, TestServer, each_backend};
use serde_json::json;

use crate::entries::account;
use crate::helpers::{create, follow, join_tournament, quick, start_tournament};

/// Ann and Bob meet in an arena at 5+3; whoever holds black goes berserk,
/// both play `moves` moves each (black's: as many), and white resigns.
/// Returns the tournament once the game counts, the berserker's guest id
/// and the game's room.
async fn berserk_game(moves: usize) -> (TournamentState, String, String) {
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
    join_tournament(&mut ann, &t.id).await;
    join_tournament(&mut bob, &t.id).await;
    let running = start_tournament(&mut ann, &t.id).await;
    let game = running.rounds[0].games[0].clone();
    let ann_seat = game.players.iter().position(|p| *p == ann_id).expect("Ann plays");
    let (white, black) = if ann_seat == 1 {
        (&mut bob, &mut ann)
    } else {
        (&mut ann, &mut bob)
    };
    black.ok(json!({"type": "berserk", "room": game.room})).await;
    play(&mut [white, black], &game.room, moves).await;
    let (white, _) = if ann_seat == 1 {
        (&mut bob, &mut ann)
    } else {
        (&mut ann, &mut bob)
    };
    white.ok(json!({"type": "resign", "room": game.room})).await;
    let after = follow(&mut ann, &t.id, PATIENCE, |t| {
        t.standings.iter().all(|s| s.tally.games >= 1)
    })
    .await;
    (after, game.players[1].clone(), game.room)
}

/// The seats (white, black) play their first offered action in turn
/// until black has made `moves` moves.
async fn play(seats: &mut [&mut Client; 2], room: &str, moves: usize) {
    for c in seats.iter_mut() {
        c.ok(json!({"type": "join", "room": room})).await;
    }
    let mut version = 0;
    let mut black = 0;
    while black < moves {
        let now = seats[0].state_at(room, version).await;
        let play = now.play.expect("a game");
        let seat = usize::from(*play.to_act.first().expect("the game goes on"));
        let mine = seats[seat].state_at(room, version).await;
        let action = mine
            .play
            .expect("a game")
            .legal
            .first()
            .cloned()
            .expect("an action");
        version = seats[seat].act(room, &action).await;
        black += usize::from(seat == 1);
    }
}

/// Black goes berserk, makes `moves` moves and wins (white resigns): the
/// winner's standing holds one win worth `points`, and the game lists the
/// berserk seat.
async fn a_berserk_win_scores(moves: usize, points: f64) {
    let (after, winner, room) = berserk_game(moves).await;
    let row = after
        .standings
        .iter()
        .find(|s| s.player == winner)
        .expect("a standing");
    assert_eq!((row.points, row.tally.wins), (points, 1), "{:?}", after.standings);
    let played = after
        .rounds
        .iter()
        .flat_map(|r| &r.games)
        .find(|g| g.room == room)
        .expect("the game");
    assert_eq!(played.berserk, vec![1]);
}

each_backend!(a_berserk_win_in_an_arena_scores_one_more);
/// Black goes berserk, makes its seven moves and wins (white resigns):
/// 2 + 1 points, the game lists the berserk seat.
async fn a_berserk_win_in_an_arena_scores_one_more() {
    a_berserk_win_scores(7, 3.0).await;
}

each_backend!(a_berserk_win_before_seven_moves_scores_as_usual);
/// Black goes berserk and white resigns at once: a win's 2 points, no
/// berserk point (the game still lists the berserk seat).
async fn a_berserk_win_before_seven_moves_scores_as_usual() {
    a_berserk_win_scores(0, 2.0).await;
}
