//! Ratings and players' results: one worker records each ended game (each
//! player's result, for the player pages) and, for a rated game, applies
//! Weng-Lin (OpenSkill, from `skillratings`) to its sides in the same
//! transaction as the game's `rated_games` row, so a game is rated once
//! however often it is offered (store/accounts.rs). At start, the worker
//! first records the games whose result was due when the server stopped.
//! It also shapes ratings for the HTTP API (conservative rating,
//! provisional mark).

use lodestone_protocol::PlayerRating;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::room::{self, Finished, GameEnded, RoomCore};
use crate::secrets::OsSecrets;
use crate::store::{GameResult, PlayerResult, Store, StoredRating};

/// A rating is provisional while its player has fewer rated games than
/// this in its key...
pub const PROVISIONAL_GAMES: i64 = 5;
/// ...or while its uncertainty is above this.
pub const PROVISIONAL_SIGMA: f64 = 5.0;

/// Tries at recording one game's result before leaving it for the next
/// start.
const ATTEMPTS: u32 = 3;

/// The environment variable of the test hook: `crash-before-rating`
/// aborts the process once a rated game's end is stored and before its
/// ratings are (tests of the restart; never set in production).
pub const TEST_HOOK: &str = "LODESTONE_TEST_HOOK";

/// The wire form of a stored rating under `key`.
pub fn shown(key: &str, r: StoredRating) -> PlayerRating {
    PlayerRating {
        game: key.to_string(),
        rating: conservative(r),
        mu: round2(r.mu),
        sigma: round2(r.sigma),
        games: u32::try_from(r.games).unwrap_or(u32::MAX),
        provisional: provisional(r),
    }
}

/// mu - 3 sigma, rounded to two decimals.
pub fn conservative(r: StoredRating) -> f64 {
    round2(r.mu - 3.0 * r.sigma)
}

/// Whether the rating says little yet.
pub fn provisional(r: StoredRating) -> bool {
    r.games < PROVISIONAL_GAMES || r.sigma > PROVISIONAL_SIGMA
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The new ratings of a game's players (its sides flattened, in order)
/// from their current ones.
pub fn rate(sides: &[room::Side], current: &[StoredRating]) -> Vec<StoredRating> {
    let mut at = 0;
    let teams: Vec<(Vec<WengLinRating>, usize)> = sides
        .iter()
        .map(|side| {
            let team = current[at..at + side.guests.len()]
                .iter()
                .map(|r| WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                })
                .collect();
            at += side.guests.len();
            (team, side.rank)
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .map(|(team, rank)| (team.as_slice(), MultiTeamOutcome::new(*rank)))
        .collect();
    let new = weng_lin_multi_team(&input, &WengLinConfig::new());
    new.into_iter()
        .flatten()
        .zip(current)
        .map(|(r, old)| StoredRating {
            mu: r.rating,
            sigma: r.uncertainty,
            games: old.games + 1,
        })
        .collect()
}

/// Records one ended game: its players' results, and its ratings once.
async fn record(store: &Store, ended: &GameEnded) {
    // Before the result: a game still due is looked at again at start.
    // Only a rated game can be an offense: an unrated one's log is not read.
    if ended.rated {
        crate::moderation::abandonment::after_game(store, &ended.room_id, ended.at).await;
    }
    let Some(finished) = &ended.finished else {
        if let Err(e) = store.forget_due(&ended.room_id).await {
            tracing::error!(room = %ended.room_id, error = %e, "could not forget a game without a result");
        }
        return;
    };
    let result = game_result(finished, ended.at);
    if finished.rated && std::env::var(TEST_HOOK).as_deref() == Ok("crash-before-rating") {
        tracing::warn!(room = %ended.room_id, "test hook: stopping before the game is rated");
        std::process::abort();
    }
    let sides = finished.sides.clone();
    let rater = move |current: &[StoredRating]| rate(&sides, current);
    let rate: Option<crate::store::Rate<'_>> = finished.rated.then_some(&rater as _);
    // A failure (a lost connection, a deadlock between nodes) is tried
    // again a few times; after that the game stays due for the next start.
    for attempt in 1..=ATTEMPTS {
        match store.record_result(&result, rate).await {
            Ok(true) => {
                tracing::info!(room = %ended.room_id, key = %finished.key, rated = finished.rated, "game result recorded");
                return;
            }
            Ok(false) => {
                tracing::info!(room = %ended.room_id, "game rated already; nothing changed");
                return;
            }
            Err(e) if attempt < ATTEMPTS => {
                tracing::warn!(room = %ended.room_id, error = %e, attempt, "could not record the game's result; trying again");
                tokio::time::sleep(std::time::Duration::from_secs(attempt as u64)).await;
            }
            Err(e) => {
                tracing::error!(room = %ended.room_id, error = %e, "could not record the game's result; it stays due for the next start")
            }
        }
    }
}

fn game_result(finished: &Finished, at: u64) -> GameResult {
    GameResult {
        room_id: finished.room_id.clone(),
        key: finished.key,
        finished_at: at as i64,
        players: finished
            .sides
            .iter()
            .flat_map(|side| {
                side.guests.iter().map(|g| PlayerResult {
                    guest_id: g.clone(),
                    result: side.result(finished.draw),
                })
            })
            .collect(),
    }
}

/// A due game rebuilt from its log: how it ended, if it did.
async fn from_log(store: &Store, room_id: &str) -> Option<GameEnded> {
    let events = match room::load(store, room_id).await {
        Ok(events) => events,
        Err(e) => {
            tracing::error!(room = %room_id, error = %e, "could not read a due game");
            return None;
        }
    };
    if events.is_empty() {
        // No such room: nothing to record, nothing due.
        return Some(GameEnded {
            room_id: room_id.to_string(),
            finished: None,
            at: 0,
            rated: false,
        });
    }
    let at = events.last().map_or(0, |e| e.at);
    match RoomCore::restore(room_id, &events, Box::new(OsSecrets)) {
        Ok(core) => Some(GameEnded {
            room_id: room_id.to_string(),
            finished: core.finished(),
            at,
            rated: core.is_rated(),
        }),
        Err(e) => {
            tracing::error!(room = %room_id, error = %e, "a due game does not replay");
            None
        }
    }
}

/// How often a node looks for games left due by another node.
pub const NODE_SWEEP: std::time::Duration = std::time::Duration::from_secs(60);

/// Records the games whose result is due and whose game is over (left by
/// a server that stopped, or by another node that died): recording is
/// idempotent, so a game its own node is recording too is not counted
/// twice.
async fn sweep(store: &Store) {
    match store.due_games().await {
        Ok(due) => {
            if !due.is_empty() {
                tracing::info!(games = due.len(), "recording the results that were due");
            }
            for room_id in due {
                if let Some(game) = from_log(store, &room_id).await {
                    record(store, &game).await;
                }
            }
        }
        Err(e) => tracing::error!(error = %e, "could not list the games whose results are due"),
    }
}

/// The results worker: first the games that were due at start, then each
/// game the rooms report, one at a time, until shutdown (a game it has
/// not recorded stays due for the next start); with `every`, it sweeps
/// for due games that often too (several nodes).
pub async fn run(
    store: Store,
    mut ended: mpsc::UnboundedReceiver<GameEnded>,
    shutdown: CancellationToken,
    every: Option<std::time::Duration>,
) {
    sweep(&store).await;
    let mut ticks =
        every.map(|period| tokio::time::interval_at(tokio::time::Instant::now() + period, period));
    loop {
        let tick = async {
            match ticks.as_mut() {
                Some(ticks) => {
                    ticks.tick().await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            biased;
            _ = shutdown.cancelled() => break,
            game = ended.recv() => match game {
                Some(game) => record(&store, &game).await,
                None => break,
            },
            _ = tick => sweep(&store).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A first rating: Weng-Lin's defaults.
    const NEW: StoredRating = StoredRating {
        mu: 25.0,
        sigma: 25.0 / 3.0,
        games: 0,
    };

    fn side(guests: &[&str], rank: usize) -> room::Side {
        room::Side {
            guests: guests.iter().map(|g| g.to_string()).collect(),
            rank,
        }
    }

    #[test]
    fn winners_go_up_and_losers_down() {
        let new = rate(&[side(&["a"], 2), side(&["b"], 1)], &[NEW, NEW]);
        assert!(new[0].mu < 25.0 && new[1].mu > 25.0, "{new:?}");
        assert!(new.iter().all(|r| r.sigma < 25.0 / 3.0 && r.games == 1));
        let teams = rate(
            &[side(&["a", "c"], 1), side(&["b", "d"], 2)],
            &[NEW, NEW, NEW, NEW],
        );
        assert!(teams[0].mu > 25.0 && teams[1].mu > 25.0);
        assert!(teams[2].mu < 25.0 && teams[3].mu < 25.0);
        let three = rate(
            &[side(&["a"], 1), side(&["b"], 2), side(&["c"], 2)],
            &[NEW, NEW, NEW],
        );
        assert!(three[0].mu > 25.0 && three[1].mu < 25.0 && three[2].mu < 25.0);
    }

    /// The results worker looks for offenses only in a game whose end
    /// says it was rated: the same stored log (a rated game aborted by
    /// the guest at seat 0) is an offense when the end says rated, and is
    /// not read at all when it says unrated.
    #[tokio::test]
    async fn only_a_rated_games_log_is_read_for_offenses() {
        use crate::room::{Player, Recorded, RoomEvent};
        use lodestone_rules::Seat;
        let (store, _task) = Store::open("sqlite::memory:", &Default::default()).await.unwrap();
        let options = [("rated".to_string(), "yes".to_string())].into();
        for (room, rated) in [("unrated-end", false), ("rated-end", true)] {
            let owner = Player::person("ann", "Ann");
            let (_, mut events) = RoomCore::create(
                room.into(),
                "magneton",
                &options,
                true,
                &owner,
                0,
                Box::new(OsSecrets),
            )
            .unwrap();
            let more = [
                RoomEvent::SeatTaken {
                    seat: Seat(0),
                    player: owner.clone(),
                },
                RoomEvent::SeatTaken {
                    seat: Seat(1),
                    player: Player::person("bo", "Bo"),
                },
                RoomEvent::Started,
                RoomEvent::Aborted { seat: Seat(0) },
            ];
            for event in more {
                let seq = events.len() as u64 + 1;
                events.push(Recorded { seq, at: 10, event });
            }
            store.write(room::ops(room, &events, None)).await.unwrap();
            let ended = GameEnded {
                room_id: room.into(),
                finished: None,
                at: 10,
                rated,
            };
            record(&store, &ended).await;
        }
        let offenses = store.offenses_of("ann", 0).await.unwrap();
        let rooms: Vec<&str> = offenses.iter().map(|o| o.room_id.as_str()).collect();
        assert_eq!(rooms, ["rated-end"]);
    }

    #[test]
    fn a_new_rating_is_zero_and_provisional() {
        let r = StoredRating {
            mu: 25.0,
            sigma: 25.0 / 3.0,
            games: 0,
        };
        assert_eq!(conservative(r), 0.0);
        assert!(provisional(r));
        let settled = StoredRating {
            mu: 30.0,
            sigma: 4.0,
            games: 12,
        };
        assert!(!provisional(settled));
        assert_eq!(shown("magma-4", settled).rating, 18.0);
    }
}
