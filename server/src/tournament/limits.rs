//! The tournaments' limits and timings (a leaf: `config.rs` holds one).

/// Limits checked before anything is stored, and how often the director
/// looks at its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLimits {
    /// Unfinished tournaments one organizer may have.
    pub per_organizer: usize,
    /// Players in one tournament.
    pub players: u32,
    /// Rounds of a Swiss or Magma event.
    pub rounds: u32,
    /// The shortest arena, in seconds (tests shorten it).
    pub min_arena_seconds: u64,
    /// The longest arena, in seconds.
    pub max_arena_seconds: u64,
    /// How often a director looks for ended games, no-shows and due
    /// rounds, in milliseconds.
    pub tick_ms: u64,
    /// Two arena players who just met may meet again after both waited
    /// this long alone, in milliseconds.
    pub arena_repeat_after_ms: u64,
}

impl Default for TournamentLimits {
    fn default() -> TournamentLimits {
        TournamentLimits {
            per_organizer: 3,
            players: 256,
            rounds: 30,
            min_arena_seconds: 5 * 60,
            max_arena_seconds: 24 * 3600,
            tick_ms: 1000,
            arena_repeat_after_ms: 10_000,
        }
    }
}
