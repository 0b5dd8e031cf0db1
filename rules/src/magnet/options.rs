//! Magnet's options: who arranges the pieces, and what the opponent learns
//! of a piece a trap destroys.

use crate::game::{GameOptions, OptionError, OptionSpec, OptionValues};

/// Who arranges the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetupRule {
    /// Each side chooses its arrangement in secret.
    #[default]
    Chosen,
    /// Chance deals both ([`Game::chance_actions`]).
    Random,
}

/// What the opponent learns of a piece a trap destroys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TrapVictims {
    /// Nothing: only captured pieces are revealed.
    #[default]
    Hidden,
    /// Its kind, like a captured piece's.
    Revealed,
}

/// The options of Magnet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub setup: SetupRule,
    pub trap_victims: TrapVictims,
}

const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "setup",
        values: &["chosen", "random"],
        help: "chosen: each side arranges its pieces in secret; random: they are dealt at random",
    },
    OptionSpec {
        key: "trap-victims",
        values: &["hidden", "revealed"],
        help: "whether the kind of a piece destroyed by a trap stays secret or is shown like a captured one",
    },
];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = OPTION_SPECS;

    fn from_values(values: &OptionValues) -> Result<Options, OptionError> {
        Ok(Options {
            setup: match values.get("setup") {
                "random" => SetupRule::Random,
                _ => SetupRule::Chosen,
            },
            trap_victims: match values.get("trap-victims") {
                "revealed" => TrapVictims::Revealed,
                _ => TrapVictims::Hidden,
            },
        })
    }

    fn pairs(&self) -> Vec<(&'static str, String)> {
        let setup = match self.setup {
            SetupRule::Chosen => "chosen",
            SetupRule::Random => "random",
        };
        let victims = match self.trap_victims {
            TrapVictims::Hidden => "hidden",
            TrapVictims::Revealed => "revealed",
        };
        vec![("setup", setup.into()), ("trap-victims", victims.into())]
    }
}
