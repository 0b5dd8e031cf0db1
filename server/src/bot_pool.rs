//! Where bots think: a fixed number of OS threads of their own, fed by a
//! bounded queue, so that a search never runs on a room's task or on one
//! of the runtime's workers. The threads are the bots' CPU budget: with
//! `bot_threads` of them, bots use at most that many cores however many
//! are thinking, and the runtime keeps the rest for rooms and connections.
//!
//! The threads also run at a lower priority than the runtime's (nice 9 on
//! Linux, through the `thread-priority` crate, as the project forbids
//! unsafe code): when a person's move and a search want the same core, the
//! move goes first.
//!
//! A move is a job: the bot's [`Situation`] (what its seat's client would
//! see), its level, how long it may think, and when a turn timer would run
//! out. The search stops when its time is up, when the job is cancelled
//! (the game moved on, a takeover was stopped) or when the server shuts
//! down. Time spent waiting in the queue counts against the thinking time,
//! down to a quarter of it, so that a busy pool makes bots answer sooner
//! and a little weaker rather than much later; a turn timer is never
//! overrun.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lodestone_rules::bot::{Level, Situation, Think, choose_with};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use thread_priority::{ThreadPriority, ThreadPriorityValue, set_current_thread_priority};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

/// One move to think about.
#[derive(Debug)]
struct Job {
    situation: Situation,
    level: Level,
    /// How long the level may think.
    think: Duration,
    /// When the answer must be in at the latest (a turn timer).
    due: Option<Instant>,
    queued: Instant,
    seed: u64,
    cancel: CancellationToken,
    reply: oneshot::Sender<Option<String>>,
}

/// The pool of thinking threads.
#[derive(Debug)]
pub struct BotPool {
    tx: mpsc::Sender<Job>,
    closing: Arc<AtomicBool>,
    threads: usize,
}

impl BotPool {
    /// Starts `threads` thinking threads (at least one) behind a queue of
    /// `queue` moves.
    pub fn start(threads: usize, queue: usize) -> std::io::Result<BotPool> {
        let threads = threads.max(1);
        let (tx, rx) = mpsc::channel::<Job>(queue.max(1));
        let rx = Arc::new(Mutex::new(rx));
        let closing = Arc::new(AtomicBool::new(false));
        for n in 0..threads {
            let (rx, closing) = (rx.clone(), closing.clone());
            std::thread::Builder::new()
                .name(format!("bot-{n}"))
                .spawn(move || work(&rx, &closing))?;
        }
        Ok(BotPool { tx, closing, threads })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The action `level` chooses in `situation`, thinking for `think`
    /// and done by `due` (or sooner if `cancel` fires); `None` if it has
    /// nothing to play, was cancelled, or the server is stopping. Waits
    /// (without holding a runtime worker) while the queue is full.
    pub async fn think(
        &self,
        situation: Situation,
        level: Level,
        think: Duration,
        due: Option<Instant>,
        cancel: &CancellationToken,
    ) -> Option<String> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            situation,
            level,
            think,
            due,
            queued: Instant::now(),
            seed: crate::secrets::random_u64(),
            cancel: cancel.clone(),
            reply,
        };
        tokio::select! {
            sent = self.tx.send(job) => sent.ok()?,
            _ = cancel.cancelled() => return None,
        }
        tokio::select! {
            action = answer => action.ok().flatten(),
            _ = cancel.cancelled() => None,
        }
    }
}

impl Drop for BotPool {
    /// Tells running searches to stop; the threads end once the queue's
    /// sender is gone.
    fn drop(&mut self) {
        self.closing.store(true, Ordering::Relaxed);
    }
}

/// The bot threads' priority: 23 of 0–99, nice 9 on Linux.
const PRIORITY: u8 = 23;

/// One thinking thread: takes jobs until the pool is gone.
fn work(rx: &Mutex<mpsc::Receiver<Job>>, closing: &AtomicBool) {
    let lowered = ThreadPriorityValue::try_from(PRIORITY)
        .map_err(|e| e.to_string())
        .and_then(|p| {
            set_current_thread_priority(ThreadPriority::Crossplatform(p)).map_err(|e| format!("{e:?}"))
        });
    if let Err(e) = lowered {
        tracing::warn!(error = %e, "a bot thread keeps the normal priority");
    }
    loop {
        // Holding the lock while waiting is fine: whoever holds it takes
        // the next job, then lets the next idle thread wait.
        let job = {
            let mut rx = rx.lock().unwrap_or_else(|e| e.into_inner());
            rx.blocking_recv()
        };
        let Some(job) = job else {
            break;
        };
        if job.reply.is_closed() || job.cancel.is_cancelled() {
            continue;
        }
        let started = Instant::now();
        let waited = started.duration_since(job.queued);
        let mut deadline = started + job.think.saturating_sub(waited).max(job.think / 4);
        if let Some(due) = job.due {
            deadline = deadline.min(due);
        }
        let stop =
            || closing.load(Ordering::Relaxed) || job.cancel.is_cancelled() || Instant::now() >= deadline;
        let think = Think {
            iterations: job.level.iterations(job.situation.kind()),
            stop: Some(&stop),
        };
        let mut rng = SmallRng::seed_from_u64(job.seed);
        let action = choose_with(&job.situation, job.level, &think, &mut rng);
        tracing::debug!(
            level = %job.level,
            game = %job.situation.kind(),
            ms = started.elapsed().as_millis() as u64,
            "bot move"
        );
        let _ = job.reply.send(action);
    }
}
