//! `lodestone bot` and `lodestone load` against a real server (in this
//! process, on 127.0.0.1:0 with a fresh SQLite file), run as the real
//! binary. The tests of `moved` put stand-ins for other nodes in front of
//! it (`mover`).

mod mover;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};

use lodestone_server::{Config, Limits, Server};

async fn server() -> Server {
    server_with(0, Limits::off()).await
}

/// A [`server`] and its `ws://` address.
async fn server_and_url() -> (Server, String) {
    let server = server().await;
    let url = format!("ws://{}", server.addr());
    (server, url)
}

/// A server with a message rate per connection and the given limits.
async fn server_with(rate_limit: u32, limits: Limits) -> Server {
    let dir = std::env::temp_dir().join(format!("lodestone-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join(format!("{}.db", rand_name()));
    Server::start(Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: format!("sqlite://{}", db.display()),
        rate_limit,
        limits,
        ..Config::default()
    })
    .await
    .unwrap()
}

fn rand_name() -> String {
    format!("{:?}", std::time::SystemTime::now()).replace(|c: char| !c.is_ascii_alphanumeric(), "")
}

/// `lodestone` in English whatever the test's own language: the tests
/// read its lines for people too (verify's checks, load's hint).
fn lodestone() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lodestone"));
    command.env("LC_ALL", "C");
    command
}

/// Two `lodestone bot`s play a game of `game` to its end on the server at
/// `url`: the first opens the room, the second joins it. Returns the room
/// and what each bot printed after its first line.
fn bots_play(url: &str, game: &str, options: &[&str], levels: [&str; 2]) -> (String, String, String) {
    bots_play_at([url, url], game, options, levels)
}

/// As `bots_play`, each bot starting at its own URL.
fn bots_play_at(
    urls: [&str; 2],
    game: &str,
    options: &[&str],
    levels: [&str; 2],
) -> (String, String, String) {
    let mut host = lodestone();
    host.args([
        "bot", urls[0], "--game", game, "--level", levels[0], "--seed", "3",
    ]);
    for o in options {
        host.args(["--option", o]);
    }
    let mut host = host.stdout(Stdio::piped()).spawn().unwrap();
    let mut out = BufReader::new(host.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    // `room ID seat N`
    let room = line
        .split_whitespace()
        .nth(1)
        .expect("the bot names its room")
        .to_string();
    let guest = lodestone()
        .args([
            "bot", urls[1], "--room", &room, "--level", levels[1], "--seed", "4",
        ])
        .output()
        .unwrap();
    let mut rest = String::new();
    for l in out.lines() {
        rest.push_str(&l.unwrap());
        rest.push('\n');
    }
    assert!(host.wait().unwrap().success(), "{game}: the host bot failed");
    (room, rest, String::from_utf8(guest.stdout).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_every_game_to_the_end() {
    let (server, url) = server_and_url().await;
    for (game, options, levels) in [
        ("magneton", vec![], ["greedy", "random"]),
        ("magnetism", vec![], ["greedy", "greedy"]),
        ("magnet", vec!["setup=random"], ["greedy", "random"]),
        ("magma", vec![], ["random", "greedy"]),
    ] {
        let url = url.clone();
        let (_, first, second) = tokio::task::spawn_blocking(move || bots_play(&url, game, &options, levels))
            .await
            .unwrap();
        same_end(&first, &second, game);
        assert!(first.contains("played "), "{game}");
    }
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_verifies_and_a_tampered_record_does_not() {
    let (server, url) = server_and_url().await;
    for (game, options) in [
        ("magnet", &["setup=random"][..]),
        ("magnet", &[]),
        ("magnetism", &[]),
    ] {
        let url = url.clone();
        let (room, _, _) =
            tokio::task::spawn_blocking(move || bots_play(&url, game, options, ["random", "random"]))
                .await
                .unwrap();
        let (status, record) =
            lodestone_tests::http_get(server.addr(), &format!("/api/rooms/{room}/record"), None).await;
        assert_eq!(status, 200);
        assert!(record.contains("[SeedCommitment \""), "{record}");
        let verify = |text: &str| {
            let path = std::env::temp_dir().join(format!(
                "lodestone-verify-{}-{}.txt",
                std::process::id(),
                rand_name()
            ));
            std::fs::write(&path, text).unwrap();
            let out = lodestone().arg("verify").arg(&path).output().unwrap();
            let _ = std::fs::remove_file(&path);
            (out.status.code(), String::from_utf8(out.stdout).unwrap())
        };
        let (code, out) = verify(&record);
        assert_eq!(code, Some(0), "{game}:\n{record}\n{out}");
        assert!(
            out.ends_with(" checks)\n") && out.contains("result: verified"),
            "{out}"
        );
        assert!(
            out.contains("commitment "),
            "{game}: a secret action was checked\n{out}"
        );
        if options.is_empty() {
            assert!(!out.contains("dealt"), "{out}");
        } else {
            assert_eq!(out.matches("dealt from the seed").count(), 2, "{out}");
        }
        // Another seed: its commitment (and any dealt setup) no longer fits.
        let seed = record.lines().find(|l| l.starts_with("[Seed ")).unwrap();
        let tampered = record.replace(seed, &format!("[Seed \"{}\"]", "0".repeat(64)));
        let (code, out) = verify(&tampered);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains("seed: SHA-256 of [Seed] is "), "{out}");
    }
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_load_run_finishes_every_game_without_errors() {
    let (server, url) = server_and_url().await;
    let pid = std::process::id().to_string();
    let out = run(games_of("magneton", &[&url, "--server-pid", &pid], 3, 6)).await;
    let (text, _) = all_played(&out, 6);
    assert!(text.contains("latency ms: p50"), "{text}");
    assert!(text.contains("server cpu per move: "), "{text}");
    // The load generator's own CPU, a figure in microseconds.
    let own = text
        .lines()
        .find_map(|l| l.strip_prefix("load generator cpu per move: "))
        .and_then(|rest| rest.strip_suffix(" us"))
        .unwrap_or_else(|| panic!("no load generator line: {text}"));
    assert!(own.parse::<f64>().is_ok_and(|us| us >= 0.0), "{text}");
    let args = ["load", &url, "--idle", "50", "--hold", "0", "--server-pid", &pid];
    let idle = run(args.map(str::to_string).to_vec()).await;
    let text = String::from_utf8(idle.stdout).unwrap();
    assert!(idle.status.success(), "{text}");
    assert!(text.contains("idle connections 50"), "{text}");
    assert!(text.contains("KiB per connection"), "{text}");
    server.shutdown().await;
}

/// Open loop: a move's latency counts from its scheduled time to its
/// update, not a schedule interval more (a seat waiting for its time once
/// kept the game from reading the other seat's reply until then).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_loop_times_each_move_from_its_schedule_and_no_longer() {
    let (server, url) = server_and_url().await;
    // Each of the 20 games moves every half second (few enough that a
    // debug server beside a busy test run keeps up: the check is about the
    // schedule, not the server's speed).
    let args = ["load", &url, "--games", "20", "--rate", "40", "--duration", "4"];
    let out = run(args.map(str::to_string).to_vec()).await;
    let text = lodestone_tests::succeeded(out);
    // Latency percentiles: `latency ms: p50 A p90 B p99 C max D`.
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("latency ms: "))
        .unwrap_or_else(|| panic!("no latency line: {text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let p90: f64 = words
        .iter()
        .position(|w| *w == "p90")
        .and_then(|i| words.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no p90: {text}"));
    // A round trip on loopback, far below the 500 ms between moves.
    assert!(p90 < 250.0, "the latency counts the schedule's interval: {text}");
    server.shutdown().await;
}

/// `--rate 0` (and other rates or durations no schedule can keep) are
/// refused as usage errors before anything connects; `--rate 0` once
/// panicked dividing by it (exit 101).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_refuses_rates_and_durations_it_cannot_keep() {
    let (server, url) = server_and_url().await;
    for (flag, value, says) in [
        ("--rate", "0", "above 0"),
        ("--rate", "-5", "above 0"),
        ("--rate", "NaN", "above 0"),
        ("--rate", "inf", "above 0"),
        ("--rate", "fast", "not a number"),
        ("--rate", "1e-300", "too small"),
        ("--duration", "-1", "from 0 up"),
        ("--duration", "1e300", "from 0 up"),
        ("--hold", "-1", "from 0 up"),
    ] {
        let given = format!("{flag}={value}");
        let mut args = vec!["load", &url, "--games", "2", &given];
        if flag == "--hold" {
            args.extend(["--idle", "1"]);
        }
        let out = run(args.into_iter().map(str::to_string).collect()).await;
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {err}");
        assert!(
            err.contains(says) && !err.contains("panicked"),
            "{flag} {value}: {err}"
        );
    }
    server.shutdown().await;
}

/// Magnet's chosen setups are the players' clients' to arrange: the load
/// generator plays Magnet dealt, and says so if asked for chosen setups.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_plays_magnet_with_dealt_setups() {
    let (server, url) = server_and_url().await;
    let out = run(games_of("magnet", &[&url], 2, 2)).await;
    let text = lodestone_tests::succeeded(out);
    assert!(text.contains("games started 2, finished 2"), "{text}");
    assert!(total_moves(&text) > 0, "{text}");
    let chosen = [
        "load",
        &url,
        "--game",
        "magnet",
        "--option",
        "setup=chosen",
        "--duration",
        "1",
    ];
    let out = run(chosen.map(str::to_string).to_vec()).await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("setup=random"), "{err}");
    server.shutdown().await;
}

#[test]
fn load_refuses_a_remote_server_unless_allowed() {
    let out = lodestone()
        .args(["load", "ws://10.1.2.3:8080", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a loopback address"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_and_load_end_quietly_on_a_closed_pipe() {
    let (server, url) = server_and_url().await;
    for args in [
        vec!["bot", url.as_str(), "--game", "magneton"],
        vec!["load", url.as_str(), "--idle", "5", "--hold", "0"],
    ] {
        let args: Vec<String> = args.into_iter().map(String::from).collect();
        let out = tokio::task::spawn_blocking(move || {
            // A real pipe whose reader is gone before the command starts.
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            lodestone()
                .args(&args)
                .stdout(writer)
                .stderr(Stdio::piped())
                .output()
                .unwrap()
        })
        .await
        .unwrap();
        assert_eq!(
            (out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()),
            (Some(0), "")
        );
    }
    server.shutdown().await;
}

/// Runs `lodestone` with `args` off the runtime's threads; its output.
async fn run(args: Vec<String>) -> std::process::Output {
    tokio::task::spawn_blocking(move || lodestone().args(args).output().unwrap())
        .await
        .unwrap()
}

/// The arguments of a closed-loop Magneton `lodestone load` run of `games`
/// games for two seconds on the server at `server`.
fn load(server: &Server, games: &str) -> Vec<String> {
    let url = format!("ws://{}", server.addr());
    let args = [
        "load",
        &url,
        "--game",
        "magneton",
        "--games",
        games,
        "--duration",
        "2",
    ];
    args.map(str::to_string).to_vec()
}

/// The arguments of a closed-loop `lodestone load` run of `game`: `words`
/// (the URLs and any flags of the test's own), `games` games at a time and
/// `total` in all, with two minutes to play them.
fn games_of(game: &str, words: &[&str], games: u32, total: u32) -> Vec<String> {
    let mut args = vec!["load".to_string()];
    args.extend(words.iter().map(|w| w.to_string()));
    args.extend(
        [
            "--game",
            game,
            "--games",
            &games.to_string(),
            "--total-games",
            &total.to_string(),
            "--duration",
            "120",
        ]
        .map(str::to_string),
    );
    args
}

/// The report and the standard error of a `lodestone load` run, which must
/// have succeeded and played all `total` games without an error or a lost
/// connection.
fn all_played(out: &std::process::Output, total: u32) -> (String, String) {
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{text}\n{stderr}");
    assert!(
        text.contains(&format!("games started {total}, finished {total}")),
        "{text}"
    );
    assert!(text.contains("errors 0, disconnects 0"), "{text}");
    (text, stderr)
}

/// Both bots' output of a game of `game` ends with the same `result:` line.
fn same_end(first: &str, second: &str, game: &str) {
    let last = |s: &str| s.lines().last().unwrap_or("").to_string();
    assert!(last(first).starts_with("result: "), "{game}: {first}");
    assert_eq!(last(first), last(second), "{game}: both bots see the same end");
}

/// Waits, a minute at the most, until the counter `name` of `/metrics` at
/// `addr` reaches `at_least`; fails saying `never` if it does not.
async fn metric_reaches(addr: SocketAddr, name: &str, at_least: f64, never: &str) {
    let began = std::time::Instant::now();
    while metric(addr, name).await < at_least {
        assert!(began.elapsed() < std::time::Duration::from_secs(60), "{never}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Issue 16: a load run against a server that keeps its public limits
/// says, in one line, how to lift them, whether the refusals come during
/// the run (the message rate) or stop it at once (the guest quota).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_says_how_to_lift_the_limits_it_runs_into() {
    let hint =
        "hint: the server refused requests for its limits: start it for a load test with --rate-limit 0";
    let server = server_with(2, Limits::off()).await;
    let out = run(load(&server, "2")).await;
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("refused for the server's limits "), "{stdout}");
    assert!(stderr.contains(hint), "{stderr}");
    server.shutdown().await;

    let server = server_with(
        0,
        Limits {
            guests_per_hour: 1,
            ..Limits::off()
        },
    )
    .await;
    let out = run(load(&server, "2")).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("too-many-guests"), "{stderr}");
    assert!(stderr.contains(hint), "{stderr}");
    server.shutdown().await;

    // Without limits, no hint.
    let server = self::server().await;
    let out = run(load(&server, "1")).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("hint:"), "{stderr}");
    server.shutdown().await;
}

/// Issue 12: two bots play a whole game while their rooms move: the host
/// starts on a node that hands its rooms over mid-game (`moved`, then
/// `bye`), the guest on one that does not own the room; both follow to the
/// owner and finish the game there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_follow_moved_and_finish_the_game() {
    let server = server().await;
    let draining = mover::start(server.addr(), mover::Rule::DrainAfter(4)).await;
    let other = mover::start(server.addr(), mover::Rule::FirstRequest).await;
    let (first, second) = bots_play_in_time([draining.url.clone(), other.url.clone()]).await;
    assert!(
        first.contains("played ") && second.contains("played "),
        "{first}\n{second}"
    );
    assert!(
        !first.contains("refused") && !second.contains("refused"),
        "{first}\n{second}"
    );
    assert_eq!((draining.moved(), other.moved()), (1, 1));
    server.shutdown().await;
}

/// The line `node URL: players P, moves M, moved N, dropped D` of a load
/// report, as (P, M, N, D).
fn node_line(report: &str, url: &str) -> (u64, u64, u64, u64) {
    let line = report
        .lines()
        .find_map(|l| l.strip_prefix(&format!("node {url}: ")))
        .unwrap_or_else(|| panic!("no line for {url} in\n{report}"));
    let n: Vec<u64> = line
        .split(", ")
        .map(|part| part.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    (n[0], n[1], n[2], n[3])
}

/// The `moves N …` count of a `lodestone load` report.
fn total_moves(report: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix("moves "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no moves line in\n{report}"))
}

/// Issue 12: `lodestone load` over three nodes at once (two URLs as a
/// comma list, one with `--server`): the players are spread over them,
/// each `join` of a room another node owns is answered `moved`, and every
/// game is still played to its end; the report counts per node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_spreads_players_over_three_nodes_and_follows_moved() {
    let server = server().await;
    let nodes = [
        mover::start(server.addr(), mover::Rule::FirstRequest).await,
        mover::start(server.addr(), mover::Rule::FirstRequest).await,
        mover::start(server.addr(), mover::Rule::FirstRequest).await,
    ];
    let list = format!("{},{}", nodes[0].url, nodes[1].url);
    let out = run(games_of("magneton", &[&list, "--server", &nodes[2].url], 3, 6)).await;
    let (text, stderr) = all_played(&out, 6);
    assert!(stderr.contains("over 3 nodes"), "{stderr}");
    for node in &nodes {
        let (players, moves, moved, _) = node_line(&text, &node.url);
        // 3 games of 2 players over 3 nodes; every room's owner is the
        // real server, so no move is acknowledged here.
        assert_eq!((players, moves), (2, 0), "{text}");
        assert!(moved > 0, "{text}");
        assert_eq!(moved, node.moved(), "{text}");
    }
    let (players, moves, moved, _) = node_line(&text, &nodes[0].target);
    assert_eq!((players, moved), (0, 0), "{text}");
    let total = total_moves(&text);
    assert_eq!(moves, total, "{text}");
    server.shutdown().await;
}

/// Issue 12: a node dies under `lodestone load` (its connections cut, new
/// ones refused): its players go on at the other node, watch their rooms
/// again and play every game to its end; a move whose reply was lost with
/// the socket is decided again on the state the other node sends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_goes_on_at_another_node_when_one_dies() {
    load_goes_on_elsewhere(mover::Rule::DieAfter(40)).await;
}

/// Issue 29: a node stalls under `lodestone load` (its sockets stay open
/// and carry nothing more, new ones are closed at once, as a stopped
/// process's would hang): its players, hearing nothing for two seconds,
/// leave it for the other node, watch their rooms again and play every
/// game to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_leaves_a_node_that_stops_answering() {
    load_goes_on_elsewhere(mover::Rule::StallAfter(40)).await;
}

/// A closed-loop run of 10 games over a node that dies or stalls by
/// `rule` and one that passes everything through: every game is played,
/// the failing node's 2 players left it (dropped at least once), the
/// other node dropped nobody.
async fn load_goes_on_elsewhere(rule: mover::Rule) {
    let server = server().await;
    let failing = mover::start(server.addr(), rule).await;
    let other = mover::start(server.addr(), mover::Rule::Passthrough).await;
    let out = run(games_of("magneton", &[&failing.url, &other.url], 2, 10)).await;
    let (text, _) = all_played(&out, 10);
    assert!(failing.died(), "the node died or stalled: {text}");
    let (players, _, _, dropped) = node_line(&text, &failing.url);
    assert_eq!(players, 2, "{text}");
    assert!(dropped >= 1, "its players left it: {text}");
    assert_eq!(node_line(&text, &other.url).3, 0, "{text}");
    server.shutdown().await;
}

/// Issue 26: `lodestone load` given one URL comes back after its server
/// restarts (the same address, the same database), as it does with
/// several: its players wait, reconnect, watch their rooms again and play
/// every game to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_with_one_url_comes_back_after_its_server_restarts() {
    let dir = std::env::temp_dir().join(format!("lodestone-cli-restart-{}", rand_name()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = || Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: format!("sqlite://{}", dir.join("restart.db").display()),
        rate_limit: 0,
        limits: Limits::off(),
        ..Config::default()
    };
    let server = Server::start(config()).await.unwrap();
    let addr = server.addr();
    let url = format!("ws://{addr}");
    let load = tokio::spawn(run(games_of("magneton", &[&url], 2, 30)));
    metric_reaches(addr, "lodestone_moves_total", 20.0, "no moves").await;
    server.shutdown().await;
    let server = Server::start(Config {
        bind: addr,
        ..config()
    })
    .await
    .unwrap();
    all_played(&load.await.unwrap(), 30);
    server.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 12: a bot sent to another node comes back through its own server
/// when that node dies, watches its room again (its own server now lets
/// the room's requests through) and plays the game to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_node_dies_comes_back_through_its_own_server() {
    let server = server().await;
    let dying = mover::start(server.addr(), mover::Rule::DieAfter(10)).await;
    let own = mover::start_to(server.addr(), mover::Rule::FirstRequest, dying.url.clone()).await;
    bots_play_in_time([own.url.clone(), format!("ws://{}", server.addr())]).await;
    assert!(dying.died());
    assert_eq!(own.moved(), 1);
    server.shutdown().await;
}

/// Two bots play through `urls` (each a URL or a comma-separated list);
/// fails if they have not ended within a few minutes. Returns what each
/// printed after its first line.
async fn bots_play_in_time(urls: [String; 2]) -> (String, String) {
    let game = tokio::task::spawn_blocking(move || {
        bots_play_at([&urls[0], &urls[1]], "magneton", &[], ["random", "random"])
    });
    let (_, first, second) = tokio::time::timeout(std::time::Duration::from_secs(240), game)
        .await
        .expect("the bots never finished their game")
        .unwrap();
    same_end(&first, &second, "magneton");
    (first, second)
}

/// Issue 26 I: the node a bot talks to dies under it, with no `moved` ever
/// (its sockets are cut, new ones refused): the bot goes on through the
/// next address it was given, watches its room again and plays to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_goes_on_through_its_next_address_when_its_node_dies() {
    let dying = bots_play_past(mover::Rule::DieAfter(10)).await;
    assert!(dying.died());
    assert_eq!(dying.moved(), 0);
}

/// Issue 26 I: moves refused with `storage-failure` (the node could not
/// store them) are decided and sent again after a wait, by both bots,
/// until the game ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_send_a_move_again_after_a_storage_failure() {
    let server = server().await;
    let failing = mover::start(server.addr(), mover::Rule::FailActs(3)).await;
    bots_play_in_time([failing.url.clone(), failing.url.clone()]).await;
    assert_eq!(failing.failed(), 3, "every refusal was sent");
    server.shutdown().await;
}

/// Issue 26 I: the node stalls (its socket stays open and answers
/// nothing): the bot whose move goes unanswered leaves it for its next
/// address and plays the game to its end there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_leaves_a_node_that_stops_answering() {
    let stalling = bots_play_past(mover::Rule::StallAfter(10)).await;
    assert!(stalling.died(), "the node stalled");
}

/// Two bots play a game on a [`server`]; the first is given a stand-in
/// node that acts by `rule` before the server itself. Returns the
/// stand-in, once the game is over and the server shut down.
async fn bots_play_past(rule: mover::Rule) -> mover::Mover {
    let (server, direct) = server_and_url().await;
    let node = mover::start(server.addr(), rule).await;
    bots_play_in_time([format!("{},{direct}", node.url), direct]).await;
    server.shutdown().await;
    node
}

/// Waits until the stand-in `node` has had `n` moves.
async fn acts_reach(node: &mover::Mover, n: usize) {
    let began = std::time::Instant::now();
    while node.acts().len() < n {
        assert!(
            began.elapsed() < std::time::Duration::from_secs(60),
            "{:?}",
            node.acts()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Issue 29: a bot's move that the server stored, whose reply was lost
/// with the connection, is neither played twice nor refused. The bot
/// reconnects, decides again on the state it had and sends its move with
/// that state's `at`; the room has moved on, so the server does nothing
/// (`moved-on`) and the bot plays on from the fresh state. The stand-in in
/// front of the server (`mover`, `Rule::LoseActs`) cuts the bot's
/// connection once the server has answered its first move, and with its
/// third before the server reads it; the other player, a plain client,
/// holds its moves meanwhile (so a move decided on the old state is not
/// the bot's turn any more), then resigns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_stored_move_lost_its_reply_plays_on_without_a_refusal() {
    let server = server().await;
    let node = mover::start(server.addr(), mover::Rule::LoseActs).await;
    let mut bot = lodestone()
        .args([
            "bot", &node.url, "--game", "magneton", "--level", "random", "--seed", "5",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(bot.stdout.take().unwrap());
    let (out, first) = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        (out, line)
    })
    .await
    .unwrap();
    let room = first
        .split_whitespace()
        .nth(1)
        .expect("the bot names its room")
        .to_string();
    let mut guest = lodestone_tests::Client::connect(server.addr()).await;
    guest.hello("Guest").await;
    let seat = guest.join(&room, serde_json::Value::Null).await;
    let bot_moves = |s: &lodestone_protocol::RoomState| {
        s.play
            .as_ref()
            .map_or(0, |p| p.moves.iter().filter(|m| m.seat != seat).count())
    };
    let my_turn =
        |s: &lodestone_protocol::RoomState| s.play.as_ref().is_some_and(|p| p.to_act.contains(&seat));
    let state = guest
        .state_until(&room, |s| s.status == lodestone_protocol::RoomStatus::Playing)
        .await;
    if my_turn(&state) {
        guest.act(&room, &state.play.unwrap().legal[0]).await;
    }
    // The first move is stored, its reply lost; the copy decided again
    // on the old state finds the room moved on.
    acts_reach(&node, 2).await;
    let state = guest
        .state_until(&room, |s| my_turn(s) && bot_moves(s) == 1)
        .await;
    guest.act(&room, &state.play.unwrap().legal[0]).await;
    // The third never reaches the server: decided again, it is played.
    acts_reach(&node, 4).await;
    guest
        .state_until(&room, |s| my_turn(s) && bot_moves(s) == 2)
        .await;
    guest
        .ok(serde_json::json!({"type": "resign", "room": room}))
        .await;
    let (status, rest, err) = tokio::task::spawn_blocking(move || {
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut { out }, &mut rest).unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(&mut bot.stderr.take().unwrap(), &mut err).unwrap();
        (bot.wait().unwrap(), rest, err)
    })
    .await
    .unwrap();
    assert!(status.success(), "{rest}\n{err}");
    assert!(
        rest.lines().last().unwrap_or("").starts_with("result: "),
        "{rest}"
    );
    assert!(
        !rest.contains("refused") && !err.contains("refused"),
        "{rest}\n{err}"
    );
    assert!(err.contains("the room moved on"), "{err}");
    // Every move went with the version it was decided on; each copy
    // decided again with the same one.
    let acts = node.acts();
    assert_eq!(acts.len(), 4, "{acts:?}");
    assert!(acts.iter().all(|(_, at)| at.is_u64()), "{acts:?}");
    assert_eq!(acts[1].1, acts[0].1, "{acts:?}");
    assert_eq!(acts[3].1, acts[2].1, "{acts:?}");
    // Each of the bot's moves is on the board once.
    let (_, last) = guest.states[&room].clone();
    assert_eq!(bot_moves(&last), 2, "{last:?}");
    server.shutdown().await;
}

/// Issue 29: `lodestone load` sends every move with the room version it
/// was decided on (`at`), and a copy of a move that finds the room moved
/// on (`moved-on`) is no error: the stand-in passes the first move on to
/// the server and, once it is stored, answers `moved` in its place (a node
/// that gave the room up after storing it); the player sends its move
/// again at the server, which does nothing, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_sends_at_and_takes_a_moved_on_copy_for_no_error() {
    let server = server().await;
    let node = mover::start(server.addr(), mover::Rule::StoredThenMoved).await;
    let out = run(games_of("magneton", &[&node.url], 1, 2)).await;
    let (text, _) = all_played(&out, 2);
    assert_eq!(node.moved(), 1, "{text}");
    let acts = node.acts();
    assert!(acts.len() > 2, "{acts:?}");
    assert!(acts.iter().all(|(_, at)| at.is_u64()), "{acts:?}");
    server.shutdown().await;
}

/// Issue 29: `lodestone load --live-games N` opens N started games, each
/// with a connection per seat, holds them, and reports the server's
/// memory per live game from /proc (the server runs in this process).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_reports_the_servers_memory_per_live_game() {
    let server = server().await;
    let load = live_games(&server, 5, &[]);
    // Every game's two players are connected at once.
    metric_reaches(
        server.addr(),
        "lodestone_ws_connections",
        10.0,
        "the games never were all open",
    )
    .await;
    let out = load.await.unwrap();
    let text = lodestone_tests::succeeded(out);
    assert!(text.contains("live games 5 (2 connections each"), "{text}");
    let per_game = text
        .lines()
        .find_map(|l| l.strip_suffix(" KiB per live game"))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|n| n.parse::<f64>().ok());
    assert!(per_game.is_some(), "{text}");
    server.shutdown().await;
}

/// Issue 29: with `--after-game`, `lodestone load --live-games N` plays
/// each game to its end first and its players go on watching, so the
/// server keeps N finished rooms (for a rematch) while it reads the memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_measures_finished_rooms_kept_for_a_rematch() {
    let server = server().await;
    let load = live_games(&server, 3, &["--after-game"]);
    metric_reaches(
        server.addr(),
        "lodestone_rooms{state=\"finished\"}",
        3.0,
        "the games never all ended",
    )
    .await;
    // Kept while their players watch.
    assert_eq!(
        metric(server.addr(), "lodestone_rooms{state=\"playing\"}").await,
        0.0
    );
    let text = lodestone_tests::succeeded(load.await.unwrap());
    assert!(text.contains("live games 3 (2 connections each"), "{text}");
    assert!(text.contains(" KiB per live game"), "{text}");
    server.shutdown().await;
}

/// `lodestone load --live-games N` (and `more`) at `server`, held 5 s,
/// reading this process's memory (the server runs in it), in the
/// background.
fn live_games(server: &Server, n: usize, more: &[&str]) -> tokio::task::JoinHandle<std::process::Output> {
    let (url, pid) = (format!("ws://{}", server.addr()), std::process::id());
    let args = [
        "load",
        &url,
        "--live-games",
        &n.to_string(),
        "--hold",
        "5",
        "--server-pid",
        &pid.to_string(),
    ];
    let args = args.iter().chain(more).map(|a| a.to_string()).collect();
    tokio::spawn(run(args))
}

/// Node `name` of a cluster over the PostgreSQL database `database`
/// (short leases, so a handover is quick).
async fn node(name: &str, database: &str) -> Server {
    Server::start(Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: database.to_string(),
        rate_limit: 0,
        limits: Limits::off(),
        node: Some(name.to_string()),
        lease_ms: 1000,
        renew_ms: 200,
        ..Config::default()
    })
    .await
    .unwrap()
}

/// Runs `test` on PostgreSQL (skipped when the PostgreSQL tests are) with
/// the nodes `names` over one new database, given them and their `ws://`
/// addresses.
async fn on_postgres_nodes<const N: usize, T: std::future::Future<Output = ()>>(
    names: [&str; N],
    test: impl FnOnce([Server; N], [String; N]) -> T,
) {
    if !lodestone_tests::postgres_ready() {
        return;
    }
    lodestone_tests::on_backend(lodestone_tests::Backend::Postgres, async {
        let dir = lodestone_tests::temp_dir();
        let database = lodestone_tests::database_url(&dir);
        let mut nodes = Vec::new();
        for name in names {
            nodes.push(node(name, &database).await);
        }
        let Ok(nodes) = <[Server; N]>::try_from(nodes) else {
            unreachable!("one node a name")
        };
        let urls = nodes.each_ref().map(|n| format!("ws://{}/ws", n.addr()));
        test(nodes, urls).await;
    })
    .await;
}

/// Issue 12, end to end: `lodestone load` driving three real nodes at once
/// over one PostgreSQL database. Each game has its players on different
/// nodes; the room is owned by one of them and the other player is sent
/// there with `moved`;
/// every game is played to its end and every move is acknowledged by a
/// node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_drives_three_real_nodes_over_one_postgres() {
    on_postgres_nodes(["a", "b", "c"], |[a, b, c], urls| async move {
        let out = run(games_of("magneton", &[&urls.join(",")], 6, 12)).await;
        let (text, _) = all_played(&out, 12);
        let lines = urls.iter().map(|u| node_line(&text, u)).collect::<Vec<_>>();
        let players = lines.iter().map(|l| l.0).collect::<Vec<_>>();
        assert_eq!(players, [4, 4, 4], "{text}");
        assert!(
            lines.iter().map(|l| l.2).sum::<u64>() > 0,
            "some player was sent to its room's node:\n{text}"
        );
        let total = total_moves(&text);
        assert_eq!(lines.iter().map(|l| l.1).sum::<u64>(), total, "{text}");
        a.shutdown().await;
        b.shutdown().await;
        c.shutdown().await;
    })
    .await;
}

/// A counter of `/metrics` at `addr` (0 before it has a line).
async fn metric(addr: SocketAddr, name: &str) -> f64 {
    let (_, body) = lodestone_tests::http_get(addr, "/metrics", None).await;
    body.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.trim().parse().ok()))
        .unwrap_or(0.0)
}

/// Issue 12, end to end: a node drains (a rolling restart) under
/// `lodestone load` over two real nodes: its games are handed to the other
/// node, its players follow `moved` there (or, given the goodbye, go there
/// by themselves), and every game is played to its end without an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_goes_on_when_a_real_node_drains() {
    on_postgres_nodes(["a", "b"], |[a, b], urls| async move {
        let load = tokio::spawn(run(games_of("magneton", &[&urls.join(",")], 4, 16)));
        // Node a drains once play is under way there.
        metric_reaches(a.addr(), "lodestone_moves_total", 50.0, "no moves on node a").await;
        a.shutdown().await;
        let (text, _) = all_played(&load.await.unwrap(), 16);
        let (_, moves_a, moved_a, dropped_a) = node_line(&text, &urls[0]);
        let (_, moves_b, _, _) = node_line(&text, &urls[1]);
        assert!(
            moves_a > 0 && moves_b > 0,
            "both nodes acknowledged moves:\n{text}"
        );
        // Its players left it with `moved`, or with the goodbye (when the
        // drain found no other node alive in time) and went to b.
        assert!(
            moved_a + dropped_a > 0,
            "node a's players went on elsewhere:\n{text}"
        );
        b.shutdown().await;
    })
    .await;
}
