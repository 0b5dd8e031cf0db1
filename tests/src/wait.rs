//! Waiting for something that happens a moment later (a result recorded,
//! a lease taken, a process gone): ask again until it holds, and fail the
//! test, naming what was awaited, if it does not within the patience.
//!
//! ```ignore
//! let page = eventually!("a rating on Dee's page", {
//!     let page = player_page(addr, &dee).await;
//!     if page.ratings.is_empty() { Err(page) } else { Ok(page) }
//! });
//! ```

use std::fmt::{Debug, Display};
use std::time::Duration;

use crate::PATIENCE;

/// What one look answers: done (with what it found) or not yet. A `bool`
/// is done when true; an `Option` when `Some`; a `Result` when `Ok`, its
/// `Err` being what was seen instead (shown if the wait fails).
pub trait Outcome {
    /// What the wait returns once done.
    type Done;
    /// The found value, or what was seen instead (if worth showing).
    fn done(self) -> Result<Self::Done, Option<String>>;
}

impl Outcome for bool {
    type Done = ();
    fn done(self) -> Result<(), Option<String>> {
        if self { Ok(()) } else { Err(None) }
    }
}

impl<T> Outcome for Option<T> {
    type Done = T;
    fn done(self) -> Result<T, Option<String>> {
        self.ok_or(None)
    }
}

impl<T, E: Debug> Outcome for Result<T, E> {
    type Done = T;
    fn done(self) -> Result<T, Option<String>> {
        self.map_err(|seen| Some(format!("{seen:?}")))
    }
}

/// How long to wait and how often to look: by default the tests'
/// [`PATIENCE`], looking every 50 ms.
#[derive(Clone, Copy, Debug)]
pub struct Polling {
    within: Duration,
    every: Duration,
}

impl Default for Polling {
    fn default() -> Polling {
        Polling::within(PATIENCE)
    }
}

impl Polling {
    /// Waits at most `within` (looking every 50 ms).
    pub const fn within(within: Duration) -> Polling {
        Polling {
            within,
            every: Duration::from_millis(50),
        }
    }

    /// Looks every `every` instead.
    pub const fn every(self, every: Duration) -> Polling {
        Polling { every, ..self }
    }

    /// A wait that starts now (what [`eventually!`](crate::eventually)
    /// keeps between looks).
    pub fn start(self) -> Waiting {
        Waiting {
            polling: self,
            started: tokio::time::Instant::now(),
        }
    }

    /// [`eventually!`](crate::eventually) for code that does not run on
    /// the runtime: looks with `check` until it is done (blocking the
    /// thread between looks) and returns what it found.
    pub fn blocking<O: Outcome>(self, what: impl Display, mut check: impl FnMut() -> O) -> O::Done {
        let started = std::time::Instant::now();
        loop {
            match check().done() {
                Ok(found) => return found,
                Err(seen) if started.elapsed() >= self.within => give_up(self.within, &what, seen),
                Err(_) => std::thread::sleep(self.every),
            }
        }
    }
}

/// A wait under way.
#[derive(Debug)]
pub struct Waiting {
    polling: Polling,
    started: tokio::time::Instant,
}

impl Waiting {
    /// A look found `seen`, not what was awaited: fails the test if the
    /// time is up, or else is the wait till the next look.
    pub fn not_yet(&self, what: &dyn Display, seen: Option<String>) -> tokio::time::Sleep {
        if self.started.elapsed() >= self.polling.within {
            give_up(self.polling.within, what, seen);
        }
        tokio::time::sleep(self.polling.every)
    }
}

fn give_up(within: Duration, what: &dyn Display, seen: Option<String>) -> ! {
    match seen {
        Some(seen) => panic!("waited {within:?} for {what}; last seen: {seen}"),
        None => panic!("waited {within:?} for {what}"),
    }
}

/// Runs the block (an `async` block: `return` and `?` end one look) until
/// its [`Outcome`] is done, and is what it found; fails the test with
/// `what`, the thing awaited, and the last thing seen once the time is up.
/// By default the tests' [`PATIENCE`], looking every 50 ms; a [`Polling`]
/// first says otherwise.
///
/// A macro rather than a function taking an async closure: the futures of
/// such a closure are not known to be `Send` (what a spawned task needs)
/// when the closure borrows.
#[macro_export]
macro_rules! eventually {
    ($polling:expr, $what:expr, { $($check:tt)* } $(,)?) => {{
        let what = $what;
        let waiting = $crate::Polling::start($polling);
        loop {
            match $crate::Outcome::done(async { $($check)* }.await) {
                Ok(found) => break found,
                Err(seen) => waiting.not_yet(&what, seen).await,
            }
        }
    }};
    ($what:expr, { $($check:tt)* } $(,)?) => {
        $crate::eventually!($crate::Polling::default(), $what, { $($check)* })
    };
}
