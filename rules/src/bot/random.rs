//! The `random` level: any offered action, uniformly (in Magnet, each
//! offered turn either with no promotion or with every one it allows).

use super::fast::Fast;

/// One of `candidates` (not empty), uniformly.
pub(super) fn choose(candidates: &[String], rng: &mut Fast) -> String {
    candidates[rng.below(candidates.len())].clone()
}
