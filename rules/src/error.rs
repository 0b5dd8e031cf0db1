//! The errors of the rules: an action refused ([`RuleError`] with its
//! stable [`ErrorCode`]), text that is not an action or position
//! ([`NotationError`]), and a bad option ([`OptionError`]).

use std::fmt;

/// The stable, machine-readable part of a [`RuleError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// The game has ended; nothing more can be played.
    GameOver,
    /// The seat may not act now.
    NotYourTurn,
    /// The kind of action does not belong to the current phase (a drop
    /// after all stones are down, a move before).
    WrongPhase,
    /// The action is of the right kind but the rules forbid it here.
    IllegalAction,
    /// The action belongs to another game, or this game has no such thing
    /// at all (a draw by agreement in Magma, which has its own vote to
    /// end).
    WrongGame,
}

impl ErrorCode {
    /// The code as it appears on the wire and in logs; never changes.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::GameOver => "game-over",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::WrongPhase => "wrong-phase",
            ErrorCode::IllegalAction => "illegal-action",
            ErrorCode::WrongGame => "wrong-game",
        }
    }
}

/// Why the rules refused an action: a stable code and a sentence for people.
/// The state the action was applied to is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub code: ErrorCode,
    pub message: String,
}

impl RuleError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> RuleError {
        RuleError {
            code,
            message: message.into(),
        }
    }

    pub fn illegal(message: impl Into<String>) -> RuleError {
        RuleError::new(ErrorCode::IllegalAction, message)
    }

    pub fn game_over() -> RuleError {
        RuleError::new(ErrorCode::GameOver, "the game is over")
    }
}

/// Text that is not an action, position or option of the game at all
/// (as opposed to a well-formed action the rules refuse: [`RuleError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub message: String,
}

impl NotationError {
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError {
            message: message.into(),
        }
    }

    /// Stable code for the wire.
    pub const CODE: &'static str = "bad-notation";

    /// `text` without surrounding spaces, ready to be read as an action;
    /// an error if nothing is left.
    pub fn action_text(text: &str) -> Result<&str, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::new("empty action"));
        }
        Ok(text)
    }
}

/// A bad option: unknown key, value out of range, or a combination the game
/// does not allow. The message names the option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub message: String,
}

impl OptionError {
    pub fn new(message: impl Into<String>) -> OptionError {
        OptionError {
            message: message.into(),
        }
    }

    /// Stable code for the wire.
    pub const CODE: &'static str = "bad-option";
}

/// `Display` (the message, as it is) and `Error` for errors that carry a
/// sentence in `message`.
macro_rules! message_errors {
    ($($error:ident),*) => {$(
        impl fmt::Display for $error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.message)
            }
        }

        impl std::error::Error for $error {}
    )*};
}

message_errors!(RuleError, NotationError, OptionError);

/// `Display` for a type written as the `&'static str` its method `$text`
/// gives (a name or a code).
macro_rules! display_as {
    ($type:ty, $text:ident) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$text())
            }
        }
    };
}

pub(crate) use display_as;

display_as!(ErrorCode, as_str);

/// For the games' notation tests: each `(text, words)` of `cases` is
/// refused by `read` with a message that contains `words`.
#[cfg(test)]
pub(crate) fn explains<T: fmt::Debug>(
    read: impl Fn(&str) -> Result<T, NotationError>,
    cases: &[(&str, &str)],
) {
    for (text, words) in cases {
        let message = read(text).unwrap_err().message;
        assert!(message.contains(words), "{text:?}: {message}");
    }
}
