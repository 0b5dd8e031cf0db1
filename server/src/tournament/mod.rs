//! Tournaments: round robin, Swiss, arena and Magma events. `pairing` is
//! pure (pairings, points and standings, no I/O).

// The director that uses the pairings lands next; until then they are
// used by their tests only.
#[allow(dead_code)]
pub mod pairing;
