//! `--live-games N`: the server's memory per live game. Opens N games,
//! each with its own players' connections (a new guest each, seated and
//! started), leaves every game waiting for its first move, and reads the
//! server's resident memory (`--server-pid`) before and after: the
//! difference per game is what a live game with its connections costs
//! the server. A measurement, not a test: the figure depends on the
//! allocator and on what else the server holds. With `--after-game`,
//! each game is played to its end first (random legal actions, a
//! resignation after `MAX_PLIES`) and its players go on watching it, so
//! the figure is what a finished room kept for a rematch costs with its
//! connections.

use std::time::Duration;

use anyhow::{Context, Result};
use lodestone_protocol::RoomStatus;
use lodestone_rules::{AnyGame, GameKind};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use tokio::time::Instant;

use super::process::{rss_total, source};
use super::view::Conn;
use crate::net::Endpoint;

/// What a `--live-games` run measures.
pub struct LiveGames<'a> {
    pub endpoints: &'a [Endpoint],
    pub game: GameKind,
    pub options: &'a [(String, String)],
    pub count: usize,
    pub server_pids: &'a [u32],
    pub sources: u8,
    /// How long to hold the games after reading the memory.
    pub hold: Duration,
    /// Play each game to its end before reading the memory.
    pub after_game: bool,
}

/// After this many actions a game played out is resigned.
const MAX_PLIES: usize = 400;

/// The figures of a `--live-games` run.
#[derive(Debug)]
pub struct LiveReport {
    pub games: usize,
    pub seats: usize,
    pub seconds_to_open: f64,
    pub rss_before_kib: Option<u64>,
    pub rss_after_kib: Option<u64>,
}

impl std::fmt::Display for LiveReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "live games {} ({} connections each, opened in {:.1} s)",
            self.games, self.seats, self.seconds_to_open
        )?;
        let rss = (self.rss_before_kib, self.rss_after_kib);
        super::report::write_rss(f, rss, self.games, "live game")
    }
}

/// Opens the games (at most 64 set up at once), reads the server's memory,
/// holds them, closes them.
pub async fn live_games(run: LiveGames<'_>) -> Result<LiveReport> {
    let seats = AnyGame::new(run.game, run.options)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .seat_count();
    let rss_before_kib = rss_total(run.server_pids)?;
    let start = Instant::now();
    let mut open: Vec<Conn> = Vec::with_capacity(run.count * seats);
    let mut pending = tokio::task::JoinSet::new();
    let mut next = 0;
    while next < run.count || !pending.is_empty() {
        while next < run.count && pending.len() < 64 {
            let players: Vec<(Endpoint, Option<std::net::IpAddr>)> = (0..seats)
                .map(|s| {
                    let n = next * seats + s;
                    (
                        run.endpoints[n % run.endpoints.len()].clone(),
                        source(n, run.sources),
                    )
                })
                .collect();
            let (game, options, end) = (run.game, run.options.to_vec(), run.after_game);
            let seed = next as u64;
            pending.spawn(async move {
                let (room, mut conns) = open_game(players, game, &options).await?;
                if end {
                    play_out(&mut conns, &room, seed).await?;
                }
                anyhow::Ok(conns)
            });
            next += 1;
        }
        if let Some(done) = pending.join_next().await {
            open.extend(done.with_context(|| crate::out::say("load-game-setup"))??);
        }
    }
    let seconds_to_open = start.elapsed().as_secs_f64();
    // Let the server settle before reading its memory.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_after_kib = rss_total(run.server_pids)?;
    tokio::time::sleep(run.hold).await;
    for c in open {
        c.close().await;
    }
    Ok(LiveReport {
        games: run.count,
        seats,
        seconds_to_open,
        rss_before_kib,
        rss_after_kib,
    })
}

/// One game: a guest per seat (the first opens the room), all seated, the
/// game started; returns its room and its connections, open.
async fn open_game(
    players: Vec<(Endpoint, Option<std::net::IpAddr>)>,
    game: GameKind,
    options: &[(String, String)],
) -> Result<(String, Vec<Conn>)> {
    let mut conns = Vec::with_capacity(players.len());
    for (n, (endpoint, from)) in players.iter().enumerate() {
        let mut c = Conn::connect(endpoint, *from).await.with_context(|| {
            crate::out::say_with("load-a-connection", &[("url", endpoint.url.clone().into())])
        })?;
        c.hello(&format!("live-{n}"), None).await?;
        conns.push(c);
    }
    let (room, invite) = conns[0].create_room(game, options, false).await?;
    for (seat, c) in conns.iter_mut().enumerate() {
        c.request(json!({"type": "join", "room": room, "seat": seat, "invite": invite}))
            .await?;
    }
    conns[0].request(json!({"type": "start", "room": room})).await?;
    Ok((room, conns))
}

/// Plays the game in `room` to its end, each seat (connection `i` holds
/// seat `i`) a random legal action when its update offers it, one action
/// at a time; after `MAX_PLIES` actions the first seat resigns.
async fn play_out(conns: &mut [Conn], room: &str, seed: u64) -> Result<()> {
    let mut rng = SmallRng::seed_from_u64(seed);
    // The version every connection must have seen before the next choice
    // (and the game started).
    let mut seen = 0;
    for plies in 0.. {
        for c in conns.iter_mut() {
            while (c.state.as_ref()).is_none_or(|(v, view)| *v < seen || view.status == RoomStatus::Open) {
                c.next().await?;
            }
        }
        let (version, view) = conns[0].state.as_ref().expect("waited for");
        if view.status != RoomStatus::Playing {
            return Ok(());
        }
        let version = *version;
        if plies >= MAX_PLIES {
            conns[0].request(json!({"type": "resign", "room": room})).await?;
            seen = version + 1;
            continue;
        }
        let chosen = conns.iter().enumerate().find_map(|(i, c)| {
            let play = c.state.as_ref()?.1.play.as_ref()?;
            (play.to_act.contains(&(i as u8)) && !play.legal.is_empty()).then_some((i, play))
        });
        let Some((i, play)) = chosen else {
            // Nobody may act (the server's move): wait for the next update.
            seen = version + 1;
            continue;
        };
        let action = play.legal.get(rng.random_range(0..play.legal.len())).to_string();
        let act = json!({"type": "act", "room": room, "action": action, "at": version});
        conns[i].request(act).await?;
        seen = version + 1;
    }
    Ok(())
}
