//! A room's game log: every accepted action in the order played (with its
//! commitment when it was secret), and what the last one did, for
//! `play.last`. Only `RoomCore::evolve` appends to it.
//!
//! Once the game is over the log is summed up (`RoomCore::evolve` does it
//! at the `Finished` event): the actions' texts in one string, their
//! seats, the secrets' salts and commitments, which viewers each action
//! is concealed from and the order of the game's record, all worked out
//! once from the final game; the parsed actions and their records go.
//! Views and records read either form through [`Entry`], the same.

use lodestone_rules::{AnyAction, AnyEvents, AnyGame, Millis, Seat, Viewer};

/// One accepted action.
#[derive(Clone, Debug)]
pub struct Logged {
    pub seat: Seat,
    pub action: AnyAction,
    /// The action in notation, as stored.
    pub text: String,
    pub at: Millis,
    /// For a secret action: the salt and the commitment sent when it was
    /// played.
    pub secret: Option<(String, String)>,
}

/// The actions of a room's game.
#[derive(Debug, Default)]
pub struct GameLog {
    /// Every action, while the game runs (empty once it is summed up).
    entries: Vec<Logged>,
    /// The log of a game that is over, summed up.
    summed: Option<Box<Summed>>,
    /// What the last action did (for `play.last`).
    last_events: Option<AnyEvents>,
    /// Some action was not played by the first seat to act (a
    /// simultaneous phase): the record's order may differ from play's.
    out_of_turn: bool,
    /// Kept whole when the game ends (a test's reference), or because
    /// the game has more seats than a [`viewer_bit`] mask can tell apart.
    whole: bool,
}

/// The log of a game that is over: what views and records read of it.
#[derive(Debug)]
struct Summed {
    /// Every action's text, one after another.
    texts: String,
    /// Where each action's text ends in `texts`.
    ends: Vec<u32>,
    seats: Vec<Seat>,
    /// The game time of the last action.
    last_at: u64,
    /// The secret actions (by index): salt and commitment.
    secrets: Vec<(u32, (String, String))>,
    /// The actions concealed from some viewer (by index), and from which
    /// ([`viewer_bit`]).
    hidden: Vec<(u32, u32)>,
    /// The record's order of the actions, when it is not the order of play.
    order: Option<Vec<u32>>,
}

/// One action as views and records read it.
pub struct Entry<'a> {
    pub seat: Seat,
    /// The action in notation, as stored.
    pub text: &'a str,
    /// Its salt and commitment, for a secret action.
    pub secret: Option<&'a (String, String)>,
    hides: Hides<'a>,
}

/// Whom an entry is concealed from: asked of the rules while the game
/// runs, worked out once it is over.
enum Hides<'a> {
    Action(&'a AnyAction),
    Viewers(u32),
}

impl Entry<'_> {
    /// Whether `game` (the room's game) conceals this action from `viewer`.
    pub fn conceals(&self, game: &AnyGame, viewer: Viewer) -> bool {
        match self.hides {
            Hides::Action(action) => game.conceals(self.seat, action, viewer),
            Hides::Viewers(viewers) => viewers & viewer_bit(viewer) != 0,
        }
    }
}

/// How many seats a summed-up log tells apart; a game with more (none of
/// the four has more than six) keeps its whole log.
const MASK_SEATS: usize = 30;

/// A viewer's bit among the viewers an action is concealed from: a seat's
/// number (below [`MASK_SEATS`]), the spectators 30, the referee 31.
fn viewer_bit(viewer: Viewer) -> u32 {
    match viewer {
        Viewer::Seat(seat) => 1 << seat.0,
        Viewer::Spectator => 1 << MASK_SEATS,
        Viewer::Referee => 1 << (MASK_SEATS + 1),
    }
}

impl GameLog {
    /// A log that stays whole when its game ends: a test's reference to
    /// compare the summed-up form with.
    pub(super) fn keep_whole(&mut self) {
        self.whole = true;
    }

    pub fn len(&self) -> usize {
        match &self.summed {
            Some(summed) => summed.seats.len(),
            None => self.entries.len(),
        }
    }

    /// Action `i` (of `0..len`).
    pub fn entry(&self, i: usize) -> Entry<'_> {
        match &self.summed {
            Some(summed) => summed.entry(i),
            None => {
                let l = &self.entries[i];
                Entry {
                    seat: l.seat,
                    text: &l.text,
                    secret: l.secret.as_ref(),
                    hides: Hides::Action(&l.action),
                }
            }
        }
    }

    /// The actions from `from` on.
    pub fn from(&self, from: usize) -> impl Iterator<Item = Entry<'_>> {
        (from..self.len()).map(|i| self.entry(i))
    }

    /// The seat of each action, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        self.from(0).map(|e| e.seat)
    }

    /// The actions as played, while the game runs (none once summed up).
    pub fn live(&self) -> &[Logged] {
        &self.entries
    }

    /// The record's order of the actions, once summed up.
    pub fn summed_order(&self) -> Option<Vec<usize>> {
        let summed = self.summed.as_ref()?;
        Some(match &summed.order {
            Some(order) => order.iter().map(|&i| i as usize).collect(),
            None => (0..summed.seats.len()).collect(),
        })
    }

    /// The seat of the last action with what it did.
    pub fn last_with_events(&self) -> Option<(Seat, &AnyEvents)> {
        let seat = match &self.summed {
            Some(summed) => *summed.seats.last()?,
            None => self.entries.last()?.seat,
        };
        Some(seat).zip(self.last_events.as_ref())
    }

    /// The game time of the last action (0 before any).
    pub fn last_at(&self) -> u64 {
        match &self.summed {
            Some(summed) => summed.last_at,
            None => self.entries.last().map_or(0, |l| l.at.0),
        }
    }

    /// Appends a played action and what it did; `in_turn`: its seat was
    /// the first to act.
    pub(super) fn push(&mut self, logged: Logged, events: AnyEvents, in_turn: bool) {
        self.out_of_turn |= !in_turn;
        self.entries.push(logged);
        self.last_events = Some(events);
    }

    /// Whether the record's order must be worked out by a replay: an
    /// action out of turn, or a seat that left play (`conceded_at`: the
    /// number of actions before each concession) before the last action.
    pub(super) fn needs_order(&self, mut conceded_at: impl Iterator<Item = usize>) -> bool {
        let len = self.len();
        self.out_of_turn || conceded_at.any(|after| after < len)
    }

    /// Sums the log of a game that is over up (once): `game` is the final
    /// game (whom each action is concealed from), `seats` its number of
    /// seats, `order` the record's order when it is not the order of play.
    pub(super) fn sum_up(&mut self, game: &AnyGame, seats: usize, order: Option<Vec<usize>>) {
        if self.summed.is_some() || self.whole || seats > MASK_SEATS {
            return;
        }
        let entries = std::mem::take(&mut self.entries);
        let viewers: Vec<Viewer> = (0..seats)
            .map(|s| Viewer::Seat(Seat(s as u8)))
            .chain([Viewer::Spectator, Viewer::Referee])
            .collect();
        let mut summed = Summed {
            texts: String::with_capacity(entries.iter().map(|l| l.text.len()).sum()),
            ends: Vec::with_capacity(entries.len()),
            seats: Vec::with_capacity(entries.len()),
            last_at: entries.last().map_or(0, |l| l.at.0),
            secrets: Vec::new(),
            hidden: Vec::new(),
            order: order
                .filter(|order| order.iter().enumerate().any(|(n, &i)| n != i))
                .map(|order| order.into_iter().map(|i| i as u32).collect()),
        };
        for (i, l) in entries.into_iter().enumerate() {
            summed.texts.push_str(&l.text);
            summed.ends.push(summed.texts.len() as u32);
            summed.seats.push(l.seat);
            let hidden = (viewers.iter())
                .filter(|v| game.conceals(l.seat, &l.action, **v))
                .fold(0, |bits, v| bits | viewer_bit(*v));
            if hidden != 0 {
                summed.hidden.push((i as u32, hidden));
            }
            if let Some(secret) = l.secret {
                summed.secrets.push((i as u32, secret));
            }
        }
        summed.secrets.shrink_to_fit();
        summed.hidden.shrink_to_fit();
        self.summed = Some(Box::new(summed));
    }
}

impl Summed {
    fn entry(&self, i: usize) -> Entry<'_> {
        let start = i.checked_sub(1).map_or(0, |p| self.ends[p] as usize);
        let n = i as u32;
        let secret = self.secrets.binary_search_by_key(&n, |(k, _)| *k).ok();
        let hidden = self.hidden.binary_search_by_key(&n, |(k, _)| *k).ok();
        Entry {
            seat: self.seats[i],
            text: &self.texts[start..self.ends[i] as usize],
            secret: secret.map(|j| &self.secrets[j].1),
            hides: Hides::Viewers(hidden.map_or(0, |j| self.hidden[j].1)),
        }
    }
}
