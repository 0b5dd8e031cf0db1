//! Why a request was refused, a leaf every part of a room may name.

use lodestone_protocol::Code;

/// Why a request was refused: a stable code and a sentence. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
}

impl Refusal {
    pub fn new(code: impl Into<Code>, message: impl Into<String>) -> Refusal {
        Refusal {
            code: code.into(),
            message: message.into(),
        }
    }
}
