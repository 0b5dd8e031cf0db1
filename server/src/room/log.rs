//! A room's game log: every accepted action in the order played (with its
//! commitment when it was secret), and what the last one did, for
//! `play.last`. Only `RoomCore::evolve` appends to it.

use lodestone_rules::{AnyAction, AnyEvents, Millis, Seat};

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
    entries: Vec<Logged>,
    /// What the last action did (for `play.last`).
    last_events: Option<AnyEvents>,
}

impl GameLog {
    pub fn entries(&self) -> &[Logged] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The last action with what it did.
    pub fn last_with_events(&self) -> Option<(&Logged, &AnyEvents)> {
        self.entries.last().zip(self.last_events.as_ref())
    }

    /// The game time of the last action (0 before any).
    pub fn last_at(&self) -> u64 {
        self.entries.last().map_or(0, |l| l.at.0)
    }

    /// Appends a played action and what it did.
    pub(super) fn push(&mut self, logged: Logged, events: AnyEvents) {
        self.entries.push(logged);
        self.last_events = Some(events);
    }
}
