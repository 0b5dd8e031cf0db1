//! Magma's options: players, the solo colour, the board, the timer and the
//! first seat; their specs and their text form.

use super::board::{BoardKind, Color};
use super::clock::Timer;
use crate::game::{GameOptions, OptionError, OptionSpec, OptionValues};
use crate::seat::Seat;

/// The options of Magma. Text options are checked by
/// [`Game::options_from`]; typed ones out of range are brought into range
/// (players to 2..=6, a `first` seat the game lacks to seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// 2 to 6.
    pub players: u8,
    /// The solo colour of the five-player game.
    pub solo: Color,
    pub board: BoardKind,
    pub timer: Timer,
    /// The seat that takes the first turn (at its first slot).
    pub first: Seat,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            solo: Color::Yellow,
            board: BoardKind::Zigzag,
            timer: Timer::None,
            first: Seat(0),
        }
    }
}

impl Options {
    /// The options with every field in range.
    pub(super) fn in_range(self) -> Options {
        let players = self.players.clamp(2, 6);
        Options {
            players,
            first: if self.first.0 < players {
                self.first
            } else {
                Seat(0)
            },
            ..self
        }
    }
}

const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "players",
        values: &["2", "3", "4", "5", "6"],
        help: "the number of players; 4 and 6 play in colour teams, 5 has one solo player",
    },
    OptionSpec {
        key: "solo",
        values: &["yellow", "red", "blue"],
        help: "the colour of the five-player game's solo player (only with players=5)",
    },
    OptionSpec {
        key: "board",
        values: &["zigzag", "radius5"],
        help: "zigzag: 91 cells with pointed two-neighbour corners; radius5: the plain hex-hex board",
    },
    OptionSpec {
        key: "timer",
        values: &["none", "hot", "white-hot"],
        help: "hot: 30 seconds a turn; white-hot: one passed-on sand timer (15 s first, then 30 − what was left)",
    },
    OptionSpec {
        key: "first",
        values: &["1", "2", "3", "4", "5", "6"],
        help: "the seat that takes the first turn",
    },
];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = OPTION_SPECS;

    fn from_values(values: &OptionValues) -> Result<Options, OptionError> {
        let players: u8 = values.get("players").parse().expect("spec values are numbers");
        let solo = match values.get("solo") {
            "red" => Color::Red,
            "blue" => Color::Blue,
            _ => Color::Yellow,
        };
        if players != 5 && values.is_given("solo") {
            return Err(OptionError::new(format!(
                "option solo={} needs players=5 (this game has {players})",
                solo.name()
            )));
        }
        let board = match values.get("board") {
            "radius5" => BoardKind::Radius5,
            _ => BoardKind::Zigzag,
        };
        let timer = match values.get("timer") {
            "hot" => Timer::Hot,
            "white-hot" => Timer::WhiteHot,
            _ => Timer::None,
        };
        let first: u8 = values.get("first").parse().expect("spec values are numbers");
        if first > players {
            return Err(OptionError::new(format!(
                "option first={first} is out of range for players={players} (allowed: 1 to {players})"
            )));
        }
        Ok(Options {
            players,
            solo,
            board,
            timer,
            first: Seat(first - 1),
        })
    }

    /// Every option in spec order, except `solo` outside the five-player
    /// game (where giving it is an error).
    /// Every option in spec order, except `solo` outside the five-player
    /// game (where giving it is an error).
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("players", self.players.to_string())];
        if self.players == 5 {
            pairs.push(("solo", self.solo.name().into()));
        }
        pairs.push(("board", self.board.name().into()));
        pairs.push(("timer", self.timer.name().into()));
        pairs.push(("first", (self.first.0 + 1).to_string()));
        pairs
    }
}
