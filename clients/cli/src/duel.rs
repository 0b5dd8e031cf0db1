//! `lodestone duel`: two bot levels play each other in this process, with
//! no server, and the tool reports how they fared: one line per result
//! kind, A's score, and the Elo difference with a 95% interval.
//!
//! Sides alternate from game to game: in game `i` the seats of team `t`
//! play level A when `t + i` is even, else level B (in Magma the levels
//! are spread over the teams; a team is one seat where there are no
//! teams). Each game has its own seed, so a run is reproducible with an
//! iteration budget and its games may run on several threads.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use lodestone_rules::bot::{Level, Situation, Think, answer_within, choose_with};
use lodestone_rules::{AnyGame, GameKind, Millis, Outcome, Seat};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::out::{decimal, say_with};

/// How a duel is played.
#[derive(Clone, Debug)]
pub struct DuelConfig {
    pub game: GameKind,
    pub options: Vec<(String, String)>,
    pub a: Level,
    pub b: Level,
    pub games: usize,
    /// A time budget per move, instead of the levels' iteration budgets.
    pub think: Option<Duration>,
    /// An iteration budget per move for both search levels.
    pub iterations: Option<u64>,
    /// Actions after which a game counts as unfinished.
    pub max_actions: usize,
    pub seed: u64,
    pub jobs: usize,
}

/// How one game ended, for level A.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    AWins(String),
    BWins(String),
    Draw(String),
    Unfinished,
}

/// The tally of a duel.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub header: String,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    pub unfinished: usize,
    /// Each level's thinking: moves with a choice, and the CPU time they
    /// took on their thread (A, then B).
    pub thought: [(u64, Duration); 2],
}

impl Report {
    fn games(&self) -> usize {
        self.a_wins + self.b_wins + self.draws + self.unfinished
    }

    /// A's score: a win counts 1, a draw or an unfinished game ½.
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.a_wins as f64 + 0.5 * (self.draws + self.unfinished) as f64) / n
    }

    /// The Wilson 95% interval of the score.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let p = self.score();
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        // At a score of 0 or 1 one end is exactly that score.
        let low = if p <= 0.0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if p >= 1.0 { 1.0 } else { (centre + half).min(1.0) };
        (low, high)
    }
}

/// The Elo difference that gives an expected score of `p`.
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf".into() } else { "-inf".into() }
    } else {
        format!("{:+.0}", x)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.header)?;
        writeln!(f, "A wins: {}", self.a_wins)?;
        writeln!(f, "B wins: {}", self.b_wins)?;
        writeln!(f, "draws: {}", self.draws)?;
        if self.unfinished > 0 {
            writeln!(f, "unfinished: {}", self.unfinished)?;
        }
        writeln!(f, "score A: {:.1}%", 100.0 * self.score())?;
        let (low, high) = self.interval();
        write!(
            f,
            "elo A-B: {} (95%: {} to {})",
            signed(elo(self.score())),
            signed(elo(low)),
            signed(elo(high))
        )
    }
}

/// Plays the duel; reports each game on standard error as it ends.
pub fn run(config: &DuelConfig) -> Result<Report, String> {
    let budget = match (config.think, config.iterations) {
        (Some(t), _) => format!("{} ms a move", t.as_millis()),
        (None, Some(n)) => format!("{n} iterations a move"),
        (None, None) => "each level's iterations".into(),
    };
    let options: Vec<String> = config.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let header = format!(
        "duel {}{}: A={} B={}, {} games, {budget}",
        config.game,
        if options.is_empty() {
            String::new()
        } else {
            format!(" ({})", options.join(" "))
        },
        config.a,
        config.b,
        config.games
    );
    let next = AtomicUsize::new(0);
    let report = Mutex::new(Report {
        header,
        ..Report::default()
    });
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let game_start = Instant::now();
                    let Played {
                        result,
                        actions,
                        thought,
                    } = match play(config, i) {
                        Ok(done) => done,
                        Err(e) => {
                            let mut failed = failure.lock().unwrap_or_else(|e| e.into_inner());
                            failed.get_or_insert(say_with(
                                "duel-game-failed",
                                &[("number", (i + 1).into()), ("error", e.into())],
                            ));
                            break;
                        }
                    };
                    let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
                    for (total, game) in r.thought.iter_mut().zip(thought) {
                        total.0 += game.0;
                        total.1 += game.1;
                    }
                    let said = match &result {
                        GameResult::AWins(reason) => {
                            r.a_wins += 1;
                            say_with("duel-a-wins", &[("why", why(reason, "A", "B").into())])
                        }
                        GameResult::BWins(reason) => {
                            r.b_wins += 1;
                            say_with("duel-b-wins", &[("why", why(reason, "B", "A").into())])
                        }
                        GameResult::Draw(reason) => {
                            r.draws += 1;
                            say_with("duel-draw", &[("why", why(reason, "", "").into())])
                        }
                        GameResult::Unfinished => {
                            r.unfinished += 1;
                            say_with("duel-unfinished", &[("actions", actions.into())])
                        }
                    };
                    crate::out::note(say_with(
                        "duel-game",
                        &[
                            ("number", r.games().into()),
                            ("games", config.games.into()),
                            ("result", said.into()),
                            ("actions", actions.into()),
                            (
                                "seconds",
                                decimal(format!("{:.1}", game_start.elapsed().as_secs_f64())).into(),
                            ),
                            ("won", r.a_wins.into()),
                            ("lost", r.b_wins.into()),
                            ("drawn", (r.draws + r.unfinished).into()),
                            ("total", format!("{:.0}", started.elapsed().as_secs_f64()).into()),
                        ],
                    ));
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let report = report.into_inner().unwrap_or_else(|e| e.into_inner());
    for (side, (moves, cpu)) in ["A", "B"].iter().zip(report.thought) {
        if moves > 0 {
            crate::out::note(say_with(
                "duel-thought",
                &[
                    ("side", side.to_string().into()),
                    (
                        "cpu",
                        decimal(format!("{:.3}", cpu.as_secs_f64() / moves as f64)).into(),
                    ),
                    ("moves", moves.into()),
                ],
            ));
        }
    }
    Ok(report)
}

/// How a game ended (the rules' `reason`), in the terminal's language:
/// the table's sentences (`lodestone play`'s), with the levels `won` and
/// `lost` as the sides, without their last full stop.
fn why(reason: &str, won: &str, lost: &str) -> String {
    let said = crate::play::words::reason_words(crate::out::words(), reason, won, lost);
    said.trim_end_matches('.').to_string()
}

/// Whether level A plays `seat` in game `i`.
fn plays_a(game: &AnyGame, seat: Seat, i: usize) -> bool {
    (usize::from(game.team(seat)) + i).is_multiple_of(2)
}

/// Plays game `i` of the duel; returns its result and length, or why a
/// bot failed.
fn play(config: &DuelConfig, i: usize) -> Result<Played, String> {
    let mut game = AnyGame::new(config.game, &config.options).expect("options were checked");
    let mut rng = SmallRng::seed_from_u64(config.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
    // The game's clock: each move takes as long as its bot thought.
    let mut now = 0u64;
    let mut thought = [(0, Duration::ZERO); 2];
    let mut actions = 0;
    while game.outcome().is_none() {
        for (seat, action) in game.chance_actions(&mut rng) {
            game.apply(seat, &action, Millis(now)).map_err(|e| {
                say_with(
                    "duel-chance-refused",
                    &[
                        ("action", action.to_string().into()),
                        ("error", e.to_string().into()),
                    ],
                )
            })?;
        }
        let Some(seat) = game.to_act().first_seat() else {
            break;
        };
        if actions >= config.max_actions {
            return Ok(Played {
                result: GameResult::Unfinished,
                actions,
                thought,
            });
        }
        let level = if plays_a(&game, seat, i) {
            config.a
        } else {
            config.b
        };
        let situation = Situation::of(&game, seat);
        let began = Instant::now();
        // A timed turn's time left bounds the thinking, with a margin.
        let cap = game
            .deadline()
            .map(|d| Duration::from_millis(answer_within(d.at.0.saturating_sub(now))));
        let limit = match (config.think, cap) {
            (Some(t), Some(c)) => Some(t.min(c)),
            (t, c) => t.or(c),
        };
        let stop = move || limit.is_some_and(|l| began.elapsed() >= l);
        let think = Think {
            iterations: match (config.think, config.iterations) {
                (Some(_), _) => u64::MAX,
                (None, Some(n)) => n,
                (None, None) => level.iterations(config.game),
            },
            stop: Some(&stop),
        };
        let cpu = thread_cpu();
        let chosen = choose_with(&situation, level, &think, &mut rng);
        let took = began.elapsed().as_millis() as u64;
        if situation.offers().len() > 1 {
            let side = usize::from(!plays_a(&game, seat, i));
            thought[side].0 += 1;
            thought[side].1 += thread_cpu().saturating_sub(cpu);
        }
        now += took.max(1);
        if let Some(deadline) = game.deadline().filter(|d| d.at.0 < now) {
            // Too late: the server would have played the timer's action.
            game.apply(deadline.seat, &deadline.action, deadline.at)
                .map_err(|e| {
                    say_with(
                        "duel-deadline-refused",
                        &[
                            ("action", deadline.action.to_string().into()),
                            ("error", e.to_string().into()),
                        ],
                    )
                })?;
            actions += 1;
            continue;
        }
        let Some(action) = chosen else {
            return Ok(Played {
                result: GameResult::Unfinished,
                actions,
                thought,
            });
        };
        game.play(seat, &action, Millis(now)).map_err(|e| {
            say_with(
                "duel-choice-refused",
                &[
                    ("level", level.to_string().into()),
                    ("action", action.to_string().into()),
                    ("error", e.to_string().into()),
                ],
            )
        })?;
        actions += 1;
    }
    let result = match game.outcome() {
        Some(Outcome::Win { winners, reason, .. }) => {
            if winners.first_seat().is_some_and(|first| plays_a(&game, first, i)) {
                GameResult::AWins(reason.clone())
            } else {
                GameResult::BWins(reason.clone())
            }
        }
        Some(Outcome::Draw { reason }) => GameResult::Draw(reason.clone()),
        None => GameResult::Unfinished,
    };
    Ok(Played {
        result,
        actions,
        thought,
    })
}

/// A game played: how it ended, its length, and each level's thinking.
struct Played {
    result: GameResult,
    actions: usize,
    thought: [(u64, Duration); 2],
}

/// The CPU time this thread has used (Linux: `/proc/thread-self/stat`, in
/// ticks of 10 ms), or zero where it cannot be read. Measuring CPU rather
/// than wall time keeps the figure true on a machine shared with others.
fn thread_cpu() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return Duration::ZERO;
    };
    // The fields after the command name (which may hold spaces): state is
    // field 3, utime 14 and stime 15.
    let Some((_, rest)) = stat.rsplit_once(") ") else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    Duration::from_millis(ticks * 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.76) - 200.0).abs() < 2.0);
        assert_eq!(elo(1.0), f64::INFINITY);
        let r = Report {
            a_wins: 10,
            ..Report::default()
        };
        let (low, high) = r.interval();
        assert!(low > 0.6 && low < 0.8 && high == 1.0, "{low} {high}");
    }
}
