//! `lodestone bot`: a computer player that joins (or opens) a room and
//! plays one seat through the public protocol, seeing only what that
//! seat's client sees. It plays until the game ends: a node that drops
//! (killed, restarted) is left for the next address given, a move the
//! server could not store (`storage-failure`) or never answered is decided
//! and sent again after a wait that doubles each time. Every move carries
//! `at`, the room version it was decided on: a move decided on a state the
//! room has left (its own earlier copy stored by a node that died before
//! answering, say) is refused `moved-on` and nothing is done, and the bot
//! decides again on the fresh state.

use anyhow::{Context, Result, bail};
use lodestone_protocol::{Code, RoomStatus, ServerMessage};
use std::time::{Duration, Instant};

use lodestone_rules::GameKind;
use lodestone_rules::bot::{Level, Think, answer_within, choose_with};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;

use crate::net::{Connection, Endpoint, Event, Failed};
use crate::out;

/// Where the bot plays.
#[derive(Debug, Clone)]
pub struct BotConfig {
    /// The server, or nodes of one cluster: the bot starts at the first;
    /// should the node it talks to drop, it goes on through them in turn.
    pub endpoints: Vec<Endpoint>,
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
    let first = config
        .endpoints
        .first()
        .with_context(|| out::say("bot-no-server"))?;
    let mut conn = Connection::connect(first, None).await?;
    conn.judges_risks();
    conn.hello(&config.name, config.token.as_deref()).await?;
    // Should the node it talks to go (or the one a `moved` sent it to),
    // the bot comes back through the addresses it was given, for as long
    // as a failover may take.
    conn.reconnect_to(config.endpoints.clone());
    conn.reconnect_rounds(RECONNECT_ROUNDS);
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
    let joined = until_stored(
        &mut conn,
        json!({"type": "join", "room": room, "seat": seat, "invite": invite}),
    )
    .await
    .with_context(|| out::say("bot-joining"))?;
    let ServerMessage::Ack { seat: Some(seat), .. } = joined else {
        bail!(out::say_with(
            "net-unexpected-reply",
            &[
                ("request", "join".into()),
                ("reply", format!("{joined:?}").into())
            ]
        ));
    };
    out::line(format_args!("room {room} seat {seat}"))?;
    if config.room.is_none() {
        match &invite {
            Some(code) => out::line(out::say_with(
                "bot-waiting-invite",
                &[("room", room.clone().into()), ("code", code.clone().into())],
            ))?,
            None => out::line(out::say_with("bot-waiting", &[("room", room.clone().into())]))?,
        }
    }
    let mut rng = SmallRng::seed_from_u64(config.seed);
    let mut acted_on = 0u64;
    let mut answered = 0u64;
    let mut started = false;
    let mut backoff = Backoff::default();
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
                    match conn.request(json!({"type": "start", "room": room})).await {
                        Ok(_) => started = true,
                        // Not stored, or lost with a node: the room's
                        // state says whether to start it again.
                        Err(e) if again(&e) => backoff.wait(&out::say("bot-the-start"), &e).await,
                        Err(e) => return Err(e),
                    }
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
                        .request(json!({"type": "answer_draw", "room": room, "accept": false, "at": version}))
                        .await
                    {
                        Ok(_) => out::line(out::say("bot-declined-draw"))?,
                        // The offer was answered or withdrawn meanwhile: the
                        // fresh state tells whether it still stands.
                        Err(e) if moved_on(&e) => {}
                        Err(e) => out::note(out::say_with(
                            "bot-draw-answer-failed",
                            &[("error", format!("{e:#}").into())],
                        )),
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
                        let act = json!({"type": "act", "room": room, "action": action, "at": version});
                        match tokio::time::timeout(UNANSWERED, conn.request(act)).await {
                            Ok(Ok(_)) => {
                                backoff = Backoff::default();
                                out::line(format_args!("played {action}"))?
                            }
                            // Lost with a node, or not stored: decide again
                            // (on a state the room may have left: its `at`
                            // makes the server refuse such a move).
                            Ok(Err(e)) if again(&e) => {
                                acted_on = 0;
                                backoff.wait(&action, &e).await;
                            }
                            // The room left the state this move was decided
                            // on (perhaps by this very move, sent before
                            // and stored by a node that went away): nothing
                            // was done; decide again on the fresh state.
                            Ok(Err(e)) if moved_on(&e) => {
                                acted_on = version;
                                out::note(out::say_with(
                                    "bot-moved-on",
                                    &[("action", action.clone().into()), ("version", version.into())],
                                ));
                            }
                            Ok(Err(e)) => out::note(out::say_with(
                                "bot-refused",
                                &[
                                    ("action", action.clone().into()),
                                    ("error", format!("{e:#}").into()),
                                ],
                            )),
                            // No answer: the node is stalled. Go to another
                            // (or the same, anew) and decide again there.
                            Err(_) => {
                                acted_on = 0;
                                conn.abandon()?;
                                let e = anyhow::anyhow!(out::say_with(
                                    "net-no-answer",
                                    &[("seconds", UNANSWERED.as_secs().into())]
                                ));
                                backoff.wait(&action, &e).await;
                            }
                        }
                        continue;
                    }
                }
            }
        }
        wait(&mut conn).await?;
    }
}

/// How many rounds of the addresses a dropped bot tries (the waits grow
/// to 5 s a round): a few minutes, past any failover.
const RECONNECT_ROUNDS: u32 = 40;

/// How long the bot waits for the answer to its move before it leaves the
/// node for stalled.
const UNANSWERED: Duration = Duration::from_secs(20);

/// Whether a refused request is worth sending again: the server could not
/// store it now, or its reply was lost with a dropped node.
fn again(e: &anyhow::Error) -> bool {
    Failed::is_refused(e, Code::StorageFailure) || Failed::is_lost(e)
}

/// Whether a refusal says the room moved past the request's `at`: nothing
/// was done, and the fresh state (sent before the refusal) tells why.
fn moved_on(e: &anyhow::Error) -> bool {
    Failed::is_refused(e, Code::MovedOn)
}

/// Waits between tries of a request, doubling from 250 ms up to 4 s.
#[derive(Default)]
struct Backoff {
    tries: u32,
}

impl Backoff {
    async fn wait(&mut self, what: &str, e: &anyhow::Error) {
        let wait = Duration::from_millis(250 << self.tries.min(4));
        self.tries += 1;
        out::note(out::say_with(
            "bot-retrying",
            &[
                ("what", what.to_string().into()),
                ("error", format!("{e:#}").into()),
                ("ms", (wait.as_millis() as u64).into()),
            ],
        ));
        tokio::time::sleep(wait).await;
    }
}

/// Sends `message` until it is carried out: a refusal for a storage
/// failure, or a reply lost with a node, is sent again after a wait.
async fn until_stored(conn: &mut Connection, message: serde_json::Value) -> Result<ServerMessage> {
    let mut backoff = Backoff::default();
    loop {
        match conn.request(message.clone()).await {
            Err(e) if again(&e) => backoff.wait(&out::say("bot-the-request"), &e).await,
            other => return other,
        }
    }
}

/// Waits for the next event. Quiet for a while (the other side may think
/// long), the bot asks the node for a `pong`: a node that does not answer
/// that either is stalled, and the bot leaves it (see `Connection::abandon`).
async fn wait(conn: &mut Connection) -> Result<()> {
    let event = match tokio::time::timeout(UNANSWERED, conn.next()).await {
        Ok(event) => event?,
        Err(_) => {
            match tokio::time::timeout(UNANSWERED, conn.request(json!({"type": "ping"}))).await {
                Ok(answer) => {
                    answer?;
                }
                Err(_) => {
                    conn.abandon()?;
                }
            }
            return Ok(());
        }
    };
    match event {
        Event::Closed => bail!(out::say("bot-closed")),
        _ => Ok(()),
    }
}
