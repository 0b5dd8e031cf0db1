//! Running a load test: connects every client, starts the bot rooms and
//! the game slots, and gathers their figures; or holds idle connections.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use hdrhistogram::Histogram;
use lodestone_rules::AnyGame;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tokio::time::Instant;

use super::bots::BotRoom;
use super::process::{cpu_seconds, cpu_total, rss_total, source};
use super::report::{IdleReport, LoadReport};
use super::slot::Slot;
use super::stats::{LoadConfig, Stats, is_limit_failure};
use super::view::Conn;
use crate::net::Endpoint;
use crate::out::say_with;

/// The context of a failed connection: its number and its server.
fn connection_to(n: usize, url: &str) -> String {
    say_with(
        "load-connection",
        &[("number", n.into()), ("url", url.to_string().into())],
    )
}

/// Runs the games; returns the figures.
pub async fn run(config: LoadConfig) -> Result<LoadReport> {
    let seats = AnyGame::new(config.game, &config.options)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .seat_count();
    let stats = Arc::new(Stats::default());
    let latency = Arc::new(Mutex::new(Histogram::<u64>::new_with_bounds(1, 60_000_000, 3)?));
    // Connect every client first, so the measurement covers play only.
    let mut slots = Vec::with_capacity(config.games);
    for g in 0..config.games {
        let mut clients = Vec::with_capacity(seats);
        for s in 0..seats {
            let n = g * seats + s;
            let endpoint = &config.endpoints[n % config.endpoints.len()];
            let mut c = Conn::connect(endpoint, source(n, config.sources))
                .await
                .with_context(|| connection_to(n, &endpoint.url))?;
            stats.node(&endpoint.url, |c| c.players += 1);
            if !config.risks {
                c.judges_risks();
            }
            c.hello(&format!("load-{g}-{s}"), None).await?;
            c.reconnect_to(elsewhere(&config.endpoints, n));
            clients.push(c);
        }
        slots.push(clients);
    }
    // The bot rooms start first, so that their bots are thinking before
    // the measured games begin.
    let mut bot_tasks = tokio::task::JoinSet::new();
    let bots_deadline = Instant::now() + config.duration + Duration::from_secs(2);
    for b in 0..config.bot_rooms {
        let n = config.games * seats + b;
        let endpoint = &config.endpoints[n % config.endpoints.len()];
        let mut conn = Conn::connect(endpoint, source(n, config.sources))
            .await
            .with_context(|| connection_to(n, &endpoint.url))?;
        stats.node(&endpoint.url, |c| c.players += 1);
        conn.reconnect_to(elsewhere(&config.endpoints, n));
        let room = BotRoom {
            config: config.clone(),
            stats: stats.clone(),
            rng: SmallRng::seed_from_u64(config.seed ^ (n as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)),
            deadline: bots_deadline,
        };
        bot_tasks.spawn(room.run(conn, b));
    }
    let cpu_before = cpu_total(&config.server_pids)?;
    let own_before = cpu_seconds(std::process::id())?;
    let start = Instant::now();
    let deadline = start + config.duration;
    let interval = config
        .rate
        .map(|r| Duration::from_secs_f64(config.games as f64 / r));
    let mut tasks = tokio::task::JoinSet::new();
    for (g, clients) in slots.into_iter().enumerate() {
        let slot = Slot {
            config: config.clone(),
            stats: stats.clone(),
            latency: latency.clone(),
            deadline,
            rng: SmallRng::seed_from_u64(config.seed ^ (g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            // Spread the open-loop schedules over one interval.
            next_move: interval.map(|i| start + i.mul_f64(g as f64 / config.games as f64)),
            interval,
            waiting: false,
            action: String::new(),
        };
        tasks.spawn(slot.run(clients));
    }
    join_counting_failures(&mut tasks, &stats, "load-slot-failed").await;
    let seconds = start.elapsed().as_secs_f64();
    let own_after = cpu_seconds(std::process::id())?;
    let moves = stats.moves.load(Ordering::Relaxed);
    let bot_moves = stats.bot_moves.load(Ordering::Relaxed);
    bot_tasks.abort_all();
    join_counting_failures(&mut bot_tasks, &stats, "load-bot-room-failed").await;
    let cpu_per_move_us = match cpu_before {
        Some(before) if moves > 0 => {
            cpu_total(&config.server_pids)?.map(|after| (after - before) * 1e6 / moves as f64)
        }
        _ => None,
    };
    let latency = latency
        .lock()
        .map(|h| h.clone())
        .unwrap_or_else(|e| e.into_inner().clone());
    Ok(LoadReport {
        started: stats.started.load(Ordering::Relaxed),
        finished: stats.finished.load(Ordering::Relaxed),
        moves,
        errors: stats.errors.load(Ordering::Relaxed),
        limited: stats.limited.load(Ordering::Relaxed),
        disconnects: stats.disconnects.load(Ordering::Relaxed),
        retried: stats.retried.load(Ordering::Relaxed),
        seconds,
        latency,
        cpu_per_move_us,
        load_cpu_per_move_us: (moves > 0).then(|| (own_after - own_before) * 1e6 / moves as f64),
        bots: (config.bot_rooms > 0).then(|| {
            (
                config.bot_rooms,
                config.bot_level,
                bot_moves,
                stats.bot_games.load(Ordering::Relaxed),
            )
        }),
        nodes: stats.nodes.lock().unwrap_or_else(|e| e.into_inner()).clone(),
    })
}

/// Waits for every task of `tasks`: each that failed counts as an error
/// (and as limited if a limit refused it) and is noted with the message
/// `what`.
async fn join_counting_failures(tasks: &mut tokio::task::JoinSet<Result<()>>, stats: &Stats, what: &str) {
    while let Some(result) = tasks.join_next().await {
        if let Ok(Err(e)) = result {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            if is_limit_failure(&format!("{e:#}")) {
                stats.limited.fetch_add(1, Ordering::Relaxed);
            }
            crate::out::note(say_with(what, &[("error", format!("{e:#}").into())]));
        }
    }
}

/// Where player `n` goes when its socket drops: its own node first, then
/// the others in turn (a node that died is skipped, and the node reached
/// sends the room on with `moved`); with one server, that server again
/// (it restarts), with the connection's growing waits.
fn elsewhere(endpoints: &[Endpoint], n: usize) -> Vec<Endpoint> {
    (0..endpoints.len())
        .map(|i| endpoints[(n + i) % endpoints.len()].clone())
        .collect()
}

/// Opens `count` WebSocket connections that only wait; reads the
/// server's memory before and after, holds them for `hold`, closes them.
pub async fn idle(
    endpoints: &[Endpoint],
    count: usize,
    server_pids: &[u32],
    sources: u8,
    hold: Duration,
) -> Result<IdleReport> {
    let rss_before_kib = rss_total(server_pids)?;
    let start = Instant::now();
    let mut open = Vec::with_capacity(count);
    let mut errors = 0;
    let mut pending = tokio::task::JoinSet::new();
    let mut next = 0;
    // At most 256 handshakes in flight.
    while next < count || !pending.is_empty() {
        while next < count && pending.len() < 256 {
            let n = next;
            let endpoint = endpoints[n % endpoints.len()].clone();
            pending.spawn(async move {
                // Connected, and then only waiting: not even a hello.
                let c = Conn::connect(&endpoint, source(n, sources)).await?;
                anyhow::Ok(c)
            });
            next += 1;
        }
        match pending.join_next().await {
            Some(Ok(Ok(c))) => open.push(c),
            Some(_) => errors += 1,
            None => {}
        }
    }
    let seconds_to_open = start.elapsed().as_secs_f64();
    // Let the server settle before reading its memory.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_after_kib = rss_total(server_pids)?;
    tokio::time::sleep(hold).await;
    let connections = open.len();
    for c in open {
        c.close().await;
    }
    Ok(IdleReport {
        connections,
        seconds_to_open,
        rss_before_kib,
        rss_after_kib,
        errors,
    })
}
