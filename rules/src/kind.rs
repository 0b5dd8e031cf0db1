//! [`GameKind`]: which of the four games, by the name records, the command
//! line and the wire use.

use std::str::FromStr;

use crate::error::NotationError;

/// The four games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Magnet,
    Magma,
    Magnetism,
    Magneton,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Magnet,
        GameKind::Magma,
        GameKind::Magnetism,
        GameKind::Magneton,
    ];

    /// The name used in records (`[Game "magneton"]`), on the command line
    /// and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Magnet => "magnet",
            GameKind::Magma => "magma",
            GameKind::Magnetism => "magnetism",
            GameKind::Magneton => "magneton",
        }
    }
}

crate::error::display_as!(GameKind, name);

impl FromStr for GameKind {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<GameKind, NotationError> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                NotationError::new(format!(
                    "unknown game {:?} (one of magnet, magma, magnetism, magneton)",
                    text.trim()
                ))
            })
    }
}
