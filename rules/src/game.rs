//! The [`Game`] trait every game implements, and the types it speaks in:
//! errors, outcomes, options, time and deadlines.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hash;

use rand_core::Rng;

pub use crate::concession::{Concession, TableEvent};
pub use crate::effect::{Effect, Events};
pub use crate::error::{ErrorCode, NotationError, OptionError, RuleError};
use crate::kind::GameKind;
use crate::seat::{Seat, SeatSet, Viewer};

/// A moment in a game, in milliseconds on the caller's clock.
///
/// The rules never read a clock; whoever applies an action says when it
/// happened. Games without timers ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

/// "When the clock reaches `at`, `seat` has run out of time: apply `action`
/// for it." The server schedules a timer for it; the rules decide what a
/// timeout means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline<A> {
    pub seat: Seat,
    pub at: Millis,
    pub action: A,
}

/// An action offered to a player's client, with the optional extras the
/// player may add to it: Magnet's promotions, written `+V,W` after the
/// action, where `extras` lists the vertices `V` that may be named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer<A> {
    pub action: A,
    pub extras: Vec<String>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winners` won (one seat, or a whole team in Magma); `side` names them
    /// as people do (`white`, `red`), `reason` says why.
    Win {
        winners: SeatSet,
        side: String,
        reason: String,
    },
    Draw {
        reason: String,
    },
}

impl Outcome {
    /// `winners` won; `side` names them, `reason` says why.
    pub fn win(winners: SeatSet, side: impl Into<String>, reason: impl Into<String>) -> Outcome {
        Outcome::Win {
            winners,
            side: side.into(),
            reason: reason.into(),
        }
    }

    pub fn draw(reason: impl Into<String>) -> Outcome {
        Outcome::Draw {
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `white wins (four in a row)` or `draw (threefold repetition)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { side, reason, .. } => write!(f, "{side} wins ({reason})"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

/// One option a game offers: its key, its allowed values (the first is the
/// default) and a line of help. Clients build their forms from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub values: &'static [&'static str],
    pub help: &'static str,
}

impl OptionSpec {
    pub const fn default_value(&self) -> &'static str {
        self.values[0]
    }
}

/// Options as text (`key=value` pairs), checked against a game's
/// [`OptionSpec`]s: every key known, every value allowed, no key twice.
/// Keys that were not given hold their default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValues {
    values: BTreeMap<&'static str, &'static str>,
    /// The keys that were given rather than defaulted.
    given: Vec<&'static str>,
}

impl OptionValues {
    /// Checks `pairs` against `specs`.
    pub fn parse<K: AsRef<str>, V: AsRef<str>>(
        specs: &'static [OptionSpec],
        pairs: &[(K, V)],
    ) -> Result<OptionValues, OptionError> {
        let mut values: BTreeMap<&'static str, &'static str> = BTreeMap::new();
        let mut given = Vec::new();
        for (key, value) in pairs {
            let (key, value) = (key.as_ref().trim(), value.as_ref().trim());
            let spec = specs
                .iter()
                .find(|s| s.key.eq_ignore_ascii_case(key))
                .ok_or_else(|| {
                    let known: Vec<_> = specs.iter().map(|s| s.key).collect();
                    OptionError::new(if known.is_empty() {
                        format!("unknown option {key:?}: this game has no options")
                    } else {
                        format!("unknown option {key:?} (this game knows {})", known.join(", "))
                    })
                })?;
            let allowed = spec
                .values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .ok_or_else(|| {
                    OptionError::new(format!(
                        "option {}={value:?} is out of range (allowed: {})",
                        spec.key,
                        spec.values.join(", ")
                    ))
                })?;
            if values.insert(spec.key, allowed).is_some() {
                return Err(OptionError::new(format!("option {} is given twice", spec.key)));
            }
            given.push(spec.key);
        }
        for spec in specs {
            values.entry(spec.key).or_insert(spec.default_value());
        }
        Ok(OptionValues { values, given })
    }

    /// Whether `key` was given, as opposed to holding its default (for an
    /// option that only some combinations of the others allow).
    pub fn is_given(&self, key: &str) -> bool {
        self.given.contains(&key)
    }

    /// The value of `key`, which must be one of the specs' keys.
    pub fn get(&self, key: &str) -> &'static str {
        self.values
            .get(key)
            .copied()
            .unwrap_or_else(|| panic!("option {key} is not in the game's specs"))
    }

    /// Splits `KEY=VALUE`, as written on a command line or in an `Option`
    /// header.
    pub fn split_pair(text: &str) -> Result<(&str, &str), OptionError> {
        text.split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .filter(|(k, _)| !k.is_empty())
            .ok_or_else(|| OptionError::new(format!("option {text:?} is not KEY=VALUE")))
    }
}

/// What a seat risks by playing one of its offered actions, when another
/// offered action would avoid it ([`Game::risks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Risk {
    /// The action ends the game at once, and the seat does not win.
    Loses,
    /// After it, an opponent to act has an action that wins at once.
    AllowsWin,
}

impl Risk {
    /// The risk as it appears on the wire: `loses`, `allows-win`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Risk::Loses => "loses",
            Risk::AllowsWin => "allows-win",
        }
    }
}

/// Writes `items` separated by `sep`: a path or a list in a game's
/// notation.
pub(crate) fn write_joined<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
    sep: &str,
) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// Whether `outcome` is a win of someone other than `seat`'s team.
fn lost(outcome: Option<&Outcome>, seat: Seat) -> bool {
    matches!(outcome, Some(Outcome::Win { winners, .. }) if !winners.contains(seat))
}

/// The risks of `judged` actions that another action avoids: `loses` if
/// some action does not lose at once, `allows-win` if some action risks
/// nothing.
pub(crate) fn avoidable<A>(judged: Vec<(A, Option<Risk>)>) -> Vec<(A, Risk)> {
    let safe = judged.iter().any(|(_, r)| r.is_none());
    let survives = safe || judged.iter().any(|(_, r)| *r == Some(Risk::AllowsWin));
    judged
        .into_iter()
        .filter_map(|(action, risk)| match risk? {
            Risk::Loses if survives => Some((action, Risk::Loses)),
            Risk::AllowsWin if safe => Some((action, Risk::AllowsWin)),
            _ => None,
        })
        .collect()
}

/// A game's typed options and their text form (see [`OptionValues`]).
pub trait GameOptions: Clone + fmt::Debug + PartialEq + Eq + Default {
    /// The options the game offers, in the order they are printed.
    const SPECS: &'static [OptionSpec];
    /// Typed options from text values checked against [`Self::SPECS`];
    /// an error for a combination the game does not allow.
    fn from_values(values: &OptionValues) -> Result<Self, OptionError>;
    /// The options as `key=value` text, in spec order, defaults included.
    fn pairs(&self) -> Vec<(&'static str, String)>;
}

/// The associated items that open each game's `impl Game`: its
/// [`GameKind`] variant, the `Options`, `Action` and `Event` types its
/// module defines under those names, and the three that differ from game to
/// game, named: `game_types!(Magma, view: View, key: Position, checked: ());`.
macro_rules! game_types {
    ($kind:ident, view: $view:ty, key: $key:ty, checked: $checked:ty $(,)?) => {
        const KIND: $crate::kind::GameKind = $crate::kind::GameKind::$kind;
        type Options = Options;
        type Action = Action;
        type View = $view;
        type Key = $key;
        type Checked = $checked;
        type Event = Event;
    };
}

pub(crate) use game_types;

/// A game: its state, the actions that change it, and the views that show
/// it. The implementing type is the full, authoritative state, hidden
/// information included; it never leaves the room that owns it except as a
/// [`Game::View`].
///
/// Every method is pure: no I/O, no clock, no global randomness.
pub trait Game: Clone + fmt::Debug + Sized {
    /// Which game this is.
    const KIND: GameKind;

    /// The typed options (variants, player count, timers).
    type Options: GameOptions;
    /// One intent of one seat, context-free (like a UCI move).
    type Action: Clone + fmt::Debug + PartialEq + Eq + Hash + fmt::Display;
    /// What one viewer may know. Its `Display` is the game's position
    /// format, redacted for that viewer.
    type View: Clone + fmt::Debug + PartialEq + fmt::Display;
    /// Everything that decides future play (for perft and repetition).
    type Key: Clone + fmt::Debug + Eq + Hash;

    /// The options this game offers.
    fn option_specs() -> &'static [OptionSpec] {
        Self::Options::SPECS
    }
    /// Typed options from checked text values.
    fn options_from(values: &OptionValues) -> Result<Self::Options, OptionError> {
        Self::Options::from_values(values)
    }
    /// The options as `key=value` text, in spec order, defaults included.
    fn option_pairs(options: &Self::Options) -> Vec<(&'static str, String)> {
        options.pairs()
    }

    /// The starting state.
    fn new(options: Self::Options) -> Self;
    fn options(&self) -> &Self::Options;

    /// How many seats the game has.
    fn seat_count(&self) -> usize;
    /// The seat's name as players write it (`white`, `red`, `3`).
    fn seat_name(&self, seat: Seat) -> String;
    /// The colour the seat plays, as people name it (`white`, `red`). In
    /// team games teammates share it.
    fn seat_color(&self, seat: Seat) -> String {
        self.seat_name(seat)
    }
    /// The seat's team, numbered from 0; teammates share it. By default
    /// every seat is its own team.
    fn team(&self, seat: Seat) -> u8 {
        seat.0
    }
    /// The seat a name refers to, case-insensitively.
    fn parse_seat(&self, name: &str) -> Option<Seat> {
        (0..self.seat_count() as u8)
            .map(Seat)
            .find(|&s| self.seat_name(s).eq_ignore_ascii_case(name.trim()))
    }

    /// The seats that may act now: one in turn-based play, several in a
    /// simultaneous phase, none when the game is over.
    fn to_act(&self) -> SeatSet;
    /// Every legal action of `seat` now; empty if it may not act.
    /// Actions with the same effect appear once.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// What a client of `seat` is offered to choose from now, computed only
    /// from what that seat may know. By default every legal action. A game
    /// whose legal actions depend on hidden information, or are too many to
    /// list, offers less: one action per choice the seat can tell apart,
    /// with its optional extras (Magnet), or nothing when the client
    /// composes the action itself (Magnet's setup). Every offered action,
    /// with any of its extras, is legal. The server's own actions
    /// ([`Game::is_server_action`]) are never offered.
    fn offers(&self, seat: Seat) -> Vec<Offer<Self::Action>> {
        self.legal_actions(seat)
            .into_iter()
            .filter(|action| !self.is_server_action(action))
            .map(|action| Offer {
                action,
                extras: Vec::new(),
            })
            .collect()
    }
    /// What [`Game::check`] hands on to [`Game::play_unchecked`]: whatever
    /// the check found out that playing needs (`()` for most games).
    type Checked;
    /// One thing an action did, as the referee knows it (hidden kinds
    /// included). Only [`Game::effects`] turns events into what a viewer
    /// may see.
    type Event: Clone + fmt::Debug + PartialEq;

    /// Judges `action` for `seat` at time `at` without changing anything:
    /// the whole of legality. Never panics, whatever the action.
    fn check(&self, seat: Seat, action: &Self::Action, at: Millis) -> Result<Self::Checked, RuleError>;
    /// Plays `action`, which [`Game::check`] accepted in this very state
    /// (and which gave `checked`), records what it did in `events` (when
    /// they are kept: [`Events::ON`]), and decides whether the game has
    /// ended. Anything else is a logic error.
    fn play_unchecked<E: Events<Self::Event>>(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        checked: Self::Checked,
        at: Millis,
        events: &mut E,
    );
    /// Plays `action` for `seat` at time `at`: check, then play. On error
    /// the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action, at: Millis) -> Result<(), RuleError> {
        let checked = self.check(seat, action, at)?;
        self.play_unchecked(seat, action, checked, at, &mut ());
        Ok(())
    }
    /// [`Game::apply`], keeping what the action did: give the events to
    /// [`Game::effects`] to tell a viewer.
    fn apply_with_events(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        at: Millis,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let checked = self.check(seat, action, at)?;
        let mut events = Vec::new();
        self.play_unchecked(seat, action, checked, at, &mut events);
        Ok(events)
    }
    /// What `viewer` may know of the `events` of an action `actor` played,
    /// judged on the state now (so a secret revealed since is told, like
    /// [`Game::conceals`]): a piece's kind appears only where the viewer's
    /// view would show it.
    fn effects(&self, actor: Seat, events: &[Self::Event], viewer: Viewer) -> Vec<Effect>;
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;

    /// `seat` leaves play at `at`: it resigned, or ran out of the room's
    /// time ([`Concession`]). Any seat still playing may, whoever is to act
    /// and in any phase (a setup included). In a two-sided game the other
    /// side wins at once (`white wins (resignation)`, `black wins (on
    /// time)`); a game with more sides says what follows (Magma: the seat
    /// stops taking turns and the others play on). Records what it did in
    /// `events`, like [`Game::play_unchecked`]. Refused, with nothing
    /// changed, once the game is over (`game-over`) or for a seat that has
    /// already left.
    fn concede<E: Events<Self::Event>>(
        &mut self,
        seat: Seat,
        how: Concession,
        at: Millis,
        events: &mut E,
    ) -> Result<(), RuleError>;
    /// `seat` resigns at `at` (see [`Game::concede`]).
    fn resign(&mut self, seat: Seat, at: Millis) -> Result<(), RuleError> {
        self.concede(seat, Concession::Resign, at, &mut ())
    }
    /// `seat` ran out of the room's time at `at` (see [`Game::concede`]).
    fn lose_on_time(&mut self, seat: Seat, at: Millis) -> Result<(), RuleError> {
        self.concede(seat, Concession::OutOfTime, at, &mut ())
    }
    /// [`Game::concede`], keeping what it did (for [`Game::effects`]).
    fn concede_with_events(
        &mut self,
        seat: Seat,
        how: Concession,
        at: Millis,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let mut events = Vec::new();
        self.concede(seat, how, at, &mut events)?;
        Ok(events)
    }
    /// Whether `seat` has left play by [`Game::concede`] in a game that
    /// keeps track of it (Magma, where a game of three or more sides goes
    /// on without it); it stays true after the end. Two-sided games answer
    /// false: their outcome tells who resigned.
    fn has_left(&self, _seat: Seat) -> bool {
        false
    }
    /// Whether the game can end in a draw by agreement
    /// ([`Game::agree_draw`]): every two-sided game; not Magma, which has
    /// its own vote to end.
    fn has_draw_by_agreement(&self) -> bool {
        true
    }
    /// Ends the game drawn by agreement of both sides (`draw (agreed)`).
    /// The rules do not ask who offered: the server runs the offer and its
    /// answer. Refused once the game is over (`game-over`), and in a game
    /// without draws by agreement (`wrong-game`).
    fn agree_draw(&mut self, at: Millis) -> Result<(), RuleError>;
    /// Whether every seat still playing has made its first move on the
    /// board, its own choice: a setup (chosen or dealt), Magnetism's secret
    /// magnet, a Magma vote or `timeout` does not count. Until then a room
    /// may abort the game. A game continued from a position counts a seat
    /// as having moved unless the position shows it has not.
    fn has_everyone_moved(&self) -> bool;

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// Whether two viewers may now see different views. When not, a server
    /// may build one view and show it to everyone. True unless a game says
    /// otherwise.
    fn views_differ(&self) -> bool {
        true
    }
    /// Reads an action in the game's notation.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;
    /// Reads a position in the game's position format (as printed by the
    /// referee's view).
    fn parse_position(options: Self::Options, text: &str) -> Result<Self, NotationError>;
    /// The position as it decides future play.
    fn position_key(&self) -> Self::Key;

    /// The offered actions of `seat` (to act now, at time `at`) that lose
    /// at once or let an opponent win on the spot while another offered
    /// action would not ([`Risk`]), judged only from what `seat` may know.
    /// Each action that risks something is listed once, with its worse
    /// risk; `loses` is listed only if some offered action does not lose
    /// at once, `allows-win` only if some offered action risks nothing.
    ///
    /// By default: nothing in a game whose views differ now (a game with
    /// hidden information judges from its own knowledge and says what it
    /// can), else every offered action is played on a copy, and each
    /// opponent then to act is asked [`Game::can_win_at_once`].
    fn risks(&self, seat: Seat, at: Millis) -> Vec<(Self::Action, Risk)> {
        if self.views_differ() || !self.to_act().contains(seat) {
            return Vec::new();
        }
        let team = self.team(seat);
        let judged: Vec<(Self::Action, Option<Risk>)> = self
            .offers(seat)
            .into_iter()
            .filter_map(|offer| {
                let mut after = self.clone();
                after.apply(seat, &offer.action, at).ok()?;
                let risk = if lost(after.outcome(), seat) {
                    Some(Risk::Loses)
                } else if after.outcome().is_none()
                    && after
                        .to_act()
                        .iter()
                        .any(|s| self.team(s) != team && after.can_win_at_once(s, seat, at))
                {
                    Some(Risk::AllowsWin)
                } else {
                    None
                };
                Some((offer.action, risk))
            })
            .collect();
        avoidable(judged)
    }

    /// Whether `seat`, to act now at time `at`, has an offered action that
    /// ends the game at once with `against` not among the winners. By
    /// default every offered action is tried on a copy; a game may know a
    /// quicker way.
    fn can_win_at_once(&self, seat: Seat, against: Seat, at: Millis) -> bool {
        self.offers(seat).into_iter().any(|offer| {
            let mut after = self.clone();
            after.apply(seat, &offer.action, at).is_ok() && lost(after.outcome(), against)
        })
    }

    /// Actions chance takes now (a dealt setup), drawn from the caller's RNG
    /// so that a stored seed reproduces them. The caller applies each like a
    /// seat's action. Most games never deal.
    fn chance_actions<R: Rng + ?Sized>(&self, _rng: &mut R) -> Vec<(Seat, Self::Action)> {
        Vec::new()
    }

    /// The running turn timer, if the game has one.
    fn deadline(&self) -> Option<Deadline<Self::Action>> {
        None
    }

    /// Whether `action` is the server's to play, never a player's: the
    /// action of a [`Deadline`] (Magma's `timeout`). It is legal (`apply`
    /// accepts it, so records holding it replay, and `legal_actions` lists
    /// it), but it is never offered to a client, and a server refuses it
    /// from one. None by default.
    fn is_server_action(&self, _action: &Self::Action) -> bool {
        false
    }

    /// Whether `action` is secret when it is played: others may not see it
    /// until a later reveal (a Magnet setup, a Magnetism opening magnet),
    /// whichever seat plays first. A server commits to every secret action
    /// as it is played; a record's checker expects a commitment for each.
    /// None by default.
    fn is_secret(&self, _action: &Self::Action) -> bool {
        false
    }

    /// Whether `action`, played earlier by `actor`, must still be hidden from
    /// `viewer` now (a secret setup or magnet square before its reveal).
    fn conceals(&self, _actor: Seat, _action: &Self::Action, _viewer: Viewer) -> bool {
        false
    }

    /// Whether perft counts `action` as a branch of the tree (NOTATION.md).
    /// Every action does, except those a game leaves out of its perft
    /// (Magma's `end?` and `timeout`).
    fn counts_in_perft(&self, _action: &Self::Action) -> bool {
        true
    }

    /// The full position in the game's position format.
    fn position_string(&self) -> String {
        self.view(Viewer::Referee).to_string()
    }
}
