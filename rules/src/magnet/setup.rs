//! Setting Magnet up: a side's arrangement of its twelve pieces (chosen,
//! dealt at random, or every one of them), judging a setup, and a game
//! continuing from a position.

use rand_core::Rng;

use super::board::{Color, Kind, MATERIAL, Position, Vertex, list_labels, start_vertices};
use super::options::Options;
use super::state::Magnet;
use crate::game::{ErrorCode, RuleError};
use crate::repetition::Repetitions;
use crate::seat::Seat;
use crate::table::Moved;

/// One side's arrangement of its twelve pieces on its start vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    side: Color,
    /// `kinds[i]` stands on `start_vertices(side)[i]`.
    kinds: [Kind; 12],
}

impl Setup {
    /// The setup putting `kinds[i]` on the i-th start vertex of `side` (in
    /// label order). Whether the kinds are a side's material is for the
    /// rules to judge.
    pub const fn new(side: Color, kinds: [Kind; 12]) -> Setup {
        Setup { side, kinds }
    }

    /// The side whose start vertices it names.
    pub const fn side(&self) -> Color {
        self.side
    }

    pub const fn kinds(&self) -> &[Kind; 12] {
        &self.kinds
    }

    /// Each start vertex with its piece, in label order.
    pub fn pieces(&self) -> impl Iterator<Item = (Vertex, Kind)> + use<> {
        start_vertices(self.side).into_iter().zip(self.kinds)
    }

    /// A uniformly random arrangement for `side`, drawn from `rng` by a
    /// Fisher–Yates shuffle (so a seed reproduces it).
    pub fn random<R: Rng + ?Sized>(side: Color, rng: &mut R) -> Setup {
        let mut kinds = MATERIAL;
        for i in (1..kinds.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            kinds.swap(i, j);
        }
        Setup::new(side, kinds)
    }

    /// Every distinct arrangement for `side` (12! / (3!·3!·3!) = 2,217,600),
    /// in lexicographic order of the kinds.
    pub fn all(side: Color) -> impl Iterator<Item = Setup> {
        let mut next = Some(MATERIAL);
        std::iter::from_fn(move || {
            let kinds = next?;
            let mut following = kinds;
            next = next_permutation(&mut following).then_some(following);
            Some(Setup::new(side, kinds))
        })
    }
}

/// A uniform number in `0..n` from `rng`, without modulo bias.
fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let zone = u32::MAX - u32::MAX % n;
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// Steps `items` to its next arrangement in lexicographic order; false
/// after the last.
fn next_permutation<T: Ord>(items: &mut [T]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .expect("a larger item");
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

impl Magnet {
    /// A game that continues from `position`.
    pub fn from_position(options: Options, position: Position) -> Magnet {
        // Before Red's opening turn nobody has moved; after it the
        // position cannot tell, and counts both.
        let unmoved = position.in_setup() || position.is_opening();
        let mut game = Magnet {
            options,
            position,
            history: Repetitions::new(),
            moved: Moved::all_or_nobody(2, !unmoved),
            outcome: None,
        };
        if !game.position.in_setup() {
            game.history.push(game.repeated());
        }
        game.outcome = game.decide();
        game
    }

    pub(super) fn check_setup(&self, seat: Seat, setup: &Setup) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::game_over());
        }
        let color = self.side_of(seat)?;
        let name = color.name();
        if !self.position.in_setup() {
            return Err(RuleError::new(
                ErrorCode::WrongPhase,
                "the setup is over: both sides have set up",
            ));
        }
        if self.position.has_set_up(color) {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                format!("{name} has already set up; waiting for {}", color.other().name()),
            ));
        }
        if setup.side() != color {
            return Err(RuleError::illegal(format!(
                "{name} sets up on its own start vertices ({}), not on {}'s",
                list_labels(start_vertices(color).into_iter()),
                setup.side().name()
            )));
        }
        for kind in Kind::ALL {
            let n = setup.kinds().iter().filter(|&&k| k == kind).count();
            if n != usize::from(kind.count()) {
                return Err(RuleError::illegal(format!(
                    "{name}'s setup has {n} of {}; a side has one K, three 2, one T2, three 3, one T3 and three 4",
                    kind.token()
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_are_counted_and_distinct() {
        let mut n = 0usize;
        let mut last: Option<[Kind; 12]> = None;
        for s in Setup::all(Color::Red) {
            if let Some(prev) = last {
                assert!(prev < *s.kinds(), "setups are generated in increasing order");
            }
            last = Some(*s.kinds());
            n += 1;
        }
        assert_eq!(n, 2_217_600);
    }

    #[test]
    fn fisher_yates_draws_a_side_material() {
        struct Counter(u32);
        impl rand_core::TryRng for Counter {
            type Error = std::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                Ok(self.0)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(u64::from(self.try_next_u32()?))
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                for b in dst {
                    *b = self.try_next_u32()? as u8;
                }
                Ok(())
            }
        }
        let a = Setup::random(Color::Blue, &mut Counter(1));
        let b = Setup::random(Color::Blue, &mut Counter(1));
        assert_eq!(a, b);
        let mut sorted = *a.kinds();
        sorted.sort();
        assert_eq!(sorted, MATERIAL);
    }
}
