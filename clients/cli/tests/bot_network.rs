//! Searching bots over the network, with the real binary against a real
//! server (in this process, on 127.0.0.1:0 with a fresh SQLite file):
//! `lodestone bot` at a search level with `--think`, and `lodestone load
//! --bot-rooms`, which keeps the server's own bots thinking beside the
//! measured games.

use std::net::SocketAddr;
use std::process::{Command, Output, Stdio};

use lodestone_server::{Config, Limits, Server};

async fn server() -> Server {
    let dir = std::env::temp_dir().join(format!("lodestone-bot-network-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stamp =
        format!("{:?}", std::time::SystemTime::now()).replace(|c: char| !c.is_ascii_alphanumeric(), "");
    Server::start(Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database: format!("sqlite://{}", dir.join(format!("{stamp}.db")).display()),
        rate_limit: 0,
        limits: Limits::off(),
        ..Config::default()
    })
    .await
    .unwrap()
}

async fn lodestone(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_searching_bot_plays_a_whole_game_over_the_protocol() {
    let server = server().await;
    let url = format!("ws://{}", server.addr());
    // The host opens a room and waits; the guest joins it.
    let host = tokio::task::spawn_blocking({
        let url = url.clone();
        move || {
            Command::new(env!("CARGO_BIN_EXE_lodestone"))
                .args(words(&format!(
                    "bot {url} --game magneton --level hard --think 20 --seed 2"
                )))
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        }
    })
    .await
    .unwrap();
    let mut host = host;
    let mut out = std::io::BufReader::new(host.stdout.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut out, &mut line).unwrap();
    let room = line.split_whitespace().nth(1).unwrap().to_string();
    let guest = lodestone(words(&format!(
        "bot {url} --room {room} --level easy --think 20 --seed 3"
    )))
    .await;
    let guest = String::from_utf8(guest.stdout).unwrap();
    let host = tokio::task::spawn_blocking(move || {
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
        (host.wait().unwrap(), rest)
    })
    .await
    .unwrap();
    assert!(host.0.success());
    let last = |s: &str| s.lines().last().unwrap_or("").to_string();
    assert!(last(&host.1).starts_with("result: "), "{}", host.1);
    assert_eq!(last(&host.1), last(&guest));
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_keeps_bots_thinking_in_rooms_of_their_own() {
    let server = server().await;
    let url = format!("ws://{}", server.addr());
    let out = lodestone(words(&format!(
        "load {url} --game magneton --games 2 --duration 3 --bot-rooms 3 --bot-level easy"
    )))
    .await;
    let text = lodestone_tests::succeeded(out);
    assert!(text.contains("errors 0, disconnects 0"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("bot rooms 3 (easy): bot moves "))
        .unwrap_or_else(|| panic!("no bot rooms line:\n{text}"));
    let moves: u64 = line["bot rooms 3 (easy): bot moves ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(moves > 0, "the bots made no move: {line}");
    let bad = lodestone(words(&format!("load {url} --bot-rooms 1 --bot-level genius"))).await;
    assert_eq!(bad.status.code(), Some(2));
    server.shutdown().await;
}

/// Runs `lodestone bot` into room `room` of `url` at seat 1, in a
/// terminal whose language is `lang` (`C`: English); returns the child
/// (its output piped).
fn bot_in(url: &str, room: &str, lang: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(words(&format!(
            "bot {url} --room {room} --seat 1 --level random --seed 5"
        )))
        .env("LC_ALL", "")
        .env("LC_MESSAGES", "")
        .env("LANG", lang)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The name of the player in seat 1 of `room` (the bot), once `ann` sees
/// it seated.
async fn seated_bot_name(ann: &mut lodestone_tests::Client, room: &str) -> String {
    let state = ann.state_until(room, |s| s.seats[1].player.is_some()).await;
    state.seats[1].player.clone().unwrap().name
}

/// What the bot printed once it ended by itself.
async fn bot_output(bot: std::process::Child) -> String {
    let output = tokio::task::spawn_blocking(move || bot.wait_with_output().unwrap())
        .await
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_declines_a_draw_offer_and_ends_at_a_resignation() {
    use serde_json::json;
    let server = server().await;
    let url = format!("ws://{}", server.addr());
    let mut ann = lodestone_tests::Client::guest(server.addr(), "Ann").await;
    let room = ann.seated_room("magneton", json!({}), json!(0)).await;
    let bot = bot_in(&url, &room, "C");
    assert_eq!(seated_bot_name(&mut ann, &room).await, "Bot (random)");
    ann.ok(json!({"type": "start", "room": room})).await;
    ann.ok(json!({"type": "offer_draw", "room": room})).await;
    ann.state_until(&room, |s| {
        s.play.as_ref().is_some_and(|p| p.draw_offer == Some(0))
    })
    .await;
    // The bot declines: the offer is gone and the game goes on.
    let state = ann
        .state_until(&room, |s| s.play.as_ref().is_some_and(|p| p.draw_offer.is_none()))
        .await;
    assert_eq!(state.status, lodestone_protocol::RoomStatus::Playing);
    ann.ok(json!({"type": "resign", "room": room})).await;
    let out = bot_output(bot).await;
    assert!(out.contains("declined a draw offer"), "{out}");
    assert!(out.contains("result: black wins (resignation)"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_leaves_a_room_its_owner_closes() {
    use serde_json::json;
    let server = server().await;
    let url = format!("ws://{}", server.addr());
    let mut ann = lodestone_tests::Client::guest(server.addr(), "Ann").await;
    let (room, _) = ann.create_room("magneton", json!({}), true).await;
    // Named in its terminal's language without --name.
    let bot = bot_in(&url, &room, "de_DE.UTF-8");
    ann.ok(json!({"type": "watch", "room": room})).await;
    assert_eq!(seated_bot_name(&mut ann, &room).await, "Computer (Zufall)");
    ann.ok(json!({"type": "close_room", "room": room})).await;
    let out = bot_output(bot).await;
    assert!(out.contains("result: none (the room was closed)"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_as_a_bot_account_with_its_api_token() {
    use lodestone_tests::http_request;
    use serde_json::{Value, json};
    let server = server().await;
    let (addr, url) = (server.addr(), format!("ws://{}", server.addr()));
    // An account made a bot account, with an API token.
    let mut owner = lodestone_tests::Client::connect(addr).await;
    let device = owner.hello("Rob").await;
    owner
        .ok(json!({"type": "register", "name": "Rob", "password": "correct horse battery"}))
        .await;
    let auth = format!("Bearer {device}");
    let headers = [("Authorization", auth.as_str())];
    let (status, _, _) = http_request(addr, "POST", "/api/account/bot", &headers, None).await;
    assert_eq!(status, 200);
    let label = r#"{"label": "cli"}"#;
    let (status, _, body) = http_request(addr, "POST", "/api/account/tokens", &headers, Some(label)).await;
    assert_eq!(status, 201, "{body}");
    let token = serde_json::from_str::<Value>(&body).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();

    let mut ann = lodestone_tests::Client::connect(addr).await;
    ann.hello("Ann").await;
    let (room, _) = ann.create_room("magneton", json!({}), true).await;
    ann.join(&room, json!(0)).await;
    // The token from the environment; the account keeps its name.
    let bot = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(words(&format!("bot {url} --room {room} --seat 1 --level greedy")))
        .env("LODESTONE_TOKEN", &token)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let state = ann.state_until(&room, |s| s.seats[1].player.is_some()).await;
    let seat = &state.seats[1];
    assert_eq!(seat.player.as_ref().map(|p| p.name.as_str()), Some("Rob"));
    assert!(seat.bot_account && !seat.bot, "{seat:?}");
    ann.ok(json!({"type": "start", "room": room})).await;
    ann.ok(json!({"type": "resign", "room": room})).await;
    let out = bot_output(bot).await;
    assert!(out.contains("result: black wins (resignation)"), "{out}");
}
