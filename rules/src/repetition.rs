//! Counting repeated positions for the threefold-repetition draw
//! (Magnet, Magnetism, Magneton): the positions since the last change
//! that cannot be undone, each game choosing what a position is.

use crate::game::Outcome;

/// The positions seen since the last irreversible change, the current one
/// last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Repetitions<K> {
    seen: Vec<K>,
}

impl<K: PartialEq> Repetitions<K> {
    pub(crate) const fn new() -> Repetitions<K> {
        Repetitions { seen: Vec::new() }
    }

    /// Forgets every position: none of them can come back.
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
    }

    /// Records `key` as the current position.
    pub(crate) fn push(&mut self, key: K) {
        self.seen.push(key);
    }

    /// Whether `key`, pushed next, would make the third occurrence (the
    /// draw that [`Repetitions::draw`] would then tell), without pushing it.
    pub(crate) fn would_draw(&self, key: &K) -> bool {
        self.seen.iter().filter(|&k| k == key).count() + 1 >= 3
    }

    /// The draw, if the current position has now occurred three times.
    pub(crate) fn draw(&self) -> Option<Outcome> {
        let now = self.seen.last()?;
        (self.seen.iter().filter(|&k| k == now).count() >= 3).then(|| Outcome::draw("threefold repetition"))
    }
}
