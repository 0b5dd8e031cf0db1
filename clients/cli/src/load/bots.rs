//! Rooms where one client plays against the server's own bots, beside the
//! measured games, so that the bots are thinking all the time.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use anyhow::{Result, bail};
use lodestone_protocol::{Code, RoomStatus, ServerMessage};
use lodestone_rules::AnyGame;
use rand::RngExt;
use rand::rngs::SmallRng;
use serde_json::json;
use tokio::time::Instant;

use super::stats::{LoadConfig, Stats, backoff, storage_failure};
use super::view::Conn;
use crate::net::Event;

/// A room where one client plays seat 0 against the server's bots in all
/// the other seats, answering at once, game after game.
pub(super) struct BotRoom {
    pub(super) config: LoadConfig,
    pub(super) stats: Arc<Stats>,
    pub(super) rng: SmallRng,
    pub(super) deadline: Instant,
}

impl BotRoom {
    pub(super) async fn run(mut self, mut conn: Conn, n: usize) -> Result<()> {
        conn.hello(&format!("load-bots-{n}"), None).await?;
        let mut failures = 0;
        while Instant::now() < self.deadline {
            let played = self.play_one(&mut conn).await;
            self.stats.moves_of(&mut conn);
            match played {
                // The room's setup was not stored: a new room, a little later.
                Err(e) if storage_failure(&e) => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                }
                played => {
                    played?;
                    failures = 0;
                }
            }
        }
        conn.close().await;
        Ok(())
    }

    async fn play_one(&mut self, conn: &mut Conn) -> Result<()> {
        let (room, invite) = conn
            .create_room(self.config.game, &self.config.options, false)
            .await?;
        conn.state = None;
        conn.request(json!({"type": "join", "room": room, "seat": 0, "invite": invite}))
            .await?;
        let seats = AnyGame::new(self.config.game, &self.config.options)
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .seat_count();
        for _ in 1..seats {
            conn.request(json!({"type": "add_bot", "room": room, "level": self.config.bot_level.name(), "invite": invite}))
                .await?;
        }
        conn.request(json!({"type": "start", "room": room})).await?;
        let mut acted_on = 0;
        let mut seen = 0;
        let mut failures = 0;
        let deadline = tokio::time::sleep_until(self.deadline);
        tokio::pin!(deadline);
        loop {
            if let Some((version, state)) = &conn.state {
                let play = state.play.as_ref();
                // Every action past the ones seen that is not the client's
                // is a bot's.
                let total = play.map_or(0, |p| p.moves_from as usize + p.moves.len());
                let bots = play.map_or(0, |p| {
                    p.moves
                        .iter()
                        .enumerate()
                        .filter(|(i, m)| p.moves_from as usize + i >= seen && m.seat != 0)
                        .count()
                });
                self.stats.bot_moves.fetch_add(bots as u64, Ordering::Relaxed);
                seen = seen.max(total);
                if state.status == RoomStatus::Finished {
                    self.stats.bot_games.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                if let Some(play) = play
                    && *version > acted_on
                    && play.to_act.contains(&0)
                    && !play.legal.is_empty()
                {
                    acted_on = *version;
                    let action = play.legal.get(self.rng.random_range(0..play.legal.len()));
                    let action = action.to_string();
                    conn.act(&room, &action, acted_on).await?;
                }
            }
            let event = tokio::select! {
                e = conn.next() => e?,
                _ = &mut deadline => return Ok(()),
            };
            match event {
                Event::Closed => bail!(crate::out::say("load-bot-room-closed")),
                // Decide again (on a state the room may have left: the
                // move's `at` makes the server refuse it, `moved-on`, and
                // the fresh state comes first).
                Event::Lost { .. } => acted_on = 0,
                // Not stored: decide again, a little later.
                Event::Reply(ServerMessage::Error {
                    code: Code::StorageFailure,
                    ..
                }) => {
                    self.stats.retried.fetch_add(1, Ordering::Relaxed);
                    acted_on = 0;
                    tokio::time::sleep(backoff(failures)).await;
                    failures += 1;
                }
                Event::Reply(ServerMessage::Ack { .. }) => failures = 0,
                _ => {}
            }
        }
    }
}
