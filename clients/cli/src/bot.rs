//! `lodestone bot`: a computer player that joins (or opens) a room and
//! plays one seat through the public protocol, seeing only what that
//! seat's client sees.

use anyhow::{Context, Result, bail};
use lodestone_protocol::{RoomStatus, ServerMessage};
use std::time::{Duration, Instant};

use lodestone_rules::GameKind;
use lodestone_rules::bot::{Level, Think, answer_within, choose_with};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;

use crate::net::{Connection, Endpoint, Event};
use crate::out;

/// Where the bot plays.
#[derive(Debug, Clone)]
pub struct BotConfig {
    pub endpoint: Endpoint,
    /// Join this room; without it, open a new one.
    pub room: Option<String>,
    pub invite: Option<String>,
    /// The seat to take (index or name); any free seat without it.
    pub seat: Option<String>,
    /// The game and options of a room the bot opens.
    pub game: GameKind,
    pub options: Vec<(String, String)>,
    pub public: bool,
    pub level: Level,
    /// Milliseconds a search may think per move, instead of the level's
    /// iterations.
    pub think: Option<u64>,
    /// The display name (empty with a token: the guest's own).
    pub name: String,
    /// A bot account's API token (or any guest's token) to play as that
    /// account instead of a new guest.
    pub token: Option<String>,
    pub seed: u64,
}

/// Plays one game; prints what happens; returns the result line.
pub async fn run(config: BotConfig) -> Result<String> {
    let mut conn = Connection::connect(&config.endpoint, None).await?;
    conn.hello(&config.name, config.token.as_deref()).await?;
    // Sent to another node, the bot comes back through its own server
    // should that node go.
    conn.reconnect_after_move(vec![config.endpoint.clone()]);
    let (room, invite) = match &config.room {
        Some(room) => (room.clone(), config.invite.clone()),
        None => {
            conn.create_room(config.game, &config.options, config.public)
                .await?
        }
    };
    let seat: serde_json::Value = match &config.seat {
        None => serde_json::Value::Null,
        Some(s) => s.parse::<u8>().map_or_else(|_| json!(s), |i| json!(i)),
    };
    let joined = conn
        .request(json!({"type": "join", "room": room, "seat": seat, "invite": invite}))
        .await
        .context("joining the room")?;
    let ServerMessage::Ack { seat: Some(seat), .. } = joined else {
        bail!("unexpected reply to join: {joined:?}");
    };
    out::line(format_args!("room {room} seat {seat}"))?;
    if config.room.is_none() {
        match &invite {
            Some(code) => out::line(format_args!(
                "waiting for players: join room {room} with invite {code}"
            ))?,
            None => out::line(format_args!("waiting for players: join room {room}"))?,
        }
    }
    let mut rng = SmallRng::seed_from_u64(config.seed);
    let mut acted_on = 0u64;
    let mut answered = 0u64;
    let mut started = false;
    loop {
        let Some((version, state)) = conn.state.clone() else {
            wait(&mut conn).await?;
            continue;
        };
        match state.status {
            RoomStatus::Closed => {
                out::line(format_args!("result: none (the room was closed)"))?;
                return Ok("closed".to_string());
            }
            RoomStatus::Finished => {
                let result = state
                    .play
                    .and_then(|p| p.outcome)
                    .map_or_else(|| "finished".to_string(), |o| o.result);
                out::line(format_args!("result: {result}"))?;
                return Ok(result);
            }
            RoomStatus::Open => {
                // The bot that opened the room starts it once it is full.
                if config.room.is_none() && !started && state.seats.iter().all(|s| s.player.is_some()) {
                    conn.request(json!({"type": "start", "room": room})).await?;
                    started = true;
                    continue;
                }
            }
            RoomStatus::Playing => {
                // A draw offer from the other side is declined: the bot
                // plays on (it has no sense of when a draw is good for it).
                let offer = state.play.as_ref().and_then(|p| p.draw_offer);
                if offer.is_some() && offer != state.you && version > answered {
                    answered = version;
                    match conn
                        .request(json!({"type": "answer_draw", "room": room, "accept": false}))
                        .await
                    {
                        Ok(_) => out::line(format_args!("declined a draw offer"))?,
                        Err(e) => out::note(format_args!("lodestone bot: answering the draw offer: {e:#}")),
                    }
                    continue;
                }
                if version > acted_on
                    && let Some(situation) = state.situation()
                {
                    acted_on = version;
                    // The level's iterations, or --think; never more than
                    // the turn's timer allows.
                    let cap = state.time_left().map(answer_within);
                    let limit = match (config.think, cap) {
                        (Some(t), Some(c)) => Some(t.min(c)),
                        (t, c) => t.or(c),
                    };
                    let began = Instant::now();
                    let stop = move || limit.is_some_and(|l| began.elapsed() >= Duration::from_millis(l));
                    let think = Think {
                        iterations: match config.think {
                            Some(_) => u64::MAX,
                            None => config.level.iterations(situation.kind()),
                        },
                        stop: Some(&stop),
                    };
                    // Thinking blocks this thread: let the runtime know.
                    let chosen = tokio::task::block_in_place(|| {
                        choose_with(&situation, config.level, &think, &mut rng)
                    });
                    if let Some(action) = chosen {
                        match conn
                            .request(json!({"type": "act", "room": room, "action": action}))
                            .await
                        {
                            Ok(_) => out::line(format_args!("played {action}"))?,
                            // Lost with a node: decide again on the state
                            // the next node sends.
                            Err(e) if e.to_string().starts_with(crate::net::LOST) => acted_on = 0,
                            Err(e) => out::note(format_args!("lodestone bot: {action} refused: {e:#}")),
                        }
                        continue;
                    }
                }
            }
        }
        wait(&mut conn).await?;
    }
}

async fn wait(conn: &mut Connection) -> Result<()> {
    match conn.next().await? {
        Event::Closed => bail!("the server closed the connection"),
        _ => Ok(()),
    }
}
