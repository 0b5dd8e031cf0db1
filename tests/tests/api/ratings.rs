//! Ratings and player pages (issue 14): a rated two-player game moves the
//! winner up and the loser down, a rated four-player Magma team game the
//! winning team up; the option `rated` needs accounts and no bots; a game
//! is rated once across a crash between its end and its rating; the
//! player pages and the leaderboard with their errors.

use std::net::SocketAddr;
use std::path::Path;

use lodestone_protocol::{Leaderboard, PlayerPage, RoomStatus};
use lodestone_tests::{
    Client, ServerProcess, TestServer, each_backend, eventually, http_get, player_page, temp_dir,
};
use serde_json::json;

use crate::accounts::{account, spawn_server};

/// Polls the player page of `id` until it has a recent game (bounded).
async fn page_with_game(addr: SocketAddr, id: &str) -> PlayerPage {
    eventually!(format!("a game recorded on {id}'s page"), {
        let p = player_page(addr, id).await;
        if p.recent.is_empty() { Err(p) } else { Ok(p) }
    })
}

/// Kills `server`, starts it again on `dir` with its log in `log`, and
/// reads the pages of the players `ids` there.
async fn pages_after_a_restart(
    server: ServerProcess,
    dir: &Path,
    log: &str,
    ids: &[String],
) -> (ServerProcess, Vec<PlayerPage>) {
    server.kill();
    let server = spawn_server(dir, &[], &dir.join(log));
    let mut pages = Vec::new();
    for id in ids {
        pages.push(player_page(server.addr, id).await);
    }
    (server, pages)
}

/// A started rated room of `game` with a new account at each seat, in
/// seat order.
async fn rated_room(
    addr: SocketAddr,
    game: &str,
    options: serde_json::Value,
    seats: usize,
) -> (String, Vec<(Client, String)>) {
    let mut players = Vec::new();
    let mut room = String::new();
    for i in 0..seats {
        let (mut c, id, _) = account(addr, &format!("P{i}-{}", &uuid_like())).await;
        if i == 0 {
            room = c.create_room(game, options.clone(), true).await.0;
        }
        c.join(&room, json!(i)).await;
        players.push((c, id));
    }
    players[0].0.ok(json!({"type": "start", "room": room})).await;
    (room, players)
}

/// A short unique tag for names (account names are unique).
fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "{}-{}",
        std::process::id() % 10_000,
        N.fetch_add(1, Ordering::Relaxed)
    )
}

fn mu(p: &PlayerPage, key: &str) -> f64 {
    p.ratings
        .iter()
        .find(|r| r.game == key)
        .unwrap_or_else(|| panic!("no {key} rating: {p:?}"))
        .mu
}

each_backend!(a_rated_two_player_game_moves_the_winner_up_and_the_loser_down);
async fn a_rated_two_player_game_moves_the_winner_up_and_the_loser_down() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (room, mut players) = rated_room(addr, "magneton", json!({"rated": "yes"}), 2).await;
    let state = players[0]
        .0
        .state_until(&room, |s| s.status == RoomStatus::Playing)
        .await;
    assert_eq!(state.options.get("rated").map(String::as_str), Some("yes"));
    players[0].0.ok(json!({"type": "resign", "room": room})).await;
    let loser = page_with_game(addr, &players[0].1).await;
    let winner = page_with_game(addr, &players[1].1).await;
    assert!(mu(&winner, "magneton") > 25.0, "{winner:?}");
    assert!(mu(&loser, "magneton") < 25.0, "{loser:?}");
    let w = &winner.ratings[0];
    assert_eq!((w.games, w.provisional), (1, true));
    assert!((w.rating - (w.mu - 3.0 * w.sigma)).abs() < 0.02, "{w:?}");
    assert_eq!(winner.recent[0].result, "win");
    assert_eq!(loser.recent[0].result, "loss");
    assert!(winner.recent[0].rated);
    assert_eq!(winner.recent[0].replay, format!("#/room/{room}/ply/0"));

    let (status, body) = http_get(addr, "/api/leaderboard?game=magneton", None).await;
    assert_eq!(status, 200, "{body}");
    let board: Leaderboard = serde_json::from_str(&body).unwrap();
    let ids: Vec<&str> = board.players.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(
        ids,
        [players[1].1.as_str(), players[0].1.as_str()],
        "the winner first"
    );
    assert_eq!(board.players[0].rank, 1);
    assert!(board.players[0].provisional);
}

each_backend!(a_rated_magma_team_game_moves_the_winning_team_up);
async fn a_rated_magma_team_game_moves_the_winning_team_up() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (room, mut players) = rated_room(addr, "magma", json!({"players": 4, "rated": true}), 4).await;
    let state = players[0]
        .0
        .state_until(&room, |s| s.status == RoomStatus::Playing)
        .await;
    let team_of = |seat: usize| state.seats[seat].team;
    let losing_team = team_of(0);
    let (losers, winners): (Vec<usize>, Vec<usize>) = (0..4).partition(|&s| team_of(s) == losing_team);
    assert_eq!(
        (losers.len(), winners.len()),
        (2, 2),
        "two teams of two: {:?}",
        state.seats
    );
    for &s in &losers {
        players[s].0.ok(json!({"type": "resign", "room": room})).await;
    }
    for &s in &winners {
        let p = page_with_game(addr, &players[s].1).await;
        assert!(mu(&p, "magma-4") > 25.0, "a winner: {p:?}");
        assert_eq!(p.recent[0].result, "win");
    }
    for &s in &losers {
        let p = page_with_game(addr, &players[s].1).await;
        assert!(mu(&p, "magma-4") < 25.0, "a loser: {p:?}");
        assert_eq!(p.recent[0].game, "magma-4");
    }
}

each_backend!(a_rated_room_takes_only_accounts);
async fn a_rated_room_takes_only_accounts() {
    let server = TestServer::start().await;
    let (mut ann, _, _) = account(server.addr(), "Ann").await;
    ann.refused(
        json!({"type": "create_room", "game": "magneton", "options": {"rated": "maybe"}}),
        "bad-option",
    )
    .await;
    let room = ann
        .seated_room("magneton", json!({"rated": "yes"}), json!(0))
        .await;
    let m = ann
        .refused(json!({"type": "add_bot", "room": room}), "rated-needs-accounts")
        .await;
    assert!(m.contains("rated"), "{m}");
    let mut guest = server.guest("Gus").await;
    guest.join(&room, json!(1)).await;
    let m = ann
        .refused(json!({"type": "start", "room": room}), "rated-needs-accounts")
        .await;
    assert!(m.contains("Gus"), "{m}");
    // Once the guest registers, the game may start.
    guest
        .ok(json!({"type": "register", "name": "Gus", "password": crate::accounts::PASSWORD}))
        .await;
    ann.ok(json!({"type": "start", "room": room})).await;

    // `/api/games` offers the option for every game.
    let (_, body) = http_get(server.addr(), "/api/games", None).await;
    let games: Vec<lodestone_protocol::GameInfo> = serde_json::from_str(&body).unwrap();
    for g in &games {
        let rated = g.options.iter().find(|o| o.key == "rated").expect("rated");
        assert_eq!(
            (rated.default.as_str(), rated.values.clone()),
            ("no", vec!["no".into(), "yes".into()])
        );
    }
}

each_backend!(a_game_is_rated_once_across_a_crash_before_its_rating);
async fn a_game_is_rated_once_across_a_crash_before_its_rating() {
    let dir = temp_dir();
    let hook = [("LODESTONE_TEST_HOOK", "crash-before-rating")];
    let mut first = spawn_server(&dir, &hook, &dir.join("first.log"));
    let (room, mut players) = rated_room(first.addr, "magneton", json!({"rated": "yes"}), 2).await;
    let ids: Vec<String> = players.iter().map(|(_, id)| id.clone()).collect();
    // The end is stored; the server dies before rating it (perhaps before
    // the acknowledgement is sent).
    let resign = json!({"type": "resign", "id": "r", "room": room});
    players[1].0.send_text(&resign.to_string()).await;
    eventually!("the test hook to stop the server", {
        first.child.try_wait().expect("a status").is_some()
    });
    drop(players);

    // At the next start, the game whose result was due is rated.
    let server = spawn_server(&dir, &[], &dir.join("second.log"));
    let winner = page_with_game(server.addr, &ids[0]).await;
    let loser = page_with_game(server.addr, &ids[1]).await;
    assert!(mu(&winner, "magneton") > 25.0 && mu(&loser, "magneton") < 25.0);
    assert_eq!((winner.ratings[0].games, loser.ratings[0].games), (1, 1));

    // Another restart changes nothing: the game was rated once.
    let (server, pages) = pages_after_a_restart(server, &dir, "third.log", &ids).await;
    for (after, before) in pages.iter().zip([&winner, &loser]) {
        assert_eq!(after.ratings, before.ratings, "rated again");
        assert_eq!(after.recent.len(), 1);
    }
    server.kill();
}

each_backend!(player_pages_and_leaderboards_refuse_what_is_not_there);
async fn player_pages_and_leaderboards_refuse_what_is_not_there() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let code = |body: &str| serde_json::from_str::<serde_json::Value>(body).unwrap()["code"].clone();
    let (status, body) = http_get(addr, "/api/players/no-such-player", None).await;
    assert_eq!((status, code(&body)), (404, json!("unknown-player")));
    for bad in ["", "?game=magma", "?game=chess", "?game=magma-7"] {
        let (status, body) = http_get(addr, &format!("/api/leaderboard{bad}"), None).await;
        assert_eq!((status, code(&body)), (400, json!("unknown-game")), "{bad}");
        assert!(body.contains("magma-4"), "the message lists the keys: {body}");
        // And so does its detail.
        let detail = &serde_json::from_str::<serde_json::Value>(&body).unwrap()["detail"];
        assert_eq!(detail["kind"], "rating-games", "{body}");
        assert!(
            detail["keys"].as_array().unwrap().contains(&json!("magma-4")),
            "{body}"
        );
    }
    let (status, body) = http_get(addr, "/api/leaderboard?game=magma-4&limit=3", None).await;
    assert_eq!(status, 200);
    let board: Leaderboard = serde_json::from_str(&body).unwrap();
    assert_eq!((board.game.as_str(), board.players.len()), ("magma-4", 0));
    // A guest's page: no account, no ratings, no games yet.
    let (_, id, _) = account(addr, "Ann").await;
    let _guest = server.guest("Gus").await;
    let ann = player_page(addr, &id).await;
    assert!(
        ann.account && ann.ratings.is_empty() && ann.recent.is_empty(),
        "{ann:?}"
    );
}

#[tokio::test]
async fn accounts_ratings_and_vacations_survive_migrate_db() {
    use lodestone_tests::{Backend, ServerProcess, database_url, on_backend, postgres_ready, run_to_exit};
    if !postgres_ready() {
        return;
    }
    // On SQLite: two accounts, one rated game between them.
    let first = TestServer::start().await;
    let addr = first.addr();
    let (room, mut players) = rated_room(addr, "magneton", json!({"rated": "yes"}), 2).await;
    players[0].0.ok(json!({"type": "resign", "room": room})).await;
    let loser = page_with_game(addr, &players[0].1).await;
    let winner = page_with_game(addr, &players[1].1).await;
    let loser_name = loser.name.clone();
    // The loser goes on vacation (issue 27): the copy keeps it.
    let taken = match players[0]
        .0
        .ok(json!({"type": "take_vacation", "days": 3, "message": "Back soon"}))
        .await
    {
        lodestone_protocol::ServerMessage::Vacation { vacation, .. } => vacation,
        other => panic!("{other:?}"),
    };
    drop(players);
    let sqlite = database_url(&first.dir);
    first.server.shutdown().await;

    // Into PostgreSQL: the accounts log in, the pages are the same.
    let pg_dir = temp_dir();
    let postgres = on_backend(Backend::Postgres, async { database_url(&pg_dir) }).await;
    let server = env!("CARGO_BIN_EXE_lodestone-test-server");
    let out = run_to_exit(
        server,
        &["migrate-db", "--from", &sqlite, "--to", &postgres],
        &temp_dir(),
    );
    assert!(out.status.success(), "{}", out.stderr);
    let server = ServerProcess::start_with(server, &["--database", &postgres], &pg_dir);
    for before in [&loser, &winner] {
        assert_eq!(&player_page(server.addr, &before.id).await, before);
    }
    let mut c = Client::connect(server.addr).await;
    let welcome = c
        .ok(json!({"type": "login", "name": loser_name, "password": crate::accounts::PASSWORD}))
        .await;
    assert!(
        matches!(&welcome, lodestone_protocol::ServerMessage::Welcome { guest, .. } if guest.id == loser.id),
        "{welcome:?}"
    );
    match c.ok(json!({"type": "my_vacation"})).await {
        lodestone_protocol::ServerMessage::Vacation { vacation, .. } => assert_eq!(vacation, taken),
        other => panic!("{other:?}"),
    }
}

each_backend!(a_rated_three_player_magma_game_ranks_the_last_to_leave_second);
async fn a_rated_three_player_magma_game_ranks_the_last_to_leave_second() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (room, mut players) = rated_room(addr, "magma", json!({"players": 3, "rated": "yes"}), 3).await;
    // Seat 1 leaves first, then seat 2: seat 0 wins, seat 2 is second.
    players[1].0.ok(json!({"type": "resign", "room": room})).await;
    players[2].0.ok(json!({"type": "resign", "room": room})).await;
    let first = page_with_game(addr, &players[0].1).await;
    let second = page_with_game(addr, &players[2].1).await;
    let third = page_with_game(addr, &players[1].1).await;
    assert_eq!(first.recent[0].result, "win");
    assert_eq!(
        (second.recent[0].result.as_str(), third.recent[0].result.as_str()),
        ("loss", "loss")
    );
    let (a, b, c) = (
        mu(&first, "magma-3"),
        mu(&second, "magma-3"),
        mu(&third, "magma-3"),
    );
    assert!(a > b && b > c, "ranked by who left last: {a} {b} {c}");
}

each_backend!(an_unrated_game_is_on_its_players_pages_once_across_restarts);
async fn an_unrated_game_is_on_its_players_pages_once_across_restarts() {
    let dir = temp_dir();
    let server = spawn_server(&dir, &[], &dir.join("first.log"));
    let addr = server.addr;
    let (room, mut players) = rated_room(addr, "magneton", json!({}), 2).await;
    players[1].0.ok(json!({"type": "resign", "room": room})).await;
    let ids: Vec<String> = players.iter().map(|(_, id)| id.clone()).collect();
    let winner = page_with_game(addr, &ids[0]).await;
    let loser = page_with_game(addr, &ids[1]).await;
    for (page, result) in [(&winner, "win"), (&loser, "loss")] {
        assert!(page.ratings.is_empty(), "an unrated game rated: {page:?}");
        assert_eq!(page.recent.len(), 1, "{page:?}");
        assert_eq!(page.recent[0].result, result);
        assert!(!page.recent[0].rated);
        assert_eq!(page.recent[0].replay, format!("#/room/{room}/ply/0"));
    }
    drop(players);

    // Its result was recorded with the end of its due row: a restart
    // records nothing again.
    let (server, pages) = pages_after_a_restart(server, &dir, "second.log", &ids).await;
    for (after, before) in pages.iter().zip([&winner, &loser]) {
        assert_eq!(after.recent, before.recent, "recorded again");
    }
    server.kill();
}
