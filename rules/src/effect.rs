//! What an action did. A game records its own [`Game::Event`]s while it
//! plays an action (only when asked: [`Events`] is `()` otherwise, and
//! costs nothing); [`Game::effects`] tells them to one viewer as
//! [`Effect`]s, the same vocabulary for every game, in which a piece's
//! kind appears only where that viewer may know it.
//!
//! [`Game::Event`]: crate::Game::Event
//! [`Game::effects`]: crate::Game::effects

/// Where a game records the events of the action it plays: `()` keeps
/// nothing (and the game builds nothing), a `Vec` keeps them all.
pub trait Events<E> {
    /// Whether events are kept, so that a game may skip work that only
    /// serves them.
    const ON: bool;
    /// Records the event `make` builds; `make` is called only when events
    /// are kept.
    fn record(&mut self, make: impl FnOnce() -> E);
}

impl<E> Events<E> for () {
    const ON: bool = false;

    #[inline]
    fn record(&mut self, _make: impl FnOnce() -> E) {}
}

impl<E> Events<E> for Vec<E> {
    const ON: bool = true;

    fn record(&mut self, make: impl FnOnce() -> E) {
        self.push(make());
    }
}

/// How a viewer may know a piece: whose it is (`side`: `white`, `red`, a
/// Magma colour) and what it is (`kind`: a Magnet kind `K` `2` `T2` `3`
/// `T3` `4`, or `magnet`), each only where known.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    pub side: Option<String>,
    pub kind: Option<String>,
}

impl PieceInfo {
    /// A piece of `side` whose kind is not told.
    pub fn of(side: &str) -> PieceInfo {
        PieceInfo {
            side: Some(side.to_string()),
            kind: None,
        }
    }

    /// A piece of `side` of kind `kind`.
    pub fn kind(side: &str, kind: &str) -> PieceInfo {
        PieceInfo {
            side: Some(side.to_string()),
            kind: Some(kind.to_string()),
        }
    }
}

/// One thing an action did, as one viewer may know it. Cells are named by
/// their labels in the game's notation, exactly as the board JSON names
/// them; a path lists every cell the piece stood on, from its start to its
/// end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A piece came onto the board at `at` from outside it: a Magneton
    /// stone dropped, a magnet put down (Magnetism's opening, a Magnet
    /// turn's magnet).
    Place { at: String, piece: PieceInfo },
    /// A piece moved from `from` to `to` along `path`, by its player's
    /// choice (a Magneton or Magma move, a magnet moved, a Magnet piece
    /// drawn to the magnet).
    Move {
        from: String,
        to: String,
        path: Vec<String>,
        piece: PieceInfo,
    },
    /// A piece entered the board through its home (Magma), along `path`
    /// (the home first, then every cell it landed on).
    Enter {
        to: String,
        path: Vec<String>,
        piece: PieceInfo,
    },
    /// A piece pushed away from the piece or magnet that acted on it.
    Push {
        from: String,
        to: String,
        piece: PieceInfo,
    },
    /// A piece pulled toward the piece or magnet that acted on it.
    Pull {
        from: String,
        to: String,
        piece: PieceInfo,
    },
    /// The piece on `at` was captured (Magnet: it is now revealed).
    Capture { at: String, piece: PieceInfo },
    /// The moving piece, on `at`, was destroyed by the trap it captured.
    Trapped { at: String, piece: PieceInfo },
    /// The piece on `at` gained a rank: it is now `rank`.
    Promote { at: String, rank: u8 },
    /// The piece on `at` was taken off the board (Magma's penalty).
    Remove { at: String, piece: PieceInfo },
    /// The line that won the game.
    Line { cells: Vec<String>, side: String },
    /// The vacant cells `side` claimed at the end (Magma's territory).
    Claim { cells: Vec<String>, side: String },
}
