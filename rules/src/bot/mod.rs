//! Computer players. A bot sees exactly what a player's client sees: its
//! seat's position text (the game's position format, redacted for that
//! seat) and the actions offered to it — a [`Situation`] holds nothing
//! else, so a bot cannot cheat by construction. docs/bots.md describes
//! every level.
//!
//! - `random` ([`random`]) picks any offered action;
//! - `greedy` ([`greedy`]) looks one action ahead with a simple evaluation;
//! - `easy`, `normal` and `hard` search ([`mcts`]) with a budget of
//!   iterations (deterministic for a given seed) or of time (the caller
//!   keeps the clock: the rules crate never reads one). Each game has its
//!   own model: [`magneton`], [`magnetism`], [`magma`] (one value per
//!   side, teammates sharing theirs) and [`magnet`] (information-set search
//!   over worlds guessed from the bot's own view).
//!
//! Where the view hides something (Magnet's values, a Magnetism magnet
//! during the secret opening), the bots fill the gaps with guesses drawn
//! from what is still possible, never with the truth.

mod fast;
mod greedy;
mod magma;
mod magnet;
mod magnetism;
mod magneton;
mod mcts;
mod random;

use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

pub use greedy::evaluate;

use crate::any::{AnyGame, GameKind};
use crate::{Seat, Viewer};
use fast::Fast;

/// How a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Any offered action, uniformly.
    Random,
    /// The offered action with the best evaluation one action ahead.
    Greedy,
    /// A short search.
    Easy,
    /// A search of about a quarter of a second.
    Normal,
    /// A search of about a second.
    Hard,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Normal,
        Level::Hard,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level's name for people.
    pub const fn label(self) -> &'static str {
        match self {
            Level::Random => "Random",
            Level::Greedy => "Greedy",
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
        }
    }

    /// How the level plays, in words, for people choosing an opponent.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Random => "plays any legal move",
            Level::Greedy => "takes the best-looking move, one move ahead",
            Level::Easy => "looks a few moves ahead, briefly",
            Level::Normal => "thinks about a quarter of a second a move",
            Level::Hard => "thinks about a second a move",
        }
    }

    /// Whether the level searches (and so has a budget).
    pub const fn searches(self) -> bool {
        matches!(self, Level::Easy | Level::Normal | Level::Hard)
    }

    /// The search iterations a move may take at this level in `kind`:
    /// calibrated so that `hard` takes about a second of CPU on one core
    /// of the development machine (Magma a little less; docs/bots.md),
    /// `normal` a quarter of that and `easy` a twentieth. Zero for levels
    /// that do not search.
    pub const fn iterations(self, kind: GameKind) -> u64 {
        let hard: u64 = match kind {
            GameKind::Magneton => 140_000,
            GameKind::Magnetism => 160_000,
            // About 0.8 s: a larger tree costs more memory (some 17 MB a
            // hundred thousand iterations) than it gains.
            GameKind::Magma => 400_000,
            GameKind::Magnet => 10_000,
        };
        match self {
            Level::Random | Level::Greedy => 0,
            Level::Easy => hard / 20,
            Level::Normal => hard / 4,
            Level::Hard => hard,
        }
    }

    /// The longest a move may take at this level when a clock is kept (a
    /// server's bots stop at whichever limit comes first).
    pub const fn think_ms(self) -> u64 {
        match self {
            Level::Random | Level::Greedy => 0,
            Level::Easy => 100,
            Level::Normal => 350,
            Level::Hard => 1_200,
        }
    }
}

crate::error::display_as!(Level, name);

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        let name = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| format!("unknown bot level {name:?} (random, greedy, easy, normal or hard)"))
    }
}

/// The longest a bot may think with `time_left` milliseconds on its turn's
/// timer: half of what is left less half a second, so that its answer
/// arrives well before the timer runs out.
pub fn answer_within(time_left: u64) -> u64 {
    time_left.saturating_sub(500) / 2
}

/// What a bot knows when it must act: the game, its options, its seat, its
/// view's position text, and what it is offered (each action with the
/// extras it may add, as [`AnyGame::offers`] gives them). Nothing more can
/// be put in: a bot never sees what its seat may not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    kind: GameKind,
    options: Vec<(String, String)>,
    seat: Seat,
    position: String,
    offers: Vec<(String, Vec<String>)>,
}

impl Situation {
    /// A situation from what a client received: the room's game and
    /// options, the seat, its view's position text and its offers.
    pub fn new(
        kind: GameKind,
        options: Vec<(String, String)>,
        seat: Seat,
        position: String,
        offers: Vec<(String, Vec<String>)>,
    ) -> Situation {
        Situation {
            kind,
            options,
            seat,
            position,
            offers,
        }
    }

    /// What `seat` may know of `game` now: its view and its offers, as a
    /// server would send them.
    pub fn of(game: &AnyGame, seat: Seat) -> Situation {
        Situation {
            kind: game.kind(),
            options: game
                .option_pairs()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            seat,
            position: game.view(Viewer::Seat(seat)).to_string(),
            offers: {
                // The timer's action is the server's, never a seat's.
                let timer = game.deadline().map(|d| d.action.to_string());
                let mut offers = game.offers(seat);
                offers.retain(|(action, _)| Some(action) != timer.as_ref());
                offers
            },
        }
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn position(&self) -> &str {
        &self.position
    }

    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    pub fn offers(&self) -> &[(String, Vec<String>)] {
        &self.offers
    }

    /// The game read from the position text, when the view hides nothing
    /// (`None` for a view with `?` in it).
    fn game(&self) -> Option<AnyGame> {
        AnyGame::from_position(self.kind, &self.options, &self.position).ok()
    }
}

/// How long a search may run: at most `iterations`, and until `stop`
/// says so (asked every few iterations). Iterations alone make a search
/// deterministic for a given seed; `stop` is how a caller that keeps a
/// clock bounds the time.
#[derive(Clone, Copy)]
pub struct Think<'a> {
    pub iterations: u64,
    pub stop: Option<&'a dyn Fn() -> bool>,
}

impl fmt::Debug for Think<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Think")
            .field("iterations", &self.iterations)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

impl Think<'_> {
    /// A budget of `iterations` and no clock.
    pub const fn iterations(iterations: u64) -> Think<'static> {
        Think {
            iterations,
            stop: None,
        }
    }

    fn should_stop(&self, done: u64) -> bool {
        done >= self.iterations
            || (done.is_multiple_of(32) && done > 0 && self.stop.is_some_and(|stop| stop()))
    }
}

/// The action the bot plays at `level` with the level's own iteration
/// budget, or `None` if it has nothing to do.
pub fn choose<R: Rng + ?Sized>(situation: &Situation, level: Level, rng: &mut R) -> Option<String> {
    choose_with(
        situation,
        level,
        &Think::iterations(level.iterations(situation.kind)),
        rng,
    )
}

/// The action the bot plays at `level` within `think` (which only the
/// searching levels use), or `None` if it has nothing to do.
pub fn choose_with<R: Rng + ?Sized>(
    situation: &Situation,
    level: Level,
    think: &Think<'_>,
    rng: &mut R,
) -> Option<String> {
    let mut fast = Fast::new(rng.next_u64());
    if situation.offers.is_empty() {
        return match situation.kind {
            GameKind::Magnet => magnet::compose_setup(situation, level.searches(), &mut fast),
            _ => None,
        };
    }
    let candidates = candidates(&situation.offers);
    if candidates.len() == 1 {
        return candidates.into_iter().next();
    }
    match level {
        Level::Random => Some(random::choose(&candidates, &mut fast)),
        Level::Greedy => Some(
            greedy::choose(situation, &candidates, &mut fast)
                .unwrap_or_else(|| random::choose(&candidates, &mut fast)),
        ),
        Level::Easy | Level::Normal | Level::Hard => {
            let found = match situation.kind {
                GameKind::Magneton => magneton::choose(situation, think, &mut fast),
                GameKind::Magnetism => magnetism::choose(situation, think, &mut fast),
                GameKind::Magma => magma::choose(situation, think, &mut fast),
                GameKind::Magnet => magnet::choose(situation, think, &mut fast),
            };
            // A position the search cannot read is still playable.
            Some(found.unwrap_or_else(|| random::choose(&candidates, &mut fast)))
        }
    }
}

/// Every offered action, and each with all its extras (Magnet: promoting
/// every piece that may be promoted).
fn candidates(offers: &[(String, Vec<String>)]) -> Vec<String> {
    let mut out = Vec::with_capacity(offers.len());
    for (action, extras) in offers {
        out.push(action.clone());
        if !extras.is_empty() {
            out.push(with_extras(action, extras));
        }
    }
    out
}

/// `action` with every one of its extras: `F6 E5,G6 +F6,G5`.
fn with_extras(action: &str, extras: &[String]) -> String {
    if extras.is_empty() {
        action.to_string()
    } else {
        format!("{action} +{}", extras.join(","))
    }
}

/// The offered actions as `game`'s own, each with all its extras (the
/// search never holds a promotion back).
fn root_actions<G: crate::Game>(game: &G, situation: &Situation) -> Option<Vec<G::Action>> {
    situation
        .offers
        .iter()
        .map(|(action, extras)| game.parse_action(&with_extras(action, extras)).ok())
        .collect()
}

/// The choice of a search of `game`, with nothing hidden, valued by
/// `eval`: an offered action that wins at once, else the search's best.
fn search_perfect<G: crate::Game, E: mcts::Evaluation<G>>(
    game: G,
    eval: E,
    situation: &Situation,
    think: &Think<'_>,
    rng: &mut Fast,
) -> Option<String> {
    let me = situation.seat();
    let root = root_actions(&game, situation)?;
    if let Some(win) = immediate_win(&game, me, &root) {
        return Some(win.to_string());
    }
    let mut model = mcts::Perfect { root: game, eval };
    mcts::search(&mut model, me, root, think, rng)
        .best()
        .map(|a| a.to_string())
}

/// An action of `actions` that wins `game` for `me` at once.
fn immediate_win<'a, G: crate::Game>(game: &G, me: Seat, actions: &'a [G::Action]) -> Option<&'a G::Action> {
    actions.iter().find(|action| {
        let mut after = game.clone();
        after.apply(me, action, crate::Millis(0)).is_ok()
            && matches!(after.outcome(), Some(crate::Outcome::Win { winners, .. }) if winners.contains(me))
    })
}

#[cfg(test)]
mod tests;
